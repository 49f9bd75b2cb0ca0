/// The one list of rules: every id `tokenc rules` shows, in documentation order.
public enum RuleRegistry {
    /// The guideline rules that run on resolved tokens.
    static let guidelineRules: [any Rule] = [
        DarkVariantRule(), IdenticalVariantsRule(), ContrastRule(), HighContrastVariantRule(), HardcodedSystemValueRule(),
        SystemColorMisuseRule(), SameColorDifferentMeaningRule(), IndistinguishableInSRGBRule(), OutOfGamutRule(), GradientClippedInSRGBRule(),
        ColorBlindConfusableRule(), WatchOSBackgroundRule(), TVOSPaletteSizeRule(), TVOSFocusByColorOnlyRule(),
        AccentContrastRule(), AccentTextContrastRule(), AccentDarkVariantRule(), AccentFixedSidebarIconsRule(),
        SymbolWeightRule(), SymbolScaleRule(), SymbolRenderingRule(), SymbolPaletteColorsRule(), SymbolWeightMatchesTextRule(),
        SymbolToolbarOutlineRule(), SymbolRedundantVariantRule(), SymbolConsistentFamilyRule(), SymbolVariableColorDepthRule(),
        SymbolColorsAdaptRule(), SymbolCustomLabelRule(),
        AppIconSizeRule(), AppIconSetCompleteRule(), AppIconImageRule(), AppIconColorSpaceRule(), DarkTransparentRule(), MacOSShapeRule(), WatchOSIconBackgroundRule(), TintedGrayscaleRule(),
        LayerCountRule(), BarSizeRule(), TabBarSizeRule(), TemplateImageRule(), TemplateAntialiasingRule(), IMessageSizeRule(), IMessageSquareRule(), StickerSizeRule(), StickerFileRule(),
        StickerDescriptionRule(), StickerLocalizedRule(), StickerPlatformRule(), TabBarSelectedRule(),
    ]

    /// Every rule description: structure rules first, then guideline rules.
    public static let all: [RuleDescription] =
        StructureRules.all.filter { $0.group == .structure } + guidelineRules.map { type(of: $0).description }
        + StructureRules.all.filter { $0.group == .guidelines }

    /// The description with `id`, if any.
    public static func description(_ id: String) -> RuleDescription? { all.first { $0.id == id } }
}
