import SourceTree
import TokenModel

extension ValueReader {
    /// A `fontWeight`: a number from 1 to 1000 or a DTCG weight name.
    mutating func fontWeight(_ node: Node) -> FontWeightValue? {
        if let number = node.number {
            guard number >= 1 && number <= 1000 else {
                fail("a font weight must be between 1 and 1000, found \(node.numberText)", node)
                return nil
            }
            return FontWeightValue(weight: number, name: nil, location: node.location)
        }
        if let name = node.string {
            guard let weight = FontWeight.dtcgNames[name] else {
                let suggestion = NearestName.find(name.lowercased(), in: Array(FontWeight.dtcgNames.keys))
                fail("`\(name)` is not a font weight name", node,
                     fix: suggestion.map { "did you mean `\($0)`?" } ?? "use a number from 1 to 1000 or a name such as `bold`")
                return nil
            }
            return FontWeightValue(weight: Double(weight), name: name, location: node.location)
        }
        fail("expected a number from 1 to 1000 or a weight name, found \(node.kindDescription)", node)
        return nil
    }
}
