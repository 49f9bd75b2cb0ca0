import SourceData
/// A `border` value: a color, a width and a stroke style.
public struct BorderValue: Sendable {
    /// The border's color.
    public var color: Located<ColorValue>
    /// The line's width.
    public var width: DimensionValue
    /// The line's style.
    public var style: StrokeStyleValue
    /// Where the value is written.
    public var location: SourceLocation

    /// Creates a border.
    public init(color: Located<ColorValue>, width: DimensionValue, style: StrokeStyleValue, location: SourceLocation) {
        self.color = color
        self.width = width
        self.style = style
        self.location = location
    }
}
