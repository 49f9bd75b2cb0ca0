import SourceData
import SourceTree
import TokenModel

/// Reads DTCG Resolver Module 2025.10 documents: validates them and turns sets and the `appearance` modifier
/// into the same model as `$extensions.mode`.
public struct ResolverDocumentReader: Sendable {
    /// The version this reader accepts.
    public static let version = "2025.10"
    /// Context names of the `appearance` modifier, with the spec example's camel-case spellings.
    public static let appearanceContexts: [String: String] = [
        "light": Appearance.light, "dark": Appearance.dark,
        "light-high-contrast": Appearance.lightHighContrast, "lightHighContrast": Appearance.lightHighContrast,
        "dark-high-contrast": Appearance.darkHighContrast, "darkHighContrast": Appearance.darkHighContrast,
    ]

    /// What a resolver document resolves to: the sources of the base tokens and of each appearance.
    public struct Resolution: Sendable {
        /// Sources whose tokens are the default (`$value`) tokens, in resolution order.
        public var base: [LoadedFile] = []
        /// Sources per mode (each appearance, each theme, and each theme's own appearances), in resolution order.
        public var modes: [(mode: String, sources: [LoadedFile])] = []
        /// The sets `sets` defines that neither `resolutionOrder` nor another set or modifier uses, with their
        /// sources: their tokens are not part of the resolution, and an alias of one is told so.
        public var unlistedSets: [(name: String, sources: [LoadedFile])] = []
    }

    /// Creates a reader.
    public init() {}

    /// Whether a file's root is a resolver document rather than a token file (recognised by its structure).
    public static func isResolverDocument(_ root: Node?) -> Bool {
        guard let root, root.mappingEntries != nil else { return false }
        if root["resolutionOrder"] != nil { return true }
        // `version: "2025.10"` beside nothing that looks like a token group (a group named `version` is a mapping).
        guard root["version"]?.string != nil else { return false }
        let resolverKeys: Set<String> = ["name", "version", "description", "sets", "modifiers", "$schema", "$defs", "$extensions"]
        return root.mappingEntries!.allSatisfy { resolverKeys.contains($0.key) || $0.value.mappingEntries == nil }
    }

    /// Validates and resolves `file`; `load` reads a file a source `$ref` names (relative to the document).
    public func read(_ file: LoadedFile, load: @escaping (String) -> LoadedFile?) -> (Resolution, [Diagnostic]) {
        var run = ResolverRun(file: file, load: load)
        run.read()
        return (run.resolution, run.diagnostics)
    }
}

private struct ResolverRun {
    let file: LoadedFile
    let load: (String) -> LoadedFile?
    var resolution = ResolverDocumentReader.Resolution()
    var diagnostics: [Diagnostic] = []
    var sets: [String: Node] = [:]
    var modifiers: [String: Node] = [:]

    init(file: LoadedFile, load: @escaping (String) -> LoadedFile?) {
        self.file = file
        self.load = load
    }

    mutating func fail(_ message: String, _ node: Node, fix: String? = nil) {
        diagnostics.append(Diagnostic(.resolverInvalid, severity: .error, message: message, location: node.location, fix: fix))
    }

    mutating func allowOnly(_ node: Node, _ keys: Set<String>, what: String) {
        for entry in node.mappingEntries ?? [] where !keys.contains(entry.key) {
            diagnostics.append(Diagnostic(
                .resolverInvalid, severity: .error, message: "`\(entry.key)` is not a property of \(what)",
                location: entry.keyLocation, fix: "allowed: " + keys.sorted().joined(separator: ", ")))
        }
    }

