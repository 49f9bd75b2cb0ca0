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
        rationale: "HIG, Color › App accent colors: \"Beginning in macOS 11, you can specify an accent color to customize the appearance of your app’s buttons, selection highlighting, and sidebar icons.\" The accent marks controls, non-text UI, which needs 3:1 against what it sits on (WCAG 2.x 1.4.11, Non-text Contrast); only the declared `surfaces` are measured.",
        exemptions: "Surfaces the accent does not list in `surfaces`.",
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
        rationale: "HIG, Color › App accent colors: \"Beginning in macOS 11, you can specify an accent color to customize the appearance of your app’s buttons, selection highlighting, and sidebar icons.\" A button title drawn on the accent is text, which needs 4.5:1 (WCAG 2.x 1.4.3, Contrast (Minimum)); only a declared `text-on-accent` is measured.",
        exemptions: "An accent with no `text-on-accent`.",
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

/// The accent's custom color has no dark appearance.
struct AccentDarkVariantRule: Rule {
    static let description = RuleDescription(
        kind: .accentDarkVariant, name: "Accent dark variant",
        rationale: "HIG, Color › Best practices: \"System colors automatically support both appearances; if you use a custom color, you need to supply both light and dark variants.\" The reading and the severity are `color/dark-variant`'s: the accent's `color` is a custom color used in UI, so its dark value must differ from its light one whatever else the accent declares (surfaces, text on it).",
        exemptions: "An accent whose `color` is a system color, and an accent scoped to watchOS alone (one, dark, appearance).",
        triggering: [
            RuleExample("↓accent:\n  $type: accent\n  $value: { color: \"#0066CC\" }\n"),
            RuleExample("c:\n  $type: color\n  bg: { $value: \"#FFFFFF\", $extensions: { mode: { dark: \"#000000\" } } }\n↓accent:\n  $type: accent\n  $value: { color: \"#0066CC\", surfaces: [\"{c.bg}\"] }\n"),
        ],
        nonTriggering: [
            RuleExample("c: { $type: color, $value: \"#0066CC\", $extensions: { mode: { dark: \"#0A84FF\" } } }\naccent:\n  $type: accent\n  $value: { color: \"{c}\" }\n"),
            RuleExample("accent:\n  $type: accent\n  $value: { color: \"{system.systemBlue}\" }\n"),
            RuleExample("accent:\n  $type: accent\n  $value: { color: \"#0066CC\" }\n  $extensions: { mode: { dark: { color: \"#0A84FF\" } } }\n"),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        context.tokens(of: .accent).compactMap { accent in
            guard accent.facts.platforms != [.watchos], let light = AccentParts.value(accent, in: Appearance.light, context) else { return nil }
            if case .system = light.color.value { return nil }
            // The dark value follows the documented fallback: an accent whose modes come only from its surfaces
            // has the light color in dark.
            let dark = AccentParts.value(accent, in: Appearance.dark, context)?.color.value.color(in: Appearance.dark)
            let color = light.color.value.color(in: Appearance.light)
            guard dark == nil || dark == color else { return nil }
            return Finding(path: accent.path, location: accent.token.location,
                           message: "the accent `\(accent.path)` has no dark appearance: its color is \(color.hex) in light and dark",
                           fix: "point `color` at a color token with a dark mode, give the accent a dark mode, or use a system color")
        }
    }
}

/// Fixed-color sidebar icons that are not colors, or on an accent that does not tint sidebar icons.
struct AccentFixedSidebarIconsRule: Rule {
    static let description = RuleDescription(
        kind: .accentFixedSidebarIcons, name: "Fixed sidebar icons",
        rationale: "HIG, Color › App accent colors: \"The exception is a sidebar icon that uses a fixed color you specify. Because a fixed-color sidebar icon uses a specific color to provide meaning, the system doesn’t override its color when people change the value of accent color settings.\"",
        exemptions: "None: an accent without `fixed-sidebar-icons` has nothing to check.",
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
