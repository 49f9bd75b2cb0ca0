package import SourceTree

/// The type a token's value shows by its shape alone, for a token that gives none: what `validate` suggests
/// and `tokenc migrate` writes. Only shapes that belong to one type count; a bare number, a name or an alias
/// shows none (a number could be a `number`, a `fontWeight` or a `duration`; an alias takes its target's).
public enum ValueShape {
    /// The type `value`'s shape belongs to, or nil when it could be more than one.
    package static func type(of value: Node) -> TokenType? {
        if let entries = value.mappingEntries {
            let keys = Set(entries.map(\.key))
            if keys.contains("colorSpace"), keys.contains("components") { return .color }
            if keys == ["value", "unit"], value["value"]?.number != nil, let unit = value["unit"]?.string {
                return measureType(unit)
            }
            if keys.contains("fontFamily"), keys.contains("fontSize") { return .typography }
            if keys.contains("offsetX"), keys.contains("offsetY") { return .shadow }
            if keys == ["color", "width", "style"] { return .border }
            return nil
        }
        guard let text = value.string, !TokenReference.isAlias(text) else { return nil }
        // A hex or functional color: a bare name (`red`) could as well be a string a tool keeps.
        if text.hasPrefix("#") || text.hasSuffix(")"), case .success = ColorSyntax.parse(text) { return .color }
        return nil
    }

    /// The type of a measure in `unit`: `px`, `rem`, `pt` a dimension, `ms` and `s` a duration.
    package static func measureType(_ unit: String) -> TokenType? {
        switch unit {
        case "px", "rem", "pt": .dimension
        case "ms", "s": .duration
        default: nil
        }
    }
}
