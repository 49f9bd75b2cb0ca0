import Foundation
import Testing
import TokenModel
@testable import TokencKit

/// Each reporter renders the same two findings; the output is compared with a canned file in Tests/Golden/reporters.
@Suite struct ReporterTests {
    static let source = "c:\n  $type: color\n  fg: { $value: \"#777\", $extensions: { tokenc: { on: [\"{c.bg}\"] } } }\n  bg: { $value: \"#fff\" }\n"
    static let sources = ["Tokens/c.yaml": Array(source.utf8)]
    static let diagnostics = [
        Diagnostic(id: "color/contrast", severity: .error, message: "`c.fg` on `c.bg` is 4.48:1 in light; text needs 4.5:1",
                   location: SourceLocation(file: "Tokens/c.yaml", line: 3, column: 52), path: "c.fg",
                   related: [RelatedLocation(SourceLocation(file: "Tokens/c.yaml", line: 4, column: 3), "`c.bg` is defined here")],
                   fix: "darken `c.fg`, 100%: done", data: ["ratio": .number(4.478), "minimum": .number(4.5), "mode": .string("light"), "surface": .string("c.bg")]),
        Diagnostic(id: "yaml/unquoted-color", severity: .warning, message: "a, b: c", location: SourceLocation(file: "Tokens/c.yaml", line: 4, column: 16)),
    ]

    @Test(arguments: ReportFormat.allCases)
    func reporterMatchesItsCannedFile(_ format: ReportFormat) throws {
        let output = format.reporter(colored: false).report(Self.diagnostics, sources: Self.sources)
        let url = Golden.folder.appendingPathComponent("reporters/\(format.rawValue).txt")
        if Golden.recording {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(output.utf8).write(to: url)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(output == expected, "\(Golden.lineDiff(expected, output))")
    }

    @Test func githubEscapesWorkflowCommandSyntax() {
        let output = GitHubReporter().report(Self.diagnostics, sources: [:])
        #expect(output.hasPrefix("::error file=Tokens/c.yaml,line=3,col=52,title=color/contrast::`c.fg` on `c.bg` is 4.48:1 in light; text needs 4.5:1%0Afix: darken `c.fg`, 100%25: done\n"))
        #expect(output.hasSuffix("::warning file=Tokens/c.yaml,line=4,col=16,title=yaml/unquoted-color::a, b: c\n"))
    }

    @Test func sarifHasTheShapeCodeScanningReads() throws {
        let output = SARIFReporter().report(Self.diagnostics, sources: [:])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 2)
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
            let region = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Int]
            #expect(region?["startLine"] != nil && region?["startColumn"] != nil)
        }
        #expect(results[0]["level"] as? String == "error" && results[1]["level"] as? String == "warning")
        #expect((rules.first { $0["id"] as? String == "color/contrast" }?["help"] as? [String: String])?["text"]?.contains("hig-color.txt") == true)
    }

    /// Excerpts keep tabs under the caret, count characters rather than bytes, show control characters
    /// as U+FFFD and cut long lines around the column: ASCII lines take a byte path, the rest a character path.
    @Test(arguments: [
        ("\tkey: 1", 3, "    \tkey: 1", "    \t ^"),
        ("  café: é1", 10, "    " + "  café: é1", "    " + String(repeating: " ", count: 9) + "^"),
        ("a: \u{1}b", 5, "    a: \u{FFFD}b", "    " + String(repeating: " ", count: 4) + "^"),
        (String(repeating: "x", count: 400), 300,
         "    …" + String(repeating: "x", count: 160) + "…", "     " + String(repeating: " ", count: 80) + "^"),
        ("é" + String(repeating: "x", count: 399), 300,
         "    …" + String(repeating: "x", count: 160) + "…", "     " + String(repeating: " ", count: 80) + "^"),
    ])
    func excerptShowsTheLineAndCaret(_ line: String, _ column: Int, _ shown: String, _ caret: String) throws {
        var lines = SourceLines(sources: ["t.yaml": Array(("first\n" + line + "\nlast\n").utf8)])
        let found = lines.excerpt(SourceLocation(file: "t.yaml", line: 2, column: column))
        let excerpt = try #require(found)
        #expect(excerpt.line == shown)
        #expect(excerpt.caret == caret)
    }
}
