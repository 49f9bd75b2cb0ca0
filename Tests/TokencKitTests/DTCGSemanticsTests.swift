import Foundation
import Testing

/// Resolver documents merge their sources "last one wins" (Resolver Module 2025.10, "Conflict resolution"): a
/// later source's token overrides an earlier one's, never a `token/duplicate`; a plain folder still reports one.
@Suite struct ResolverMergeTests {
    /// The repro: two inline sources of one set defining `c`; the second wins, and `inspect` says which it overrode.
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
