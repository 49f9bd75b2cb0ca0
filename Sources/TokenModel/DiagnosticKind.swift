import TokenColor
/// Which part of tokenc a finding comes from: the structure of the token files, Apple's Human Interface
/// Guidelines, the outputs, or tokenc.yml. `--rules structure` leaves out only the guideline checks.
public enum DiagnosticGroup: String, Sendable, CaseIterable {
    case structure, guidelines, output, config
}

/// One kind of finding tokenc reports: its stable id, group, default severity and one-line summary, each
/// declared once here (`DiagnosticKind.catalogue` lists them); stages report a `Diagnostic` of a kind.
public struct DiagnosticKind: Sendable, Hashable, CustomStringConvertible {
    /// The stable id, such as `token/duplicate` or `color/contrast`.
    public let id: String
    /// The part of tokenc the finding comes from.
    public let group: DiagnosticGroup
    /// The severity it has unless tokenc.yml (for a rule) or the finding itself says otherwise.
    public let severity: Severity
    /// One sentence on what it finds.
    public let summary: String

    private init(_ id: String, _ group: DiagnosticGroup, _ severity: Severity, _ summary: String) {
        self.id = id
        self.group = group
        self.severity = severity
        self.summary = summary
    }

    public var description: String { id }

    /// The kind with `id`, if tokenc has one.
    public static func named(_ id: String) -> DiagnosticKind? { byID[id] }

    private static let byID = Dictionary(uniqueKeysWithValues: catalogue.map { ($0.id, $0) })

