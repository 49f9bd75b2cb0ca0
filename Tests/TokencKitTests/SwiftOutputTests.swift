import Foundation
import Testing
import TokenGenerators
@testable import TokencKit
import TokenColor

/// The generated Swift for Tokens/: compared with its golden copy, and compiled and run with swiftc.
@Suite struct SwiftOutputTests {
    static func generatedSwift() throws -> String {
        let result = try GoldenTests.buildTokens()
        let file = try #require(result.outputs.first { $0.relativePath == "swift/Tokens.swift" })
        return String(decoding: file.contents, as: UTF8.self)
    }

    @Test func matchesTheGoldenFile() throws {
        let result = try GoldenTests.buildTokens()
        try Golden.check(result.outputs.filter { $0.relativePath.hasPrefix("swift/") }, under: "Tokens")
    }

    @Test func compilesAndRunsOnLinux() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tokenc-swift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(try Self.generatedSwift().utf8).write(to: folder.appendingPathComponent("Tokens.swift"))
        // Expected values come from the token files in Tokens/, not from tokenc.
        try Data("""
            let accent = Tokens.Color.accent
            print(Int(accent.light.red * 255 + 0.5), Int(accent.light.green * 255 + 0.5), Int(accent.light.blue * 255 + 0.5))
            print(Int(accent.dark.red * 255 + 0.5), Int(accent.dark.green * 255 + 0.5), Int(accent.dark.blue * 255 + 0.5))
            print(Tokens.Color.highlight.light.space, Tokens.Color.highlight.light.red, Tokens.Color.highlight.light.blue)
            print(Tokens.Color.systemLabel.systemName ?? "none")
            print(Tokens.Color.separator.darkHighContrast == Tokens.Color.separator.dark)
            print(Tokens.Spacing.m.value, Tokens.Spacing.m.unit)
            print(Tokens.Motion.Duration.quick)
            print(Tokens.Typography.body.fontSize.value, Tokens.Typography.body.fontWeight, Tokens.Typography.body.lineHeight)
            print(Tokens.Symbol.Toolbar.share.name, Tokens.Symbol.Toolbar.share.rendering)
            print(Tokens.Icon.toolbarShare.width, Tokens.Icon.toolbarShare.scales)
            print(Tokens.Palette.Gray._1000.light.red)
            """.utf8).write(to: folder.appendingPathComponent("main.swift"))
        let compile = try Self.run("/usr/bin/env", ["swiftc", "-o", "check", "Tokens.swift", "main.swift"], in: folder)
        #expect(compile.status == 0, "\(compile.output)")
        guard compile.status == 0 else { return }
        let run = try Self.run(folder.appendingPathComponent("check").path, [], in: folder)
        #expect(run.output == """
            11 95 194
            108 180 255
            displayP3 0.6 1.0
            label
            true
            16.0 points
            0.15
            17.0 400 1.29
            square.and.arrow.up palette
            22.0 [2, 3]
            0.0

            """)
    }

    /// Names with no letters or digits (a group `--`, a token `-`) become `` `_` ``, which compiles and can be
    /// referenced; the bare `_` was an error (`enum _`, `static let _ = …` binds nothing).
    @Test func namesWithoutLettersCompileAndCanBeReferenced() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tokenc-swift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Tokens"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{ "--": { "$type": "dimension", "-": { "$value": { "value": 4, "unit": "px" } } } }"#.utf8)
            .write(to: folder.appendingPathComponent("Tokens/odd.json"))
        let result = try Pipeline().run(path: folder.appendingPathComponent("Tokens").path, render: true)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let file = try #require(result.outputs.first { $0.relativePath == "swift/Tokens.swift" })
        try Data(file.contents).write(to: folder.appendingPathComponent("Tokens.swift"))
        try Data("print(Tokens.`_`.`_`.value)\n".utf8).write(to: folder.appendingPathComponent("main.swift"))
        let compile = try Self.run("/usr/bin/env", ["swiftc", "-o", "check", "Tokens.swift", "main.swift"], in: folder)
        #expect(compile.status == 0, "\(compile.output)")
        guard compile.status == 0 else { return }
        #expect(try Self.run(folder.appendingPathComponent("check").path, [], in: folder).output == "4.0\n")
    }

    /// An alias with no appearance of its own is its target's constant, and a composite's alias parts are theirs;
    /// an alias with its own appearance, and a number standing for a font weight (a `Double` is no `Int`), stay
    /// literal. Compiled and run, every value is the token file's.
    @Test func aliasesAreTheirTargetsConstants() throws {
        let sandbox = try Sandbox(["Tokens/a.yaml": """
            base:
              ink: { $type: color, $value: "#101820", $extensions: { mode: { dark: "#f0f4f8" } } }
              text: { $type: color, $value: "{base.ink}" }
              body: { $type: color, $value: "{base.text}" }
              own: { $type: color, $value: "{base.ink}", $extensions: { mode: { dark: "#ff0000" } } }
              six: { $type: fontWeight, $value: 600 }
              size: { $type: dimension, $value: { value: 17, unit: px } }
              family: { $type: fontFamily, $value: [Georgia, serif] }
            type:
              body: { $type: typography, $value: { fontFamily: "{base.family}", fontSize: "{base.size}", fontWeight: "{base.six}", letterSpacing: { value: 0, unit: px }, lineHeight: 1.5 } }
            line: { $type: border, $value: { color: "{base.body}", width: "{base.size}", style: solid } }

