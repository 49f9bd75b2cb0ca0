#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A color in the space it was written in: three components (`nan` for CSS `none`) and alpha.
///
/// Conversions go through CIE XYZ (D65) with the CSS Color 4 matrices, in Double precision.
public struct Color: Sendable, Hashable {
    // The vector first: it is 16-byte aligned, so the space after it packs into 48 bytes, not 64.
    /// The three components in the space's own units (hsl/hwb percentages as 0…100, lab L as 0…100).
    public var components: SIMD3<Double>
    /// Opacity from 0 to 1.
    public var alpha: Double
    /// The space the components are in.
    public var space: ColorSpace

    /// Creates a color.
    public init(_ space: ColorSpace, _ c0: Double, _ c1: Double, _ c2: Double, alpha: Double = 1) {
        self.space = space
        self.components = SIMD3(c0, c1, c2)
        self.alpha = alpha
    }

    /// Creates a color from a components vector.
    public init(_ space: ColorSpace, _ components: SIMD3<Double>, alpha: Double = 1) {
        self.space = space
        self.components = components
        self.alpha = alpha
    }

    /// The components with `none` read as zero, as CSS does when converting, and each held within
    /// ±`convertibleLimit`, so that no conversion overflows.
    public var resolvedComponents: SIMD3<Double> {
        SIMD3(Self.convertible(components.x), Self.convertible(components.y), Self.convertible(components.z))
    }

    /// The largest component magnitude a conversion works with: far past any color (every one that large maps
    /// to white or black, or to the gamut's edge), and small enough that cubing it on the way through OKLab
    /// stays finite. `color(srgb 1e300 0 0)` would otherwise overflow to infinity and then to `nan`.
    static let convertibleLimit = 1e9

    @inline(__always)
    static func convertible(_ component: Double) -> Double {
        component.isNaN ? 0 : min(convertibleLimit, max(-convertibleLimit, component))
    }

    // MARK: To and from XYZ

    /// CIE XYZ relative to D65.
    public var xyzD65: SIMD3<Double> {
        let c = resolvedComponents
        switch space {
        case .srgb: return ColorMatrices.linearSRGBToXYZ(c.map(TransferFunction.srgbToLinear))
        case .srgbLinear: return ColorMatrices.linearSRGBToXYZ(c)
        case .displayP3: return ColorMatrices.linearP3ToXYZ(c.map(TransferFunction.srgbToLinear))
        case .a98RGB: return ColorMatrices.linearA98ToXYZ(c.map(TransferFunction.a98ToLinear))
        case .prophotoRGB:
            return ColorMatrices.d50ToD65(ColorMatrices.linearProPhotoToXYZD50(c.map(TransferFunction.prophotoToLinear)))
        case .rec2020: return ColorMatrices.linearRec2020ToXYZ(c.map(TransferFunction.rec2020ToLinear))
        case .xyzD65: return c
        case .xyzD50: return ColorMatrices.d50ToD65(c)
        case .hsl: return Color(.srgb, Self.hslToSRGB(c)).xyzD65
        case .hwb: return Color(.srgb, Self.hwbToSRGB(c)).xyzD65
        case .lab: return ColorMatrices.d50ToD65(Self.labToXYZD50(c))
        case .lch: return ColorMatrices.d50ToD65(Self.labToXYZD50(Self.polarToRectangular(c)))
        case .oklab: return Self.okLabToXYZ(c)
        case .oklch: return Self.okLabToXYZ(Self.polarToRectangular(c))
        }
    }

