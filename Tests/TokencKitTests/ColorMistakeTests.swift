import Foundation
import Testing
import TokenModel

/// Colors written with 0–255 channels where a space's components run from 0 to 1: `color(srgb 255 128 0)` is
/// valid CSS, and white. The finding that reports its white fallback says what was most likely meant.
@Suite struct ColorMistakeTests {
    @Test func byteChannelsGetTheColorTheyMostLikelyMean() throws {
        let sandbox = try Sandbox([
            "Tokens/c.yaml": """
                c:
                  $type: color
                  css: { $value: "color(srgb 255 128 0)" }
                  wide: { $value: "color(display-p3 255 128 0 / 0.5)" }
                  object: { $value: { colorSpace: srgb, components: [255, 128, "none"] } }
                  bright: { $value: "color(srgb 1.2 0 0)" }

                """,
        ])
        defer { sandbox.remove() }
        let result = try TokencProcess.run(["validate"], in: sandbox.root)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("Tokens/") || $0.hasPrefix("  fix:") }
        #expect(lines == [
            "Tokens/c.yaml:3:3: note: `c.css` is outside sRGB; sRGB screens get the fallback light → #ffffff [color/out-of-gamut]",
            "  fix: `color(srgb …)` components run from 0 to 1; for 0–255 channels write `rgb(255 128 0)`",
            "Tokens/c.yaml:4:3: note: `c.wide` is outside sRGB; sRGB screens get the fallback light → #ffffff80 [color/out-of-gamut]",
            "  fix: `color(display-p3 …)` components run from 0 to 1; for 0–255 channels write `color(display-p3 1 0.502 0 / 0.5)`",
            "Tokens/c.yaml:5:54: error: `c.object` is not a valid color: red must be from 0 to 1 in srgb, found 255 [token/invalid-value]",
            "  fix: components run from 0 to 1; 0–255 channels divided by 255 are [1, 0.502, \"none\"]",
            "Tokens/c.yaml:5:59: error: `c.object` is not a valid color: green must be from 0 to 1 in srgb, found 128 [token/invalid-value]",
            "  fix: components run from 0 to 1; 0–255 channels divided by 255 are [1, 0.502, \"none\"]",
            // A little past 1 is an extended-range red, no mistake: its fallback (coloraide gives #ff6956), no fix.
            "Tokens/c.yaml:6:3: note: `c.bright` is outside sRGB; sRGB screens get the fallback light → #ff6956 [color/out-of-gamut]",
        ], "\(result.stderr)")
    }

    /// Only components from 0 to 255 with one of them 2 or more look like byte channels: a little past 1 is an
    /// extended-range color, past 255 or below 0 is no byte, and spaces without 0–1 components are left alone.
    @Test(arguments: [
        ("color(srgb 2 0 0)", "rgb(2 0 0)"), ("color(srgb 255 255 255)", "rgb(255 255 255)"),
        ("color(rec2020 51 none 255)", "color(rec2020 0.2 none 1)"), ("color(srgb 1.5 0 0)", nil),
        ("color(srgb 256 0 0)", nil), ("color(srgb -1 200 0)", nil), ("color(xyz 50 50 50)", nil), ("oklch(62 0.19 255)", nil),
    ] as [(String, String?)])
    func onlyByteLikeComponentsGetAFix(text: String, fix: String?) throws {
        #expect(try ColorSyntax.parse(text).get().byteChannelsFix == fix)
    }
}
