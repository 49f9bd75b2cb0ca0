import TokenModel
import TokenRules

extension LanguageServer {
    /// `textDocument/completion`: alias paths inside `"{…"` (the token's own type first), the values a key takes
    /// (`$type`, `role`, `platforms`, a symbol's `weight`, `scale`, `rendering` and `context`, an icon's `kind` and
    /// `size-class`), and the keys of `$extensions`, `$extensions.tokenc` and `mode`, and a token's `$` properties.
    /// Each item replaces what is typed of it (a `textEdit`), so names with `-` and `.` complete whole.
    func completions(_ params: JSONValue, set: ResolvedTokenSet) -> JSONValue {
        guard let (path, line, character) = Self.documentPosition(params),
              case let lines = lines(ofPath: path), let lineText = lines[line + 1] else { return .null }
        // The text before the position, in UTF-16 units.
        let before = Substring(String(decoding: Array(lineText.utf16.prefix(character)), as: UTF16.self))
        guard let place = CompletionPlace.of(before, line: line + 1, in: lines) else { return .array([]) }
        // The token written at or above the position in this file: its type narrows what fits.
        let own = navigation?.definedOnLine[path]?.filter { $0.key <= line + 1 }.max { $0.key < $1.key }?.value.last
        let replaced = { (typed: String) -> JSONValue in
            .object(["start": .object(["line": .integer(line), "character": .integer(max(0, character - typed.utf16.count))]),
                     "end": .object(["line": .integer(line), "character": .integer(character)])])
        }
        func item(_ label: String, kind: Int, detail: String, sort: String, typed: String) -> JSONValue {
            .object(["label": .string(label), "kind": .integer(kind), "detail": .string(detail), "sortText": .string(sort),
                     "textEdit": .object(["range": replaced(typed), "newText": .string(label)])])
        }
        var items: [JSONValue] = []
        switch place {
        case .alias(let typed):
            // Not the token itself: an alias to itself is a cycle.
            for token in set.tokens where token.path.hasPrefix(typed) && token.path != own?.path {
                items.append(item(token.path, kind: token.type == .color ? 16 : 21, detail: token.type.rawValue,
                                  sort: (token.type == own?.type ? "0" : "1") + token.path, typed: typed))
            }
        case .value(let key, let typed):
            guard let (values, detail) = CompletionPlace.values(of: key, in: own?.type) else { break }
            for (index, value) in values.enumerated() where value.hasPrefix(typed) {
                items.append(item(value, kind: 20, detail: detail, sort: String(1000 + index), typed: typed))
            }
        case .key(let parent, let typed):
            guard let (keys, detail) = CompletionPlace.keys(under: parent, typed: typed) else { break }
            for (index, key) in keys.enumerated() where key.hasPrefix(typed) {
                items.append(item(key, kind: 10, detail: detail, sort: String(1000 + index), typed: typed))
            }
        }
        return .object(["isIncomplete": .bool(false), "items": .array(items)])
    }
}

/// What the text before the cursor is in the middle of writing, in YAML (block or flow) or JSON.
enum CompletionPlace: Equatable {
    /// An alias path inside `"{…`.
    case alias(typed: String)
    /// The value of `key`, or an item of its list.
    case value(key: String, typed: String)
    /// A key of the mapping under `parent` (nil when the mapping is the file's own).
    case key(parent: String?, typed: String)

