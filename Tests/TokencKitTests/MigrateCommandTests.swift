import Foundation
import Testing
@testable import TokencKit

/// `tokenc migrate` as a user runs it: the diff, `--write`, a second run, and the set it leaves building with
/// the values the older formats meant.
@Suite struct MigrateCommandTests {
    static let files = [
        "Tokens/sd.json": """
            {
              "color": {
                "red": { "value": "#ff0000", "type": "color", "comment": "The brand red" },
                "text": { "value": "{color.red.value}", "type": "color" }
              },
              "size": { "small": { "value": "4px", "type": "size" } }
            }

            """,
        "Tokens/draft.yaml": """
            # from the 2024 draft
            space:
              $type: dimension
              s: { $value: 4px }   # small
            type:
              body:
                $type: typography
                $value: { fontFamily: SF Pro, fontSize: 16px, fontWeight: 400, letterSpacing: 0.05em, lineHeight: 1.5 }

            """,
    ]

    @Test func showsTheDiffWritesItAndLeavesASetThatBuilds() throws {
        let sandbox = try Sandbox(Self.files)
        defer { sandbox.remove() }
        let shown = try TokencProcess.run(["migrate"], in: sandbox.root)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout == """
            --- a/Tokens/draft.yaml
            +++ b/Tokens/draft.yaml
            @@ -1,8 +1,8 @@
             # from the 2024 draft
             space:
               $type: dimension
            -  s: { $value: 4px }   # small
            +  s: { $value: { value: 4, unit: px } }   # small
             type:
               body:
                 $type: typography
            -    $value: { fontFamily: SF Pro, fontSize: 16px, fontWeight: 400, letterSpacing: 0.05em, lineHeight: 1.5 }
            +    $value: { fontFamily: SF Pro, fontSize: { value: 16, unit: px }, fontWeight: 400, letterSpacing: { value: 0.8, unit: px }, lineHeight: 1.5 }
            --- a/Tokens/sd.json
            +++ b/Tokens/sd.json
            @@ -1,7 +1,7 @@
             {
               "color": {
            -    "red": { "value": "#ff0000", "type": "color", "comment": "The brand red" },
            -    "text": { "value": "{color.red.value}", "type": "color" }
            +    "red": { "$value": "#ff0000", "$type": "color", "$description": "The brand red" },
            +    "text": { "$value": "{color.red}", "$type": "color" }
               },
            -  "size": { "small": { "value": "4px", "type": "size" } }
            +  "size": { "small": { "$value": {"value": 4, "unit": "px"}, "$type": "dimension" } }
             }

            """)
        #expect(shown.stderr == "2 files: 13 edits in 2 (DTCG 1, Style Dictionary (before DTCG) 1), not written (add --write)\n")
        // Nothing was written.
        #expect(try String(contentsOf: sandbox.root.appendingPathComponent("Tokens/draft.yaml"), encoding: .utf8) == Self.files["Tokens/draft.yaml"])

        let written = try TokencProcess.run(["migrate", "--write"], in: sandbox.root)
        #expect(written.status == 0 && written.stdout.isEmpty, "\(written.stderr)")
        #expect(written.stderr == "2 files: 13 edits in 2 (DTCG 1, Style Dictionary (before DTCG) 1), written\n")
        let again = try TokencProcess.run(["migrate"], in: sandbox.root)
        #expect(again.stdout.isEmpty && again.stderr == "2 files: nothing to migrate\n")

