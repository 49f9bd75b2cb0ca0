/// The color spaces of CSS Color 4 and the DTCG Color Module: a color keeps the space it was written in.
public enum ColorSpace: String, Sendable, CaseIterable, Hashable {
    case srgb
    case srgbLinear = "srgb-linear"
    case hsl, hwb, lab, lch, oklab, oklch
    case displayP3 = "display-p3"
    case a98RGB = "a98-rgb"
    case prophotoRGB = "prophoto-rgb"
    case rec2020
    case xyzD65 = "xyz-d65"
    case xyzD50 = "xyz-d50"

    /// Whether the space is RGB with a transfer function and a gamut (so "in gamut" means 0…1 components).
    public var isRGB: Bool {
        switch self {
        case .srgb, .srgbLinear, .displayP3, .a98RGB, .prophotoRGB, .rec2020: true
        default: false
        }
    }

    /// Which component is a hue angle (powerless when chroma is zero), if any.
    public var hueIndex: Int? {
        switch self {
        case .hsl, .hwb: 0
        case .lch, .oklch: 2
        default: nil
        }
    }
}
