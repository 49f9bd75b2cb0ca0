import SourceTree
import TokenModel

extension ValueReader {
    /// A `shadow`: one shadow object, or a non-empty list of them.
    mutating func shadow(_ node: Node) -> ShadowValue? {
        let start = problems.count
        var layers: [ShadowValue.Layer] = []
        if let items = node.sequenceItems {
            if items.isEmpty { fail("expected at least one shadow", node) }
            for item in items { if let layer = shadowLayer(item) { layers.append(layer) } }
        } else if let layer = shadowLayer(node) {
            layers.append(layer)
        }
        return clean(since: start) { ShadowValue(layers: layers, isList: node.sequenceItems != nil, location: node.location) }
    }

    private mutating func shadowLayer(_ node: Node) -> ShadowValue.Layer? {
        let start = problems.count
        guard let fields = object(node, required: ["color", "offsetX", "offsetY", "blur", "spread"], optional: ["inset"],
                                  example: ##"{ color: "#00000033", offsetX: { value: 0, unit: px }, offsetY: { value: 2, unit: px }, blur: { value: 8, unit: px }, spread: { value: 0, unit: px } }"##)
        else { return nil }
        let color = locatedColor(fields["color"]!)
        let lengths = ["offsetX", "offsetY", "blur", "spread"].map { dimension(fields[$0]!) }
        var inset = false
        if let field = fields["inset"] {
            if case .scalar(.bool(let value), _) = field.kind { inset = value } else { fail("`inset` must be true or false", field) }
        }
        return clean(since: start) {
            guard let color, let x = lengths[0], let y = lengths[1], let blur = lengths[2], let spread = lengths[3] else { return nil }
            return ShadowValue.Layer(color: color, offsetX: x, offsetY: y, blur: blur, spread: spread, inset: inset, location: node.location)
        }
    }
}
