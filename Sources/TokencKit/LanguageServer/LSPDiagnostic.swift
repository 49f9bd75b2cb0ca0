import SourceData
import TokenModel
import TokenRules

/// A finding as the protocol's `Diagnostic`.
enum LSPDiagnostic {
    /// The finding's range: from its location to the end of the word, quoted string or key there, in UTF-16 columns.
    static func range(line: Int, column: Int, in lines: LineTexts) -> JSONValue {
        let text = lines[line] ?? ""
        let scalars = Array(text.unicodeScalars)
        let start = min(max(0, column - 1), scalars.count)
        var end = start
        if end < scalars.count, scalars[end] == "\"" || scalars[end] == "'" {
            let quote = scalars[end]
            end += 1
            while end < scalars.count, scalars[end] != quote { end += scalars[end] == "\\" && quote == "\"" ? 2 : 1 }
            end = min(end + 1, scalars.count)
        } else {
            let stops: Set<Unicode.Scalar> = [":", ",", "{", "}", "[", "]", " ", "\t"]
            while end < scalars.count, !stops.contains(scalars[end]) { end += 1 }
            if end == start { end = min(start + 1, scalars.count) }
        }
        return lines.range(line: line, from: start + 1, to: end + 1)
    }

    /// The finding as the protocol writes it, its rule explained at `rules` (the rules' reference) if given;
    /// `lines` gives a file's lines by absolute path.
    static func json(_ diagnostic: Diagnostic, root: String, rules: String?, lines: (String) -> LineTexts) -> JSONValue {
        let location = diagnostic.location!
        var members: [String: JSONValue] = [
            "range": range(line: location.line, column: location.column, in: lines(LanguageServer.absolute(location.file, in: root))),
            "severity": .integer(diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3),
            "code": .string(diagnostic.id),
            "source": .string("tokenc"),
            "message": .string(diagnostic.message + (diagnostic.fix.map { "\nfix: " + $0 } ?? "")),
        ]
        let related = diagnostic.related.map { note -> JSONValue in
            let path = LanguageServer.absolute(note.location.file, in: root)
            return .object(["location": .object(["uri": .string(DocumentURI.uri(of: path)),
                                                 "range": range(line: note.location.line, column: note.location.column, in: lines(path))]),
                            "message": .string(note.message)])
        }
        if !related.isEmpty { members["relatedInformation"] = .array(related) }
        // The reference's heading for the rule, as Markdown renderers make anchors (`alias/unresolved` → `aliasunresolved`).
        if let rules { members["codeDescription"] = .object(["href": .string(rules + "#" + diagnostic.id.filter { $0 != "/" })]) }
        return .object(members)
    }
}
