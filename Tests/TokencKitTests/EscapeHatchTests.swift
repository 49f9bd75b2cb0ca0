import Foundation
import Testing

/// Every place that steps outside Swift's checks — `@unchecked Sendable`, `@_silgen_name`, an unsafe pointer
/// type, a `withUnsafe…` call — is written down in docs/performance.md ("Escape hatches") with why it is there,
/// file by file; `@exclusivity(unchecked)` and `nonisolated(unsafe)` are not used at all.
@Suite struct EscapeHatchTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// What counts as an escape hatch on a line of code.
    static var hatch: Regex<AnyRegexOutput> { try! Regex(#"@unchecked Sendable|@_silgen_name|withUnsafe|Unsafe[A-Za-z]*Pointer|Unmanaged"#) }
    static var forbidden: Regex<AnyRegexOutput> { try! Regex(#"@exclusivity\(unchecked\)|nonisolated\(unsafe\)"#) }

    /// Lines of code (comments left out) holding `pattern`, counted per file under Sources/.
    static func counts(of pattern: Regex<AnyRegexOutput>) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        let sources = root.appendingPathComponent("Sources")
        for case let file as String in FileManager.default.enumerator(atPath: sources.path)! where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let code = line.drop { $0 == " " }
                guard !code.hasPrefix("//"), line.contains(pattern) else { continue }
                counts["Sources/" + file, default: 0] += 1
            }
        }
        return counts
    }

    /// The table's rows: file and count.
    static func documented() throws -> [String: Int] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/performance.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Escape hatches").dropFirst().first)
        var rows: [String: Int] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `Sources/") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            rows[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = Int(cells[1])
        }
        return rows
    }

    @Test func everyEscapeHatchIsListedWithItsReason() throws {
        let found = try Self.counts(of: Self.hatch)
        let documented = try Self.documented()
        for (file, count) in found.sorted(by: { $0.key < $1.key }) {
            #expect(documented[file] == count, "\(file) holds \(count); docs/performance.md lists \(documented[file].map(String.init) ?? "none")")
        }
        for file in documented.keys where found[file] == nil {
            Issue.record("docs/performance.md lists \(file), which holds none")
        }
        // The table is not empty by accident: the lock and the C interfaces are in it.
        #expect(documented["Sources/Locks/Lock.swift"] == 3 && documented.count > 20)
    }

    @Test func noExclusivityOrIsolationOptOuts() throws {
        #expect(try Self.counts(of: Self.forbidden).isEmpty)
    }
}
