import Foundation
import Testing
import TokenModel
@testable import TokenGenerators
@testable import TokencKit
import TokenColor

/// Loads the CSS of Tokens/ into headless Chromium and compares computed values with tokenc's own, per appearance.
@Suite struct CSSBrowserTests {
    struct Scenario {
        var name: String
        var features: [(String, String)]
        var theme: String?
        var mode: String
        var p3 = false
    }

    static let scenarios = [
        Scenario(name: "light", features: [("prefers-color-scheme", "light")], theme: nil, mode: Appearance.light),
        Scenario(name: "dark", features: [("prefers-color-scheme", "dark")], theme: nil, mode: Appearance.dark),
        Scenario(name: "forced-dark", features: [("prefers-color-scheme", "light")], theme: "dark", mode: Appearance.dark),
        Scenario(name: "forced-light", features: [("prefers-color-scheme", "dark")], theme: "light", mode: Appearance.light),
        Scenario(name: "light-more", features: [("prefers-color-scheme", "light"), ("prefers-contrast", "more")], theme: nil,
                 mode: Appearance.lightHighContrast),
        Scenario(name: "dark-more", features: [("prefers-color-scheme", "dark"), ("prefers-contrast", "more")], theme: nil,
                 mode: Appearance.darkHighContrast),
        Scenario(name: "forced-dark-more", features: [("prefers-color-scheme", "light"), ("prefers-contrast", "more")], theme: "dark",
                 mode: Appearance.darkHighContrast),
        Scenario(name: "forced-light-more", features: [("prefers-color-scheme", "dark"), ("prefers-contrast", "more")], theme: "light",
                 mode: Appearance.lightHighContrast),
        Scenario(name: "p3", features: [("prefers-color-scheme", "light"), ("color-gamut", "p3")], theme: nil, mode: Appearance.light, p3: true),
        Scenario(name: "dark-p3", features: [("prefers-color-scheme", "dark"), ("color-gamut", "p3")], theme: nil, mode: Appearance.dark, p3: true),
    ]

    /// What headless Chromium computes for `request` (Tests/Browser/computed-styles.py, run in `folder`): each
    /// probe's value by scenario name and probe id.
    static func computedStyles(_ request: [String: Any], in folder: URL) throws -> [String: [String: String]] {
        try JSONSerialization.data(withJSONObject: request).write(to: folder.appendingPathComponent("request.json"))
        let script = Golden.packageRoot.appendingPathComponent("Tests/Browser/computed-styles.py").path
        let run = try SwiftOutputTests.run("/usr/bin/env", ["python3", script, "request.json"], in: folder)
        #expect(run.status == 0, "\(run.output)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: [String: String]])
    }

    static let optionSets: [(String, CSSOptions)] = [
        ("default", CSSOptions()),
        ("light-dark()", CSSOptions(lightDark: true)),
        ("var() aliases", CSSOptions(aliasesAsVariables: true)),
        ("prefix and camel case", CSSOptions(prefix: "ds-", nameCase: .camel)),
    ]

    @Test(arguments: optionSets.map(\.0))
    func computedStylesMatchTokencInEveryAppearance(_ optionName: String) throws {
        let options = Self.optionSets.first { $0.0 == optionName }!.1
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            Issue.record("chromium is not installed: run script/test (it installs it) or `apt-get install chromium`")
            return
        }
        let result = try GoldenTests.buildTokens(generators: [CSSGenerator(options: options)])
        let css = try #require(result.outputs.first { $0.relativePath == "css/tokens.css" })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tokenc-css-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(css.contents).write(to: folder.appendingPathComponent("tokens.css"))

        let builder = CSSContextBuilder(options: options)
        let colors = result.tokens.tokens.filter { $0.type == .color }
        let dimensions = result.tokens.tokens.filter { $0.type == .dimension }
        let durations = result.tokens.tokens.filter { $0.type == .duration }
        var probes: [[String: String]] = colors.map { ["id": $0.path, "property": "color", "value": "var(\(builder.propertyName($0.path)))"] }
        probes += dimensions.map { ["id": $0.path, "property": "width", "value": "var(\(builder.propertyName($0.path)))"] }
        probes += durations.map { ["id": $0.path, "property": "transition-duration", "value": "var(\(builder.propertyName($0.path)))"] }
        let request: [String: Any] = [
            "css": folder.appendingPathComponent("tokens.css").path, "probes": probes,
            "scenarios": Self.scenarios.map { s -> [String: Any] in
                ["name": s.name, "features": s.features.map { ["name": $0.0, "value": $0.1] }, "theme": s.theme as Any]
            },
        ]
        let computed = try Self.computedStyles(request, in: folder)

