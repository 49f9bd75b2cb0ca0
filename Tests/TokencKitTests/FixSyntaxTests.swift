import Foundation
import Testing
import TokenModel
@testable import TokencKit

/// Fixes in a `.json` token file are written in JSON, so they can be pasted where they point.
@Suite struct FixSyntaxTests {
    /// Every YAML snippet shape a rule's fix writes, and the spans that are no snippet (names, aliases).
    @Test(arguments: [
        (#"add `$extensions: { mode: { dark: "…" } }`, or reference a system color"#,
         #"add `"$extensions": { "mode": { "dark": "…" } }`, or reference a system color"#),
        ("write `mode: { dark: …, dark-high-contrast: … }`", #"write `"mode": { "dark": "…", "dark-high-contrast": "…" }`"#),
        (#"write `ignore: [{ rule: color/contrast, reason: "…" }]`"#, #"write `"ignore": [{ "rule": "color/contrast", "reason": "…" }]`"#),
        (##"write `{ $ref: "#/group/token/$value" }`"##, ##"write `{ "$ref": "#/group/token/$value" }`"##),
        ("write `{ value: 4, unit: px }`", #"write `{ "value": 4, "unit": "px" }`"#),
        ("add `lineHeight`, as in `{ fontFamily: SF Pro, fontWeight: regular, lineHeight: 1.3, italic: false }`",
         #"add `lineHeight`, as in `{ "fontFamily": "SF Pro", "fontWeight": "regular", "lineHeight": 1.3, "italic": false }`"#),
        (#"write `on: ["{c.bg}"]`"#, #"write `"on": ["{c.bg}"]`"#),
        (#"write `note: say \"hi\"`"#, #"write `"note": "say \\\"hi\\\""`"#),
        ("did you mean `{color.brand.primary}`?", "did you mean `{color.brand.primary}`?"),
        ("use one of: on, text, role", "use one of: on, text, role"),
        (#"write `a: "open`"#, #"write `a: "open`"#),
        ("an unclosed `a: b", "an unclosed `a: b"),
    ])
    func snippetsAreWrittenInJSON(yaml: String, json: String) {
        #expect(FixSyntax.json(yaml) == json)
    }

    /// Each snippet above, once rewritten, is JSON a parser reads (wrapped in braces when it is a key and value).
    @Test func rewrittenSnippetsParseAsJSON() throws {
        for fix in [#"add `$extensions: { mode: { dark: "…" } }`"#, #"write `ignore: [{ rule: color/contrast, reason: "…" }]`"#,
                    "write `{ value: 4, unit: px }`", #"write `note: say \"hi\"`"#] {
            let snippet = String(FixSyntax.json(fix).split(separator: "`")[1])
            let object = snippet.hasPrefix("{") ? snippet : "{" + snippet + "}"
            #expect((try? JSONSerialization.jsonObject(with: Data(object.utf8))) != nil, "\(snippet)")
        }
    }

    /// A finding in a JSON file gets the JSON fix; the same finding in a YAML file keeps the YAML one.
    @Test func onlyFindingsInJSONFilesAreRewritten() throws {
        let sandbox = try Sandbox([
            "J/t.tokens.json": #"{ "size": { "$type": "dimension", "s": { "$value": 4 } } }"#,
            "Y/t.yaml": "size:\n  $type: dimension\n  s: { $value: 4 }\n",
        ])
        defer { sandbox.remove() }
        let json = try InProcess.run(["validate", "J"], in: sandbox.root)
        #expect(json.status == 1)
        #expect(json.stderr.contains("  fix: write `{ \"value\": 4, \"unit\": \"px\" }`\n"), "\(json.stderr)")
        let yaml = try InProcess.run(["validate", "Y"], in: sandbox.root)
        #expect(yaml.stderr.contains("  fix: write `{ value: 4, unit: px }`\n"), "\(yaml.stderr)")
    }
}
