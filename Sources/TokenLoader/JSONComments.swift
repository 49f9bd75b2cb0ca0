/// Blanks the comments of a `.jsonc` or `.json5` file (`// …` to the end of the line, `/* … */`), outside
/// strings, so that libyaml reads the rest as the JSON it is (it takes trailing commas, unquoted keys and
/// single-quoted strings already). Each character of a comment becomes one space and every line break stays,
/// so every line and column after it is where the file has it.
enum JSONComments {
    /// The bytes with their comments blanked, or nil when there are none.
    static func blank(_ bytes: [UInt8]) -> [UInt8]? {
        var output = bytes
        var changed = false
        var i = 0
        let n = bytes.count
        var quote: UInt8? = nil
        // Writes one space for the character at `i` (a UTF-8 sequence becomes one byte: one character, one
        // column), or keeps a line break; returns the next index.
        func blankCharacter(_ i: Int) -> Int {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                output.append(byte)
                return i + 1
            }
            output.append(UInt8(ascii: " "))
            var next = i + 1
            while next < n, bytes[next] & 0xC0 == 0x80 { next += 1 }
            return next
        }
        output.removeAll(keepingCapacity: true)
        while i < n {
            let byte = bytes[i]
            if let open = quote {
                output.append(byte)
                if byte == UInt8(ascii: "\\"), i + 1 < n {
                    output.append(bytes[i + 1])
                    i += 2
                    continue
                }
                if byte == open { quote = nil }
                i += 1
                continue
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
                output.append(byte)
                i += 1
                continue
            }
            if byte == UInt8(ascii: "/"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "/") {
                changed = true
                while i < n, bytes[i] != UInt8(ascii: "\n"), bytes[i] != UInt8(ascii: "\r") { i = blankCharacter(i) }
                continue
            }
            if byte == UInt8(ascii: "/"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "*") {
                changed = true
                output.append(UInt8(ascii: " "))
                output.append(UInt8(ascii: " "))
                i += 2
                while i < n, !(bytes[i] == UInt8(ascii: "*") && i + 1 < n && bytes[i + 1] == UInt8(ascii: "/")) { i = blankCharacter(i) }
                if i < n {
                    output.append(UInt8(ascii: " "))
                    output.append(UInt8(ascii: " "))
                    i += 2
                }
                continue
            }
            output.append(byte)
            i += 1
        }
        return changed ? output : nil
    }
}
