#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Locks

extension Color {
    /// Whether the color lies inside an RGB space's gamut (components within 0…1, with a tolerance of 1e-6
    /// for floating-point noise). Non-RGB spaces have no gamut and always answer true.
    public func isInGamut(_ target: ColorSpace) -> Bool {
        guard target.isRGB else { return true }
        return Self.isInsideUnitCube(converted(to: target).resolvedComponents)
    }

    /// Whether RGB components lie within 0…1, give or take 1e-6 of floating-point noise.
    static func isInsideUnitCube(_ c: SIMD3<Double>) -> Bool {
        let tolerance = 1e-6
        return c.x >= -tolerance && c.x <= 1 + tolerance && c.y >= -tolerance && c.y <= 1 + tolerance
            && c.z >= -tolerance && c.z <= 1 + tolerance
    }

    /// The color clamped to 0…1 in an RGB space.
    func clipped(to target: ColorSpace) -> Color {
        let c = converted(to: target).resolvedComponents
        return Color(target, c.map { min(1, max(0, $0)) }, alpha: alpha)
    }

    /// The CSS Color 4 gamut-mapping algorithm (§13.2): reduce OKLCH chroma by binary search until the
    /// clipped color is within a just-noticeable difference (ΔEOK 0.02) of the reduced one.
    public func gamutMapped(to target: ColorSpace) -> Color {
        precondition(target.isRGB, "gamut mapping needs an RGB destination")
        // A color inside the gamut maps to itself. Only white and black are decided by lightness first
        // (CSS Color 4 §13.2 steps 3–4), so the shortcut leaves colors at those two corners to the full steps.
        let own = converted(to: target)
        let c = own.resolvedComponents
        let corner = 1e-6
        let nearWhite = c.x >= 1 - corner && c.y >= 1 - corner && c.z >= 1 - corner
        let nearBlack = c.x <= corner && c.y <= corner && c.z <= corner
        if !nearWhite && !nearBlack && Self.isInsideUnitCube(c) { return own }
        // Exact opaque white and black of the space itself (every palette's ends, and most surfaces) take the
        // full steps once; the answer is kept, as the function has no other input.
        if space == target, alpha == 1, components == c, c == SIMD3(repeating: c.x), c.x == 0 || c.x == 1,
           let corners = Self.mappedCorners(target)
        {
            return c.x == 1 ? corners.white : corners.black
        }
        return mappedColors.value(for: MappedColorKey(color: ColorBits(self), target: target)) { mappedByLightness(to: target) }
    }

    /// Opaque white and black of `target` mapped by the full steps, for the RGB spaces contrast checks use.
    private static func mappedCorners(_ target: ColorSpace) -> (white: Color, black: Color)? {
        switch target {
        case .srgb: srgbCorners
        case .displayP3: displayP3Corners
        default: nil
        }
    }

    private static let srgbCorners = (white: Color(.srgb, 1, 1, 1).mappedByLightness(to: .srgb),
                                      black: Color(.srgb, 0, 0, 0).mappedByLightness(to: .srgb))
    private static let displayP3Corners = (white: Color(.displayP3, 1, 1, 1).mappedByLightness(to: .displayP3),
                                           black: Color(.displayP3, 0, 0, 0).mappedByLightness(to: .displayP3))

    /// CSS Color 4 §13.2 from step 2 on: lightness decides the corners, then the chroma search.
    func mappedByLightness(to target: ColorSpace) -> Color {
        let origin = converted(to: .oklch)
        let lightness = origin.resolvedComponents.x
        if lightness >= 1 { return Color(.oklab, 1, 0, 0, alpha: alpha).converted(to: target) }
        if lightness <= 0 { return Color(.oklab, 0, 0, 0, alpha: alpha).converted(to: target) }
        if isInGamut(target) { return converted(to: target) }
        let jnd = 0.02, epsilon = 0.0001
        var current = origin
        var clipped = current.clipped(to: target)
        if clipped.deltaEOK(current) < jnd { return clipped }
        var low = 0.0, high = origin.resolvedComponents.y
        var lowInGamut = true
        while high - low > epsilon {
            let chroma = (low + high) / 2
            current.components.y = chroma
            if lowInGamut && current.isInGamut(target) {
                low = chroma
                continue
            }
            clipped = current.clipped(to: target)
            let error = clipped.deltaEOK(current)
            if error < jnd {
                if jnd - error < epsilon { return clipped }
                lowInGamut = false
                low = chroma
            } else {
                high = chroma
            }
        }
        return clipped
    }

    /// The sRGB color a browser shows for this color: itself when in gamut, its gamut-mapped fallback otherwise.
    public var displayedInSRGB: Color { gamutMapped(to: .srgb) }

