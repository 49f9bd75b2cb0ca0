import TokenModel
import TokenColor

/// A token value as web code uses it, one tree for two spellings: the JavaScript literal of `tokens.js` and the
/// literal type of `tokens.d.ts`, which a TypeScript `as const` would infer from it.
enum WebValue: Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    /// Members in the order written.
    case object([(String, WebValue)])
    case array([WebValue])

    /// The value as a JavaScript expression on one line: `{ "light": "#0b5fc2", "dark": "#6cb4ff" }`.
    var literal: String {
        switch self {
        case .string(let text): JSONText.quoted(text)
        case .number(let value): Self.numberText(value)
        case .bool(let value): value ? "true" : "false"
        case .object(let members):
            members.isEmpty ? "{}" : "{ " + members.map { JSONText.quoted($0.0) + ": " + $0.1.literal }.joined(separator: ", ") + " }"
        case .array(let items): "[" + items.map(\.literal).joined(separator: ", ") + "]"
        }
    }

    /// The value's literal type, every member and list `readonly`: `{ readonly "light": "#0b5fc2"; … }`.
    var literalType: String {
        switch self {
        case .string, .number, .bool: literal
        case .object(let members):
            members.isEmpty ? "{}" : "{ " + members.map { "readonly " + JSONText.quoted($0.0) + ": " + $0.1.literalType }.joined(separator: "; ") + " }"
        case .array(let items): "readonly [" + items.map(\.literalType).joined(separator: ", ") + "]"
        }
    }

    /// A JavaScript number: whole numbers without a fraction, others in the shortest form that reads back the
    /// same (`0.1`, `1e-7`); a value JSON cannot hold (never one a token parses to) as `null`'s stand-in 0.
    static func numberText(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if let whole = value.wholeNumberText { return whole }
        // Swift writes `1e-07`; JavaScript reads it, and writes `1e-7`.
        let text = "\(value)"
        guard let e = text.firstIndex(of: "e") else { return text }
        let exponent = text[text.index(after: e)...]
        let sign = exponent.hasPrefix("-") ? "-" : ""
        let digits = exponent.drop { $0 == "-" || $0 == "+" || $0 == "0" }
        return text[..<e] + "e" + sign + (digits.isEmpty ? "0" : digits)
    }
}

extension WebValue {
    /// A typed value in its web form: colors and lengths as the stylesheet writes them (sRGB hex, `8px`,
    /// `150ms`, `cubic-bezier(…)`, a quoted font-family list), numbers and weights as numbers, composites as
    /// objects of those with DTCG's field names; numbers as their tokens have them, unrounded, as the JSON output
    /// writes them. Nil for the Apple-only types (symbol, accent) and an icon
    /// without a size, which the stylesheet leaves out too.
    init?(_ value: TokenValue, mode: String) {
        func color(_ color: ColorValue) -> WebValue { .string(CSSValueFormat.color(color, mode: mode).0) }
        func dimension(_ dimension: DimensionValue) -> WebValue { .string(CSSValueFormat.dimension(dimension)) }
        func duration(_ duration: DurationValue) -> WebValue { .string(CSSValueFormat.duration(duration)) }
        func curve(_ curve: CubicBezierValue) -> WebValue { .string(CSSValueFormat.curve(curve)) }
        func lineStyle(_ style: StrokeStyleValue) -> WebValue {
            switch style.form {
            case .keyword(let keyword): .string(keyword.rawValue)
            case .dashes(let dashes, let lineCap):
                .object([("dashArray", .array(dashes.map(dimension))), ("lineCap", .string(lineCap.rawValue))])
            }
        }
        switch value {
        case .color(let value): self = color(value)
        case .dimension(let value): self = dimension(value)
        case .duration(let value): self = duration(value)
        case .number(let value): self = .number(value.value)
        case .fontWeight(let weight): self = .number(Double(CSSValueFormat.weight(weight)) ?? 400)
        case .fontFamily(let family): self = .string(CSSValueFormat.families(family))
        case .cubicBezier(let value): self = curve(value)
        case .strokeStyle(let style): self = lineStyle(style)
        case .icon(let icon):
            guard let size = icon.size else { return nil }
            self = .string("\(CSSValueFormat.number(size.width))px")
        case .typography(let type):
            self = .object([("fontFamily", .string(CSSValueFormat.families(type.fontFamily))), ("fontSize", dimension(type.fontSize)),
                             ("fontWeight", .number(Double(CSSValueFormat.weight(type.fontWeight)) ?? 400)),
                             ("lineHeight", .number(type.lineHeight.value)), ("letterSpacing", dimension(type.letterSpacing))])
        case .border(let border):
            self = .object([("width", dimension(border.width)), ("style", lineStyle(border.style)), ("color", color(border.color.value))])
        case .shadow(let shadow):
            let layers = shadow.layers.map { layer in
                WebValue.object([("color", color(layer.color.value)), ("offsetX", dimension(layer.offsetX)), ("offsetY", dimension(layer.offsetY)),
                                 ("blur", dimension(layer.blur)), ("spread", dimension(layer.spread)), ("inset", .bool(layer.inset))])
            }
            guard let first = layers.first else { return nil }
            self = shadow.isList ? .array(layers) : first
        case .transition(let transition):
            self = .object([("duration", duration(transition.duration)), ("delay", duration(transition.delay)),
                            ("timingFunction", curve(transition.timingFunction))])
        case .gradient(let gradient):
            self = .array(gradient.stops.map { .object([("color", color($0.color.value)), ("position", .number($0.position.value))]) })
        case .symbol, .accent: return nil
        }
    }
}
