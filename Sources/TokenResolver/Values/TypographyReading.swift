import SourceTree
import TokenModel

extension ValueReader {
    /// A `typography`: `{ fontFamily, fontSize, fontWeight, letterSpacing, lineHeight }`.
    mutating func typography(_ node: Node) -> TypographyValue? {
        let start = problems.count
        guard let fields = object(node, required: ["fontFamily", "fontSize", "fontWeight", "letterSpacing", "lineHeight"],
                                  optional: [],
                                  example: "{ fontFamily: SF Pro, fontSize: { value: 17, unit: px }, fontWeight: regular, letterSpacing: { value: 0, unit: px }, lineHeight: 1.3 }")
        else { return nil }
        let family = fontFamily(fields["fontFamily"]!)
        let size = dimension(fields["fontSize"]!)
        let weight = fontWeight(fields["fontWeight"]!)
        let spacing = dimension(fields["letterSpacing"]!)
        let lineHeightNode = fields["lineHeight"]!
        var lineHeight: NumberValue?
        if let value = lineHeightNode.number, value.isFinite {
            lineHeight = NumberValue(value, location: lineHeightNode.location)
        } else {
            fail("`lineHeight` must be a number (a multiple of the font size), found \(lineHeightNode.kindDescription)", lineHeightNode)
        }
        return clean(since: start) {
            guard let family, let size, let weight, let spacing, let lineHeight else { return nil }
            return TypographyValue(fontFamily: family, fontSize: size, fontWeight: weight, letterSpacing: spacing,
                                   lineHeight: lineHeight, location: node.location)
        }
    }
}
