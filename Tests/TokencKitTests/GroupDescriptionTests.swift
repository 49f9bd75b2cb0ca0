import Foundation
import Testing
import TokenColor

/// A group's `$description` documents its Swift type and stays on the group in the DTCG JSON output, as do its
/// `$extensions`; where two files describe or extend one group, the first file's is kept, as the join keeps a path's
/// first token.
@Suite struct GroupDescriptionTests {
    @Test func groupDescriptionsReachTheSwiftTypesAndTheJSONGroups() throws {
        let sandbox = try Sandbox([
            "Tokens/a.yaml": """
                color:
                  $description: Every color of the product.
                  $type: number
                  background:
                    $description: |
                      Surfaces, back to front.
                      The page is the lowest.
                    page: { $value: 1 }
                  text: { $value: 2 }

                """,
            "Tokens/b.yaml": "color:\n  $description: Described again, later.\n  link: { $type: number, $value: 3 }\n",
        ])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build", "--only", "swift,json"], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        let generated = sandbox.root.appendingPathComponent("Generated")
        let swift = try String(contentsOf: generated.appendingPathComponent("swift/Tokens.swift"), encoding: .utf8)
        for line in ["    /// `color`: Every color of the product.\n    public enum Color {\n",
                     "        /// `color.background`: Surfaces, back to front.\n        /// The page is the lowest.\n        public enum Background {\n"] {
            #expect(swift.contains(line), "no `\(line)` in:\n\(swift)")
        }
        let json = try String(contentsOf: generated.appendingPathComponent("json/tokens.json"), encoding: .utf8)
        #expect(json == """
            {
              "color": {
                "$description": "Every color of the product.",
                "background": {
                  "$description": "Surfaces, back to front.\\nThe page is the lowest.\\n",
                  "page": {
                    "$type": "number",
                    "$value": 1
                  }
                },
                "link": {
                  "$type": "number",
                  "$value": 3
                },
                "text": {
                  "$type": "number",
                  "$value": 2
                }
              }
            }

            """)
    }

    /// A group's `$extensions` stay on the group in `json/tokens.json`: its `tokenc` facts (here a contrast pair its
    /// tokens are drawn on) still hold for its tokens when the JSON is read back, which gives the same JSON, and
    /// another tool's data is kept as written. A file's top level is no group.
    @Test func groupExtensionsSurviveTheJSONRoundTrip() throws {
        let sandbox = try Sandbox([
            "Tokens/a.yaml": """
                color:
                  $type: color
                  $extensions: { com.figma: { id: "12:3" } }
                  text:
                    $extensions: { tokenc: { text: true, on: ["{color.surface}"] } }
                    body: { $value: "#555555", $extensions: { mode: { dark: "#f0f0f0" } } }
                  surface: { $value: "#ffffff", $extensions: { mode: { dark: "#000000" }, tokenc: { role: background } } }

                """,
            "Tokens/b.yaml": "color:\n  $extensions: { com.figma: { id: \"later\" } }\n  link: { $type: color, $value: \"#0000ff\" }\n",
        ])
        defer { sandbox.remove() }
        #expect(try InProcess.run(["build", "--only", "json"], in: sandbox.root).status == 0)
        let written = sandbox.root.appendingPathComponent("Generated/json/tokens.json")
        let json = try String(contentsOf: written, encoding: .utf8)
        #expect(json.hasPrefix("""
            {
              "color": {
                "$extensions": {
                  "com.figma": {
                    "id": "12:3"
                  }
                },
                "link": {
            """), "\(json)")
        #expect(json.contains("""
                "text": {
                  "$extensions": {
                    "tokenc": {
                      "text": true,
                      "on": [
                        "{color.surface}"
                      ]
                    }
                  },
                  "body": {
            """), "\(json)")
        try FileManager.default.createDirectory(at: sandbox.root.appendingPathComponent("Again"), withIntermediateDirectories: true)
        try Data(json.utf8).write(to: sandbox.root.appendingPathComponent("Again/tokens.json"))
        #expect(try InProcess.run(["build", "Again", "--output", "Out", "--only", "json"], in: sandbox.root).status == 0)
        #expect(try String(contentsOf: sandbox.root.appendingPathComponent("Out/json/tokens.json"), encoding: .utf8) == json)
        // The group's pair still holds: a lighter body fails it, read from the JSON.
        try Data(json.replacingOccurrences(of: "0.3333333333333333", with: "0.5411764705882353").utf8).write(to: sandbox.root.appendingPathComponent("Again/tokens.json"))
        let check = try InProcess.run(["validate", "Again"], in: sandbox.root)
        #expect(check.status == 1)
        #expect(check.stderr.contains("error: `color.text.body` on `color.surface` is 3.45:1 in light; text needs 4.5:1 [color/contrast]"), "\(check.stderr)")
    }
}
