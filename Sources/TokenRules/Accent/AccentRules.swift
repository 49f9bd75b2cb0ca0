import TokenModel
import TokenColor

/// Helpers for reading an accent token's parts in each appearance.
enum AccentParts {
    /// The accent color (the `color` field) as a color token when it is an alias, for its modes.
    static func colorModes(_ accent: ResolvedToken, _ context: RuleContext) -> [String] {
        RuleContext.appearances.filter { $0 == Appearance.light || context.has(accent, mode: $0) }
    }

    /// The accent's value in `mode`.
    static func value(_ accent: ResolvedToken, in mode: String, _ context: RuleContext) -> AccentValue? {
        context.value(accent, in: mode)?.accent
    }
}

/// The accent misses 3:1 against a declared surface.
struct AccentContrastRule: Rule {
    static let description = RuleDescription(
        kind: .accentContrast, name: "Accent contrast",
        rationale: "HIG, Color (app accent colors): the accent marks interactive elements, non-text UI that needs 3:1 against what it sits on (WCAG 2.x 1.4.11).",
        triggering: [RuleExample("c:\n  $type: color\n  bg: { $value: \"#fff\" }\n  tint: { $value: \"#7fb5ff\" }\naccent:\n  $type: accent\n  $value: { color: \"{c.tint}\", surfaces: [↓\"{c.bg}\"] }\n")],
        nonTriggering: [RuleExample("c:\n  $type: color\n  bg: { $value: \"#fff\" }\n  tint: { $value: \"#0066cc\" }\naccent:\n  $type: accent\n  $value: { color: \"{c.tint}\", surfaces: [\"{c.bg}\"] }\n")],
        options: ["minimum": 3])

    func check(_ context: RuleContext) -> [Finding] {
        let minimum = context.configuration.option("minimum", of: Self.description)
        var findings: [Finding] = []
        for accent in context.tokens(of: .accent) {
            let writtenSurfaces = accent.writtenItems(of: "surfaces")
            for mode in AccentParts.colorModes(accent, context) {
                guard let value = AccentParts.value(accent, in: mode, context) else { continue }
                let color = value.color.value.color(in: mode)
                for (i, part) in value.surfaces.enumerated() {
                    let surface = part.value.color(in: mode)
                    let ratio = Contrast.ratio(color, on: surface)
                    guard ratio < minimum else { continue }
                    let written = i < writtenSurfaces.count ? writtenSurfaces[i] : Located(nil, at: part.location)
                    findings.append(Finding(
                        path: accent.path, location: written.location,
                        message: "the accent \(color.hex) on \(written.value ?? surface.hex) is \(RuleContext.format(ratio)):1 in \(mode); it needs \(RuleContext.format(minimum)):1",
                        fix: "darken the accent for light surfaces (or lighten it for dark ones) in \(mode)",
                        data: ["ratio": .number(ratio), "minimum": .number(minimum), "mode": .string(mode),
                               "surface": .string(written.value ?? surface.hex)]))
                }
            }
        }
        return findings
    }
}

/// Text drawn on the accent misses 4.5:1.
struct AccentTextContrastRule: Rule {
    static let description = RuleDescription(
        kind: .accentTextContrast, name: "Text on accent",
        rationale: "HIG, Color (app accent colors): button titles sit on the accent; text needs 4.5:1 (WCAG 2.x 1.4.3).",
        triggering: [RuleExample("accent:\n  $type: accent\n  $value: { color: \"#34C759\", text-on-accent: ↓\"#FFFFFF\" }\n")],
        nonTriggering: [RuleExample("accent:\n  $type: accent\n  $value: { color: \"#0066CC\", text-on-accent: \"#FFFFFF\" }\n")],
        options: ["minimum": 4.5])

