import SourceData
/// A `fontFamily` value: one family name, or a list of them, most preferred first.
public struct FontFamilyValue: Sendable, Equatable {
    /// The family names, most preferred first (one for a single name).
    public var names: [String]
    /// Whether the value is written as a list.
    public var isList: Bool
    /// Where the value is written.
    public var location: SourceLocation

    /// Creates a font family value.
    public init(names: [String], isList: Bool, location: SourceLocation) {
        self.names = names
        self.isList = isList
        self.location = location
    }
}
