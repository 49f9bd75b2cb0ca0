/// Path arithmetic on strings, with the results `NSString`'s path methods give, at a fraction of their cost:
/// an asset catalog joins and splits a thousand paths a build, and Foundation's versions (a character-by-
/// character slash fix-up through `NSString`) were a quarter of a 1,000-color catalog build's instructions.
enum PathText {
    private static let slash = UInt8(ascii: "/")

    /// `path` with runs of slashes made one and a trailing slash dropped (except a lone `/`).
    static func normalized(_ path: String) -> String {
        var path = path
        // Every path an output writes goes through here twice; walking the contiguous bytes costs a tenth
        // of walking the `utf8` view.
        let clean = path.withUTF8 { buffer in
            var previous: UInt8 = 0
            for byte in buffer {
                if byte == slash, previous == slash { return false }
                previous = byte
            }
            return buffer.count <= 1 || buffer.last != slash
        }
        if clean { return path }
        return path.withUTF8 { buffer in
            var previous: UInt8 = 0
            var result: [UInt8] = []
            result.reserveCapacity(buffer.count)
            for byte in buffer where !(byte == slash && previous == slash) {
                result.append(byte)
                previous = byte
            }
            if result.count > 1, result.last == slash { result.removeLast() }
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// `path` without `.` segments and repeated slashes, as a person would write it (`./a/./b/` is `a/b`, `.` is
    /// empty: the working folder). `..` stays: what it undoes depends on links.
    static func lexical(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        let joined = segments.joined(separator: "/")
        return absolute ? "/" + joined : joined
    }

    /// `component` appended to `folder` with one slash between them (`appendingPathComponent`).
    static func joined(_ folder: String, _ component: String) -> String {
        if component.isEmpty { return folder }
        if folder.isEmpty { return component }
        return folder.utf8.last == slash ? folder + component : folder + "/" + component
    }

    /// The folder holding `path`: `""` for a bare name, `/` for a name at the root (`deletingLastPathComponent`).
    static func parent(_ path: String) -> String { parentAndLastComponent(path).parent }

    /// The last part of `path` (`lastPathComponent`).
    static func lastComponent(_ path: String) -> String { parentAndLastComponent(path).last }

    /// `parent(path)` and `lastComponent(path)` at once, the path read once (a staged output needs both).
    static func parentAndLastComponent(_ path: String) -> (parent: String, last: String) {
        let fixed = normalized(path)
        if fixed.utf8.count <= 1 { return (fixed == "/" ? "/" : "", fixed) }
        var bytes = fixed
        return bytes.withUTF8 { buffer in
            guard let slashIndex = buffer.lastIndex(of: slash) else { return ("", fixed) }
            let last = String(decoding: UnsafeBufferPointer(rebasing: buffer[(slashIndex + 1)...]), as: UTF8.self)
            if slashIndex == 0 { return ("/", last) }
            return (String(decoding: UnsafeBufferPointer(rebasing: buffer[..<slashIndex]), as: UTF8.self), last)
        }
    }

    /// The part of `path`'s last name after its last dot: `""` when there is none, or when the only dot
    /// starts the name (`.bashrc`) (`pathExtension`).
    static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.utf8.startIndex else { return "" }
        return String(name[name.utf8.index(after: dot)...])
    }
}
