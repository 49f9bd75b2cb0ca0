import TokenColor

/// A color spelt as a DTCG 2025.10 color object on one line: its space (hsl() and hwb() as sRGB, whose DTCG
/// components are not CSS's), its components, `alpha` when not 1, and the 6-digit sRGB `hex` fallback. In JSON
/// or in YAML's flow syntax, for a fix to show and for `tokenc migrate` to write.
public enum ColorObjectText {
    /// The object for `color`.
    public static func text(_ color: Color, json: Bool) -> String {
        let written = color.space == .hsl || color.space == .hwb ? color.converted(to: .srgb) : color
        func number(_ value: Double) -> String { value.isNaN ? (json ? "\"none\"" : "none") : value.wholeNumberText ?? "\(value)" }
        let components = [written.components.x, written.components.y, written.components.z].map(number).joined(separator: ", ")
        let alpha = written.alpha == 1 ? "" : json ? ", \"alpha\": \(number(written.alpha))" : ", alpha: \(number(written.alpha))"
        let hex = String(written.hex.prefix(7))
        return json
            ? "{ \"colorSpace\": \"\(written.space.rawValue)\", \"components\": [\(components)]\(alpha), \"hex\": \"\(hex)\" }"
            : "{ colorSpace: \(written.space.rawValue), components: [\(components)]\(alpha), hex: \"\(hex)\" }"
    }
}
