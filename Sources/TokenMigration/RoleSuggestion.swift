import SourceData
import SourceTree
import TokenModel

/// A role `tokenc migrate --suggest-roles` proposes for a color token, read from its name: what the color is
/// for, what it tells people when that is not the role's default, whether it is text, and the surfaces a
/// foreground is drawn on.
public struct RoleSuggestion: Equatable, Sendable {
    /// `$extensions.tokenc.role`.
    public var role: String
    /// `$extensions.tokenc.meaning`, for a structural role with a status word (`text.danger`: destructive).
    public var meaning: String?
    /// `$extensions.tokenc.text`: the foreground is text (4.5:1), not an icon or other UI (3:1).
    public var text: Bool
    /// `$extensions.tokenc.on`: the paths of the surfaces a foreground is drawn on.
    public var on: [String]

    /// A suggestion.
    public init(role: String, meaning: String? = nil, text: Bool = false, on: [String] = []) {
        self.role = role
        self.meaning = meaning
        self.text = text
        self.on = on
    }
}

/// Roles from names and structure, the way design systems name their colors (`text`, `fg`, `label`, `on-*`
/// over `bg`, `background`, `surface`, `fill`): suggestions a person reviews, never applied without `--write`,
/// never inferred while validating.
public enum RoleNames {
    static let foreground: Set<String> = ["text", "fg", "foreground", "label", "icon", "glyph", "ink", "typography"]
    static let textWords: Set<String> = ["text", "fg", "foreground", "label", "ink", "typography"]
    static let separator: Set<String> = ["border", "divider", "separator", "stroke", "outline", "line", "hairline", "rule"]
    static let focus: Set<String> = ["focus", "ring"]
    static let control: Set<String> = ["button", "btn", "control", "input", "field", "switch", "toggle", "chip", "badge", "tag",
                                       "checkbox", "radio", "slider", "tab", "fill"]
    static let elevated: Set<String> = ["surface", "card", "elevated", "raised", "overlay", "popover", "sheet", "dialog", "modal",
                                        "menu", "tooltip", "panel", "container", "layer", "platter"]
    static let background: Set<String> = ["background", "bg", "canvas", "page", "backdrop"]
    static let interactive: Set<String> = ["link", "interactive", "action", "accent", "cta"]
    /// Status words and the meaning (and role, alone) each gives.
    static let status: [String: String] = [
        "danger": "destructive", "error": "destructive", "critical": "destructive", "negative": "destructive", "destructive": "destructive",
        "success": "success", "positive": "success", "valid": "success",
        "warning": "warning", "caution": "warning", "attention": "warning",
        "info": "info", "informative": "info", "information": "info",
    ]
    /// Words of level, emphasis and state: they change neither the role nor the family.
    static let levels: Set<String> = ["secondary", "tertiary", "quaternary", "subtle", "muted", "strong", "emphasis", "inset",
                                      "hover", "hovered", "pressed", "active", "selected", "default", "root", "base", "primary"]
    static let states: Set<String> = ["hover", "hovered", "pressed", "active", "selected"]
    static let defaultWords: Set<String> = ["default", "base", "primary", "canvas", "page"]

