import SourceTree
import TokenModel

extension ValueReader {
    /// A `number`: any finite number.
    mutating func number(_ node: Node) -> NumberValue? {
        guard node.number != nil else {
            fail("expected a number, found \(node.kindDescription)", node, fix: "write a number such as 1.5")
            return nil
        }
        return finite(node).map { NumberValue($0, location: node.location) }
    }
}
