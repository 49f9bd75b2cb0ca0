import SourceData
import SourceTree
import TokenModel

/// What migrate does with what DTCG 2025.10 has no place for: a `$type` it does not define, keys a tool kept
/// beside `$value`, and the fallbacks and units of draft-era objects (`"hex": "#000"`, `"unit": ""`).
extension MigrationWalk {
    /// The `$extensions` key migrate moves what it cannot convert under, the value kept as written.
    static let extensionKey = "tokenc.migrate"

    /// A token whose own `$type` is not a DTCG type (`string`, `boolean`, `link`…): an alias loses the type
    /// (it takes its target's), a color string is a color, anything else moves under `$extensions` with its
    /// value kept. Returns whether the token was handled (its value needs no other conversion).
    mutating func unknownType(_ node: Node, typeEntry: MappingEntry, keys: [String], path: String) {
        let written = typeEntry.value.string ?? ""
        let value = node["$value"]
        let target = value?.string.flatMap(TokenReference.aliasPath)
        if let value, target.map({ !moved.contains($0) }) ?? (value["$ref"] != nil) {
            guard movesStructure, let extent = memberExtent(typeEntry, in: node) else {
                notes.append(MigrationNote(location: typeEntry.keyLocation, path: path,
                                           message: "`$type: \(written)` is not a DTCG type; remove it: an alias takes its target's type"))
                return
            }
            edits.append(TextEdit(range: extent, replacement: "", location: typeEntry.keyLocation,
                                  reason: "`\(written)` is not a DTCG type; an alias takes its target's type"))
            expectations.append(MigrationExpectation(keys: keys + ["$type"], value: .absent))
            return
        }
        if let text = value?.string, case .success = ColorSyntax.parse(text) {
            replaceScalar(typeEntry.value, with: "color", reason: "`\(written)` is not a DTCG type; `\(text)` is a color")
            expectations.append(MigrationExpectation(keys: keys + ["$type"], value: .text("color")))
            return
        }
        guard movesStructure, wrapInExtensions(node, location: typeEntry.keyLocation,
                               reason: "`\(written)` is not a DTCG type: the token moves under `$extensions`, its value kept") else {
            notes.append(MigrationNote(location: typeEntry.keyLocation, path: path,
                                       message: "the type `\(written)` has no DTCG equivalent: `\(path)` is left as it is; "
                                           + "write it as a token of a DTCG type, or move it under `$extensions`"))
            return
        }
        if let scalar = value?.scalarText {
            expectations.append(MigrationExpectation(keys: keys + ["$extensions", Self.extensionKey, "$value"], value: .text(scalar)))
        }
        notes.append(MigrationNote(location: typeEntry.keyLocation, path: path,
                                   message: "`$type: \(written)` is not a DTCG type: `\(path)` is kept under `$extensions.\(Self.extensionKey)`, "
                                       + "and is no longer a token (an alias of it whose own `$type` is not DTCG's moves with it)"))
    }

    /// Keys a tool kept beside `$value` (`alpha`, `attributes`, `deprecatedValues`…) move under
    /// `$extensions.tokenc.migrate`, their values as written. A key holding a token or a group is a child,
    /// not metadata, and stays.
    mutating func toolMetadata(_ node: Node, keys: [String], path: String) {
        guard let entries = node.mappingEntries else { return }
        // `alpha` beside a written-out color is applied to it; beside an alias, the token moves (`inexactReason`).
        var applied: MappingEntry?
        if movesStructure, let alpha = entries.first(where: { $0.key == "alpha" }), tokenAlpha(node, alpha: alpha, keys: keys, path: path) {
            applied = alpha
        }
        moveToExtensions(entries.filter { Self.isMetadata($0) && $0.keyLocation != applied?.keyLocation }, of: node, keys: keys, path: path)
    }

    /// Whether a key beside `$value` is a tool's metadata: not DTCG's, and holding no token.
    static func isMetadata(_ entry: MappingEntry) -> Bool {
        !entry.key.hasPrefix("$") && (entry.value.mappingEntries == nil || holdsNoToken(entry.value))
    }