    /// The same color expressed in `target` (alpha kept; hue is 0 when it is powerless).
    public func converted(to target: ColorSpace) -> Color {
        if target == space { return self }
        // A polar space and its rectangular one differ only in form: converted directly, the lightness stays
        // exact (through XYZ, `oklab(1 -1000 1000)` came back a hair under 1 and missed gamut mapping's white).
        switch (space, target) {
        case (.oklab, .oklch), (.lab, .lch): return Color(target, Self.rectangularToPolar(resolvedComponents), alpha: alpha)
        case (.oklch, .oklab), (.lch, .lab): return Color(target, Self.polarToRectangular(resolvedComponents), alpha: alpha)
        default: break
        }
        let xyz = xyzD65
        let c: SIMD3<Double>
        switch target {
        case .srgb: c = ColorMatrices.xyzToLinearSRGB(xyz).map(TransferFunction.srgbFromLinear)
        case .srgbLinear: c = ColorMatrices.xyzToLinearSRGB(xyz)
        case .displayP3: c = ColorMatrices.xyzToLinearP3(xyz).map(TransferFunction.srgbFromLinear)
        case .a98RGB: c = ColorMatrices.xyzToLinearA98(xyz).map(TransferFunction.a98FromLinear)
        case .prophotoRGB:
            c = ColorMatrices.xyzD50ToLinearProPhoto(ColorMatrices.d65ToD50(xyz)).map(TransferFunction.prophotoFromLinear)
        case .rec2020: c = ColorMatrices.xyzToLinearRec2020(xyz).map(TransferFunction.rec2020FromLinear)
        case .xyzD65: c = xyz
        case .xyzD50: c = ColorMatrices.d65ToD50(xyz)
        case .hsl: c = Self.srgbToHSL(converted(to: .srgb).components)
        case .hwb: c = Self.srgbToHWB(converted(to: .srgb).components)
        case .lab: c = Self.xyzD50ToLab(ColorMatrices.d65ToD50(xyz))
        case .lch: c = Self.rectangularToPolar(Self.xyzD50ToLab(ColorMatrices.d65ToD50(xyz)))
        case .oklab: c = Self.xyzToOKLab(xyz)
        case .oklch: c = Self.rectangularToPolar(Self.xyzToOKLab(xyz))
        }
        return Color(target, c, alpha: alpha)
    }

    // MARK: Cylindrical and perceptual spaces

    static func polarToRectangular(_ c: SIMD3<Double>) -> SIMD3<Double> {
        let hue = c.z * .pi / 180
        return SIMD3(c.x, c.y * cos(hue), c.y * sin(hue))
    }

    static func rectangularToPolar(_ c: SIMD3<Double>) -> SIMD3<Double> {
        let chroma = (c.y * c.y + c.z * c.z).squareRoot()
        var hue = atan2(c.z, c.y) * 180 / .pi
        if hue < 0 { hue += 360 }
        // Below this chroma the hue is floating-point noise: call it 0 so output is stable.
        if chroma < 1e-9 { hue = 0 }
        return SIMD3(c.x, chroma, hue)
    }

    static let labKappa = 24389.0 / 27.0
    static let labEpsilon = 216.0 / 24389.0

    static func xyzD50ToLab(_ xyz: SIMD3<Double>) -> SIMD3<Double> {
        let scaled = xyz / ColorMatrices.d50White
        let f = scaled.map { $0 > labEpsilon ? cbrt($0) : (labKappa * $0 + 16) / 116 }
        return SIMD3(116 * f.y - 16, 500 * (f.x - f.y), 200 * (f.y - f.z))
    }

    static func labToXYZD50(_ lab: SIMD3<Double>) -> SIMD3<Double> {
        let f1 = (lab.x + 16) / 116
        let f0 = lab.y / 500 + f1
        let f2 = f1 - lab.z / 200
        let x = pow(f0, 3) > labEpsilon ? pow(f0, 3) : (116 * f0 - 16) / labKappa
        let y = lab.x > labKappa * labEpsilon ? pow(f1, 3) : lab.x / labKappa
        let z = pow(f2, 3) > labEpsilon ? pow(f2, 3) : (116 * f2 - 16) / labKappa
        return SIMD3(x, y, z) * ColorMatrices.d50White
    }

    static func xyzToOKLab(_ xyz: SIMD3<Double>) -> SIMD3<Double> {
        ColorMatrices.lmsToOKLab(ColorMatrices.xyzToLMS(xyz).map(cbrt))
    }

    static func okLabToXYZ(_ lab: SIMD3<Double>) -> SIMD3<Double> {
        ColorMatrices.lmsToXYZ(ColorMatrices.okLabToLMS(lab).map { $0 * $0 * $0 })
    }

