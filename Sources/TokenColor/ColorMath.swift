#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 3×3 matrix in row-major order, with the product the color conversions need.
struct Matrix3: Sendable {
    var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    init(_ rows: [[Double]]) {
        m = (rows[0][0], rows[0][1], rows[0][2], rows[1][0], rows[1][1], rows[1][2], rows[2][0], rows[2][1], rows[2][2])
    }

    func callAsFunction(_ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(m.0 * v.x + m.1 * v.y + m.2 * v.z,
              m.3 * v.x + m.4 * v.y + m.5 * v.z,
              m.6 * v.x + m.7 * v.y + m.8 * v.z)
    }
}

/// The matrices of CSS Color 4 §18 (sample code), in Double precision.
enum ColorMatrices {
    static let linearSRGBToXYZ = Matrix3([
        [0.41239079926595934, 0.357584339383878, 0.1804807884018343],
        [0.21263900587151027, 0.715168678767756, 0.07219231536073371],
        [0.01933081871559182, 0.11919477979462598, 0.9505321522496607],
    ])
    static let xyzToLinearSRGB = Matrix3([
        [3.2409699419045226, -1.537383177570094, -0.4986107602930034],
        [-0.9692436362808796, 1.8759675015077202, 0.04155505740717559],
        [0.05563007969699366, -0.20397695888897652, 1.0569715142428786],
    ])
    static let linearP3ToXYZ = Matrix3([
        [0.4865709486482162, 0.26566769316909306, 0.1982172852343625],
        [0.2289745640697488, 0.6917385218365064, 0.079286914093745],
        [0.0, 0.04511338185890264, 1.043944368900976],
    ])
    static let xyzToLinearP3 = Matrix3([
        [2.493496911941425, -0.9313836179191239, -0.40271078445071684],
        [-0.8294889695615747, 1.7626640603183463, 0.023624685841943577],
        [0.03584583024378447, -0.07617238926804182, 0.9568845240076872],
    ])
    static let linearA98ToXYZ = Matrix3([
        [0.5766690429101305, 0.1855582379065463, 0.1882286462349947],
        [0.29734497525053605, 0.6273635662554661, 0.07529145849399788],
        [0.02703136138641234, 0.07068885253582723, 0.9913375368376388],
    ])
    static let xyzToLinearA98 = Matrix3([
        [2.0415879038107465, -0.5650069742788596, -0.34473135077832956],
        [-0.9692436362808795, 1.8759675015077202, 0.04155505740717557],
        [0.013444280632031142, -0.11836239223101838, 1.0151749943912054],
    ])
    /// ProPhoto RGB is relative to D50.
    static let linearProPhotoToXYZD50 = Matrix3([
        [0.7977604896723027, 0.13518583717574031, 0.0313493495815248],
        [0.2880711282292934, 0.7118432178101014, 0.00008565396060525902],
        [0.0, 0.0, 0.8251046025104601],
    ])
    static let xyzD50ToLinearProPhoto = Matrix3([
        [1.3457989731028281, -0.25558010007997534, -0.05110628506753401],
        [-0.5446224939028347, 1.5082327413132781, 0.02053603239147973],
        [0.0, 0.0, 1.2119675456389454],
    ])
    static let linearRec2020ToXYZ = Matrix3([
        [0.6369580483012914, 0.14461690358620832, 0.1688809751641721],
        [0.2627002120112671, 0.6779980715188708, 0.05930171646986196],
        [0.0, 0.028072693049087428, 1.060985057710791],
    ])
    static let xyzToLinearRec2020 = Matrix3([
        [1.716651187971268, -0.355670783776392, -0.25336628137366],
        [-0.666684351832489, 1.616481236634939, 0.0157685458139111],
        [0.017639857445311, -0.042770613257809, 0.942103121235474],
    ])
    /// Bradford chromatic adaptation between the D65 and D50 white points.
    static let d65ToD50 = Matrix3([
        [1.0479297925449969, 0.022946870601609652, -0.05019226628920524],
        [0.02962780877005599, 0.9904344267538799, -0.017073799063418826],
        [-0.009243040646204504, 0.015055191490298152, 0.7518742814281371],
    ])
    static let d50ToD65 = Matrix3([
        [0.955473421488075, -0.02309845494876471, 0.06325924320057072],
        [-0.0283697093338637, 1.0099953980813041, 0.021041441191917323],
        [0.012314014864481998, -0.020507649298898964, 1.330365926242124],
    ])
    static let xyzToLMS = Matrix3([
        [0.8190224379967030, 0.3619062600528904, -0.1288737815209879],
        [0.0329836539323885, 0.9292868615863434, 0.0361446663506424],
        [0.0481771893596242, 0.2642395317527308, 0.6335478284694309],
    ])
    static let lmsToOKLab = Matrix3([
        [0.2104542683093140, 0.7936177747023054, -0.0040720430116193],
        [1.9779985324311684, -2.4285922420485799, 0.4505937096174110],
        [0.0259040424655478, 0.7827717124575296, -0.8086757549230774],
    ])
    static let okLabToLMS = Matrix3([
        [1.0, 0.3963377773761749, 0.2158037573099136],
        [1.0, -0.1055613458156586, -0.0638541728258133],
        [1.0, -0.0894841775298119, -1.2914855480194092],
    ])
    static let lmsToXYZ = Matrix3([
        [1.2268798758459243, -0.5578149944602171, 0.2813910456659647],
        [-0.0405757452148008, 1.1122868032803170, -0.0717110580655164],
        [-0.0763729366746601, -0.4214933324022432, 1.5869240198367816],
    ])
    /// The D50 white point used by CIE Lab and LCH.
    static let d50White = SIMD3<Double>(0.3457 / 0.3585, 1.0, (1.0 - 0.3457 - 0.3585) / 0.3585)
}

