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
        rationale: "HIG, SF Symbols › Weights and scales: \"Each of the nine symbol weights — from ultralight to black — corresponds to a weight of the San Francisco system font, helping you achieve precise weight matching between symbols and adjacent text, while supporting flexibility for different sizes and contexts.\" The nine are Apple's names (docs/token-format.md lists them beside DTCG's).",
        exemptions: "A symbol that leaves `weight` out: the system default (regular) applies.",
        triggering: [RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, weight: ↓semi-bold } }\n")],
        nonTriggering: [RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, weight: semibold } }\n")])
}

struct SymbolScaleRule: SymbolEnumerationRule {
    static let field = "scale"
    static let allowed = SymbolTables.scales
    static let description = RuleDescription(
        kind: .symbolInvalidScale, name: "Symbol scale",
        rationale: "HIG, SF Symbols › Weights and scales: \"Each symbol is also available in three scales: small, medium (the default), and large.\"",
        exemptions: "A symbol that leaves `scale` out: the system default (medium) applies.",
        triggering: [RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, scale: ↓huge } }\n")],
        nonTriggering: [RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, scale: large } }\n")])
}

struct SymbolRenderingRule: SymbolEnumerationRule {
    static let field = "rendering"
    static let allowed = SymbolTables.renderingModes
    static let description = RuleDescription(
        kind: .symbolInvalidRendering, name: "Symbol rendering mode",
        rationale: "HIG, SF Symbols › Rendering modes: \"SF Symbols provides four rendering modes — monochrome, hierarchical, palette, and multicolor — that give you multiple options when applying color to symbols.\"",
        exemptions: "A symbol that leaves `rendering` out: the symbol's preferred mode applies.",
        triggering: [RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, rendering: ↓duotone } }\n")],
        nonTriggering: [RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, rendering: hierarchical } }\n")])
}

/// Palette needs two or more colors; monochrome and hierarchical take at most one.
struct SymbolPaletteColorsRule: Rule {
    static let description = RuleDescription(
        kind: .symbolPaletteColors, name: "Palette colors",
        rationale: "HIG, SF Symbols › Rendering modes: \"Palette — Applies two or more colors to a symbol, using one color per layer.\" Monochrome \"Applies one color to all layers in a symbol\", and Hierarchical \"Applies one color to all layers in a symbol, varying the color’s opacity according to each layer’s hierarchical level.\" A palette of more than three colors is a warning: the page's layered example has three layers (primary, secondary, tertiary), and tokenc knows of no symbol with more.",
        exemptions: "Multicolor rendering (its colors are the symbol's own), and a symbol with no `rendering`.",
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
        rationale: "HIG, SF Symbols › Weights and scales: \"Each of the nine symbol weights — from ultralight to black — corresponds to a weight of the San Francisco system font, helping you achieve precise weight matching between symbols and adjacent text\". Weights are compared as numbers: DTCG's names and Apple's share some words for different numbers (DTCG `heavy` is 900, Apple's `heavy` 800), and the message names both. Only symbols with a `text-weight` are checked; `symbol/consistent-family` leaves their weight to this rule.",
        exemptions: "A symbol with no `text-weight` (no adjacent text), or no `weight`.",
        triggering: [
            RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, weight: ↓bold, text-weight: 400 } }\n"),
            RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, weight: ↓heavy, text-weight: heavy } }\n"),
        ],
        nonTriggering: [
            RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, weight: black, text-weight: heavy } }\n"),
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
            let matching = SymbolTables.weights.min { abs($0.value - text) < abs($1.value - text) }!
            // Both scales named where they differ: DTCG `heavy` is 900, Apple's `heavy` 800.
            let textName = textWeight.name.map { name in
                matching.value == text && matching.name != name ? "DTCG `\(name)`, which SF Symbols calls `\(matching.name)`" : "DTCG `\(name)`"
            }
            return Finding(path: token.path, location: fields.location("weight"),
                           message: "the symbol weight `\(weightName)` is \(weight), but its text's weight is \(text)" + (textName.map { " (\($0))" } ?? ""),
                           fix: matching.value == text ? "use the symbol weight `\(matching.name)`, which is \(text)"
                               : "use the nearest symbol weight to \(text): `\(matching.name)` (\(matching.value))")
        }
    }
}

