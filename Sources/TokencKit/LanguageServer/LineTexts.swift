/// A file's lines, split once for every finding, request and edit that points into it, and the one conversion
/// from tokenc's columns (1-based, in Unicode scalars) to the protocol's (0-based, in UTF-16 code units).
struct LineTexts {
    /// The text the lines are of.
    let text: String
    /// Each line's range in `text`, without its line break (`\n`, `\r\n` or `\r`).
    private let ranges: [Range<String.Index>]

    init(_ text: String) {
        self.text = text
        // Split on the UTF-8 bytes: every line break is ASCII, so each index is a scalar boundary.
        let utf8 = text.utf8
        var ranges: [Range<String.Index>] = []
        var start = utf8.startIndex, index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
                index = utf8.index(after: index)
                continue
            }
            ranges.append(start..<index)
            index = utf8.index(after: index)
            if byte == UInt8(ascii: "\r"), index < utf8.endIndex, utf8[index] == UInt8(ascii: "\n") { index = utf8.index(after: index) }
            start = index
        }
        ranges.append(start..<utf8.endIndex)
        self.ranges = ranges
    }

    /// How many lines the text has (an empty text has one, empty).
    var count: Int { ranges.count }

    /// The 1-based `line`; nil past the end.
    subscript(line: Int) -> Substring? { line >= 1 && line <= ranges.count ? text[ranges[line - 1]] : nil }

    /// The protocol's character for a 1-based scalar `column` on a 1-based `line`: the UTF-16 length of the
    /// scalars before it (a column past the line's end counts the whole line).
    func utf16(line: Int, column: Int) -> Int {
        guard let text = self[line] else { return max(0, column - 1) }
        return text.unicodeScalars.prefix(max(0, column - 1)).reduce(0) { $0 + $1.utf16.count }
    }

    /// A protocol range on one line, from scalar columns (1-based, `to` past the last).
    func range(line: Int, from: Int, to: Int) -> JSONValue {
        .object(["start": position(line: line, column: from), "end": position(line: line, column: to)])
    }

    /// A protocol position from a 1-based line and scalar column.
    func position(line: Int, column: Int) -> JSONValue {
        .object(["line": .integer(line - 1), "character": .integer(utf16(line: line, column: column))])
    }
}
