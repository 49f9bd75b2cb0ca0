/// Text from token files (a folder's name) made safe to print inside a comment of generated code: it can neither
/// end the comment nor start a line of code.
public enum CommentText {
    /// For a line comment (`// …` in Swift): control characters and line separators are written as `\u{…}`.
    public static func line(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// For a block comment (`/* … */` in CSS): as `line`, and `*/` is written `*\/`, which does not end it.
    public static func block(_ text: String) -> String {
        let escaped = line(text)
        return escaped.contains("*/") ? escaped.replacing("*/", with: "*\\/") : escaped
    }

    /// Whether a scalar ends a line or is invisible control text: C0, DEL, C1, and the Unicode line and paragraph separators.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