        var checked = 0
        for scenario in Self.scenarios {
            let values = try #require(computed[scenario.name])
            for token in colors {
                guard case .success(let parsed) = ColorValue.parse(token.value(in: scenario.mode)) else { continue }
                let color = parsed.color(in: scenario.mode)
                let actual = values[token.path] ?? "missing"
                if scenario.p3 && (color.space == .displayP3 || !color.isInGamut(.srgb)) {
                    let p3 = color.converted(to: .displayP3).components
                    let numbers = actual.dropFirst("color(display-p3 ".count).dropLast().split(separator: " ").compactMap { Double($0) }
                    #expect(numbers.count == 3 && zip(numbers, [p3.x, p3.y, p3.z]).allSatisfy { abs($0 - $1) < 1e-3 },
                            "\(scenario.name) \(token.path): \(actual)")
                } else {
                    // The sRGB value tokenc reports (`inspect`'s hex), as the browser writes it.
                    let b = color.srgb8Bit
                    let expected = b.alpha == 255 ? "rgb(\(b.red), \(b.green), \(b.blue))"
                        : "rgba(\(b.red), \(b.green), \(b.blue), \(Double(b.alpha) / 255))"
                    if b.alpha == 255 {
                        #expect(actual == expected, "\(scenario.name) \(token.path) (\(color.hex))")
                    } else {
                        #expect(actual.hasPrefix("rgba(\(b.red), \(b.green), \(b.blue), "), "\(scenario.name) \(token.path): \(actual)")
                    }
                }
                checked += 1
            }
            // Lengths and times in the scenario's appearance: a focus ring is wider under increased contrast.
            for token in dimensions {
                let shown = token.value(in: scenario.mode)
                let value = try #require(shown["value"]?.number)
                let unit = shown["unit"]?.string
                #expect(values[token.path] == (unit == "rem" ? "\(CSSValueFormat.number(value * 16))px" : "\(CSSValueFormat.number(value))px"),
                        "\(scenario.name) \(token.path)")
            }
            for token in durations {
                let shown = token.value(in: scenario.mode)
                let value = try #require(shown["value"]?.number)
                let seconds = shown["unit"]?.string == "ms" ? value / 1000 : value
                #expect(values[token.path] == "\(CSSValueFormat.number(seconds))s", "\(scenario.name) \(token.path)")
            }
        }
        #expect(checked == colors.count * Self.scenarios.count)
    }

    /// A theme's own appearances (`forest-dark`) cascade in Chromium as tokenc's fallback reads them: with
    /// `[data-theme="forest"]` in each system appearance, every color computes to its value in `forest`,
    /// `forest-dark`, `forest-light-high-contrast` or `forest-dark-high-contrast` as `ResolvedToken.value(in:)`
    /// gives it, with and without light-dark().
    @Test(arguments: [false, true]) func themeAppearancesCascadeAsTokencFallsBack(_ lightDark: Bool) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            Issue.record("chromium is not installed: run script/test (it installs it) or `apt-get install chromium`")
            return
        }
        let tokens = """
            c:
              $type: color
              a: { $value: "#100000", $extensions: { mode: { dark: "#200000", dark-high-contrast: "#300000", forest: "#400000", forest-dark: "#500000" } } }
              b: { $value: "#001000", $extensions: { mode: { dark: "#002000", light-high-contrast: "#003000", forest-dark-high-contrast: "#004000" } } }
              d: { $value: "#000010", $extensions: { mode: { dark: "#000020", forest: "#000030" } } }
              e: { $value: "#101010", $extensions: { mode: { forest-light-high-contrast: "#202020", dark-high-contrast: "#303030" } } }
              f: { $value: "{c.a}" }

            """
        let result = Pipeline(rules: .structure, generators: [CSSGenerator(options: CSSOptions(lightDark: lightDark))])
            .run(files: ["a.yaml"], sources: ["a.yaml": Array(tokens.utf8)], render: true)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let css = try #require(result.outputs.first { $0.relativePath == "css/tokens.css" })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tokenc-css-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(css.contents).write(to: folder.appendingPathComponent("tokens.css"))
        let scenarios: [(name: String, features: [(String, String)], mode: String)] = [
            ("light", [("prefers-color-scheme", "light")], "forest"),
            ("dark", [("prefers-color-scheme", "dark")], "forest-dark"),
            ("light-more", [("prefers-color-scheme", "light"), ("prefers-contrast", "more")], "forest-light-high-contrast"),
            ("dark-more", [("prefers-color-scheme", "dark"), ("prefers-contrast", "more")], "forest-dark-high-contrast"),
        ]
        let computed = try Self.computedStyles([
            "css": folder.appendingPathComponent("tokens.css").path,
            "probes": result.tokens.tokens.map { ["id": $0.path, "property": "color", "value": "var(--\($0.path.replacingOccurrences(of: ".", with: "-")))"] },
            "scenarios": scenarios.map { s -> [String: Any] in
                ["name": s.name, "features": s.features.map { ["name": $0.0, "value": $0.1] }, "theme": "forest"]
            },
        ], in: folder)
        for scenario in scenarios {
            for token in result.tokens.tokens {
                let color = try #require(token.colorValue(in: scenario.mode)).color(in: scenario.mode).srgb8Bit
                #expect(computed[scenario.name]?[token.path] == "rgb(\(color.red), \(color.green), \(color.blue))", "\(scenario.name) \(token.path)")
            }
        }
        // The fallbacks the comparison rests on, read off the tokens above: forest's dark high contrast is its dark
        // (`a`, and `f` after it), the appearance's own where the theme has none (`b`), the theme's over the appearance's (`d`).
        #expect(["c.a", "c.b", "c.d", "c.e", "c.f"].map { computed["dark-more"]?[$0] }
                == ["rgb(80, 0, 0)", "rgb(0, 64, 0)", "rgb(0, 0, 48)", "rgb(48, 48, 48)", "rgb(80, 0, 0)"])
        #expect(["c.a", "c.b", "c.d", "c.e"].map { computed["light-more"]?[$0] }
                == ["rgb(64, 0, 0)", "rgb(0, 48, 0)", "rgb(0, 0, 48)", "rgb(32, 32, 32)"])
    }

    /// A custom mode's name is a CSS string in its `[data-theme]` selector and text in its block's comment: quotes,
    /// backslashes, line breaks and `*/` in it neither break the stylesheet nor end the comment, and Chromium
    /// applies each theme's value when the page names it exactly.
    @Test func customModeNamesAreEscapedInSelectorsAndComments() throws {
        let modes = ["brand \"x\"", "back\\slash", "two\nlines", "a*/b", "plain"]
        let yamlModes = modes.enumerated().map { "\"\($0.element.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n"))\": \"#0000\($0.offset)\($0.offset)\"" }
        let sandbox = try Sandbox(["Tokens/a.yaml": "c:\n  $type: color\n  a: { $value: \"#ff0000\", $extensions: { mode: { \(yamlModes.joined(separator: ", ")) } } }\n"])
        defer { sandbox.remove() }
        let result = try TokencProcess.run(["build", "--only", "css"], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        let folder = sandbox.root.appendingPathComponent("Generated/css")
        let css = try String(contentsOf: folder.appendingPathComponent("tokens.css"), encoding: .utf8)
        for line in [":root[data-theme=\"brand \\\"x\\\"\"] {", ":root[data-theme=\"back\\\\slash\"] {", ":root[data-theme=\"two\\a lines\"] {",
                     "/* The a* /b theme */", ":root[data-theme=\"a*/b\"] {"] {
            #expect(css.contains(line + "\n"), "no line `\(line)` in:\n\(css)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            Issue.record("chromium is not installed: run script/test (it installs it) or `apt-get install chromium`")
            return
        }
        let computed = try Self.computedStyles([
            "css": folder.appendingPathComponent("tokens.css").path,
            "probes": [["id": "a", "property": "color", "value": "var(--c-a)"]],
            "scenarios": modes.enumerated().map { ["name": "mode \($0.offset)", "features": [[String: String]](), "theme": $0.element] }
                + [["name": "none", "features": [[String: String]](), "theme": NSNull()]],
        ], in: folder)
        for index in modes.indices {
            #expect(computed["mode \(index)"] == ["a": "rgb(0, 0, \(index * 17))"], "\(modes[index])")
        }
        #expect(computed["none"] == ["a": "rgb(255, 0, 0)"])
    }
}
