import Foundation
import Testing
@testable import TokencKit
import TokenModel
import TokenRules
import TokenColor

@Suite struct ReferenceDocsTests {
    @Test func systemColorsPageIsCurrent() throws {
        let url = Golden.packageRoot.appendingPathComponent("docs/system-colors.md")
        let generated = ReferenceDocs.systemColors()
        if Golden.recording { try Data(generated.utf8).write(to: url) }
        let onDisk = try String(contentsOf: url, encoding: .utf8)
        #expect(onDisk == generated, "docs/system-colors.md is stale: run TOKENC_RECORD=1 swift test")
    }
}

/// The diagnostic catalogue is the one place an id is written: every id a finding can have is a `DiagnosticKind`,
/// its string appears once in Sources/ (in the catalogue), and every kind is documented in docs/rules.md.
@Suite struct DiagnosticCatalogueTests {
    /// Every quoted `group/name` id in Sources/ with the files it appears in, however it is spelt around it.
    static func quotedIDs() throws -> [String: [String]] {
        let root = Golden.packageRoot
        let pattern = try Regex(#""((?:yaml|token|alias|resolver|swift|css|xcassets|template|config|rules|color|accent|symbol|icon)/[a-z0-9-]+)""#)
        var found: [String: [String]] = [:]
        let sources = try #require(FileManager.default.enumerator(at: root.appendingPathComponent("Sources"), includingPropertiesForKeys: nil))
        for case let file as URL in sources where file.pathExtension == "swift" {
            for match in try String(contentsOf: file, encoding: .utf8).matches(of: pattern) {
                if let id = match.output[1].substring { found[String(id), default: []].append(file.lastPathComponent) }
            }
        }
        return found
    }

    @Test func everyIdIsWrittenOnceInTheCatalogue() throws {
        let found = try Self.quotedIDs()
        #expect(found.count == DiagnosticKind.catalogue.count, "ids in Sources: \(found.keys.sorted())")
        for kind in DiagnosticKind.catalogue {
            #expect(found[kind.id] == ["DiagnosticKind.swift"], "`\(kind.id)` is written in \(found[kind.id] ?? [])")
        }
        #expect(Set(DiagnosticKind.catalogue.map(\.id)).count == DiagnosticKind.catalogue.count)
        #expect(DiagnosticKind.catalogue.count == 93)
    }

    @Test func everyRuleIsAKindAndEveryKindIsDocumented() throws {
        let docs = try String(contentsOf: Golden.packageRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        for rule in RuleRegistry.all {
            #expect(DiagnosticKind.named(rule.id) == rule.kind)
        }
        for kind in DiagnosticKind.catalogue {
            #expect(docs.contains("`\(kind.id)`"), "`\(kind.id)` is not in docs/rules.md")
        }
        // `--rules structure` keeps every group but the guidelines: the outputs' findings included.
        #expect(Pipeline.isStructural("css/name-collision") && Pipeline.isStructural("config/invalid") && Pipeline.isStructural("yaml/syntax"))
        #expect(!Pipeline.isStructural("color/contrast") && !Pipeline.isStructural("rules/unused-ignore"))
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
        #expect(rules.count == 64)
        let others = try #require(json["otherFindings"] as? [[String: String]])
        #expect(others.count + rules.count == DiagnosticKind.catalogue.count)
        #expect(others.first == ["id": "yaml/syntax", "group": "structure", "severity": "error", "summary": "libyaml could not parse the file."])
        #expect(others.first { $0["id"] == "css/name-collision" }?["group"] == "output")
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
        // A finding that is no rule is explained from the catalogue.
        let finding = try TokencProcess.run(["explain", "yaml/unquoted-color"], in: FileManager.default.temporaryDirectory)
        #expect(finding.status == 0)
        #expect(finding.stdout == """
            yaml/unquoted-color (structure, error)

            A color written `#…` without quotes, which YAML reads as the start of a comment.

            Not a rule: tokenc always reports it, and tokenc.yml cannot change it. docs/diagnostics.md says more.

            """)
    }
}