    mutating func read() {
        guard let root = file.root else { return }
        allowOnly(root, ["name", "version", "description", "sets", "modifiers", "resolutionOrder", "$schema", "$defs", "$extensions"],
                  what: "a resolver document")
        if let version = root["version"] {
            if version.string != ResolverDocumentReader.version {
                fail("`version` must be \"\(ResolverDocumentReader.version)\"", version)
            }
        } else {
            fail("a resolver document needs `version: \"\(ResolverDocumentReader.version)\"`", root)
        }
        if let node = root["sets"] {
            for entry in node.mappingEntries ?? [] {
                sets[entry.key] = entry.value
                checkSet(entry.value, what: "the set `\(entry.key)`", inline: false)
            }
        }
        if let node = root["modifiers"] {
            for entry in node.mappingEntries ?? [] {
                modifiers[entry.key] = entry.value
                checkModifier(entry.value, what: "the modifier `\(entry.key)`", inline: false)
            }
        }
        checkSetCycles()
        guard let order = root["resolutionOrder"] else {
            fail("a resolver document needs `resolutionOrder`, the list of sets and modifiers to apply", root)
            return
        }
        guard let items = order.sequenceItems, !items.isEmpty else {
            fail("`resolutionOrder` must be a non-empty list", order)
            return
        }
        var names: [String: SourceLocation] = [:]
        for item in items {
            var name: String?
            var isModifier = false
            var definition: Node?
            if let pointer = item["$ref"]?.string {
                if pointer.hasPrefix("#/sets/"), let set = sets[JSONPointer.unescaped(pointer.dropFirst(7))] {
                    name = JSONPointer.unescaped(pointer.dropFirst(7)); definition = set
                } else if pointer.hasPrefix("#/modifiers/"), let modifier = modifiers[JSONPointer.unescaped(pointer.dropFirst(12))] {
                    name = JSONPointer.unescaped(pointer.dropFirst(12)); definition = modifier; isModifier = true
                } else {
                    fail("`\(pointer)` must name an entry of `sets` or `modifiers`", item)
                    continue
                }
            } else {
                switch item["type"]?.string {
                case "set":
                    checkSet(item, what: "an inline set", inline: true)
                case "modifier":
                    checkModifier(item, what: "an inline modifier", inline: true)
                    isModifier = true
                default:
                    fail("an inline entry of `resolutionOrder` needs `type: set` or `type: modifier`", item)
                    continue
                }
                name = item["name"]?.string
                if name == nil { fail("an inline \(isModifier ? "modifier" : "set") needs a `name`", item); continue }
                definition = item
            }
            guard let name, let definition else { continue }
            if let first = names[name] {
                diagnostics.append(Diagnostic(
                    .resolverInvalid, severity: .error, message: "`\(name)` appears twice in `resolutionOrder`",
                    location: item.location, related: [RelatedLocation(first, "first `\(name)` is here")]))
                continue
            }
            names[name] = item.location
            if isModifier { applyModifier(name, definition) } else { resolution.base += sources(definition["sources"]) }
        }
        combineThemesWithAppearances()
        // A set no entry uses: its files are read only to tell an alias of one of its tokens why it is not there.
        let used = Set(Self.pointers(in: root).filter { $0.hasPrefix("#/sets/") }.map { JSONPointer.unescaped($0.dropFirst(7)) })
        for entry in root["sets"]?.mappingEntries ?? [] where !used.contains(entry.key) {
            let before = diagnostics.count
            let files = sources(entry.value["sources"])
            diagnostics.removeSubrange(before...)
            resolution.unlistedSets.append((entry.key, files))
        }
    }

    /// Every `$ref` string in the document, wherever it is.
    static func pointers(in node: Node) -> [String] {
        switch node.kind {
        case .scalar: return []
        case .sequence(let items): return items.flatMap(pointers)
        case .mapping(let entries):
            return entries.flatMap { entry in entry.key == "$ref" ? (entry.value.string.map { [$0] } ?? []) : pointers(in: entry.value) }
        }
    }

    /// The built-in appearances (other than light) the `appearance` modifier gives, with their sources and the
    /// modifier's place in `resolutionOrder`.
    var appearances: [(mode: String, sources: [LoadedFile], rank: Int)] = []
    /// The themes other modifiers give, with their sources and their modifier's place in `resolutionOrder`.
    var themes: [(name: String, sources: [LoadedFile], rank: Int)] = []
    /// How many modifiers have been applied: the next one's place in `resolutionOrder`.
    var modifiersApplied = 0

    /// Gives each theme its own appearances: `forest-dark` merges the `forest` context's sources and the `dark`
    /// context's in the order their modifiers have in `resolutionOrder`, the later one winning, as the Resolver
    /// Module resolves the two contexts chosen together. An appearance brings the sources of the appearances it
    /// falls back to before its own (dark high contrast: dark's, then its own), as it does without a theme. A
    /// mode of that name a context already gives stays.
    mutating func combineThemesWithAppearances() {
        guard !themes.isEmpty, !appearances.isEmpty else { return }
        let taken = Set(resolution.modes.map(\.mode))
        for appearance in appearances {
            let layered = Appearance.fallbacks(for: appearance.mode).reversed().flatMap { fallback in
                appearances.first { $0.mode == fallback }?.sources ?? []
            } + appearance.sources
            for theme in themes {
                let mode = Appearance.combined(theme: theme.name, appearance: appearance.mode)
                guard !taken.contains(mode) else { continue }
                resolution.modes.append((mode, theme.rank < appearance.rank ? theme.sources + layered : layered + theme.sources))
            }
        }
    }

