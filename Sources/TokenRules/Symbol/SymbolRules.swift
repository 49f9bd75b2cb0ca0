import SourceData
import TokenModel

/// A symbol token's light value.
struct SymbolFields {
    let token: ResolvedToken
    let value: SymbolValue

    /// The fields of `token`'s light value; nil for a token that is no symbol.
    init?(_ token: ResolvedToken, _ context: RuleContext) {
        guard let value = context.value(token, in: Appearance.light)?.symbol else { return nil }
        self.token = token
        self.value = value
    }

    var name: String { value.name.value }
    var context: String? { value.context?.value }
    var weight: String? { value.weight?.value }
    var scale: String? { value.scale?.value }
    var rendering: String? { value.rendering?.value }
    var colors: [Located<ColorValue>] { value.colors }
    var components: [Substring] { name.split(separator: ".") }

    /// The field a rule names (`weight`, `scale`, `rendering`), as written.
    func text(_ field: String) -> String? {
        switch field {
        case "weight": weight
        case "scale": scale
        case "rendering": rendering
        case "context": context
        default: nil
        }
    }

    /// Where a field is written in the token file (the value as written, not the resolved one).
    func location(_ field: String) -> SourceLocation { token.writtenLocation(of: field) }
}

/// A symbol field outside its fixed list (weight, scale, rendering): three rules sharing one shape.
protocol SymbolEnumerationRule: Rule {
    static var field: String { get }
    static var allowed: [String] { get }
}

extension SymbolEnumerationRule {
    func check(_ context: RuleContext) -> [Finding] {
        context.tokens(of: .symbol).compactMap { token in
            guard let fields = SymbolFields(token, context), let value = fields.text(Self.field), !Self.allowed.contains(value) else { return nil }
            // A spelling of an allowed name (`Semi-Bold`), else one typo away (`palete`).
            let suggestion = Self.allowed.first { $0.replacing("-", with: "") == value.lowercased().replacing("-", with: "") }
                ?? NearestName.find(value.lowercased(), in: Self.allowed)
            return Finding(path: token.path, location: fields.location(Self.field),
                           message: "`\(value)` is not a symbol \(Self.field); use one of: " + Self.allowed.joined(separator: ", "),
                           fix: suggestion.map { "did you mean `\($0)`?" })
        }
    }
}

struct SymbolWeightRule: SymbolEnumerationRule {
    static let field = "weight"
    static let allowed = SymbolTables.weights.map(\.name)
    static let description = RuleDescription(
        kind: .symbolInvalidWeight, name: "Symbol weight",
        rationale: "HIG, SF Symbols: \"SF Symbols are available in nine weights — from ultralight to black\".",
        triggering: [RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, weight: ↓semi-bold } }\n")],
        nonTriggering: [RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, weight: semibold } }\n")])
}

struct SymbolScaleRule: SymbolEnumerationRule {
    static let field = "scale"
    static let allowed = SymbolTables.scales
    static let description = RuleDescription(
        kind: .symbolInvalidScale, name: "Symbol scale",
        rationale: "HIG, SF Symbols: \"SF Symbols are available in three scales — small, medium (the default), and large\".",
        triggering: [RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, scale: ↓huge } }\n")],
        nonTriggering: [RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, scale: large } }\n")])
}

struct SymbolRenderingRule: SymbolEnumerationRule {
    static let field = "rendering"
    static let allowed = SymbolTables.renderingModes
    static let description = RuleDescription(
        kind: .symbolInvalidRendering, name: "Symbol rendering mode",
        rationale: "HIG, SF Symbols: \"SF Symbols provides four rendering modes — monochrome, hierarchical, palette, and multicolor\".",
        triggering: [RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, rendering: ↓duotone } }\n")],
        nonTriggering: [RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, rendering: hierarchical } }\n")])
}

