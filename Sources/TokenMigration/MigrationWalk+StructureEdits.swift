import SourceData
import SourceTree
import TokenModel

/// Migrate's edits of a file's structure: where a member and a value begin and end in its bytes, a member
/// inserted, a token wrapped in `$extensions`.
extension MigrationWalk {
    /// The bytes of a member to delete: its key to its value's end, with the comma that separates it and the
    /// space up to the next member (or, last in an object, the comma before it); in a YAML block mapping the
    /// member's whole lines. Nil where the member does not end its line cleanly.
    func memberExtent(_ entry: MappingEntry, in parent: Node) -> Range<Int>? {
        guard let value = valueExtent(entry.value) else { return nil }
        let start = offset(entry.keyLocation)
        if isJSON || parent.isFlowOrQuoted {
            var i = value.upperBound
            while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
            if i < bytes.count, bytes[i] == UInt8(ascii: ",") {
                i += 1
                while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
                return start..<i
            }
            var j = start
            while j > 0, Self.isSpace(bytes[j - 1]) { j -= 1 }
            if j > 0, bytes[j - 1] == UInt8(ascii: ",") { return (j - 1)..<value.upperBound }
            return start..<value.upperBound
        }
        // A block mapping: the key starts its line, and nothing but space or a comment follows the value.
        let line = entry.keyLocation.line
        guard line >= 1, line <= lineStarts.count,
              bytes[lineStarts[line - 1]..<start].allSatisfy({ $0 == UInt8(ascii: " ") }) else { return nil }
        var i = value.upperBound
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: "#") { while i < bytes.count, !Self.isLineBreak(bytes[i]) { i += 1 } }
        guard i == bytes.count || Self.isLineBreak(bytes[i]) else { return nil }
        if i < bytes.count { i += bytes[i] == UInt8(ascii: "\r") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "\n") ? 2 : 1 }
        return lineStarts[line - 1]..<i
    }

    /// Where a collection's own bytes start: its first byte, or a flow collection's bracket after an anchor or a
    /// tag (`&a {`, `! [`). Nil for a block collection written after either: its anchor or tag sits before its
    /// first key, and an edit of its lines would leave them naming something else.
    func collectionStart(_ node: Node) -> Int? {
        let start = offset(node.location)
        guard start < bytes.count else { return nil }
        guard bytes[start] == UInt8(ascii: "&") || bytes[start] == UInt8(ascii: "!") else { return start }
        let bracket = propertiesEnd(start)
        return bracket < bytes.count && (bytes[bracket] == UInt8(ascii: "{") || bytes[bracket] == UInt8(ascii: "[")) ? bracket : nil
    }

    /// The bytes of a value: a scalar's, or a flow collection's from its bracket to the matching one. Nil for a
    /// YAML block collection.
    func valueExtent(_ node: Node) -> Range<Int>? {
        let start = offset(node.location)
        guard start < bytes.count else { return nil }
        switch node.kind {
        case .scalar: return scalarExtent(at: start, plain: node.scalarText ?? "")
        case .mapping, .sequence:
            guard let start = collectionStart(node), bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "[") else { return nil }
            return flowEnd(from: start).map { start..<$0 }
        }
    }

    /// The offset just past the bracket that closes the one at `start`, skipping quoted strings and comments.
    func flowEnd(from start: Int) -> Int? {
        var depth = 0, i = start
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return i + 1 }
            // A quote opens a quoted scalar only where a scalar starts (after a bracket, a comma or a colon);
            // inside a plain scalar (`3"`) it is a character of it.
            case UInt8(ascii: "\"") where startsScalar(at: i, after: start), UInt8(ascii: "'") where startsScalar(at: i, after: start):
                i = scalarExtent(at: i, plain: "").upperBound
                continue
            case UInt8(ascii: "#") where !isJSON && i > 0 && Self.isSpace(bytes[i - 1]):
                while i < bytes.count, !Self.isLineBreak(bytes[i]) { i += 1 }
                continue
            default: break
            }
            i += 1
        }
        return nil
    }

    /// Whether a scalar starts at `i` inside the flow collection opened at `start`: what comes before it, spaces
    /// and line breaks aside, is the collection's bracket, a comma or a colon.
    func startsScalar(at i: Int, after start: Int) -> Bool {
        var j = i
        while j > start, Self.isSpace(bytes[j - 1]) { j -= 1 }
        return j == start || [UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: ":")].contains(bytes[j - 1])
    }

    /// An edit that adds the member `name: value` as the first of the mapping `object`, in its syntax.
    func insertMember(named name: String, value: String, into object: Node, reason: String) -> TextEdit? {
        guard let start = collectionStart(object) else { return nil }
        if bytes[start] == UInt8(ascii: "{") {
            let member = jsonQuoted(name) + ": " + value
            guard let first = object.mappingEntries?.first else {
                return TextEdit(range: start + 1..<start + 1, replacement: member, location: object.location, reason: reason)
            }
            // Members on lines of their own: the new one gets a line too, indented as the first.
            let firstKey = offset(first.keyLocation)
            if bytes[start + 1..<firstKey].contains(where: Self.isLineBreak) {
                let indent = String(repeating: " ", count: max(0, first.keyLocation.column - 1))
                return TextEdit(range: start + 1..<start + 1, replacement: "\n" + indent + member + ",", location: object.location, reason: reason)
            }
            // On one line: before the first member, after the space that follows the brace.
            return TextEdit(range: firstKey..<firstKey, replacement: member + ", ", location: object.location, reason: reason)
        }
        // A block mapping starts at its first key: the new member goes on a line of its own before it.
        let line = object.location.line
        guard line >= 1, line <= lineStarts.count else { return nil }
        let indent = String(repeating: " ", count: start - lineStarts[line - 1])
        guard bytes[lineStarts[line - 1]..<start].allSatisfy({ $0 == UInt8(ascii: " ") }) else { return nil }
        return TextEdit(range: lineStarts[line - 1]..<lineStarts[line - 1], replacement: indent + name + ": " + value + "\n",
                        location: object.location, reason: reason)
    }

    /// The bytes of a YAML block collection: from its first key to the end of its last line indented as deep
    /// (trailing comments and line breaks left); nil where its first line holds anything before it.
    func blockExtent(_ node: Node) -> Range<Int>? {
        let line = node.location.line
        guard let start = collectionStart(node), line >= 1, line <= lineStarts.count,
              bytes[lineStarts[line - 1]..<start].allSatisfy({ $0 == UInt8(ascii: " ") }) else { return nil }
        let column = start - lineStarts[line - 1]
        var end = start
        for next in (line - 1)..<lineStarts.count {
            let from = lineStarts[next], to = next + 1 < lineStarts.count ? lineStarts[next + 1] : bytes.count
            let text = bytes[from..<to]
            let indent = text.prefix { $0 == UInt8(ascii: " ") }.count
            let rest = text.dropFirst(indent)
            if rest.isEmpty || Self.isLineBreak(rest.first!) || rest.first == UInt8(ascii: "#") { continue }
            if next > line - 1, indent < column { break }
            // The line's content, without its line break or a comment after a space.
            var lineEnd = to
            while lineEnd > from, Self.isLineBreak(bytes[lineEnd - 1]) { lineEnd -= 1 }
            if let node = commentStart(from: from, to: lineEnd) { lineEnd = node }
            while lineEnd > from, bytes[lineEnd - 1] == UInt8(ascii: " ") { lineEnd -= 1 }
            end = lineEnd
        }
        return end > start ? start..<end : nil
    }

    /// Where a comment starts on the line `from..<to` (a `#` after a space, outside quotes), if it has one.
    func commentStart(from: Int, to: Int) -> Int? {
        var quote: UInt8?
        for i in from..<to {
            let byte = bytes[i]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "#"), i > from, Self.isSpace(bytes[i - 1]) {
                return i
            }
        }
        return nil
    }

    /// Moves a whole token under `$extensions.tokenc.migrate`: a flow object is wrapped where it is written; a
    /// block mapping's lines move one level in, below the two new keys. Returns false where it cannot.
    mutating func wrapInExtensions(_ node: Node, location: SourceLocation, reason: String) -> Bool {
        guard let start = collectionStart(node) else { return false }
        if bytes[start] == UInt8(ascii: "{") {
            guard let end = flowEnd(from: start) else { return false }
            let open = isJSON ? "{\"$extensions\": {\"\(Self.extensionKey)\": " : "{ $extensions: { \(Self.extensionKey): "
            edits.append(TextEdit(range: start..<start, replacement: open, location: location, reason: reason))
            edits.append(TextEdit(range: end..<end, replacement: isJSON ? "}}" : " } }", location: location, reason: reason))
            return true
        }
        // A block mapping: its lines are those from its first key to the last one indented deeper than it.
        let line = node.location.line
        guard line >= 1, line <= lineStarts.count else { return false }
        let column = start - lineStarts[line - 1]
        guard bytes[lineStarts[line - 1]..<start].allSatisfy({ $0 == UInt8(ascii: " ") }) else { return false }
        var last = line
        for next in line..<lineStarts.count {
            let from = lineStarts[next], to = next + 1 < lineStarts.count ? lineStarts[next + 1] : bytes.count
            let text = bytes[from..<to]
            let indent = text.prefix { $0 == UInt8(ascii: " ") }.count
            let rest = text.dropFirst(indent)
            if rest.isEmpty || Self.isLineBreak(rest.first!) || rest.first == UInt8(ascii: "#") { continue }
            if indent < column { break }
            last = next + 1
        }
        let end = last < lineStarts.count ? lineStarts[last] : bytes.count
        let pad = String(repeating: " ", count: column)
        // The first line's indentation stays before the replaced text, which starts at the first key.
        var text = "$extensions:\n" + pad + "  " + Self.extensionKey + ":\n" + pad + "    "
        for index in line - 1..<last {
            let from = index == line - 1 ? start : lineStarts[index]
            let to = index + 1 < lineStarts.count ? lineStarts[index + 1] : bytes.count
            let content = String(decoding: bytes[from..<to], as: UTF8.self)
            let blank = content.allSatisfy { $0 == " " || $0.isNewline }
            text += (index == line - 1 || blank ? "" : "    ") + content
        }
        edits.append(TextEdit(range: start..<end, replacement: text, location: location, reason: reason))
        return true
    }

    /// `text` as a JSON string in a JSON file; as a YAML key, plain where it can be, in a YAML one.
    func jsonQuoted(_ text: String) -> String {
        isJSON || !Measure.isPlainSafe(text) ? quoted(text, like: bytes.count) : text
    }

    /// Whether a byte may be part of a metadata key migrate moves: an anchor's bytes and `.`.
    static func isKeyByte(_ byte: UInt8) -> Bool { isAnchorByte(byte) || byte == UInt8(ascii: ".") }

    /// Whether a byte may be part of an anchor's or an alias's name as libyaml reads it: ASCII letters, digits,
    /// `_` and `-`.
    static func isAnchorByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || isLineBreak(byte)
    }

    static func isLineBreak(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
}
