import Foundation
import Testing
@testable import TokenModel
import TokenColor

/// The hex each CSS named color's error suggests, against what headless Chromium computes for the name.
@Suite struct CSSNamedColorTests {
    @Test func eachNamesHexIsWhatChromiumComputes() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            Issue.record("chromium is not installed: run script/test (it installs it) or `apt-get install chromium`")
            return
        }
        #expect(CSSNamedColors.hex.count == 148)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tokenc-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appendingPathComponent("empty.css"))
        let names = CSSNamedColors.hex.keys.sorted()
        let request: [String: Any] = [
            "css": folder.appendingPathComponent("empty.css").path,
            "probes": names.map { ["id": $0, "property": "color", "value": $0] },
            "scenarios": [["name": "plain", "features": [[String: String]](), "theme": NSNull()]],
        ]
        let values = try #require(try CSSBrowserTests.computedStyles(request, in: folder)["plain"])
        for name in names {
            let hex = Array(CSSNamedColors.hex[name]!.dropFirst())
            let bytes = stride(from: 0, to: 6, by: 2).map { Int(String(hex[$0..<$0 + 2]), radix: 16)! }
            #expect(values[name] == "rgb(\(bytes[0]), \(bytes[1]), \(bytes[2]))", "\(name)")
        }
    }

    @Test func aNamedColorsErrorNamesItsHex() {
        #expect(ColorSyntax.parse(" White ") == .failure(ColorSyntax.Problem(
            message: "`White` is a CSS named color, which token files write as hex", fix: "write \"#FFFFFF\"")))
        #expect(ColorSyntax.parse("rebeccapurple") == .failure(ColorSyntax.Problem(
            message: "`rebeccapurple` is a CSS named color, which token files write as hex", fix: "write \"#663399\"")))
    }
}
