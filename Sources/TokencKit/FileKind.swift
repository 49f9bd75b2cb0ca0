#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path names: a folder, a regular file, a symbolic link (only when links are not followed) or
/// something else.
enum FileKind {
    case folder, file, link, other

    /// The kind of file at `path`, following symbolic links as `FileManager.fileExists(atPath:isDirectory:)`
    /// does, or nil when nothing is there.
    static func of(_ path: String) -> FileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return kind(info.st_mode)
    }

    /// The kind of the entry `path` itself, a symbolic link not followed (`lstat`: `attributesOfItem` also
    /// looks up the owner's and group's names, reading /etc/passwd and /etc/group once per file), or nil when
    /// nothing is there.
    static func ofEntry(_ path: String) -> FileKind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return kind(info.st_mode)
    }

    private static func kind(_ mode: mode_t) -> FileKind {
        switch mode & S_IFMT {
        case S_IFDIR: .folder
        case S_IFREG: .file
        case S_IFLNK: .link
        default: .other
        }
    }
}