    /// Moves the members `moved` of the token `node` under `$extensions.tokenc.migrate`.
    mutating func moveToExtensions(_ moved: [MappingEntry], of node: Node, keys: [String], path: String) {
        guard let entries = node.mappingEntries, !moved.isEmpty else { return }
        guard movesStructure else {
            notes.append(MigrationNote(location: moved[0].keyLocation, path: path,
                                       message: "\(moved.map { "`\($0.key)`" }.joined(separator: ", ")) beside `$value`: move under `$extensions`"))
            return
        }
        var members: [String] = []
        var extents: [(MappingEntry, Range<Int>)] = []
        for entry in moved {
            // A key a tool would write (`alpha`, `deprecated-values`), and a value with text of its own.
            guard !entry.key.isEmpty, entry.key.utf8.allSatisfy({ Self.isKeyByte($0) }),
                  let value = valueExtent(entry.value), !value.isEmpty, let extent = memberExtent(entry, in: node) else {
                notes.append(MigrationNote(location: entry.keyLocation, path: path,
                                           message: "`\(entry.key)` beside `$value` is left as it is; move it under `$extensions`"))
                return
            }
            // A YAML block's plain string may hold what a flow mapping reads as syntax (`a, b`): quoted there.
            let plain = !bytes[value.lowerBound].isQuote && entry.value.mappingEntries == nil && entry.value.sequenceItems == nil
            let text = plain && entry.value.string.map({ !Measure.isPlainSafe($0) }) == true
                ? quoted(entry.value.string!, like: bytes.count) : String(decoding: bytes[value], as: UTF8.self)
            members.append(jsonQuoted(entry.key) + ": " + text)
            extents.append((entry, extent))
        }
        let object = "{" + members.joined(separator: ", ") + "}"
        let names = moved.map { "`\($0.key)`" }.joined(separator: ", ")
        let reason = "\(names) beside `$value` \(moved.count == 1 ? "moves" : "move") under `$extensions.\(Self.extensionKey)`"
        if let extensions = entries.first(where: { $0.key == "$extensions" }) {
            guard extensions.value.mappingEntries?.contains(where: { $0.key == Self.extensionKey }) == false,
                  let insertion = insertMember(named: Self.extensionKey, value: object, into: extensions.value, reason: reason)
            else {
                notes.append(MigrationNote(location: moved[0].keyLocation, path: path,
                                           message: "\(names) beside `$value` \(moved.count == 1 ? "is" : "are") left as \(moved.count == 1 ? "it is" : "they are"); move \(moved.count == 1 ? "it" : "them") under `$extensions`"))
                return
            }
            guard let removals = merged(extents, clearOf: insertion.range) else { return }
            edits.append(insertion)
            for (entry, extent) in removals { edits.append(TextEdit(range: extent, replacement: "", location: entry.keyLocation, reason: reason)) }
        } else {
            // The first moved member becomes `$extensions`, holding them all; the others go.
            let (first, _) = extents[0]
            let firstValue = valueExtent(first.value)!
            let start = offset(first.keyLocation)
            guard let removals = merged(Array(extents.dropFirst()), clearOf: start..<firstValue.upperBound) else { return }
            edits.append(TextEdit(range: start..<firstValue.upperBound,
                                  replacement: quoted("$extensions", like: start) + ": {" + jsonQuoted(Self.extensionKey) + ": " + object + "}",
                                  location: first.keyLocation, reason: reason))
            for (entry, extent) in removals { edits.append(TextEdit(range: extent, replacement: "", location: entry.keyLocation, reason: reason)) }
        }
        for entry in moved {
            expectations.append(MigrationExpectation(keys: keys + [entry.key], value: .absent))
            if let scalar = entry.value.scalarText {
                expectations.append(MigrationExpectation(keys: keys + ["$extensions", Self.extensionKey, entry.key], value: .text(scalar)))
            }
        }
        if moved.contains(where: { $0.key == "alpha" }) {
            notes.append(MigrationNote(location: moved.first { $0.key == "alpha" }!.keyLocation, path: path,
                                       message: "`alpha` beside `$value` is not part of a DTCG color: the tool that wrote it applied it to the color; "
                                           + "tokenc does not. Write the color with that alpha (`alpha` inside a color object) if it is meant"))
        }
    }

