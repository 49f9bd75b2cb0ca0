import SourceData
import SourceTree
import TokenModel

/// The tree walk's checks of what a token or group says about itself: `$extensions.tokenc` facts,
/// `$deprecated`, `$type` and names.
extension TreeWalk {
    /// Reads `$extensions.tokenc` over inherited facts: keys given here replace the inherited ones, `ignore` adds.
    mutating func readFacts(_ node: Node, into facts: inout TokencFacts, path: String) {
        guard let entries = node.mappingEntries else {
            error(.tokenInvalidProperty, "`$extensions.tokenc` must be a mapping, not \(node.kindDescription)",
                  at: node.location, path: path)
            return
        }
        for entry in entries {
            let value = entry.value
            switch entry.key {
            case "on":
                guard let items = value.sequenceItems else {
                    // One surface written alone, with or without braces: the fix is the list holding it.
                    let surface = value.string.map { $0.hasPrefix("{") ? $0 : "{\($0)}" }
                    error(.tokenInvalidProperty, "`on` must be a list of surfaces such as [\"{color.background.primary}\"]",
                          at: value.location, path: path, fix: surface.map { "write `on: [\"\($0)\"]`" })
                    continue
                }
                // Gathered, then set once: each change of a fact makes a new box of them.
                var on: [TokenReference] = []
                for item in items {
                    if let target = aliasTarget(item.string) {
                        on.append(TokenReference(path: target, location: item.location))
                    } else {
                        error(.tokenInvalidProperty, "each surface in `on` must be an alias such as \"{color.background.primary}\"",
                              at: item.location, path: path)
                    }
                }
                facts.on = on
            case "text", "large-text":
                guard case .scalar(.bool(let flag), _) = value.kind else {
                    error(.tokenInvalidProperty, "`\(entry.key)` must be true or false", at: value.location, path: path)
                    continue
                }
                if entry.key == "text" { facts.text = flag } else { facts.largeText = flag }
            case "role":
                guard let name = value.string, let role = ColorRole(rawValue: name) else {
                    let names = ColorRole.allCases.map(\.rawValue)
                    let suggestion = value.string.flatMap { NearestName.find($0, in: names) }
                    error(.tokenInvalidProperty, "`role` must be one of: " + names.joined(separator: ", "),
                          at: value.location, path: path, fix: suggestion.map { "did you mean `\($0)`?" })
                    continue
                }
                facts.role = role
            case "meaning":
                guard let meaning = value.string, !meaning.isEmpty else {
                    error(.tokenInvalidProperty, "`meaning` must be a word such as `destructive` or `brand`", at: value.location, path: path)
                    continue
                }
                facts.writtenMeaning = meaning
            case "platforms":
                guard let items = value.sequenceItems else {
                    error(.tokenInvalidProperty, "`platforms` must be a list such as [ios, macos]", at: value.location, path: path)
                    continue
                }
                var platforms: [Platform] = []
                for item in items {
                    if let name = item.string, let platform = Platform(rawValue: name) {
                        platforms.append(platform)
                    } else {
                        error(.tokenInvalidProperty,
                              "`\(item.string ?? item.kindDescription)` is not a platform; use " + Platform.allCases.map(\.rawValue).joined(separator: ", "),
                              at: item.location, path: path)
                    }
                }
                facts.platforms = platforms
            case "locales":
                guard let items = value.sequenceItems, items.allSatisfy({ !($0.string ?? "").isEmpty }) else {
                    error(.tokenInvalidProperty, "`locales` must be a list of locales such as [en, fr]", at: value.location, path: path)
                    continue
                }
                facts.locales = items.map { $0.string! }
            case "ignore":
                var ignore = facts.ignore
                defer { facts.ignore = ignore }
                for item in value.sequenceItems ?? [value] {
                    guard let rule = item["rule"]?.string else {
                        error(.tokenInvalidProperty, "each `ignore` entry needs `rule` and `reason`", at: item.location, path: path,
                              fix: "write `ignore: [{ rule: color/contrast, reason: \"…\" }]`")
                        continue
                    }
                    guard let reason = item["reason"]?.string, !reason.isEmpty else {
                        error(.tokenInvalidProperty, "ignoring `\(rule)` needs a `reason`", at: item.location, path: path,
                              fix: "say why the rule does not apply, so reviewers can judge it")
                        continue
                    }
                    ignore.append(IgnoredRule(rule: rule, reason: reason, location: item.location))
                }
            default:
                let keys = TokencFacts.keys
                error(.tokenInvalidProperty, "`\(entry.key)` is not a tokenc fact", at: entry.keyLocation, path: path,
                      fix: NearestName.find(entry.key, in: keys).map { "did you mean `\($0)`?" } ?? "use one of: " + keys.joined(separator: ", "))
            }
        }
    }

    @discardableResult
    mutating func checkDeprecated(_ node: Node, path: String) -> String? {
        switch node.scalar {
        case .bool(true): return ""
        case .bool(false): return nil
        case .string(let text): return text
        default:
            error(.tokenInvalidProperty, "`$deprecated` must be true, false or an explanation, not \(node.kindDescription)",
                  at: node.location, path: path)
            return nil
        }
    }

    mutating func parseType(_ node: Node, path: String) -> TokenType? {
        guard let name = node.string else {
            error(.tokenInvalidProperty, "`$type` must be a type name, not \(node.kindDescription)",
                  at: node.location, path: path)
            return nil
        }
        guard let type = TokenType(rawValue: name) else {
            let names = TokenType.allCases.map(\.rawValue)
            let suggestion = NearestName.find(name, in: names).map { "did you mean `\($0)`?" }
            error(.tokenInvalidProperty, "`\(name)` is not a token type", at: node.location, path: path,
                  fix: suggestion ?? "use one of: " + names.joined(separator: ", "))
            return nil
        }
        return type
    }

    mutating func checkName(_ name: String, at location: SourceLocation, path: String) -> Bool {
        // One pass over the name's bytes (three `contains` over its UTF-8 view walked it three times, slowly).
        let found = name.withContiguousUTF8 { utf8 -> (dot: Bool, open: Bool, close: Bool) in
            var found = (dot: false, open: false, close: false)
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "."): found.dot = true
                case UInt8(ascii: "{"): found.open = true
                case UInt8(ascii: "}"): found.close = true
                default: continue
                }
            }
            return found
        }
        guard found.dot || found.open || found.close else { return true }
        let bad = found.dot ? "`.`" : found.open ? "`{`" : "`}`"
        let full = path.isEmpty ? name : String.concatenating(path, ".", name)
        error(.tokenInvalidName, "the name `\(name)` contains \(bad), which token names must not", at: location,
              path: full, fix: "rename it, e.g. `\(name.map { ".{}".contains($0) ? "-" : String($0) }.joined())`")
        return false
    }

    /// The most tokens `$extends` may copy into one set: a chain of groups each extending the last copies the
    /// whole chain into every link (1,000 links of five tokens made 504,500 tokens and took 11 s), so a file a few
    /// kilobytes long could ask for billions; real themes copy thousands.
    static let maximumCopiedTokens = 200_000
}
