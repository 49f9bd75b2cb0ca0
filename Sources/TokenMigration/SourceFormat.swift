import SourceTree
import TokenModel

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
        "cubicBezier": "cubicBezier", "fontSize": "dimension",
    ]

    /// The format of a file's root: DTCG when any object holds `$value`, else Tokens Studio when a token's
    /// `type` is one of its names that is not also DTCG's, else Style Dictionary when an object holds `value`
    /// and is not a measure (`{ value: 4, unit: px }` written without `$value` is not taken for a token); DTCG
    /// for anything else (nothing to migrate).
    public static func of(_ root: Node) -> SourceFormat {
        var sawLegacy = false, sawStudio = false
        var pending = [root]
        while let node = pending.popLast() {
            guard let entries = node.mappingEntries else { continue }
            if entries.contains(where: { $0.key == "$value" }) { return .dtcg }
            // A token is an object with `value`, beside the keys those formats give one or a tool's own (Style
            // Dictionary keeps any); `{ value, unit }` is a measure, not a token.
            let keys = Set(entries.map(\.key))
            if keys.contains("value"), keys != ["value", "unit"] {
                sawLegacy = true
                if let type = node["type"]?.string, tokensStudioTypes[type] != nil, styleDictionaryTypes[type] == nil { sawStudio = true }
            }
            // What a tool keeps under `$extensions` (a token migrate kept as written) is not the file's format.
            pending += entries.filter { $0.key != "$extensions" }.map(\.value)
        }
        return sawStudio ? .tokensStudio : sawLegacy ? .styleDictionary : .dtcg
    }

    /// Style Dictionary's type names that are not DTCG's, and the DTCG type each is: Style Dictionary 4 writes
    /// them in DTCG files too.
    static let styleDictionaryOnlyTypes: [String: String] = ["size": "dimension", "fontSize": "dimension", "time": "duration"]

    /// `type` when it is a DTCG type's own name (`strokeStyle`, `shadow`), which Style Dictionary 4 writes too.
    static func dtcgName(_ type: String) -> String? { TokenType(rawValue: type) != nil ? type : nil }

    /// The DTCG type a token of this format declares with `type`; nil when there is none.
    func dtcgType(_ type: String) -> String? {
        switch self {
        case .dtcg: type
        case .tokensStudio: Self.tokensStudioTypes[type] ?? Self.styleDictionaryTypes[type] ?? Self.dtcgName(type)
        case .styleDictionary: Self.styleDictionaryTypes[type] ?? Self.dtcgName(type) ?? Self.tokensStudioTypes[type]
        }
    }
}
