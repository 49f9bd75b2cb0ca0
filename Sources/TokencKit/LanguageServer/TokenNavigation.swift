import SourceData
import TokenGenerators
import TokenModel

/// What a position in a token file names, for hover and go to definition: the alias (`{a.b}`) around it, else
/// the token whose name is written there.
struct TokenNavigation {
    /// The last check's tokens by path.
    let tokens: [String: ResolvedToken]
    /// The tokens defined in each file, by line.
    let definedOnLine: [String: [Int: [ResolvedToken]]]

    init(_ set: ResolvedTokenSet) {
        var tokens: [String: ResolvedToken] = [:]
        var lines: [String: [Int: [ResolvedToken]]] = [:]
        for token in set.tokens {
            tokens[token.path] = token
            let location = token.token.location
            lines[location.file, default: [:]][location.line, default: []].append(token)
        }
        self.tokens = tokens
        definedOnLine = lines
    }

    /// The token at a protocol position of the file at `path` whose lines are `lines`, and the range of the name
    /// or alias there (1-based line, scalar columns from and to).
    func token(at line: Int, utf16 character: Int, in lines: LineTexts, path: String) -> (ResolvedToken, line: Int, from: Int, to: Int)? {
        guard let lineText = lines[line + 1] else { return nil }
        let scalars = Array(lineText.unicodeScalars)
        // The scalar the UTF-16 column falls on.
        var column = 0, units = 0
        while column < scalars.count, units + scalars[column].utf16.count <= character {
            units += scalars[column].utf16.count
            column += 1
        }
        // An alias around the position: the nearest `{` before it and `}` after it, neither crossed by the other.
        if let open = scalars[..<min(column + 1, scalars.count)].lastIndex(of: "{"),
           let close = scalars[open...].firstIndex(of: "}"), close >= column,
           !scalars[(open + 1)..<close].contains("{") {
            let name = String(String.UnicodeScalarView(scalars[(open + 1)..<close]))
            if let token = tokens[name] { return (token, line + 1, open + 1, close + 2) }
        }
        // The name of a token defined on this line: the last one whose key starts at or before the position.
        guard let defined = definedOnLine[path]?[line + 1] else { return nil }
        let candidates = defined.filter { $0.token.location.column - 1 <= column }
        guard let token = candidates.max(by: { $0.token.location.column < $1.token.location.column }) else { return nil }
        let start = token.token.location.column - 1
        var end = start
        while end < scalars.count, scalars[end] != ":" { end += 1 }
        guard column <= end else { return nil }
        return (token, line + 1, start + 1, end + 1)
    }
}

/// A report kept in memory instead of written: the hover's text.
public final class CollectedText: OutputSink {
    /// What was written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty collection.
    public init() {}

    /// Keeps `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) { self.bytes.append(contentsOf: bytes) }

    /// Nothing to close.
    public func close() {}
}