    /// The deletions of several members of one object as ranges that do not overlap (the comma between two
    /// neighbours belongs to both of theirs: they are joined), or nil when one would reach into `kept`.
    func merged(_ extents: [(MappingEntry, Range<Int>)], clearOf kept: Range<Int>) -> [(MappingEntry, Range<Int>)]? {
        var merged: [(MappingEntry, Range<Int>)] = []
        for (entry, extent) in extents.sorted(by: { $0.1.lowerBound < $1.1.lowerBound }) {
            if let last = merged.last, extent.lowerBound <= last.1.upperBound {
                merged[merged.count - 1].1 = last.1.lowerBound..<max(last.1.upperBound, extent.upperBound)
            } else {
                merged.append((entry, extent))
            }
        }
        // A run that ends the object takes the comma before it too (a joined run kept it): no trailing comma.
        for k in merged.indices {
            var end = merged[k].1.upperBound
            while end < bytes.count, Self.isSpace(bytes[end]) { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: "}") else { continue }
            var start = merged[k].1.lowerBound
            while start > 0, Self.isSpace(bytes[start - 1]) { start -= 1 }
            if start > 0, bytes[start - 1] == UInt8(ascii: ",") { merged[k].1 = (start - 1)..<merged[k].1.upperBound }
        }
        let touches = merged.contains { $0.1.overlaps(kept) || (kept.isEmpty && $0.1.lowerBound < kept.lowerBound && kept.lowerBound < $0.1.upperBound) }
        return touches ? nil : merged
    }

    /// Whether a mapping holds no `$value` anywhere below it: metadata, not a group of tokens.
    static func holdsNoToken(_ node: Node) -> Bool {
        guard let entries = node.mappingEntries else { return true }
        return entries.allSatisfy { $0.key != "$value" && holdsNoToken($0.value) }
    }

    /// A color object's `hex` written with 3, 4 or 8 digits becomes the 6-digit sRGB fallback DTCG 2025.10 asks
    /// for: `#000` is `#000000`, `#00000080` `#000000` (the object's `alpha` gives the alpha).
    mutating func colorHex(_ node: Node, keys: [String], path: String) {
        guard node.mappingEntries != nil, node["colorSpace"] != nil, let hexNode = node["hex"], let hex = hexNode.string,
              hex.first == "#", hex.dropFirst().allSatisfy(\.isHexDigit) else { return }
        let digits = Array(hex.dropFirst())
        let six: String
        switch digits.count {
        case 3, 4: six = "#" + digits.prefix(3).map { "\($0)\($0)" }.joined()
        case 8: six = "#" + String(digits.prefix(6))
        default: return
        }
        replaceScalar(hexNode, with: six, reason: "the fallback `\(hex)` is written with six digits, `\(six)`")
        expectations.append(MigrationExpectation(keys: keys + ["hex"], value: .text(six)))
    }

