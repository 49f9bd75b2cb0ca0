import SourceData
import SourceTree
import TokenModel

/// Walks the loaded files' groups and tokens into a list of tokens, with the diagnostics of what they say.
struct TreeWalk {
    var tokens: [Token] = []
    /// The paths of tokens left out for a `$type` that is not a type (their own, or their group's): defined, and
    /// reported once where the type is written.
    var leftOut: [String] = []
    /// The last box made for a token with nothing but facts, for the next such token to share.
    var sharedFacts: TokenDetails?
    var diagnostics: [Diagnostic] = []
    var tokenIndex: [String: Int] = [:]
    var groups: [String: (location: SourceLocation, type: TokenType?)] = [:]
    var extends: [PendingExtends] = []
    /// How many tokens `$extends` has copied so far.
    var copied = 0
    var groupNotes = GroupNotes()
    /// The custom mode names met so far in this file, each checked once for a misspelt built-in appearance.
    var customModes: Set<String> = []

    mutating func error(_ kind: DiagnosticKind, _ message: String, at location: SourceLocation, path: String? = nil,
                        related: [RelatedLocation] = [], fix: String? = nil)
    {
        diagnostics.append(Diagnostic(kind, severity: .error, message: message, location: location,
                                      path: path, related: related, fix: fix))
    }

    /// Warns, once per file and name, when a custom mode name looks like a misspelt built-in appearance
    /// (`drak`, `Dark`, `darkHighContrast`): it would be carried as a brand theme that falls back to light.
    mutating func checkCustomMode(_ name: String, at location: SourceLocation, path: String) {
        guard customModes.insert(name).inserted, let warning = Appearance.misspeltModeWarning(name, at: location, path: path) else { return }
        diagnostics.append(warning)
    }

    /// Reads a group; `path` is its dotted path, nil for a file's top level. A group's `$type`, facts and
    /// `$deprecated` hold for everything inside it that does not say otherwise.
    mutating func group(_ entries: [MappingEntry], at location: SourceLocation, path: String?,
                        inheritedType: TokenType?, isRoot: Bool, inheritedFacts: TokencFacts = TokencFacts(),
                        inheritedDeprecation: String? = nil)
    {
        // Depth first, in document order, as a recursion would go, with the open groups in a list: nesting is
        // bounded by the loader, but a debug build's frame for a group's entry is kilobytes.
        var open = [openGroup(entries, at: location, path: path, inheritedType: inheritedType, isRoot: isRoot,
                              inheritedFacts: inheritedFacts, inheritedDeprecation: inheritedDeprecation)]
        // The group is taken out of the list and put back, not read in place: passing `open[top]` copied it (its
        // entries, path and facts retained and released again) for every entry read.
        while var group = open.popLast() {
            guard group.next < group.entries.count else { continue }
            let index = group.next
            group.next += 1
            let child = readGroupEntry(index, of: group)
            open.append(consume group)
            if let child { open.append(child) }
        }
    }

    /// A group being read: its entries, the next one to read, and what its tokens inherit.
    struct OpenGroup {
        var entries: [MappingEntry]
        var next = 0
        var path: String?
        var dotted: String
        var type: TokenType?
        /// The group, or one it is in, gives a `$type` that is not a type (reported there): its tokens with no
        /// `$type` of their own are left out, not each reported as having none.
        var typeRejected = false
        var facts: TokencFacts
        var deprecation: String?
        var isRoot: Bool
    }

