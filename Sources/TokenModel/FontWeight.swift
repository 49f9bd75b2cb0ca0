package import SourceTree
/// The two weight-name tables tokenc knows, compared as numbers (docs/token-format.md lists them side by side).
public enum FontWeight {
    /// DTCG 2025.10 names for `fontWeight` tokens.
    public static let dtcgNames: [String: Int] = [
        "thin": 100, "hairline": 100, "extra-light": 200, "ultra-light": 200, "light": 300,
        "normal": 400, "regular": 400, "book": 400, "medium": 500, "semi-bold": 600, "demi-bold": 600,
        "bold": 700, "extra-bold": 800, "ultra-bold": 800, "black": 900, "heavy": 900,
        "extra-black": 950, "ultra-black": 950,
    ]

    /// Apple's nine weights, used by `symbol` tokens.
    public static let appleNames: [(name: String, value: Int)] = [
        ("ultralight", 100), ("thin", 200), ("light", 300), ("regular", 400), ("medium", 500),
        ("semibold", 600), ("bold", 700), ("heavy", 800), ("black", 900),
    ]

    /// The numeric weight of a `fontWeight` value node (a number or a DTCG name).
    package static func numeric(_ node: Node) -> Int? {
        if let number = node.number { return Int(number) }
        return node.string.flatMap { dtcgNames[$0] }
    }
}
