/// Text as a JSON string literal, for every writer that makes JSON or JavaScript as text: `tokenc migrate`'s
/// edits, the TypeScript output. (The JSON output writes bytes through its own writer, with the same escapes.)
public enum JSONText {
    /// `text` in double quotes with JSON's escapes: `\"`, `\\`, `\n`, `\r`, `\t`, and `\u00XX` for the other
    /// control characters. U+2028 and U+2029 are written `\u2028` and `\u2029` too, so the literal is also
    /// JavaScript before ES2019, where a line separator ended a string.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0}"..."\u{1F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
