#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TokenColor

/// Removing a file a previous build wrote and this one no longer produces, when the manifest (committed, and so
/// anyone's to edit) says so: only a regular file, reached inside the output folder without following a link,
/// whose size and content hash are still those the manifest recorded. Folders are never removed with what is in
/// them; those the removal leaves empty go, up to the output folder.
enum StaleFileRemoval {
    /// Removes `entry`'s file from `folder` (with `removing` false, only checks that it would); nil when it did,
    /// else why it left it.
    static func remove(_ entry: OutputWriter.ManifestEntry, in folder: String, removing: Bool = true) -> String? {
        guard OutputWriter.isSafe(entry.path) else { return "the manifest's path is not one tokenc writes" }
        guard let size = entry.size, let hash = entry.hash else {
            return "the manifest records no size and hash for it (written by an older tokenc); remove it by hand if it is stale"
        }
        let parts = entry.path.split(separator: "/").map(String.init)
        var directories: [Int32] = []
        defer { for descriptor in directories { close(descriptor) } }
        let root = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY)
        guard root >= 0 else { return "the output folder cannot be opened" }
        directories.append(root)
        // Each folder on the way is opened without following a link: a folder replaced by a link to elsewhere
        // fails here instead of leading the removal out of the output folder.
        for part in parts.dropLast() {
            let next = openat(directories.last!, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
            guard next >= 0 else {
                return errno == ELOOP || errno == ENOTDIR ? "`\(part)` on its way is a link or not a folder" : "its folder cannot be opened"
            }
            directories.append(next)
        }
        let name = parts.last!
        let descriptor = openat(directories.last!, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return errno == ELOOP ? "it is a link" : "it cannot be opened" }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return "it is not a regular file" }
        guard Int(info.st_size) == size, contentHash(of: descriptor) == hash else {
            return "its bytes are not the ones tokenc wrote (it was edited, or the manifest was)"
        }
        guard removing else { return nil }
        guard unlinkat(directories.last!, name, 0) == 0 else { return String(cString: strerror(errno)) }
        // The folders the removal emptied (a color set's) go too, deepest first; a folder with anything left in it stays.
        for depth in stride(from: parts.count - 2, through: 0, by: -1) {
            guard unlinkat(directories[depth], parts[depth], AT_REMOVEDIR) == 0 else { break }
        }
        return nil
    }

    /// The content hash of what `descriptor` reads from its start; nil when reading fails.
    static func contentHash(of descriptor: Int32) -> String? {
        var hash = ContentHash()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return hash.hex }
            buffer.withUnsafeBytes { hash.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
    }
}