/// A toolbar or navigation-bar symbol written with `.fill`.
struct SymbolToolbarOutlineRule: Rule {
    static let description = RuleDescription(
        kind: .symbolToolbarOutline, name: "Toolbar outline",
        rationale: "HIG, SF Symbols › Design variants: \"In many cases, the view that displays a symbol determines whether to use outline or fill, so you don’t have to specify a variant. For example, an iOS tab bar prefers the fill variant, whereas a toolbar takes the outline variant.\"",
        exemptions: "Symbols in any context but `toolbar` and `navigation-bar`.",
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
        rationale: "HIG, SF Symbols › Design variants: \"In many cases, the view that displays a symbol determines whether to use outline or fill, so you don’t have to specify a variant. For example, an iOS tab bar prefers the fill variant, whereas a toolbar takes the outline variant.\"",
        exemptions: "Symbols outside tab bars.",
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

/// Symbols side by side in one context that do not look like one family.
struct SymbolConsistentFamilyRule: Rule {
    static let description = RuleDescription(
        kind: .symbolConsistentFamily, name: "Consistent family",
        rationale: "iOS Human Interface Guidelines (2014), Bar Button Icons: \"Whether you use only custom icons or a mix of custom and standard, all icons in your app should look like they belong to the same family in terms of perceived size, level of detail, and visual weight.\" Symbols in one context (the same bar, the same list) are compared on rendering mode (level of detail), variant (outline or fill; not in a tab bar, which picks it) and scale (perceived size). Weight is compared only among symbols with no `text-weight`: a symbol beside text takes the text's weight, which `symbol/weight-matches-text` checks.",
        exemptions: "Symbols with no `context`, and contexts with one symbol. The weight of a symbol with a `text-weight` (it follows its text). The variant in a tab bar, which picks it.",
        triggering: [
            RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, weight: regular, context: tab-bar } }\n  b: { $value: { name: gear, weight: ↓bold, context: tab-bar } }\n  c: { $value: { name: star, weight: regular, context: tab-bar } }\n"),
            RuleExample("s:\n  $type: symbol\n  a: { $value: { name: trash, rendering: hierarchical, context: toolbar } }\n  b: { $value: { name: folder, rendering: ↓palette, colors: [\"#f00\", \"#00f\"], context: toolbar } }\n  c: { $value: { name: tray, rendering: hierarchical, context: toolbar } }\n"),
            RuleExample("s:\n  $type: symbol\n  a: { $value: { name: trash, context: list } }\n  b: { $value: { name: ↓folder.fill, context: list } }\n  c: { $value: { name: tray, context: list } }\n"),
        ],
        nonTriggering: [
            RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, weight: regular, context: tab-bar } }\n  b: { $value: { name: gear, weight: bold, context: toolbar } }\n"),
            RuleExample("s:\n  $type: symbol\n  a: { $value: { name: house, weight: regular, text-weight: 400, context: inline } }\n  b: { $value: { name: gear, weight: semibold, text-weight: 600, context: inline } }\n  c: { $value: { name: star, weight: bold, text-weight: bold, context: inline } }\n"),
        ])

    /// The parts of a symbol's look the family shares: the field a finding points at, its text when unset, and
    /// how to read it.
    static let looks: [(field: String, name: String, fallback: String, read: @Sendable (SymbolFields) -> String?)] = [
        ("rendering", "rendering mode", "monochrome", { $0.rendering }),
        ("name", "variant", "outline", { $0.components.contains("fill") ? "fill" : "outline" }),
        ("scale", "scale", "medium", { $0.scale }),
        ("weight", "weight", "regular", { $0.value.textWeight == nil ? $0.weight : nil }),
    ]

    func check(_ context: RuleContext) -> [Finding] {
        // Group by context (a hash), then compare each member with the group's most common look.
        var groups: [String: [SymbolFields]] = [:]
        for token in context.tokens(of: .symbol) {
            if let fields = SymbolFields(token, context), let place = fields.context { groups[place, default: []].append(fields) }
        }
        var findings: [Finding] = []
        for (place, members) in groups.sorted(by: { $0.key < $1.key }) where members.count > 1 {
            // A tab bar picks the variant itself (`symbol/redundant-variant` says so of a `.fill` written there).
            for look in Self.looks where !(look.field == "name" && place == "tab-bar") {
                // Weight: only symbols with no adjacent text take part.
                let compared = look.field == "weight" ? members.filter { $0.value.textWeight == nil } : members
                guard compared.count > 1 else { continue }
                let values = compared.map { look.read($0) ?? look.fallback }
                var counts: [String: Int] = [:]
                for value in values { counts[value, default: 0] += 1 }
                guard counts.count > 1 else { continue }
                let common = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }!.key
                for (member, value) in zip(compared, values) where value != common {
                    findings.append(Finding(path: member.token.path, location: member.location(look.field),
                                            message: "`\(member.token.path)` has \(look.name) `\(value)`, but the other \(place) symbols use `\(common)`",
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
        rationale: "HIG, SF Symbols › Variable color: \"Use variable color to communicate change — don’t use it to communicate depth. To convey depth and visual hierarchy, use Hierarchical rendering mode to elevate certain layers and distinguish foreground and background elements in a symbol.\" Lists and sidebars show a symbol's depth, not a changing value.",
        exemptions: "Contexts other than `list` and `sidebar`, where a changing value can be what the symbol shows.",
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

/// A symbol color written as a literal that is the same in dark as in light.
struct SymbolColorsAdaptRule: Rule {
    static let description = RuleDescription(
        kind: .symbolColorsAdapt, name: "Symbol colors adapt",
        rationale: "HIG, SF Symbols › Rendering modes: \"Regardless of rendering mode, using system-provided colors ensures that symbols automatically adapt to accessibility accommodations and appearance modes like vibrancy and Dark Mode.\" A color written into the symbol as a literal (`#FF3B30`) stays the same in Dark Mode unless the symbol gives a dark value of its own.",
        exemptions: "System colors, and colors written as aliases of color tokens (`color/dark-variant` judges those tokens, which a symbol's `colors` count as used in UI). A symbol scoped to watchOS alone (one, dark, appearance).",
        triggering: [RuleExample("s:\n  $type: symbol\n  delete: { $value: { name: trash, rendering: hierarchical, colors: [↓\"#D70015\"] } }\n")],
        nonTriggering: [
            RuleExample("s:\n  $type: symbol\n  delete: { $value: { name: trash, rendering: hierarchical, colors: [\"{system.systemRed}\"] } }\n"),
            RuleExample("c:\n  $type: color\n  red: { $value: \"#D70015\", $extensions: { mode: { dark: \"#FF6961\" } } }\ns:\n  $type: symbol\n  delete: { $value: { name: trash, rendering: hierarchical, colors: [\"{c.red}\"] } }\n"),
            RuleExample("s:\n  $type: symbol\n  delete:\n    $value: { name: trash, rendering: hierarchical, colors: [\"#D70015\"] }\n    $extensions: { mode: { dark: { name: trash, rendering: hierarchical, colors: [\"#FF6961\"] } } }\n"),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for token in context.tokens(of: .symbol) where token.facts.platforms != [.watchos] {
            guard let light = SymbolFields(token, context)?.value else { continue }
            let written = token.writtenItems(of: "colors")
            let dark = context.value(token, in: Appearance.dark)?.symbol
            for (index, color) in light.colors.enumerated() where index < written.count {
                let text = written[index].value ?? ""
                guard !TokenReference.isAlias(text), ColorValue.systemName(text) == nil else { continue }
                if case .system = color.value { continue }
                let lightColor = color.value.color(in: Appearance.light)
                let darkColor = dark.flatMap { index < $0.colors.count ? $0.colors[index].value.color(in: Appearance.dark) : nil }
                guard darkColor == nil || darkColor == lightColor else { continue }
                findings.append(Finding(path: token.path, location: written[index].location,
                                        message: "the symbol color \(text) is the same in dark as in light, so `\(token.path)` does not adapt to Dark Mode",
                                        fix: "use a system color such as \"{system.systemRed}\", or a color token with a dark value"))
            }
        }
        return findings
    }
}

/// A custom symbol with nothing for VoiceOver to say.
struct SymbolCustomLabelRule: Rule {
    static let description = RuleDescription(
        kind: .symbolCustomLabel, name: "Custom symbol label",
        rationale: "HIG, SF Symbols › Custom symbols: \"Provide alternative text labels for custom symbols. Alternative text labels — or accessibility descriptions — let VoiceOver describe visible UI and content, making navigation easier for people with visual disabilities.\"",
        exemptions: "SF Symbols' own symbols (no `custom: true`): the system labels them.",
        triggering: [RuleExample("s:\n  $type: symbol\n  ↓logo: { $value: { name: brand.logo, custom: true } }\n")],
        nonTriggering: [
            RuleExample("s:\n  $type: symbol\n  logo: { $value: { name: brand.logo, custom: true, accessibility-label: Acme } }\n"),
            RuleExample("s:\n  $type: symbol\n  home: { $value: { name: house } }\n"),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        context.tokens(of: .symbol).compactMap { token in
            guard let value = SymbolFields(token, context)?.value, value.custom?.value == true, value.accessibilityLabel == nil else { return nil }
            return Finding(path: token.path, location: token.token.location,
                           message: "the custom symbol `\(value.name.value)` has no accessibility label for VoiceOver",
                           fix: "add `accessibility-label: \"…\"` saying what the symbol shows or does")
        }
    }
}
