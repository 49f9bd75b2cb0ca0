import Foundation
import Testing
import TokenModel
import TokenRules
@testable import TokencKit

/// One rule example, run through the whole pipeline as a file in Tests/Fixtures/rule-examples (so icon paths resolve).
struct RuleExampleCase: CustomTestStringConvertible, Sendable {
    var rule: String
    var index: Int
    var triggers: Bool
    var example: RuleExample
    var testDescription: String { "\(rule) \(triggers ? "triggers" : "stays quiet") #\(index + 1)" }

    static let all: [RuleExampleCase] = RuleRegistry.all.flatMap { rule in
        rule.triggering.enumerated().map { RuleExampleCase(rule: rule.id, index: $0.offset, triggers: true, example: $0.element) }
            + rule.nonTriggering.enumerated().map { RuleExampleCase(rule: rule.id, index: $0.offset, triggers: false, example: $0.element) }
    }

    static let folder = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/rule-examples").path

    func run() -> [Diagnostic] {
        let path = Self.folder + "/" + example.fileName
        let result = Pipeline().run(files: [path], sources: [path: Array(example.text.utf8)], render: false)
        return result.diagnostics
    }
}

@Suite struct RuleExampleTests {
    @Test(arguments: RuleExampleCase.all)
    func exampleBehavesAsDocumented(_ testCase: RuleExampleCase) throws {
        let diagnostics = testCase.run()
        let mine = diagnostics.filter { $0.id == testCase.rule }
        if testCase.triggers {
            let marker = try #require(testCase.example.unmarked, "a triggering example needs a ↓ marker")
            #expect(!mine.isEmpty, "did not fire; got \(diagnostics.map { "\($0.id): \($0.message)" })")
            for finding in mine {
                #expect(finding.location?.line == marker.line && finding.location?.column == marker.column,
                        "fired at \(finding.location.map { "\($0.line):\($0.column)" } ?? "nowhere"), marker is at \(marker.line):\(marker.column): \(finding.message)")
            }
        } else {
            #expect(mine.isEmpty, "fired: \(mine.map(\.message))")
            #expect(!diagnostics.contains { $0.severity == .error && ($0.id.hasPrefix("yaml/") || $0.id == "token/invalid-value") },
                    "the example itself is broken: \(diagnostics.map(\.message))")
        }
    }

    /// The pair rules report a token once, at the later of each pair in path order, against the closest color
    /// before it, and count and name the others: thousands of identical status colors of two roles make one
    /// finding a token, not one a pair.
    @Test func closeColorRulesReportEachTokenOnceAgainstTheClosest() {
        let path = RuleExampleCase.folder + "/close.yaml"
        func status(_ name: String, _ hex: String, _ role: String) -> String {
            "  \(name): { $value: \"\(hex)\", $extensions: { tokenc: { role: \(role) } } }\n"
        }
        let text = "c:\n  $type: color\n" + status("error", "#D70015", "destructive") + status("alert", "#D70015", "warning")
            + status("warn", "#C93400", "warning") + status("ok", "#248A3D", "success") + status("ok2", "#248A3D", "success")
            + "  p3a: { $value: \"color(display-p3 1 0 0)\" }\n  p3b: { $value: \"color(display-p3 0.98 0 0.02)\" }\n"
            + "  p3c: { $value: \"color(display-p3 0.99 0 0.01)\" }\n"
        let result = Pipeline().run(files: [path], sources: [path: Array(text.utf8)], render: false)
        let pairs = result.diagnostics.filter { ["color/color-blind-confusable", "color/indistinguishable-in-srgb"].contains($0.id) }
        // The message names the closest pair alone, as a finding of one pair does: `diff` tells findings apart by
        // their messages. The notes name the others, and what each is.
        #expect(pairs.map { "\($0.location!.line): \($0.message) | \($0.data["more"].map { "\($0)" } ?? "-")" } == [
            "3: `c.error` (destructive) and `c.alert` (warning) are only ΔE2000 0 apart with protanopia | -",
            "5: `c.warn` (warning) and `c.error` (destructive) are only ΔE2000 0.46 apart with deuteranopia | number(2.0)",
            "6: `c.ok` (success) and `c.alert` (warning) are only ΔE2000 9.26 apart with deuteranopia | number(1.0)",
            "7: `c.ok2` (success) and `c.alert` (warning) are only ΔE2000 9.26 apart with deuteranopia | number(1.0)",
            "9: `c.p3b` and `c.p3a` differ in P3 but are only ΔE2000 0.95 apart on sRGB screens (#ff0000 and #ff0b0c) | -",
            "10: `c.p3c` and `c.p3b` differ in P3 but are only ΔE2000 0 apart on sRGB screens (#ff0000 and #ff0000) | number(1.0)",
        ])
        #expect(pairs.map { $0.related.map { "\($0.location.line) \($0.message)" } } == [
            ["4 `c.alert` is defined here"],
            ["3 `c.error` is defined here", "6 `c.ok` (success), defined here, is within ΔE2000 10 too: 9.11 with deuteranopia",
             "7 `c.ok2` (success), defined here, is within ΔE2000 10 too: 9.11 with deuteranopia"],
            ["4 `c.alert` is defined here", "3 `c.error` (destructive), defined here, is within ΔE2000 10 too: 9.26 with deuteranopia"],
            ["4 `c.alert` is defined here", "3 `c.error` (destructive), defined here, is within ΔE2000 10 too: 9.26 with deuteranopia"],
            ["8 `c.p3a` is defined here"],
            ["9 `c.p3b` is defined here", "8 `c.p3a`, defined here, is within ΔE2000 2 too: 0.95 on sRGB screens (#ff0b0c)"],
        ])

        // Another green, further from `c.warn` than `c.error` is, leaves `c.warn`'s finding as it was but for
        // its notes and count: `diff --fail-on findings` does not call it new.
        let more = text + status("a0", "#258B3E", "success")
        let moreResult = Pipeline().run(files: [path], sources: [path: Array(more.utf8)], render: false)
        let warn = moreResult.diagnostics.first { $0.id == "color/color-blind-confusable" && $0.path == "c.warn" }
        #expect(warn?.message == pairs[1].message)
        #expect(warn?.data["more"] == .number(3))

        // 2,000 destructive and 2,000 success tokens of one red and one green: one finding a token after the
        // first in path order (`d0000` … `d1999` sort before `s0000` …), each naming three of the rest. ΔE2000
        // 9.26 under deuteranopia is coloraide 8.13.1's 9.2639 (Machado filter, clipped to sRGB, CIE Lab D50).
        let many = "c:\n  $type: color\n" + (0..<2000).map { status("d\(String(1_0000 + $0).dropFirst())", "#D70015", "destructive") }.joined()
            + (0..<2000).map { status("s\(String(1_0000 + $0).dropFirst())", "#248A3D", "success") }.joined()
        // Every finding of the rule, not a report's first 500.
        var uncapped = Pipeline()
        uncapped.reportedPerRule = nil
        let manyResult = uncapped.run(files: [path], sources: [path: Array(many.utf8)], render: false)
        let confusable = manyResult.diagnostics.filter { $0.id == "color/color-blind-confusable" }
        #expect(confusable.count == 2000)
        #expect(confusable.last?.message == "`c.s1999` (success) and `c.d0000` (destructive) are only ΔE2000 9.26 apart with deuteranopia")
        #expect(confusable.last?.related.map(\.message) == [
            "`c.d0000` is defined here",
            "`c.d0001` (destructive), defined here, is within ΔE2000 10 too: 9.26 with deuteranopia",
            "`c.d0002` (destructive), defined here, is within ΔE2000 10 too: 9.26 with deuteranopia",
            "`c.d0003` (destructive), defined here, is within ΔE2000 10 too: 9.26 with deuteranopia; so are 1996 more before it in path order, not listed",
        ])
        #expect(confusable.last?.data["more"] == .number(1999))
    }

    /// Whether the tests were built optimized (script/test's release pass): a test that walks 16 million pairs
    /// takes 5 s unoptimized, 0.3 s optimized.
    static var optimized: Bool {
        #if DEBUG
        false
        #else
        true
        #endif
    }

    /// Thousands of distinct status colors crowded within the limit of each other are more pairs than the search
    /// looks at (`CloseColorPairs.budget`): the rule says so once instead of taking minutes and gigabytes.
    @Test(.enabled(if: optimized, "16 million steps; run by script/test's release pass"))
    func crowdedStatusColorsAreReportedOnceNotPairByPair() {
        let path = RuleExampleCase.folder + "/crowded.yaml"
        // 3,000 reds and 3,000 greens a step apart in two channels, all within reach of each other: 18 million
        // pairs to look at.
        func status(_ name: String, _ hex: String, _ role: String) -> String {
            "  \(name): { $value: \"\(hex)\", $extensions: { tokenc: { role: \(role) } } }\n"
        }
        func hex(_ values: Int...) -> String { "#" + values.map { String(String($0 + 256, radix: 16).dropFirst()) }.joined() }
        let text = "c:\n  $type: color\n"
            + (0..<3000).map { status("d\(String(10_000 + $0).dropFirst())", hex(0xC8 + $0 % 50, $0 / 50, 0x15), "destructive") }.joined()
            + (0..<3000).map { status("s\(String(10_000 + $0).dropFirst())", hex(0x10 + $0 % 50, 0x80 + $0 / 50, 0x3D), "success") }.joined()
        let result = Pipeline().run(files: [path], sources: [path: Array(text.utf8)], render: false)
        let confusable = result.diagnostics.filter { $0.id == "color/color-blind-confusable" }
        #expect(confusable.map { "\($0.location!.line):\($0.location!.column) \($0.message)" } == [
            "3:3 6000 status colors (6000 distinct) are too crowded to compare: more than 16000000 pairs of them are within reach of ΔE2000 10 with deuteranopia, so no pair is reported",
        ])
    }

    @Test func symbolFieldsOutsideTheirListsSuggestTheNearestName() {
        let path = RuleExampleCase.folder + "/symbols.yaml"
        let text = "s:\n  $type: symbol\n  a: { $value: { name: house, weight: Semi-Bold, scale: big, rendering: palete } }\n"
        let result = Pipeline().run(files: [path], sources: [path: Array(text.utf8)], render: false)
        #expect(result.diagnostics.map { "\($0.id) \($0.fix ?? "-")" } == [
            "symbol/invalid-weight did you mean `semibold`?",
            "symbol/invalid-scale -",
            "symbol/invalid-rendering did you mean `palette`?",
        ])
    }

    @Test func idsAreUniqueAndEveryRuleHasBothKindsOfExample() {
        let ids = RuleRegistry.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for rule in RuleRegistry.all {
            #expect(!rule.triggering.isEmpty, "\(rule.id) has no triggering example")
            #expect(!rule.nonTriggering.isEmpty, "\(rule.id) has no non-triggering example")
            // A guideline rule names its HIG page (and section) and quotes the guideline.
            if rule.group == .guidelines && rule.id != "rules/unused-ignore" {
                #expect(rule.rationale.contains("HIG, ") || rule.rationale.contains("Human Interface Guidelines (2014)"),
                        "\(rule.id) must cite its HIG page")
                #expect(rule.rationale.split(separator: "\"", omittingEmptySubsequences: false).count >= 3, "\(rule.id) must quote the guideline")
                #expect(rule.exemptions.map { !$0.isEmpty } == true, "\(rule.id) must say what it exempts (or \"None\")")
            }
        }
    }

    @Test func everyRuleOfRULESmdIsRegistered() throws {
        // The ids docs/rules.md fixes: users and configurations depend on them.
        let expected = [
            "token/invalid-name", "token/missing-type", "token/value-and-children", "token/invalid-value", "token/duplicate",
            "token/duplicate-json-key", "alias/unresolved", "alias/cycle", "alias/type-mismatch", "token/deprecated-use",
            "color/dark-variant", "color/identical-variants", "color/contrast", "color/high-contrast-variant",
            "color/hardcoded-system-value", "color/system-color-misuse", "color/same-color-different-meaning",
            "color/indistinguishable-in-srgb", "color/out-of-gamut", "color/color-blind-confusable", "color/watchos-background",
            "color/tvos-palette-size", "color/tvos-focus-by-color-only", "accent/contrast", "accent/text-contrast",
            "accent/dark-variant", "accent/fixed-sidebar-icons", "symbol/invalid-weight", "symbol/invalid-scale",
            "symbol/invalid-rendering", "symbol/palette-colors", "symbol/weight-matches-text", "symbol/toolbar-outline",
            "symbol/redundant-variant", "symbol/consistent-family", "symbol/variable-color-depth", "icon/app-icon-size",
            "icon/app-icon-set-complete", "icon/app-icon-image", "icon/app-icon-color-space", "icon/tinted-grayscale",
            "icon/layer-count", "icon/bar-size", "icon/tab-bar-size", "icon/imessage-size", "icon/sticker-size",
            "icon/sticker-file", "icon/sticker-description", "icon/sticker-platform",
        ]
        let registered = Set(RuleRegistry.all.map(\.id))
        for id in expected { #expect(registered.contains(id), "\(id) is not registered") }
    }
}
