import SourceData
/// A resolved token value, typed: one case per DTCG type and per tokenc type, each a struct of typed fields
/// with the places they were written. The resolver parses every value into one of these once; rules and
/// outputs read fields, not YAML.
public enum TokenValue: Sendable {
    case color(ColorValue)
    case dimension(DimensionValue)
    case fontFamily(FontFamilyValue)
    case fontWeight(FontWeightValue)
    case duration(DurationValue)
    case cubicBezier(CubicBezierValue)
    case number(NumberValue)
    case strokeStyle(StrokeStyleValue)
    indirect case border(BorderValue)
    indirect case transition(TransitionValue)
    case shadow(ShadowValue)
    case gradient(GradientValue)
    indirect case typography(TypographyValue)
    indirect case symbol(SymbolValue)
    indirect case accent(AccentValue)
    indirect case icon(IconValue)

    /// The token type the value belongs to.
    public var type: TokenType {
        switch self {
        case .color: .color
        case .dimension: .dimension
        case .fontFamily: .fontFamily
        case .fontWeight: .fontWeight
        case .duration: .duration
        case .cubicBezier: .cubicBezier
        case .number: .number
        case .strokeStyle: .strokeStyle
        case .border: .border
        case .transition: .transition
        case .shadow: .shadow
        case .gradient: .gradient
        case .typography: .typography
        case .symbol: .symbol
        case .accent: .accent
        case .icon: .icon
        }
    }

    /// The symbol, when the value is one.
    public var symbol: SymbolValue? {
        if case .symbol(let value) = self { return value }
        return nil
    }

    /// The accent, when the value is one.
    public var accent: AccentValue? {
        if case .accent(let value) = self { return value }
        return nil
    }

    /// The icon, when the value is one.
    public var icon: IconValue? {
        if case .icon(let value) = self { return value }
        return nil
    }
}

/// A field's value and where it is written.
public struct Located<Value: Sendable>: Sendable {
    /// The value.
    public var value: Value
    /// Where it is written.
    public var location: SourceLocation

    /// Creates a located value.
    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

extension Located: Equatable where Value: Equatable {}