    mutating func checkSet(_ node: Node, what: String, inline: Bool) {
        guard node.mappingEntries != nil else { return fail("\(what) must be a mapping", node) }
        allowOnly(node, inline ? ["type", "name", "sources", "description", "$extensions"] : ["sources", "description", "$extensions"], what: what)
        guard let sources = node["sources"] else { return fail("\(what) needs `sources`", node) }
        guard let items = sources.sequenceItems else { return fail("`sources` must be a list", sources) }
        for item in items { checkSource(item) }
    }

    mutating func checkModifier(_ node: Node, what: String, inline: Bool) {
        guard node.mappingEntries != nil else { return fail("\(what) must be a mapping", node) }
        allowOnly(node, inline ? ["type", "name", "contexts", "default", "description", "$extensions"]
                          : ["contexts", "default", "description", "$extensions"], what: what)
        guard let contexts = node["contexts"] else { return fail("\(what) needs `contexts`", node) }
        guard let entries = contexts.mappingEntries, entries.count >= 2 else {
            return fail("\(what) needs at least two contexts; a modifier with one context changes nothing", contexts,
                        fix: "make it a set, or add the other contexts")
        }
        for entry in entries {
            guard let items = entry.value.sequenceItems else {
                fail("the context `\(entry.key)` must be a list of sources", entry.value)
                continue
            }
            for item in items { checkSource(item) }
        }
        if let fallback = node["default"], let name = fallback.string, !entries.contains(where: { $0.key == name }) {
            fail("`default` names `\(name)`, which is not one of the contexts", fallback)
        }
    }

    mutating func checkSource(_ node: Node) {
        guard let pointer = node["$ref"]?.string else { return }
        if pointer.hasPrefix("#/modifiers/") {
            fail("a source cannot reference a modifier (`\(pointer)`); sources are sets or token files", node)
        } else if pointer.hasPrefix("#/resolutionOrder") {
            fail("a source cannot reference an entry of `resolutionOrder`", node)
        } else if pointer.hasPrefix("#/"), !pointer.hasPrefix("#/sets/") {
            fail("`\(pointer)` is not a set or a token file", node)
        }
    }

    mutating func checkSetCycles() {
        var state: [String: Int] = [:]
        func visit(_ name: String, _ chain: [String], run: inout ResolverRun) {
            if state[name] == 2 { return }
            if state[name] == 1 {
                let cycle = chain[(chain.firstIndex(of: name) ?? 0)...] + [name]
                run.fail("these sets include each other in a circle: " + cycle.map { "`\($0)`" }.joined(separator: " → "),
                         run.sets[name]!)
                return
            }
            state[name] = 1
            for source in run.sets[name]?["sources"]?.sequenceItems ?? [] {
                if let pointer = source["$ref"]?.string, pointer.hasPrefix("#/sets/") {
                    let target = JSONPointer.unescaped(pointer.dropFirst(7))
                    if run.sets[target] != nil { visit(target, chain + [name], run: &run) } else {
                        run.fail("`\(pointer)` names no set", source)
                    }
                }
            }
            state[name] = 2
        }
        for name in sets.keys.sorted() { visit(name, [], run: &self) }
    }

    /// Whether the document has an error so far: its advice about appearances would only add to the noise.
    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The appearance modifier becomes modes; any other modifier contributes its default context, and its other
    /// contexts that are no appearance become themes (custom modes).
    mutating func applyModifier(_ name: String, _ node: Node) {
        guard let contexts = node["contexts"]?.mappingEntries, contexts.count >= 2 else { return }
        let rank = modifiersApplied
        modifiersApplied += 1
        let defaultName = node["default"]?.string ?? contexts[0].key
        if name == "appearance" {
            for context in contexts {
                let list = sources(context.value)
                let appearance = ResolverDocumentReader.appearanceContexts[context.key]
                let mode = appearance ?? context.key
                if appearance == nil, !hasErrors,
                   let warning = Appearance.misspeltModeWarning(context.key, at: context.keyLocation)
                {
                    diagnostics.append(warning)
                }
                if context.key == defaultName || mode == Appearance.light {
                    resolution.base += list
                } else {
                    resolution.modes.append((mode, list))
                    if appearance != nil { appearances.append((mode, list, rank)) }
                }
            }
        } else if let chosen = contexts.first(where: { $0.key == defaultName }) {
            resolution.base += sources(chosen.value)
            warnOfAppearances(in: name, contexts: contexts, chosen: defaultName)
            // Each other context that is no appearance (a brand, a density) is a theme: a custom mode the outputs
            // carry, as `$extensions.mode` brand themes are.
            var made = 0
            for context in contexts where context.key != defaultName && Appearance.builtIn(spelledAs: context.key) == nil {
                let list = sources(context.value)
                resolution.modes.append((context.key, list))
                themes.append((context.key, list, rank))
                made += 1
            }
            if made > 0 { noteThemesFrom(name, at: node.location) }
        }
    }

