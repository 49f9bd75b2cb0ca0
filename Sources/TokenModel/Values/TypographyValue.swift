import SourceData
/// A `typography` value: a font and the spacing of its lines and letters.
public struct TypographyValue: Sendable {
    /// The font family.
    public var fontFamily: FontFamilyValue
    /// The font size.
    public var fontSize: DimensionValue
    /// The font weight.
    public var fontWeight: FontWeightValue
    /// Extra space between letters.
    public var letterSpacing: DimensionValue
    /// The line height as a multiple of the font size.
    public var lineHeight: NumberValue
    /// Where the value is written.
    public var location: SourceLocation

    /// Creates a typography value.
    public init(fontFamily: FontFamilyValue, fontSize: DimensionValue, fontWeight: FontWeightValue,
                letterSpacing: DimensionValue, lineHeight: NumberValue, location: SourceLocation) {
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.letterSpacing = letterSpacing
        self.lineHeight = lineHeight
        self.location = location
    }
}
