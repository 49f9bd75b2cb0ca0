/// Path arithmetic on strings, with the results `NSString`'s path methods give, at a fraction of their cost:
/// an asset catalog joins and splits a thousand paths a build, and Foundation's versions (a character-by-
/// character slash fix-up through `NSString`) were a quarter of a 1,000-color catalog build's instructions.
enum PathText {
    private static let slash = UInt8(ascii: "/")

    /// `path` with runs of slashes made one and a trailing slash dropped (except a lone `/`).
    static func normalized(_ path: String) -> String {
        let bytes = path.utf8
        let clean = bytes.withContiguousStorageIfAvailable { buffer in
            var previous: UInt8 = 0
            for byte in buffer {
                if byte == slash, previous == slash { return false }
                previous = byte
            }
            return buffer.count <= 1 || buffer.last != slash
        }
        if clean == true { return path }
        var previous: UInt8 = 0
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for byte in bytes where !(byte == slash && previous == slash) {
            result.append(byte)
            previous = byte
        }
        if result.count > 1, result.last == slash { result.removeLast() }
        return String(decoding: result, as: UTF8.self)
    }

    /// `component` appended to `folder` with one slash between them (`appendingPathComponent`).
    static func joined(_ folder: String, _ component: String) -> String {
        if component.isEmpty { return folder }
        if folder.isEmpty { return component }
        return folder.utf8.last == slash ? folder + component : folder + "/" + component
    }

    /// The folder holding `path`: `""` for a bare name, `/` for a name at the root (`deletingLastPathComponent`).
    static func parent(_ path: String) -> String {
        let fixed = normalized(path)
        if fixed.isEmpty || fixed == "/" { return fixed }
        let bytes = fixed.utf8
        guard let last = bytes.lastIndex(of: slash) else { return "" }
        if last == bytes.startIndex { return "/" }
        return String(fixed[..<last])
    }

    /// The last part of `path` (`lastPathComponent`).
    static func lastComponent(_ path: String) -> String {
        let fixed = normalized(path)
        if fixed.utf8.count <= 1 { return fixed }
        let bytes = fixed.utf8
        guard let last = bytes.lastIndex(of: slash) else { return fixed }
        return String(fixed[bytes.index(after: last)...])
    }

    /// The part of `path`'s last name after its last dot: `""` when there is none, or when the only dot
    /// starts the name (`.bashrc`) (`pathExtension`).
    static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.utf8.startIndex else { return "" }
        return String(name[name.utf8.index(after: dot)...])
    }
}