/// Palette needs two or more colors; monochrome and hierarchical take at most one.
struct SymbolPaletteColorsRule: Rule {
    static let description = RuleDescription(
        kind: .symbolPaletteColors, name: "Palette colors",
        rationale: "HIG, SF Symbols: \"Palette — Applies two or more colors to a symbol, using one color per layer\"; symbols have at most three layers.",
        triggering: [
            RuleExample("s:\n  $type: symbol\n  a: { $value: { name: square.and.arrow.up, rendering: palette, colors: ↓[\"#f00\"] } }\n"),
            RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, rendering: monochrome, colors: ↓[\"#f00\", \"#0f0\"] } }\n"),
        ],
        nonTriggering: [RuleExample("s:\n  $type: symbol\n  a: { $value: { name: square.and.arrow.up, rendering: palette, colors: [\"#f00\", \"#00f\"] } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        context.tokens(of: .symbol).compactMap { token in
            guard let fields = SymbolFields(token, context) else { return nil }
            let count = fields.colors.count
            let at = fields.location("colors")
            switch fields.rendering {
            case "palette" where count < 2:
                return Finding(path: token.path, location: at, message: "palette rendering needs two or more colors, found \(count)",
                               fix: "add a color per layer, or use hierarchical rendering for one color")
            case "palette" where count > 3:
                return Finding(path: token.path, location: at, message: "palette rendering uses one color per layer; \(count) colors is more than any symbol has layers",
                               severity: .warning)
            case let mode? where (mode == "monochrome" || mode == "hierarchical") && count > 1:
                return Finding(path: token.path, location: at, message: "\(mode) rendering takes one color, found \(count)",
                               fix: "use palette rendering for several colors")
            default:
                return nil
            }
        }
    }
}

/// The symbol's weight differs from the text it sits beside.
struct SymbolWeightMatchesTextRule: Rule {
    static let description = RuleDescription(
        kind: .symbolWeightMatchesText, name: "Weight matches text",
        rationale: "HIG, SF Symbols: symbols are designed to match San Francisco text; a symbol beside text should use the text's weight.",
        triggering: [RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, weight: ↓bold, text-weight: 400 } }\n")],
        nonTriggering: [
            RuleExample("w: { $type: fontWeight, $value: regular }\ns:\n  $type: symbol\n  a: { $value: { name: house, weight: regular, text-weight: \"{w}\" } }\n"),
            RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, weight: semibold, text-weight: semi-bold } }\n"),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        context.tokens(of: .symbol).compactMap { token in
            guard let fields = SymbolFields(token, context) else { return nil }
            guard let weightName = fields.weight, let weight = SymbolTables.weight(named: weightName),
                  let textWeight = fields.value.textWeight else { return nil }
            let text = Int(textWeight.weight)
            guard text != weight else { return nil }
            return Finding(path: token.path, location: fields.location("weight"),
                           message: "the symbol weight `\(weightName)` (\(weight)) differs from its text's weight \(text)",
                           fix: "use the symbol weight that matches \(text): `\(SymbolTables.weights.min { abs($0.value - text) < abs($1.value - text) }!.name)`")
        }
    }
}

