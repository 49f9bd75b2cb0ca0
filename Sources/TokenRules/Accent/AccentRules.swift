import TokenModel

/// Helpers for reading an accent token's parts in each appearance.
enum AccentParts {
    /// The accent color (the `color` field) as a color token when it is an alias, for its modes.
    static func colorModes(_ accent: ResolvedToken, _ context: RuleContext) -> [String] {
        RuleContext.appearances.filter { $0 == Appearance.light || context.has(accent, mode: $0) }
    }

    static func part(_ accent: ResolvedToken, _ field: String, mode: String, _ context: RuleContext) -> Color? {
        context.value(accent, in: mode)[field].flatMap { context.parseColor($0)?.color(in: mode) }
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
            let surfaceNodes = context.writtenField(accent, "surfaces")?.sequenceItems ?? []
            for mode in AccentParts.colorModes(accent, context) {
                guard let color = AccentParts.part(accent, "color", mode: mode, context) else { continue }
                let surfaces = context.value(accent, in: mode)["surfaces"]?.sequenceItems ?? []
                for (i, surfaceNode) in surfaces.enumerated() {
                    guard let surface = context.parseColor(surfaceNode)?.color(in: mode) else { continue }
                    let ratio = Contrast.ratio(color, on: surface)
                    guard ratio < minimum else { continue }
                    let written = i < surfaceNodes.count ? surfaceNodes[i] : surfaceNode
                    findings.append(Finding(
                        path: accent.path, location: written.location,
                        message: "the accent \(color.hex) on \(written.string ?? surface.hex) is \(RuleContext.format(ratio)):1 in \(mode); it needs \(RuleContext.format(minimum)):1",
                        fix: "darken the accent for light surfaces (or lighten it for dark ones) in \(mode)",
                        data: ["ratio": .number(ratio), "minimum": .number(minimum), "mode": .string(mode),
                               "surface": .string(written.string ?? surface.hex)]))
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
            guard let written = context.writtenField(accent, "text-on-accent") else { continue }
            for mode in AccentParts.colorModes(accent, context) {
                guard let color = AccentParts.part(accent, "color", mode: mode, context),
                      let text = AccentParts.part(accent, "text-on-accent", mode: mode, context) else { continue }
                let ratio = Contrast.ratio(text, on: color)
                guard ratio < minimum else { continue }
                findings.append(Finding(
                    path: accent.path, location: written.location,
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
            if let node = context.value(accent, in: Appearance.light)["color"], case .system? = context.parseColor(node) { return nil }
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
            guard let fixed = context.writtenField(accent, "fixed-sidebar-icons") else { continue }
            let applies = context.writtenField(accent, "applies-to")?.sequenceItems?.compactMap(\.string) ?? []
            if !applies.contains("sidebar-icons") {
                findings.append(Finding(path: accent.path, location: fixed.location,
                                        message: "`fixed-sidebar-icons` is set, but the accent does not apply to `sidebar-icons`",
                                        fix: "add `sidebar-icons` to `applies-to`, or remove the fixed colors"))
            }
            let resolved = context.value(accent, in: Appearance.light)["fixed-sidebar-icons"]?.mappingEntries ?? []
            for (entry, written) in zip(resolved, fixed.mappingEntries ?? []) where context.parseColor(entry.value) == nil {
                findings.append(Finding(path: accent.path, location: written.value.location,
                                        message: "the fixed color for `\(entry.key)` is not a color",
                                        fix: "write a color or a color alias such as \"{system.systemTeal}\""))
            }
        }
        return findings
    }
}
