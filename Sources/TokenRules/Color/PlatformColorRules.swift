#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TokenModel
import TokenColor

/// A watchOS-only app background that is not pure black.
struct WatchOSBackgroundRule: Rule {
    static let description = RuleDescription(
        kind: .colorWatchosBackground, name: "watchOS background",
        rationale: "HIG, Color › Platform considerations › watchOS: \"Use pure black for your app’s background color. Pure black — that is, #000000 hex — blends seamlessly with the Apple Watch bezel and creates the illusion of an edgeless screen.\" Only the app background must be black: a surface drawn on it (role `elevated`, or a `background` with `on`, such as a list platter or a card) is exempt.",
        exemptions: "Colors used on any platform besides watchOS (no `platforms` means every platform), and surfaces drawn on the app background: role `elevated`, or a `background` with `on`.",
        triggering: [RuleExample("c:\n  $type: color\n  ↓bg: { $value: \"#1C1C1E\", $extensions: { tokenc: { role: background, platforms: [watchos] } } }\n")],
        nonTriggering: [
            RuleExample("c:\n  $type: color\n  bg: { $value: \"#000000\", $extensions: { tokenc: { role: background, platforms: [watchos] } } }\n"),
            RuleExample("c:\n  $type: color\n  $extensions: { tokenc: { platforms: [watchos] } }\n  bg: { $value: \"#000000\", $extensions: { tokenc: { role: background } } }\n  platter: { $value: \"#222223\", $extensions: { tokenc: { role: elevated } } }\n  card: { $value: \"#1C1C1E\", $extensions: { tokenc: { role: background, on: [\"{c.bg}\"] } } }\n"),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        context.colors(where: { $0.isAppBackground && $0.isWatchOSOnly }).compactMap { token in
            let notBlack = token.values.compactMap { context.color(token, in: $0.mode) }.first { $0.hex != "#000000" }
            guard let notBlack else { return nil }
            return Finding(path: token.path, location: token.token.location,
                           message: "`\(token.path)` is a watchOS app background but is \(notBlack.hex), not pure black",
                           fix: "use \"#000000\"; for a surface drawn on the background (a platter, a card), use `role: elevated`")
        }
    }
}

/// More than three distinct hues among tvOS interactive, fill and focus colors.
struct TVOSPaletteSizeRule: Rule {
    static let description = RuleDescription(
        kind: .colorTvosPaletteSize, name: "tvOS palette size",
        rationale: "HIG, Color › Platform considerations › tvOS: \"Consider choosing a limited color palette that coordinates with your app logo. Subtle use of color can help you communicate your brand while deferring to the content.\" Only tvOS-scoped colors of roles interactive, fill and focus count, and grays (no hue) are left out.",
        exemptions: "Colors not used on tvOS, roles other than `interactive`, `fill` and `focus`, and grays (colors with almost no chroma have no hue).",
        triggering: [RuleExample("""
            c:
              $type: color
              $extensions: { tokenc: { platforms: [tvos], role: interactive } }
              ↓a: { $value: "#FF3B30" }
              b: { $value: "#34C759" }
              c: { $value: "#007AFF" }
              d: { $value: "#FFCC00" }
            """)],
        nonTriggering: [RuleExample("""
            c:
              $type: color
              $extensions: { tokenc: { platforms: [tvos], role: interactive } }
              a: { $value: "#FF3B30" }
              b: { $value: "#FF453A" }
              c: { $value: "#007AFF" }
            """)],
        options: ["maximum": 3])

    func check(_ context: RuleContext) -> [Finding] {
        let roles: Set<ColorRole> = [.interactive, .fill, .focus]
        var hues: [Int: ResolvedToken] = [:]
        var first: ResolvedToken?
        for token in context.colors(where: { $0.listsTVOS && $0.role.map(roles.contains) == true }) {
            guard let color = context.color(token, in: Appearance.light) else { continue }
            let lch = color.converted(to: .oklch).components
            guard lch.y > 0.04, lch.z.isFinite else { continue }
            first = first ?? token
            hues[Int(lch.z / 30) % 12] = hues[Int(lch.z / 30) % 12] ?? token
        }
        let maximum = Int(context.configuration.option("maximum", of: Self.description))
        guard hues.count > maximum, let first else { return [] }
        return [Finding(path: first.path, location: first.token.location,
                        message: "tvOS interactive, fill and focus colors use \(hues.count) distinct hues; keep to \(maximum) that coordinate with your logo",
                        data: ["hues": .integer(hues.count)])]
    }
}

/// A tvOS focus color: focus also needs scale or motion.
struct TVOSFocusByColorOnlyRule: Rule {
    static let description = RuleDescription(
        kind: .colorTvosFocusByColorOnly, name: "tvOS focus by color only",
        rationale: "HIG, Color › Platform considerations › tvOS: \"Avoid using only color to indicate focus. Subtle scaling and responsive animation are the primary ways to denote interactivity when an element is in focus.\"",
        exemptions: "Focus colors not used on tvOS.",
        triggering: [RuleExample("c:\n  $type: color\n  ↓focus: { $value: \"#FFFFFF\", $extensions: { tokenc: { role: focus, platforms: [tvos] } } }\n")],
        nonTriggering: [RuleExample("c:\n  $type: color\n  focus: { $value: \"#FFFFFF\", $extensions: { tokenc: { role: focus, platforms: [ios] } } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        context.colors(where: { $0.role == .focus && $0.listsTVOS }).map { token in
            Finding(path: token.path, location: token.token.location,
                    message: "`\(token.path)` marks focus on tvOS; pair the color with the system's lift, scale or motion")
        }
    }
}
