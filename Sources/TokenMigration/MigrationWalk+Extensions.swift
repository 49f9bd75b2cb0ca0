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
    /// value kept. Returns the type the token has afterwards when it stays a token (nil for an alias: its
    /// target's), so that the rest of the token is migrated in the same run; `.none` when it does not.
    mutating func unknownType(_ node: Node, typeEntry: MappingEntry, keys: [String], path: String) -> String?? {
        let written = typeEntry.value.string ?? ""
        let value = node["$value"]
        let target = value?.string.flatMap(TokenReference.aliasPath)
        if let value, target.map({ !moved.contains($0) }) ?? (value["$ref"] != nil) {
            guard movesStructure, let extent = memberExtent(typeEntry, in: node) else {
                notes.append(MigrationNote(location: typeEntry.keyLocation, path: path,
                                           message: "`$type: \(written)` is not a DTCG type; remove it: an alias takes its target's type"))
                return .none
            }
            edits.append(TextEdit(range: extent, replacement: "", location: typeEntry.keyLocation,
                                  reason: "`\(written)` is not a DTCG type; an alias takes its target's type"))
            expectations.append(MigrationExpectation(keys: keys + ["$type"], value: .absent))
            return .some(nil)
        }
        if let text = value?.string, case .success = ColorSyntax.parse(text) {
            replaceScalar(typeEntry.value, with: "color", reason: "`\(written)` is not a DTCG type; `\(text)` is a color")
            expectations.append(MigrationExpectation(keys: keys + ["$type"], value: .text("color")))
            return "color"
        }
        guard movesStructure, wrapInExtensions(node, location: typeEntry.keyLocation,
                               reason: "`\(written)` is not a DTCG type: the token moves under `$extensions`, its value kept") else {
            notes.append(MigrationNote(location: typeEntry.keyLocation, path: path,
                                       message: "the type `\(written)` has no DTCG equivalent: `\(path)` is left as it is; "
                                           + "write it as a token of a DTCG type, or move it under `$extensions`"))
            return .none
        }
        if let scalar = value?.scalarText {
            expectations.append(MigrationExpectation(keys: keys + ["$extensions", Self.extensionKey, "$value"], value: .text(scalar)))
        }
        notes.append(MigrationNote(location: typeEntry.keyLocation, path: path,
                                   message: "`$type: \(written)` is not a DTCG type: `\(path)` is kept under `$extensions.\(Self.extensionKey)`, "
                                       + "and is no longer a token (an alias of it whose own `$type` is not DTCG's moves with it)"))
        return .none
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
}

private extension UInt8 {
    /// Whether the byte opens a quoted YAML or JSON scalar.
    var isQuote: Bool { self == UInt8(ascii: "\"") || self == UInt8(ascii: "'") }
}
