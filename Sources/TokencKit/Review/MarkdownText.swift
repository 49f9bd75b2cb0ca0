import TokenModel

/// Text from token files written into a Markdown pull-request comment so that it renders as exactly that text:
/// no HTML, no table cell it was not given, no `@mention`, no `#123` link to an issue, no link. Names and values
/// go in code spans, where GitHub links and renders nothing; other text is escaped.
enum MarkdownText {
    /// A code span holding `text` as it is: a delimiter longer than any run of backticks inside, control characters
    /// and line breaks written as `\u{…}` (a line break would end the table row), and in a table `|` as `\|`,
    /// which GitHub's tables read back as `|` inside a code span.
    static func code(_ text: String, inTable: Bool = true) -> String {
        var body = text.escapingControls
        if inTable { body = body.replacing("|", with: "\\|") }
        var longest = 0, run = 0
        for character in body.unicodeScalars {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        // A span that starts or ends with a backtick or a space needs a space inside each fence (one is stripped).
        let padded = body.first == "`" || body.last == "`" || body.first == " " || body.last == " " || body.isEmpty ? " \(body) " : body
        return fence + padded + fence
    }

    /// A message with tokenc's `name` spans: each span between backticks a code span and the rest `prose`, when the
    /// backticks pair up; otherwise all of it `prose`. Either way every part is escaped: a name holding a backtick
    /// can only shift which parts look like code.
    static func message(_ text: String, inTable: Bool = true) -> String {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count % 2 == 1 else { return prose(text) }
        return parts.enumerated().map { $0.offset % 2 == 1 ? code(String($0.element), inTable: inTable) : prose(String($0.element)) }.joined()
    }

    /// `text` as plain Markdown text: each character that could start Markdown or HTML syntax backslash-escaped
    /// (CommonMark reads each back as itself), control characters written as `\u{…}`, and a zero-width space after each `@` and `#` and inside
    /// `://` and `www.`, so GitHub finds no mention, issue reference or address to link.
    static func prose(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        let scalars = Array(text.escapingControls.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if isEscapable(scalar) {
                out.unicodeScalars.append("\\")
            }
            out.unicodeScalars.append(scalar)
            let next = index + 1 < scalars.count ? scalars[index + 1] : " "
            let breaksLink = (scalar == "@" || scalar == "#") && next != " "
                || scalar == ":" && next == "/"
                || scalar == "w" && next == "." && index >= 2 && scalars[index - 1] == "w" && scalars[index - 2] == "w"
            if breaksLink { out.unicodeScalars.append("\u{200B}") }
        }
        return out
    }

    /// Whether `scalar` could start syntax inside a line of a table cell: emphasis, code, links and images, HTML and
    /// entities, a cell's end, strikethrough, a heading, math; the escape itself.
    static func isEscapable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && "\\`*_[]<>|!&~#$".unicodeScalars.contains(scalar)
    }
}
