import Foundation
import Testing
@testable import TokenModel
import TokenColor

/// Colors written with 0–255 channels where a space's components run from 0 to 1: `color(srgb 255 128 0)` is
/// valid CSS, and white. The finding that reports its white fallback says what was most likely meant.
@Suite struct ColorMistakeTests {
    @Test func byteChannelsGetTheColorTheyMostLikelyMean() throws {
        let (result, lines) = try validate("""
            c:
              $type: color
              css: { $value: "color(srgb 255 128 0)" }
              wide: { $value: "color(display-p3 255 128 0 / 0.5)" }
              object: { $value: { colorSpace: srgb, components: [255, 128, "none"] } }
              bright: { $value: "color(srgb 1.2 0 0)" }

            """)
        #expect(result.status == 1)
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
        ("color(srgb 256 0 0)", nil), ("color(srgb -1 200 0)", nil), ("color(xyz 50 50 50)", nil), ("oklch(0.62 0.19 255)", nil),
    ] as [(String, String?)])
    func onlyByteLikeComponentsGetAFix(text: String, fix: String?) throws {
        #expect(try ColorSyntax.parse(text).get().byteChannelsFix == fix)
    }

    /// A lightness written past its space's end is an error with the fix it most likely needs: CSS would clamp
    /// `oklch(62 0.19 255)` to white, as tokenc did before. A DTCG object with the same components already fails.
    @Test func lightnessPastItsRangeIsAnErrorThatSaysWhatWasMeant() throws {
        let (result, lines) = try validate("""
            c:
              $type: color
              percent: { $value: "oklch(62 0.19 255)" }
              spaced: { $value: "oklab( 80, 0.1, 0.1 / 50%)" }
              lab: { $value: "lab(150 20 30)" }
              over: { $value: "oklch(120% 0.1 20)" }
              below: { $value: "lch(-5 20 30)" }
              rounding: { $value: "oklch(1.0000000000000002 0 0)" }
              object: { $value: { colorSpace: oklch, components: [62, 0.19, 255] } }

            """)
        #expect(result.status == 1)
        #expect(lines == [
            "Tokens/c.yaml:3:22: error: `c.percent` is not a valid color: `oklch(62 0.19 255)`: the lightness of oklch() is a number from 0 to 1 or a percentage, found 62 [token/invalid-value]",
            "  fix: for 62 %, write \"oklch(62% 0.19 255)\"",
            "Tokens/c.yaml:4:21: error: `c.spaced` is not a valid color: `oklab( 80, 0.1, 0.1 / 50%)`: the lightness of oklab() is a number from 0 to 1 or a percentage, found 80 [token/invalid-value]",
            "  fix: for 80 %, write \"oklab( 80%, 0.1, 0.1 / 50%)\"",
            "Tokens/c.yaml:5:18: error: `c.lab` is not a valid color: `lab(150 20 30)`: the lightness of lab() is a number from 0 to 100 or a percentage, found 150 [token/invalid-value]",
            "  fix: write a lightness from 0 to 100, or from 0% to 100%",
            "Tokens/c.yaml:6:19: error: `c.over` is not a valid color: `oklch(120% 0.1 20)`: the lightness of oklch() is a percentage from 0% to 100%, found 120% [token/invalid-value]",
            "  fix: write a lightness from 0% to 100%",
            "Tokens/c.yaml:7:20: error: `c.below` is not a valid color: `lch(-5 20 30)`: the lightness of lch() is a number from 0 to 100 or a percentage, found -5 [token/invalid-value]",
            "  fix: write a lightness from 0 to 100, or from 0% to 100%",
            "Tokens/c.yaml:9:55: error: `c.object` is not a valid color: lightness must be from 0 to 1 in oklch, found 62 [token/invalid-value]",
        ], "\(result.stderr)")
    }

    /// Rounding past either end of the lightness (converters write white as `oklch(1.0000000000000002 0 0)`) is
    /// clamped, as CSS does; the fix puts the `%` after the lightness however the arguments are spaced.
    @Test func roundingPastTheEndIsClampedAndTheFixKeepsTheText() throws {
        #expect(try ColorSyntax.parse("oklch(1.0000000000000002 0 0)").get().components.x == 1)
        #expect(try ColorSyntax.parse("lab(-0.00001 0 0)").get().components.x == 0)
        #expect(try ColorSyntax.parse("oklab(100% 0 0)").get().components.x == 1)
        #expect(ColorSyntax.withPercentLightness("oklch(\t7,0.1,20)") == "oklch(\t7%,0.1,20)")
        #expect(ColorSyntax.withPercentLightness("OKLCH(62/0.5)") == "OKLCH(62%/0.5)")
        for text in ["oklch(100.5 0 0)", "oklch(1.5 0.1 20)"] {
            guard case .failure(let problem) = ColorSyntax.parse(text) else { Issue.record("\(text) parsed"); continue }
            #expect(problem.fix == "write a lightness from 0 to 1, or from 0% to 100%")
        }
    }

    /// rgb() channels written as 0–1 fractions are almost black; the error gives the color() that was meant,
    /// with every component and the alpha as written. Whole channels from 0 to 1 (`rgb(0 0 1)`) are left alone.
    @Test(arguments: [
        ("rgb(0.04 0.52 1)", "`rgb(0.04 0.52 1)`: rgb() channels run from 0 to 255, so this is almost black (#000101)",
         "for components from 0 to 1, write \"color(srgb 0.04 0.52 1)\""),
        ("rgba(0.5, none, 0, 50%)", "`rgba(0.5, none, 0, 50%)`: rgb() channels run from 0 to 255, so this is almost black (#010000)",
         "for components from 0 to 1, write \"color(srgb 0.5 none 0 / 50%)\""),
        ("rgb(0.123456789 0 0 / 0.25)", "`rgb(0.123456789 0 0 / 0.25)`: rgb() channels run from 0 to 255, so this is almost black (#000000)",
         "for components from 0 to 1, write \"color(srgb 0.123456789 0 0 / 0.25)\""),
    ] as [(String, String, String)])
    func fractionalRGBChannelsAreAnErrorThatGivesTheColorMeant(text: String, message: String, fix: String) {
        expectProblem(text, message, fix)
    }

    @Test(arguments: ["rgb(0 0 1)", "rgb(1 1 1)", "rgb(0.5 128 0)", "rgb(50% 0.5 0)", "rgb(none none none)", "rgb(1.5 0 0)"])
    func otherSmallRGBChannelsParse(text: String) throws {
        _ = try ColorSyntax.parse(text).get()
    }

    /// Texts that are no color syntax get the fix for the mistake they most likely are: hex digits without their
    /// `#`, a system color by its API name, a function without its `)` (only when adding it makes a color).
    @Test(arguments: [
        ("0A84FF", "`0A84FF` is not a color; a hex color starts with `#`", "write \"#0A84FF\""),
        ("0x0a84ff80", "`0x0a84ff80` is not a color; a hex color starts with `#`", "write \"#0a84ff80\""),
        ("fff", "`fff` is not a color; a hex color starts with `#`", "write \"#fff\""),
        ("UIColor.systemBlue", "`UIColor.systemBlue` is not a color; a system color is written as a reference", "write \"{system.systemBlue}\""),
        ("NSColor.labelColor", "`NSColor.labelColor` is not a color; a system color is written as a reference", "write \"{system.labelColor}\""),
        ("UIColor.brandBlue", "`UIColor.brandBlue` is not a color", ColorSyntax.example),
        (".secondaryLabel", "`.secondaryLabel` is not a color; a system color is written as a reference", "write \"{system.secondaryLabel}\""),
        ("rgb(10, 132, 255", "`rgb(10, 132, 255` has no closing parenthesis", "write \"rgb(10, 132, 255)\""),
        ("rgb(10 132", "`rgb(10 132` is not a color", ColorSyntax.example),
        ("0A84F", "`0A84F` is not a color", ColorSyntax.example),
        ("blue-ish", "`blue-ish` is not a color", ColorSyntax.example),
    ] as [(String, String, String)])
    func textsThatAreNoColorGetTheFixTheyMostLikelyNeed(text: String, message: String, fix: String) {
        expectProblem(text, message, fix)
    }

    /// Unquoted hex digits are a YAML number (`0x0A84FF` a hexadecimal integer, `336699` a decimal one): the
    /// error says so where the value is and gives the quoted color; other numbers keep the object error.
    @Test func unquotedHexDigitsAreANumberThatGetsTheQuotedColor() throws {
        let (result, lines) = try validate("""
            c:
              $type: color
              hex: { $value: 0x0A84FF }
              digits: { $value: 336699 }
              other: { $value: 12 }

            """)
        #expect(result.status == 1)
        #expect(lines == [
            "Tokens/c.yaml:3:18: error: `c.hex` is not a valid color: `0x0A84FF` is a number here, not a color; a hex color starts with `#` and is quoted [token/invalid-value]",
            "  fix: write \"#0A84FF\"",
            "Tokens/c.yaml:4:21: error: `c.digits` is not a valid color: `336699` is a number here, not a color; a hex color starts with `#` and is quoted [token/invalid-value]",
            "  fix: write \"#336699\"",
            "Tokens/c.yaml:5:20: error: `c.other` is not a valid color: expected a mapping with `colorSpace`, `components`, found a number [token/invalid-value]",
            "  fix: write `{ colorSpace: srgb, components: [0.04, 0.52, 1] }`",
        ], "\(result.stderr)")
    }

    /// An alpha past either end is an error, as a DTCG object's is: CSS clamps `/ 50` (50 meant as 50 %) to opaque.
    /// From 2 to 100 the fix is the percentage, the text otherwise as written; rounding past 1 is clamped.
    @Test(arguments: [
        ("rgb(10 132 255 / 50)", "the alpha in `rgb(10 132 255 / 50)` must be a number from 0 to 1 or a percentage, found 50",
         "for 50 %, write \"rgb(10 132 255 / 50%)\""),
        ("rgba(10, 132, 255, 80 )", "the alpha in `rgba(10, 132, 255, 80 )` must be a number from 0 to 1 or a percentage, found 80",
         "for 80 %, write \"rgba(10, 132, 255, 80% )\""),
        ("color(display-p3 1 0 0 / 1.5)", "the alpha in `color(display-p3 1 0 0 / 1.5)` must be a number from 0 to 1 or a percentage, found 1.5",
         "write an alpha from 0 to 1, or from 0% to 100%"),
        ("oklch(0.5 0.1 20 / -0.2)", "the alpha in `oklch(0.5 0.1 20 / -0.2)` must be a number from 0 to 1 or a percentage, found -0.2",
         "write an alpha from 0 to 1, or from 0% to 100%"),
        ("hsl(20 50% 50% / 120%)", "the alpha in `hsl(20 50% 50% / 120%)` must be a percentage from 0% to 100%, found 120%",
         "write an alpha from 0% to 100%"),
    ] as [(String, String, String)])
    func alphaPastItsRangeIsAnError(text: String, message: String, fix: String) {
        expectProblem(text, message, fix)
    }

    @Test func alphaRoundedPastOneIsClamped() throws {
        #expect(try ColorSyntax.parse("rgb(10 132 255 / 1.0000000000000002)").get().alpha == 1)
        #expect(try ColorSyntax.parse("rgb(10 132 255 / 100%)").get().alpha == 1)
        #expect(try ColorSyntax.parse("rgb(10 132 255 / 0)").get().alpha == 0)
    }

    /// Color functions written almost right get the text that parses: an alpha without its `/`, a space's name
    /// as the function, a part or a misspelling of a color() space's name, a tint color by its short name.
    @Test(arguments: [
        ("rgb(10 132 255 50%)", "`rgb(10 132 255 50%)` needs three components, found 4",
         "separate the alpha with `/`: write \"rgb(10 132 255 / 50%)\""),
        ("oklch(0.6 0.1 20\t0.5 )", "`oklch(0.6 0.1 20\t0.5 )` needs three components, found 4",
         "separate the alpha with `/`: write \"oklch(0.6 0.1 20\t/ 0.5 )\""),
        ("Display-P3(1 0 0)", "`display-p3()` is not a CSS color function; use rgb(), hsl(), hwb(), lab(), lch(), oklab(), oklch() or color()",
         "write \"color(display-p3 1 0 0)\""),
        ("color(p3 1 0 0 / 50%)", "`color(p3 1 0 0 / 50%)`: color() needs a color space first, one of a98-rgb, display-p3, prophoto-rgb, rec2020, srgb, srgb-linear, xyz, xyz-d50, xyz-d65",
         "write \"color(display-p3 1 0 0 / 50%)\""),
        ("color( dispaly-p3 1 0 0)", "`color( dispaly-p3 1 0 0)`: color() needs a color space first, one of a98-rgb, display-p3, prophoto-rgb, rec2020, srgb, srgb-linear, xyz, xyz-d50, xyz-d65",
         "write \"color( display-p3 1 0 0)\""),
        ("color(rgb 1 0.5 0)", "`color(rgb 1 0.5 0)`: color() needs a color space first, one of a98-rgb, display-p3, prophoto-rgb, rec2020, srgb, srgb-linear, xyz, xyz-d50, xyz-d65",
         "write \"color(srgb 1 0.5 0)\""),
    ] as [(String, String, String)])
    func almostRightFunctionsGetTheTextThatParses(text: String, message: String, fix: String) {
        expectProblem(text, message, fix)
    }

    /// No fix where the corrected text would not parse either, or the name is no one space's.
    /// (`color(display-p3) 1 0 0)`: its first word is `display-p3)`, and the text with the name in its place is itself.)
    @Test(arguments: ["rgb(10 132 255 50% 1)", "rgb(10, 132, 255, 50%, 1)", "rgb(a b c d)", "color(lab 50 0 0)", "color(p3 1 0)", "display-p3(1 0)", "hsv(1 0 0)",
                      "color(display-p3) 1 0 0)", "display-p3() 1 0 0)"])
    func noFixWhereNoTextParses(text: String) {
        guard case .failure(let problem) = ColorSyntax.parse(text) else { Issue.record("\(text) parsed"); return }
        #expect(problem.fix == nil || problem.fix == ColorSyntax.example, "\(problem)")
    }

    @Test func tintColorsByTheirShortNameGetTheSystemName() {
        #expect(NearestSystemName.find("blue") == "systemBlue")
        #expect(NearestSystemName.find("Indigo") == "systemIndigo")
        #expect(NearestSystemName.find("label") == "label")
    }

    /// A system color written as a token path gets its reference; a token of that name wins, a path near a
    /// token keeps its suggestion.
    @Test func systemColorsWrittenAsTokenPathsGetTheirReference() throws {
        let (result, lines) = try validate("""
            c:
              $type: color
              a: { $value: "{systemRed}" }
              b: { $value: "{System.label}" }
              c: { $value: "{c.systemBlu}" }
              d: { $value: "{systemBlue}" }
              systemBlue: { $value: "#0a84ff" }

            """)
        #expect(lines == [
            "Tokens/c.yaml:3:16: error: `{systemRed}` does not name a token [alias/unresolved]",
            "  fix: a system color is `{system.systemRed}`",
            "Tokens/c.yaml:4:16: error: `{System.label}` does not name a token [alias/unresolved]",
            "  fix: a system color is `{system.label}`",
            "Tokens/c.yaml:5:16: error: `{c.systemBlu}` does not name a token [alias/unresolved]",
            "  fix: did you mean `{c.systemBlue}`?",
            "Tokens/c.yaml:6:16: error: `{systemBlue}` does not name a token [alias/unresolved]",
            "  fix: did you mean `{c.systemBlue}`?",
        ], "\(result.stderr)")
    }

    /// `tokenc validate` of one token file, `Tokens/c.yaml`: the run and its findings' lines and fixes.
    private func validate(_ yaml: String) throws -> (result: TokencProcess.Result, lines: [Substring]) {
        let sandbox = try Sandbox(["Tokens/c.yaml": yaml])
        defer { sandbox.remove() }
        let result = try InProcess.run(["validate"], in: sandbox.root)
        return (result, result.stderr.split(separator: "\n").filter { $0.hasPrefix("Tokens/") || $0.hasPrefix("  fix:") })
    }

    /// Expects `text` to fail to parse as a color with `message` and `fix`.
    private func expectProblem(_ text: String, _ message: String, _ fix: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard case .failure(let problem) = ColorSyntax.parse(text) else { Issue.record("\(text) parsed", sourceLocation: sourceLocation); return }
        #expect(problem.message == message, sourceLocation: sourceLocation)
        #expect(problem.fix == fix, sourceLocation: sourceLocation)
    }
}
