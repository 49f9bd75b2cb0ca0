import Foundation
import Testing
import TokenRules

/// Examples/Violations breaks every rule; this runs the real binary on it and checks each finding's place.
@Suite struct ViolationsExampleTests {
    static let folder = Golden.packageRoot.appendingPathComponent("Examples/Violations")
    static let expectedFile = folder.appendingPathComponent("expected-findings.txt")

    @Test func everyRuleFiresWhereExpected() throws {
        let result = try InProcess.run(["validate", "Examples/Violations", "--format", "json"], in: Golden.packageRoot)
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        let actual = findings.map { "\($0["file"]!):\($0["line"]!):\($0["column"]!) \($0["rule"]!)" }.joined(separator: "\n") + "\n"
        if Golden.recording { try Data(actual.utf8).write(to: Self.expectedFile) }
        let expected = try String(contentsOf: Self.expectedFile, encoding: .utf8)
        #expect(actual == expected, "\(Golden.lineDiff(expected, actual))")
        let fired = Set(findings.compactMap { $0["rule"] as? String })
        // A resolver document would make the whole folder read through it; RuleExampleTests runs this rule's
        // examples, resolver documents of their own, through the same pipeline.
        let needsResolverDocument: Set = ["resolver/appearance-modifier", "resolver/combined-modifiers"]
        for rule in RuleRegistry.all where !needsResolverDocument.contains(rule.id) {
            #expect(fired.contains(rule.id), "\(rule.id) does not fire in Examples/Violations")
        }
    }
}
