import Foundation
import Testing
import TokenColor

/// Opens `tokenc preview` and `tokenc diff --format html` in headless Chromium: every swatch's computed
/// color must be the hex `tokenc inspect` reports for that token and appearance, and every contrast
/// cell's pass or fail must be what `tokenc validate --format json` reports. Screenshots go to
/// .build/screenshots/ for a reviewer to look at.
@Suite struct ReviewBrowserTests {
    struct Probe: Decodable {
        struct Swatch: Decodable { var token: String; var mode: String; var side: String?; var fallback: Bool; var color: String }
        struct Cell: Decodable { var pair: String; var mode: String; var pass: String }
        struct Sample: Decodable {
            var token: String; var kind: String; var boxShadow: String; var borderTop: String; var backgroundImage: String
            var borderTopStyle: String; var width: String; var font: String; var letterSpacing: String
        }
        var swatches: [Swatch]
        var cells: [Cell]
        var samples: [Sample]
    }

    static let screenshots = Golden.packageRoot.appendingPathComponent(".build/screenshots")

    /// What Chromium drew on `page`.
    static func probe(_ page: URL, screenshot: String) throws -> Probe {
        try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)
        let script = Golden.packageRoot.appendingPathComponent("Tests/Browser/page-probe.py").path
        let run = try SwiftOutputTests.run("/usr/bin/env", ["python3", script, page.path, screenshots.appendingPathComponent(screenshot).path],
                                           in: page.deletingLastPathComponent())
        #expect(run.status == 0, "\(run.output)")
        return try JSONDecoder().decode(Probe.self, from: Data(run.output.utf8))
    }

    /// `rgb(11, 95, 194)` or `rgba(11, 95, 194, 0.5)` as `#0b5fc2` / `#0b5fc280`.
    static func hex(_ computed: String) -> String {
        let numbers = computed.drop { $0 != "(" }.dropFirst().dropLast().split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces))! }
        var bytes = numbers.prefix(3).map { Int($0) }
        if numbers.count == 4 { bytes.append(Int((numbers[3] * 255).rounded())) }
        return "#" + bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// (token path, mode) → hex, from `tokenc inspect --format json FOLDER`.
    static func inspectedHexes(_ folder: String, in directory: URL) throws -> [String: String] {
        let result = try TokencProcess.run(["inspect", "--format", "json", folder], in: directory)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        var hexes: [String: String] = [:]
        for token in json["tokens"] as? [[String: Any]] ?? [] {
            for (mode, value) in token["modes"] as? [String: Any] ?? [:] {
                if let hex = (value as? [String: Any])?["hex"] as? String { hexes["\(token["path"]!)|\(mode)"] = hex }
            }
        }
        return hexes
    }

    /// The failing (foreground|surface|mode) triples `tokenc validate --format json FOLDER` reports under color/contrast.
    static func contrastFailures(_ folder: String, in directory: URL) throws -> Set<String> {
        let result = try TokencProcess.run(["validate", "--format", "json", folder], in: directory)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return Set((json["findings"] as? [[String: Any]] ?? []).compactMap { finding -> String? in
            guard finding["rule"] as? String == "color/contrast", let data = finding["data"] as? [String: Any] else { return nil }
            return "\(finding["path"]!)|\(data["surface"]!)|\(data["mode"]!)"
        })
    }

    @Test(arguments: ["Tokens", "Examples/Violations"])
    func previewSwatchesAndContrastCellsMatchInspectAndValidate(_ folder: String) throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tokenc-preview-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: out) }
        let built = try InProcess.run(["preview", folder, "--output", out.path], in: Golden.packageRoot)
        #expect(built.status == 0, "\(built.stderr)")
        let probe = try Self.probe(out, screenshot: "preview-\(folder.replacingOccurrences(of: "/", with: "-")).png")
        let hexes = try Self.inspectedHexes(folder, in: Golden.packageRoot)
        let own = probe.swatches.filter { !$0.fallback }
        #expect(own.count >= 20)
        for swatch in own {
            #expect(Self.hex(swatch.color) == hexes["\(swatch.token)|\(swatch.mode)"], "\(swatch.token) in \(swatch.mode)")
        }
        let failures = try Self.contrastFailures(folder, in: Golden.packageRoot)
        #expect(!probe.cells.isEmpty)
        for cell in probe.cells {
            #expect((cell.pass == "true") == !failures.contains("\(cell.pair)|\(cell.mode)"), "\(cell.pair) in \(cell.mode)")
        }
        // Every failure validate reports has its failing cell on the page.
        #expect(Set(probe.cells.filter { $0.pass == "false" }.map { "\($0.pair)|\($0.mode)" }) == failures)
        if folder == "Examples/Violations" { #expect(!failures.isEmpty) }
    }

    @Test func diffPageSwatchesShowBothSidesAsInspectReportsThem() throws {
        let sandbox = try Sandbox([:])
        defer { sandbox.remove() }
        let base = sandbox.root.appendingPathComponent("Base"), tokens = sandbox.root.appendingPathComponent("Tokens")
        try FileManager.default.createDirectory(at: sandbox.root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Golden.packageRoot.appendingPathComponent("Tokens"), to: base)
        try FileManager.default.copyItem(at: base, to: tokens)
        // A git repository whose HEAD is the base; the working tree darkens one label and lightens the accent in dark.
        for arguments in [["init", "-q"], ["add", "Tokens"], ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "base"]] {
            #expect(try SwiftOutputTests.run("/usr/bin/env", ["git"] + arguments, in: sandbox.root).status == 0)
        }
        let semantic = tokens.appendingPathComponent("semantic.yaml")
        let text = try String(contentsOf: semantic, encoding: .utf8)
            .replacingOccurrences(of: "$value: \"#4A4F5C\"", with: "$value: \"#9A9FAC\"")
            .replacingOccurrences(of: "dark: \"{palette.blue.300}\"", with: "dark: \"#2A4F9C\"")
        try Data(text.utf8).write(to: semantic)
        let page = sandbox.root.appendingPathComponent("diff.html")
        let result = try TokencProcess.run(["diff", "HEAD", "--format", "html", "--output", page.path], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        let probe = try Self.probe(page, screenshot: "diff.png")
        let before = try Self.inspectedHexes("Base", in: sandbox.root), after = try Self.inspectedHexes("Tokens", in: sandbox.root)
        #expect(Set(probe.swatches.map { "\($0.token)|\($0.mode)" }) == ["color.label.secondary|light", "color.accent|dark"])
        for swatch in probe.swatches {
            let expected = swatch.side == "base" ? before : after
            #expect(Self.hex(swatch.color) == expected["\(swatch.token)|\(swatch.mode)"], "\(swatch.token) \(swatch.mode) \(swatch.side ?? "")")
        }
        #expect(probe.swatches.count == 4)
        let failures = try Self.contrastFailures("Tokens", in: sandbox.root)
        #expect(!failures.isEmpty)
        #expect(!probe.cells.isEmpty)
        for cell in probe.cells {
            #expect((cell.pass == "true") == !failures.contains("\(cell.pair)|\(cell.mode)"), "\(cell.pair) in \(cell.mode)")
        }
    }
}
