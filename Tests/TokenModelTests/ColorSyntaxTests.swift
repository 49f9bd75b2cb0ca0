import Testing
@testable import TokenModel
import TokenColor

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

    /// Function arguments split at spaces, tabs, newlines, commas and one `/`; words are numbers,
    /// percentages, angles in four units, or `none`, in any letter case.
    @Test func functionArgumentsSplitAtEachSeparator() throws {
        let split = try #require(ColorSyntax.Arguments("display-p3 0.5\t1e-1\n+.25 / 50%"))
        #expect(split.firstWord == "display-p3")
        #expect(split.values == [.number(0.5), .number(0.1), .number(0.25)])
        #expect(split.alpha == .percent(50))
        let legacy = try #require(ColorSyntax.Arguments("10,20 , 30,0.5"))
        #expect(legacy.usesCommas && legacy.values == [.number(10), .number(20), .number(30)] && legacy.alpha == .number(0.5))
        let angles = try #require(ColorSyntax.Arguments("90DEG 100grad 1rad 0.25turn NONE"))
        #expect(angles.values == [.angle(90), .angle(90), .angle(180 / .pi), .angle(90), .none])
        // Two slashes, a word that is not a number, a non-ASCII letter inside a number, infinity.
        for body in ["1 2 3 / 0.5 / 1", "1.5.5 2 3", "1 2ä 3", "1 inf 2", "1 2 3 / x"] {
            #expect(ColorSyntax.Arguments(body) == nil, "\(body)")
        }
        #expect(try ColorSyntax.parse("rgb(10 20 30 / 50%)").get() == (try ColorSyntax.parse("rgba(10, 20, 30, 0.5)").get()))
    }

    /// An ASCII function is taken apart on bytes exactly as the character walk takes apart one with blanks
    /// around it: the first `(`, a `)` that must be last, the name lowercased, the arguments between.
    @Test func asciiFunctionsSplitAsTheCharacterWalkDoes() throws {
        for text in ["color(display-p3 0.1 0.2 0.3)", "RGB(10 20 30)", "OkLch(0.6 0.1 250)", "()", "x()", "a)(b)", "f((1))"] {
            let split = try #require(ColorSyntax.asciiFunction(text), "\(text)")
            let open = try #require(text.firstIndex(of: "("))
            #expect(split.name == text[..<open].lowercased(), "\(text)")
            #expect(split.arguments == String(text[text.index(after: open)..<text.index(before: text.endIndex)]), "\(text)")
        }
        for text in ["rgb", "rgb(1 2 3", ")", "(", "rgb(1 2 3) "] {
            #expect(ColorSyntax.asciiFunction(text) == nil, "\(text)")
        }
        // Upper-case names and spaces parse to the same colors as lower-case and padded ones; `transparent` in any case.
        #expect(try ColorSyntax.parse("COLOR(display-p3 0.19 0.907 0.95)").get() == (try ColorSyntax.parse(" color(display-p3 0.19 0.907 0.95) ").get()))
        #expect(try ColorSyntax.parse("TransParent").get() == Color(.srgb, 0, 0, 0, alpha: 0))
        #expect(throws: ColorSyntax.Problem.self) { try ColorSyntax.parse("rgb(1 2 3").get() }
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
