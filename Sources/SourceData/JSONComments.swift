/// Blanks the comments of a `.jsonc` or `.json5` file (`// …` to the end of the line, `/* … */`), outside
/// strings, so that libyaml reads the rest as the JSON it is (it takes trailing commas, unquoted keys and
/// single-quoted strings already). Each character of a comment becomes one space and every line break stays,
/// so every line and column after it is where the file has it.
public enum JSONComments {
    /// In `masked` bytes, the bytes of a comment character past its first, which a reader skips: the byte
    /// 0xFF is never part of UTF-8, and a file's own 0xFF outside a comment is kept as it is.
    public static let hiddenByte: UInt8 = 0xFF

    /// The bytes with their comments blanked, or nil when there are none: one space per comment character,
    /// so the parser's columns count characters as the file's do.
    public static func blank(_ bytes: [UInt8]) -> [UInt8]? {
        guard let masked = mask(bytes) else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(masked.count)
        for (byte, original) in zip(masked, bytes) where byte != hiddenByte || original == hiddenByte {
            output.append(byte)
        }
        return output
    }

    /// The bytes with their comments blanked byte for byte, or nil when there are none: each comment
    /// character's first byte becomes a space and the rest `hiddenByte`, so every offset stays where the file
    /// has it (an edit to the file's bytes is measured on these).
    public static func mask(_ bytes: [UInt8]) -> [UInt8]? {
        var output = bytes
        var changed = false
        var i = 0
        let n = bytes.count
        var quote: UInt8? = nil
        // Blanks the character at `i` (a line break stays); returns the next index.
        func blankCharacter(_ i: Int) -> Int {
            if bytes[i] == UInt8(ascii: "\n") || bytes[i] == UInt8(ascii: "\r") { return i + 1 }
            output[i] = UInt8(ascii: " ")
            var next = i + 1
            while next < n, bytes[next] & 0xC0 == 0x80 {
                output[next] = hiddenByte
                next += 1
            }
            return next
        }
        while i < n {
            let byte = bytes[i]
            if let open = quote {
                if byte == UInt8(ascii: "\\"), i + 1 < n {
                    i += 2
                    continue
                }
                if byte == open { quote = nil }
                i += 1
                continue
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
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
                output[i] = UInt8(ascii: " ")
                output[i + 1] = UInt8(ascii: " ")
                i += 2
                while i < n, !(bytes[i] == UInt8(ascii: "*") && i + 1 < n && bytes[i + 1] == UInt8(ascii: "/")) { i = blankCharacter(i) }
                if i < n {
                    output[i] = UInt8(ascii: " ")
                    output[i + 1] = UInt8(ascii: " ")
                    i += 2
                }
                continue
            }
            i += 1
        }
        return changed ? output : nil
    }
}
