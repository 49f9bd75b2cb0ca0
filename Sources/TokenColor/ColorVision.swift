/// The color-vision deficiencies tokenc simulates.
public enum ColorVisionDeficiency: String, Sendable, CaseIterable {
    case protanopia, deuteranopia, tritanopia

    /// Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for Simulation of Color Vision
    /// Deficiency", severity 1.0, applied to linear-light sRGB.
    var matrix: Matrix3 {
        switch self {
        case .protanopia:
            Matrix3([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]])
        case .deuteranopia:
            Matrix3([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]])
        case .tritanopia:
            Matrix3([[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]])
        }
    }
}

extension Color {
    /// How a person with `deficiency` sees this color on an sRGB screen (Machado 2009, severity 1.0).
    public func simulated(_ deficiency: ColorVisionDeficiency) -> Color {
        let linear = displayedInSRGB.converted(to: .srgbLinear).resolvedComponents
        let seen = deficiency.matrix(linear).map { min(1, max(0, $0)) }
        return Color(.srgbLinear, seen, alpha: alpha).converted(to: .srgb)
    }
}
