import Foundation
import Testing

/// One case of the DTCG test suite, read from its manifest at test time.
struct ConformanceCase: CustomTestStringConvertible, Sendable {
    var id: String
    var file: String
    var mustPass: Bool
    var testDescription: String { id }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let suiteRoot = packageRoot.appendingPathComponent("Tests/Fixtures/dtcg-test-suite")

    /// Every case of both manifests.
    static let all: [ConformanceCase] = {
        var cases: [ConformanceCase] = []
        for manifest in ["format/manifest.json", "resolver/manifest.json"] {
            let url = suiteRoot.appendingPathComponent(manifest)
            guard let data = try? Data(contentsOf: url),
                  let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let tests = json["tests"] as? [[String: Any]] else { continue }
            for test in tests {
                cases.append(ConformanceCase(
                    id: test["id"] as! String,
                    file: url.deletingLastPathComponent().appendingPathComponent(test["input"] as! String).path,
                    mustPass: (test["type"] as! String) == "PositiveEvaluationTest"))
            }
        }
        return cases
    }()

    /// Case ids listed in docs/dtcg-conformance.md under "Deliberate differences".
    static let deliberateDifferences: Set<String> = {
        let doc = (try? String(contentsOf: packageRoot.appendingPathComponent("docs/dtcg-conformance.md"), encoding: .utf8)) ?? ""
        guard let section = doc.range(of: "## Deliberate differences") else { return [] }
        var ids: Set<String> = []
        for line in doc[section.upperBound...].split(separator: "\n") where line.hasPrefix("| `") {
            let id = line.dropFirst(3).prefix { $0 != "`" }
            ids.insert(String(id))
        }
        return ids
    }()
}

@Suite struct DTCGConformanceTests {
    @Test func manifestsAreComplete() {
        #expect(ConformanceCase.all.count == 243)
        #expect(ConformanceCase.all.filter(\.mustPass).count == 100)
        #expect(ConformanceCase.deliberateDifferences.isSubset(of: Set(ConformanceCase.all.map(\.id))))
    }

    @Test(arguments: ConformanceCase.all)
    func validateAgreesWithTheSuite(_ testCase: ConformanceCase) throws {
        let result = try TokencProcess.run(["validate", "--rules", "structure", testCase.file], in: ConformanceCase.suiteRoot)
        let accepts = !ConformanceCase.deliberateDifferences.contains(testCase.id) ? testCase.mustPass : !testCase.mustPass
        if accepts {
            #expect(result.status == 0, "\(result.stderr)")
        } else {
            #expect(result.status == 1, "\(result.stderr)")
            let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
            let located = first.hasPrefix(testCase.file + ":") && first.contains(": error: ")
            #expect(located, "not a located error: \(first)")
            let position = first.dropFirst(testCase.file.count + 1).split(separator: ":").prefix(2).compactMap { Int($0) }
            #expect(position.count == 2 && position.allSatisfy { $0 >= 1 }, "no line:column in \(first)")
        }
    }
}
