import TokenModel
import TokenColor

/// A color used in UI has no dark appearance.
struct DarkVariantRule: Rule {
    static let description = RuleDescription(
        kind: .colorDarkVariant, name: "Dark variant",
        rationale: "HIG, Color › Best practices: \"Make sure your app’s colors work well in both light and dark appearance modes. With the exception of watchOS, which always uses a pure black background, the platforms offer a dark alternative to the default light appearance.\" and \"System colors automatically support both appearances; if you use a custom color, you need to supply both light and dark variants.\"",
        exemptions: "System colors, which adapt by themselves. Colors not used in UI (no `on`, no role, and not named as a surface, an accent's surface or text, or a symbol's color): a palette's raw values. Colors scoped to watchOS alone, which has one (dark) appearance.",
        triggering: [RuleExample("c:\n  $type: color\n  ↓label: { $value: \"#111\", $extensions: { tokenc: { role: label } } }\n")],
        nonTriggering: [
            RuleExample("c:\n  $type: color\n  label: { $value: \"#111\", $extensions: { mode: { dark: \"#eee\" }, tokenc: { role: label } } }\n"),
            RuleExample("c:\n  $type: color\n  label: { $value: \"{system.label}\", $extensions: { tokenc: { role: label } } }\n"),
            RuleExample("palette:\n  $type: color\n  gray: { $value: \"#111\" }\n"),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        context.colors(where: { !$0.hasDark && $0.isUsedInUI && !$0.isWatchOSOnly && !$0.lightIsSystem }).map { token in
            Finding(path: token.path, location: token.token.location,
                    message: "`\(token.path)` is used in UI but has no dark appearance",
                    fix: "add `$extensions: { mode: { dark: \"…\" } }`, or reference a system color")
        }
    }
}

/// A color used in UI whose dark value equals its light value.
struct IdenticalVariantsRule: Rule {
    static let description = RuleDescription(
        kind: .colorIdenticalVariants, name: "Identical variants",
        rationale: "HIG, Color › Best practices: \"System colors automatically support both appearances; if you use a custom color, you need to supply both light and dark variants.\" A dark value equal to the light one is not a variant.",
        exemptions: "Colors not used in UI, system colors, and a color with no dark value at all (that is `color/dark-variant`).",
        triggering: [RuleExample("c:\n  $type: color\n  ↓accent: { $value: \"#0a84ff\", $extensions: { mode: { dark: \"#0A84FF\" }, tokenc: { role: interactive } } }\n")],
        nonTriggering: [RuleExample("c:\n  $type: color\n  accent: { $value: \"#0066cc\", $extensions: { mode: { dark: \"#0A84FF\" }, tokenc: { role: interactive } } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        context.colors(where: { $0.hasDark && $0.isUsedInUI }).compactMap { token in
            guard case .color(let light)? = context.colorValue(token, in: Appearance.light),
                  case .color(let dark)? = context.colorValue(token, in: Appearance.dark),
                  light.deltaEOK(dark) < 1e-6, light.alpha == dark.alpha
            else { return nil }
            return Finding(path: token.path, location: token.token.location,
                           message: "`\(token.path)` has the same value (\(light.hex)) in light and dark",
                           fix: "choose a dark value tuned for dark backgrounds")
        }
    }
}

/// A P3 color outside sRGB: reports the fallback tokenc generates.
struct OutOfGamutRule: Rule {
    static let description = RuleDescription(
        kind: .colorOutOfGamut, name: "Outside sRGB",
        rationale: "HIG, Color › Color management: \"Use wide color to enhance the visual experience on compatible displays. Wide color displays support a P3 color space, which can produce richer, more saturated colors than sRGB.\" and \"In general, P3 colors and images appear fine on sRGB displays.\" tokenc reports the fallback sRGB screens get (CSS Color 4 gamut mapping), where it is written; an alias is reported at its target.",
        exemptions: "Colors inside sRGB, and aliases (reported once, at the color they name).",
        triggering: [
            RuleExample("c:\n  $type: color\n  ↓vivid: { $value: \"color(display-p3 1 0 0)\" }\n"),
            RuleExample("c:\n  $type: color\n  ↓vivid: { $value: \"color(display-p3 1 0 0)\" }\n  same: { $value: \"{c.vivid}\" }\n"),
        ],
        nonTriggering: [RuleExample("c:\n  $type: color\n  calm: { $value: \"color(display-p3 0.5 0.5 0.5)\" }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        context.colors(where: \.hasColorOutsideSRGB).compactMap { token in
            let outside = token.values.indices.compactMap { index -> (String, Color)? in
                guard case .color(let color)? = token.colors[index], !color.isInGamut(.srgb) else { return nil }
                // An alias is reported where its target's color is written, not again at every alias.
                let mode = token.values[index].mode
                return token.writesAlias(in: mode) ? nil : (mode, color)
            }
            guard let first = outside.first else { return nil }
            let list = outside.map { "\($0.0) → \($0.1.hex)" }.joined(separator: ", ")
            // `color(srgb 255 128 0)` is white, not orange: components that look like 0–255 channels get the
            // color they most likely mean.
            let fix = outside.lazy.compactMap { mode, color in
                color.byteChannelsFix.map { "`color(\(color.space.rawValue) …)` components run from 0 to 1; for 0–255 channels write `\($0)`"
                    + (outside.count > 1 ? " in \(mode)" : "") }
            }.first
            return Finding(path: token.path, location: token.token.location,
                           message: "`\(token.path)` is outside sRGB; sRGB screens get the fallback \(list)",
                           fix: fix, data: ["mode": .string(first.0), "fallback": .string(first.1.hex)])
        }
    }
}

/// Neighbouring gradient stops that differ in wide gamut but not once mapped to sRGB.
struct GradientClippedInSRGBRule: Rule {
    static let description = RuleDescription(
        kind: .colorGradientClippedInSrgb, name: "Gradient clipped in sRGB",
        rationale: "HIG, Color › Color management: \"Gradients that use P3 colors can also sometimes appear clipped on sRGB displays. To avoid these issues and to ensure visual fidelity on both wide color and sRGB displays, you can use the asset catalog of your Xcode project to provide different versions of images and colors for each color space.\" Two neighbouring stops at least ΔE2000 2 apart as written whose sRGB fallbacks (CSS Color 4 gamut mapping) are less than ΔE2000 1 apart show a flat band on sRGB screens.",
        exemptions: "Stops that are both inside sRGB (they look as written). Stops already alike as written (under the `distinct` option), which no screen tells apart.",
        triggering: [RuleExample("g:\n  $type: gradient\n  glow:\n    $value:\n      - { color: \"color(display-p3 0 1 0)\", position: 0 }\n      - ↓{ color: \"color(display-p3 0.2 1 0.2)\", position: 1 }\n")],
        nonTriggering: [
            RuleExample("g:\n  $type: gradient\n  glow:\n    $value:\n      - { color: \"color(display-p3 0 1 0)\", position: 0 }\n      - { color: \"color(display-p3 0 0.4 0.8)\", position: 1 }\n"),
            RuleExample("g:\n  $type: gradient\n  calm:\n    $value:\n      - { color: \"#00ff00\", position: 0 }\n      - { color: \"#10f010\", position: 1 }\n"),
        ],
        options: ["distinct": 2, "clipped": 1])

