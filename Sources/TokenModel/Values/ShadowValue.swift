import SourceData
/// A `shadow` value: one shadow, or a list of them drawn together.
public struct ShadowValue: Sendable {
    /// One shadow.
    public struct Layer: Sendable {
        /// The shadow's color.
        public var color: Located<ColorValue>
        /// The horizontal offset.
        public var offsetX: DimensionValue
        /// The vertical offset.
        public var offsetY: DimensionValue
        /// The blur radius.
        public var blur: DimensionValue
        /// How far the shadow spreads.
        public var spread: DimensionValue
        /// Whether the shadow is drawn inside the shape.
        public var inset: Bool
        /// Where the shadow is written.
        public var location: SourceLocation

        /// Creates a shadow.
        public init(color: Located<ColorValue>, offsetX: DimensionValue, offsetY: DimensionValue, blur: DimensionValue,
                    spread: DimensionValue, inset: Bool, location: SourceLocation) {
            self.color = color
            self.offsetX = offsetX
            self.offsetY = offsetY
            self.blur = blur
            self.spread = spread
            self.inset = inset
            self.location = location
        }
    }

    /// The shadows, first drawn on top.
    public var layers: [Layer]
    /// Whether the value is written as a list.
    public var isList: Bool
    /// Where the value is written.
    public var location: SourceLocation

    /// Creates a shadow value.
    public init(layers: [Layer], isList: Bool, location: SourceLocation) {
        self.layers = layers
        self.isList = isList
        self.location = location
    }
}
