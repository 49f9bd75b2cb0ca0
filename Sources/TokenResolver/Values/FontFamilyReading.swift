import SourceTree
import TokenModel

extension ValueReader {
    /// A `fontFamily`: a name, or a non-empty list of names.
    mutating func fontFamily(_ node: Node) -> FontFamilyValue? {
        if let name = node.string { return FontFamilyValue(names: [name], isList: false, location: node.location) }
        if let items = node.sequenceItems, !items.isEmpty {
            var names: [String] = []
            for item in items {
                if let name = item.string { names.append(name) } else {
                    fail("every font family name must be a string, found \(item.kindDescription)", item)
                }
            }
            return names.count == items.count ? FontFamilyValue(names: names, isList: true, location: node.location) : nil
        }
        fail("expected a font family name or a list of names, found \(node.kindDescription)", node)
        return nil
    }
}
