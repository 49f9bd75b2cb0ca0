import SourceData
import SourceTree
import TokenModel

/// A resolver document's sets that `resolutionOrder` leaves out although other files' aliases need their tokens
/// (a DTCG example set's typography refers to font families in one): migrate lists them first, where every
/// set and modifier after them overrides what they define, so they add tokens and change none.
public enum ResolverOrder {
    /// The sets `document` defines under `sets` that nothing in it refers to (`#/sets/NAME`), each with the
    /// paths its sources name (`./fonts.tokens.json`), as written.
    public static func unlistedSets(_ document: Node) -> [(name: String, sources: [String])] {
        guard let sets = document["sets"]?.mappingEntries else { return [] }
        var referred = Set<String>()
        var pending = [document]
        while let node = pending.popLast() {
            switch node.kind {
            case .scalar: break
            case .sequence(let items): pending += items
            case .mapping(let entries):
                for entry in entries {
                    if entry.key == "$ref", let text = entry.value.string, text.hasPrefix("#/sets/") {
                        referred.insert(String(text.dropFirst("#/sets/".count)).replacing("~1", with: "/").replacing("~0", with: "~"))
                    }
                    pending.append(entry.value)
                }
            }
        }
        return sets.filter { !referred.contains($0.key) }.map { set in
            (set.key, (set.value["sources"]?.sequenceItems ?? []).compactMap { $0["$ref"]?.string })
        }
    }

    /// The token paths a file defines, and those its tokens' values refer to.
    public static func tokens(of root: Node?) -> (defined: Set<String>, referred: Set<String>) {
        var defined = Set<String>(), referred = Set<String>()
        var pending: [(Node, [String])] = root.map { [($0, [])] } ?? []
        while let (node, path) = pending.popLast() {
            guard let entries = node.mappingEntries else { continue }
            if let value = node["$value"] {
                defined.insert(path.joined(separator: "."))
                referred.formUnion(MigrationWalk.references(in: value))
                continue
            }
            for entry in entries where !entry.key.hasPrefix("$") { pending.append((entry.value, path + [entry.key])) }
        }
        return (defined, referred)
    }

    /// The edit that lists `names` first in `document`'s `resolutionOrder`, in the file's syntax, with what it
    /// expects the document to read as afterwards; nil where the order is not a sequence it can insert into.
    public static func listing(_ names: [String], in document: Node, bytes: [UInt8], isJSON: Bool) -> FileMigration? {
        guard let order = document["resolutionOrder"], order.sequenceItems != nil, !names.isEmpty else { return nil }
        let walk = MigrationWalk(bytes: bytes, isJSON: isJSON, format: .dtcg)
        let items = names.map { "{ " + walk.jsonQuoted("$ref") + ": " + MigrationWalk.jsonString("#/sets/" + TokensStudioThemes.pointerEscaped($0)) + " }" }
        let reason = "\(names.map { "the set `\($0)`" }.joined(separator: ", ")) \(names.count == 1 ? "holds tokens other files refer to; it is" : "hold tokens other files refer to; they are") "
            + "listed first in `resolutionOrder`, where it overrides nothing"
        guard let edit = walk.insertItems(items, into: order, reason: reason) else { return nil }
        let expectations = names.indices.map { index in
            MigrationExpectation(keys: ["resolutionOrder", String(index), "$ref"], value: .text("#/sets/" + TokensStudioThemes.pointerEscaped(names[index])))
        }
        return FileMigration(path: document.location.file, format: .dtcg, edits: [edit], notes: [], expectations: expectations)
    }
}

extension MigrationWalk {
    /// An edit that adds `items` (flow text) first in the sequence `sequence`: after a flow sequence's `[`, on
    /// lines of their own when its items are; before a block sequence's first `-`, one line each.
    func insertItems(_ items: [String], into sequence: Node, reason: String) -> TextEdit? {
        let start = offset(sequence.location)
        guard start < bytes.count, let first = sequence.sequenceItems?.first else { return nil }
        if bytes[start] == UInt8(ascii: "[") {
            let firstStart = offset(first.location)
            if bytes[start + 1..<firstStart].contains(where: Self.isLineBreak) {
                let indent = String(repeating: " ", count: max(0, first.location.column - 1))
                let text = items.map { "\n" + indent + $0 + "," }.joined()
                return TextEdit(range: start + 1..<start + 1, replacement: text, location: sequence.location, reason: reason)
            }
            return TextEdit(range: start + 1..<start + 1, replacement: items.map { $0 + ", " }.joined(), location: sequence.location, reason: reason)
        }
        // A block sequence starts at its first `-`, which starts its line after spaces.
        let line = sequence.location.line
        guard line >= 1, line <= lineStarts.count, bytes[start] == UInt8(ascii: "-"),
              bytes[lineStarts[line - 1]..<start].allSatisfy({ $0 == UInt8(ascii: " ") }) else { return nil }
        let indent = String(repeating: " ", count: start - lineStarts[line - 1])
        let text = items.map { indent + "- " + $0 + "\n" }.joined()
        return TextEdit(range: lineStarts[line - 1]..<lineStarts[line - 1], replacement: text, location: sequence.location, reason: reason)
    }
}
