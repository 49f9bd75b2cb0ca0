import SourceData
/// A `symbol` value (tokenc's type): an SF Symbols name and how it is drawn.
public struct SymbolValue: Sendable {
    /// The SF Symbols name, such as `house.fill`.
    public var name: Located<String>
    /// The symbol weight (`regular`, `semibold` …), as written.
    public var weight: Located<String>?
    /// The symbol scale (`small`, `medium`, `large`), as written.
    public var scale: Located<String>?
    /// The rendering mode (`monochrome`, `hierarchical`, `palette`, `multicolor`), as written.
    public var rendering: Located<String>?
    /// Where the symbol is used (`toolbar`, `tab-bar`, `list` …), as written.
    public var context: Located<String>?
    /// The palette's colors, in order.
    public var colors: [Located<ColorValue>]
    /// The weight of the text the symbol stands beside.
    public var textWeight: FontWeightValue?
    /// Whether the symbol uses variable color, when said.
    public var variableColor: Located<Bool>?
    /// Whether this is a custom symbol (one the app ships), not one of SF Symbols', when said.
    public var custom: Located<Bool>?
    /// What VoiceOver says for the symbol.
    public var accessibilityLabel: Located<String>?
    /// Where the value is written.
    public var location: SourceLocation

    /// Creates a symbol value.
    public init(name: Located<String>, weight: Located<String>? = nil, scale: Located<String>? = nil,
                rendering: Located<String>? = nil, context: Located<String>? = nil, colors: [Located<ColorValue>] = [],
                textWeight: FontWeightValue? = nil, variableColor: Located<Bool>? = nil, custom: Located<Bool>? = nil,
                accessibilityLabel: Located<String>? = nil, location: SourceLocation) {
        self.name = name
        self.weight = weight
        self.scale = scale
        self.rendering = rendering
        self.context = context
        self.colors = colors
        self.textWeight = textWeight
        self.variableColor = variableColor
        self.custom = custom
        self.accessibilityLabel = accessibilityLabel
        self.location = location
    }
}
