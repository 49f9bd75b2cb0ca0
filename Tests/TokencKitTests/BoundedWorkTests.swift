import Foundation
import Testing

/// Bounded work for bounded input: a small file declaring many foreground–surface pairs (one YAML alias repeats a
/// list of surfaces) gets at most `ContrastPairs.limit` pairs measured and at most 500 findings of a rule in every
/// report format, each rule's rest counted; its preview stays small. (1,000 × 1,000 pairs gave 1.8 M findings,
/// 34 s and 3.3 GB, and a 266 MB preview.)
@Suite struct BoundedWorkTests {
    /// `foregrounds` text colors, each declared on the same `surfaces` surfaces through one alias.
    static func manyPairs(foregrounds: Int, surfaces: Int) -> String {
        var lines = ["s:", "  $type: color"]
        for index in 0..<surfaces { lines.append("  s\(index): { $value: \"#\(String(format: "%02x%02xff", index % 256, index / 256))\" }") }
        lines += ["f:", "  $type: color"]
        let list = (0..<surfaces).map { "\"{s.s\($0)}\"" }.joined(separator: ", ")
        lines.append("  f0: { $value: \"#777777\", $extensions: { tokenc: { text: true, on: &on [\(list)] } } }")
        for index in 1..<foregrounds { lines.append("  f\(index): { $value: \"#7777\(String(format: "%02x", index % 256))\", $extensions: { tokenc: { text: true, on: *on } } }") }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func findingsArePerRuleCappedInEveryFormatAndPairsAreBounded() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": Self.manyPairs(foregrounds: 100, surfaces: 120)])
        defer { sandbox.remove() }
        let limitWarning = "the tokens declare 12000 foreground–surface pairs, more than the 10000 tokenc measures: the 2000 from `f.f84` on `s.s40` on are not measured"
        // Each rule with more than 500 findings shows 500 and one more finding counting the rest; the pair limit's
        // warning is always shown. (Every pair misses AA, so `color/high-contrast-variant` leaves them to
        // `color/contrast`, and a rule under the cap shows all of its findings.)
        let expected = ["color/contrast": 502, "color/dark-variant": 220]
        let json = try InProcess.run(["validate", "--format", "json"], in: sandbox.root)
        #expect(json.status == 1)
        let findings = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])["findings"] as? [[String: Any]]
        var byRule: [String: Int] = [:]
        for finding in findings ?? [] { byRule[finding["rule"] as? String ?? "", default: 0] += 1 }
        #expect(byRule == expected)
        let messages = (findings ?? []).compactMap { $0["message"] as? String }
        #expect(messages.contains(limitWarning))
        #expect(messages.contains("9500 more findings of this rule, from here on, not shown: a report shows the first 500 of each rule"), "\(messages.suffix(3))")
        for format in ["text", "xcode", "github", "sarif"] {
            let run = try InProcess.run(["validate", "--format", format], in: sandbox.root)
            #expect(run.status == 1)
            let report = run.stdout + run.stderr
            for (rule, count) in expected {
                let marker = format == "github" ? "title=\(rule)::" : format == "sarif" ? "\"ruleId\": \"\(rule)\"" : "[\(rule)]\n"
                #expect(report.components(separatedBy: marker).count - 1 == count, "\(format) \(rule)")
            }
        }
        let preview = try InProcess.run(["preview", "--output", "guide.html"], in: sandbox.root)
        #expect(preview.status == 0)
        let size = try FileManager.default.attributesOfItem(atPath: sandbox.root.appendingPathComponent("guide.html").path)[.size] as? Int ?? 0
        #expect(size > 0 && size < 10 << 20, "\(size) bytes")
    }
}
