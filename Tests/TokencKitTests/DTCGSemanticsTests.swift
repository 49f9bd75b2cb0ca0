import Foundation
import Testing
@testable import TokencKit
import TokenGenerators

/// Resolver documents merge their sources "last one wins" (Resolver Module 2025.10, "Conflict resolution"): a
/// later source's token overrides an earlier one's, never a `token/duplicate`; a plain folder still reports one.
@Suite struct ResolverMergeTests {
    /// The issue's repro: two inline sources of one set defining `c`; the second wins, and `inspect` says which it overrode.
    @Test func aLaterSourceInASetOverridesAnEarlierOne() throws {
        let sandbox = try Sandbox(["Tokens/tokens.resolver.json": """
            {"version": "2025.10",
             "sets": {"base": {"sources": [{"c": {"$type": "number", "$value": 1}}, {"c": {"$type": "number", "$value": 2}}]}},
             "resolutionOrder": [{"$ref": "#/sets/base"}]}

            """])
        defer { sandbox.remove() }
        let validate = try InProcess.run(["validate"], in: sandbox.root)
        #expect(validate.status == 0)
        #expect(validate.stderr == "1 file, 1 token: no problems\n")
        let inspect = try InProcess.run(["inspect", "c"], in: sandbox.root)
        #expect(inspect.stdout == """
            c  number  Tokens/tokens.resolver.json:2:74
              overrides Tokens/tokens.resolver.json:2:33 (a source merged before it)
              light  2


            """)
        #expect(try InProcess.run(["build"], in: sandbox.root).status == 0)
        #expect(try String(contentsOf: sandbox.root.appendingPathComponent("Generated/json/tokens.flat.json"), encoding: .utf8)
            == "{\n  \"c\": {\n    \"type\": \"number\",\n    \"light\": 2\n  }\n}\n")
    }

    /// Sets later in `resolutionOrder` override earlier ones, and a context's sources merge in order: with
    /// `dark-high-contrast: [dark, dark-hc]`, dark-hc wins where it defines a token and dark fills the rest. The same
    /// file named by a context twice is read once (4 files: the document and three token files).
    @Test func setsAndContextSourcesMergeInOrder() throws {
        let sandbox = try Sandbox([
            "Tokens/tokens.resolver.json": """
                {"version": "2025.10",
                 "sets": {"base": {"sources": [{"$ref": "base.tokens.json"}]}, "brand": {"sources": [{"c": {"$type": "color", "bg": {"$value": "#fafafa"}}}]}},
                 "modifiers": {"appearance": {"default": "light", "contexts": {
                    "light": [],
                    "dark": [{"$ref": "dark.tokens.json"}, {"$ref": "dark.tokens.json"}],
                    "dark-high-contrast": [{"$ref": "dark.tokens.json"}, {"$ref": "dark-hc.tokens.json"}]}}},
                 "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/sets/brand"}, {"$ref": "#/modifiers/appearance"}]}

                """,
            "Tokens/base.tokens.json": "{\"c\": {\"$type\": \"color\", \"bg\": {\"$value\": \"#ffffff\"}, \"fg\": {\"$value\": \"#000000\"}}}\n",
            "Tokens/dark.tokens.json": "{\"c\": {\"$type\": \"color\", \"bg\": {\"$value\": \"#000000\"}, \"fg\": {\"$value\": \"#eeeeee\"}}}\n",
            "Tokens/dark-hc.tokens.json": "{\"c\": {\"$type\": \"color\", \"fg\": {\"$value\": \"#ffffff\"}}}\n",
        ])
        defer { sandbox.remove() }
        let validate = try InProcess.run(["validate"], in: sandbox.root)
        #expect(validate.status == 0)
        #expect(validate.stderr == GuidelineCoverageText.none + "\n" + "4 files, 2 tokens: no problems\n")
        let inspect = try InProcess.run(["inspect", "c.fg", "c.bg"], in: sandbox.root)
        #expect(inspect.stdout == """
            c.fg  color  Tokens/base.tokens.json:1:55
              light               #000000  oklch(0 0 0)
              dark                #eeeeee  oklch(0.949 0 0)
              dark-high-contrast  #ffffff  oklch(1 0 0)

            c.bg  color  Tokens/tokens.resolver.json:2:111
              overrides Tokens/base.tokens.json:1:26 (a source merged before it)
              light               #fafafa  oklch(0.985 0 0)
              dark                #000000  oklch(0 0 0)
              dark-high-contrast  #000000  oklch(0 0 0)


            """)
    }

    /// Without a resolver document, one path in two files is still a duplicate: files in a folder have no order
    /// that could mean an override.
    @Test func aPlainFolderStillReportsDuplicates() throws {
        let sandbox = try Sandbox(["Tokens/a.yaml": "c: { $type: number, $value: 1 }\n", "Tokens/b.yaml": "c: { $type: number, $value: 2 }\n"])
        defer { sandbox.remove() }
        let validate = try InProcess.run(["validate"], in: sandbox.root)
        #expect(validate.status == 1)
        #expect(validate.stderr.hasPrefix("Tokens/b.yaml:1:1: error: the token `c` is defined twice [token/duplicate]\n"), "\(validate.stderr)")
    }
}

/// `$extends` circles of any length, through the groups a target holds too (DTCG Format Module, § Groups:
/// "Groups MUST NOT create circular inheritance chains"): a group extending its own ancestor invented
/// `button.secondary.color`.
@Suite struct ExtendsCycleTests {
    @Test func aGroupExtendingTheGroupThatHoldsItIsACycle() throws {
        let sandbox = try Sandbox(["Tokens/t.json": "{\"button\": {\"color\": {\"$type\": \"color\", \"$value\": \"#ff0000\"}, \"secondary\": {\"$extends\": \"{button}\"}}}\n"])
        defer { sandbox.remove() }
        let validate = try InProcess.run(["validate"], in: sandbox.root)
        #expect(validate.status == 1)
        #expect(validate.stderr.hasPrefix("Tokens/t.json:1:89: error: these groups extend each other in a circle: `button.secondary` extends "
            + "`button`, which holds `button.secondary` [alias/cycle]\n"), "\(validate.stderr)")
        #expect(validate.stderr.hasSuffix("1 file, 1 token: 1 error\n"))
    }

    @Test func circlesOfAnyLengthAreReportedOnceAndOthersStillExtend() throws {
        let sandbox = try Sandbox(["Tokens/t.json": """
            {"a": {"$extends": "{b}", "x": {"$type": "number", "$value": 1}}, "b": {"$extends": "{c}"}, "c": {"$extends": "{a}"},
             "d": {"inner": {"$extends": "{e}"}}, "e": {"$extends": "{d}", "y": {"$type": "number", "$value": 2}},
             "f": {"$extends": "{g}"}, "g": {"z": {"$type": "number", "$value": 3}}}

            """])
        defer { sandbox.remove() }
        let validate = try InProcess.run(["validate"], in: sandbox.root)
        #expect(validate.status == 1)
        let errors = validate.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors == [
            "Tokens/t.json:1:20: error: these groups extend each other in a circle: `a` extends `b`; `b` extends `c`; `c` extends `a` [alias/cycle]",
            "Tokens/t.json:2:30: error: these groups extend each other in a circle: `d.inner` extends `e`; `e` extends `d`, which holds `d.inner` [alias/cycle]",
        ])
        let inspect = try InProcess.run(["inspect", "f"], in: sandbox.root)
        #expect(inspect.stdout == "f.z  number  Tokens/t.json:3:34\n  light  3\n\n")
    }
}

/// A token-level `$ref` at a token is an alias of it (DTCG Format Module, § Aliases / References:
/// `"$ref": "#/colors/blue"` "references the entire token"); `$ref` into another file says what to write; a
/// resolver source may name one group of a file.
@Suite struct PointerReferenceTests {
    @Test func aRefAtAWholeTokenIsAnAlias() throws {
        let sandbox = try Sandbox(["Tokens/t.json": """
            {"colors": {"blue": {"$type": "color", "$value": "#0000ff"}}, "primary": {"$ref": "#/colors/blue"},
             "c": {"$type": "number", "$value": 1}, "d": {"$ref": "#/c"},
             "a": {"$ref": "#/b"}, "b": {"$ref": "#/a"}, "g": {"$ref": "#/colors"}, "f": {"$ref": "other.json#/c"}}

            """])
        defer { sandbox.remove() }
        let validate = try InProcess.run(["validate"], in: sandbox.root)
        #expect(validate.status == 1)
        let errors = validate.stderr.split(separator: "\n").filter { $0.contains(": error: ") || $0.hasPrefix("  fix: ") }
        #expect(errors == [
            "Tokens/t.json:3:16: error: these aliases point at each other in a circle: `a` → `b` → `a` [alias/cycle]",
            "  fix: give one of them a literal value",
            "Tokens/t.json:3:60: error: the JSON Pointer `#/colors` points at a group, not a token [alias/unresolved]",
            "  fix: write `#/group/token` or `#/group/token/$value`",
            "Tokens/t.json:3:87: error: the JSON Pointer `other.json#/c` points into the file `other.json`, but a token's `$ref` names a token "
                + "of the whole token set, whichever file defines it [alias/unresolved]",
            "  fix: write `#/c`, with `other.json` in the token folder",
        ], "\(validate.stderr)")
        let inspect = try InProcess.run(["inspect", "primary", "d"], in: sandbox.root)
        #expect(inspect.stdout == """
            primary  color  Tokens/t.json:1:63
              alias: → colors.blue
              light  #0000ff  oklch(0.452 0.313 264.052)

            d  number  Tokens/t.json:2:41
              alias: → c
              light  1


            """)
    }

    @Test func aResolverSourceMayNameOneGroupOfAFile() throws {
        let sandbox = try Sandbox([
            "Tokens/tokens.resolver.json": """
                {"version": "2025.10",
                 "sets": {"base": {"sources": [{"$ref": "themes.json#/orange"}]}},
                 "resolutionOrder": [{"$ref": "#/sets/base"}]}

                """,
            "Tokens/themes.json": "{\"orange\": {\"c\": {\"$type\": \"number\", \"$value\": 1}}, \"blue\": {\"c\": {\"$type\": \"number\", \"$value\": 2}}}\n",
        ])
        defer { sandbox.remove() }
        let inspect = try InProcess.run(["inspect", "c"], in: sandbox.root)
        #expect(inspect.stdout == "c  number  Tokens/themes.json:1:13\n  light  1\n\n")
        try Data("""
            {"version": "2025.10",
             "sets": {"base": {"sources": [{"$ref": "themes.json#blue"}, {"$ref": "themes.json#/nothing"}]}},
             "resolutionOrder": [{"$ref": "#/sets/base"}]}

            """.utf8).write(to: sandbox.root.appendingPathComponent("Tokens/tokens.resolver.json"))
        let validate = try InProcess.run(["validate"], in: sandbox.root)
        #expect(validate.status == 1)
        let errors = validate.stderr.split(separator: "\n").filter { $0.contains(": error: ") || $0.hasPrefix("  fix: ") }
        #expect(errors == [
            "Tokens/tokens.resolver.json:2:32: error: in `themes.json#blue` the part after `#` must be a JSON Pointer, starting with `/` [resolver/invalid]",
            "  fix: write `themes.json#/blue`",
            "Tokens/tokens.resolver.json:2:62: error: `/nothing` names no group in `themes.json` [resolver/invalid]",
            "  fix: point at a group of the file, such as `themes.json#/color`",
        ], "\(validate.stderr)")
    }
}

/// References inside composite values are checked against their field's type: one `alias/type-mismatch` at the
/// reference, naming both types, and nothing reported inside the target (a border `width: "{c}"` reported
/// "`colorSpace` is not a field here" inside `c`).
@Suite struct CompositeReferenceTypeTests {
    @Test func eachReferenceMustHaveItsFieldsType() throws {
        let sandbox = try Sandbox(["Tokens/t.json": """
            {"n": {"$type": "number", "$value": 400},
             "w": {"$type": "fontWeight", "$value": 700},
             "c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0]}},
             "fam": {"$type": "fontFamily", "$value": "Inter"},
             "size": {"$type": "dimension", "$value": {"value": 16, "unit": "px"}},
             "ty": {"$type": "typography", "$value": {"fontFamily": "{fam}", "fontSize": "{size}", "fontWeight": "{n}", "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": "{w}"}},
             "b": {"$type": "border", "$value": {"color": "{c}", "width": "{c}", "style": "solid"}},
             "g": {"$type": "gradient", "$value": [{"color": "{c}", "position": "{w}"}]},
             "ok": {"$type": "border", "$value": {"color": "{c}", "width": "{size}", "style": "solid"}}
            }

            """])
        defer { sandbox.remove() }
        let validate = try InProcess.run(["validate", "--rules", "structure"], in: sandbox.root)
        #expect(validate.status == 1)
        let errors = validate.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors == [
            "Tokens/t.json:6:102: error: `fontWeight` of the typography `ty` takes a fontWeight, but `{n}` is a number [alias/type-mismatch]",
            "Tokens/t.json:6:168: error: `lineHeight` of the typography `ty` takes a number, but `{w}` is a fontWeight [alias/type-mismatch]",
            "Tokens/t.json:7:63: error: `width` of the border `b` takes a dimension, but `{c}` is a color [alias/type-mismatch]",
            "Tokens/t.json:8:69: error: `position` of the gradient `g` takes a number, but `{w}` is a fontWeight [alias/type-mismatch]",
        ], "\(validate.stderr)")
        #expect(validate.stderr.hasSuffix("1 file, 9 tokens read, 3 rejected: 4 errors\n"))
    }
}

/// `json/tokens.json` is DTCG 2025.10 as strict as `--dtcg strict` reads it: colors as color objects, `pt` as `px`;
/// and `--dtcg strict` makes tokenc's leniencies in token files errors.
@Suite struct StrictDTCGTests {
    /// The JSON output of `sources` (one file or a folder's files), and what strict DTCG finds in reading it back.
    static func strictFindingsInOutput(of files: [String], sources: [String: [UInt8]], style: JSONAliasStyle) -> (output: [UInt8]?, findings: [String]) {
        let built = Pipeline(rules: .structure, generators: [DTCGJSONGenerator(aliases: style)]).run(files: files, sources: sources, render: true)
        guard let json = built.outputs.first(where: { $0.relativePath == "json/tokens.json" }) else { return (nil, []) }
        var strict = Pipeline(rules: .structure, generators: [])
        strict.strictDTCG = true
        let again = strict.run(files: ["tokens.json"], sources: ["tokens.json": json.contents], render: false)
        return (json.contents, again.diagnostics.map { "\($0.id) \($0.location.map { "\($0.line):\($0.column)" } ?? ""): \($0.message)" })
    }

    @Test(arguments: [JSONAliasStyle.resolved, .kept])
    func theJSONOutputOfTheExamplesAndThePositiveCasesIsStrictDTCG(_ style: JSONAliasStyle) throws {
        let root = ConformanceCase.packageRoot
        var inputs: [(name: String, files: [String], sources: [String: [UInt8]])] = []
        for folder in ["Tokens", "Examples/ThemeConsumer/Sources/ThemeKit/Tokens"] {
            let (files, sources) = try TokenSources.readAll(root.appendingPathComponent(folder).path)
            inputs.append((folder, files, sources))
        }
        for testCase in ConformanceCase.all where testCase.mustPass && testCase.file.contains("/format/") {
            inputs.append((testCase.id, [testCase.file], [testCase.file: Array(try Data(contentsOf: URL(fileURLWithPath: testCase.file)))]))
        }
        var checked = 0
        for input in inputs {
            let (output, findings) = Self.strictFindingsInOutput(of: input.files, sources: input.sources, style: style)
            // A case whose tokens all fail no structure rule but have no output (none) is not one to check.
            guard output != nil else {
                Issue.record("\(input.name) has no JSON output")
                continue
            }
            checked += 1
            #expect(findings.isEmpty, "\(input.name): \(findings.prefix(5))")
        }
        #expect(checked == inputs.count, "\(checked) outputs checked")
    }

    @Test func strictMakesCSSColorStringsAndPointsErrors() throws {
        let sandbox = try Sandbox(["Tokens/t.yaml": """
            c:
              $type: color
              a: { $value: "#0A84FF" }
              b: { $value: { colorSpace: srgb, components: [1, 0, 0] } }
              c: { $value: "{c.a}" }
            d: { $type: dimension, $value: { value: 4, unit: pt } }
            line: { $type: border, $value: { color: "oklch(0.6 0.15 250)", width: { value: 1, unit: pt }, style: solid } }

            """])
        defer { sandbox.remove() }
        #expect(try InProcess.run(["validate", "--rules", "structure"], in: sandbox.root).status == 0)
        let strict = try InProcess.run(["validate", "--rules", "structure", "--dtcg", "strict"], in: sandbox.root)
        #expect(strict.status == 1)
        let lines = strict.stderr.split(separator: "\n").filter { $0.contains(": error: ") || $0.hasPrefix("  fix: ") }
        #expect(lines == [
            "Tokens/t.yaml:3:16: error: `#0A84FF` is a CSS color string, which DTCG 2025.10 does not define (`--dtcg strict`) [token/invalid-value]",
            "  fix: write `{ \"colorSpace\": \"srgb\", \"components\": [0.0392156862745098, 0.5176470588235295, 1], \"hex\": \"#0a84ff\" }`",
            "Tokens/t.yaml:6:50: error: `pt` is not a DTCG 2025.10 unit, which are `px` and `rem` (`--dtcg strict`) [token/invalid-value]",
            "  fix: write `px`: tokenc reads 1pt as 1px, Apple's point and CSS's reference pixel",
            "Tokens/t.yaml:7:41: error: `oklch(0.6 0.15 250)` is a CSS color string, which DTCG 2025.10 does not define (`--dtcg strict`) [token/invalid-value]",
            "  fix: write `{ \"colorSpace\": \"oklch\", \"components\": [0.6, 0.15, 250], \"hex\": \"#2784d5\" }`",
            "Tokens/t.yaml:7:89: error: `pt` is not a DTCG 2025.10 unit, which are `px` and `rem` (`--dtcg strict`) [token/invalid-value]",
            "  fix: write `px`: tokenc reads 1pt as 1px, Apple's point and CSS's reference pixel",
        ], "\(strict.stderr)")
        // tokenc.yml's `dtcg: strict` does the same.
        try Data("dtcg: strict\n".utf8).write(to: sandbox.root.appendingPathComponent("tokenc.yml"))
        #expect(try InProcess.run(["validate", "--rules", "structure"], in: sandbox.root).status == 1)
        #expect(try InProcess.run(["validate", "--rules", "structure", "--dtcg", "lenient"], in: sandbox.root).status == 0)
    }
}

/// Every modifier of a resolver document counts: contexts that are no appearance become themes (custom modes) the
/// outputs carry; two modifiers making themes warn that their combinations are not carried; contexts spelled as
/// appearances in another modifier (`dark-hc`, `light_ax`) are all named by the warning.
@Suite struct ModifierTests {
    static let document = """
        version: "2025.10"
        sets:
          base: { sources: [{ c: { $type: color, bg: { $value: "#ffffff" } } }] }
        modifiers:
          density:
            default: regular
            contexts:
              regular: [{ space: { $type: number, gap: { $value: 8 } } }]
              compact: [{ space: { $type: number, gap: { $value: 4 } } }]
        resolutionOrder:
          - $ref: "#/sets/base"
          - $ref: "#/modifiers/density"

        """

    @Test func anotherModifiersContextsAreThemesInEveryOutput() throws {
        let sandbox = try Sandbox(["Tokens/r.resolver.yaml": Self.document])
        defer { sandbox.remove() }
        let validate = try InProcess.run(["validate"], in: sandbox.root)
        #expect(validate.stderr == GuidelineCoverageText.none + "\n" + "1 file, 2 tokens: no problems\n")
        let inspect = try InProcess.run(["inspect", "space.gap"], in: sandbox.root)
        #expect(inspect.stdout == "space.gap  number  Tokens/r.resolver.yaml:8:43\n  light    8\n  compact  4\n\n")
        #expect(try InProcess.run(["build"], in: sandbox.root).status == 0)
        let flat = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/json/tokens.flat.json"), encoding: .utf8)
        #expect(flat.contains("\"space.gap\": {\n    \"type\": \"number\",\n    \"light\": 8,\n    \"compact\": 4\n  }"), "\(flat)")
        let css = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/css/tokens.css"), encoding: .utf8)
        #expect(css.contains("--space-gap: 4;"), "\(css)")
        #expect(css.contains(":root[data-theme=\"compact\"] {\n"), "\(css)")
        let swift = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/swift/Tokens.swift"), encoding: .utf8)
        #expect(swift.contains("\"compact\": 4"), "\(swift)")
    }

    @Test func appearanceSpellingsInAnotherModifierAreAllNamed() throws {
        let sandbox = try Sandbox(["Tokens/r.resolver.yaml": Self.document.replacingOccurrences(of: "modifiers:\n", with: """
            modifiers:
              appearance:
                default: light
                contexts:
                  light: []
                  dark: [{ c: { bg: { $value: "#000000" } } }]
              theme:
                default: light
                contexts:
                  light: []
                  dark-hc: []
                  light_ax: []

            """).replacingOccurrences(of: "  - $ref: \"#/modifiers/density\"\n", with: """
              - $ref: "#/modifiers/appearance"
              - $ref: "#/modifiers/theme"
              - $ref: "#/modifiers/density"

            """)])
        defer { sandbox.remove() }
        let validate = try InProcess.run(["validate"], in: sandbox.root)
        #expect(validate.status == 0)
        let warnings = validate.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(warnings == [
            "Tokens/r.resolver.yaml:14:7: warning: the modifier `theme` has appearance contexts, but only the modifier named `appearance` becomes "
                + "appearances: tokenc reads its default context `light` and leaves out `dark-hc`, `light_ax` [resolver/appearance-modifier]",
        ], "\(validate.stderr)")
    }

    /// Two modifiers that both make themes are warned of once: a theme of one is not combined with a theme of the other.
    @Test func twoModifiersMakingThemesWarn() throws {
        let sandbox = try Sandbox(["Tokens/r.resolver.yaml": Self.document.replacingOccurrences(of: "modifiers:\n", with: """
            modifiers:
              brand:
                default: ocean
                contexts:
                  ocean: []
                  forest: [{ space: { gap: { $value: 6 } } }]

            """).replacingOccurrences(of: "  - $ref: \"#/modifiers/density\"\n", with: """
              - $ref: "#/modifiers/brand"
              - $ref: "#/modifiers/density"

            """)])
        defer { sandbox.remove() }
        let validate = try InProcess.run(["validate"], in: sandbox.root)
        #expect(validate.status == 0)
        #expect(validate.stderr.split(separator: "\n").filter { $0.contains(": warning: ") } == [
            "Tokens/r.resolver.yaml:11:5: warning: `brand` and `density` both make themes: tokenc carries each theme over the other modifier's default "
                + "(and in every appearance), not their combinations, so no mode is a theme of `brand` and of `density` at once [resolver/combined-modifiers]",
        ], "\(validate.stderr)")
    }
}

/// A theme (a context of a modifier other than `appearance`) has appearances of its own: `forest-dark` is what the
/// Resolver Module gives for `forest` and `dark` chosen together, carried by every output; a value the theme's
/// appearance shares with its fallback is not repeated.
@Suite struct ThemeAppearanceTests {
    static func document(brandFirst: Bool) -> String {
        let order = brandFirst ? ["brand", "appearance"] : ["appearance", "brand"]
        return """
            version: "2025.10"
            sets:
              base:
                sources:
                  - c:
                      $type: color
                      bg: { $value: "#ffffff" }
                      accent: { $value: "#0000ff" }
                      text: { $value: "#111111" }
                      link: { $value: "{c.accent}" }
            modifiers:
              brand:
                default: ocean
                contexts:
                  ocean: []
                  forest: [{ c: { accent: { $value: "#008000" }, bg: { $value: "#eeffee" } } }]
              appearance:
                default: light
                contexts:
                  light: []
                  dark: [{ c: { bg: { $value: "#000000" }, text: { $value: "#eeeeee" } } }]
                  dark-high-contrast: [{ c: { text: { $value: "#ffffff" } } }]
            resolutionOrder:
              - $ref: "#/sets/base"
              - $ref: "#/modifiers/\(order[0])"
              - $ref: "#/modifiers/\(order[1])"

            """
    }

    /// Brand before appearance: in `forest-dark` the dark background wins over the forest one; the accent is
    /// forest's in every appearance and the text dark's, so neither repeats under `forest-dark`.
    @Test func aLaterAppearanceWinsInTheThemesDarkAndEveryOutputCarriesIt() throws {
        let sandbox = try Sandbox(["Tokens/r.resolver.yaml": Self.document(brandFirst: true)])
        defer { sandbox.remove() }
        let validate = try InProcess.run(["validate"], in: sandbox.root)
        #expect(validate.stderr == GuidelineCoverageText.none + "\n" + "1 file, 4 tokens: no problems\n")
        let inspect = try InProcess.run(["inspect", "c.bg", "c.text"], in: sandbox.root)
        #expect(inspect.stdout == """
            c.bg  color  Tokens/r.resolver.yaml:7:11
              light        #ffffff  oklch(1 0 0)
              dark         #000000  oklch(0 0 0)
              forest       #eeffee  oklch(0.983 0.029 145.354)
              forest-dark  #000000  oklch(0 0 0)

            c.text  color  Tokens/r.resolver.yaml:9:11
              light               #111111  oklch(0.178 0 0)
              dark                #eeeeee  oklch(0.949 0 0)
              dark-high-contrast  #ffffff  oklch(1 0 0)


            """, "\(inspect.stdout)")
        #expect(try InProcess.run(["build"], in: sandbox.root).status == 0)
        let css = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/css/tokens.css"), encoding: .utf8)
        #expect(css.hasSuffix("""
            /* The forest theme */
            :root[data-theme="forest"] {
              --c-accent: #008000;
              --c-bg: #eeffee;
              --c-link: #008000;
            }

            /* The forest theme, dark */
            @media (prefers-color-scheme: dark) {
              :root[data-theme="forest"] {
                --c-bg: #000000;
              }
            }

            """), "\(css)")
        let flat = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/json/tokens.flat.json"), encoding: .utf8)
        #expect(flat.contains("""
              "c.bg": {
                "type": "color",
                "light": {"colorSpace": "srgb", "components": [1, 1, 1], "hex": "#ffffff"},
                "dark": {"colorSpace": "srgb", "components": [0, 0, 0], "hex": "#000000"},
                "forest": {"colorSpace": "srgb", "components": [0.9333333333333333, 1, 0.9333333333333333], "hex": "#eeffee"},
                "forest-dark": {"colorSpace": "srgb", "components": [0, 0, 0], "hex": "#000000"}
              },
            """), "\(flat)")
        let swift = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/swift/Tokens.swift"), encoding: .utf8)
        #expect(swift.contains("""
                    public static let bg = ThemeColor(
                        light: TokenColor(.sRGB, 1, 1, 1),
                        dark: TokenColor(.sRGB, 0, 0, 0),
                        themes: [
                            "forest": TokenColor(.sRGB, 238 / 255, 1, 238 / 255),
                            "forest-dark": TokenColor(.sRGB, 0, 0, 0),
                        ]
                    )
            """), "\(swift)")
        // The JSON reads back to the same modes: the theme's appearance is a mode like any other.
        let json = sandbox.root.appendingPathComponent("Generated/json/tokens.json")
        let again = try InProcess.run(["inspect", json.path, "c.bg"], in: sandbox.root)
        #expect(again.stdout.contains("  forest-dark  #000000  oklch(0 0 0)\n"), "\(again.stdout) \(again.stderr)")
    }

    /// Written by hand under `$extensions.mode`, `forest-dark` and `forest-dark-high-contrast` are the forest
    /// theme's appearances too: the stylesheet puts them under the appearance's media queries after the theme's
    /// block, and Swift's `theme(_:)` gives each appearance its value, falling back within the theme first.
    /// The Swift is compiled and run.
    @Test func handWrittenThemeAppearancesCascadeInCSSAndFallBackInSwift() throws {
        let sandbox = try Sandbox(["Tokens/a.yaml": """
            c:
              $type: color
              bg: { $value: "#ffffff", $extensions: { mode: { dark: "#000000", dark-high-contrast: "#101010", forest: "#eeffee", forest-dark: "#003300" } } }
            space:
              $type: number
              gap: { $value: 8, $extensions: { mode: { dark: 9, forest: 6, forest-dark-high-contrast: 5 } } }

            """])
        defer { sandbox.remove() }
        let build = try InProcess.run(["build", "--only", "css,swift"], in: sandbox.root)
        #expect(build.status == 0, "\(build.stderr)")
        let css = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/css/tokens.css"), encoding: .utf8)
        #expect(css.hasSuffix("""
            /* The forest theme */
            :root[data-theme="forest"] {
              --c-bg: #eeffee;
              --space-gap: 6;
            }

            /* The forest theme, dark */
            @media (prefers-color-scheme: dark) {
              :root[data-theme="forest"] {
                --c-bg: #003300;
              }
            }

            /* The forest theme, dark with increased contrast */
            @media (prefers-contrast: more) and (prefers-color-scheme: dark) {
              :root[data-theme="forest"] {
                --space-gap: 5;
              }
            }

            """), "\(css)")
        let folder = sandbox.root.appendingPathComponent("Generated/swift")
        try Data("""
            func hex(_ c: TokenColor) -> String { [c.red, c.green, c.blue].map { String(Int($0 * 255 + 0.5), radix: 16) }.joined(separator: " ") }
            let forest = Tokens.C.bg.theme("forest"), gap = Tokens.Space.gap.theme("forest")
            print(hex(forest.light), "|", hex(forest.dark), "|", hex(forest.lightHighContrast), "|", hex(forest.darkHighContrast))
            print(gap.light, gap.dark, gap.lightHighContrast, gap.darkHighContrast)
            print(hex(Tokens.C.bg.theme("ocean").darkHighContrast), Tokens.Space.gap.theme("ocean").dark)
            """.utf8).write(to: folder.appendingPathComponent("main.swift"))
        let compile = try SwiftOutputTests.run("/usr/bin/env", ["swiftc", "-o", "check", "Tokens.swift", "main.swift"], in: folder)
        #expect(compile.status == 0, "\(compile.output)")
        guard compile.status == 0 else { return }
        // forest's dark high contrast falls back to forest-dark (#003300) before dark high contrast (#101010);
        // the gap has no forest-dark, so forest's 6 stands in dark; a theme a token lacks leaves it as it is.
        #expect(try SwiftOutputTests.run(folder.appendingPathComponent("check").path, [], in: folder).output == """
            ee ff ee | 0 33 0 | ee ff ee | 0 33 0
            6.0 6.0 6.0 5.0
            10 10 10 9.0

            """)
    }

    /// Appearance before brand: the forest background wins in `forest-dark`, so it is not repeated there, and
    /// the stylesheet has no block for the theme's dark appearance.
    @Test func aLaterThemeWinsInItsOwnDark() throws {
        let sandbox = try Sandbox(["Tokens/r.resolver.yaml": Self.document(brandFirst: false)])
        defer { sandbox.remove() }
        let inspect = try InProcess.run(["inspect", "c.bg"], in: sandbox.root)
        #expect(inspect.stdout == """
            c.bg  color  Tokens/r.resolver.yaml:7:11
              light   #ffffff  oklch(1 0 0)
              dark    #000000  oklch(0 0 0)
              forest  #eeffee  oklch(0.983 0.029 145.354)


            """, "\(inspect.stdout)")
        #expect(try InProcess.run(["build", "--only", "css"], in: sandbox.root).status == 0)
        let css = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/css/tokens.css"), encoding: .utf8)
        #expect(!css.contains("The forest theme, dark"), "\(css)")
    }
}
