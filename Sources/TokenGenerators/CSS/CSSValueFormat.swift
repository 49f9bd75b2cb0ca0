import TokenModel
import TokenColor

/// Typed values as CSS: each DTCG type's CSS spelling, sRGB with a Display P3 form for wide colors, and, for
/// `--css-alias-variables`, a part written as an alias of a token the stylesheet has as `var(--target)`.
struct CSSValueFormat {
    /// `var(--target)` for a written value that aliases a token the stylesheet has; nil for anything else.
    let variable: (WrittenAliases) -> String?

    /// The CSS value (sRGB or plain) and, for wide colors, the Display P3 value. With `written` (the value as its
    /// token file wrote it), a part that aliases a token is `var(--target)`.
    func value(_ value: TokenValue, mode: String, written: WrittenAliases? = nil) -> (String, String?)? {
        /// A part's text: the alias's variable, else the resolved part formatted.
        func part(_ key: String, _ written: WrittenAliases?, _ format: () -> String) -> String {
            written?[key].flatMap(variable) ?? format()
        }
        /// A color part's sRGB text and Display P3 form (none for a variable: the target's own P3 block sets it).
        func colorPart(_ color: Located<ColorValue>, _ written: WrittenAliases?) -> (String, String?) {
            if let variable = written?["color"].flatMap(variable) { return (variable, nil) }
            return Self.color(color.value, mode: mode)
        }
        switch value {
        case .color(let color): return Self.color(color, mode: mode)
        case .dimension(let dimension): return (Self.dimension(dimension), nil)
        case .duration(let duration): return (Self.duration(duration), nil)
        case .number(let number): return (Self.number(number.value), nil)
        case .fontWeight(let weight): return (Self.weight(weight), nil)
        case .fontFamily(let family): return (Self.families(family), nil)
        case .cubicBezier(let curve): return (Self.curve(curve), nil)
        case .icon(let icon):
            guard let size = icon.size else { return nil }
            return ("\(Self.number(size.width))px", nil)
        case .typography(let type):
            let size = part("fontSize", written) { Self.dimension(type.fontSize) }
            let weight = part("fontWeight", written) { Self.weight(type.fontWeight) }
            let line = part("lineHeight", written) { Self.number(type.lineHeight.value) }
            let family = part("fontFamily", written) { Self.families(type.fontFamily) }
            return ("\(weight) \(size)/\(line) \(family)", nil)
        case .border(let border):
            let width = part("width", written) { Self.dimension(border.width) }
            let style = part("style", written) { Self.lineStyle(border.style) }
            let (plain, wide) = colorPart(border.color, written)
            // A wide color's Display P3 form goes where the stylesheet's other P3 values go.
            return ("\(width) \(style) \(plain)", wide.map { "\(width) \(style) \($0)" })
        case .shadow(let shadow):
            let parts = shadow.layers.enumerated().map { index, layer -> (String, String?) in
                let written = written?.item(index, of: shadow.layers.count)
                let x = part("offsetX", written) { Self.dimension(layer.offsetX) }
                let y = part("offsetY", written) { Self.dimension(layer.offsetY) }
                let blur = part("blur", written) { Self.dimension(layer.blur) }
                let spread = part("spread", written) { Self.dimension(layer.spread) }
                let (plain, wide) = colorPart(layer.color, written)
                let inset = layer.inset ? "inset " : ""
                return ("\(inset)\(x) \(y) \(blur) \(spread) \(plain)", wide.map { "\(inset)\(x) \(y) \(blur) \(spread) \($0)" })
            }
            return Self.joined(parts)
        case .transition(let transition):
            let duration = part("duration", written) { Self.duration(transition.duration) }
            let delay = part("delay", written) { Self.duration(transition.delay) }
            let timing = part("timingFunction", written) { Self.curve(transition.timingFunction) }
            return ("all \(duration) \(timing) \(delay)", nil)
        case .strokeStyle(let style):
            return (Self.lineStyle(style), nil)
        case .gradient(let gradient):
            // The color stops only, so one token serves `linear-gradient(to right, var(--x))` and `radial-gradient(var(--x))`.
            // A stop's position stays a percentage: a number token's variable would be a bare fraction.
            let parts = gradient.stops.enumerated().map { index, stop -> (String, String?) in
                let (plain, wide) = colorPart(stop.color, written?.item(index, of: gradient.stops.count))
                let at = " \(Self.number(stop.position.value * 100))%"
                return (plain + at, wide.map { $0 + at })
            }
            return Self.joined(parts)
        case .symbol, .accent: return nil
        }
    }

