import SourceTree
import TokenModel

extension ValueReader {
    /// A `cubicBezier`: four finite numbers, x1 and x2 from 0 to 1.
    mutating func cubicBezier(_ node: Node) -> CubicBezierValue? {
        guard let items = node.sequenceItems, items.count == 4 else {
            fail("expected four numbers [x1, y1, x2, y2]", node)
            return nil
        }
        let start = problems.count
        var points: [Double] = []
        for (i, item) in items.enumerated() {
            guard let value = item.number, value.isFinite else {
                fail(item.number == nil ? "expected a number, found \(item.kindDescription)" : "`\(item.numberText)` is not a finite number", item)
                continue
            }
            if i % 2 == 0, !(value >= 0 && value <= 1) {
                fail("x\(i / 2 + 1) must be between 0 and 1", item)
            }
            points.append(value)
        }
        return clean(since: start) { CubicBezierValue(points: points, location: node.location) }
    }
}
