/// An open document's text as the editor has it (saved or not), changed by the protocol's incremental edits.
/// Positions are the protocol's: a 0-based line and a column in UTF-16 code units.
public struct TextDocument: Sendable {
    /// The document's text.
    public private(set) var text: String
    /// The version the editor gave the text.
    public private(set) var version: Int

    /// Creates a document with the text the editor opened.
    public init(text: String, version: Int) {
        self.text = text
        self.version = version
    }

    /// The index of a protocol position in `text`: a line past the end is the end, a column past its line's end
    /// is that end (the protocol asks for this leniency), and a column inside a surrogate pair is the pair's start.
    public func index(line: Int, character: Int) -> String.Index {
        let utf16 = text.utf16
        var index = utf16.startIndex
        var remaining = line
        while remaining > 0 {
            guard let newline = utf16[index...].firstIndex(where: { $0 == 10 || $0 == 13 }) else { return text.endIndex }
            index = utf16.index(after: newline)
            // `\r\n` ends one line, not two.
            if utf16[newline] == 13, index < utf16.endIndex, utf16[index] == 10 { index = utf16.index(after: index) }
            remaining -= 1
        }
        var column = 0
        while column < character, index < utf16.endIndex, utf16[index] != 10, utf16[index] != 13 {
            index = utf16.index(after: index)
            column += 1
        }
        // Inside a surrogate pair: the pair's start.
        return index.samePosition(in: text.unicodeScalars) ?? utf16.index(before: index)
    }

    /// Applies one change: the whole text when `range` is nil, else `range` (start and end positions) replaced.
    public mutating func apply(_ replacement: String, range: (start: (Int, Int), end: (Int, Int))?, version: Int) {
        self.version = version
        guard let range else {
            text = replacement
            return
        }
        let start = index(line: range.start.0, character: range.start.1)
        let end = max(start, index(line: range.end.0, character: range.end.1))
        text.replaceSubrange(start..<end, with: replacement)
    }
}
