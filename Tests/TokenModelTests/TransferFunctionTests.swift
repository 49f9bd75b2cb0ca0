import Testing
@testable import TokenModel
@testable import TokenColor

@Suite struct TransferFunctionTests {
    /// The 8-bit table gives the formula's result bit for bit, and values between the steps,
    /// out of range or negative still go through the formula.
    @Test func eightBitTableMatchesTheFormula() {
        for n in 0...255 {
            let c = Double(n) / 255
            #expect(TransferFunction.srgbToLinear(c).bitPattern == TransferFunction.srgbFormulaToLinear(c).bitPattern, "n = \(n)")
        }
        for c in [0.5, 0.04045, 0.0031308, 1.2, -0.25, 127.5 / 255, Double(200) / 255 + 1e-12, .ulpOfOne] {
            #expect(TransferFunction.srgbToLinear(c).bitPattern == TransferFunction.srgbFormulaToLinear(c).bitPattern, "c = \(c)")
        }
        // Against published values: 50% sRGB decodes to 0.2140 linear, 188/255 to 0.5029 (IEC 61966-2-1 curve).
        #expect(abs(TransferFunction.srgbToLinear(0.5) - 0.21404) < 1e-5)
        #expect(abs(TransferFunction.srgbToLinear(188.0 / 255) - 0.50289) < 1e-5)
    }
}

@Suite struct HalfUpRoundingTests {
    /// For values from 0 up, the inline rounding gives `rounded()`'s answer bit for bit: halves, values a
    /// step either side of a half, whole numbers, the 8-bit range in fine steps, and numbers too large to
    /// have a fraction.
    @Test func agreesWithTheLibrary() {
        var samples: [Double] = [0, 0.5, 1.5, 2.5, 254.5, 127.49999999999999, 0.49999999999999994, 1e15 + 0.5, 4503599627370497, .greatestFiniteMagnitude]
        for n in 0...255 { samples += [Double(n), Double(n) + 0.5, (Double(n) + 0.5).nextUp, (Double(n) + 0.5).nextDown] }
        for step in 0...100_000 { samples.append(Double(step) * 255 / 100_000 * 1e6) }
        for value in samples { #expect(value.roundedHalfUp.bitPattern == value.rounded().bitPattern, "\(value)") }
    }
}

@Suite struct GamutCornerTests {
    /// Opaque white and black keep their full-steps answer (lightness decides them, CSS Color 4 §13.2
    /// steps 3–4); the kept answer is the computed one, and other alphas still take the steps.
    @Test func whiteAndBlackMapAsTheFullStepsDo() {
        for space in [ColorSpace.srgb, .displayP3] {
            for value in [0.0, 1.0] {
                let color = Color(space, value, value, value)
                #expect(color.gamutMapped(to: space) == color.mappedByLightness(to: space))
                let translucent = Color(space, value, value, value, alpha: 0.5)
                #expect(translucent.gamutMapped(to: space) == translucent.mappedByLightness(to: space))
                #expect(translucent.gamutMapped(to: space).alpha == 0.5)
            }
        }
        // White maps to itself within floating-point noise, as a browser shows it.
        let white = Color(.srgb, 1, 1, 1).gamutMapped(to: .srgb).components
        #expect(abs(white.x - 1) < 1e-9 && abs(white.y - 1) < 1e-9 && abs(white.z - 1) < 1e-9)
    }
}

@Suite struct EightBitChannelTests {
    /// The 8-bit channels `srgb8Bit` finds by truncation near whole numbers are the ones snapping then rounding
    /// half up gives: every n / 255, values a hair either side of each, halves, and a fine sweep of the range.
    @Test func shortcutAgreesWithSnappedRounding() {
        func snapped(_ value: Double) -> Int {
            let scaled = min(1, max(0, value)) * 255
            return Int(((scaled * 1e6).rounded() / 1e6).rounded())
        }
        var samples: [Double] = [0, 1, 0.5 / 255, 127.5 / 255, 254.5 / 255]
        for n in 0...255 {
            let c = Double(n) / 255
            samples += [c, c.nextDown, c + 1e-10, c - 1e-10, c + 0.99e-7 / 255, c - 0.99e-7 / 255, c + 3e-7 / 255, c - 3e-7 / 255]
        }
        for step in 0...20_000 { samples.append(Double(step) / 20_000) }
        // Inside the sRGB cube only: outside it the channels are the gamut-mapped color's.
        for value in samples where (0...1).contains(value) {
            let channel = Color(.srgb, value, 0, 0).srgb8Bit.red
            #expect(channel == snapped(value), "\(value)")
        }
    }
}

@Suite struct CornerLuminanceTests {
    /// The luminances kept for mapped white and black are the formula's, bit for bit, and contrast against
    /// white and black gives what the formula gives for the same mapped channels.
    @Test func keptLuminancesAreTheFormulas() {
        for corner in [Contrast.mappedSRGBWhite, Contrast.mappedSRGBBlack] {
            #expect(Contrast.luminance(corner.rgb, in: .srgb).bitPattern == Contrast.relativeLuminance(srgb: corner.rgb).bitPattern)
        }
        #expect(Contrast.mappedSRGBWhite.rgb != SIMD3(1, 1, 1) || Contrast.mappedSRGBWhite.luminance == 1)
        let gray = Color(.srgb, 0.46, 0.46, 0.46)
        let white = Color(.srgb, 1, 1, 1).gamutMapped(to: .srgb).resolvedComponents
        let expected = Contrast.ratio(Contrast.relativeLuminance(srgb: gray.resolvedComponents), Contrast.relativeLuminance(srgb: white))
        #expect(Contrast.ratio(gray, on: Color(.srgb, 1, 1, 1)).bitPattern == expected.bitPattern)
        // WCAG's published figure for #767676 on white: 4.54:1.
        #expect(abs(Contrast.ratio(Color(.srgb, Double(0x76) / 255, Double(0x76) / 255, Double(0x76) / 255), on: Color(.srgb, 1, 1, 1)) - 4.54) < 0.01)
    }
}