/// The transfer functions (gamma encoding) of the RGB spaces, odd-extended to negative values.
enum TransferFunction {
    static func srgbToLinear(_ c: Double) -> Double {
        // Hex colors hold exactly n / 255; their 256 results are computed once, by the formula below.
        let scaled = c * 255
        // Ties cannot pass the check below (n + 0.5 is no n / 255), so the CPU's own rounding (to even, one
        // instruction) finds the same byte as `rounded()`, which calls the C library.
        if scaled >= 0, scaled <= 255, let byte = Int(exactly: scaled.rounded(.toNearestOrEven)), Double(byte) / 255 == c {
            return srgbLinearOf8Bit[byte]
        }
        return srgbFormulaToLinear(c)
    }

    /// The sRGB decoding curve (IEC 61966-2-1), mirrored for negative components as CSS Color 4 extends it.
    static func srgbFormulaToLinear(_ c: Double) -> Double {
        let a = abs(c)
        return a <= 0.04045 ? c / 12.92 : copysign(pow((a + 0.055) / 1.055, 2.4), c)
    }

    /// `srgbFormulaToLinear(n / 255)` for every 8-bit n.
    static let srgbLinearOf8Bit: [Double] = (0...255).map { srgbFormulaToLinear(Double($0) / 255) }

    static func srgbFromLinear(_ c: Double) -> Double {
        let a = abs(c)
        return a > 0.0031308 ? copysign(1.055 * pow(a, 1 / 2.4) - 0.055, c) : 12.92 * c
    }

    static func a98ToLinear(_ c: Double) -> Double { copysign(pow(abs(c), 563.0 / 256.0), c) }
    static func a98FromLinear(_ c: Double) -> Double { copysign(pow(abs(c), 256.0 / 563.0), c) }

    static func prophotoToLinear(_ c: Double) -> Double {
        let a = abs(c)
        return a <= 16.0 / 512.0 ? c / 16 : copysign(pow(a, 1.8), c)
    }

    static func prophotoFromLinear(_ c: Double) -> Double {
        let a = abs(c)
        return a >= 1.0 / 512.0 ? copysign(pow(a, 1 / 1.8), c) : 16 * c
    }

    /// Rec. 2020 is display-referred: the BT.1886 EOTF with black 0 and white 1, a pure 2.4 gamma, as the
    /// current CSS Color 4 draft defines it (the older camera OETF is not what a screen shows).
    static func rec2020ToLinear(_ c: Double) -> Double { copysign(pow(abs(c), 2.4), c) }
    static func rec2020FromLinear(_ c: Double) -> Double { copysign(pow(abs(c), 1 / 2.4), c) }
}
