import TokenModel

/// SF Symbols facts from HIG, SF Symbols and HIG (2014), Bar button icons, as data.
public enum SymbolTables {
    /// Apple's nine weights and their numeric equivalents (compared as numbers with font weights).
    public static let weights = FontWeight.appleNames
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
}