    /// A list value's parts joined by commas (shadow layers, gradient stops), and its Display P3 form when a part
    /// has one (the other parts as they are); nil for no parts.
    static func joined(_ parts: [(plain: String, wide: String?)]) -> (String, String?)? {
        guard !parts.isEmpty else { return nil }
        let wide = parts.contains { $0.wide != nil } ? parts.map { $0.wide ?? $0.plain }.joined(separator: ", ") : nil
        return (parts.map(\.plain).joined(separator: ", "), wide)
    }

    /// A stroke style as a CSS line style: its keyword, or `dashed` for dash lengths, which CSS borders cannot take.
    static func lineStyle(_ style: StrokeStyleValue) -> String {
        switch style.form {
        case .keyword(let keyword): keyword.rawValue
        case .dashes: "dashed"
        }
    }

    /// A color's sRGB hex and, when it is wide, its Display P3 form.
    static func color(_ parsed: ColorValue, mode: String) -> (String, String?) {
        let color = parsed.color(in: mode)
        let hex = color.hex
        if color.isInGamut(.srgb) && color.space != .displayP3 { return (hex, nil) }
        let p3 = color.isInGamut(.displayP3) ? color.converted(to: .displayP3) : color.gamutMapped(to: .displayP3)
        let c = p3.components
        let alpha = color.alpha == 1 ? "" : " / \(number(color.alpha))"
        return (hex, "color(display-p3 \(number(c.x)) \(number(c.y)) \(number(c.z))\(alpha))")
    }

    /// `px` (an Apple point is a CSS pixel) or `rem`; never `pt`, never a hidden ×16.
    static func dimension(_ dimension: DimensionValue) -> String {
        "\(number(dimension.value))\(dimension.unit.rawValue)"
    }

    /// `200ms`, `0.3s`.
    static func duration(_ duration: DurationValue) -> String {
        "\(number(duration.value))\(duration.unit.rawValue)"
    }

    /// `cubic-bezier(x1, y1, x2, y2)`.
    static func curve(_ curve: CubicBezierValue) -> String {
        "cubic-bezier(" + curve.points.map(number).joined(separator: ", ") + ")"
    }

    /// A font weight as CSS's number (a name's number; a fraction cut off).
    static func weight(_ weight: FontWeightValue) -> String { String(Int(weight.weight)) }

    /// Family names for `font-family`: generic families bare, the others quoted.
    static func families(_ family: FontFamilyValue) -> String {
        family.names.map { genericFamilies.contains($0) ? $0 : quoted($0) }.joined(separator: ", ")
    }

    /// A number with at most six decimals and no trailing `.0`.
    static func number(_ value: Double) -> String {
        let rounded = (value * 1e6).rounded() / 1e6
        return rounded.wholeNumberText ?? String(rounded)
    }

    static let genericFamilies: Set<String> = ["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-monospace",
                                               "ui-sans-serif", "ui-serif", "ui-rounded", "-apple-system"]

    /// `text` as a double-quoted CSS string: a backslash or quote escaped with a backslash, a line break or other
    /// control character as its hex escape (`\a `), which a CSS string cannot hold as it is.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "\"": out += "\\" + String(scalar)
            case "\u{0}"..."\u{1F}", "\u{7F}": out += "\\" + String(scalar.value, radix: 16) + " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
