import Foundation
import Testing
@testable import TokencKit

/// Border, shadow, transition, gradient and stroke-style tokens in the Swift and CSS outputs, checked against
/// the token file's own numbers: the Swift compiled and run, the CSS read back from Chromium.
@Suite struct CompositeOutputTests {
    /// Every composite type, with an alias into a color that has a dark appearance, an 8-bit alpha, an inset
    /// layer and dash lengths.
    static let tokens = """
        color:
          $type: color
          ink: { $value: "#101820", $extensions: { mode: { dark: "#f0f4f8" } } }
          line: { $value: "#c0c4cc" }
        elevation:
          $type: shadow
          card:
            $value: { color: "#00000026", offsetX: { value: 0, unit: px }, offsetY: { value: 2, unit: px }, blur: { value: 8, unit: px }, spread: { value: 0, unit: px } }
          layered:
            $value:
              - { color: "#00000033", offsetX: { value: 0, unit: px }, offsetY: { value: 1, unit: px }, blur: { value: 2, unit: px }, spread: { value: 0, unit: px } }
              - { color: "{color.ink}", offsetX: { value: 0, unit: px }, offsetY: { value: 4, unit: px }, blur: { value: 12, unit: px }, spread: { value: -2, unit: px }, inset: true }
        border:
          $type: border
          hairline: { $value: { color: "{color.ink}", width: { value: 1, unit: px }, style: solid } }
          dashed: { $value: { color: "{color.line}", width: { value: 2, unit: px }, style: { dashArray: [{ value: 4, unit: px }, { value: 2, unit: px }], lineCap: round } } }
        motion:
          fade: { $type: transition, $value: { duration: { value: 200, unit: ms }, delay: { value: 50, unit: ms }, timingFunction: [0.4, 0, 0.2, 1] } }
        gradient:
          sky: { $type: gradient, $value: [{ color: "#1e90ff", position: 0 }, { color: "{color.ink}", position: 0.75 }] }
        stroke:
          dotted: { $type: strokeStyle, $value: dotted }
          dashes: { $type: strokeStyle, $value: { dashArray: [{ value: 3, unit: px }], lineCap: butt } }

        """

