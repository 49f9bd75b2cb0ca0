import Foundation
import Testing
import TokenGenerators
import TokenModel
@testable import TokencKit

/// Compares generated files with the checked-in copies in Tests/Golden; `TOKENC_RECORD=1` rewrites them.
enum Golden {
    static let packageRoot = ConformanceCase.packageRoot
    static let folder = packageRoot.appendingPathComponent("Tests/Golden")
    static var recording: Bool { ProcessInfo.processInfo.environment["TOKENC_RECORD"] == "1" }

    static func check(_ files: [GeneratedFile], under name: String) throws {
        for file in files {
            let url = folder.appendingPathComponent(name).appendingPathComponent(file.relativePath)
            if recording {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents).write(to: url)
                continue
            }
            let expected = try String(contentsOf: url, encoding: .utf8)
            let actual = String(decoding: file.contents, as: UTF8.self)
            if expected != actual {
                Issue.record("\(file.relativePath) differs from Tests/Golden/\(name):\n\(lineDiff(expected, actual))\nrun TOKENC_RECORD=1 swift test to accept")
            }
        }
    }

    /// The first differing lines, enough to see what changed.
    static func lineDiff(_ expected: String, _ actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for i in 0..<max(e.count, a.count) where out.count < 20 {
            let left = i < e.count ? String(e[i]) : "<end>"
            let right = i < a.count ? String(a[i]) : "<end>"
            if left != right { out.append("line \(i + 1):\n- \(left)\n+ \(right)") }
        }
        return out.joined(separator: "\n")
    }
}

@Suite struct GoldenTests {
    static func buildTokens(generators: [any Generator] = Pipeline.defaultGenerators) throws -> PipelineResult {
        let path = Golden.packageRoot.appendingPathComponent("Tokens").path
        return try Pipeline(generators: generators).run(path: path, render: true)
    }

    @Test func exampleTokensBuildCleanAndMatchTheGoldenJSON() throws {
        let result = try Self.buildTokens()
        // Tokens/ is the example design system: no errors, no warnings; only the notes about its P3 colors.
        #expect(result.diagnostics.allSatisfy { $0.severity == .info }, "\(result.diagnostics.map(\.message))")
        #expect(result.diagnostics.map(\.id) == ["color/out-of-gamut", "color/out-of-gamut"])
        try Golden.check(result.outputs.filter { !$0.relativePath.hasSuffix(".png") }, under: "Tokens")
    }

    @Test func keptAliasesMatchTheirGoldenJSON() throws {
        let result = try Self.buildTokens(generators: Pipeline.generators(jsonAliases: .kept))
        try Golden.check(result.outputs.filter { $0.relativePath == "json/tokens.json" }, under: "Tokens-kept-aliases")
    }

    @Test(arguments: [JSONAliasStyle.resolved, .kept])
    func jsonOutputReadBackGivesIdenticalOutput(_ style: JSONAliasStyle) throws {
        let generators = Pipeline.generators(jsonAliases: style)
        let first = try Self.buildTokens(generators: generators)
        let json = try #require(first.outputs.first { $0.relativePath == "json/tokens.json" })
        let again = Pipeline(rules: .structure, generators: [DTCGJSONGenerator(aliases: style)]).run(files: ["tokens.json"], sources: ["tokens.json": json.contents], render: true)
        let errors = again.diagnostics.filter { $0.severity == .error }.map { "\($0.id): \($0.message)" }
        #expect(errors.isEmpty, "\(errors)")
        // The JSON must come back byte for byte (the Swift header names its source folder, so it differs).
        #expect(again.outputs.filter { $0.relativePath.hasPrefix("json/") } == first.outputs.filter { $0.relativePath.hasPrefix("json/") })
    }

    /// The binary, built the way the test command chose (debug, or release with `TOKENC_BINARY`), writes the
    /// golden files byte for byte from Tokens/, and nothing else besides its manifest and cache.
    @Test func theBinaryWritesTheGoldenFiles() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tokenc-golden-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try TokencProcess.run(["build", "Tokens", "--output", output.path, "--no-cache"], in: Golden.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let expected = Golden.folder.appendingPathComponent("Tokens")
        var compared = 0
        let enumerator = FileManager.default.enumerator(atPath: expected.path)
        while let name = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: expected.appendingPathComponent(name).path, isDirectory: &isFolder),
                  !isFolder.boolValue else { continue }
            let want = try String(contentsOf: expected.appendingPathComponent(name), encoding: .utf8)
            let got = (try? String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)) ?? "<missing>"
            if want != got { Issue.record("\(name) differs from Tests/Golden/Tokens:\n\(Golden.lineDiff(want, got))") }
            compared += 1
        }
        #expect(compared == 40)
    }

    @Test func sameInputGivesTheSameBytes() throws {
        #expect(try Self.buildTokens().outputs == Self.buildTokens().outputs)
    }
}