/// A toolbar or navigation-bar symbol written with `.fill`.
struct SymbolToolbarOutlineRule: Rule {
    static let description = RuleDescription(
        kind: .symbolToolbarOutline, name: "Toolbar outline",
        rationale: "HIG, SF Symbols: \"a toolbar takes the outline variant\"; fill belongs to tab bars and selection.",
        triggering: [RuleExample("s:\n  $type: symbol\n  a: { $value: { name: ↓square.and.arrow.up.fill, context: toolbar } }\n")],
        nonTriggering: [RuleExample("s:\n  $type: symbol\n  a: { $value: { name: square.and.arrow.up, context: toolbar } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        context.tokens(of: .symbol).compactMap { token in
            guard let fields = SymbolFields(token, context) else { return nil }
            guard fields.context == "toolbar" || fields.context == "navigation-bar", fields.components.contains("fill") else { return nil }
            let outline = fields.components.filter { $0 != "fill" }.joined(separator: ".")
            return Finding(path: token.path, location: fields.location("name"),
                           message: "`\(fields.name)` is a fill variant in a \(fields.context!); bars take the outline variant",
                           fix: "use `\(outline)`")
        }
    }
}

/// A tab-bar symbol written with `.fill`: the tab bar picks the variant itself.
struct SymbolRedundantVariantRule: Rule {
    static let description = RuleDescription(
        kind: .symbolRedundantVariant, name: "Redundant variant",
        rationale: "HIG, SF Symbols: in a tab bar \"you don't have to specify a variant\"; the system applies fill.",
        triggering: [RuleExample("s:\n  $type: symbol\n  a: { $value: { name: ↓house.fill, context: tab-bar } }\n")],
        nonTriggering: [RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, context: tab-bar } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        context.tokens(of: .symbol).compactMap { token in
            guard let fields = SymbolFields(token, context) else { return nil }
            guard fields.context == "tab-bar", fields.components.contains("fill") else { return nil }
            return Finding(path: token.path, location: fields.location("name"),
                           message: "`\(fields.name)` names the fill variant, which the tab bar applies by itself",
                           fix: "write `\(fields.components.filter { $0 != "fill" }.joined(separator: "."))`")
        }
    }
}

/// Symbols side by side in one context with different weights or scales.
struct SymbolConsistentFamilyRule: Rule {
    static let description = RuleDescription(
        kind: .symbolConsistentFamily, name: "Consistent family",
        rationale: "HIG (2014), Bar button icons: \"all icons in your app should look like they belong to the same family\".",
        triggering: [RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, weight: regular, context: tab-bar } }\n  b: { $value: { name: gear, weight: ↓bold, context: tab-bar } }\n  c: { $value: { name: star, weight: regular, context: tab-bar } }\n")],
        nonTriggering: [RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, weight: regular, context: tab-bar } }\n  b: { $value: { name: gear, weight: bold, context: toolbar } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        // Group by context (a hash), then compare each member with the group's most common style.
        var groups: [String: [SymbolFields]] = [:]
        for token in context.tokens(of: .symbol) {
            if let fields = SymbolFields(token, context), let place = fields.context { groups[place, default: []].append(fields) }
        }
        var findings: [Finding] = []
        for (place, members) in groups.sorted(by: { $0.key < $1.key }) where members.count > 1 {
            for (field, fallback) in [("weight", "regular"), ("scale", "medium")] {
                let values = members.map { $0.text(field) ?? fallback }
                var counts: [String: Int] = [:]
                for value in values { counts[value, default: 0] += 1 }
                guard counts.count > 1 else { continue }
                let common = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }!.key
                for (member, value) in zip(members, values) where value != common {
                    findings.append(Finding(path: member.token.path, location: member.location(field),
                                            message: "`\(member.token.path)` has \(field) `\(value)`, but the other \(place) symbols use `\(common)`",
                                            fix: "use `\(common)` so the \(place) symbols look like one family"))
                }
            }
        }
        return findings
    }
}

/// Variable color where the context shows static depth.
struct SymbolVariableColorDepthRule: Rule {
    static let description = RuleDescription(
        kind: .symbolVariableColorDepth, name: "Variable color for depth",
        rationale: "HIG, SF Symbols: variable color represents \"a characteristic that can change over time — like capacity or strength\", while hierarchical rendering \"gives depth to the symbol\".",
        triggering: [RuleExample("s:\n  $type: symbol\n  a: { $value: { name: wifi, variable-color: ↓true, context: list } }\n")],
        nonTriggering: [RuleExample("s:\n  $type: symbol\n  a: { $value: { name: wifi, variable-color: true, context: toolbar } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        context.tokens(of: .symbol).compactMap { token in
            guard let fields = SymbolFields(token, context) else { return nil }
            guard fields.value.variableColor?.value == true,
                  fields.context == "list" || fields.context == "sidebar" else { return nil }
            return Finding(path: token.path, location: fields.location("variable-color"),
                           message: "`\(token.path)` uses variable color in a \(fields.context!), where depth is static",
                           fix: "use `rendering: hierarchical` instead")
        }
    }
}
