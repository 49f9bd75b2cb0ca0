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
        // Written as UTF-8 bytes and made a string once: a 100,000-token build can report thousands of
        // findings, and appending to a `String` piece by piece cost several times more.
        var out: [UInt8] = []
        out.reserveCapacity(diagnostics.count * 256)
        var lines = SourceLines(sources: sources)
        for diagnostic in diagnostics {
            let label = diagnostic.severity == .info ? "note" : diagnostic.severity.rawValue
            if let location = diagnostic.location { append(location, to: &out) }
            paint(label, color: color(for: diagnostic.severity), to: &out)
            if colored { out += "\u{1B}[1m".utf8 }
            out += ": ".utf8
            out += diagnostic.message.utf8
            if colored { out += "\u{1B}[0m".utf8 }
            out += " [".utf8
            out += diagnostic.id.utf8
            out += "]\n".utf8
            if let location = diagnostic.location, let excerpt = lines.excerpt(location) {
                out += excerpt.line.utf8
                out.append(UInt8(ascii: "\n"))
                paint(excerpt.caret, color: "32", to: &out)
                out.append(UInt8(ascii: "\n"))
            }
            if let fix = diagnostic.fix {
                out += "  fix: ".utf8
                out += fix.utf8
                out.append(UInt8(ascii: "\n"))
            }
            for related in diagnostic.related {
                append(related.location, to: &out)
                paint("note", color: "36", to: &out)
                out += ": ".utf8
                out += related.message.utf8
                out.append(UInt8(ascii: "\n"))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `file:line:column: `, in bold when colored.
    private func append(_ location: SourceLocation, to out: inout [UInt8]) {
        if colored { out += "\u{1B}[1m".utf8 }
        out += location.file.utf8
        out.append(UInt8(ascii: ":"))
        out += String(location.line).utf8
        out.append(UInt8(ascii: ":"))
        out += String(location.column).utf8
        out += ": ".utf8
        if colored { out += "\u{1B}[0m".utf8 }
    }

    private func paint(_ text: String, color: String, to out: inout [UInt8]) {
        guard colored else {
            out += text.utf8
            return
        }
        out += "\u{1B}[1;".utf8
        out += color.utf8
        out.append(UInt8(ascii: "m"))
        out += text.utf8
        out += "\u{1B}[0m".utf8
    }

    private func color(for severity: Severity) -> String {
        switch severity {
        case .error: "31"
        case .warning: "33"
        case .info: "36"
        }
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
