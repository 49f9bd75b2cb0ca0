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
        let validate = try TokencProcess.run(["validate"], in: sandbox.root)
        #expect(validate.status == 0)
        #expect(validate.stderr == "1 file, 1 token: no problems\n")
        let inspect = try TokencProcess.run(["inspect", "c"], in: sandbox.root)
        #expect(inspect.stdout == """
            c  number  Tokens/tokens.resolver.json:2:74
              overrides Tokens/tokens.resolver.json:2:33 (a source merged before it)
              light  2


            """)
        #expect(try TokencProcess.run(["build"], in: sandbox.root).status == 0)
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
        let validate = try TokencProcess.run(["validate"], in: sandbox.root)
        #expect(validate.status == 0)
        #expect(validate.stderr == "4 files, 2 tokens: no problems\n")
        let inspect = try TokencProcess.run(["inspect", "c.fg", "c.bg"], in: sandbox.root)
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
        let validate = try TokencProcess.run(["validate"], in: sandbox.root)
        #expect(validate.status == 1)
        #expect(validate.stderr.hasPrefix("Tokens/b.yaml:1:1: error: the token `c` is defined twice [token/duplicate]\n"), "\(validate.stderr)")
    }
}

/// `$extends` circles of any length, through the groups a target holds too (groups.md: "Groups MUST NOT create
/// circular inheritance chains"): a group extending its own ancestor invented `button.secondary.color`.
@Suite struct ExtendsCycleTests {
    @Test func aGroupExtendingTheGroupThatHoldsItIsACycle() throws {
        let sandbox = try Sandbox(["Tokens/t.json": "{\"button\": {\"color\": {\"$type\": \"color\", \"$value\": \"#ff0000\"}, \"secondary\": {\"$extends\": \"{button}\"}}}\n"])
        defer { sandbox.remove() }
        let validate = try TokencProcess.run(["validate"], in: sandbox.root)
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
        let validate = try TokencProcess.run(["validate"], in: sandbox.root)
        #expect(validate.status == 1)
        let errors = validate.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors == [
            "Tokens/t.json:1:20: error: these groups extend each other in a circle: `a` extends `b`; `b` extends `c`; `c` extends `a` [alias/cycle]",
            "Tokens/t.json:2:30: error: these groups extend each other in a circle: `d.inner` extends `e`; `e` extends `d`, which holds `d.inner` [alias/cycle]",
        ])
        let inspect = try TokencProcess.run(["inspect", "f"], in: sandbox.root)
        #expect(inspect.stdout == "f.z  number  Tokens/t.json:3:34\n  light  3\n\n")
    }
}

/// A token-level `$ref` at a token is an alias of it (aliases.md: `"$ref": "#/colors/blue"` "references the entire
/// token"); `$ref` into another file says what to write; a resolver source may name one group of a file.
@Suite struct PointerReferenceTests {
    @Test func aRefAtAWholeTokenIsAnAlias() throws {
        let sandbox = try Sandbox(["Tokens/t.json": """
            {"colors": {"blue": {"$type": "color", "$value": "#0000ff"}}, "primary": {"$ref": "#/colors/blue"},
             "c": {"$type": "number", "$value": 1}, "d": {"$ref": "#/c"},
             "a": {"$ref": "#/b"}, "b": {"$ref": "#/a"}, "g": {"$ref": "#/colors"}, "f": {"$ref": "other.json#/c"}}

            """])
        defer { sandbox.remove() }
        let validate = try TokencProcess.run(["validate"], in: sandbox.root)
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
        let inspect = try TokencProcess.run(["inspect", "primary", "d"], in: sandbox.root)
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
        let inspect = try TokencProcess.run(["inspect", "c"], in: sandbox.root)
        #expect(inspect.stdout == "c  number  Tokens/themes.json:1:13\n  light  1\n\n")
        try Data("""
            {"version": "2025.10",
             "sets": {"base": {"sources": [{"$ref": "themes.json#blue"}, {"$ref": "themes.json#/nothing"}]}},
             "resolutionOrder": [{"$ref": "#/sets/base"}]}

            """.utf8).write(to: sandbox.root.appendingPathComponent("Tokens/tokens.resolver.json"))
        let validate = try TokencProcess.run(["validate"], in: sandbox.root)
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
        let validate = try TokencProcess.run(["validate", "--rules", "structure"], in: sandbox.root)
        #expect(validate.status == 1)
        let errors = validate.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors == [
            "Tokens/t.json:6:102: error: `fontWeight` of the typography `ty` takes a fontWeight, but `{n}` is a number [alias/type-mismatch]",
            "Tokens/t.json:6:168: error: `lineHeight` of the typography `ty` takes a number, but `{w}` is a fontWeight [alias/type-mismatch]",
            "Tokens/t.json:7:63: error: `width` of the border `b` takes a dimension, but `{c}` is a color [alias/type-mismatch]",
            "Tokens/t.json:8:69: error: `position` of the gradient `g` takes a number, but `{w}` is a fontWeight [alias/type-mismatch]",
        ], "\(validate.stderr)")
        #expect(validate.stderr.hasSuffix("1 file, 6 tokens: 4 errors\n"))
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
        #expect(try TokencProcess.run(["validate", "--rules", "structure"], in: sandbox.root).status == 0)
        let strict = try TokencProcess.run(["validate", "--rules", "structure", "--dtcg", "strict"], in: sandbox.root)
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
        #expect(try TokencProcess.run(["validate", "--rules", "structure"], in: sandbox.root).status == 1)
        #expect(try TokencProcess.run(["validate", "--rules", "structure", "--dtcg", "lenient"], in: sandbox.root).status == 0)
    }
}

/// Every modifier of a resolver document counts: contexts that are no appearance become themes (custom modes) the
/// outputs carry; two modifiers giving values warn that their combinations are not carried; contexts spelled as
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
        let validate = try TokencProcess.run(["validate"], in: sandbox.root)
        #expect(validate.stderr == "1 file, 2 tokens: no problems\n")
        let inspect = try TokencProcess.run(["inspect", "space.gap"], in: sandbox.root)
        #expect(inspect.stdout == "space.gap  number  Tokens/r.resolver.yaml:8:43\n  light    8\n  compact  4\n\n")
        #expect(try TokencProcess.run(["build"], in: sandbox.root).status == 0)
        let flat = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/json/tokens.flat.json"), encoding: .utf8)
        #expect(flat.contains("\"space.gap\": {\n    \"type\": \"number\",\n    \"light\": 8,\n    \"compact\": 4\n  }"), "\(flat)")
        let css = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/css/tokens.css"), encoding: .utf8)
        #expect(css.contains("--space-gap: 4;"), "\(css)")
        #expect(css.contains(":root[data-theme=\"compact\"] {\n"), "\(css)")
        let swift = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/swift/Tokens.swift"), encoding: .utf8)
        #expect(swift.contains("\"compact\": 4"), "\(swift)")
    }

    @Test func twoModifiersGivingValuesWarnAndAppearanceSpellingsAreAllNamed() throws {
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
        let validate = try TokencProcess.run(["validate"], in: sandbox.root)
        #expect(validate.status == 0)
        let warnings = validate.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(warnings == [
            "Tokens/r.resolver.yaml:14:7: warning: the modifier `theme` has appearance contexts, but only the modifier named `appearance` becomes "
                + "appearances: tokenc reads its default context `light` and leaves out `dark-hc`, `light_ax` [resolver/appearance-modifier]",
            "Tokens/r.resolver.yaml:17:5: warning: `appearance` and `density` both give the tokens other values: tokenc carries each context as a mode "
                + "over the other modifiers' defaults, not their combinations, so no mode is `appearance` and `density` at once [resolver/combined-modifiers]",
        ], "\(validate.stderr)")
    }
}
