import TokenModel
import SourceData

/// Writes the YAML snippets in a finding's fix (`` `$extensions: { mode: { dark: "…" } }` ``) in JSON for a
/// finding in a `.json` token file, so the fix can be pasted where it points: keys and plain strings quoted,
/// numbers, `true`, `false` and `null` left bare.
enum FixSyntax {
    /// `diagnostics` with the fixes of those in JSON files rewritten; the others unchanged.
    static func forJSONFiles(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard diagnostics.contains(where: isInJSON) else { return diagnostics }
        return diagnostics.map { diagnostic in
            guard isInJSON(diagnostic), let fix = diagnostic.fix else { return diagnostic }
            var rewritten = diagnostic
            rewritten.fix = json(fix)
            return rewritten
        }
    }

    static func isInJSON(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.fix != nil && diagnostic.location.map { FileSyntax(path: $0.file).isJSON } == true
    }

    /// The fix with each code span that holds a key and value written in JSON; other spans (a name, an alias
    /// such as `{color.accent}`) and the prose around them unchanged.
    static func json(_ fix: String) -> String {
        let spans = fix.split(separator: "`", omittingEmptySubsequences: false)
        // An odd index is inside backticks, unless it is the last piece of an unclosed span.
        return spans.indices.map { index in
            let span = spans[index]
            guard index % 2 == 1, index < spans.count - 1, span.contains(": ") else { return String(span) }
            return flowToJSON(span) ?? String(span)
        }.joined(separator: "`")
    }

    /// One YAML flow snippet (`key: value`, a `{…}` mapping or a `[…]` list, nested, strings plain or in double
    /// quotes) as JSON; nil when a quoted string is left open.
    static func flowToJSON(_ snippet: Substring) -> String? {
        let characters = Array(snippet)
        var out = ""
        var plain = ""
        func flushPlain() {
            let text = plain.trimmingBlanks()
            guard !text.isEmpty else {
                out += plain
                plain = ""
                return
            }
            let quoted = text == "true" || text == "false" || text == "null" || Double(text) != nil
                ? text : "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
            // The blanks after the scalar stay where they were.
            out += quoted + plain.dropFirst(plain.prefix { $0 == " " }.count + text.count)
            plain = ""
        }
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\"" where plain.trimmingBlanks().isEmpty:
                out += plain
                plain = ""
                // A double-quoted string is JSON already: copied to its closing quote.
                var end = index + 1
                while end < characters.count && characters[end] != "\"" { end += characters[end] == "\\" ? 2 : 1 }
                guard end < characters.count else { return nil }
                out += String(characters[index...end])
                index = end
            case "{", "}", "[", "]", ",":
                flushPlain()
                out.append(character)
            case ":" where index + 1 == characters.count || characters[index + 1] == " ":
                flushPlain()
                out.append(character)
            case " " where plain.isEmpty:
                out.append(character)
            default:
                plain.append(character)
            }
            index += 1
        }
        flushPlain()
        return out
    }
}
