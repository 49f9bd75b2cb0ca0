import Foundation
import Testing
import TokenModel
import TokenColor

/// The text operations tokenc wrote to stop linking Foundation, each held to the Foundation call it replaced.
@Suite struct TextFormattingTests {
    static let samples = ["", " ", "\t", "a", " a ", "\ta\t", "  two words  ", "\u{00A0}nbsp\u{00A0}", "\u{2003}em\u{3000}",
                          "\u{202F}narrow", "x\u{205F}", "\nline\n", "\r\n crlf \r\n", "\u{0085}next\u{000B}", "\u{000C}ff",
                          "\u{2028}ls\u{2029}", "é ", " \u{301}", "a\u{301} ", " #0A84FF", "oklch(0.6 0.1 250) ", "\t \u{00A0}"]

    @Test func trimmingBlanksIsTrimmingWhitespaces() {
        for text in Self.samples {
            #expect(text.trimmingBlanks() == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
            #expect(text[...].trimmingBlanks() == text.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test func trimmingWhitespaceIsTrimmingWhitespacesAndNewlines() {
        for text in Self.samples {
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(Array(text.unicodeScalars))")
        }
    }

    @Test func paddedIsFoundationsPaddingForASCII() {
        for text in ["", "a", "resolve", "render", "color/contrast", "light-high-contrast"] {
            for width in [0, 1, 7, 8, 19, 24] {
                #expect(text.padded(to: width) == text.padding(toLength: width, withPad: " ", startingAt: 0), "\(text) to \(width)")
            }
        }
    }

    /// Ties in decimal that are not ties in binary (2.675 is 2.67499999…), exact ties (0.125), negatives,
    /// large and tiny numbers, and a sweep of ratios and ΔE values like those the reports print.
    @Test func fixedIsStringFormat() {
        var values: [Double] = [0, -0.0, 0.005, 0.015, 0.125, 0.375, 2.675, 1.005, 4.499999, 4.5, 21, -3.14159, 1e-9, 123456.789,
                                1e21, .greatestFiniteMagnitude, .infinity, -.infinity, .nan]
        values += (0..<2000).map { Double($0) / 97 }
        for value in values {
            for places in [0, 1, 2, 3] {
                #expect(value.fixed(places) == String(format: "%.\(places)f", value), "\(value) to \(places)")
            }
        }
    }
}