    /// Reads a group's own properties (`$deprecated`, `$extensions.tokenc`, `$type`) and records the group.
    mutating func openGroup(_ entries: [MappingEntry], at location: SourceLocation, path: String?,
                            inheritedType: TokenType?, isRoot: Bool, inheritedFacts: TokencFacts,
                            inheritedDeprecation: String?, inheritedTypeRejected: Bool = false) -> OpenGroup
    {
        let dotted = path ?? ""
        var type = inheritedType
        var typeRejected = inheritedTypeRejected
        var facts = inheritedFacts
        var deprecation = inheritedDeprecation
        if let deprecatedNode = entries.first(where: { $0.key == "$deprecated" })?.value {
            deprecation = checkDeprecated(deprecatedNode, path: dotted)
        }
        if let tokencNode = entries.first(where: { $0.key == "$extensions" })?.value["tokenc"] {
            readFacts(tokencNode, into: &facts, path: dotted)
        }
        if let typeNode = entries.first(where: { $0.key == "$type" })?.value {
            let own = parseType(typeNode, path: dotted)
            type = own ?? inheritedType
            typeRejected = own == nil
        }
        if groups[dotted] == nil { groups[dotted] = (location, type) }
        return OpenGroup(entries: entries, path: path, dotted: dotted, type: type, typeRejected: typeRejected, facts: facts,
                         deprecation: deprecation, isRoot: isRoot)
    }

    /// Reads entry `index` of group `group`: a property, a token, or a child group, which it opens and returns.
    mutating func readGroupEntry(_ index: Int, of group: OpenGroup) -> OpenGroup? {
        let entries = group.entries, path = group.path, dotted = group.dotted, type = group.type
        let facts = group.facts, deprecation = group.deprecation, isRoot = group.isRoot, typeRejected = group.typeRejected
        let key = entries[index].key
        if key.utf8.first == UInt8(ascii: "$") {  // one byte read, where `hasPrefix` cost some 100 instructions a key
            switch key {
            case "$type": return nil
            case "$description":
                if let text = entries[index].value.string {
                    if !dotted.isEmpty, groupNotes.descriptions[dotted] == nil { groupNotes.descriptions[dotted] = text }
                } else {
                    error(.tokenInvalidProperty, "`$description` must be a string, not \(entries[index].value.kindDescription)",
                          at: entries[index].value.location, path: dotted)
                }
            case "$deprecated": return nil
            case "$extensions":
                if entries[index].value.mappingEntries == nil {
                    error(.tokenInvalidProperty, "`$extensions` must be a mapping, not \(entries[index].value.kindDescription)",
                          at: entries[index].value.location, path: dotted)
                } else if !dotted.isEmpty {
                    if groupNotes.extensions[dotted] == nil { groupNotes.extensions[dotted] = PlainValue(entries[index].value) }
                } else if isRoot && path == nil, let own = entries[index].value["dev.tokenc"]?.mappingEntries {
                    // tokenc's JSON output keeps symbol, accent and icon tokens here so the file stays valid DTCG.
                    return openGroup(own, at: entries[index].value.location, path: path, inheritedType: type, isRoot: false,
                                     inheritedFacts: facts, inheritedDeprecation: deprecation, inheritedTypeRejected: typeRejected)
                }
            case "$extends":
                if let target = aliasTarget(entries[index].value.string) {
                    extends.append(PendingExtends(groupPath: dotted, target: target, location: entries[index].value.location, type: type))
                } else {
                    error(.tokenInvalidProperty, "`$extends` must name a group as \"{group.path}\"",
                          at: entries[index].value.location, path: dotted, fix: "write `$extends: \"{base.group}\"`")
                }
            case "$root":
                guard let children = entries[index].value.mappingEntries, children.contains(where: { $0.key == "$value" }) else {
                    error(.tokenInvalidName, "`$root` is reserved for a token holding the group's own value",
                          at: entries[index].keyLocation, path: dotted, fix: "give `$root` a `$value`, or rename it")
                    return nil
                }
                token(children, name: "$root", keyLocation: entries[index].keyLocation, path: (path.map { $0 + "." } ?? "") + "$root", inheritedType: type,
                      inheritedFacts: facts, inheritedDeprecation: deprecation, inheritedTypeRejected: typeRejected)
            case "$schema" where isRoot && path == nil: return nil
            default:
                error(.tokenInvalidName, "`\(key)` is not a DTCG property, and names must not start with `$`",
                      at: entries[index].keyLocation, path: dotted, fix: "rename it without the `$`")
            }
            return nil
        }
        guard checkName(key, at: entries[index].keyLocation, path: dotted) else { return nil }
        let childPath = path.map { String.concatenating($0, ".", key) } ?? key
        guard let children = entries[index].value.mappingEntries else {
            // Style Dictionary's older format writes a token's properties without `$`: `{ value, type, comment }`.
            let legacy = ["value": "$value", "type": "$type", "description": "$description", "comment": "$description"][key]
            let fix = legacy != nil && entries.contains(where: { $0.key == "value" })
                ? "rename `\(key)` to `\(legacy!)`: DTCG writes a token's properties with `$` (Style Dictionary's older format has none)"
                : "write `\(key):` followed by `$value: …` on the next line, indented"
            error(.tokenInvalidValue,
                  "`\(key)` must be a group or a token (a mapping with `$value`), not \(entries[index].value.kindDescription)",
                  at: entries[index].value.location, path: childPath, fix: fix)
            return nil
        }
        if children.contains(where: { $0.key == "$value" || $0.key == "$ref" }) {
            token(children, name: key, keyLocation: entries[index].keyLocation, path: childPath, inheritedType: type,
                  inheritedFacts: facts, inheritedDeprecation: deprecation, inheritedTypeRejected: typeRejected)
        } else {
            return openGroup(children, at: entries[index].keyLocation, path: childPath, inheritedType: type, isRoot: false,
                             inheritedFacts: facts, inheritedDeprecation: deprecation, inheritedTypeRejected: typeRejected)
        }
        return nil
    }