    /// `yaml/syntax`.
    public static let yamlSyntax = DiagnosticKind("yaml/syntax", .structure, .error,
        "libyaml could not parse the file.")
    /// `yaml/unquoted-color`.
    public static let yamlUnquotedColor = DiagnosticKind("yaml/unquoted-color", .structure, .error,
        "A color written `#…` without quotes, which YAML reads as the start of a comment.")
    /// `yaml/unquoted-alias`.
    public static let yamlUnquotedAlias = DiagnosticKind("yaml/unquoted-alias", .structure, .error,
        "An alias written `{…}` without quotes, which YAML reads as a flow mapping.")
    /// `yaml/alias-budget`.
    public static let yamlAliasBudget = DiagnosticKind("yaml/alias-budget", .structure, .error,
        "YAML aliases that expand past 1,000,000 nodes in one file (an alias bomb).")
    /// `yaml/too-deep`.
    public static let yamlTooDeep = DiagnosticKind("yaml/too-deep", .structure, .error,
        "Mappings and lists nested more than 128 levels deep.")
    /// `yaml/scalar-too-large`.
    public static let yamlScalarTooLarge = DiagnosticKind("yaml/scalar-too-large", .structure, .error,
        "A scalar longer than 1 MiB.")
    /// `yaml/file-too-large`.
    public static let yamlFileTooLarge = DiagnosticKind("yaml/file-too-large", .structure, .error,
        "A token file larger than 64 MiB.")
    /// `yaml/multiple-documents`.
    public static let yamlMultipleDocuments = DiagnosticKind("yaml/multiple-documents", .structure, .error,
        "A second YAML document (`---`) in one file.")
    /// `yaml/unknown-tag`.
    public static let yamlUnknownTag = DiagnosticKind("yaml/unknown-tag", .structure, .error,
        "A YAML tag other than the core schema's (`!!str`, `!!int`, `!!float`, `!!bool`, `!!null`, `!!map`, `!!seq`).")
    /// `yaml/invalid-tagged-value`.
    public static let yamlInvalidTaggedValue = DiagnosticKind("yaml/invalid-tagged-value", .structure, .error,
        "A tagged scalar whose text is not a value of its tag (`!!int abc`).")
    /// `yaml/undefined-anchor`.
    public static let yamlUndefinedAnchor = DiagnosticKind("yaml/undefined-anchor", .structure, .error,
        "An alias to an anchor the file does not define before it.")
    /// `yaml/non-string-key`.
    public static let yamlNonStringKey = DiagnosticKind("yaml/non-string-key", .structure, .error,
        "A mapping key that is not a string (a list, a mapping, or a tagged number).")
    /// `yaml/invalid-merge`.
    public static let yamlInvalidMerge = DiagnosticKind("yaml/invalid-merge", .structure, .error,
        "A `<<` merge key whose value is not a mapping or a list of mappings.")
    /// `token/invalid-name`.
    public static let tokenInvalidName = DiagnosticKind("token/invalid-name", .structure, .error,
        "A name starts with `$` (other than `$root`) or contains `{`, `}` or `.`.")
    /// `token/missing-type`.
    public static let tokenMissingType = DiagnosticKind("token/missing-type", .structure, .error,
        "No type from the token, its groups (also through `$extends`), or its alias target.")
    /// `token/value-and-children`.
    public static let tokenValueAndChildren = DiagnosticKind("token/value-and-children", .structure, .error,
        "A mapping has `$value` and child tokens or groups.")
    /// `token/invalid-value`.
    public static let tokenInvalidValue = DiagnosticKind("token/invalid-value", .structure, .error,
        "The value does not parse for its type; the message says which.")
    /// `token/duplicate`.
    public static let tokenDuplicate = DiagnosticKind("token/duplicate", .structure, .error,
        "The same token path defined in two places, or a duplicate key in a YAML mapping (both reported).")
    /// `token/duplicate-json-key`.
    public static let tokenDuplicateJsonKey = DiagnosticKind("token/duplicate-json-key", .structure, .warning,
        "A duplicate key inside a `.json` file; the last one wins.")
    /// `token/older-format`.
    public static let tokenOlderFormat = DiagnosticKind("token/older-format", .structure, .error,
        "A file written in Style Dictionary's format before DTCG or in Tokens Studio's (`value`, `type`): one finding for the file, which `tokenc migrate` converts; its tokens are not read.")
    /// `token/deprecated-use`.
    public static let tokenDeprecatedUse = DiagnosticKind("token/deprecated-use", .structure, .warning,
        "A token aliases a `$deprecated` token.")
    /// `token/unknown-mode`.
    public static let tokenUnknownMode = DiagnosticKind("token/unknown-mode", .structure, .warning,
        "A mode name that is not built in but spells one (`Dark`, `darkHighContrast`) or is one typo from one (`drak`); it is kept as a custom mode, which falls back to light.")
    /// `token/invalid-property`.
    public static let tokenInvalidProperty = DiagnosticKind("token/invalid-property", .structure, .error,
        "A `$type`, `$description`, `$deprecated`, `$extensions`, `$extends` or `$ref` of the wrong kind, or an unknown property on a token.")
    /// `alias/unresolved`.
    public static let aliasUnresolved = DiagnosticKind("alias/unresolved", .structure, .error,
        "An alias or `$ref` points nowhere; the nearest existing path is suggested.")
    /// `alias/cycle`.
    public static let aliasCycle = DiagnosticKind("alias/cycle", .structure, .error,
        "Circular aliases or `$extends`; every member of the chain named, reported once.")
    /// `alias/type-mismatch`.
    public static let aliasTypeMismatch = DiagnosticKind("alias/type-mismatch", .structure, .error,
        "The alias target's type differs from the token's type.")
    /// `alias/chain-too-long`.
    public static let aliasChainTooLong = DiagnosticKind("alias/chain-too-long", .structure, .error,
        "More than 1,000 aliases followed in a row from one token, reported once at the chain's start.")
    /// `alias/extends-too-large`.
    public static let aliasExtendsTooLarge = DiagnosticKind("alias/extends-too-large", .structure, .error,
        "`$extends` would copy more than 200,000 tokens into the set in all; the group is not extended.")
    /// `resolver/appearance-modifier`.
    public static let resolverAppearanceModifier = DiagnosticKind("resolver/appearance-modifier", .structure, .warning,
        "A resolver document's modifier other than `appearance` has appearance contexts (`theme` with `light` and `dark`): tokenc reads only its default context, so the others are left out.")
    /// `resolver/combined-modifiers`.
    public static let resolverCombinedModifiers = DiagnosticKind("resolver/combined-modifiers", .structure, .warning,
        "Two modifiers of a resolver document other than `appearance` both make themes (a brand and a density): each theme is carried over the other modifier's default, and no mode is a theme of both.")
    /// `resolver/invalid`.
    public static let resolverInvalid = DiagnosticKind("resolver/invalid", .structure, .error,
        "A DTCG resolver document that does not read, or (a warning) a token a modifier context defines that the default sets do not.")
    /// `swift/name-collision`.
    public static let swiftNameCollision = DiagnosticKind("swift/name-collision", .output, .error,
        "Two tokens (or groups) whose paths make one Swift name; the build writes nothing.")
    /// `css/name-collision`.
    public static let cssNameCollision = DiagnosticKind("css/name-collision", .output, .error,
        "Two tokens whose paths make one CSS custom property (a typography token's letter-spacing property counts); the build writes nothing.")
    /// `xcassets/name-collision`.
    public static let xcassetsNameCollision = DiagnosticKind("xcassets/name-collision", .output, .error,
        "Two color tokens whose paths make one color set; the build writes nothing.")
    /// `xcassets/name-too-long`.
    public static let xcassetsNameTooLong = DiagnosticKind("xcassets/name-too-long", .output, .error,
        "A color token whose path makes a color set folder name over 255 bytes; the build writes nothing.")
    /// `xcassets/missing-image`.
    public static let xcassetsMissingImage = DiagnosticKind("xcassets/missing-image", .output, .error,
        "An app icon's image file that cannot be read when the catalog is written.")
    /// `template/syntax`.
    public static let templateSyntax = DiagnosticKind("template/syntax", .output, .error,
        "One of your templates does not parse as Mustache (an unclosed section, a bad delimiter).")
    /// `template/missing`.
    public static let templateMissing = DiagnosticKind("template/missing", .output, .error,
        "The Swift output's main template (`swift/Tokens.swift.mustache`) is not among the templates it renders with.")
    /// `template/unknown-name`.
    public static let templateUnknownName = DiagnosticKind("template/unknown-name", .output, .warning,
        "A name in one of your templates that no template context has; Mustache would render it as nothing.")
    /// `template/unused`.
    public static let templateUnused = DiagnosticKind("template/unused", .output, .warning,
        "A file in your template folder that replaces no built-in template and that no template includes as a partial.")
    /// `template/too-large`.
    public static let templateTooLarge = DiagnosticKind("template/too-large", .output, .error,
        "Rendering a template ran past 20 million operations or 256 MiB of output.")
    /// `config/invalid`.
    public static let configInvalid = DiagnosticKind("config/invalid", .config, .error,
        "A tokenc.yml key, value or output that tokenc cannot use; the command exits 2 before reading tokens.")
    /// `accent/contrast`.
    public static let accentContrast = DiagnosticKind("accent/contrast", .guidelines, .error,
        "The accent color misses 3:1 against a declared surface in some appearance.")
    /// `accent/text-contrast`.
    public static let accentTextContrast = DiagnosticKind("accent/text-contrast", .guidelines, .error,
        "`text-on-accent` misses 4.5:1 on the accent color in some appearance.")
    /// `accent/dark-variant`.
    public static let accentDarkVariant = DiagnosticKind("accent/dark-variant", .guidelines, .error,
        "The accent's custom color has no dark appearance: the same value in dark as in light.")
    /// `accent/fixed-sidebar-icons`.
    public static let accentFixedSidebarIcons = DiagnosticKind("accent/fixed-sidebar-icons", .guidelines, .error,
        "A fixed-color entry that is not a color, or fixed colors on an accent that does not apply to `sidebar-icons`.")
    /// `color/hardcoded-system-value`.
    public static let colorHardcodedSystemValue = DiagnosticKind("color/hardcoded-system-value", .guidelines, .warning,
        "A custom color whose value in some appearance (or on watchOS) equals a documented system color's value there; reference `{system.NAME}` instead.")
    /// `color/system-color-misuse`.
    public static let colorSystemColorMisuse = DiagnosticKind("color/system-color-misuse", .guidelines, .warning,
        "A dynamic system color used against its purpose: a background color as text, a label color as a surface, a separator as text.")
    /// `color/same-color-different-meaning`.
    public static let colorSameColorDifferentMeaning = DiagnosticKind("color/same-color-different-meaning", .guidelines, .warning,
        "One color value behind tokens of different meanings (`interactive` and `destructive`), in any appearance.")
    /// `color/indistinguishable-in-srgb`.
    public static let colorIndistinguishableInSrgb = DiagnosticKind("color/indistinguishable-in-srgb", .guidelines, .warning,
        "Two distinct wide-gamut colors within ΔE2000 2.0 of each other after mapping to sRGB; one finding at a token, against the closest such color earlier in path order, counting the others.")
    /// `color/color-blind-confusable`.
    public static let colorColorBlindConfusable = DiagnosticKind("color/color-blind-confusable", .guidelines, .warning,
        "Two status colors (destructive, success, warning, info) within ΔE2000 10 under simulated protanopia, deuteranopia or tritanopia (Machado 2009); one finding at a token, against the closest status color of another role earlier in path order, counting the others.")
    /// `color/dark-variant`.
    public static let colorDarkVariant = DiagnosticKind("color/dark-variant", .guidelines, .error,
        "A color used in UI has no dark appearance.")
    /// `color/identical-variants`.
    public static let colorIdenticalVariants = DiagnosticKind("color/identical-variants", .guidelines, .warning,
        "A color used in UI whose dark value equals its light value.")
    /// `color/gradient-clipped-in-srgb`.
    public static let colorGradientClippedInSrgb = DiagnosticKind("color/gradient-clipped-in-srgb", .guidelines, .warning,
        "Two neighbouring stops of a gradient, distinct in wide gamut (ΔE2000 2 or more), whose sRGB fallbacks are within ΔE2000 1: the gradient looks clipped on sRGB screens.")
    /// `color/out-of-gamut`.
    public static let colorOutOfGamut = DiagnosticKind("color/out-of-gamut", .guidelines, .info,
        "A wide-gamut color outside sRGB: reports the sRGB fallback tokenc generates.")
    /// `color/contrast`.
    public static let colorContrast = DiagnosticKind("color/contrast", .guidelines, .error,
        "A foreground misses its minimum contrast (4.5:1 text, 3:1 large text and non-text UI) on a declared surface in some appearance, alpha composited over the surface.")
    /// `color/high-contrast-variant`.
    public static let colorHighContrastVariant = DiagnosticKind("color/high-contrast-variant", .guidelines, .warning,
        "A text pair below 7:1 (a non-text pair below 3:1) in an increased-contrast appearance, or with no increased-contrast value while the light pair is below that.")
    /// `color/watchos-background`.
    public static let colorWatchosBackground = DiagnosticKind("color/watchos-background", .guidelines, .error,
        "The app background (role `background`, drawn on no other surface) of a watchOS-only design that is not pure black.")
    /// `color/tvos-palette-size`.
    public static let colorTvosPaletteSize = DiagnosticKind("color/tvos-palette-size", .guidelines, .info,
        "More than three distinct hues among tvOS-scoped colors of roles `interactive`, `fill`, `focus`.")
    /// `color/tvos-focus-by-color-only`.
    public static let colorTvosFocusByColorOnly = DiagnosticKind("color/tvos-focus-by-color-only", .guidelines, .info,
        "A `focus` color for tvOS: a reminder that focus also needs scale or motion.")
    /// `icon/app-icon-size`.
    public static let iconAppIconSize = DiagnosticKind("icon/app-icon-size", .guidelines, .error,
        "An app-icon size that is not in the platform's table, or a shape the platform does not take (iOS, macOS, watchOS, visionOS square; tvOS 1280×768 and 400×240 / 800×480).")
    /// `icon/app-icon-set-complete`.
    public static let iconAppIconSetComplete = DiagnosticKind("icon/app-icon-set-complete", .guidelines, .error,
        "A macOS or tvOS app icon without every size those platforms require.")
    /// `icon/app-icon-image`.
    public static let iconAppIconImage = DiagnosticKind("icon/app-icon-image", .guidelines, .error,
        "A referenced image that is not PNG, has the wrong pixel size, or has an alpha channel where the platform takes none (iOS/iPadOS and watchOS default icons, tvOS and visionOS background layers).")
    /// `icon/app-icon-color-space`.
    public static let iconAppIconColorSpace = DiagnosticKind("icon/app-icon-color-space", .guidelines, .warning,
        "An app-icon PNG whose color type or embedded profile is not sRGB, Gray Gamma 2.2 or Display P3 (visionOS: no P3).")
    /// `icon/dark-transparent`.
    public static let iconDarkTransparent = DiagnosticKind("icon/dark-transparent", .guidelines, .warning,
        "The iOS dark app-icon variant is not transparent at its corners: its background is drawn in, not left to the system.")
    /// `icon/macos-shape`.
    public static let iconMacosShape = DiagnosticKind("icon/macos-shape", .guidelines, .warning,
        "A macOS app-icon image opaque at its corners: it does not carry the rounded-rectangle shape.")
    /// `icon/watchos-black-background`.
    public static let iconWatchosBlackBackground = DiagnosticKind("icon/watchos-black-background", .guidelines, .warning,
        "A watchOS app icon whose edge is mostly near-black: it blends into the display.")
    /// `icon/imessage-square`.
    public static let iconImessageSquare = DiagnosticKind("icon/imessage-square", .guidelines, .warning,
        "An iMessage app-icon image transparent at a corner: Messages wants it square-cornered and rounds it itself.")
    /// `icon/tinted-grayscale`.
    public static let iconTintedGrayscale = DiagnosticKind("icon/tinted-grayscale", .guidelines, .error,
        "The iOS tinted app-icon variant is not an opaque grayscale image.")
    /// `icon/layer-count`.
    public static let iconLayerCount = DiagnosticKind("icon/layer-count", .guidelines, .error,
        "tvOS with fewer than two or more than five layers; visionOS without a background layer or with more than two layers above it.")
    /// `icon/bar-size`.
    public static let iconBarSize = DiagnosticKind("icon/bar-size", .guidelines, .warning,
        "A toolbar or navigation-bar icon outside 18–28 pt (about 22 × 22 pt, 44 × 44 px @2x).")
    /// `icon/tab-bar-size`.
    public static let iconTabBarSize = DiagnosticKind("icon/tab-bar-size", .guidelines, .warning,
        "A tab-bar icon above 48 × 32 pt (96 × 64 px @2x), or outside 20–30 pt when square (about 25 × 25 pt).")
    /// `icon/template-image`.
    public static let iconTemplateImage = DiagnosticKind("icon/template-image", .guidelines, .warning,
        "A toolbar, navigation-bar or tab-bar image that is not pure white, or has a drop shadow: the system uses it as a mask.")
    /// `icon/template-antialiasing`.
    public static let iconTemplateAntialiasing = DiagnosticKind("icon/template-antialiasing", .guidelines, .warning,
        "A toolbar, navigation-bar or tab-bar image with only fully opaque and fully transparent pixels: hard edges.")
    /// `icon/imessage-size`.
    public static let iconImessageSize = DiagnosticKind("icon/imessage-size", .guidelines, .error,
        "An iMessage app icon size that is not in the table (148×110, 143×100, 120×90 / 180×135, 64×48 / 96×72, 54×40 / 81×60, 58×58 / 87×87, 1024×1024 px).")
    /// `icon/sticker-size`.
    public static let iconStickerSize = DiagnosticKind("icon/sticker-size", .guidelines, .error,
        "A sticker that is not 300, 408 or 618 px square (@3x, for small, regular and large), or sizes mixed within one pack.")
    /// `icon/sticker-file`.
    public static let iconStickerFile = DiagnosticKind("icon/sticker-file", .guidelines, .error,
        "A sticker file over 500 KB (500,000 bytes), in a format Messages does not take, or a PNG deeper than 8 bits.")
    /// `icon/sticker-description`.
    public static let iconStickerDescription = DiagnosticKind("icon/sticker-description", .guidelines, .warning,
        "A sticker without a description for VoiceOver.")
    /// `icon/sticker-localized`.
    public static let iconStickerLocalized = DiagnosticKind("icon/sticker-localized", .guidelines, .warning,
        "A sticker whose description lacks a locale its pack declares (`locales`).")
    /// `icon/tab-bar-selected`.
    public static let iconTabBarSelected = DiagnosticKind("icon/tab-bar-selected", .guidelines, .warning,
        "A custom tab-bar icon (an `image`) with no `selected` version.")
    /// `icon/sticker-platform`.
    public static let iconStickerPlatform = DiagnosticKind("icon/sticker-platform", .guidelines, .error,
        "Stickers scoped to a platform other than iOS or iPadOS.")
    /// `rules/unused-ignore`.
    public static let rulesUnusedIgnore = DiagnosticKind("rules/unused-ignore", .guidelines, .warning,
        "An `ignore` entry in `$extensions.tokenc` silences nothing (or names no rule).")
    /// `symbol/invalid-weight`.
    public static let symbolInvalidWeight = DiagnosticKind("symbol/invalid-weight", .guidelines, .error,
        "A symbol weight that is not one of Apple's nine (ultralight … black).")
    /// `symbol/invalid-scale`.
    public static let symbolInvalidScale = DiagnosticKind("symbol/invalid-scale", .guidelines, .error,
        "A symbol scale that is not small, medium or large.")
    /// `symbol/invalid-rendering`.
    public static let symbolInvalidRendering = DiagnosticKind("symbol/invalid-rendering", .guidelines, .error,
        "A rendering mode that is not monochrome, hierarchical, palette or multicolor.")
    /// `symbol/palette-colors`.
    public static let symbolPaletteColors = DiagnosticKind("symbol/palette-colors", .guidelines, .error,
        "Palette rendering with fewer than two colors, or monochrome/hierarchical with more than one; a warning for a palette with more than three.")
    /// `symbol/weight-matches-text`.
    public static let symbolWeightMatchesText = DiagnosticKind("symbol/weight-matches-text", .guidelines, .warning,
        "A symbol's weight differs from the weight of the text beside it, compared as numbers.")
    /// `symbol/toolbar-outline`.
    public static let symbolToolbarOutline = DiagnosticKind("symbol/toolbar-outline", .guidelines, .warning,
        "A toolbar or navigation-bar symbol written with `.fill`.")
    /// `symbol/redundant-variant`.
    public static let symbolRedundantVariant = DiagnosticKind("symbol/redundant-variant", .guidelines, .info,
        "A tab-bar symbol written with `.fill`: the tab bar chooses the fill variant itself.")
    /// `symbol/consistent-family`.
    public static let symbolConsistentFamily = DiagnosticKind("symbol/consistent-family", .guidelines, .warning,
        "Symbols in one context (the same bar, the same list) with different rendering modes, variants or scales, or, among those with no adjacent text, different weights.")
    /// `symbol/colors-adapt`.
    public static let symbolColorsAdapt = DiagnosticKind("symbol/colors-adapt", .guidelines, .warning,
        "A symbol color written as a literal with the same value in dark as in light: it does not adapt to Dark Mode.")
    /// `symbol/custom-label`.
    public static let symbolCustomLabel = DiagnosticKind("symbol/custom-label", .guidelines, .warning,
        "A custom symbol (`custom: true`) with no `accessibility-label` for VoiceOver.")
    /// `symbol/variable-color-depth`.
    public static let symbolVariableColorDepth = DiagnosticKind("symbol/variable-color-depth", .guidelines, .info,
        "Variable color on a symbol in a list or sidebar, which shows static depth: use hierarchical rendering.")

