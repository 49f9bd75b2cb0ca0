#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Color {
    /// ΔEOK: the Euclidean distance in OKLab (CSS Color 4 §13.1), about 0.02 for a just-noticeable difference.
    public func deltaEOK(_ other: Color) -> Double {
        Self.deltaEOK(converted(to: .oklab).resolvedComponents, other.converted(to: .oklab).resolvedComponents)
    }

    /// ΔEOK of two colors' OKLab components, for callers that compare one color with many.
    public static func deltaEOK(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let d = a - b
        return (d * d).sum().squareRoot()
    }

    /// CIEDE2000 color difference (Sharma, Wu and Dalal 2005), in CIE Lab D50 as CSS Color 4 defines Lab.
    public func deltaE2000(_ other: Color) -> Double {
        Self.deltaE2000(converted(to: .lab).resolvedComponents, other.converted(to: .lab).resolvedComponents)
    }

    /// CIEDE2000 of two colors' CIE Lab components, for callers that compare one color with many.
    public static func deltaE2000(_ lab1: SIMD3<Double>, _ lab2: SIMD3<Double>) -> Double {
        let (l1, a1, b1) = (lab1.x, lab1.y, lab1.z)
        let (l2, a2, b2) = (lab2.x, lab2.y, lab2.z)
        let c1 = (a1 * a1 + b1 * b1).squareRoot(), c2 = (a2 * a2 + b2 * b2).squareRoot()
        let cMean = (c1 + c2) / 2
        let c7 = pow(cMean, 7)
        let g = 0.5 * (1 - (c7 / (c7 + pow(25, 7))).squareRoot())
        let a1p = (1 + g) * a1, a2p = (1 + g) * a2
        let c1p = (a1p * a1p + b1 * b1).squareRoot(), c2p = (a2p * a2p + b2 * b2).squareRoot()
        func hueAngle(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) * 180 / .pi
            return h >= 0 ? h : h + 360
        }
        let h1p = hueAngle(b1, a1p), h2p = hueAngle(b2, a2p)
        let dLp = l2 - l1
        let dCp = c2p - c1p
        var dhp = 0.0
        if c1p * c2p != 0 {
            dhp = h2p - h1p
            if dhp > 180 { dhp -= 360 } else if dhp < -180 { dhp += 360 }
        }
        let dHp = 2 * (c1p * c2p).squareRoot() * sin(dhp * .pi / 360)
        let lMean = (l1 + l2) / 2
        let cpMean = (c1p + c2p) / 2
        var hpMean = h1p + h2p
        if c1p * c2p != 0 {
            if abs(h1p - h2p) > 180 { hpMean += h1p + h2p < 360 ? 360 : -360 }
            hpMean /= 2
        }
        let t = 1 - 0.17 * cos((hpMean - 30) * .pi / 180) + 0.24 * cos(2 * hpMean * .pi / 180)
            + 0.32 * cos((3 * hpMean + 6) * .pi / 180) - 0.20 * cos((4 * hpMean - 63) * .pi / 180)
        let dTheta = 30 * exp(-pow((hpMean - 275) / 25, 2))
        let cp7 = pow(cpMean, 7)
        let rc = 2 * (cp7 / (cp7 + pow(25, 7))).squareRoot()
        let lm50 = (lMean - 50) * (lMean - 50)
        let sl = 1 + 0.015 * lm50 / (20 + lm50).squareRoot()
        let sc = 1 + 0.045 * cpMean
        let sh = 1 + 0.015 * cpMean * t
        let rt = -sin(2 * dTheta * .pi / 180) * rc
        let l = dLp / sl, c = dCp / sc, h = dHp / sh
        return (l * l + c * c + h * h + rt * c * h).squareRoot()
    }
}