    func check(_ context: RuleContext) -> [Finding] {
        let minimum = context.configuration.option("minimum", of: Self.description)
        var findings: [Finding] = []
        for accent in context.tokens(of: .accent) {
            guard accent.writes("text-on-accent") else { continue }
            let written = accent.writtenLocation(of: "text-on-accent")
            for mode in AccentParts.colorModes(accent, context) {
                guard let value = AccentParts.value(accent, in: mode, context), let textColor = value.textOnAccent else { continue }
                let color = value.color.value.color(in: mode), text = textColor.value.color(in: mode)
                let ratio = Contrast.ratio(text, on: color)
                guard ratio < minimum else { continue }
                findings.append(Finding(
                    path: accent.path, location: written,
                    message: "text \(text.hex) on the accent \(color.hex) is \(RuleContext.format(ratio)):1 in \(mode); text needs \(RuleContext.format(minimum)):1",
                    data: ["ratio": .number(ratio), "minimum": .number(minimum), "mode": .string(mode), "surface": .string(color.hex)]))
            }
        }
        return findings
    }
}

/// The accent has no dark appearance.
struct AccentDarkVariantRule: Rule {
    static let description = RuleDescription(
        kind: .accentDarkVariant, name: "Accent dark variant",
        rationale: "HIG, Color: \"if you use a custom color, you need to supply both light and dark variants\"; the accent is the most visible custom color.",
        triggering: [RuleExample("↓accent:\n  $type: accent\n  $value: { color: \"#0066CC\" }\n")],
        nonTriggering: [
            RuleExample("c: { $type: color, $value: \"#0066CC\", $extensions: { mode: { dark: \"#0A84FF\" } } }\naccent:\n  $type: accent\n  $value: { color: \"{c}\" }\n"),
            RuleExample("accent:\n  $type: accent\n  $value: { color: \"{system.systemBlue}\" }\n"),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        context.tokens(of: .accent).compactMap { accent in
            guard !context.has(accent, mode: Appearance.dark) else { return nil }
            if case .system? = AccentParts.value(accent, in: Appearance.light, context)?.color.value { return nil }
            return Finding(path: accent.path, location: accent.token.location,
                           message: "the accent `\(accent.path)` has no dark appearance",
                           fix: "point `color` at a color token with a dark mode, or at a system color")
        }
    }
}

/// Fixed-color sidebar icons that are not colors, or on an accent that does not tint sidebar icons.
struct AccentFixedSidebarIconsRule: Rule {
    static let description = RuleDescription(
        kind: .accentFixedSidebarIcons, name: "Fixed sidebar icons",
        rationale: "HIG, Color (app accent colors): \"The exception is a sidebar icon that uses a fixed color you specify\".",
        triggering: [
            RuleExample("accent:\n  $type: accent\n  $value: { color: \"#0066CC\", applies-to: [sidebar-icons], fixed-sidebar-icons: { icloud: ↓\"teal-ish\" } }\n"),
            RuleExample("accent:\n  $type: accent\n  $value: { color: \"#0066CC\", applies-to: [buttons], fixed-sidebar-icons: ↓{ icloud: \"{system.systemTeal}\" } }\n"),
        ],
        nonTriggering: [RuleExample("accent:\n  $type: accent\n  $value: { color: \"#0066CC\", applies-to: [sidebar-icons], fixed-sidebar-icons: { icloud: \"{system.systemTeal}\" } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for accent in context.tokens(of: .accent) {
            guard accent.writes("fixed-sidebar-icons"), let value = AccentParts.value(accent, in: Appearance.light, context) else { continue }
            let applies = accent.writes("applies-to") ? value.appliesTo : []
            if !applies.contains("sidebar-icons") {
                findings.append(Finding(path: accent.path, location: accent.writtenLocation(of: "fixed-sidebar-icons"),
                                        message: "`fixed-sidebar-icons` is set, but the accent does not apply to `sidebar-icons`",
                                        fix: "add `sidebar-icons` to `applies-to`, or remove the fixed colors"))
            }
            for entry in value.fixedSidebarIcons ?? [] where entry.color == nil {
                findings.append(Finding(path: accent.path, location: entry.location,
                                        message: "the fixed color for `\(entry.item)` is not a color",
                                        fix: "write a color or a color alias such as \"{system.systemTeal}\""))
            }
        }
        return findings
    }
}
