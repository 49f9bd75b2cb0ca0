import SourceTree
import TokenModel

extension ValueReader {
    /// A `strokeStyle`: a CSS line style keyword, or `{ dashArray, lineCap }`.
    mutating func strokeStyle(_ node: Node) -> StrokeStyleValue? {
        if let text = node.string {
            guard let keyword = StrokeStyleValue.Keyword(rawValue: text) else {
                fail("`\(text)` is not a stroke style", node,
                     fix: "use one of: " + StrokeStyleValue.Keyword.allCases.map(\.rawValue).joined(separator: ", "))
                return nil
            }
            return StrokeStyleValue(.keyword(keyword), location: node.location)
        }
        let start = problems.count
        guard let fields = object(node, required: ["dashArray", "lineCap"], optional: [],
                                  example: "{ dashArray: [{ value: 4, unit: px }], lineCap: round }") else { return nil }
        let dashesNode = fields["dashArray"]!
        var dashes: [DimensionValue] = []
        if let items = dashesNode.sequenceItems, !items.isEmpty {
            for item in items { if let dash = dimension(item) { dashes.append(dash) } }
        } else {
            fail("`dashArray` must be a non-empty list of dimensions", dashesNode)
        }
        let cap = fields["lineCap"]!.string.flatMap(StrokeStyleValue.LineCap.init(rawValue:))
        if cap == nil { fail("`lineCap` must be `round`, `butt` or `square`", fields["lineCap"]!) }
        return clean(since: start) { cap.map { StrokeStyleValue(.dashes(dashes, lineCap: $0), location: node.location) } }
    }
}
