#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folders tokenc reads from: the project (the working folder, where tokenc.yml is read) and the folders
/// named on the command line. A path is inside by its real path, links followed, so a link in the project cannot
/// lead a build to read `/etc` or another checkout's secrets into its outputs.
enum ProjectBoundary {
    /// `path`'s real path (absolute, links followed, `.` and `..` applied); nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path.isEmpty ? "." : path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The real path of `path`, which may not exist yet: its nearest existing ancestor's real path, followed by the
    /// rest of it as written (an output folder that a build will make).
    static func realPathOfPlace(_ path: String) -> String {
        if let real = realPath(path) { return real }
        let (parent, last) = PathText.parentAndLastComponent(path)
        let base = parent == path ? "." : parent
        let prefix = realPathOfPlace(base.isEmpty ? "." : base)
        return prefix == "/" ? "/" + last : prefix + "/" + last
    }

    /// Whether `inner` is `outer` or inside it, both real paths.
    static func isInside(_ inner: String, _ outer: String) -> Bool {
        inner == outer || inner.hasPrefix(outer == "/" ? "/" : outer + "/")
    }

    /// Whether `path`, if it exists, has a real path inside one of `roots`' real paths; a missing file is for the
    /// reader to report.
    static func realPathStaysInside(_ path: String, roots: [String]) -> Bool {
        guard let real = realPath(path) else { return true }
        return roots.contains { root in realPath(root).map { isInside(real, $0) } ?? false }
    }
}