    /// hsl with saturation and lightness as 0…100 → gamma-encoded sRGB.
    static func hslToSRGB(_ c: SIMD3<Double>) -> SIMD3<Double> {
        var hue = c.x.truncatingRemainder(dividingBy: 360)
        if hue < 0 { hue += 360 }
        let s = c.y / 100, l = c.z / 100
        func channel(_ n: Double) -> Double {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let a = s * min(l, 1 - l)
            return l - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return SIMD3(channel(0), channel(8), channel(4))
    }

    /// The hue angle of gamma-encoded sRGB, 0 for grays.
    static func hueOf(_ rgb: SIMD3<Double>) -> Double {
        let maxC = max(rgb.x, rgb.y, rgb.z), minC = min(rgb.x, rgb.y, rgb.z)
        let d = maxC - minC
        guard d != 0 else { return 0 }
        var hue: Double
        switch maxC {
        case rgb.x: hue = (rgb.y - rgb.z) / d + (rgb.y < rgb.z ? 6 : 0)
        case rgb.y: hue = (rgb.z - rgb.x) / d + 2
        default: hue = (rgb.x - rgb.y) / d + 4
        }
        hue *= 60
        return hue >= 360 ? hue - 360 : hue
    }

    static func srgbToHSL(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let maxC = max(rgb.x, rgb.y, rgb.z), minC = min(rgb.x, rgb.y, rgb.z)
        let l = (minC + maxC) / 2
        var hue = hueOf(rgb), s = 0.0
        if maxC - minC != 0 {
            s = (l == 0 || l == 1) ? 0 : (maxC - l) / min(l, 1 - l)
        }
        // CSS Color 4: an out-of-gamut color can give negative saturation; flip the hue instead.
        if s < 0 {
            hue += 180
            s = abs(s)
        }
        if hue >= 360 { hue -= 360 }
        return SIMD3(hue, s * 100, l * 100)
    }

    /// hwb with whiteness and blackness as 0…100 → gamma-encoded sRGB.
    static func hwbToSRGB(_ c: SIMD3<Double>) -> SIMD3<Double> {
        let w = c.y / 100, b = c.z / 100
        if w + b >= 1 {
            return SIMD3(repeating: w / (w + b))
        }
        let rgb = hslToSRGB(SIMD3(c.x, 100, 50))
        return rgb * (1 - w - b) + SIMD3(repeating: w)
    }

    static func srgbToHWB(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let white = min(rgb.x, rgb.y, rgb.z)
        let black = 1 - max(rgb.x, rgb.y, rgb.z)
        return SIMD3(hueOf(rgb), white * 100, black * 100)
    }
}

extension SIMD3 where Scalar == Double {
    /// Applies `transform` to each component.
    func map(_ transform: (Double) -> Double) -> SIMD3<Double> {
        SIMD3(transform(x), transform(y), transform(z))
    }
}

extension Color {
    /// This RGB color with its components divided by 255, when they look written as 0–255 channels by mistake:
    /// every one from 0 to 255 and one at least 2 (`color(srgb 255 128 0)` is white, not orange); nil otherwise.
    public var asByteChannels: Color? {
        guard space.isRGB else { return nil }
        let lanes = [components.x, components.y, components.z].filter { !$0.isNaN }
        guard !lanes.isEmpty, lanes.allSatisfy({ $0 >= 0 && $0 <= 255 }), lanes.contains(where: { $0 >= 2 }) else { return nil }
        return Color(space, components / 255, alpha: alpha)
    }

    /// The CSS a person would write for `asByteChannels`: `rgb(255 128 0)` for sRGB (the channels as they were
    /// written), else `color(display-p3 1 0.502 0)`; nil when the components do not look like 0–255 channels.
    public var byteChannelsFix: String? {
        guard let scaled = byteChannelsComponents else { return nil }
        let alphaText = alpha == 1 ? "" : " / " + Self.shortText(alpha)
        if space == .srgb {
            return "rgb(\([components.x, components.y, components.z].map(Self.shortText).joined(separator: " "))\(alphaText))"
        }
        return "color(\(space.rawValue) \(scaled.joined(separator: " "))\(alphaText))"
    }

    /// `asByteChannels`' components as text, to three decimals (`none` for a missing one).
    public var byteChannelsComponents: [String]? {
        guard let scaled = asByteChannels?.components else { return nil }
        return [scaled.x, scaled.y, scaled.z].map(Self.shortText)
    }

    /// A component as a person writes it: to three decimals, no trailing zeros, `none` for a missing one.
    package static func shortText(_ value: Double) -> String {
        if value.isNaN { return "none" }
        let rounded = (value * 1000).rounded() / 1000
        return rounded.wholeNumberText ?? String(rounded)
    }
}
