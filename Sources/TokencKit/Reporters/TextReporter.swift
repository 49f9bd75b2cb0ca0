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
        var out = ""
        var lines = SourceLines(sources: sources)
        for diagnostic in diagnostics {
            let label = diagnostic.severity == .info ? "note" : diagnostic.severity.rawValue
            let where_ = diagnostic.location.map { "\($0): " } ?? ""
            out += paint(bold: true, where_) + paint(label, color: color(for: diagnostic.severity)) + paint(bold: true, ": \(diagnostic.message)")
                + " [\(diagnostic.id)]\n"
            if let location = diagnostic.location, let excerpt = lines.excerpt(location) {
                out += excerpt.line + "\n" + paint(excerpt.caret, color: "32") + "\n"
            }
            if let fix = diagnostic.fix { out += "  fix: \(fix)\n" }
            for related in diagnostic.related {
                out += paint(bold: true, "\(related.location): ") + paint("note", color: "36") + ": \(related.message)\n"
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
        let to = UTF8Columns.offset(ofScalar: firstShown + TextReporter.maxShownLine, in: bytes, from..<range.upperBound)
        let scalars = Array(String(decoding: bytes[from..<to], as: UTF8.self).unicodeScalars)
        var line = firstShown > 0 ? "…" : ""
        var caret = firstShown > 0 ? " " : ""
        for (i, scalar) in scalars.enumerated() {
            let isControl = (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
            line.unicodeScalars.append(isControl ? "\u{FFFD}" : scalar)
            if firstShown + i < column { caret += scalar == "\t" ? "\t" : " " }
        }
        if to < range.upperBound { line += "…" }
        return ("    " + line, "    " + caret + "^")
    }
}