    /// The place at the end of `before`, the text before the cursor on the 1-based `line` of `lines` (the lines
    /// above say, by indentation, which mapping a block key is in); nil in a comment or after a value.
    static func of(_ before: Substring, line: Int, in lines: LineTexts) -> CompletionPlace? {
        let s = Array(before.unicodeScalars)
        // In a YAML comment (a `#` outside quotes, at the start or after a blank): nothing to complete.
        var quote: Unicode.Scalar?
        for (i, scalar) in s.enumerated() {
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == "#", i == 0 || s[i - 1] == " " || s[i - 1] == "\t" {
                return nil
            }
        }
        // An alias: a quote, a brace, then a path being typed.
        if let open = s.lastIndex(of: "{"), open > 0, s[open - 1] == "\"" || s[open - 1] == "'",
           !s[(open + 1)...].contains(where: { "}\"': ".unicodeScalars.contains($0) }) {
            return .alias(typed: String(String.UnicodeScalarView(s[(open + 1)...])))
        }
        var start = s.count
        while start > 0, isWord(s[start - 1]) { start -= 1 }
        let typed = String(String.UnicodeScalarView(s[start...]))
        var i = start
        if i > 0, s[i - 1] == "\"" || s[i - 1] == "'" { i -= 1 }
        while i > 0, s[i - 1] == " " || s[i - 1] == "\t" { i -= 1 }
        guard i > 0 else {
            // A block key: the mapping is the one of the nearest line above indented less.
            let indent = s.prefix { $0 == " " }.count
            return .key(parent: blockParent(above: line, indentedLessThan: indent, in: lines), typed: typed)
        }
        switch s[i - 1] {
        case ":":
            return key(before: i - 1, in: s).map { .value(key: $0, typed: typed) }
        case "[":
            return colonKey(before: i - 1, in: s).map { .value(key: $0, typed: typed) }
        case "{":
            return .key(parent: colonKey(before: i - 1, in: s), typed: typed)
        case ",":
            // After a comma: an item of the nearest open list, or a key of the nearest open flow mapping.
            var depth = 0, j = i - 1
            while j > 0 {
                j -= 1
                switch s[j] {
                case "]", "}": depth += 1
                case "[" where depth == 0: return colonKey(before: j, in: s).map { .value(key: $0, typed: typed) }
                case "{" where depth == 0: return .key(parent: colonKey(before: j, in: s), typed: typed)
                case "[", "{": depth -= 1
                default: break
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// The values `key` takes, and what they are, where tokenc knows them; a symbol's keys only in a symbol
    /// (or a token whose type is not known yet).
    static func values(of key: String, in type: TokenType?) -> (values: [String], detail: String)? {
        let inSymbol = type == nil || type == .symbol
        switch key {
        case "$type": return (TokenType.allCases.map(\.rawValue), "token type")
        case "role": return (ColorRole.allCases.map(\.rawValue), "color role")
        case "platforms": return (Platform.allCases.map(\.rawValue), "platform")
        case "weight" where inSymbol: return (SymbolTables.weights.map(\.name), "SF Symbols weight")
        case "scale" where inSymbol: return (SymbolTables.scales, "SF Symbols scale")
        case "rendering" where inSymbol: return (SymbolTables.renderingModes, "SF Symbols rendering mode")
        case "context" where inSymbol: return (SymbolTables.contexts, "where the symbol sits")
        case "kind" where type == nil || type == .icon: return (IconValue.kinds, "icon kind")
        case "size-class" where type == nil || type == .icon: return (["small", "regular", "large"], "sticker size class")
        default: return nil
        }
    }

    /// The keys a mapping under `parent` takes, and what they are: `$extensions`' and its `tokenc` and `mode`
    /// mappings', and a token's `$` properties wherever a `$` is typed.
    static func keys(under parent: String?, typed: String) -> (keys: [String], detail: String)? {
        switch parent {
        case "tokenc": return (TokencFacts.keys, "tokenc fact")
        case "$extensions": return (["tokenc", "mode"], "extension tokenc reads")
        case "mode": return (Array(Appearance.builtIn.dropFirst()), "appearance")
        default:
            guard typed.hasPrefix("$") else { return nil }
            return (["$value", "$type", "$description", "$extensions", "$deprecated"], "DTCG property")
        }
    }

    /// Whether a scalar can be part of a key or a value being typed.
    private static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.$".unicodeScalars.contains(scalar)
    }

    /// The key written before the `:` at `colon`.
    private static func key(before colon: Int, in s: [Unicode.Scalar]) -> String? {
        var end = colon
        while end > 0, s[end - 1] == " " || s[end - 1] == "\t" { end -= 1 }
        if end > 0, s[end - 1] == "\"" || s[end - 1] == "'" { end -= 1 }
        var start = end
        while start > 0, isWord(s[start - 1]) { start -= 1 }
        return start < end ? String(String.UnicodeScalarView(s[start..<end])) : nil
    }

    /// The key of the value that opens at `opener` (`key: {` or `key: [`).
    private static func colonKey(before opener: Int, in s: [Unicode.Scalar]) -> String? {
        var j = opener
        while j > 0, s[j - 1] == " " || s[j - 1] == "\t" { j -= 1 }
        guard j > 0, s[j - 1] == ":" else { return nil }
        return key(before: j - 1, in: s)
    }

    /// The key of the nearest line above `line` indented less than `indent` (blank lines and comments skipped).
    private static func blockParent(above line: Int, indentedLessThan indent: Int, in lines: LineTexts) -> String? {
        var above = line - 1
        while above >= 1 {
            let text = lines[above] ?? ""
            let trimmed = text.drop { $0 == " " }
            let depth = text.count - trimmed.count
            above -= 1
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), depth < indent else { continue }
            let scalars = Array(trimmed.unicodeScalars)
            guard let colon = scalars.firstIndex(of: ":") else { return nil }
            return key(before: colon, in: scalars)
        }
        return nil
    }
}
