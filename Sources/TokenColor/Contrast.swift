#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// WCAG 2.x contrast between colors, with alpha composited over the surface.
///
/// Colors outside sRGB are judged twice — as an sRGB screen shows them (gamut-mapped) and as a
/// Display P3 screen shows them — and the worse ratio counts (docs/color.md).
public enum Contrast {
    /// WCAG 2.x relative luminance of an opaque sRGB color (its linear-light Y).
    public static func relativeLuminance(srgb components: SIMD3<Double>) -> Double {
        let linear = components.map(TransferFunction.srgbToLinear)
        return 0.2126 * linear.x + 0.7152 * linear.y + 0.0722 * linear.z
    }

    /// The WCAG ratio of two luminances, from 1 to 21.
    public static func ratio(_ l1: Double, _ l2: Double) -> Double {
        (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }

    /// The contrast of `foreground` drawn on `surface`, the worse of an sRGB and a Display P3 screen.
    public static func ratio(_ foreground: Color, on surface: Color) -> Double {
        let srgb = ratio(onScreen: .srgb, foreground, surface)
        let needsP3 = !foreground.isInGamut(.srgb) || !surface.isInGamut(.srgb)
        return needsP3 ? min(srgb, ratio(onScreen: .displayP3, foreground, surface)) : srgb
    }

    /// Contrast as a screen of `gamut` shows it: both colors mapped into the gamut, the surface made opaque
    /// over white, the foreground composited over it in gamma-encoded space (as browsers and UIKit blend).
    static func ratio(onScreen gamut: ColorSpace, _ foreground: Color, _ surface: Color) -> Double {
        let white = SIMD3<Double>(1, 1, 1)
        let s = surface.gamutMapped(to: gamut)
        let surfaceRGB = s.resolvedComponents * s.alpha + white * (1 - s.alpha)
        let f = foreground.gamutMapped(to: gamut)
        let foregroundRGB = f.resolvedComponents * f.alpha + surfaceRGB * (1 - f.alpha)
        return ratio(luminance(foregroundRGB, in: gamut), luminance(surfaceRGB, in: gamut))
    }

    static func luminance(_ rgb: SIMD3<Double>, in gamut: ColorSpace) -> Double {
        guard gamut == .srgb else { return Color(gamut, rgb).xyzD65.y }
        // Opaque white and black map to fixed colors a hair off the cube's corners (CSS Color 4 §13.2 decides
        // them by lightness), whose channels miss the 8-bit table and cost three `pow` calls each time: they
        // are the surfaces of most high-contrast pairs, so their luminances are worked out once.
        if rgb == mappedSRGBWhite.rgb { return mappedSRGBWhite.luminance }
        if rgb == mappedSRGBBlack.rgb { return mappedSRGBBlack.luminance }
        return relativeLuminance(srgb: rgb)
    }

    /// Opaque sRGB white and black as a screen shows them (`gamutMapped`), with their luminances.
    static let mappedSRGBWhite = cornerLuminance(Color(.srgb, 1, 1, 1))
    static let mappedSRGBBlack = cornerLuminance(Color(.srgb, 0, 0, 0))

    private static func cornerLuminance(_ corner: Color) -> (rgb: SIMD3<Double>, luminance: Double) {
        let rgb = corner.gamutMapped(to: .srgb).resolvedComponents
        return (rgb, relativeLuminance(srgb: rgb))
    }
}