            """])
        defer { sandbox.remove() }
        #expect(try InProcess.run(["build", "--only", "swift"], in: sandbox.root).status == 0)
        let folder = sandbox.root.appendingPathComponent("Generated/swift")
        let swift = try String(contentsOf: folder.appendingPathComponent("Tokens.swift"), encoding: .utf8)
        for line in [
            "        public static let body = Tokens.Base.text", "        public static let text = Tokens.Base.ink",
            "        public static let own = ThemeColor(", "        color: Tokens.Base.body,", "        width: Tokens.Base.size,",
            "        public static let body = TokenTypography(fontFamily: Tokens.Base.family, fontSize: Tokens.Base.size, fontWeight: Tokens.Base.six, "
                + "letterSpacing: TokenDimension(0, .points), lineHeight: 1.5)",
        ] {
            #expect(swift.contains(line + "\n"), "no line `\(line)` in:\n\(swift)")
        }
        try Data("""
            func rgb(_ c: TokenColor) -> String { "\\(Int(c.red * 255 + 0.5)) \\(Int(c.green * 255 + 0.5)) \\(Int(c.blue * 255 + 0.5))" }
            print(rgb(Tokens.Base.body.light), "|", rgb(Tokens.Base.body.dark), "|", rgb(Tokens.Base.own.dark))
            print(Tokens.Type_.body.fontFamily, Tokens.Type_.body.fontSize.value, Tokens.Type_.body.fontWeight)
            print(rgb(Tokens.line.color.dark), Tokens.line.width.value)
            """.utf8).write(to: folder.appendingPathComponent("main.swift"))
        let compile = try Self.run("/usr/bin/env", ["swiftc", "-o", "check", "Tokens.swift", "main.swift"], in: folder)
        #expect(compile.status == 0, "\(compile.output)")
        guard compile.status == 0 else { return }
        // #101820 and its dark #f0f4f8 through two aliases; the own dark #ff0000; Georgia, 17, 600.
        #expect(try Self.run(folder.appendingPathComponent("check").path, [], in: folder).output == """
            16 24 32 | 240 244 248 | 255 0 0
            ["Georgia", "serif"] 17.0 600
            240 244 248 17.0

            """)
    }

    /// A token other than a color whose value differs by mode is a `TokenModes` of every mode (a number's element
    /// type spelled out, so `2` stays a `Double`), which falls back as tokenc documents; a mode written like light
    /// leaves a plain constant. An alias of such a token is its constant; a composite whose part aliases one
    /// writes the part's value in each mode, as it cannot refer to a `TokenModes`. Compiled and run, every value
    /// is the token file's.
    @Test func valuesThatDifferByModeKeepEveryMode() throws {
        let sandbox = try Sandbox(["Tokens/a.yaml": """
            space:
              $type: dimension
              card: { $value: { value: 16, unit: px }, $extensions: { mode: { dark: { value: 20, unit: px }, ocean: { value: 24, unit: px } } } }
              gap: { $value: "{space.card}" }
              same: { $value: { value: 8, unit: px }, $extensions: { mode: { dark: { value: 8, unit: px } } } }
            scale: { $type: number, $value: 1, $extensions: { mode: { light-high-contrast: 2 } } }
            weight: { $type: fontWeight, $value: 400, $extensions: { mode: { dark: 300 } } }
            line: { $type: border, $value: { color: "#000000", width: "{space.card}", style: solid } }

            """])
        defer { sandbox.remove() }
        let build = try InProcess.run(["build", "--only", "swift"], in: sandbox.root)
        #expect(build.status == 0, "\(build.stderr)")
        let folder = sandbox.root.appendingPathComponent("Generated/swift")
        let swift = try String(contentsOf: folder.appendingPathComponent("Tokens.swift"), encoding: .utf8)
        #expect(swift.contains("""
                    /// A value per mode (light, dark, ocean): read it with `value(in:)` (SwiftUI), `value(for:)` (UIKit, AppKit), `value(dark:highContrast:)` or `theme(_:)`.
                    public static let card = TokenModes(
                        light: TokenDimension(16, .points),
                        dark: TokenDimension(20, .points),
                        themes: [
                            "ocean": TokenDimension(24, .points),
                        ]
                    )

