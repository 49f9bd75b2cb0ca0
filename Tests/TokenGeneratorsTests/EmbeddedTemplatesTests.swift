import Foundation
import Testing
@testable import TokenGenerators
import TokenModel

@Suite struct EmbeddedTemplatesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every file under Templates/, by relative path.
    static func templatesOnDisk() throws -> [String: String] {
        let folder = root.appendingPathComponent("Templates")
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let name = enumerator?.nextObject() as? String {
            guard name.hasSuffix(".mustache") else { continue }
            files[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        return files
    }

    @Test func embeddedCopyMatchesTemplatesFolder() throws {
        let onDisk = try Self.templatesOnDisk()
        let source = EmbeddedTemplatesSource.swiftSource(onDisk)
        let url = Self.root.appendingPathComponent("Sources/TokenGenerators/EmbeddedTemplates.swift")
        if ProcessInfo.processInfo.environment["TOKENC_RECORD"] == "1" { try Data(source.utf8).write(to: url) }
        #expect(try String(contentsOf: url, encoding: .utf8) == source, "EmbeddedTemplates.swift is stale: run TOKENC_RECORD=1 swift test")
        #expect(EmbeddedTemplates.files == onDisk, "the compiled-in templates differ from Templates/: rebuild after recording")
        #expect(onDisk.count >= 4)
    }
}

@Suite struct SwiftNamerTests {
    @Test(arguments: [
        ("on-accent", "onAccent", "OnAccent"), ("default", "`default`", "Default"), ("500", "_500", "_500"),
        ("background_primary", "backgroundPrimary", "BackgroundPrimary"), ("iOSIcon", "iOSIcon", "IOSIcon"),
        ("type", "type", "Type_"), ("self", "`self`", "Self_"), ("Ärger", "ärger", "Ärger"), ("--", "_", "_"),
    ])
    func identifiersAreAlwaysValid(name: String, member: String, type: String) {
        #expect(SwiftNamer.member(name) == member)
        #expect(SwiftNamer.type(name) == type)
    }

    @Test func twoTokensWithOneSwiftNameAreAnErrorNamingBoth() {
        let location = { (line: Int) in TokenModel.SourceLocation(file: "t.yaml", line: line, column: 3) }
        let node = { (n: Int) in TokenModel.Node(.scalar(.integer(n), text: String(n)), at: location(n + 2)) }
        let tokens = [
            TokenModel.ResolvedToken(token: .init(path: "c.on-accent", type: .number, location: location(3), value: node(1)),
                                     type: .number, values: [("light", node(1))], aliasChain: []),
            TokenModel.ResolvedToken(token: .init(path: "c.onAccent", type: .number, location: location(4), value: node(2)),
                                     type: .number, values: [("light", node(2))], aliasChain: []),
        ]
        let (files, diagnostics) = SwiftGenerator().render(.init(tokens: tokens, modes: ["light"]))
        #expect(files.isEmpty)
        #expect(diagnostics.map(\.message) == ["`c.onAccent` and `c.on-accent` both become the Swift name `onAccent`"])
        #expect(diagnostics.first?.location == location(4))
        #expect(diagnostics.first?.related.first?.location == location(3))
    }
}

@Suite struct CSSNameTests {
    /// The one-pass ASCII kebab names equal the general word splitter's, on names that stress the boundaries.
    @Test(arguments: ["color.background.primary", "fooBar.Baz2x", "ABC", "a--b", "x.2X", "camelCASEWord", "$root", "a b/c", "-lead.trail-", ""])
    func asciiKebabMatchesTheWordSplitter(_ path: String) {
        let general = "--ds-" + path.split(separator: ".").flatMap { SwiftNamer.words(String($0)) }.map { $0.lowercased() }.joined(separator: "-")
        #expect(CSSContextBuilder.asciiKebab(path, prefix: "--ds-") == general)
    }
}
