import Foundation
import Testing
import TokenModel
@testable import TokencKit
import TokencFuzzing

/// Inputs fuzzing once found (a crash, a hang or a memory blow-up), each run through the harness that found
/// it (its name starts with `loader-`, `renderer-` or `pipeline-`); the `.expected` file next to it holds
/// the diagnostics it must now give, one `line:column id: message` per line.
@Suite struct FuzzRegressionTests {
    static let folder = Golden.packageRoot.appendingPathComponent("Tests/Fixtures/fuzz-regressions")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".bin") }.sorted()
    }

    @Test(arguments: inputs)
    func inputGivesItsExpectedDiagnostics(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
        let diagnostics: [Diagnostic] = switch name.prefix(while: { $0 != "-" }) {
        case "loader": FuzzTargets.loader(bytes)
        case "renderer": FuzzTargets.renderer(bytes)
        default: FuzzTargets.pipeline(bytes)
        }
        let text = diagnostics.map { d in
            "\(d.location.map { "\($0.line):\($0.column)" } ?? "-") \(d.id): \(d.message)"
        }.joined(separator: "\n") + "\n"
        let expected = Self.folder.appendingPathComponent(name.replacingOccurrences(of: ".bin", with: ".expected"))
        if Golden.recording { try Data(text.utf8).write(to: expected) }
        #expect(try String(contentsOf: expected, encoding: .utf8) == text)
    }

    @Test func thereAreRegressionInputs() {
        #expect(!Self.inputs.isEmpty)
    }
}