    /// 8-bit sRGB channels of the displayed color; floating-point noise is snapped first, so Display P3
    /// `0.5 0.5 0.5` gives 128, not 127.
    public var srgb8Bit: (red: Int, green: Int, blue: Int, alpha: Int) {
        // An sRGB color inside the gamut is shown as it is; mapping it would only add rounding noise.
        let own = resolvedComponents
        let inside = space == .srgb && (0...1).contains(own.x) && (0...1).contains(own.y) && (0...1).contains(own.z)
        let c = inside ? own : displayedInSRGB.resolvedComponents
        func byte(_ value: Double) -> Int {
            let scaled = min(1, max(0, value)) * 255
            // Within 1e-7 of a whole number (every hex color's channels), snapping and rounding below give
            // that number: found by truncation, one instruction, where each rounding calls the C library.
            let nearest = Int(scaled + 0.5)
            if abs(scaled - Double(nearest)) < 1e-7 { return nearest }
            let snapped = (scaled * 1e6).roundedHalfUp / 1e6
            return Int(snapped.roundedHalfUp)
        }
        return (byte(c.x), byte(c.y), byte(c.z), byte(alpha))
    }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque: the sRGB value a browser shows.
    public var hex: String { withHex { String(decoding: $0, as: UTF8.self) } }

    /// Calls `body` with `hex`'s UTF-8, written on the stack: for writers that copy it into their own
    /// buffer, without a string made and freed for each color.
    public func withHex<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let b = srgb8Bit
        let opaque = b.alpha == 255
        var digits: (UInt64, UInt64) = (0, 0)
        return withUnsafeMutableBytes(of: &digits) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            func digit(_ nibble: Int) -> UInt8 { UInt8(nibble < 10 ? 48 + nibble : 87 + nibble) }
            func put(_ value: Int, at offset: Int) {
                bytes[offset] = digit(value >> 4)
                bytes[offset + 1] = digit(value & 15)
            }
            bytes[0] = UInt8(ascii: "#")
            put(b.red, at: 1)
            put(b.green, at: 3)
            put(b.blue, at: 5)
            if !opaque { put(b.alpha, at: 7) }
            return body(UnsafeBufferPointer(rebasing: bytes[..<(opaque ? 7 : 9)]))
        }
    }
}

/// Colors already gamut-mapped, for the whole process: the rules and each output ask for the same wide
/// color's sRGB fallback (its hex, its contrast), and one mapping is a binary search of some 12,000
/// instructions.
private let mappedColors = BoundedMemo<MappedColorKey, Color>(limit: 1 << 16)

/// A color and the space it is mapped into.
private struct MappedColorKey: Hashable {
    var color: ColorBits
    var target: ColorSpace

    /// The color's bits; the target is left to `==` (see `ColorBits`).
    func hash(into hasher: inout Hasher) { color.hash(into: &hasher) }
}

/// A color by its exact bits, for memo keys: `0.0` and `-0.0` are equal colors but may print or map
/// differently, and a `none` (NaN) component is not equal to itself by `==`. The four words are folded into
/// one before hashing (a synthesized hash feeds a `SIMD4` to the hasher byte by byte, and a word at a time
/// still cost four rounds); the space is left to `==`, since hashing its name costs more than the rare
/// collision it avoids.
public struct ColorBits: Hashable, Sendable {
    /// The color's space.
    public var space: ColorSpace
    /// The three components' and the alpha's bit patterns.
    public var bits: SIMD4<UInt64>

    /// The bits of `color`.
    public init(_ color: Color) {
        space = color.space
        let c = color.components
        bits = SIMD4(c.x.bitPattern, c.y.bitPattern, c.z.bitPattern, color.alpha.bitPattern)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(folded) }

    /// The four words mixed into one, every bit of each reaching the upper bits (odd constants: the golden
    /// ratio's and xxHash's primes); the space is left out, as colors of one value seldom differ only by it.
    public var folded: UInt64 {
        let mixed = bits &* SIMD4(0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0x85EB_CA77_C2B2_AE63)
        return mixed[0] ^ mixed[1] ^ mixed[2] ^ mixed[3]
    }
}

extension Double {
    /// The nearest whole number, halves rounded up, for values from 0 up: `rounded()` for them, worked out
    /// inline (`rounded()` calls the C library's `round`, and every color's hex and 8-bit channels round twice
    /// per channel).
    @inline(__always)
    var roundedHalfUp: Double {
        let whole = rounded(.down)
        return self - whole >= 0.5 ? whole + 1 : whole
    }
}