    /// A color value: an object's short `hex` gets six digits; with `--dtcg strict`, a CSS color string
    /// (`#0A84FF`, `rgb(…)`, `oklch(…)`, a named color) becomes the color object DTCG 2025.10 defines, with the
    /// same space and components, so it reads as the same color. An hsl() or hwb() string is noted instead:
    /// DTCG's components for those spaces are not CSS's, and sRGB's would not be exact.
    mutating func color(_ node: Node, keys: [String], path: String) {
        // Style Dictionary's `{r, g, b}` (0–255, `a` 0–1), as its color library reads it, is CSS's `rgb()`.
        if let text = Self.rgbObjectText(node), let extent = valueExtent(node) ?? blockExtent(node) {
            edits.append(TextEdit(range: extent, replacement: quoted(text, like: bytes.count), location: node.location,
                                  reason: "Style Dictionary's `{r, g, b}` color is `\(text)`"))
            expectations.append(MigrationExpectation(keys: keys, value: .text(text)))
            return
        }
        guard strictColors, let text = node.string, TokenReference.aliasPath(text) == nil else {
            colorHex(node, keys: keys, path: path)
            return
        }
        guard let parsed = MigrationExpectation.color(text) else { return }
        guard parsed.space != .hsl, parsed.space != .hwb else {
            notes.append(MigrationNote(location: node.location, path: path,
                                       message: "`\(text)` is left as it is: DTCG's hsl and hwb components are not CSS's, and "
                                           + "its sRGB components would not be exact; write it as rgb(), hex or oklch() first"))
            return
        }
        replaceValue(node, with: ColorObjectText.text(parsed, json: isJSON),
                     reason: "the CSS color `\(text)` becomes a DTCG color object")
        expectations.append(MigrationExpectation(keys: keys, value: .color(text)))
    }

    /// `{r: 146, g: 153, b: 162}` (each 0–255, an optional `a` 0–1) as CSS: `rgb(146 153 162)`, `rgb(… / 0.5)`; nil
    /// for any other mapping.
    static func rgbObjectText(_ node: Node) -> String? {
        guard let entries = node.mappingEntries, Set(entries.map(\.key)).isSuperset(of: ["r", "g", "b"]),
              entries.allSatisfy({ ["r", "g", "b", "a"].contains($0.key) }) else { return nil }
        var channels: [String] = []
        for key in ["r", "g", "b"] {
            guard let number = node[key]?.number, (0...255).contains(number), let text = node[key]?.scalarText, Measure.isNumber(text) else { return nil }
            channels.append(text)
        }
        guard let alpha = node["a"] else { return "rgb(\(channels.joined(separator: " ")))" }
        guard let number = alpha.number, (0...1).contains(number), let text = alpha.scalarText, Measure.isNumber(text) else { return nil }
        return "rgb(\(channels.joined(separator: " ")) / \(text))"
    }

    /// The colors inside a composite value: a shadow's (each layer), a border's, a gradient's stops.
    mutating func compositeColors(_ node: Node, keys: [String], type: String, path: String) {
        switch type {
        case "color": color(node, keys: keys, path: path)
        case "border":
            if let value = node["color"] { color(value, keys: keys + ["color"], path: path) }
        case "shadow", "gradient":
            let items = node.sequenceItems.map { Array($0.enumerated()) } ?? [(0, node)]
            for (index, item) in items {
                if let value = item["color"] {
                    color(value, keys: (node.sequenceItems == nil ? keys : keys + [String(index)]) + ["color"], path: path)
                }
            }
        default: return
        }
    }

    // MARK: Structure edits

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

    /// The bytes of a value: a scalar's, or a flow collection's from its bracket to the matching one. Nil for a
    /// YAML block collection.
    func valueExtent(_ node: Node) -> Range<Int>? {
        let start = offset(node.location)
        guard start < bytes.count else { return nil }
        switch node.kind {
        case .scalar: return scalarExtent(at: start, plainLength: (node.scalarText ?? "").utf8.count)
        case .mapping, .sequence:
            guard bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "[") else { return nil }
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
                i = scalarExtent(at: i, plainLength: 0).upperBound
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
        let start = offset(object.location)
        guard start < bytes.count else { return nil }
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
        let start = offset(node.location), line = node.location.line
        guard start < bytes.count, line >= 1, line <= lineStarts.count,
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
        let start = offset(node.location)
        guard start < bytes.count else { return false }
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

    /// Whether a byte may be part of a metadata key migrate moves: ASCII letters, digits, `_`, `-` and `.`.
    static func isKeyByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || isLineBreak(byte)
    }