        // The set builds clean of structure errors, with the values the older formats meant.
        let built = try TokencProcess.run(["build", "--only", "json"], in: sandbox.root)
        #expect(built.status == 0, "\(built.stderr)")
        let flat = try JSONSerialization.jsonObject(with: Data(contentsOf: sandbox.root.appendingPathComponent("Generated/json/tokens.flat.json"))) as! [String: [String: Any]]
        #expect((flat["color.text"]?["light"] as? [String: Any])?["hex"] as? String == "#ff0000")
        func measure(_ value: Any?) -> String? {
            (value as? [String: Any]).flatMap { object in (object["value"] as? Double).map { "\($0) \(object["unit"] as? String ?? "?")" } }
        }
        #expect(measure(flat["size.small"]?["light"]) == "4.0 px")
        #expect(measure(flat["space.s"]?["light"]) == "4.0 px")
        let body = try #require(flat["type.body"]?["light"] as? [String: Any])
        #expect(measure(body["letterSpacing"]) == "0.8 px")
        #expect(measure(body["fontSize"]) == "16.0 px")
    }

    @Test func aFileThatDoesNotParseIsReportedAndLeftAlone() throws {
        let sandbox = try Sandbox(["Tokens/bad.json": "{ \"a\": { \"value\": \"4px\", \"type\": \"size\" }", "Tokens/ok.yaml": "a:\n  $type: dimension\n  b: { $value: 2px }\n"])
        defer { sandbox.remove() }
        let result = try TokencProcess.run(["migrate", "--write"], in: sandbox.root)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Tokens/bad.json: error: not migrated: it does not parse ("), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("; fix that first [migrate]\n2 files: 1 edit in 1 (DTCG 1), written, 1 file not migrated\n"), "\(result.stderr)")
        #expect(try String(contentsOf: sandbox.root.appendingPathComponent("Tokens/bad.json"), encoding: .utf8) == "{ \"a\": { \"value\": \"4px\", \"type\": \"size\" }")
        #expect(try String(contentsOf: sandbox.root.appendingPathComponent("Tokens/ok.yaml"), encoding: .utf8) == "a:\n  $type: dimension\n  b: { $value: { value: 2, unit: px } }\n")
    }

    /// `validate` on files of an older format: one finding per file naming the format and `tokenc migrate`,
    /// at its first token, instead of one per key; a DTCG file beside them is read as usual.
    @Test func anOlderFormatIsOneFindingPerFile() throws {
        let sandbox = try Sandbox([
            "Tokens/sd.json": Self.files["Tokens/sd.json"]!,
            "Tokens/studio.yaml": "space:\n  sm: { value: 8px, type: spacing }\n  md: { value: 16px, type: spacing }\n",
            "Tokens/ok.yaml": "c:\n  $type: color\n  a: { $value: \"#ffffff\" }\n",
            // `{ value, unit }` without `$value` is a mistake in a DTCG file, not an older format.
            "Tokens/slip.yaml": "d:\n  $type: dimension\n  m: { value: 4, unit: px }\n",
        ])
        defer { sandbox.remove() }
        let result = try InProcess.run(["validate", "--format", "json", "--rules", "structure"], in: sandbox.root)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let findings = (report["findings"] as! [[String: Any]]).map { "\($0["rule"]!) \($0["file"]!):\($0["line"]!):\($0["column"]!)" }
        #expect(findings.filter { $0.hasPrefix("token/older-format") } == [
            "token/older-format Tokens/sd.json:3:14", "token/older-format Tokens/studio.yaml:2:9",
        ])
        #expect(!findings.contains { $0.contains("sd.json") && !$0.hasPrefix("token/older-format") })
        #expect(findings.contains { $0.contains("slip.yaml") && !$0.hasPrefix("token/older-format") })
        let messages = (report["findings"] as! [[String: Any]]).compactMap { $0["message"] as? String }
        #expect(messages.contains("`Tokens/studio.yaml` is written in Tokens Studio's format (`value`, `type` and Tokens Studio's type names), so its tokens are not read"))
    }
}

/// `validate --format json` marks the findings `tokenc migrate` fixes, checked by a run over its edits:
/// not those it cannot fix, nor those it resolves by moving a token under `$extensions`.
@Suite struct MachineApplicableFixTests {
    @Test func findingsMigrateFixesAreMarked() throws {
        let sandbox = try Sandbox(["Tokens/t.json": """
            {
              "gap": { "$type": "dimension", "$value": "16px" },
              "brown": { "$value": { "colorSpace": "srgb", "components": [0.64, 0.52, 0.37] } },
              "tracking": { "$type": "dimension", "$value": "0.05em" },
              "lost": { "$type": "color", "$value": "{nowhere}" }
            }

            """])
        defer { sandbox.remove() }
        let run = try InProcess.run(["validate", "--format", "json"], in: sandbox.root)
        let lines = run.stdout.split(separator: "\n").filter { $0.contains("\"rule\"") }
        #expect(lines.count == 4, "\(run.stdout)")
        let marked = lines.filter { $0.contains("\"machineApplicable\": true") }
        #expect(marked.count == 2, "\(run.stdout)")
        #expect(marked.allSatisfy { $0.contains("\"path\": \"gap\"") || $0.contains("\"path\": \"brown\"") }, "\(marked)")
        #expect(lines.contains { $0.contains("\"path\": \"brown\"") && $0.contains("add `\\\"$type\\\": \\\"color\\\"` to the token or its group") }, "\(run.stdout)")
        #expect(lines.contains { $0.contains("\"path\": \"tracking\"") && $0.contains("DTCG has no `em`: write the size in `px`") }, "\(run.stdout)")
        #expect(lines.contains { $0.contains("\"path\": \"tracking\"") && $0.contains("DTCG has no `em`: write the size in `px`") }, "\(run.stdout)")
        // Nothing was written.
        #expect(try String(contentsOf: sandbox.root.appendingPathComponent("Tokens/t.json"), encoding: .utf8).contains("\"16px\""))
    }
}