    /// Reads a token; its own `$deprecated` (`false` among them) replaces its groups'.
    mutating func token(_ entries: [MappingEntry], name: String, keyLocation: SourceLocation, path dotted: String,
                        inheritedType: TokenType?, inheritedFacts: TokencFacts, inheritedDeprecation: String? = nil,
                        inheritedTypeRejected: Bool = false)
    {
        var type = inheritedType
        var typeRejected = inheritedTypeRejected
        var facts = inheritedFacts
        var value: Node?
        var description: String?
        var deprecation = inheritedDeprecation
        var extensions: PlainValue?
        var modes: [WrittenMode] = []
        var reference: MappingEntry?
        /// A `light` entry under `$extensions.mode`, which `$value` already is.
        var lightMode: MappingEntry?
        // Read in place by index: binding each entry copied it (its key and value retained, then released).
        for index in entries.indices {
            switch entries[index].key {
            case "$value": value = entries[index].value
            case "$ref": reference = entries[index]
            case "$type":
                type = parseType(entries[index].value, path: dotted)
                typeRejected = false
                // An unknown `$type` is already reported; leave the token out instead of adding "missing type".
                if type == nil {
                    leftOut.append(dotted)
                    return
                }
            case "$description":
                if let text = entries[index].value.string { description = text } else {
                    error(.tokenInvalidProperty, "`$description` must be a string, not \(entries[index].value.kindDescription)",
                          at: entries[index].value.location, path: dotted)
                }
            case "$deprecated": deprecation = checkDeprecated(entries[index].value, path: dotted)
            case "$extensions":
                guard let ext = entries[index].value.mappingEntries else {
                    error(.tokenInvalidProperty, "`$extensions` must be a mapping, not \(entries[index].value.kindDescription)",
                          at: entries[index].value.location, path: dotted)
                    continue
                }
                // Kept for the JSON output, without `mode`: its values are the token's `modes`.
                extensions = !ext.contains(where: { $0.key == "mode" }) ? PlainValue(entries[index].value)
                    : ext.count == 1 ? nil
                    : .object(ext.filter { $0.key != "mode" }.map { PlainEntry(key: $0.key, value: PlainValue($0.value)) })
                if let tokencNode = entries[index].value["tokenc"] { readFacts(tokencNode, into: &facts, path: dotted) }
                if let modeNode = ext.first(where: { $0.key == "mode" })?.value {
                    if let modeEntries = modeNode.mappingEntries {
                        for mode in modeEntries {
                            if mode.key == Appearance.light {
                                lightMode = mode
                                continue
                            }
                            modes.append(WrittenMode(name: mode.key, value: mode.value))
                            if Appearance.builtInIndex(mode.key) == nil { checkCustomMode(mode.key, at: mode.keyLocation, path: dotted) }
                        }
                    } else {
                        error(.tokenInvalidProperty, "`$extensions.mode` must map mode names to values, not \(modeNode.kindDescription)",
                              at: modeNode.location, path: dotted, fix: "write `mode: { dark: …, dark-high-contrast: … }`")
                    }
                }
            default:
                if entries[index].key.hasPrefix("$") {
                    error(.tokenInvalidProperty, "`\(entries[index].key)` is not a token property",
                          at: entries[index].keyLocation, path: dotted,
                          fix: "tokens take `$value`, `$type`, `$description`, `$deprecated` and `$extensions`; put other data under `$extensions`")
                } else {
                    error(.tokenValueAndChildren, "`\(dotted)` has a `$value`, so it cannot also hold `\(entries[index].key)`",
                          at: entries[index].keyLocation, path: dotted,
                          fix: "move `\(entries[index].key)` into a group of its own, or remove the `$value`")
                }
            }
        }
        if let reference {
            if value != nil {
                error(.tokenInvalidProperty, "`\(dotted)` has both `$value` and `$ref`; a token takes one of them",
                      at: reference.keyLocation, path: dotted, fix: "remove `$ref` or `$value`")
                return
            }
            // `$ref` in place of `$value` is a reference to another token's value.
            value = Node(.mapping([reference]), at: reference.value.location)
        }
        // Moved out of the variable (binding it copied the node, and the variable then destroyed its own).
        guard let value = consume value else { return }
        // Under a group whose `$type` is not a type (reported at the group), a token with none of its own is left
        // out: its "missing type" would follow from that one mistake.
        if type == nil, typeRejected {
            leftOut.append(dotted)
            return
        }
        // `$value` is the light appearance; a different `light` mode would be dropped without a word.
        if let lightMode, let written = lightMode.value.scalarText, let own = value.scalarText, written != own {
            error(.tokenInvalidProperty,
                  "`light` under `$extensions.mode` is `\(written)`, but `$value` is the light appearance and is `\(own)`",
                  at: lightMode.keyLocation, path: dotted, fix: "remove `light` from `mode`, or make `\(written)` the `$value`")
        }
        if value.scalar == .null {
            error(.tokenInvalidValue, "`$value` is empty", at: value.location, path: dotted,
                  fix: "give the token a value")
            return
        }
        // Duplicates are found when the files are joined, in file order.
        // Tokens with only their groups' facts share one box per run of equal facts (a group's tokens come together).
        var details: TokenDetails?
        if description == nil, deprecation == nil, extensions == nil, !facts.isEmpty {
            if let shared = sharedFacts, shared.facts == facts {
                details = shared
            } else {
                details = TokenDetails.make(description: nil, deprecation: nil, extensions: nil, facts: facts)
                sharedFacts = details
            }
        } else {
            details = TokenDetails.make(description: consume description, deprecation: consume deprecation,
                                        extensions: consume extensions, facts: facts)
        }
        // What the walk gathered is moved into the token, not copied (each copy retained, and the end released).
        tokens.append(Token(path: dotted, type: type, location: keyLocation, value: consume value, modes: consume modes,
                            details: consume details))
    }

    /// The tokens walked so far, moved out: the walk is left none.
    mutating func takeTokens() -> [Token] {
        var taken: [Token] = []
        swap(&taken, &tokens)
        return taken
    }

    /// Tokens sorted by path, stably, and their paths in that order.
    static func sortedByPath(_ tokens: consuming [Token]) -> (tokens: [Token], paths: [String]) {
        var sorted = tokens
        // Sorted where they are: the sort moves each token's bytes, retaining nothing (sorting their indices and
        // then swapping the tokens into that order copied each one through its value witnesses).
        sorted.sort { $0.path < $1.path }
        return (sorted, sorted.map(\.path))
    }

}
