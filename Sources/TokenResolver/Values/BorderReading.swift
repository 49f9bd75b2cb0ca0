import SourceTree
import TokenModel

extension ValueReader {
    /// A `border`: `{ color, width, style }`.
    mutating func border(_ node: Node) -> BorderValue? {
        let start = problems.count
        guard let fields = object(node, required: ["color", "width", "style"], optional: [],
                                  example: ##"{ color: "#1C1C1E", width: { value: 1, unit: px }, style: solid }"##) else { return nil }
        let color = locatedColor(fields["color"]!)
        let width = dimension(fields["width"]!)
        let style = strokeStyle(fields["style"]!)
        return clean(since: start) {
            guard let color, let width, let style else { return nil }
            return BorderValue(color: color, width: width, style: style, location: node.location)
        }
    }
}
