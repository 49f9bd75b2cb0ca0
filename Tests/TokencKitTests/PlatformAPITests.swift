import Foundation
import Testing

/// Holds every platform-specific line of the package to the places docs/platforms.md lists: a platform-only
/// module or call outside an `#if` on the platform, or such an `#if` in a file the page does not list, would
/// build on one platform and break the other (no Mac builds this project; this test is the check).
@Suite struct PlatformAPITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Modules that exist on some platforms only.
    static let platformModules: Set<String> = [
        "Glibc", "Musl", "Bionic", "Android", "WASILibc", "Darwin", "WinSDK", "ucrt", "CRT", "Synchronization",
        "os", "ObjectiveC", "UIKit", "AppKit", "SwiftUI", "CoreFoundation", "FoundationEssentials", "CMimalloc",
    ]
    /// Calls, names and paths that exist on one platform only.
    static let platformNames = [
        "malloc_trim", "mallopt", "/proc/", "inotify_", "epoll_", "O_PATH", "sched_getaffinity", "__errno_location", "st_mtim",
        "F_SETNOSIGPIPE", "kqueue", "FSEvent", "_NSGetEnviron", "_NSGetExecutablePath", "mach_", "os_unfair_lock",
        "O_SYMLINK", "pthread_threadid_np", "st_mtimespec", "Bundle.main", "mi_option_set", "mi_collect",
        "readelf",
    ]

    /// The Swift files of the package that are tokenc's code: sources, plugin, benchmark programs, tests.
    static func swiftFiles() -> [String] {
        var files: [String] = []
        for top in ["Sources", "Plugins", "Benchmarks", "Tests"] {
            let folder = root.appendingPathComponent(top)
            for case let path as String in FileManager.default.enumerator(atPath: folder.path) ?? .init()
            where path.hasSuffix(".swift") && !path.hasPrefix("Stubs/") && !path.hasPrefix("Golden/") && !path.hasPrefix("Fixtures/")
                // This file names every platform-only call it looks for.
                && !path.hasSuffix("PlatformAPITests.swift") {
                files.append("\(top)/\(path)")
            }
        }
        return files.sorted()
    }

    /// A platform-specific line found: where, and what.
    struct Finding: CustomStringConvertible {
        var file: String
        var line: Int
        var what: String
        var insidePlatformCondition: Bool
        var description: String { "\(file):\(line): \(what)" }
    }

    /// The platform-specific lines of `file`: imports of platform modules, platform-only names, and `#if`s on the
    /// platform; each with whether it sits inside an `#if` that tests `os(…)` or `canImport(…)`. Text inside string
    /// literals (templates hold `import UIKit`) and comments is not code.
    static func findings(in file: String) throws -> [Finding] {
        findings(inText: try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8), file: file)
    }

    /// `findings(in:)` for text already read.
    static func findings(inText text: String, file: String) -> [Finding] {
        var found: [Finding] = []
        var conditions: [String] = []
        var inLiteral = false
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(rawLine)
            let wasInLiteral = inLiteral
            if line.components(separatedBy: "\"\"\"").count % 2 == 0 { inLiteral.toggle() }
            if wasInLiteral || (inLiteral && !wasInLiteral) { continue }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("//") { continue }
            let inside = conditions.contains { $0.contains("os(") || $0.contains("canImport(") }
            if trimmed.hasPrefix("#if ") {
                let condition = String(trimmed.dropFirst(4))
                conditions.append(condition)
                if condition.contains("os(") || condition.contains("canImport(") {
                    found.append(Finding(file: file, line: index + 1, what: "#if \(condition)", insidePlatformCondition: true))
                }
                continue
            }
            if trimmed.hasPrefix("#elseif ") {
                let condition = String(trimmed.dropFirst(8))
                if !conditions.isEmpty { conditions[conditions.count - 1] += " " + condition }
                continue
            }
            if trimmed.hasPrefix("#endif") {
                if !conditions.isEmpty { conditions.removeLast() }
                continue
            }
            // A trailing comment is not code; the names are looked for in string literals too (`"/proc/self/exe"`),
            // imports outside them.
            var code = line
            if let comment = code.range(of: "// ") { code = String(code[..<comment.lowerBound]) }
            let words = Self.emptyingStringLiterals(code).split(separator: " ")
            if let i = words.firstIndex(where: { $0 == "import" }), i + 1 < words.count,
               platformModules.contains(String(words[i + 1])) {
                found.append(Finding(file: file, line: index + 1, what: "import \(words[i + 1])", insidePlatformCondition: inside))
            }
            for name in platformNames where code.contains(name) {
                found.append(Finding(file: file, line: index + 1, what: name, insidePlatformCondition: inside))
            }
        }
        return found
    }

    /// `code` with each string literal's text taken out (`"a\\"b"` becomes `""`), and a quote that no quote closes
    /// left as it is: import lines are read without the words of a string. By hand, byte by byte: a regular
    /// expression for every line of the package took 5 s a test in a debug build, and far longer under the
    /// sanitizers.
    static func emptyingStringLiterals(_ code: String) -> String {
        let bytes = Array(code.utf8), quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            guard bytes[i] == quote else {
                out.append(bytes[i])
                i += 1
                continue
            }
            // Find the closing quote, stepping over escaped characters.
            var j = i + 1
            while j < bytes.count, bytes[j] != quote { j += bytes[j] == backslash ? 2 : 1 }
            guard j < bytes.count else {
                out.append(contentsOf: bytes[i...])
                break
            }
            out.append(contentsOf: [quote, quote])
            i = j + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Every Swift file of the package with its platform-specific lines, scanned once for the tests below.
    static let scanned: Result<[(file: String, findings: [Finding])], Error> = Result {
        try swiftFiles().map { ($0, try findings(in: $0)) }
    }

    /// The files docs/platforms.md lists (every backquoted path ending in `.swift`).
    static func listedFiles() throws -> Set<String> {
        let page = try String(contentsOf: root.appendingPathComponent("docs/platforms.md"), encoding: .utf8)
        return Set(page.matches(of: /`([A-Za-z0-9_.-]+\/[A-Za-z0-9_\/.-]+\.swift)`/).map { String($0.output.1) })
    }

    @Test func platformModulesAndCallsSitInsideAnIfOnThePlatform() throws {
        let outside = try Self.scanned.get().flatMap(\.findings).filter { !$0.insidePlatformCondition }
        #expect(outside.isEmpty, "platform-specific code outside an #if os(…)/canImport(…):\n\(outside.map(\.description).joined(separator: "\n"))")
    }

    @Test func everyFileWithPlatformCodeIsListedInThePlatformsPage() throws {
        let withPlatformCode = Set(try Self.scanned.get().filter { !$0.findings.isEmpty }.map(\.file))
        let listed = try Self.listedFiles()
        #expect(withPlatformCode.subtracting(listed).sorted() == [], "add these to docs/platforms.md with why")
        #expect(listed.subtracting(withPlatformCode).sorted() == [], "docs/platforms.md lists these, which have no platform code")
    }

    /// The scanner itself: what it must catch and what it must let pass.
    @Test func theScannerTellsCodeFromTextAndConditions() {
        let source = """
            import Synchronization
            #if canImport(Glibc)
            import Glibc
            #elseif canImport(Darwin)
            import Darwin
            #endif
            let template = \"\"\"
            import UIKit
            \"\"\"
            let path = "/proc/self/exe" // a string, still a Linux-only path
            // malloc_trim in a comment is not code
            #if DEBUG
            let x = malloc_trim(0)
            #endif
            let quoted = "an escaped \\"quote\\" import UIKit", after = 1; import os
            """
        let scanned = Self.findings(inText: source, file: "Scan.swift")
        #expect(scanned.map { "\($0.line) \($0.what) \($0.insidePlatformCondition)" } == [
            "1 import Synchronization false", "2 #if canImport(Glibc) true", "3 import Glibc true",
            "5 import Darwin true", "10 /proc/ false", "13 malloc_trim false", "15 import os false",
        ])
    }
}
