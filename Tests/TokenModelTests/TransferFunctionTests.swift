import Testing
@testable import TokenModel

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
