import Foundation
import Testing

/// A group's `$description` documents its Swift type and stays on the group in the DTCG JSON output; where two
/// files describe one group, the first file's is kept, as the join keeps a path's first token.
@Suite struct GroupDescriptionTests {
    @Test func groupDescriptionsReachTheSwiftTypesAndTheJSONGroups() throws {
        let sandbox = try Sandbox([
            "Tokens/a.yaml": """
                color:
                  $description: Every color of the product.
                  $type: color
                  background:
                    $description: |
                      Surfaces, back to front.
                      The page is the lowest.
                    page: { $value: "#ffffff" }
                  text: { $value: "#111111" }

                """,
            "Tokens/b.yaml": "color:\n  $description: Described again, later.\n  link: { $type: color, $value: \"#0000ff\" }\n",
        ])
        defer { sandbox.remove() }
        let result = try TokencProcess.run(["build", "--only", "swift,json"], in: sandbox.root)
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
                    "$type": "color",
                    "$value": "#ffffff"
                  }
                },
                "link": {
                  "$type": "color",
                  "$value": "#0000ff"
                },
                "text": {
                  "$type": "color",
                  "$value": "#111111"
                }
              }
            }

            """)
    }
}
