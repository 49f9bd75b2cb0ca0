import SourceData
import SourceTree
import TokenModel

/// What migrate changes in a resolver document so that tokenc reads what its author meant:
/// - sets `resolutionOrder` leaves out although other files' aliases need their tokens (a DTCG example set's
///   typography refers to font families in one) are listed first, where every set and modifier after them
///   overrides what they define, so they add tokens and change none;
/// - a modifier of light and dark contexts named other than `appearance` (`theme`, as the DTCG examples write
///   it) is renamed `appearance`, and its contexts are given tokenc's appearance names (`dark_ax` is
///   `dark-high-contrast`): only that modifier becomes appearances.
public enum ResolverMigration {
    /// The sets `document` defines under `sets` that nothing in it refers to (`#/sets/NAME`), each with the
    /// paths its sources name (`./fonts.tokens.json`), as written.
    public static func unlistedSets(_ document: Node) -> [(name: String, sources: [String])] {
        guard let sets = document["sets"]?.mappingEntries else { return [] }
        let referred = Set(references(in: document).compactMap(\.string).filter { $0.hasPrefix("#/sets/") }.map {
            JSONPointer.unescaped($0.dropFirst("#/sets/".count))
        })
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

    /// Every `$ref` value in `node`.
    public static func references(in node: Node) -> [Node] {
        var found: [Node] = []
        var pending = [node]
        while let current = pending.popLast() {
            switch current.kind {
            case .scalar: continue
            case .sequence(let items): pending += items
            case .mapping(let entries):
                for entry in entries {
                    if entry.key == "$ref" { found.append(entry.value) } else { pending.append(entry.value) }
                }
            }
        }
        return found
    }

    /// The modifier that holds light and dark contexts under another name than `appearance`, with the contexts
    /// whose names are other spellings of the appearances (`dark_ax` → `dark-high-contrast`); nil when the
    /// document has an `appearance` modifier, or no modifier whose contexts are all appearances.
    public static func appearanceModifier(_ document: Node) -> (name: String, contexts: [(from: String, to: String)])? {
        guard let modifiers = document["modifiers"]?.mappingEntries, !modifiers.contains(where: { $0.key == "appearance" }) else { return nil }
        for modifier in modifiers {
            guard let contexts = modifier.value["contexts"]?.mappingEntries, contexts.count >= 2 else { continue }
            let spelled = contexts.map { Appearance.builtIn(spelledAs: $0.key) }
            guard spelled.allSatisfy({ $0 != nil }), Set(spelled).count == contexts.count, spelled.contains(Appearance.dark) else { continue }
            return (modifier.key, zip(contexts, spelled).compactMap { $0.key == $1! ? nil : ($0.key, $1!) })
        }
        return nil
    }

    /// The edits that list the sets `names` first in `document`'s `resolutionOrder` and give the appearance
    /// modifier its name (`appearanceModifier`), in the file's syntax, with what the document must read as
    /// afterwards; nil when there is nothing to do or an edit has no place to go.
    public static func plan(listing names: [String], in document: Node, bytes: [UInt8], isJSON: Bool) -> FileMigration? {
        var walk = MigrationWalk(bytes: bytes, isJSON: isJSON, format: .dtcg)
        if !names.isEmpty {
            guard let order = document["resolutionOrder"], order.sequenceItems != nil else { return nil }
            let items = names.map { "{ " + walk.jsonQuoted("$ref") + ": " + MigrationWalk.jsonString("#/sets/" + TokensStudioThemes.pointerEscaped($0)) + " }" }
            let reason = "\(names.map { "the set `\($0)`" }.joined(separator: ", ")) \(names.count == 1 ? "holds tokens other files refer to; it is" : "hold tokens other files refer to; they are") "
                + "listed first in `resolutionOrder`, where it overrides nothing"
            guard let edit = walk.insertItems(items, into: order, reason: reason) else { return nil }
            walk.edits.append(edit)
            for (index, name) in names.enumerated() {
                walk.expectations.append(MigrationExpectation(keys: ["resolutionOrder", String(index), "$ref"], value: .text("#/sets/" + TokensStudioThemes.pointerEscaped(name))))
            }
        }
        if let (name, contexts) = appearanceModifier(document), let entry = document["modifiers"]?.mappingEntries?.first(where: { $0.key == name }) {
            let reason = "only the modifier named `appearance` becomes tokenc's appearances: `\(name)` holds light and dark"
            walk.renameKey(entry, to: "appearance", reason: reason)
            walk.renameReferences(in: document, from: "#/modifiers/" + TokensStudioThemes.pointerEscaped(name), to: "#/modifiers/appearance", reason: reason)
            for context in entry.value["contexts"]?.mappingEntries ?? [] {
                guard let renamed = contexts.first(where: { $0.from == context.key })?.to else { continue }
                walk.renameKey(context, to: renamed, reason: "`\(context.key)` is tokenc's appearance `\(renamed)`")
            }
            if let chosen = entry.value["default"], let renamed = contexts.first(where: { $0.from == chosen.string })?.to {
                walk.replaceScalar(chosen, with: renamed, reason: "`\(chosen.string ?? "")` is tokenc's `\(renamed)`")
                walk.expectations.append(MigrationExpectation(keys: ["modifiers", "appearance", "default"], value: .text(renamed)))
            }
        }
        guard !walk.edits.isEmpty else { return nil }
        return FileMigration(path: document.location.file, format: .dtcg, edits: TextEdit.inFileOrder(walk.edits), notes: [], expectations: walk.expectations)
    }
}

extension MigrationWalk {
    /// Rewrites every `$ref` in `node` that is `from` to `to`.
    mutating func renameReferences(in node: Node, from: String, to: String, reason: String) {
        for reference in ResolverMigration.references(in: node) where reference.string == from {
            replaceScalar(reference, with: to, reason: reason)
        }
    }

    /// An edit that adds `items` (flow text) first in the sequence `sequence`: after a flow sequence's `[`, on
    /// lines of their own when its items are; before a block sequence's first `-`, one line each.
    func insertItems(_ items: [String], into sequence: Node, reason: String) -> TextEdit? {
        guard let start = collectionStart(sequence), let first = sequence.sequenceItems?.first else { return nil }
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