            """), "\(swift)")
        for line in ["        public static let gap = Tokens.Space.card", "        public static let same = TokenDimension(8, .points)",
                     "    public static let scale = TokenModes<Double>(", "    public static let weight = TokenModes<Int>("] {
            #expect(swift.contains(line + "\n"), "no line `\(line)` in:\n\(swift)")
        }
        #expect(!swift.contains("width: Tokens.Space.card"), "\(swift)")
        try Data("""
            let card = Tokens.Space.card
            print(card.light.value, card.dark.value, card.darkHighContrast.value, card.lightHighContrast.value, card.theme("ocean").dark.value, card.theme("none").dark.value)
            print(Tokens.Space.gap == card, Tokens.scale.value(dark: false, highContrast: true), Tokens.scale.darkHighContrast, Tokens.weight.value(dark: true, highContrast: true))
            print(Tokens.line.light.width.value, Tokens.line.dark.width.value, Tokens.line.theme("ocean").light.width.value)
            """.utf8).write(to: folder.appendingPathComponent("main.swift"))
        let compile = try Self.run("/usr/bin/env", ["swiftc", "-o", "check", "Tokens.swift", "main.swift"], in: folder)
        #expect(compile.status == 0, "\(compile.output)")
        guard compile.status == 0 else { return }
        #expect(try Self.run(folder.appendingPathComponent("check").path, [], in: folder).output == """
            16.0 20.0 20.0 16.0 24.0 20.0
            true 2.0 1.0 300
            16.0 20.0 24.0

            """)
    }

    /// What the SwiftUI layer draws with, worked out in the platform-neutral core and run here: the system font
    /// design a family names, Apple's weight name for a numeric weight, a shadow's radius (half the CSS blur, which
    /// draws the same shadow), a rem length in points, the letter spacing at a size Dynamic Type scaled the font
    /// to, and the line spacing that puts lines `lineHeight` times the size apart.
    @Test func typographyAndShadowHelpersFollowTheTokens() throws {
        let sandbox = try Sandbox(["Tokens/a.yaml": """
            type:
              $type: typography
              mono: { $value: { fontFamily: [SF Mono, ui-monospace, monospace], fontSize: { value: 13, unit: px }, fontWeight: 100, letterSpacing: { value: 0, unit: px }, lineHeight: 1.5 } }
              serif: { $value: { fontFamily: [Georgia, serif], fontSize: { value: 1.5, unit: rem }, fontWeight: 650, letterSpacing: { value: 0, unit: px }, lineHeight: 1.4 } }
              system: { $value: { fontFamily: [-apple-system, system-ui], fontSize: { value: 17, unit: px }, fontWeight: 350, letterSpacing: { value: -0.4, unit: px }, lineHeight: 1.3 } }
              rounded: { $value: { fontFamily: ui-rounded, fontSize: { value: 20, unit: px }, fontWeight: 900, letterSpacing: { value: 0.5, unit: px }, lineHeight: 1 } }
            card: { $type: shadow, $value: { color: "#00000026", offsetX: { value: 0, unit: px }, offsetY: { value: 2, unit: px }, blur: { value: 8, unit: px }, spread: { value: 0, unit: px } } }

            """])
        defer { sandbox.remove() }
        #expect(try InProcess.run(["build", "--only", "swift"], in: sandbox.root).status == 0)
        let folder = sandbox.root.appendingPathComponent("Generated/swift")
        try Data("""
            for t in [Tokens.Type_.mono, Tokens.Type_.serif, Tokens.Type_.system, Tokens.Type_.rounded] {
                print(t.systemDesign.map(\\.rawValue) ?? "named \\(t.fontFamily[0])", t.weightName, t.fontSize.points())
            }
            print(Tokens.card.layers[0].shadowRadius)
            let rounded = Tokens.Type_.rounded, mono = Tokens.Type_.mono
            print(rounded.tracking(atSize: 20), rounded.tracking(atSize: 30), rounded.tracking(atSize: 15))
            print(mono.lineSpacing(atSize: 13, fontLineHeight: 15.5), mono.lineSpacing(atSize: 26, fontLineHeight: 31),
                  rounded.lineSpacing(atSize: 20, fontLineHeight: 23.87))
            """.utf8).write(to: folder.appendingPathComponent("main.swift"))
        let compile = try Self.run("/usr/bin/env", ["swiftc", "-o", "check", "Tokens.swift", "main.swift"], in: folder)
        #expect(compile.status == 0, "\(compile.output)")
        guard compile.status == 0 else { return }
        // 100 is ultralight; 650 rounds to 700, bold; 350 to 400, regular; 1.5 rem is 24 points; a blur of 8 is radius 4.
        // 0.5 points of spacing at 20 points is 0.75 at 30 and 0.375 at 15; lines 1.5 × 13 = 19.5 points apart need 4
        // more than a font whose lines are 15.5 apart, 8 at twice the size; a line height of 1 needs nothing more.
        #expect(try Self.run(folder.appendingPathComponent("check").path, [], in: folder).output == """
            monospaced ultralight 13.0
            named Georgia bold 24.0
            standard regular 17.0
            rounded black 20.0
            4.0
            0.5 0.75 0.375
            4.0 8.0 0.0