/// `tokenc migrate --suggest-roles` as a user runs it: the roles and the surface a label is drawn on, as a diff
/// in the file's syntax (a `tokenc` member of an `$extensions` there is; a token with `tokenc` facts left), then
/// written with `--write`, after which the contrast check has its pair.
@Suite struct SuggestRolesCommandTests {
    @Test func rolesAreShownThenWrittenAndTheContrastPairIsChecked() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": """
            color:
              $type: color
              background:
                $value: "#ffffff"
              text: { $value: "#111111" }
              border:
                $value: "#dddddd"
                $extensions:
                  org.example: { id: 7 }
              link: { $value: "#0a58ca", $extensions: { tokenc: { role: interactive } } }

            """])
        defer { sandbox.remove() }
        let shown = try TokencProcess.run(["migrate", "--suggest-roles"], in: sandbox.root)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout == """
            --- a/Tokens/c.yaml
            +++ b/Tokens/c.yaml
            @@ -1,10 +1,12 @@
             color:
               $type: color
               background:
            +    $extensions: {tokenc: {role: background}}
                 $value: "#ffffff"
            -  text: { $value: "#111111" }
            +  text: { $extensions: {tokenc: {role: label, text: true, "on": ["{color.background}"]}}, $value: "#111111" }
               border:
                 $value: "#dddddd"
                 $extensions:
            +      tokenc: {role: separator}
                   org.example: { id: 7 }
               link: { $value: "#0a58ca", $extensions: { tokenc: { role: interactive } } }

            """)
        #expect(shown.stderr == "3 roles suggested in 1 file, not written (add --write)\n")
        let before = try InProcess.run(["validate"], in: sandbox.root)
        #expect(before.stderr.contains("guideline coverage: no contrast checked"), "\(before.stderr)")
        #expect(try TokencProcess.run(["migrate", "--suggest-roles", "--write"], in: sandbox.root).status == 0)
        let after = try InProcess.run(["validate"], in: sandbox.root)
        #expect(after.stderr.contains("guideline coverage: contrast checked on 1 declared pair (1 surface); every color has a role"), "\(after.stderr)")
        #expect(try TokencProcess.run(["migrate", "--suggest-roles"], in: sandbox.root).stderr
            == "no roles to suggest: each color token has `$extensions.tokenc` already, or its name says no role\n")
    }
}

/// A resolver document that defines a set and leaves it out of `resolutionOrder`, while other files' aliases
/// need its tokens: migrate lists it first, and the set then builds; a set nothing needs stays out.
@Suite struct ResolverOrderTests {
    @Test func aSetOthersNeedIsListedFirst() throws {
        let sandbox = try Sandbox([
            "Tokens/fonts.tokens.json": "{ \"font\": { \"$type\": \"fontFamily\", \"$value\": [\"SF Pro\"] } }\n",
            "Tokens/spare.tokens.json": "{ \"spare\": { \"$type\": \"number\", \"$value\": 1 } }\n",
            "Tokens/type.tokens.json": """
                { "body": { "$type": "typography", "$value": { "fontFamily": "{font}", "fontSize": { "value": 17, "unit": "px" },
                  "fontWeight": 400, "letterSpacing": { "value": 0, "unit": "px" }, "lineHeight": 1.3 } } }

                """,
            "Tokens/tokens.resolver.json": """
                {
                  "version": "2025.10",
                  "sets": {
                    "fonts": { "sources": [{ "$ref": "./fonts.tokens.json" }] },
                    "spare": { "sources": [{ "$ref": "./spare.tokens.json" }] },
                    "type": { "sources": [{ "$ref": "./type.tokens.json" }] }
                  },
                  "resolutionOrder": [
                    { "$ref": "#/sets/type" }
                  ]
                }