    static func isLineBreak(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
}

/// The tokens of a whole set that move under `$extensions`, found before any file is planned: those whose own
/// `$type` DTCG does not define and whose value is no color, those whose value has no exact DTCG form
/// (`MigrationWalk.inexactReason`), and every token that refers to one (an alias, or a reference inside a
/// composite value, through any chain, in any file), which would otherwise lose its target.
///
/// It also keeps each token's value where it is a scalar (`"8"`, `"16px"`), for the math of Tokens Studio's
/// values (`{size.base}*2`); a path given two different values in the set has none.
public struct MovedTokenSurvey: Sendable {
    private var literals: Set<String> = []
    /// Each token's references, by the path of the token holding them.
    private var references: [String: [String]] = [:]
    private var values: [String: String] = [:]
    private var ambiguous: Set<String> = []

    /// Creates an empty survey.
    public init() {}

    /// Adds the tokens of one file's tree. In a Tokens Studio single-file export (`$themes`, `$metadata`
    /// beside the sets), each top-level group is a set, and its tokens' paths start below it.
    public mutating func add(_ root: Node?) {
        guard let root else { return }
        if root["$themes"] != nil || root["$metadata"] != nil {
            for entry in root.mappingEntries ?? [] where !entry.key.hasPrefix("$") { visit(entry.value, path: [], inheritedType: nil) }
        } else {
            visit(root, path: [], inheritedType: nil)
        }
    }

    private mutating func visit(_ node: Node, path: [String], inheritedType: String?) {
        guard let entries = node.mappingEntries else { return }
        let ownType = node["$type"]?.string
        if let scalar = (node["$value"] ?? node["value"])?.scalarText, node["$value"] != nil || node["type"] != nil {
            let name = path.joined(separator: ".")
            if let known = values[name], known != scalar { ambiguous.insert(name) } else { values[name] = scalar }
        }
        if let value = node["$value"] {
            let name = path.joined(separator: ".")
            let targets = MigrationWalk.references(in: value)
            if let ownType, TokenType(rawValue: ownType) == nil, SourceFormat.styleDictionaryOnlyTypes[ownType] == nil {
                // An alias of an unknown type loses the type, unless its target moves; a color string is a color.
                if let target = value.string.flatMap(TokenReference.aliasPath) {
                    references[name] = [target]
                } else if value.string.map({ if case .success = ColorSyntax.parse($0) { false } else { true } }) ?? true {
                    literals.insert(name)
                }
                return
            }
            let type = (ownType ?? inheritedType).map { SourceFormat.styleDictionaryOnlyTypes[$0] ?? $0 }
            if MigrationWalk.inexactReason(token: node, type: type) != nil {
                literals.insert(name)
            } else if !targets.isEmpty {
                references[name] = targets
            }
            return
        }
        for entry in entries where !entry.key.hasPrefix("$") {
            visit(entry.value, path: path + [entry.key], inheritedType: ownType ?? inheritedType)
        }
    }

    /// What migrate needs to know of the whole set.
    public var facts: SetFacts { SetFacts(moved: moved, values: values.filter { !ambiguous.contains($0.key) }) }

    /// The paths migrate moves under `$extensions`: the literals, and the tokens whose references lead to one.
    public var moved: Set<String> {
        var referrers: [String: [String]] = [:]
        for (name, targets) in references {
            for target in targets { referrers[target, default: []].append(name) }
        }
        var moved = literals
        var pending = Array(literals)
        while let path = pending.popLast() {
            for referrer in referrers[path] ?? [] where moved.insert(referrer).inserted { pending.append(referrer) }
        }
        return moved
    }
}

/// What migrate knows of a whole set while it plans one file: the tokens that move under `$extensions`, and
/// the scalar values of tokens by path (each given one value in the set), for computing math.
public struct SetFacts: Sendable {
    /// The paths of the tokens that move under `$extensions` (`MovedTokenSurvey`).
    public var moved: Set<String>
    /// The scalar values by token path.
    public var values: [String: String]

    /// Facts with the given moved tokens and values.
    public init(moved: Set<String> = [], values: [String: String] = [:]) {
        self.moved = moved
        self.values = values
    }
}

private extension UInt8 {
    /// Whether the byte opens a quoted YAML or JSON scalar.
    var isQuote: Bool { self == UInt8(ascii: "\"") || self == UInt8(ascii: "'") }
}
