import Testing
@testable import TokenModel

@Suite struct ColorSyntaxTests {
    /// The packed-digit hex reader and the general hex parser agree on every length and letter case,
    /// and both refuse what is not hex.
    @Test func fastHexAgreesWithTheGeneralParser() throws {
        let digits = Array("0123456789abcdefABCDEF")
        var state: UInt64 = 42
        for length in [3, 4, 6, 8] {
            for _ in 0..<500 {
                var text = "#"
                for _ in 0..<length {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    text.append(digits[Int(state >> 33) % digits.count])
                }
                let fast = try #require(ColorSyntax.fastHex(text), "\(text)")
                #expect(fast == (try ColorSyntax.parseHex(text).get()), "\(text)")
            }
        }
        for text in ["#12", "#12345", "#1234567", "#123456789", "#12g", "123456", "#", " #fff"] {
            #expect(ColorSyntax.fastHex(text) == nil, "\(text)")
        }
    }

    /// Whitespace around a functional color is still trimmed once the fast path is skipped.
    @Test func paddedFunctionalColorsStillParse() throws {
        let plain = try ColorSyntax.parse("color(display-p3 0.19 0.907 0.95)").get()
        #expect(try ColorSyntax.parse("  color(display-p3 0.19 0.907 0.95)\t").get() == plain)
        #expect(try ColorSyntax.parse(" #0a84ff ").get() == (try ColorSyntax.parse("#0a84ff").get()))
    }
}

@Suite struct TokenPathTests {
    @Test(arguments: [
        ("a.b.c", false, ["a", "b", "c"]), ("a", false, ["a"]), ("", false, [""]), ("", true, []),
        ("a..b", false, ["a", "", "b"]), ("a..b", true, ["a", "b"]), (".a.", false, ["", "a", ""]), (".a.", true, ["a"]),
        ("färg.grön", false, ["färg", "grön"]),
    ])
    func segmentsSplitAtEveryDot(path: String, omittingEmpty: Bool, expected: [String]) {
        #expect(TokenPath.segments(path, omittingEmpty: omittingEmpty) == expected)
        // The same answer as the standard library's split.
        #expect(TokenPath.segments(path, omittingEmpty: omittingEmpty)
            == path.split(separator: ".", omittingEmptySubsequences: omittingEmpty).map(String.init))
    }
}
