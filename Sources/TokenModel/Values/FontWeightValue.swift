import SourceData
/// A `fontWeight` value: a number from 1 to 1000, or a DTCG weight name and the number it stands for.
public struct FontWeightValue: Sendable, Equatable {
    /// The weight as a number (a name's number, `bold` is 700).
    public var weight: Double
    /// The DTCG name, when the value is written as one.
    public var name: String?
    /// Where the value is written.
    public var location: SourceLocation

    /// Creates a font weight.
    public init(weight: Double, name: String?, location: SourceLocation) {
        self.weight = weight
        self.name = name
        self.location = location
    }
}
