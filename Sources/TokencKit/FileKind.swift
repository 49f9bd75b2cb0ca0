#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path names, following symbolic links as `FileManager.fileExists(atPath:isDirectory:)` does.
enum FileKind {
    case folder, other

    /// The kind of file at `path`, or nil when nothing is there.
    static func of(_ path: String) -> FileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT == S_IFDIR ? .folder : .other
    }
}
