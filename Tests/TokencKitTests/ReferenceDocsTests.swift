import Foundation
import Testing
@testable import TokencKit

@Suite struct ReferenceDocsTests {
    @Test func systemColorsPageIsCurrent() throws {
        let url = Golden.packageRoot.appendingPathComponent("docs/system-colors.md")
        let generated = ReferenceDocs.systemColors()
        if Golden.recording { try Data(generated.utf8).write(to: url) }
        let onDisk = try String(contentsOf: url, encoding: .utf8)
        #expect(onDisk == generated, "docs/system-colors.md is stale: run TOKENC_RECORD=1 swift test")
    }
}

/// Every diagnostic id the sources write is documented: a rule's in docs/rules.md, every other in
/// docs/diagnostics.md, so a user who meets one can look it up.
@Suite struct DiagnosticIdDocsTests {
    @Test func everyIdTheSourcesWriteIsDocumented() throws {
        let root = Golden.packageRoot
        let docs = try ["docs/diagnostics.md", "docs/rules.md"].map { try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }
            .joined()
        let pattern = try Regex(#"id: "([a-z]+/[a-z0-9-]+)""#)
        var ids: Set<String> = []
        let sources = try #require(FileManager.default.enumerator(at: root.appendingPathComponent("Sources"), includingPropertiesForKeys: nil))
        for case let file as URL in sources where file.pathExtension == "swift" {
            for match in try String(contentsOf: file, encoding: .utf8).matches(of: pattern) {
                if let id = match.output[1].substring { ids.insert(String(id)) }
            }
        }
        #expect(ids.count > 40, "the pattern found \(ids.count) ids")
        for id in ids.sorted() {
            let documented = docs.contains("`\(id)`")
            #expect(documented, "`\(id)` is in no table of docs/diagnostics.md or docs/rules.md")
        }
    }
}

@Suite struct RuleCatalogTests {
    @Test func rulesPageIsCurrent() throws {
        let url = Golden.packageRoot.appendingPathComponent("docs/rules.md")
        let generated = RuleCatalog.list(.markdown)
        if Golden.recording { try Data(generated.utf8).write(to: url) }
        #expect(try String(contentsOf: url, encoding: .utf8) == generated, "docs/rules.md is stale: run TOKENC_RECORD=1 swift test")
    }

    @Test func rulesJSONListsEveryRule() throws {
        let sandbox = try Sandbox([:])
        defer { sandbox.remove() }
        let result = try TokencProcess.run(["rules", "--format", "json"], in: FileManager.default.temporaryDirectory)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let rules = try #require(json["rules"] as? [[String: String]])
        #expect(rules.count == 53)
        #expect(rules.first { $0["id"] == "color/contrast" } == [
            "id": "color/contrast", "group": "guidelines", "name": "Contrast", "severity": "error",
            "summary": "A foreground misses its minimum contrast (4.5:1 text, 3:1 large text and non-text UI) on a declared surface in some appearance, alpha composited over the surface.",
        ])
    }

    @Test func explainShowsRationaleAndExamples() throws {
        let result = try TokencProcess.run(["explain", "color/watchos-background"], in: FileManager.default.temporaryDirectory)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("color/watchos-background — watchOS background (guidelines, default error)\n"))
        #expect(result.stdout.contains("Pure black — that is, #000000 hex"))
        #expect(result.stdout.contains("Triggers (↓ marks the finding):\n    c:\n"))
        let unknown = try TokencProcess.run(["explain", "color/contrst"], in: FileManager.default.temporaryDirectory)
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "tokenc: error: no rule `color/contrst`; did you mean `color/contrast`?\n")
    }
}