    /// Builds the tokens with the real binary and returns the output folder.
    static func build() throws -> Sandbox {
        let sandbox = try Sandbox(["Tokens/composites.yaml": tokens])
        let result = try InProcess.run(["build", "--only", "swift,css"], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        return sandbox
    }

    @Test func swiftHasEveryCompositeWithItsValues() throws {
        let sandbox = try Self.build()
        defer { sandbox.remove() }
        let folder = sandbox.root.appendingPathComponent("Generated/swift")
        try Data("""
            func rgb(_ c: TokenColor) -> String { "\\(Int(c.red * 255 + 0.5)) \\(Int(c.green * 255 + 0.5)) \\(Int(c.blue * 255 + 0.5)) \\(Int(c.alpha * 255 + 0.5))" }
            let hairline = Tokens.Border.hairline
            print(rgb(hairline.color.light), "|", rgb(hairline.color.dark), "|", hairline.width.value, hairline.style)
            print(Tokens.Border.dashed.style == .dashes([TokenDimension(4, .points), TokenDimension(2, .points)], lineCap: .round))
            let card = Tokens.Elevation.card.layers
            print(card.count, rgb(card[0].color.light), card[0].offsetY.value, card[0].blur.value, card[0].inset)
            let layered = Tokens.Elevation.layered.layers
            print(layered.count, rgb(layered[1].color.dark), layered[1].spread.value, layered[1].inset)
            let fade = Tokens.Motion.fade
            print(fade.duration, fade.delay, fade.timingFunction)
            let sky = Tokens.Gradient.sky.stops
            print(sky.count, rgb(sky[0].color.light), sky[0].position, "|", rgb(sky[1].color.light), rgb(sky[1].color.dark), sky[1].position)
            print(Tokens.Stroke.dotted, Tokens.Stroke.dashes == .dashes([TokenDimension(3, .points)], lineCap: .butt))
            """.utf8).write(to: folder.appendingPathComponent("main.swift"))
        let compile = try SwiftOutputTests.run("/usr/bin/env", ["swiftc", "-o", "check", "Tokens.swift", "main.swift"], in: folder)
        #expect(compile.status == 0, "\(compile.output)")
        guard compile.status == 0 else { return }
        // Each line from the token file: #101820 and its dark #f0f4f8, #00000026 (alpha 38), 200 ms after 50 ms …
        #expect(try SwiftOutputTests.run(folder.appendingPathComponent("check").path, [], in: folder).output == """
            16 24 32 255 | 240 244 248 255 | 1.0 solid
            true
            1 0 0 0 38 2.0 8.0 false
            2 240 244 248 255 -2.0 true
            0.2 0.05 [0.4, 0.0, 0.2, 1.0]
            2 30 144 255 255 0.0 | 16 24 32 255 240 244 248 255 0.75
            dotted true

            """)
    }

    @Test func cssWritesEachCompositeAsItsCSSValue() throws {
        let sandbox = try Self.build()
        defer { sandbox.remove() }
        let css = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/css/tokens.css"), encoding: .utf8)
        for line in [
            "  --border-dashed: 2px dashed #c0c4cc;", "  --border-hairline: 1px solid #101820;",
            "  --elevation-layered: 0px 1px 2px 0px #00000033, inset 0px 4px 12px -2px #101820;",
            "  --gradient-sky: #1e90ff 0%, #101820 75%;", "  --motion-fade: all 200ms cubic-bezier(0.4, 0, 0.2, 1) 50ms;",
            "  --stroke-dashes: dashed;", "  --stroke-dotted: dotted;",
            // The parts that alias a color with a dark appearance follow it into the dark block.
            "    --border-hairline: 1px solid #f0f4f8;", "    --gradient-sky: #1e90ff 0%, #f0f4f8 75%;",
        ] {
            #expect(css.contains(line + "\n"), "no line `\(line)` in:\n\(css)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            Issue.record("chromium is not installed: run script/test (it installs it) or `apt-get install chromium`")
            return
        }
        let probes: [[String: String]] = [
            ["id": "border", "property": "border", "value": "var(--border-dashed)"],
            ["id": "shadow", "property": "box-shadow", "value": "var(--elevation-layered)"],
            ["id": "gradient", "property": "background-image", "value": "linear-gradient(to right, var(--gradient-sky))"],
            ["id": "radial", "property": "background-image", "value": "radial-gradient(var(--gradient-sky))"],
            ["id": "transition", "property": "transition", "value": "var(--motion-fade)"],
            ["id": "stroke", "property": "border-top-style", "value": "var(--stroke-dotted)"],
        ]
        let folder = sandbox.root.appendingPathComponent("Generated/css")
        let computed = try CSSBrowserTests.computedStyles([
            "css": folder.appendingPathComponent("tokens.css").path, "probes": probes,
            "scenarios": [["name": "dark", "features": [["name": "prefers-color-scheme", "value": "dark"]], "theme": NSNull()]],
        ], in: folder)
        #expect(computed["dark"] == [
            "border": "2px dashed rgb(192, 196, 204)",
            "shadow": "rgba(0, 0, 0, 0.2) 0px 1px 2px 0px, rgb(240, 244, 248) 0px 4px 12px -2px inset",
            "gradient": "linear-gradient(to right, rgb(30, 144, 255) 0%, rgb(240, 244, 248) 75%)",
            "radial": "radial-gradient(rgb(30, 144, 255) 0%, rgb(240, 244, 248) 75%)",
            "transition": "0.2s cubic-bezier(0.4, 0, 0.2, 1) 0.05s",
            "stroke": "dotted",
        ])
    }

    /// With `--css-alias-variables` a composite's alias parts are `var(--target)`: the composite is declared once and
    /// follows its targets into each appearance. Chromium's values in light and dark are the token file's numbers.
    @Test func aliasVariablesReachIntoCompositeParts() throws {
        let sandbox = try Sandbox(["Tokens/composites.yaml": Self.tokens + """
            duration:
              quick: { $type: duration, $value: { value: 120, unit: ms } }
            tap: { $type: transition, $value: { duration: "{duration.quick}", delay: { value: 0, unit: ms }, timingFunction: [0.4, 0, 0.2, 1] } }
            type:
              size: { $type: dimension, $value: { value: 17, unit: px } }
              body: { $type: typography, $value: { fontFamily: [Georgia, serif], fontSize: "{type.size}", fontWeight: 600, letterSpacing: { value: 0, unit: px }, lineHeight: 1.5 } }

            """])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build", "--only", "css", "--css-alias-variables"], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        let folder = sandbox.root.appendingPathComponent("Generated/css")
        let css = try String(contentsOf: folder.appendingPathComponent("tokens.css"), encoding: .utf8)
        for line in [
            "  --border-hairline: 1px solid var(--color-ink);", "  --border-dashed: 2px dashed var(--color-line);",
            "  --elevation-layered: 0px 1px 2px 0px #00000033, inset 0px 4px 12px -2px var(--color-ink);",
            "  --gradient-sky: #1e90ff 0%, var(--color-ink) 75%;", "  --tap: all var(--duration-quick) cubic-bezier(0.4, 0, 0.2, 1) 0ms;",
            "  --type-body: 600 var(--type-size)/1.5 \"Georgia\", serif;",
        ] {
            #expect(css.contains(line + "\n"), "no line `\(line)` in:\n\(css)")
        }
        // Declared once, in the light block: the dark block only changes --color-ink.
        for name in ["--border-hairline:", "--elevation-layered:", "--gradient-sky:"] {
            #expect(css.components(separatedBy: name).count == 2, "\(name) is declared more than once:\n\(css)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            Issue.record("chromium is not installed: run script/test (it installs it) or `apt-get install chromium`")
            return
        }
        let probes: [[String: String]] = [
            ["id": "border", "property": "border", "value": "var(--border-hairline)"],
            ["id": "shadow", "property": "box-shadow", "value": "var(--elevation-layered)"],
            ["id": "gradient", "property": "background-image", "value": "linear-gradient(to right, var(--gradient-sky))"],
            ["id": "transition", "property": "transition", "value": "var(--tap)"],
            ["id": "font", "property": "font", "value": "var(--type-body)"],
        ]
        let computed = try CSSBrowserTests.computedStyles([
            "css": folder.appendingPathComponent("tokens.css").path, "probes": probes,
            "scenarios": [
                ["name": "light", "features": [["name": "prefers-color-scheme", "value": "light"]], "theme": NSNull()],
                ["name": "dark", "features": [["name": "prefers-color-scheme", "value": "dark"]], "theme": NSNull()],
            ],
        ], in: folder)
        // #101820 in light, its dark #f0f4f8 in dark; 120 ms (a zero delay is not serialized); 17 px at line height 1.5.
        let same = ["transition": "0.12s cubic-bezier(0.4, 0, 0.2, 1)", "font": "600 17px / 25.5px Georgia, serif"]
        #expect(computed["light"] == same.merging([
            "border": "1px solid rgb(16, 24, 32)",
            "shadow": "rgba(0, 0, 0, 0.2) 0px 1px 2px 0px, rgb(16, 24, 32) 0px 4px 12px -2px inset",
            "gradient": "linear-gradient(to right, rgb(30, 144, 255) 0%, rgb(16, 24, 32) 75%)",
        ]) { $1 })
        #expect(computed["dark"] == same.merging([
            "border": "1px solid rgb(240, 244, 248)",
            "shadow": "rgba(0, 0, 0, 0.2) 0px 1px 2px 0px, rgb(240, 244, 248) 0px 4px 12px -2px inset",
            "gradient": "linear-gradient(to right, rgb(30, 144, 255) 0%, rgb(240, 244, 248) 75%)",
        ]) { $1 })
    }

    /// The `font` shorthand has no place for letter spacing: a typography token's is a property of its own after
    /// it, an alias's its target's (with `--css-alias-variables` as `var()`, as is a letter spacing that aliases a
    /// dimension), and Chromium reads the token file's numbers through them.
    @Test func typographyLetterSpacingIsAPropertyOfItsOwn() throws {
        let sandbox = try Sandbox(["Tokens/type.yaml": """
            type:
              $type: typography
              tight: { $type: dimension, $value: { value: -0.2, unit: px } }
              body: { $value: { fontFamily: [Georgia, serif], fontSize: { value: 17, unit: px }, fontWeight: 400, letterSpacing: { value: 0.5, unit: px }, lineHeight: 1.5 } }
              alias: { $value: "{type.body}" }
              part: { $value: { fontFamily: [Georgia, serif], fontSize: { value: 1.25, unit: rem }, fontWeight: 700, letterSpacing: "{type.tight}", lineHeight: 1.2 } }

            """])
        defer { sandbox.remove() }
        let cases: [(options: [String], lines: [String])] = [
            ([], ["  --type-alias: 400 17px/1.5 \"Georgia\", serif;\n  --type-alias-letter-spacing: 0.5px;\n",
                  "  --type-body: 400 17px/1.5 \"Georgia\", serif;\n  --type-body-letter-spacing: 0.5px;\n",
                  "  --type-part: 700 1.25rem/1.2 \"Georgia\", serif;\n  --type-part-letter-spacing: -0.2px;\n"]),
            (["--css-alias-variables"], ["  --type-alias: var(--type-body);\n  --type-alias-letter-spacing: var(--type-body-letter-spacing);\n",
                                         "  --type-part-letter-spacing: var(--type-tight);\n"]),
            (["--css-case", "camel"], ["  --typeBody: 400 17px/1.5 \"Georgia\", serif;\n  --typeBodyLetterSpacing: 0.5px;\n"]),
        ]
        for (index, (options, lines)) in cases.enumerated() {
            let result = try TokencProcess.run(["build", "--only", "css", "--output", "Out\(index)"] + options, in: sandbox.root)
            #expect(result.status == 0, "\(result.stderr)")
            let folder = sandbox.root.appendingPathComponent("Out\(index)/css")
            let css = try String(contentsOf: folder.appendingPathComponent("tokens.css"), encoding: .utf8)
            for line in lines { #expect(css.contains(line), "\(options): no `\(line)` in:\n\(css)") }
            guard options != ["--css-case", "camel"] else { continue }
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
                Issue.record("chromium is not installed: run script/test (it installs it) or `apt-get install chromium`")
                return
            }
            let probes = ["body", "alias", "part"].map { ["id": $0, "property": "letter-spacing", "value": "var(--type-\($0)-letter-spacing)"] }
            let computed = try CSSBrowserTests.computedStyles([
                "css": folder.appendingPathComponent("tokens.css").path, "probes": probes,
                "scenarios": [["name": "plain", "features": [[String: String]](), "theme": NSNull()]],
            ], in: folder)
            #expect(computed["plain"] == ["body": "0.5px", "alias": "0.5px", "part": "-0.2px"], "\(options)")
        }
    }

    /// The style guide draws each composite with its CSS value; Chromium's computed styles hold the token file's numbers.
    @Test func previewDrawsEachCompositeWithItsOwnValue() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            Issue.record("chromium is not installed: run script/test (it installs it) or `apt-get install chromium`")
            return
        }
        let sandbox = try Sandbox(["Tokens/composites.yaml": Self.tokens + """
            space:
              m: { $type: dimension, $value: { value: 16, unit: px } }
            type:
              body: { $type: typography, $value: { fontFamily: [Georgia, serif], fontSize: { value: 17, unit: px }, fontWeight: 600, letterSpacing: { value: 0.5, unit: px }, lineHeight: 1.5 } }

            """])
        defer { sandbox.remove() }
        let page = sandbox.root.appendingPathComponent("guide.html")
        let result = try InProcess.run(["preview", "--output", page.path], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        let samples = try ReviewBrowserTests.probe(page, screenshot: "preview-composites.png").samples
        func sample(_ token: String) -> ReviewBrowserTests.Probe.Sample? { samples.first { $0.token == token } }
        #expect(samples.map(\.token) == ["border.dashed", "border.hairline", "elevation.card", "elevation.layered", "gradient.sky",
                                          "space.m", "stroke.dashes", "stroke.dotted", "type.body"])
        #expect(sample("border.dashed")?.borderTop == "2px dashed rgb(192, 196, 204)")
        #expect(sample("border.hairline")?.borderTop == "1px solid rgb(16, 24, 32)")
        #expect(sample("elevation.card")?.boxShadow == "rgba(0, 0, 0, 0.15) 0px 2px 8px 0px")
        #expect(sample("elevation.layered")?.boxShadow == "rgba(0, 0, 0, 0.2) 0px 1px 2px 0px, rgb(16, 24, 32) 0px 4px 12px -2px inset")
        #expect(sample("gradient.sky")?.backgroundImage == "linear-gradient(to right, rgb(30, 144, 255) 0%, rgb(16, 24, 32) 75%)")
        #expect(sample("space.m")?.width == "16px")
        #expect(sample("stroke.dotted")?.borderTopStyle == "dotted")
        #expect(sample("type.body")?.font == "600 17px / 25.5px Georgia, serif")
        #expect(sample("type.body")?.letterSpacing == "0.5px")
    }

    /// The diff page draws a changed shadow and gradient before and after, each side with its own value.
    @Test func diffPageDrawsChangedCompositesOnBothSides() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            Issue.record("chromium is not installed: run script/test (it installs it) or `apt-get install chromium`")
            return
        }
        let sandbox = try Sandbox(["Tokens/composites.yaml": Self.tokens])
        defer { sandbox.remove() }
        for arguments in [["init", "-q"], ["add", "Tokens"], ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "base"]] {
            #expect(try SwiftOutputTests.run("/usr/bin/env", ["git"] + arguments, in: sandbox.root).status == 0)
        }
        let changed = Self.tokens.replacingOccurrences(of: "blur: { value: 8, unit: px }", with: "blur: { value: 16, unit: px }")
            .replacingOccurrences(of: "#1e90ff", with: "#ff6a00")
        try Data(changed.utf8).write(to: sandbox.root.appendingPathComponent("Tokens/composites.yaml"))
        let page = sandbox.root.appendingPathComponent("diff.html")
        let result = try TokencProcess.run(["diff", "HEAD", "--format", "html", "--output", page.path], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        let samples = try ReviewBrowserTests.probe(page, screenshot: "diff-composites.png").samples
        #expect(samples.map { "\($0.token) \($0.boxShadow == "none" ? $0.backgroundImage : $0.boxShadow)" } == [
            "elevation.card rgba(0, 0, 0, 0.15) 0px 2px 8px 0px",
            "elevation.card rgba(0, 0, 0, 0.15) 0px 2px 16px 0px",
            "gradient.sky linear-gradient(to right, rgb(30, 144, 255) 0%, rgb(16, 24, 32) 75%)",
            "gradient.sky linear-gradient(to right, rgb(255, 106, 0) 0%, rgb(16, 24, 32) 75%)",
            // The gradient's second stop aliases color.ink, whose dark value is #f0f4f8: a dark row of its own.
            "gradient.sky linear-gradient(to right, rgb(30, 144, 255) 0%, rgb(240, 244, 248) 75%)",
            "gradient.sky linear-gradient(to right, rgb(255, 106, 0) 0%, rgb(240, 244, 248) 75%)",
        ])
    }
}
