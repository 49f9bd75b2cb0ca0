import Foundation
import Testing

/// What each module of tokenc may import, read from the sources: one pipeline in one direction (the stages see
/// TokenModel, locations in SourceData and the color science in TokenColor only, TokencKit composes them; the
/// located YAML nodes in SourceTree are the loader's, the resolver's and TokencKit's), libyaml in the loader alone, zlib
/// in the PNG decoder (ImageDecoding) alone, which only the rules use, ArgumentParser in the command line
/// alone, and Foundation nowhere — FoundationEssentials where Foundation's types are needed, so the binary
/// leaves out corelibs Foundation and ICU (docs/performance.md).
@Suite struct ModuleBoundaryTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The modules each module may import, besides the platform's (Glibc or Darwin, Dispatch, FoundationEssentials).
    static let allowed: [String: Set<String>] = [
        "Locks": [],
        "SourceData": ["Locks"],
        "SourceTree": ["SourceData"],
        "TokenColor": ["Locks"],
        "TokenModel": ["SourceData", "SourceTree", "TokenColor", "Locks"],
        "TokenLoader": ["SourceData", "SourceTree", "TokenModel", "CYAML"],
        "TokenResolver": ["SourceData", "SourceTree", "TokenModel", "TokenColor", "Locks"],
        "ImageDecoding": ["CZlib"],
        "TokenRules": ["SourceData", "TokenModel", "TokenColor", "ImageDecoding", "Locks"],
        "TokenGenerators": ["SourceData", "TokenModel", "TokenColor"],
        "TokenDiff": ["TokenModel", "TokenColor"],
        "TokenMigration": ["SourceData", "SourceTree", "TokenModel", "TokenColor"],
        "TokencKit": ["SourceData", "SourceTree", "TokenModel", "TokenColor", "Locks", "TokenLoader", "TokenResolver", "TokenRules", "TokenGenerators", "TokenDiff", "TokenMigration"],
        "tokenc": ["TokencKit", "TokenModel", "Locks", "ArgumentParser", "CMimalloc"],
        "TokencFuzzing": ["TokencKit", "TokenModel", "TokenColor", "TokenLoader", "TokenGenerators", "TokenDiff", "ImageDecoding"],
        "tokenc-fuzz": ["TokencFuzzing"],
    ]
    /// The words an `import` line may start with before `import`.
    static let importModifiers: Set<String> = ["public", "package", "internal", "fileprivate", "private", "@testable"]
    static let platform: Set<String> = ["Glibc", "Darwin", "Dispatch", "FoundationEssentials", "Synchronization"]

    /// Each module's `import` lines, by file (outside string literals); `import Foundation` counts only where it is the `#else` of
    /// `#if canImport(FoundationEssentials)` (Apple's platforms, which have no FoundationEssentials module).
    static func imports(of module: String) throws -> [(file: String, imported: String)] {
        let folder = sources.appendingPathComponent(module)
        var found: [(String, String)] = []
        for case let file as String in FileManager.default.enumerator(atPath: folder.path)! where file.hasSuffix(".swift") {
            let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            // Lines inside multi-line string literals (the embedded templates hold `import SwiftUI`) are text.
            var inLiteral = false
            for (i, line) in lines.enumerated() {
                if line.components(separatedBy: "\"\"\"").count % 2 == 0 { inLiteral.toggle() }
                // `package import X` and the like count as imports of X.
                let words = line.split(separator: " ")
                guard !inLiteral, let importWord = words.firstIndex(of: "import"),
                      words[..<importWord].allSatisfy({ Self.importModifiers.contains(String($0)) }) else { continue }
                let name = String(words.last!)
                let isFallback = name == "Foundation" && i >= 3 && lines[i - 1] == "#else" && lines[i - 2] == "import FoundationEssentials"
                    && lines[i - 3] == "#if canImport(FoundationEssentials)"
                if !isFallback { found.append((file, name)) }
            }
        }
        return found
    }

    @Test func everyModuleImportsOnlyWhatItMay() throws {
        for (module, allowed) in Self.allowed {
            for (file, imported) in try Self.imports(of: module) {
                #expect(allowed.contains(imported) || Self.platform.contains(imported), "\(module)/\(file) imports \(imported)")
            }
        }
    }

    /// Every module of the package is listed above, so a new one cannot slip past the test.
    @Test func everyModuleIsListed() throws {
        let modules = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).filter { !$0.hasPrefix("C") }
        #expect(Set(modules) == Set(Self.allowed.keys))
    }

    /// The modules (and folders of modules) that read typed values only: no YAML node (`Node`, its entries,
    /// scalars and the readers of its shape) appears in their sources. Reading YAML stays the loader's and the
    /// resolver's business. Values as written (`$extensions`, the JSON output's) reach the others as `PlainValue`.
    static let readTypedValuesOnly = ["TokenRules", "TokenDiff", "TokenGenerators"]

    /// The located YAML nodes live in SourceTree, which the modules that read typed values do not import; the
    /// model keeps nodes for the resolver at `package` level, and `MemberImportVisibility` makes the compiler
    /// refuse even a member of one of those in these modules (a node's `["color"]` read through a token's values).
    @Test func rulesAndOutputsCannotSeeNodes() throws {
        let manifest = try String(contentsOf: Self.sources.deletingLastPathComponent().appendingPathComponent("Package.swift"), encoding: .utf8)
        for module in Self.readTypedValuesOnly {
            #expect(!(Self.allowed[module] ?? []).contains("SourceTree"), "\(module) may import SourceTree")
            let target = manifest.split(separator: "\n").first { $0.contains(".target(name: \"\(module)\"") }
            #expect(target?.contains("swiftSettings: typedValuesOnly") == true, "\(module) is built without MemberImportVisibility")
        }
        #expect(manifest.contains("let typedValuesOnly: [SwiftSetting] = [.enableUpcomingFeature(\"MemberImportVisibility\")]"))
        let nodeFile = Self.sources.appendingPathComponent("SourceTree/Node.swift")
        #expect(try String(contentsOf: nodeFile, encoding: .utf8).contains("public struct Node: Sendable"))
    }

    @Test func rulesAndOutputsReadTypedValuesNotNodes() throws {
        let nodeWords = ["Node", "MappingEntry", "sequenceItems", "mappingEntries", "scalarText"]
        for module in Self.readTypedValuesOnly {
            let folder = Self.sources.appendingPathComponent(module)
            for case let file as String in FileManager.default.enumerator(atPath: folder.path)! where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                let words = Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
                for word in nodeWords where words.contains(word) {
                    Issue.record("\(module)/\(file) reads a YAML node (`\(word)`); read the token's typed value instead")
                }
            }
        }
    }
}