    func check(_ context: RuleContext) -> [Finding] {
        let distinct = context.configuration.option("distinct", of: Self.description)
        let clipped = context.configuration.option("clipped", of: Self.description)
        var findings: [Finding] = []
        for token in context.tokens(of: .gradient) {
            guard case .gradient(let gradient)? = context.value(token, in: Appearance.light), gradient.stops.count > 1 else { continue }
            let colors = gradient.stops.map { $0.color.value.color(in: Appearance.light) }
            for index in 1..<colors.count {
                let a = colors[index - 1], b = colors[index]
                guard !a.isInGamut(.srgb) || !b.isInGamut(.srgb) else { continue }
                let shownA = a.displayedInSRGB, shownB = b.displayedInSRGB
                let written = a.deltaE2000(b), shown = shownA.deltaE2000(shownB)
                guard written >= distinct, shown < clipped else { continue }
                findings.append(Finding(
                    path: token.path, location: gradient.stops[index].location,
                    message: "stops \(index) and \(index + 1) of `\(token.path)` are ΔE2000 \(RuleContext.format(written)) apart as written but \(RuleContext.format(shown)) on sRGB screens (\(shownA.hex) and \(shownB.hex)): the gradient looks clipped there",
                    fix: "move the stops apart inside sRGB, or give sRGB screens a gradient of their own",
                    data: ["deltaE2000": .number(written), "srgbDeltaE2000": .number(shown)]))
            }
        }
        return findings
    }
}
