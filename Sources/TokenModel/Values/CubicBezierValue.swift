import SourceData
/// A `cubicBezier` value: the two control points of a timing curve, x1 and x2 from 0 to 1.
public struct CubicBezierValue: Sendable, Equatable {
    /// `[x1, y1, x2, y2]`.
    public var points: [Double]
    /// Where the value is written.
    public var location: SourceLocation

    /// Creates a curve from its four numbers.
    public init(points: [Double], location: SourceLocation) {
        precondition(points.count == 4, "a cubic Bézier has four numbers")
        self.points = points
        self.location = location
    }
}
