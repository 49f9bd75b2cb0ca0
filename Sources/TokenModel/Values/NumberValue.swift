import SourceData
/// A `number` value: a finite number without a unit.
public struct NumberValue: Sendable, Equatable {
    /// The number.
    public var value: Double
    /// Where it is written.
    public var location: SourceLocation

    /// Creates a number.
    public init(_ value: Double, location: SourceLocation) {
        self.value = value
        self.location = location
    }
}