                """,
        ])
        defer { sandbox.remove() }
        let before = try InProcess.run(["validate", "--rules", "structure"], in: sandbox.root)
        #expect(before.stderr.contains("Tokens/type.tokens.json:1:62: error: `{font}` is defined in the set `fonts`, which `resolutionOrder` does not list [alias/unresolved]\n"), "\(before.stderr)")
        let shown = try TokencProcess.run(["migrate"], in: sandbox.root)
        #expect(shown.stdout == """
            --- a/Tokens/tokens.resolver.json
            +++ b/Tokens/tokens.resolver.json
            @@ -6,6 +6,7 @@
                 "type": { "sources": [{ "$ref": "./type.tokens.json" }] }
               },
               "resolutionOrder": [
            +    { "$ref": "#/sets/fonts" },
                 { "$ref": "#/sets/type" }
               ]
             }

            """, "\(shown.stderr)")
        #expect(try TokencProcess.run(["migrate", "--write"], in: sandbox.root).status == 0)
        let after = try InProcess.run(["validate", "--rules", "structure"], in: sandbox.root)
        #expect(after.status == 0 && after.stderr.hasSuffix("2 tokens: no problems\n"), "\(after.stderr)")
    }

    /// A modifier of light and dark contexts named `theme` (as the DTCG examples write it) becomes the
    /// `appearance` modifier, its contexts tokenc's appearance names: before, only its default was read.
    @Test func aThemeModifierOfLightAndDarkBecomesTheAppearances() throws {
        let sandbox = try Sandbox([
            "Tokens/light.tokens.json": "{ \"ink\": { \"$type\": \"color\", \"$value\": \"#000000\" } }\n",
            "Tokens/dark.tokens.json": "{ \"ink\": { \"$type\": \"color\", \"$value\": \"#ffffff\" } }\n",
            "Tokens/dark_ax.tokens.json": "{ \"ink\": { \"$type\": \"color\", \"$value\": \"#f0f0f0\" } }\n",
            "Tokens/tokens.resolver.yaml": """
                version: "2025.10"
                modifiers:
                  theme:
                    contexts:
                      light: [{ $ref: light.tokens.json }]
                      dark: [{ $ref: dark.tokens.json }]
                      dark_ax: [{ $ref: dark_ax.tokens.json }]
                    default: light
                resolutionOrder:
                  - $ref: "#/modifiers/theme"

                """,
        ])
        defer { sandbox.remove() }
        let before = try InProcess.run(["inspect", "ink"], in: sandbox.root)
        #expect(!before.stdout.contains("dark"), "\(before.stdout)")
        let written = try TokencProcess.run(["migrate", "--write"], in: sandbox.root)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try String(contentsOf: sandbox.root.appendingPathComponent("Tokens/tokens.resolver.yaml"), encoding: .utf8) == """
            version: "2025.10"
            modifiers:
              appearance:
                contexts:
                  light: [{ $ref: light.tokens.json }]
                  dark: [{ $ref: dark.tokens.json }]
                  dark-high-contrast: [{ $ref: dark_ax.tokens.json }]
                default: light
            resolutionOrder:
              - $ref: "#/modifiers/appearance"

            """)
        let after = try InProcess.run(["inspect", "ink"], in: sandbox.root)
        #expect(after.stdout.contains("  dark                #ffffff") && after.stdout.contains("  dark-high-contrast  #f0f0f0"), "\(after.stdout)")
    }
}

/// Tokens Studio's themes and set order become a DTCG resolver document: light and dark themes an
/// `appearance` modifier, sets every theme uses the base, a group's only theme's sets the base too.
@Suite struct TokensStudioThemesTests {
    @Test func aFolderExportGetsAResolverDocument() throws {
        let sandbox = try Sandbox([
            "Tokens/core/colors.json": "{ \"blue\": { \"value\": \"#0a84ff\", \"type\": \"color\" } }\n",
            "Tokens/light.json": "{ \"bg\": { \"value\": \"{blue}\", \"type\": \"color\" } }\n",
            "Tokens/dark.json": "{ \"bg\": { \"value\": \"#000000\", \"type\": \"color\" } }\n",
            "Tokens/brand.json": "{ \"brand\": { \"value\": \"#ff0000\", \"type\": \"color\" } }\n",
            "Tokens/$themes.json": """
                [
                  { "id": "a", "name": "Light", "group": "Mode", "selectedTokenSets": { "core/colors": "source", "light": "enabled", "dark": "disabled" } },
                  { "id": "b", "name": "Dark", "group": "Mode", "selectedTokenSets": { "core/colors": "source", "dark": "enabled" } },
                  { "id": "c", "name": "Acme", "group": "Brand", "selectedTokenSets": { "core/colors": "source", "brand": "enabled" } }
                ]
                """,
            "Tokens/$metadata.json": "{ \"tokenSetOrder\": [\"core/colors\", \"light\", \"dark\", \"brand\", \"gone\"] }\n",
        ])
        defer { sandbox.remove() }
        // Before: one finding per themes file, not a token file's errors.
        let before = try InProcess.run(["validate", "--rules", "structure"], in: sandbox.root)
        #expect(before.stderr.contains("Tokens/$themes.json:1:1: error: `Tokens/$themes.json` is Tokens Studio's file of its list of themes, not a token file; DTCG writes themes as a resolver document [token/older-format]\n"))
        let written = try TokencProcess.run(["migrate", "--write"], in: sandbox.root)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stderr.contains("Tokens/tokens.resolver.json:1:1: note: the set `gone` in `tokenSetOrder` has no token file; it is left out [migrate]"))
        #expect(try String(contentsOf: sandbox.root.appendingPathComponent("Tokens/tokens.resolver.json"), encoding: .utf8) == """
            {
              "$schema": "https://www.designtokens.org/schemas/2025.10/resolver.json",
              "version": "2025.10",
              "sets": {
                "core/colors": { "sources": [{ "$ref": "core/colors.json" }] },
                "brand": { "sources": [{ "$ref": "brand.json" }] }
              },
              "modifiers": {
                "appearance": {
                  "contexts": {
                    "light": [{ "$ref": "light.json" }],
                    "dark": [{ "$ref": "dark.json" }]
                  },
                  "default": "light"
                }
              },
              "resolutionOrder": [
                { "$ref": "#/sets/core~1colors" },
                { "$ref": "#/sets/brand" },
                { "$ref": "#/modifiers/appearance" }
              ]
            }

            """)
        let after = try InProcess.run(["validate", "--rules", "structure"], in: sandbox.root)
        #expect(after.status == 0 && after.stderr.hasSuffix("3 tokens: no problems\n"), "\(after.stderr)")
        let inspect = try InProcess.run(["inspect", "bg"], in: sandbox.root)
        #expect(inspect.stdout.contains("  light  #0a84ff") && inspect.stdout.contains("  dark   #000000"), "\(inspect.stdout)")
        #expect(try TokencProcess.run(["migrate"], in: sandbox.root).stderr.hasSuffix("nothing to migrate\n"))
    }

    @Test func aSingleFileExportsSetsAreItsTopLevelGroups() throws {
        let sandbox = try Sandbox(["Tokens/tokens.json": """
            {
              "global": { "blue": { "value": "#0a84ff", "type": "color" } },
              "light": { "bg": { "value": "{blue}", "type": "color" } },
              "dark": { "bg": { "value": "#000000", "type": "color" } },
              "$themes": [
                { "name": "Light", "selectedTokenSets": { "global": "source", "light": "enabled" } },
                { "name": "Dark", "selectedTokenSets": { "global": "source", "dark": "enabled" } }
              ]
            }
            """])
        defer { sandbox.remove() }
        let shown = try TokencProcess.run(["migrate"], in: sandbox.root)
        #expect(shown.stdout.contains("""
            --- /dev/null
            +++ b/Tokens/tokens.resolver.json
            @@ -0,0 +1,20 @@
            """), "\(shown.stdout)")
        #expect(shown.stdout.contains("+    \"global\": { \"sources\": [{ \"$ref\": \"tokens.json#/global\" }] }\n"))
        _ = try TokencProcess.run(["migrate", "--write"], in: sandbox.root)
        let inspect = try InProcess.run(["inspect", "bg"], in: sandbox.root)
        #expect(inspect.stdout.contains("  light  #0a84ff") && inspect.stdout.contains("  dark   #000000"), "\(inspect.stdout)")
    }
}

/// The diff migrate shows: the lines a shortest edit keeps stay as context, even where edits add or remove lines.
@Suite struct UnifiedDiffTests {
    @Test func keptLinesAreContextAcrossInsertionsAndDeletions() {
        let before = Array("a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n".utf8)
        let after = Array("a\nc\nd\nX\ne\nf\ng\nh\ni\nj\nk\nl\nm\n".utf8)
        #expect(UnifiedDiff.text(path: "./t.yaml", before: before, after: after, context: 1) == """
            --- a/t.yaml
            +++ b/t.yaml
            @@ -1,5 +1,5 @@
             a
            -b
             c
             d
            +X
             e
            @@ -12,1 +12,2 @@
             l
            +m

            """)
        #expect(UnifiedDiff.text(path: "t", before: before, after: before) == "")
        // Past the limit, one change from the first differing line to the last.
        #expect(UnifiedDiff.changedLines(["a", "b", "c"], ["x", "y", "c"], limit: 1).map { "\($0.old) \($0.new)" } == ["0..<2 0..<2"])
        #expect(UnifiedDiff.changedLines(["a", "b", "c"], ["x", "b", "c"]).map { "\($0.old) \($0.new)" } == ["0..<1 0..<1"])
    }
}
