import Testing
@testable import TokencKit

/// A mistake is reported where it is made, once: what follows from it (the tokens of a group whose `$type` is no
/// type, aliases of them, references into a file that did not parse) is not reported as a mistake of its own,
/// and the summary counts the tokens it cost.
@Suite struct FollowOnFindingsTests {
    @Test func aGroupsUnknownTypeIsOneError() throws {
        let sandbox = try Sandbox(["Tokens/t.yaml": """
            g:
              $type: string
              a: { $value: "x" }
              b: { $value: "y" }
              n: { $type: number, $value: 2 }
            use: { $type: color, $value: "{g.a}" }
            ok: { $type: number, $value: "{g.n}" }

            """])
        defer { sandbox.remove() }
        let validate = try InProcess.run(["validate", "--rules", "structure"], in: sandbox.root)
        #expect(validate.stderr == """
            Tokens/t.yaml:2:10: error: `string` is not a token type [token/invalid-property]
                  $type: string
                         ^
              fix: use one of: color, dimension, fontFamily, fontWeight, duration, cubicBezier, number, strokeStyle, border, transition, shadow, gradient, typography, symbol, accent, icon
            1 file, 5 tokens read, 3 rejected: 1 error

            """)
    }

    @Test func referencesIntoAFileThatDidNotParseAreNotes() throws {
        let sandbox = try Sandbox([
            "Tokens/a.json": "{ \"a\": { \"$type\": \"color\", \"$value\": \"#ffffff\" }, \n",
            "Tokens/u.yaml": "x: { $value: \"{a}\" }\n",
        ])
        defer { sandbox.remove() }
        let validate = try InProcess.run(["validate", "--rules", "structure"], in: sandbox.root)
        let lines = validate.stderr.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": note: ") }
        #expect(lines == [
            "Tokens/a.json:2:1: error: did not find expected node content while parsing a flow node [yaml/syntax]",
            "Tokens/u.yaml:1:14: note: `{a}` names no token that was read; `Tokens/a.json` was not read, and may define it [alias/unresolved]",
        ], "\(validate.stderr)")
        #expect(validate.stderr.hasSuffix("2 files, 1 token read, 1 rejected: 1 error, 1 note\n"))
    }

    /// An alias of a token of a set that `resolutionOrder` does not use says so, and how to use it; the files a
    /// resolver document names are named without `./`.
    @Test func anAliasIntoASetResolutionOrderLeavesOut() throws {
        let sandbox = try Sandbox([
            "Tokens/r.resolver.json": """
                { "version": "2025.10",
                  "sets": { "base": { "sources": [{ "$ref": "./base.json" }] }, "type": { "sources": [{ "$ref": "./type.json" }] } },
                  "resolutionOrder": [{ "$ref": "#/sets/base" }] }
                """,
            "Tokens/base.json": "{ \"body\": { \"$type\": \"fontFamily\", \"$value\": \"{font.default}\" } }\n",
            "Tokens/type.json": "{ \"font\": { \"default\": { \"$type\": \"fontFamily\", \"$value\": \"SF Pro\" } } }\n",
        ])
        defer { sandbox.remove() }
        let validate = try InProcess.run(["validate", "--rules", "structure"], in: sandbox.root)
        #expect(validate.stderr.hasPrefix("""
            Tokens/base.json:1:46: error: `{font.default}` is defined in the set `type`, which `resolutionOrder` does not list [alias/unresolved]
            """), "\(validate.stderr)")
        #expect(validate.stderr.contains("  fix: add `{ \"$ref\": \"#/sets/type\" }` to `resolutionOrder` in the resolver document\n"))
    }
}
