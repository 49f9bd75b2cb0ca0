import SourceData
import TokenModel
import TokenRules

extension LanguageServer {
    /// `textDocument/hover`: what `tokenc inspect` says of the token (its type, value per appearance, alias chain,
    /// contrast on its declared surfaces, description, deprecation, findings), as Markdown; null elsewhere.
    func hover(_ params: JSONValue) -> JSONValue {
        guard let (token, range) = target(params), let last else { return .null }
        let sink = CollectedText()
        // One inspector per check: it measures the declared contrast pairs when made.
        let made = inspector ?? Inspector(result: last.result, rules: last.rules)
        inspector = made
        try? made.write([token.path], json: false, to: sink)
        // Paths as the project names them.
        let report = String(decoding: sink.bytes, as: UTF8.self).trimmingWhitespace().replacing((root ?? "") + "/", with: "")
        // A fence longer than any run of backticks in the report (a description may hold some): the report stays
        // text, whatever it says.
        let fence = String(repeating: "`", count: max(3, Self.longestBacktickRun(in: report) + 1))
        var markdown = fence + "text\n" + report + "\n" + fence
        if hoverSwatches, token.type == .color { markdown += "\n\n" + Self.swatches(of: token) }
        return .object(["contents": .object(["kind": .string("markdown"), "value": .string(markdown)]), "range": range])
    }

    /// One swatch image per appearance of a color token, each an SVG square as a `data:` URI with the
    /// appearance and hex as its text, in one Markdown line.
    static func swatches(of token: ResolvedToken) -> String {
        token.values.compactMap { entry -> String? in
            guard let hex = token.colorValue(in: entry.mode)?.color(in: entry.mode).hex else { return nil }
            // `#` and the markup's own characters percent-encoded: the hex is the only variable part.
            let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='16' height='16'><rect width='16' height='16' rx='3' fill='\(hex)' stroke='gray'/></svg>"
            let encoded = svg.replacing("#", with: "%23").replacing("<", with: "%3C").replacing(">", with: "%3E").replacing(" ", with: "%20")
            let mode = markdownEscaped(entry.mode)
            return "![\(mode) \(hex)](data:image/svg+xml,\(encoded)) \(mode)"
        }.joined(separator: " ")
    }

    /// `text` with every ASCII punctuation character backslash-escaped: a mode's name stays text in Markdown.
    static func markdownEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            // CommonMark's escapable characters: ASCII punctuation.
            if scalar.isASCII, !scalar.properties.isAlphabetic, !("0"..."9").contains(scalar), scalar.value > 0x20, scalar.value < 0x7F { out += "\\" }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// The longest run of backticks in `text`.
    static func longestBacktickRun(in text: String) -> Int {
        var longest = 0, run = 0
        for scalar in text.unicodeScalars {
            run = scalar == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}
