import Foundation
import Testing
import SourceData
import TokenModel
@testable import TokencKit
import TokenColor

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

    /// A report long enough to be written in two halves on two threads is the same bytes as the findings
    /// written one after the other, and a file's excerpts come from the right lines on both sides of the cut.
    @Test func aLongReportWrittenInHalvesIsTheWholeReport() {
        let count = TextReporter.findingsWorthSplitting * 2 + 3
        var source = ""
        for line in 1...count { source += "t\(line): { $value: \"#\(String(line, radix: 16))\" }\n" }
        let sources = ["Tokens/long.yaml": Array(source.utf8), "Tokens/c.yaml": Self.sources["Tokens/c.yaml"]!]
        var diagnostics = (1...count).map { line in
            Diagnostic(id: "color/out-of-gamut", severity: line % 3 == 0 ? .warning : .info, message: "finding \(line)",
                       location: SourceLocation(file: "Tokens/long.yaml", line: line, column: 5), path: "t\(line)",
                       fix: line % 2 == 0 ? "fix \(line)" : nil)
        }
        diagnostics += Self.diagnostics
        for colored in [false, true] {
            let reporter = TextReporter(colored: colored)
            var whole: [UInt8] = []
            reporter.write(diagnostics, sources: sources) { whole += $0 }
            let halves = reporter.reportBytes(diagnostics, sources: sources)
            // Compared outside #expect, which would print both 300 KB arrays on a failure.
            let same = halves == whole
            #expect(same, "colored: \(colored); \(halves.count) bytes against \(whole.count), first difference at \(halves.indices.first { $0 >= whole.count || halves[$0] != whole[$0] }.map(String.init) ?? "the end")")
        }
        // The first finding of the second half, with its own source line under it.
        let cut = count / 2 + 1
        let text = String(decoding: TextReporter(colored: false).reportBytes(diagnostics, sources: sources), as: UTF8.self)
        let label = cut % 3 == 0 ? "warning" : "note"
        #expect(text.contains("Tokens/long.yaml:\(cut):5: \(label): finding \(cut) [color/out-of-gamut]\n    t\(cut): { $value: \"#\(String(cut, radix: 16))\" }\n        ^\n"))
    }

    @Test func githubEscapesWorkflowCommandSyntax() {
        let output = GitHubReporter().report(Self.diagnostics, sources: [:])
        #expect(output.hasPrefix("::error file=Tokens/c.yaml,line=3,col=52,title=color/contrast::`c.fg` on `c.bg` is 4.48:1 in light; text needs 4.5:1%0Afix: darken `c.fg`, 100%25: done\n"))
        #expect(output.hasSuffix("::warning file=Tokens/c.yaml,line=4,col=16,title=yaml/unquoted-color::a, b: c\n"))
        // A property escapes `:` and `,` too; a message keeps them; text without any is returned as it is.
        #expect(GitHubReporter.property("Tokens/a:b,c%\r\né.yaml") == "Tokens/a%3Ab%2Cc%25%0D%0Aé.yaml")
        #expect(GitHubReporter.data("a:b,c%\r\né") == "a:b,c%25%0D%0Aé")
        #expect(GitHubReporter.property("Tokens/colors.yaml") == "Tokens/colors.yaml")
    }

    /// HTML escapes work on bytes: a `<` with a combining mark after it (one character to Swift) is escaped too.
    @Test func htmlEscapesEveryMarkupByte() {
        #expect(HTML.escape("a<b & \"c\" > é") == "a&lt;b &amp; &quot;c&quot; &gt; é")
        #expect(HTML.escape("<\u{301}script>") == "&lt;\u{301}script&gt;")
        #expect(HTML.escape("plain text, ünïcödé") == "plain text, ünïcödé")
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
        #expect((rules.first { $0["id"] as? String == "color/contrast" }?["help"] as? [String: String])?["text"]?.contains("HIG, Color") == true)
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

    /// Findings one after another along one long line are cut where a fresh look-up cuts them (the excerpts go on
    /// from where the last began on that line), whether the line's scalars are one byte or several; a finding back
    /// at an earlier column, or on another line, starts from its line's start again.
    @Test func excerptsAlongOneLineMatchFreshOnes() throws {
        let line = (0..<300).map { $0 % 7 == 0 ? "é€" : "ab" }.joined()
        let source = ["t.yaml": Array(("first\n" + line + "\n" + line + "\n").utf8)]
        var along = SourceLines(sources: source)
        for (lineNumber, column) in [(2, 1), (2, 90), (2, 91), (2, 400), (2, 120), (3, 500), (3, 599), (2, 600)] {
            var fresh = SourceLines(sources: source)
            let location = SourceLocation(file: "t.yaml", line: lineNumber, column: column)
            let freshExcerpt = fresh.excerpt(location), alongExcerpt = along.excerpt(location)
            let expected = try #require(freshExcerpt), found = try #require(alongExcerpt)
            #expect(found.line == expected.line && found.caret == expected.caret, "\(lineNumber):\(column)")
        }
        // One checked by hand: column 90 shows from scalar 10 (0-based 9), cut after 160.
        var fresh = SourceLines(sources: source)
        let excerpt = fresh.excerpt(SourceLocation(file: "t.yaml", line: 2, column: 90))
        let shown = try #require(excerpt)
        #expect(shown.line == "    …" + String(Array(line.unicodeScalars)[9..<169].map(Character.init)) + "…")
    }
}