    /// The words of a token path, lower-cased: split at dots, hyphens, underscores, spaces and camel-case humps
    /// (`bgColor.onBrand-secondary` is `bg color on brand secondary`); `$root` is `root`.
    public static func words(_ path: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in path {
            if character == "." || character == "-" || character == "_" || character == " " || character == "$" || character == "/" {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else if character.isUppercase, let previous, previous.isLowercase || previous.isNumber {
                if !current.isEmpty { words.append(current) }
                current = String(character)
            } else {
                current.append(character)
            }
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.lowercased() }
    }

    /// The role the words of one path suggest, with its meaning and whether it is text; nil for a name that
    /// says no role (a palette step such as `color.red.500`).
    static func role(_ words: [String]) -> RoleSuggestion? {
        let set = Set(words)
        let meaning = words.compactMap { status[$0] }.first
        let isOn = words.contains("on")
        if isOn || !set.isDisjoint(with: foreground) {
            return RoleSuggestion(role: "label", meaning: meaning, text: !set.isDisjoint(with: textWords) || (isOn && !set.contains("icon")))
        }
        if !set.isDisjoint(with: separator) { return RoleSuggestion(role: "separator", meaning: meaning) }
        if !set.isDisjoint(with: focus) { return RoleSuggestion(role: "focus") }
        if !set.isDisjoint(with: control) { return RoleSuggestion(role: "fill", meaning: meaning) }
        if !set.isDisjoint(with: elevated) { return RoleSuggestion(role: "elevated", meaning: meaning) }
        if !set.isDisjoint(with: background) {
            // A background of an intent (`background.danger`, `bg.brand`) fills a component; a second level of
            // the default background (`background.default.secondary`) is a surface on it.
            // A background in a state (`hover`, `pressed`) is a control's: pages do not hover.
            let intents = family(words)
            if meaning != nil || !intents.isEmpty || !set.isDisjoint(with: states) { return RoleSuggestion(role: "fill", meaning: meaning) }
            if !set.isDisjoint(with: ["secondary", "tertiary", "quaternary", "raised", "subtle", "muted", "inset"]) {
                return RoleSuggestion(role: "elevated")
            }
            return RoleSuggestion(role: "background")
        }
        if !set.isDisjoint(with: interactive) { return RoleSuggestion(role: "interactive") }
        if let meaning { return RoleSuggestion(role: meaning) }
        return nil
    }

    /// The words naming what a color belongs to (`brand`, `danger`, `neutral`): those neither structural nor of
    /// level or state, nor `color`.
    static func family(_ words: [String]) -> [String] {
        let structural = foreground.union(separator).union(focus).union(control).union(elevated).union(background).union(interactive)
        return words.filter { !structural.contains($0) && !levels.contains($0) && $0 != "color" && $0 != "colors" && $0 != "on" }
    }

    /// Suggestions for the color tokens `paths`: each path's role, and for a foreground the surface it is drawn
    /// on: `on-brand-secondary` on the brand fill of that level; a foreground with no `on-` on a surface in its
    /// own group, else on the default background; a disabled one on none (contrast does not apply to it).
    public static func suggest(_ paths: [String]) -> [String: RoleSuggestion] {
        var suggestions: [String: RoleSuggestion] = [:]
        var wordsOf: [String: [String]] = [:]
        for path in paths {
            let words = words(path)
            wordsOf[path] = words
            if let suggestion = role(words) { suggestions[path] = suggestion }
        }
        // A tinted control (`accent.emphasis`) is a surface for the label on it, not a page.
        let surfaces = paths.filter { ["background", "elevated", "fill", "interactive"].contains(suggestions[$0]?.role) }
            .filter { Set(wordsOf[$0]!).isDisjoint(with: states) }
        let pageBackgrounds = surfaces.filter { suggestions[$0]?.role == "background" }
        let page = pageBackgrounds.filter { !Set(wordsOf[$0]!).isDisjoint(with: defaultWords) }.min(by: shorter)
            ?? pageBackgrounds.min(by: shorter)
        for path in paths where suggestions[path]?.role == "label" {
            let words = wordsOf[path]!
            if let on = words.firstIndex(of: "on"), on + 1 < words.count {
                let after = Array(words[(on + 1)...])
                let target = after[0], level = Set(after.dropFirst()).intersection(levels)
                let matches = surfaces.filter { surface in
                    let surfaceWords = Set(wordsOf[surface]!)
                    return surfaceWords.contains(target) && surfaceWords.intersection(levels).subtracting(["default", "root", "base"]) == level
                }
                if let surface = matches.min(by: shorter) { suggestions[path]!.on = [surface] }
            } else if !words.contains("disabled") {
                // A label beside a surface in its own group (`button.primary.label` and `button.primary.bg`) is
                // drawn on that surface; any other on the page.
                let sibling = surfaces.filter { group($0) == group(path) }.min(by: shorter)
                if let surface = sibling ?? page { suggestions[path]!.on = [surface] }
            }
        }
        return suggestions
    }

    /// The group a token path is in (`button.primary` of `button.primary.label`).
    static func group(_ path: String) -> Substring { path.lastIndex(of: ".").map { path[..<$0] } ?? "" }

    /// Orders paths by length, then by text: the plainest name of several first.
    static func shorter(_ a: String, _ b: String) -> Bool { (a.count, a) < (b.count, b) }
}

extension RoleNames {
    /// The edits that write `suggestions` into one file: `$extensions: {tokenc: {role: …}}` as the first member of
    /// each suggested token (a `tokenc` member of its `$extensions` when it has those), in the file's syntax.
    /// A token with `$extensions.tokenc` already is the user's, and left.
    public static func edits(_ file: LoadedFile, bytes: [UInt8], suggestions: [String: RoleSuggestion]) -> FileMigration {
        var walk = MigrationWalk(bytes: bytes, isJSON: file.isJSON, hasComments: FileSyntax(path: file.path) == .jsonWithComments,
                                 format: .dtcg)
        var pending: [(Node, [String])] = file.root.map { [($0, [])] } ?? []
        while let (node, keys) = pending.popLast() {
            guard let entries = node.mappingEntries else { continue }
            if node["$value"] != nil {
                let path = keys.joined(separator: ".")
                guard let suggestion = suggestions[path], node["$extensions"]?["tokenc"] == nil else { continue }
                walk.suggest(suggestion, for: node, keys: keys, path: path)
                continue
            }
            for entry in entries where !entry.key.hasPrefix("$") || entry.key == "$root" { pending.append((entry.value, keys + [entry.key])) }
        }
        return FileMigration(path: file.path, format: .dtcg, edits: TextEdit.inFileOrder(walk.edits), notes: walk.notes, expectations: walk.expectations)
    }
}

extension MigrationWalk {
    /// Writes one suggestion into the token `node`.
    mutating func suggest(_ suggestion: RoleSuggestion, for node: Node, keys: [String], path: String) {
        var members = [jsonQuoted("role") + ": " + jsonQuoted(suggestion.role)]
        if let meaning = suggestion.meaning { members.append(jsonQuoted("meaning") + ": " + jsonQuoted(meaning)) }
        if suggestion.text { members.append(jsonQuoted("text") + ": true") }
        if !suggestion.on.isEmpty {
            members.append(jsonQuoted("on") + ": [" + suggestion.on.map { Self.jsonString("{" + $0 + "}") }.joined(separator: ", ") + "]")
        }
        let object = "{" + members.joined(separator: ", ") + "}"
        let reason = "`\(path)` reads as a \(suggestion.role)" + (suggestion.on.isEmpty ? "" : " drawn on `\(suggestion.on.joined(separator: "`, `"))`")
        let insertion: TextEdit?
        if let extensions = node["$extensions"] {
            insertion = extensions.mappingEntries == nil ? nil : insertMember(named: "tokenc", value: object, into: extensions, reason: reason)
        } else {
            insertion = insertMember(named: "$extensions", value: "{" + jsonQuoted("tokenc") + ": " + object + "}", into: node, reason: reason)
        }
        guard let insertion else {
            notes.append(MigrationNote(location: node.location, path: path, message: "`\(path)` reads as a \(suggestion.role); write `$extensions.tokenc.role` by hand"))
            return
        }
        edits.append(insertion)
        expectations.append(MigrationExpectation(keys: keys + ["$extensions", "tokenc", "role"], value: .text(suggestion.role)))
    }
}
