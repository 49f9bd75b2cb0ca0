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
            #expect(rule.rationale.contains(".txt") || rule.group == .structure || rule.id == "rules/unused-ignore",
                    "\(rule.id) must cite its seed")
        }
    }

    @Test func everyRuleOfRULESmdIsRegistered() throws {
        // The ids RULES.md fixes, copied from its tables: users and configurations depend on them.
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
