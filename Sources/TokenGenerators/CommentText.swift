import TokenModel

/// Text from token files (a folder's name) made safe to print inside a comment of generated code: it can neither
/// end the comment nor start a line of code.
public enum CommentText {
    /// For a line comment (`// …` in Swift): control characters and line separators are written as `\u{…}`.
    public static func line(_ text: String) -> String { text.escapingControls }

    /// For a block comment (`/* … */` in CSS): as `line`, and `*/` is written `*\/`, which does not end it.
    public static func block(_ text: String) -> String {
        let escaped = text.escapingControls
        return escaped.contains("*/") ? escaped.replacing("*/", with: "*\\/") : escaped
    }
}