    /// Every kind, structure first, then the outputs, tokenc.yml and the guidelines, in documentation order.
    public static let catalogue: [DiagnosticKind] = [
        .yamlSyntax, .yamlUnquotedColor, .yamlUnquotedAlias, .yamlAliasBudget, .yamlTooDeep, .yamlScalarTooLarge,
        .yamlFileTooLarge, .yamlMultipleDocuments, .yamlUnknownTag, .yamlInvalidTaggedValue, .yamlUndefinedAnchor,
        .yamlNonStringKey, .yamlInvalidMerge, .tokenInvalidName, .tokenMissingType, .tokenValueAndChildren,
        .tokenInvalidValue, .tokenDuplicate, .tokenDuplicateJsonKey, .tokenOlderFormat, .tokenDeprecatedUse, .tokenUnknownMode,
        .tokenInvalidProperty, .aliasUnresolved, .aliasCycle, .aliasTypeMismatch, .aliasChainTooLong,
        .aliasExtendsTooLarge, .resolverAppearanceModifier, .resolverCombinedModifiers, .resolverInvalid,
        .swiftNameCollision, .cssNameCollision, .xcassetsNameCollision, .xcassetsNameTooLong, .xcassetsMissingImage,
        .templateSyntax, .templateMissing, .templateUnknownName, .templateUnused, .templateTooLarge, .configInvalid,
        .accentContrast, .accentTextContrast, .accentDarkVariant, .accentFixedSidebarIcons, .colorHardcodedSystemValue,
        .colorSystemColorMisuse, .colorSameColorDifferentMeaning, .colorIndistinguishableInSrgb,
        .colorColorBlindConfusable, .colorDarkVariant, .colorIdenticalVariants, .colorOutOfGamut, .colorGradientClippedInSrgb, .colorContrast,
        .colorHighContrastVariant, .colorWatchosBackground, .colorTvosPaletteSize, .colorTvosFocusByColorOnly,
        .iconAppIconSize, .iconAppIconSetComplete, .iconAppIconImage, .iconAppIconColorSpace, .iconDarkTransparent, .iconMacosShape, .iconWatchosBlackBackground, .iconTintedGrayscale,
        .iconLayerCount, .iconBarSize, .iconTabBarSize, .iconTemplateImage, .iconTemplateAntialiasing, .iconImessageSize, .iconImessageSquare, .iconStickerSize, .iconStickerFile,
        .iconStickerDescription, .iconStickerLocalized, .iconStickerPlatform, .iconTabBarSelected, .rulesUnusedIgnore, .symbolInvalidWeight, .symbolInvalidScale,
        .symbolInvalidRendering, .symbolPaletteColors, .symbolWeightMatchesText, .symbolToolbarOutline,
        .symbolRedundantVariant, .symbolConsistentFamily, .symbolVariableColorDepth, .symbolColorsAdapt, .symbolCustomLabel,
    ]
}
