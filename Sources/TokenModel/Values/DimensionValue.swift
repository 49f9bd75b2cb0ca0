import SourceData
/// A `dimension` value: a finite number and its unit (`pt` is read as `px`).
public struct DimensionValue: Sendable, Equatable {
    /// The units a dimension may have.
    public enum Unit: String, Sendable, CaseIterable {
        case px, rem
    }

    /// The number.
    public var value: Double
    /// The unit.
    public var unit: Unit
    /// Where the value is written.
    public var location: SourceLocation

    /// Creates a dimension.
    public init(value: Double, unit: Unit, location: SourceLocation) {
        self.value = value
        self.unit = unit
        self.location = location
    }
}
