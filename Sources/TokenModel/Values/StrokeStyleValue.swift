import SourceData
/// A `strokeStyle` value: a CSS line style keyword, or dashes and their caps.
public struct StrokeStyleValue: Sendable, Equatable {
    /// The CSS line style keywords.
    public enum Keyword: String, Sendable, CaseIterable {
        case solid, dashed, dotted, double, groove, ridge, outset, inset
    }

    /// How the ends of dashes are drawn.
    public enum LineCap: String, Sendable, CaseIterable {
        case round, butt, square
    }

    /// The two ways to write a stroke style.
    public enum Form: Sendable, Equatable {
        /// A keyword such as `dashed`.
        case keyword(Keyword)
        /// Dash and gap lengths, alternating, and the dashes' caps.
        case dashes([DimensionValue], lineCap: LineCap)
    }

    /// The style.
    public var form: Form
    /// Where the value is written.
    public var location: SourceLocation

    /// Creates a stroke style.
    public init(_ form: Form, location: SourceLocation) {
        self.form = form
        self.location = location
    }
}
