import SourceTree

/// The token format a file is written in, as migrate recognises it.
public enum SourceFormat: String, Sendable {
    /// DTCG (`$value`, `$type`), the 2025.10 format or one of its drafts.
    case dtcg = "DTCG"
    /// Style Dictionary's format before DTCG: `value`, `type`, `comment`, references ending in `.value`.
    case styleDictionary = "Style Dictionary (before DTCG)"
    /// Tokens Studio's export: `value`, `type` and `description` with its own type names (`sizing`, `fontWeights`).
    case tokensStudio = "Tokens Studio"

    /// Tokens Studio's type names, and the DTCG type each becomes when its values allow it.
    static let tokensStudioTypes: [String: String] = [
        "sizing": "dimension", "spacing": "dimension", "borderRadius": "dimension", "borderWidth": "dimension",
        "fontSizes": "dimension", "dimension": "dimension", "paragraphSpacing": "dimension",
        "fontFamilies": "fontFamily", "fontWeights": "fontWeight", "lineHeights": "number", "opacity": "number",
        "letterSpacing": "dimension", "color": "color", "duration": "duration", "number": "number",
        "typography": "typography", "boxShadow": "shadow",
    ]

    /// Style Dictionary's usual type names (its `type` is free text; these are the ones its transforms know).
    static let styleDictionaryTypes: [String: String] = [
        "color": "color", "dimension": "dimension", "size": "dimension", "fontFamily": "fontFamily",
        "fontWeight": "fontWeight", "duration": "duration", "time": "duration", "number": "number",
        "cubicBezier": "cubicBezier",
    ]

    /// The keys a token of the formats before DTCG holds besides `value` (Style Dictionary's and Tokens Studio's).
    static let legacyTokenKeys: Set<String> = [
        "value", "type", "comment", "description", "attributes", "name", "path", "original", "filePath", "isSource",
        "themeable", "deprecated", "deprecated_comment", "$extensions", "extensions",
    ]

    /// The format of a file's root: DTCG when any object holds `$value`, else Tokens Studio when a token's
    /// `type` is one of its names that is not also DTCG's, else Style Dictionary when an object holds `value`
    /// and only keys those formats give a token (so `{ value: 4, unit: px }` written without `$value` is not
    /// taken for one); DTCG for anything else (nothing to migrate).
    public static func of(_ root: Node) -> SourceFormat {
        var sawLegacy = false, sawStudio = false
        var pending = [root]
        while let node = pending.popLast() {
            guard let entries = node.mappingEntries else { continue }
            if entries.contains(where: { $0.key == "$value" }) { return .dtcg }
            if entries.contains(where: { $0.key == "value" }), entries.allSatisfy({ legacyTokenKeys.contains($0.key) }) {
                sawLegacy = true
                if let type = node["type"]?.string, tokensStudioTypes[type] != nil, styleDictionaryTypes[type] == nil { sawStudio = true }
            }
            pending += entries.map(\.value)
        }
        return sawStudio ? .tokensStudio : sawLegacy ? .styleDictionary : .dtcg
    }

    /// The DTCG type a token of this format declares with `type`; nil when there is none.
    func dtcgType(_ type: String) -> String? {
        switch self {
        case .dtcg: type
        case .tokensStudio: Self.tokensStudioTypes[type] ?? Self.styleDictionaryTypes[type]
        case .styleDictionary: Self.styleDictionaryTypes[type] ?? Self.tokensStudioTypes[type]
        }
    }
}
