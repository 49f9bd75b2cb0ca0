import SourceData
import SourceTree
import TokenModel

/// Tokens Studio's themes (`$themes`: each theme's token sets, `enabled`, `source` or `disabled`) and set order
/// (`$metadata.tokenSetOrder`), as a DTCG resolver document: the sets every theme uses are the base, in the set
/// order; the sets the themes differ by are a modifier's contexts, `appearance` when the themes are light and
/// dark (tokenc's appearances), else named after the themes' group.
public enum TokensStudioThemes {
    /// One token set and where its tokens are, as a resolver document's `$ref` (`light.json`, `tokens.json#/light`).
    public struct SetSource: Sendable, Equatable {
        /// The set's name in Tokens Studio (`global`, `core/colors`).
        public var name: String
        /// Its source, relative to the resolver document.
        public var reference: String

        /// Creates a set source.
        public init(name: String, reference: String) {
            self.name = name
            self.reference = reference
        }
    }

    /// The resolver document's text (JSON) for `themes` (the `$themes` list, nil when there is none) and
    /// `metadata` (`$metadata`), over `sets`, and what could not be carried over.
    public static func resolverDocument(themes: Node?, metadata: Node?, sets: [SetSource]) -> (text: String, notes: [String]) {
        var notes: [String] = []
        let declaredOrder = metadata?["tokenSetOrder"]?.sequenceItems?.compactMap(\.string) ?? []
        let order = declaredOrder.filter { name in sets.contains { $0.name == name } }
            + sets.map(\.name).filter { !declaredOrder.contains($0) }
        for name in declaredOrder where !sets.contains(where: { $0.name == name }) {
            notes.append("the set `\(name)` in `tokenSetOrder` has no token file; it is left out")
        }
        let reference = Dictionary(sets.map { ($0.name, $0.reference) }, uniquingKeysWith: { first, _ in first })
        struct Theme { var name: String; var group: String?; var sets: Set<String> }
        let themeList: [Theme] = (themes?.sequenceItems ?? []).compactMap { item in
            guard let name = item["name"]?.string else { return nil }
            let selected = (item["selectedTokenSets"]?.mappingEntries ?? []).filter { $0.value.string == "enabled" || $0.value.string == "source" }
            return Theme(name: name, group: item["group"]?.string, sets: Set(selected.map(\.key).filter { reference[$0] != nil }))
        }
        // Sets every theme uses (all of them, without themes) are the base; so are those of a group's only
        // theme, which is always the one chosen (a modifier needs two contexts).
        var groups: [String?] = []
        for theme in themeList where !groups.contains(theme.group) { groups.append(theme.group) }
        let alwaysChosen = groups.compactMap { group in
            let members = themeList.filter { $0.group == group }
            return members.count == 1 ? members[0].sets : nil
        }.reduce(into: Set<String>()) { $0.formUnion($1) }
        let base = themeList.isEmpty ? order
            : order.filter { name in themeList.allSatisfy { $0.sets.contains(name) } || alwaysChosen.contains(name) }
        var modifiers: [(name: String, contexts: [(String, [String])], defaultContext: String)] = []
        for group in groups {
            let members = themeList.filter { $0.group == group }
            guard members.count > 1 else { continue }
            let appearances = members.map { Self.appearance($0.name) }
            let isAppearance = appearances.allSatisfy { $0 != nil } && Set(appearances.compactMap { $0 }).count == members.count
            let contexts = zip(members, appearances).map { theme, appearance in
                (isAppearance ? appearance! : theme.name, order.filter { theme.sets.contains($0) && !base.contains($0) })
            }
            let name = isAppearance ? "appearance" : Self.modifierName(group, taken: modifiers.map(\.name))
            let defaultContext = contexts.first { $0.0 == "light" }?.0 ?? contexts[0].0
            modifiers.append((name, contexts, defaultContext))
        }
        let string = MigrationWalk.jsonString
        func sources(_ names: [String]) -> String { "[" + names.map { "{ \"$ref\": \(string(reference[$0]!)) }" }.joined(separator: ", ") + "]" }
        var text = "{\n  \"$schema\": \"https://www.designtokens.org/schemas/2025.10/resolver.json\",\n  \"version\": \"2025.10\",\n"
        text += "  \"sets\": {\n" + base.map { "    \(string($0)): { \"sources\": \(sources([$0])) }" }.joined(separator: ",\n") + "\n  },\n"
        if !modifiers.isEmpty {
            text += "  \"modifiers\": {\n" + modifiers.map { modifier in
                "    \(string(modifier.name)): {\n      \"contexts\": {\n"
                    + modifier.contexts.map { "        \(string($0.0)): \(sources($0.1))" }.joined(separator: ",\n")
                    + "\n      },\n      \"default\": \(string(modifier.defaultContext))\n    }"
            }.joined(separator: ",\n") + "\n  },\n"
        }
        let entries = base.map { "{ \"$ref\": \(string("#/sets/" + Self.pointerEscaped($0))) }" }
            + modifiers.map { "{ \"$ref\": \(string("#/modifiers/" + Self.pointerEscaped($0.name))) }" }
        text += "  \"resolutionOrder\": [\n    " + entries.joined(separator: ",\n    ") + "\n  ]\n}\n"
        return (text, notes)
    }

    /// Whether a file is Tokens Studio's `$themes.json` or `$metadata.json` (no tokens: migrate makes a resolver
    /// document of them).
    public static func isThemesFile(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name == "$themes.json" || name == "$metadata.json"
    }

    /// tokenc's appearance a theme's name means (`Light`, `dark`, `Dark High Contrast`), or nil.
    static func appearance(_ name: String) -> String? {
        let words = name.lowercased().split(whereSeparator: { " -_".contains($0) }).map(String.init)
        switch words {
        case ["light"]: return Appearance.light
        case ["dark"]: return Appearance.dark
        case ["light", "high", "contrast"], ["high", "contrast", "light"]: return Appearance.lightHighContrast
        case ["dark", "high", "contrast"], ["high", "contrast", "dark"]: return Appearance.darkHighContrast
        default: return nil
        }
    }

    /// A modifier's name from a theme group's (`Brand` is `brand`), unique among `taken`.
    static func modifierName(_ group: String?, taken: [String]) -> String {
        let base = group.map { $0.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "-") }
            .flatMap { $0.isEmpty ? nil : $0 } ?? "theme"
        var name = base, n = 2
        while taken.contains(name) || name == "appearance" {
            name = "\(base)-\(n)"
            n += 1
        }
        return name
    }

    /// A name as one JSON Pointer segment (RFC 6901: `~` is `~0`, `/` is `~1`).
    public static func pointerEscaped(_ name: String) -> String {
        name.replacing("~", with: "~0").replacing("/", with: "~1")
    }
}
