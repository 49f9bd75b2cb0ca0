#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading whole files into byte lists, with `open` and `read`: token files before a build, existing outputs
/// before they are compared.
enum FileBytes {
    /// A file's bytes, or nil when it cannot be read (most often: it does not exist yet). One `open` that
    /// fails is all a new file costs; an asset catalog writes a thousand small files.
    static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        guard size > 0 else { return [] }
        var complete = true
        // Read into uninitialized storage: zeroing it first cost as much as the read (50 MB at 100k tokens).
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var filled = 0
            while filled < size {
                let count = read(descriptor, buffer.baseAddress! + filled, size - filled)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                filled += count
            }
            // A file that changed size while being read is simply different.
            complete = filled == size
            initialized = filled
        }
        return complete ? bytes : nil
    }
}
