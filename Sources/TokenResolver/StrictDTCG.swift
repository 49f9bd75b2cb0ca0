import SourceTree
import TokenModel
import TokenColor

/// `--dtcg strict` (`dtcg: strict` in tokenc.yml): tokenc's deliberate leniencies become errors, for teams whose
/// token files other DTCG tools must read too. A color written as a CSS string (`#0A84FF`, `oklch(…)`) and a
/// dimension in `pt` are tokenc's; DTCG 2025.10 takes a color object and `px` or `rem`.
public enum StrictDTCG {
    /// The leniencies used in `tokens`' values as written (every appearance), one error each, at the value.
    public static func findings(_ tokens: [Token]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for token in tokens {
            guard let type = token.type, !type.isTokencExtension else { continue }
            check(token.value, type: type, path: token.path, into: &found)
            for mode in token.modes { check(mode.value, type: type, path: token.path, into: &found) }
        }
        return found
    }

    /// Checks one value written for `type`: the value itself, or the fields of a composite that take a color or
    /// a dimension.
    static func check(_ node: Node, type: TokenType?, path: String, into found: inout [Diagnostic]) {
        switch (type, node.kind) {
        case (.color?, .scalar(.string(let text), _)):
            guard TokenReference.aliasPath(text) == nil else { return }
            var fix = "write a DTCG color object, { colorSpace: srgb, components: [r, g, b] } with components from 0 to 1"
            if case .success(let value) = ColorValue.parse(node), case .color(let color) = value {
                fix = "write `\(ColorObjectText.text(color, json: true))`"
            }
            found.append(Diagnostic(
                .tokenInvalidValue, severity: .error,
                message: "`\(text)` is a CSS color string, which DTCG 2025.10 does not define (`--dtcg strict`)",
                location: node.location, path: path, fix: fix))
        case (.dimension?, .mapping):
            guard let unit = node["unit"], unit.string == "pt" else { return }
            found.append(Diagnostic(
                .tokenInvalidValue, severity: .error,
                message: "`pt` is not a DTCG 2025.10 unit, which are `px` and `rem` (`--dtcg strict`)",
                location: unit.location, path: path,
                fix: "write `px`: tokenc reads 1pt as 1px, Apple's point and CSS's reference pixel"))
        case (.dimension?, .sequence(let items)):
            for item in items { check(item, type: .dimension, path: path, into: &found) }
        case (.border?, .mapping(let entries)), (.shadow?, .mapping(let entries)), (.gradient?, .mapping(let entries)),
             (.typography?, .mapping(let entries)), (.strokeStyle?, .mapping(let entries)):
            for entry in entries { check(entry.value, type: fieldType(type!, entry.key), path: path, into: &found) }
        case (.shadow?, .sequence(let items)), (.gradient?, .sequence(let items)), (.strokeStyle?, .sequence(let items)):
            for item in items { check(item, type: type, path: path, into: &found) }
        default:
            return
        }
    }

    /// The type of a composite's field where it can hold a leniency: colors and dimensions.
    static func fieldType(_ composite: TokenType, _ field: String) -> TokenType? {
        switch field {
        case "color": .color
        case "width", "offsetX", "offsetY", "blur", "spread", "fontSize", "letterSpacing": .dimension
        case "dashArray": .dimension
        case "style": composite == .border ? .strokeStyle : nil
        default: nil
        }
    }
}
