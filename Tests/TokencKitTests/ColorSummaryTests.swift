import Testing
import TokenModel
import TokenRules
@testable import TokencKit

/// The rules' dense per-color summary against the facts it stands for, token by token: each bit set exactly where
/// the token's own fields say so, and the summaries in the order of the color tokens.
@Suite struct ColorSummaryTests {
    @Test func eachBitSaysWhatTheTokenSays() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": """
            c:
              $type: color
              watch-bg: { $value: "#000000", $extensions: { tokenc: { role: background, platforms: [watchos] } } }
              card: { $value: "#1c1c1e", $extensions: { tokenc: { role: background, on: ["{c.watch-bg}"] } } }
              focus: { $value: "#ffffff", $extensions: { tokenc: { role: focus, platforms: [ios, tvos] } } }
              ink: { $value: "#111111", $extensions: { mode: { dark: "#eeeeee" }, tokenc: { text: true, on: ["{c.paper}"] } } }
              paper: { $value: "#fafafa" }
              brand: { $value: "color(display-p3 0.2 0.4 0.9)", $extensions: { tokenc: { meaning: brand } } }
              vivid: { $value: "#00ff00", $extensions: { mode: { dark: "color(display-p3 0 1 0)" } } }
              same: { $value: "{c.brand}" }
              system: { $value: "{system.systemRed}" }
              hsl: { $value: "hsl(120 50% 50%)" }
            size: { $type: dimension, gap: { $value: { value: 4, unit: px } } }

            """])
        defer { sandbox.remove() }
        let result = try Pipeline().run(path: sandbox.root.appendingPathComponent("Tokens").path, render: false)
        let context = RuleContext(tokens: result.tokens.tokens, configuration: RuleConfiguration(), index: result.tokens.index)
        let colors = context.tokens(of: .color)
        #expect(colors.map(\.path) == ["c.brand", "c.card", "c.focus", "c.hsl", "c.ink", "c.paper", "c.same", "c.system", "c.vivid", "c.watch-bg"])
        #expect(context.colorSummaries.count == colors.count)
        func described(_ summary: RuleContext.ColorSummary) -> String {
            [summary.isUsedInUI ? "ui" : nil, summary.hasDark ? "dark" : nil, summary.lightIsSystem ? "system" : nil,
             summary.hasMeaning ? "meaning" : nil, summary.isAppBackground ? "app-background" : nil,
             summary.isWatchOSOnly ? "watchos-only" : nil, summary.listsTVOS ? "tvos" : nil,
             summary.lightIsOwnWideColor ? "own-wide" : nil, summary.hasColorOutsideSRGB ? "outside-srgb" : nil, summary.role.map { "role " + $0.rawValue }].compactMap { $0 }.joined(separator: ", ")
        }
        let described = Dictionary(uniqueKeysWithValues: zip(colors.map(\.path), context.colorSummaries.map(described)))
        #expect(described == [
            // Display P3 inside sRGB: wide as written, but no color outside sRGB.
            "c.brand": "meaning, own-wide",
            // A background drawn on another surface is no app background.
            "c.card": "ui, role background",
            // A focus color's role means something; both platforms are listed, so it is not watchOS's alone.
            "c.focus": "ui, meaning, tvos, role focus",
            "c.hsl": "",
            "c.ink": "ui, dark",
            // Named by `on`, so used in UI, though it says nothing itself.
            "c.paper": "ui",
            // An alias's light value is its target's, not its own.
            "c.same": "",
            "c.system": "system",
            // Outside sRGB in dark only; its light value is sRGB's own.
            "c.vivid": "dark, outside-srgb",
            "c.watch-bg": "ui, app-background, watchos-only, role background",
        ])
        #expect(context.colors(where: \.isUsedInUI).map(\.path) == ["c.card", "c.focus", "c.ink", "c.paper", "c.watch-bg"])
    }
}
