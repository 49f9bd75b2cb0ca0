import SourceData
/// A `duration` value: a finite number of milliseconds or seconds.
public struct DurationValue: Sendable, Equatable {
    /// The units a duration may have.
    public enum Unit: String, Sendable, CaseIterable {
        case ms, s
    }

    /// The number.
    public var value: Double
    /// The unit.
    public var unit: Unit
    /// Where the value is written.
    public var location: SourceLocation

    /// Creates a duration.
    public init(value: Double, unit: Unit, location: SourceLocation) {
        self.value = value
        self.unit = unit
        self.location = location
    }

    /// The duration in seconds.
    public var seconds: Double { unit == .s ? value : value / 1000 }
}
