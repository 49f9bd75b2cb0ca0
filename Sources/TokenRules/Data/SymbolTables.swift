/// SF Symbols facts from hig-sf-symbols.txt and hig-2014-bar-button-icons.txt, as data.
public enum SymbolTables {
    /// Apple's nine weights and their numeric equivalents (compared as numbers with font weights).
    public static let weights: [(name: String, value: Int)] = [
        ("ultralight", 100), ("thin", 200), ("light", 300), ("regular", 400), ("medium", 500),
        ("semibold", 600), ("bold", 700), ("heavy", 800), ("black", 900),
    ]
    /// The three symbol scales.
    public static let scales = ["small", "medium", "large"]
    /// The four rendering modes and how many colors each takes (nil: palette, two or more).
    public static let renderingModes = ["monochrome", "hierarchical", "palette", "multicolor"]
    /// Name suffixes that select a variant.
    public static let variants = ["fill", "slash", "circle", "square", "rectangle"]
    /// Where a symbol can sit.
    public static let contexts = ["tab-bar", "toolbar", "navigation-bar", "sidebar", "list", "menu", "swipe-action", "inline"]

    /// The numeric weight of an Apple weight name.
    public static func weight(named name: String) -> Int? { weights.first { $0.name == name }?.value }

    /// DTCG font-weight names (fontWeight tokens), for text weights compared with symbol weights.
    public static let fontWeightNames: [String: Int] = [
        "thin": 100, "hairline": 100, "extra-light": 200, "ultra-light": 200, "light": 300,
        "normal": 400, "regular": 400, "book": 400, "medium": 500, "semi-bold": 600, "demi-bold": 600,
        "bold": 700, "extra-bold": 800, "ultra-bold": 800, "black": 900, "heavy": 900,
        "extra-black": 950, "ultra-black": 950,
    ]
}
