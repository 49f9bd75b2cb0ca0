import Foundation
import Testing
@testable import TokenGenerators
import SourceData
import SourceTree
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

@Suite struct TrailingSpaceTests {
    @Test(arguments: [
        ("", ""), ("   ", ""), ("a  ", "a"), ("a \n", "a\n"), ("  \n  \n", "\n\n"), ("a\n b  \nc", "a\n b\nc"),
        ("x\t \n", "x\t\n"), ("\n\n", "\n\n"), ("public let a = 1    \n    \n}", "public let a = 1\n\n}"),
    ])
    func spacesBeforeEachNewlineAndAtTheEndGo(text: String, expected: String) {
        #expect(SwiftGenerator.trimmingTrailingSpaces(Array(text.utf8)) == Array(expected.utf8))
    }

    /// Collects what a sink is given.
    final class Collected: OutputSink {
        var bytes: [UInt8] = []
        var closed = false
        func write(_ bytes: UnsafeRawBufferPointer) { self.bytes += bytes }
        func close() { closed = true }
    }

    /// The streaming sink gives the bytes trimming the whole text gives, however the text is cut into chunks:
    /// lines of spaces, spaces cut from their newline, a last line without one.
    @Test func theSinkTrimsAcrossChunksAsTheWholeTextIs() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "bc", " ", "   ", "\n", "\t", "x = 1", "é"]
        for _ in 0..<300 {
            var text: [UInt8] = []
            for _ in 0..<Int.random(in: 0..<60, using: &generator) { text += pieces.randomElement(using: &generator)!.utf8 }
            let collected = Collected()
            let sink = TrailingSpaceTrimmingSink(collected)
            var offset = 0
            while offset < text.count {
                let size = min(text.count - offset, Int.random(in: 1...12, using: &generator))
                text[offset..<offset + size].withUnsafeBytes { sink.write($0) }
                offset += size
            }
            sink.close()
            #expect(collected.bytes == SwiftGenerator.trimmingTrailingSpaces(text), "\(String(decoding: text, as: UTF8.self).debugDescription)")
            #expect(collected.closed)
        }
    }
}

@Suite struct SwiftNamerTests {
    @Test(arguments: [
        ("on-accent", "onAccent", "OnAccent"), ("default", "`default`", "Default"), ("500", "_500", "_500"),
        ("background_primary", "backgroundPrimary", "BackgroundPrimary"), ("iOSIcon", "iOSIcon", "IOSIcon"),
        ("type", "type", "Type_"), ("self", "`self`", "Self_"), ("Ärger", "ärger", "Ärger"), ("--", "`_`", "`_`"), ("", "`_`", "`_`"),
    ])
    func identifiersAreAlwaysValid(name: String, member: String, type: String) {
        #expect(SwiftNamer.member(name) == member)
        #expect(SwiftNamer.type(name) == type)
    }

    /// The one-pass ASCII namer agrees with the word-based one on every name of a seeded random sample.
    @Test func asciiFastPathMatchesTheWordBasedNames() {
        let alphabet = Array("aZkQ09-_ .x".utf8)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<5000 {
            var bytes: [UInt8] = []
            for _ in 0..<(1 + Int(state % 9)) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            let name = String(decoding: bytes, as: UTF8.self)
            let words = SwiftNamer.words(name)
            guard let fastMember = SwiftNamer.asciiIdentifier(name, upperFirst: false),
                  let fastType = SwiftNamer.asciiIdentifier(name, upperFirst: true) else {
                #expect(words.isEmpty, "no identifier for \(name)")
                continue
            }
            var member = words[0].lowercased() + words.dropFirst().map(SwiftNamer.capitalized).joined()
            var type = words.map(SwiftNamer.capitalized).joined()
            if member.first?.isNumber == true { member = "_" + member }
            if type.first?.isNumber == true { type = "_" + type }
            #expect(fastMember == member, "member of \(name)")
            #expect(fastType == type, "type of \(name)")
        }
    }

    @Test func twoTokensWithOneSwiftNameAreAnErrorNamingBoth() {
        let location = { (line: Int) in SourceData.SourceLocation(file: "t.yaml", line: line, column: 3) }
        let node = { (n: Int) in SourceTree.Node(.scalar(.integer(n), text: String(n)), at: location(n + 2)) }
        let tokens = [
            TokenModel.ResolvedToken(token: .init(path: "c.on-accent", type: .number, location: location(3), value: node(1)),
                                     type: .number, values: [.init("light", node(1))], aliasChain: [], colors: [],
                                     typed: [.number(NumberValue(1, location: location(3)))]),
            TokenModel.ResolvedToken(token: .init(path: "c.onAccent", type: .number, location: location(4), value: node(2)),
                                     type: .number, values: [.init("light", node(2))], aliasChain: [], colors: [],
                                     typed: [.number(NumberValue(2, location: location(4)))]),
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
