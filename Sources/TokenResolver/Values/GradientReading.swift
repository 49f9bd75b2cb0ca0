import SourceTree
import TokenModel

extension ValueReader {
    /// A `gradient`: a non-empty list of `{ color, position }` stops.
    mutating func gradient(_ node: Node) -> GradientValue? {
        guard let items = node.sequenceItems, !items.isEmpty else {
            fail("expected a non-empty list of stops with `color` and `position`", node)
            return nil
        }
        let start = problems.count
        var stops: [GradientValue.Stop] = []
        for item in items {
            guard let fields = object(item, required: ["color", "position"], optional: [], example: ##"{ color: "#0A84FF", position: 0 }"##)
            else { continue }
            let color = locatedColor(fields["color"]!)
            let positionNode = fields["position"]!
            guard let position = positionNode.number, position.isFinite else {
                fail("`position` must be a number from 0 to 1", positionNode)
                continue
            }
            if let color { stops.append(GradientValue.Stop(color: color, position: NumberValue(position, location: positionNode.location), location: item.location)) }
        }
        return clean(since: start) { GradientValue(stops: stops, location: node.location) }
    }
}