            """)
    }

    /// A custom mode (brand theme) is a color in `themes`, by name: `theme(_:)` gives it in every appearance, and a
    /// token without that theme stays itself, as the stylesheet's `[data-theme]` block leaves it; a system color
    /// keeps its themes too. Compiled and run.
    @Test func customModesAreThemesOfAColor() throws {
        let sandbox = try Sandbox(["Tokens/a.yaml": """
            c:
              $type: color
              accent: { $value: "#0a84ff", $extensions: { mode: { dark: "#409cff", ocean: "#006994", "sun \\"set\\"": "#ff8c00" } } }
              plain: { $value: "#111111", $extensions: { mode: { dark: "#eeeeee" } } }
              label: { $value: "{system.label}", $extensions: { mode: { ocean: "#003344" } } }

            """])
        defer { sandbox.remove() }
        #expect(try InProcess.run(["build", "--only", "swift"], in: sandbox.root).status == 0)
        let folder = sandbox.root.appendingPathComponent("Generated/swift")
        let swift = try String(contentsOf: folder.appendingPathComponent("Tokens.swift"), encoding: .utf8)
        #expect(swift.contains("""
                    /// - light: `#0a84ff`
                    /// - dark: `#409cff`
                    /// - ocean: `#006994`
                    /// - sun "set": `#ff8c00`
                    public static let accent = ThemeColor(
                        light: TokenColor(.sRGB, 10 / 255, 132 / 255, 1),
                        dark: TokenColor(.sRGB, 64 / 255, 156 / 255, 1),
                        themes: [
                            "ocean": TokenColor(.sRGB, 0, 105 / 255, 148 / 255),
                            "sun \\\"set\\\"": TokenColor(.sRGB, 1, 140 / 255, 0),
                        ]
                    )
                    /// The system color `label`; these are its documented values.
                    /// - ocean: `#003344`

            """), "\(swift)")
        try Data("""
            func rgb(_ c: TokenColor) -> String { "\\(Int(c.red * 255 + 0.5)) \\(Int(c.green * 255 + 0.5)) \\(Int(c.blue * 255 + 0.5))" }
            let ocean = Tokens.C.accent.theme("ocean")
            print(rgb(ocean.light), "|", rgb(ocean.dark), "|", rgb(ocean.darkHighContrast))
            print(rgb(Tokens.C.accent.theme("sun \\"set\\"").dark), "|", rgb(Tokens.C.accent.theme("forest").dark))
            print(rgb(Tokens.C.plain.theme("ocean").dark), Tokens.C.plain.themes.isEmpty)
            print(Tokens.C.label.systemName ?? "none", rgb(Tokens.C.label.theme("ocean").dark))
            """.utf8).write(to: folder.appendingPathComponent("main.swift"))
        let compile = try Self.run("/usr/bin/env", ["swiftc", "-o", "check", "Tokens.swift", "main.swift"], in: folder)
        #expect(compile.status == 0, "\(compile.output)")
        guard compile.status == 0 else { return }
        // #006994 is 0 105 148, #ff8c00 255 140 0; a theme the token lacks leaves its dark #409cff (64 156 255).
        #expect(try Self.run(folder.appendingPathComponent("check").path, [], in: folder).output == """
            0 105 148 | 0 105 148 | 0 105 148
            255 140 0 | 64 156 255
            238 238 238 true
            label 0 51 68

            """)
    }

    /// A `$deprecated` token's constant carries `@available(*, deprecated, message:)`, so each use warns in Xcode
    /// with the token's explanation; an alias of it writes the value, so the generated file never warns itself.
    @Test func deprecatedTokensWarnWhereTheyAreUsed() throws {
        let sandbox = try Sandbox(["Tokens/a.yaml": """
            c:
              $type: color
              old: { $value: "#ff0000", $deprecated: "Use `c.new` (\\"new\\" red)." }
              gone: { $value: "#00ff00", $deprecated: true }
              new: { $value: "{c.old}" }
              kept: { $value: "#0000ff", $deprecated: false }

