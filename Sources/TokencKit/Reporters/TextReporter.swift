import TokenModel

/// Prints diagnostics like a compiler: `file:line:col: error: message [id]`, the source line, a caret, the fix.
public struct TextReporter: Reporter {
    /// Whether to use ANSI colors (only on a terminal, never with `NO_COLOR`).
    public var colored: Bool
    /// The longest source line shown; longer lines are cut around the caret.
    static let maxShownLine = 160

    /// Creates a text reporter.
    public init(colored: Bool) { self.colored = colored }

    public func report(_ diagnostics: [Diagnostic], sources: [String: [UInt8]]) -> String {
        // Appended piece by piece: a 100,000-token build can report thousands of findings.
        var out = ""
        var lines = SourceLines(sources: sources)
        for diagnostic in diagnostics {
            let label = diagnostic.severity == .info ? "note" : diagnostic.severity.rawValue
            if let location = diagnostic.location { out += paint(bold: true, "\(location): ") }
            out += paint(label, color: color(for: diagnostic.severity))
            out += paint(bold: true, ": " + diagnostic.message)
            out += " ["
            out += diagnostic.id
            out += "]\n"
            if let location = diagnostic.location, let excerpt = lines.excerpt(location) {
                out += excerpt.line
                out += "\n"
                out += paint(excerpt.caret, color: "32")
                out += "\n"
            }
            if let fix = diagnostic.fix {
                out += "  fix: "
                out += fix
                out += "\n"
            }
            for related in diagnostic.related {
                out += paint(bold: true, "\(related.location): ")
                out += paint("note", color: "36")
                out += ": "
                out += related.message
                out += "\n"
            }
        }
        return out
    }

    private func color(for severity: Severity) -> String {
        switch severity {
        case .error: "31"
        case .warning: "33"
        case .info: "36"
        }
    }

    private func paint(_ text: String, color: String) -> String {
        colored ? "\u{1B}[1;\(color)m\(text)\u{1B}[0m" : text
    }

    private func paint(bold: Bool, _ text: String) -> String {
        colored && bold ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }
}

/// Finds source lines for excerpts, indexing each file's lines once.
struct SourceLines {
    let sources: [String: [UInt8]]
    private var indexes: [String: LineIndex] = [:]

    init(sources: [String: [UInt8]]) { self.sources = sources }

    /// The line with control characters made visible, and a caret under the column; long lines are cut around it.
    mutating func excerpt(_ location: SourceLocation) -> (line: String, caret: String)? {
        guard let bytes = sources[location.file] else { return nil }
        if indexes[location.file] == nil { indexes[location.file] = LineIndex(bytes) }
        guard let range = indexes[location.file]!.byteRange(ofLine: location.line - 1, in: bytes) else { return nil }
        let column = max(0, location.column - 1)
        let half = TextReporter.maxShownLine / 2
        let firstShown = max(0, column - half)
        let from = UTF8Columns.offset(ofScalar: firstShown, in: bytes, range)
        let to = UTF8Columns.offset(ofScalar: TextReporter.maxShownLine, in: bytes, from..<range.upperBound)
        var line = firstShown > 0 ? "…" : ""
        var caret = firstShown > 0 ? " " : ""
        let shown = bytes[from..<to]
        if !shown.contains(where: { $0 >= 0x80 || ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
            // Printable ASCII (and tabs), the usual case: each byte is one character, copied as it is.
            line += String(decoding: shown, as: UTF8.self)
            caret += String(decoding: shown.prefix(max(0, column - firstShown)).map { $0 == 0x09 ? 0x09 : 0x20 }, as: UTF8.self)
            if to < range.upperBound { line += "…" }
            return ("    " + line, "    " + caret + "^")
        }
        let scalars = Array(String(decoding: shown, as: UTF8.self).unicodeScalars)
        for (i, scalar) in scalars.enumerated() {
            let isControl = (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
            line.unicodeScalars.append(isControl ? "\u{FFFD}" : scalar)
            if firstShown + i < column { caret += scalar == "\t" ? "\t" : " " }
        }
        if to < range.upperBound { line += "…" }
        return ("    " + line, "    " + caret + "^")
    }
}