    /// The modifiers other than `appearance` whose contexts became themes, in order, for `resolver/combined-modifiers`.
    var themeModifiers: [(name: String, location: SourceLocation)] = []

    /// Notes that modifier `name` made themes; a second such modifier is warned of, once: tokenc carries each
    /// theme in every appearance, but not a theme of one modifier combined with a theme of another (a `forest`
    /// brand at `compact` density).
    mutating func noteThemesFrom(_ name: String, at location: SourceLocation) {
        themeModifiers.append((name, location))
        guard themeModifiers.count == 2, !hasErrors else { return }
        let first = themeModifiers[0]
        diagnostics.append(Diagnostic(
            .resolverCombinedModifiers, severity: .warning,
            message: "`\(first.name)` and `\(name)` both make themes: tokenc carries each theme over the other modifier's default "
                + "(and in every appearance), not their combinations, so no mode is a theme of `\(first.name)` and of `\(name)` at once",
            location: location, related: [RelatedLocation(first.location, "`\(first.name)` is here")],
            fix: "give the combinations contexts of their own in one of the two modifiers (`forest-compact`)"))
    }

    /// Warns when a modifier other than `appearance` has appearance contexts (`theme` with `light` and `dark`,
    /// as the DTCG examples write it): only its default context is read, so the others would silently go.
    mutating func warnOfAppearances(in name: String, contexts: [MappingEntry], chosen: String) {
        let left = contexts.filter { context in
            context.key != chosen && Appearance.builtIn(spelledAs: context.key) != nil
        }
        guard let first = left.first, !hasErrors else { return }
        let names = left.map { "`\($0.key)`" }.joined(separator: ", ")
        let hasAppearance = modifiers["appearance"] != nil
        diagnostics.append(Diagnostic(
            .resolverAppearanceModifier, severity: .warning,
            message: "the modifier `\(name)` has appearance contexts, but only the modifier named `appearance` becomes appearances: tokenc reads its default context `\(chosen)` and leaves out \(names)",
            location: first.keyLocation,
            fix: hasAppearance ? "move these contexts into the `appearance` modifier" : "rename the modifier to `appearance`"))
    }

    /// The node a JSON Pointer (`/a/b`, RFC 6901 escapes `~0` and `~1`) names inside `root`, if any.
    static func node(at pointer: String, in root: Node?) -> Node? {
        var current = root
        for segment in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = JSONPointer.unescaped(segment)
            if let items = current?.sequenceItems {
                guard let index = Int(key), items.indices.contains(index) else { return nil }
                current = items[index]
            } else {
                current = current?[key]
            }
        }
        return current
    }

    mutating func sources(_ node: Node?, depth: Int = 0) -> [LoadedFile] {
        var out: [LoadedFile] = []
        for item in node?.sequenceItems ?? [] {
            if let pointer = item["$ref"]?.string, item.mappingEntries?.count == 1 {
                if pointer.hasPrefix("#/sets/") {
                    guard depth < 32, let set = sets[JSONPointer.unescaped(pointer.dropFirst(7))] else { continue }
                    out += sources(set["sources"], depth: depth + 1)
                } else if !pointer.hasPrefix("#") {
                    // `file.json`, or `file.json#/group` for one group of a file (RFC 6901 after the `#`).
                    let parts = pointer.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                    let path = String(parts[0]), fragment = parts.count > 1 ? String(parts[1]) : ""
                    guard fragment.isEmpty || fragment.hasPrefix("/") else {
                        fail("in `\(pointer)` the part after `#` must be a JSON Pointer, starting with `/`", item, fix: "write `\(path)#/\(fragment)`")
                        continue
                    }
                    guard let loaded = load(path) else {
                        fail("cannot read the token file `\(path)` (paths are relative to the resolver document)", item)
                        continue
                    }
                    guard !fragment.isEmpty else {
                        out.append(loaded)
                        continue
                    }
                    guard let part = Self.node(at: fragment, in: loaded.root), part.mappingEntries != nil else {
                        fail("`\(fragment)` names no group in `\(path)`", item, fix: "point at a group of the file, such as `\(path)#/color`")
                        continue
                    }
                    out.append(LoadedFile(path: loaded.path, root: part, isJSON: loaded.isJSON))
                }
            } else {
                out.append(LoadedFile(path: file.path, root: item, isJSON: file.isJSON))
            }
        }
        return out
    }
}