            """])
        defer { sandbox.remove() }
        let build = try InProcess.run(["build", "--only", "swift"], in: sandbox.root)
        #expect(build.status == 0, "\(build.stderr)")
        let folder = sandbox.root.appendingPathComponent("Generated/swift")
        let swift = try String(contentsOf: folder.appendingPathComponent("Tokens.swift"), encoding: .utf8)
        for lines in ["        @available(*, deprecated)\n        public static let gone = ThemeColor(\n",
                      "        /// - light: `#0000ff`\n        public static let kept = ThemeColor(",
                      "        /// Alias of `c.old`.\n        public static let new = ThemeColor(\n            light: TokenColor(.sRGB, 1, 0, 0)\n",
                      "        @available(*, deprecated, message: \"Use `c.new` (\\\"new\\\" red).\")\n        public static let old = ThemeColor("] {
            #expect(swift.contains(lines), "no `\(lines)` in:\n\(swift)")
        }
        // The file alone compiles without a warning; a use of each deprecated constant warns with its message.
        let alone = try Self.run("/usr/bin/env", ["swiftc", "-parse-as-library", "-typecheck", "Tokens.swift"], in: folder)
        #expect(alone.status == 0 && !alone.output.contains("warning"), "\(alone.output)")
        try Data("_ = Tokens.C.old\n_ = Tokens.C.gone\n_ = Tokens.C.new\n".utf8).write(to: folder.appendingPathComponent("main.swift"))
        let uses = try Self.run("/usr/bin/env", ["swiftc", "-typecheck", "Tokens.swift", "main.swift"], in: folder)
        #expect(uses.status == 0)
        let warnings = uses.output.split(separator: "\n").filter { $0.hasPrefix("main.swift") && $0.contains(" warning: ") }
            .map { $0.split(separator: " warning: ", maxSplits: 1).last.map(String.init) ?? "" }
        #expect(warnings == ["'old' is deprecated: Use `c.new` (\"new\" red). [#DeprecatedDeclaration]", "'gone' is deprecated [#DeprecatedDeclaration]"],
                "\(uses.output)")
    }

    /// A line comment ends at a line break: each line of a multi-line description (a YAML block scalar, a CRLF
    /// inside quotes) is a doc line of its own, the trailing empty line and blanks dropped, and a name holding a
    /// line break or a control character still leaves a file that compiles.
    @Test func multiLineDescriptionsAreADocLineEachAndTheFileCompiles() throws {
        let sandbox = try Sandbox(["Tokens/a.yaml": """
            n:
              $type: number
              block:
                $value: 1
                $description: |
                  First line.

                  Third line, after an empty one.\u{20}\u{20}
              folded:
                $value: 2
                $description: >
                  Folded text
                  stays one line.
              crlf: { $value: 3, $description: "one\\r\\ntwo\\rthree */ \\u0001 four" }
              "new\\nline": { $value: 4 }
              alias: { $value: "{n.new\\nline}" }

            """.replacingOccurrences(of: "\\u{20}", with: " ")])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build", "--only", "swift"], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        let folder = sandbox.root.appendingPathComponent("Generated/swift")
        let swift = try String(contentsOf: folder.appendingPathComponent("Tokens.swift"), encoding: .utf8)
        #expect(swift.contains("""
                public enum N {
                    /// Alias of `n.new
                    /// line`.
                    public static let alias = Tokens.N.newLine
                    /// First line.
                    ///
                    /// Third line, after an empty one.
                    public static let block: Double = 1
                    /// one
                    /// two
                    /// three */   four
                    public static let crlf: Double = 3
                    /// Folded text stays one line.
                    public static let folded: Double = 2
                    public static let newLine: Double = 4
                }

            """), "\(swift)")
        let check = try Self.run("/usr/bin/env", ["swiftc", "-parse-as-library", "-typecheck", "Tokens.swift"], in: folder)
        #expect(check.status == 0, "\(check.output)")
    }

    /// A group whose type has the root's name would capture `Tokens.…` inside it: then no constant refers to another.
    @Test func aGroupNamedLikeTheRootTurnsReferencesOff() throws {
        let sandbox = try Sandbox(["Tokens/a.yaml": """
            tokens:
              a: { $type: number, $value: 1 }
              b: { $type: number, $value: "{tokens.a}" }

