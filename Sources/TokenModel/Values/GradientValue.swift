import SourceData
/// A `gradient` value: color stops along the gradient's line.
public struct GradientValue: Sendable {
    /// One color stop.
    public struct Stop: Sendable {
        /// The stop's color.
        public var color: Located<ColorValue>
        /// Where along the line, 0 at its start and 1 at its end.
        public var position: NumberValue
        /// Where the stop is written.
        public var location: SourceLocation

        /// Creates a stop.
        public init(color: Located<ColorValue>, position: NumberValue, location: SourceLocation) {
            self.color = color
            self.position = position
            self.location = location
        }
    }

    /// The stops in the order written.
    public var stops: [Stop]
    /// Where the value is written.
    public var location: SourceLocation

    /// Creates a gradient.
    public init(stops: [Stop], location: SourceLocation) {
        self.stops = stops
        self.location = location
    }
}
