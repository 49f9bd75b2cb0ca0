import TokenGenerators
import SourceData
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
        String(decoding: reportBytes(diagnostics, sources: sources), as: UTF8.self)
    }

    /// The report as UTF-8 bytes, what is written to the terminal: a 100,000-token build can report thousands
    /// of findings (4 MB), and appending to a `String` piece by piece cost several times more.
    public func reportBytes(_ diagnostics: [Diagnostic], sources: [String: [UInt8]]) -> [UInt8] {
        // Each finding's text depends on nothing but itself, so a long report is written in two halves on
        // both cores and joined: it comes after the stages, when the other core has nothing left to do
        // (11,000 findings at 100,000 tokens took the main thread 10 ms).
        let halves = diagnostics.count >= Self.findingsWorthSplitting
            ? [diagnostics[..<(diagnostics.count / 2)], diagnostics[(diagnostics.count / 2)...]] : [diagnostics[...]]
        var parts = Pipeline.concurrentMap(Array(halves.indices)) { k in
            // About 370 bytes a finding with its excerpt and fix, sized once instead of doubled past the end;
            // each half is written whole into one buffer (not in pieces appended to a list, a copy each).
            var out = ByteBuffer(capacity: halves[k].count * 384 + (1 << 12))
            var lines = SourceLines(sources: sources)
            // Each finding read where the list holds it (binding it in a `for` loop copied it, every field retained).
            let half = halves[k]
            for i in half.indices { append(half[i], lines: &lines, to: &out) }
            return out.array
        }
        var all = parts.removeFirst()
        if let second = parts.first { all += second }
        return all
    }

    /// The fewest findings `reportBytes` writes in two halves; below it, starting a second thread costs more.
    static let findingsWorthSplitting = 1024

    /// Writes the report a piece (about 64 KB) at a time to `output`, so a large one is never held whole.
    public func write(_ diagnostics: some Collection<Diagnostic>, sources: [String: [UInt8]], to output: ([UInt8]) -> Void) {
        // A ByteBuffer, not an [UInt8]: an array's append(contentsOf:) cost over a hundred instructions a piece.
        var out = ByteBuffer(capacity: 1 << 16 + 1 << 12)
        var lines = SourceLines(sources: sources)
        for diagnostic in diagnostics {
            if out.count >= 1 << 16 {
                output(out.array)
                out.removeAll()
            }
            append(diagnostic, lines: &lines, to: &out)
        }
        output(out.array)
    }

    /// Appends one finding: its location, severity, message and id, the excerpt, the fix and the related notes.
    private func append(_ diagnostic: Diagnostic, lines: inout SourceLines, to out: inout ByteBuffer) {
        let label = diagnostic.severity == .info ? "note" : diagnostic.severity.rawValue
        if let location = diagnostic.location { append(location, file: lines.fileName(location), to: &out) }
        paint(label, color: color(for: diagnostic.severity), to: &out)
        if colored { out.append("\u{1B}[1m") }
        out.append(": ")
        out.append(diagnostic.message.escapingControls)
        if colored { out.append("\u{1B}[0m") }
        out.append(" [")
        out.append(diagnostic.id)
        out.append("]\n")
        if let location = diagnostic.location { lines.appendExcerpt(location, caretColor: colored ? "32" : nil, to: &out) }
        if let fix = diagnostic.fix {
            out.append("  fix: ")
            out.append(fix.escapingControls)
            out.append(UInt8(ascii: "\n"))
        }
        for related in diagnostic.related {
            append(related.location, file: lines.fileName(related.location), to: &out)
            paint("note", color: "36", to: &out)
            out.append(": ")
            out.append(related.message.escapingControls)
            out.append(UInt8(ascii: "\n"))
        }
    }

    /// `file:line:column: `, in bold when colored; `file` is the location's file name.
    private func append(_ location: SourceLocation, file: String, to out: inout ByteBuffer) {
        if colored { out.append("\u{1B}[1m") }
        out.append(file.escapingControls)
        out.append(UInt8(ascii: ":"))
        out.append(decimal: location.line)
        out.append(UInt8(ascii: ":"))
        out.append(decimal: location.column)
        out.append(": ")
        if colored { out.append("\u{1B}[0m") }
    }

    private func paint(_ text: String, color: String, to out: inout ByteBuffer) {
        guard colored else {
            out.append(text)
            return
        }
        out.append("\u{1B}[1;")
        out.append(color)
        out.append(UInt8(ascii: "m"))
        out.append(text)
        out.append("\u{1B}[0m")
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
    /// `SourceFileNames`' names by number when the excerpts began, read without its lock.
    private let names = SourceFileNames.shared.snapshot()
    /// The file the last excerpt came from, with its line index: findings are sorted by file, so the next is
    /// nearly always in it, and only one file's index is held at a time (all of them were 2.6 MB at 100k tokens).
    private var last: (fileID: UInt32, bytes: [UInt8], index: LineIndex)?
    /// Where the last excerpt began on its line, as a scalar column and a byte offset: findings are sorted by
    /// line and column, so the next one on that line is found from there. Counting from the line's start
    /// each time made thousands of findings on one long line (a flow mapping of thousands of entries) quadratic.
    private var mark: (fileID: UInt32, line: Int, scalar: Int, offset: Int)?

    init(sources: [String: [UInt8]]) { self.sources = sources }

    /// The name of `location`'s file, from the snapshot (a file numbered since is looked up in the table).
    func fileName(_ location: SourceLocation) -> String {
        Int(location.fileID) < names.count ? names[Int(location.fileID)] : location.file
    }

    /// The bytes and line index of `location`'s file, looked up by name once per run of findings in it.
    private mutating func file(_ location: SourceLocation) -> (bytes: [UInt8], index: LineIndex)? {
        if let last, last.fileID == location.fileID { return (last.bytes, last.index) }
        guard let bytes = sources[fileName(location)] else { return nil }
        let index = LineIndex(bytes)
        last = (location.fileID, bytes, index)
        return (bytes, index)
    }

    /// What an excerpt shows of `location`'s line: at most `maxShownLine` scalars around the column.
    private struct Span {
        var bytes: [UInt8]
        /// The whole line, and the part shown.
        var line: Range<Int>, shown: Range<Int>
        /// The 0-based column and the first scalar shown.
        var column: Int, firstShown: Int

        /// Whether the part shown is printable ASCII and tabs, each byte one character: the usual case.
        var isPlain: Bool { !bytes[shown].contains(where: { $0 >= 0x80 || ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) }
    }

    private mutating func span(_ location: SourceLocation) -> Span? {
        guard let (bytes, index) = file(location),
              let range = index.byteRange(ofLine: location.line - 1, in: bytes) else { return nil }
        let column = max(0, location.column - 1)
        let half = TextReporter.maxShownLine / 2
        let firstShown = max(0, column - half)
        var start = range.lowerBound, skipped = 0
        if let mark, mark.fileID == location.fileID, mark.line == location.line, mark.scalar <= firstShown {
            (start, skipped) = (mark.offset, mark.scalar)
        }
        let from = UTF8Columns.offset(ofScalar: firstShown - skipped, in: bytes, start..<range.upperBound)
        if from < range.upperBound { mark = (location.fileID, location.line, firstShown, from) }
        let to = UTF8Columns.offset(ofScalar: TextReporter.maxShownLine, in: bytes, from..<range.upperBound)
        return Span(bytes: bytes, line: range, shown: from..<to, column: column, firstShown: firstShown)
    }

    /// Appends the excerpt's two lines, each ending in a newline, the caret line painted in `caretColor`
    /// when given; plain ASCII lines are copied byte by byte, the rest go through `excerpt`.
    mutating func appendExcerpt(_ location: SourceLocation, caretColor: String?, to out: inout ByteBuffer) {
        guard let span = span(location) else { return }
        if span.isPlain {
            out.append("    ")
            if span.firstShown > 0 { out.append("…") }
            span.bytes[span.shown].withUnsafeBufferPointer { out.append($0) }
            if span.shown.upperBound < span.line.upperBound { out.append("…") }
            out.append(UInt8(ascii: "\n"))
            if let caretColor { out.append("\u{1B}[1;\(caretColor)m") }
            out.append("    ")
            if span.firstShown > 0 { out.append(UInt8(ascii: " ")) }
            // Spaces under the text before the caret, tabs kept so it lines up; most lines have no tab.
            let before = span.bytes[span.shown].prefix(max(0, span.column - span.firstShown))
            if before.contains(0x09) {
                for byte in before { out.append(byte == 0x09 ? 0x09 : 0x20) }
            } else {
                out.append(0x20, times: before.count)
            }
            out.append(UInt8(ascii: "^"))
        } else {
            guard let excerpt = excerpt(location) else { return }
            out.append(excerpt.line)
            out.append(UInt8(ascii: "\n"))
            if let caretColor { out.append("\u{1B}[1;\(caretColor)m") }
            out.append(excerpt.caret)
        }
        if caretColor != nil { out.append("\u{1B}[0m") }
        out.append(UInt8(ascii: "\n"))
    }

    mutating func excerpt(_ location: SourceLocation) -> (line: String, caret: String)? {
        guard let span = span(location) else { return nil }
        let (bytes, column, firstShown) = (span.bytes, span.column, span.firstShown)
        var line = firstShown > 0 ? "…" : ""
        var caret = firstShown > 0 ? " " : ""
        let shown = bytes[span.shown]
        if span.isPlain {
            // Printable ASCII (and tabs), the usual case: each byte is one character, copied as it is.
            line += String(decoding: shown, as: UTF8.self)
            caret += String(decoding: shown.prefix(max(0, column - firstShown)).map { $0 == 0x09 ? 0x09 : 0x20 }, as: UTF8.self)
            if span.shown.upperBound < span.line.upperBound { line += "…" }
            return ("    " + line, "    " + caret + "^")
        }
        let scalars = Array(String(decoding: shown, as: UTF8.self).unicodeScalars)
        for (i, scalar) in scalars.enumerated() {
            let isControl = (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
            line.unicodeScalars.append(isControl ? "\u{FFFD}" : scalar)
            if firstShown + i < column { caret += scalar == "\t" ? "\t" : " " }
        }
        if span.shown.upperBound < span.line.upperBound { line += "…" }
        return ("    " + line, "    " + caret + "^")
    }
}