            """])
        defer { sandbox.remove() }
        #expect(try InProcess.run(["build", "--only", "swift"], in: sandbox.root).status == 0)
        let swift = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/swift/Tokens.swift"), encoding: .utf8)
        #expect(swift.contains("        public static let b: Double = 1\n"), "\(swift)")
    }

    static func run(_ executable: String, _ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        // swiftc leaves a folder in TMPDIR each time it runs: it gets a TMPDIR of its own, removed when it exits. A
        // short path: Chromium puts a Unix socket in TMPDIR, and a socket's path has at most 107 bytes.
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("tokenc-" + String(UInt64.random(in: .min ... .max), radix: 16))
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": scratch.path]) { $1 }
        let log = folder.appendingPathComponent("log-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
    }
}

@Suite struct UserTemplateTests {
    @Test func aTemplateFolderReplacesBuiltInTemplates() throws {
        let sandbox = try Sandbox([
            "Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n",
            "Mine/swift/token.mustache": "public static let {{swiftName}} = {{{swiftValue}}} // {{path}}\n",
        ])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build", "--templates", "Mine"], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        let swift = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/swift/Tokens.swift"), encoding: .utf8)
        #expect(swift.contains("        public static let a = ThemeColor(light: TokenColor(.sRGB, 1, 1, 1)) // c.a\n"))
    }

    @Test func aNameNoContextHasIsAWarningAtItsPlaceInTheUsersTemplate() throws {
        let sandbox = try Sandbox([
            "Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n",
            "Mine/swift/token.mustache": "public static let {{swiftname}} = {{{swiftValue}}}\n",
            "Mine/css/tokens.css.mustache": "{{#blocks}}{{selector}} { {{#declarations}}{{name}}: {{valeu}}; {{/declarations}}}\n{{/blocks}}",
        ])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build", "--templates", "Mine", "--only", "swift,css"], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("""
            Mine/css/tokens.css.mustache:1:54: warning: `valeu` is not in the template context, so it renders as nothing [template/unknown-name]
                {{#blocks}}{{selector}} { {{#declarations}}{{name}}: {{valeu}}; {{/declarations}}}
                                                                     ^
              fix: did you mean `value`?
            Mine/swift/token.mustache:1:19: warning: `swiftname` is not in the template context, so it renders as nothing [template/unknown-name]
                public static let {{swiftname}} = {{{swiftValue}}}
                                  ^
              fix: did you mean `swiftName`?

            """))
    }

    @Test func aPartialOnlyATemplateOutputIncludesIsNotUnused() throws {
        let sandbox = try Sandbox([
            "Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n",
            "Mine/swift/shared.mustache": "{{path}}\n",
            "Mine/swift/tokn.mustache": "{{path}}\n",
            "list.mustache": "{{#groups}}{{#tokens}}{{> shared}}{{/tokens}}{{/groups}}",
            "tokenc.yml": "outputs:\n  - { generator: swift }\n  - { template: list.mustache, file: list.txt }\n",
        ])
        defer { sandbox.remove() }
        let result = try TokencProcess.run(["build", "--templates", "Mine"], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("""
            Mine/swift/tokn.mustache:1:1: warning: `swift/tokn.mustache` replaces no built-in template and no template includes it (`{{> tokn}}`) [template/unused]
              fix: did you mean `swift/token.mustache`?
            \(GuidelineCoverageText.none)
            built 1 token
            """), "\(result.stderr)")
        #expect(try String(contentsOf: sandbox.root.appendingPathComponent("Generated/list.txt"), encoding: .utf8) == "c.a\n")
    }

    /// A template of the user's own writes CSS values from the token context (`cssName`, `cssValue`, `modes`),
    /// the very texts the stylesheet declares.
    @Test func aTemplateOutputWritesEachModesCSSValue() throws {
        let sandbox = try Sandbox([
            "Tokens/t.yaml": """
                c:
                  $type: color
                  bg: { $value: "#FFFFFF", $description: Page, $extensions: { mode: { dark: "#1C1C1E" } } }
                  vivid: { $value: "color(display-p3 1 0 0)" }
                space:
                  $type: dimension
                  m: { $value: { value: 1.25, unit: rem } }
                type:
                  $type: typography
                  body: { $value: { fontFamily: [SF Pro, system-ui], fontSize: { value: 17, unit: px }, fontWeight: semi-bold, letterSpacing: { value: 0, unit: px }, lineHeight: 1.3 } }
                s:
                  $type: symbol
                  home: { $value: { name: house } }

                """,
            "values.mustache": "{{#groups}}{{#tokens}}{{path}} {{cssName}} {{{cssValue}}}{{#description}} ({{.}}){{/description}}{{#modes}} [{{mode}} {{{cssValue}}}]{{/modes}}\n{{/tokens}}{{/groups}}",
            "tokenc.yml": "outputs:\n  - { generator: css }\n  - { template: values.mustache, file: values.txt }\n",
        ])
        defer { sandbox.remove() }
        // Spawned: tokenc.yml's template paths are relative to the working folder it is found in.
        let result = try TokencProcess.run(["build"], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        let values = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/values.txt"), encoding: .utf8)
        #expect(values == """
            c.bg --c-bg #ffffff (Page) [light #ffffff] [dark #1c1c1e]
            c.vivid --c-vivid #ff0b0c [light #ff0b0c]
            s.home --s-home  [light ]
            space.m --space-m 1.25rem [light 1.25rem]
            type.body --type-body 600 17px/1.3 "SF Pro", system-ui [light 600 17px/1.3 "SF Pro", system-ui]

            """)
        // Each value is what the stylesheet declares for the same property.
        let css = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/css/tokens.css"), encoding: .utf8)
        for declaration in ["--c-bg: #ffffff;", "--c-bg: #1c1c1e;", "--c-vivid: #ff0b0c;", "--space-m: 1.25rem;",
                            "--type-body: 600 17px/1.3 \"SF Pro\", system-ui;"] {
            #expect(css.contains(declaration), "\(declaration)")
        }
    }

    /// `jsonValue` (a token's, and each mode's) is the value as the JSON output spells it, on one line: each is
    /// the value `json/tokens.flat.json` holds for that token and mode, read back by Foundation's JSON parser.
    @Test func aTemplateOutputWritesEachModesJSONValue() throws {
        let sandbox = try Sandbox([
            "Tokens/t.yaml": """
                c:
                  $type: color
                  bg: { $value: "#FFFFFF", $extensions: { mode: { dark: "#1C1C1E" } } }
                  ref: { $value: "{c.bg}" }
                space:
                  $type: dimension
                  m: { $value: { value: 4, unit: pt } }
                type:
                  $type: typography
                  body: { $value: { fontFamily: [SF Pro, system-ui], fontSize: { value: 17, unit: px }, fontWeight: semi-bold, letterSpacing: { value: 0, unit: px }, lineHeight: 1.3 } }

                """,
            "values.mustache": "{{#groups}}{{#tokens}}{{#modes}}{{path}}\t{{mode}}\t{{{jsonValue}}}\n{{/modes}}{{/tokens}}{{/groups}}",
            "light.mustache": "{{#groups}}{{#tokens}}{{path}} {{{jsonValue}}}\n{{/tokens}}{{/groups}}",
            "tokenc.yml": "outputs:\n  - { generator: json }\n  - { template: values.mustache, file: values.txt }\n  - { template: light.mustache, file: light.txt }\n",
        ])
        defer { sandbox.remove() }
        let result = try TokencProcess.run(["build"], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        let generated = sandbox.root.appendingPathComponent("Generated")
        let light = try String(contentsOf: generated.appendingPathComponent("light.txt"), encoding: .utf8)
        #expect(light == """
            c.bg {"colorSpace": "srgb", "components": [1, 1, 1], "hex": "#ffffff"}
            c.ref {"colorSpace": "srgb", "components": [1, 1, 1], "hex": "#ffffff"}
            space.m {"value": 4, "unit": "px"}
            type.body {"fontFamily": ["SF Pro", "system-ui"], "fontSize": {"value": 17, "unit": "px"}, "fontWeight": "semi-bold", "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": 1.3}

            """)
        let flat = try JSONSerialization.jsonObject(with: Data(contentsOf: generated.appendingPathComponent("json/tokens.flat.json"))) as! [String: [String: Any]]
        let lines = try String(contentsOf: generated.appendingPathComponent("values.txt"), encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 6)  // two modes of each color, one of the others
        for line in lines {
            let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
            let mine = try JSONSerialization.jsonObject(with: Data(fields[2].utf8)) as! NSObject
            let theirs = try #require(flat[fields[0]]?[fields[1]] as? NSObject, "\(fields[0]) \(fields[1])")
            #expect(mine == theirs, "\(line)")
        }
    }

    @Test func aBrokenTemplateIsALocatedErrorAndWritesNothing() throws {
        let sandbox = try Sandbox([
            "Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n",
            "Mine/swift/token.mustache": "// {{path}}\n{{#docLines}}\n",
        ])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build", "--templates", "Mine"], in: sandbox.root)
        #expect(result.status == 1)
        // The template's line is shown under the error, with a caret, as a token file's is.
        #expect(result.stderr.hasPrefix("""
            Mine/swift/token.mustache:2:1: error: `{{#docLines}}` is never closed [template/syntax]
                {{#docLines}}
                ^

            """), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("Generated").path))
    }
}

/// The UIKit, AppKit and SwiftUI layers type-check on Linux against the stubs in Tests/Stubs.
@Suite struct PlatformLayerTests {
    static let stubs = Golden.packageRoot.appendingPathComponent("Tests/Stubs")

    @Test func platformLayersTypeCheckAgainstTheStubs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tokenc-stubs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for sub in ["ui", "ak", "sui-ui", "sui-ak"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        func emit(_ module: String, into sub: String, search: [String] = []) throws {
            let result = try SwiftOutputTests.run("/usr/bin/env", ["swiftc", "-parse-as-library", "-emit-module", "-module-name", module]
                + search.flatMap { ["-I", $0] } + ["-emit-module-path", "\(sub)/\(module).swiftmodule",
                                                   Self.stubs.appendingPathComponent("\(module)/\(module).swift").path], in: folder)
            #expect(result.status == 0, "\(module) stub: \(result.output)")
        }
        try emit("UIKit", into: "ui")
        try emit("AppKit", into: "ak")
        try emit("SwiftUI", into: "sui-ui", search: ["ui"])
        try emit("SwiftUI", into: "sui-ak", search: ["ak"])
        try Data(try SwiftOutputTests.generatedSwift().utf8).write(to: folder.appendingPathComponent("Tokens.swift"))
        // A probe proves the stubs are seen: with UIKit on the search path, canImport(UIKit) is true.
        try Data("#if canImport(UIKit)\nlet probe: Int = \"not an Int\"\n#endif\n".utf8).write(to: folder.appendingPathComponent("probe.swift"))
        #expect(try SwiftOutputTests.run("/usr/bin/env", ["swiftc", "-typecheck", "-I", "ui", "probe.swift"], in: folder).status != 0)
        for search in [["ui"], ["ak"], ["ui", "sui-ui"], ["ak", "sui-ak"]] {
            let result = try SwiftOutputTests.run("/usr/bin/env", ["swiftc", "-typecheck", "-parse-as-library"]
                + search.flatMap { ["-I", $0] } + ["Tokens.swift"], in: folder)
            #expect(result.status == 0, "with \(search): \(result.output)")
        }
    }
}

@Suite struct CustomOutputTests {
    /// A template output whose `file` is where a built-in output writes, in the same destination, is an error
    /// naming both, before anything is written; the later output's bytes once silently won.
    @Test func twoOutputsWritingOneFileIsAnErrorBeforeAnythingIsWritten() throws {
        let sandbox = try Sandbox([
            "Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n",
            "tokenc.yml": "outputs:\n  - { generator: json }\n  - { generator: css }\n  - { template: T/list.mustache, file: css/tokens.css }\n",
            "T/list.mustache": "{{#groups}}{{path}}\n{{/groups}}",
        ])
        defer { sandbox.remove() }
        let message = "tokenc: error: Generated/css/tokens.css is written by the `css` and `custom` outputs; give one of them another `file` or `destination` in tokenc.yml\n"
        for arguments in [["build"], ["build", "--check"], ["build", "--dry-run"]] {
            let result = try TokencProcess.run(arguments, in: sandbox.root)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr == message, "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("Generated").path))
    }

    @Test func tokencYmlOutputsRenderUserTemplatesWithTheSameContext() throws {
        let sandbox = try Sandbox([
            "Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\", $description: White }\n",
            "tokenc.yml": "outputs:\n  - { template: Templates/list.txt.mustache, file: lists/tokens.txt }\n",
            "Templates/list.txt.mustache": "v{{contextVersion}}\n{{#groups}}\n{{#tokens}}\n{{path}} {{swiftName}} = {{{swiftValue}}}\n{{/tokens}}\n{{/groups}}\n",
        ])
        defer { sandbox.remove() }
        let result = try TokencProcess.run(["build"], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/lists/tokens.txt"), encoding: .utf8)
        #expect(text == "v1\nc.a a = ThemeColor(light: TokenColor(.sRGB, 1, 1, 1))\n")
    }

    @Test func outputsMayNotLeaveTheOutputFolder() throws {
        let sandbox = try Sandbox([
            "Tokens/c.yaml": "n: { $type: number, $value: 1 }\n",
            "tokenc.yml": "outputs:\n  - { template: t.mustache, file: ../escape.txt }\n",
            "t.mustache": "x\n",
        ])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build"], in: sandbox.root)
        #expect(result.status == 2)
        #expect(result.stderr.contains("tokenc.yml:2:35: error: `../escape.txt` would leave the output folder; give a relative path inside it [config/invalid]"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("escape.txt").path))
    }
}

@Suite struct OutputDestinationTests {
    @Test func tokencYmlSendsEachOutputToItsDestinationWithItsOptions() throws {
        let sandbox = try Sandbox([
            "Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\", $extensions: { mode: { dark: \"#000000\" } } }\n",
            "tokenc.yml": """
                swift-root: Theme
                outputs:
                  - { generator: swift, destination: App/Sources/Theme }
                  - { generator: css, destination: web/styles, options: { prefix: ds-, case: camel, light-dark: true } }

                """,
        ])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build"], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "built 1 token from 1 file into App/Sources/Theme/, web/styles/: 2 written, 0 unchanged\n")
        let swift = try String(contentsOf: sandbox.root.appendingPathComponent("App/Sources/Theme/swift/Tokens.swift"), encoding: .utf8)
        #expect(swift.contains("public enum Theme {"))
        let css = try String(contentsOf: sandbox.root.appendingPathComponent("web/styles/css/tokens.css"), encoding: .utf8)
        #expect(css.contains("  --ds-cA: light-dark(#ffffff, #000000);\n"))
        #expect(!sandbox.listing().contains { $0.hasPrefix("Generated/") })
        // The command line beats the file.
        let flag = try InProcess.run(["build", "--output", "Out"], in: sandbox.root)
        #expect(flag.stderr == "built 1 token from 1 file into Out/: 2 written, 0 unchanged\n")
    }

    @Test func unknownGeneratorsAndOptionsAreLocatedErrors() throws {
        let sandbox = try Sandbox([
            "Tokens/c.yaml": "n: { $type: number, $value: 1 }\n",
            "tokenc.yml": "outputs:\n  - { generator: csss }\n  - { generator: css, options: { colour: 1 } }\n",
        ])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build"], in: sandbox.root)
        #expect(result.status == 2)
        #expect(result.stderr.contains("tokenc.yml:2:18: error: `generator` must be one of css, json, swift, ts, xcassets [config/invalid]"))
        #expect(result.stderr.contains("fix: did you mean `css`?"))
        #expect(!result.stderr.contains("an output needs"), "one problem per mistake")
        #expect(result.stderr.contains("tokenc.yml:3:34: error: `colour` is not an output option with that value [config/invalid]"))
    }
}
