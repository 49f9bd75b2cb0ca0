import Foundation
import Testing
import TokenModel
@testable import TokencKit

/// Pairs one 8-bit step either side of 3:1, 4.5:1 and 7:1 (opaque and translucent), judged by coloraide
/// (Tests/Fixtures/color-oracle/contrast-boundary.json); the contrast rules must agree in every appearance.
@Suite struct ContrastBoundaryTests {
    struct Case {
        var fg: String
        var bg: String
        var minimum: Double
        var ratio: Double
    }

    static let cases: [Case] = {
        let url = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/color-oracle/contrast-boundary.json")
        let list = (try? JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]]) ?? []
        return list.map { Case(fg: $0["fg"] as! String, bg: $0["bg"] as! String, minimum: $0["minimum"] as! Double, ratio: $0["ratio"] as! Double) }
    }()

    @Test func rulesAgreeWithAnIndependentWCAGComputation() throws {
        #expect(Self.cases.count == 30)
        // Each case lives in one appearance; the other appearances hold a pair far above every threshold.
        var yaml = "t:\n  $type: color\n"
        var expectations: [(path: String, mode: String, rule: String, fails: Bool)] = []
        for (i, c) in Self.cases.enumerated() {
            let modes = c.minimum == 7 ? [Appearance.lightHighContrast, Appearance.darkHighContrast] : Appearance.builtIn
            let mode = modes[i % modes.count]
            func values(_ value: String, safe: String) -> String {
                let others = Appearance.builtIn.filter { $0 != Appearance.light }.map { "\($0): \"\($0 == mode ? value : safe)\"" }
                return "$value: \"\(mode == Appearance.light ? value : safe)\", $extensions: { mode: { \(others.joined(separator: ", ")) }"
            }
            let kind = c.minimum == 3 ? "large-text: true" : "text: true"
            yaml += "  bg\(i): { \(values(c.bg, safe: "#ffffff")) } }\n"
            yaml += "  fg\(i): { \(values(c.fg, safe: "#000000")), tokenc: { \(kind), on: [\"{t.bg\(i)}\"] } } }\n"
            let rule = c.minimum == 7 ? "color/high-contrast-variant" : "color/contrast"
            expectations.append(("t.fg\(i)", mode, rule, c.ratio < c.minimum))
        }
        let result = Pipeline().run(files: ["boundary.yaml"], sources: ["boundary.yaml": Array(yaml.utf8)], render: false)
        #expect(!result.diagnostics.contains { $0.id.hasPrefix("yaml/") || $0.id.hasPrefix("token/") })
        for (i, expectation) in expectations.enumerated() {
            let findings = result.diagnostics.filter { $0.id == expectation.rule && $0.path == expectation.path }
            let inMode = findings.filter { $0.data["mode"] == .string(expectation.mode) }
            let c = Self.cases[i]
            #expect(inMode.isEmpty != expectation.fails,
                    "\(c.fg) on \(c.bg) in \(expectation.mode): coloraide says \(c.ratio) against \(c.minimum); tokenc found \(findings.map(\.message))")
            if case .number(let ratio)? = inMode.first?.data["ratio"] {
                #expect(abs(ratio - c.ratio) < 1e-3)
            }
        }
    }
}
