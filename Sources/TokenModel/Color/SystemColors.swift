import TokenColor
/// What a dynamic system color is for, so rules can spot it used against its purpose.
public enum SystemColorPurpose: String, Sendable {
    case tint, gray, label, link, separator, fill, background
}

/// One Apple system color with its documented values per appearance and where they come from.
/// A class: parsed colors hold it in `ColorValue.system`, and a reference keeps those values small to copy.
public final class SystemColor: Sendable {
    /// The UIKit name (`systemBlue`, `label`) or, for macOS-only colors, the AppKit name.
    public let name: String
    /// The platforms whose API has this name.
    public let platforms: [Platform]
    /// What the color is for.
    public let purpose: SystemColorPurpose
    /// `#RRGGBB` or `#RRGGBBAA` values: light, dark, increased-contrast light, increased-contrast dark.
    public let light: String
    public let dark: String
    public let lightHighContrast: String?
    public let darkHighContrast: String?
    /// The `#RRGGBB` value watchOS uses, which has one (dark) appearance and brighter colors of its own; nil for
    /// the colors the watchOS table does not list.
    public let watchOS: String?
    /// The public page the values come from.
    public let source: String
    /// The date of that page's revision.
    public let sourceDate: String
    /// The four values parsed once, in `Appearance.builtIn` order (missing high-contrast values fall back).
    private let colors: [Color]

    /// Creates a system color; the values must be well-formed hex (a test checks the table).
    public init(name: String, platforms: [Platform], purpose: SystemColorPurpose, light: String, dark: String,
                lightHighContrast: String? = nil, darkHighContrast: String? = nil, watchOS: String? = nil,
                source: String, sourceDate: String)
    {
        self.name = name
        self.platforms = platforms
        self.purpose = purpose
        self.light = light
        self.dark = dark
        self.lightHighContrast = lightHighContrast
        self.darkHighContrast = darkHighContrast
        self.watchOS = watchOS
        self.source = source
        self.sourceDate = sourceDate
        colors = [light, dark, lightHighContrast ?? light, darkHighContrast ?? dark].map { text in
            (try? ColorSyntax.parse(text).get()) ?? Color(.srgb, 0, 0, 0)
        }
        watchOSColor = watchOS.map { (try? ColorSyntax.parse($0).get()) ?? Color(.srgb, 0, 0, 0) }
    }

    /// The watchOS value parsed once.
    public let watchOSColor: Color?

    /// The value for an appearance mode; a missing high-contrast value falls back like a token's does.
    public func value(for mode: String) -> Color {
        switch mode {
        case Appearance.dark: colors[1]
        case Appearance.lightHighContrast: colors[2]
        case Appearance.darkHighContrast: colors[3]
        default: colors[0]
        }
    }
}

/// The iOS, macOS and watchOS system colors tokenc knows, for `{system.NAME}` references (docs/system-colors.md).
public enum SystemColors {
    static let hig = "https://developer.apple.com/design/human-interface-guidelines/color#Specifications"
    static let higDate = "2022-12-19"
    static let uikit = "https://developer.apple.com/documentation/uikit/standard-colors (names); values as UIKit resolves them, tabulated in https://noahgilmore.com/blog/dark-mode-uicolor-compatibility"
    static let uikitDate = "2019-10-17"
    static let appkit = "https://developer.apple.com/documentation/appkit/nscolor/ui_element_colors (names); values as AppKit resolves them on macOS 14 (aqua, darkAqua)"
    static let appkitDate = "2023-09-26"

    private static func hue(_ name: String, _ light: String, _ dark: String, _ lhc: String, _ dhc: String,
                            watchOS: String? = nil, purpose: SystemColorPurpose = .tint) -> SystemColor
    {
        SystemColor(name: name, platforms: [.ios, .ipados, .macos, .tvos, .visionos], purpose: purpose,
                    light: light, dark: dark, lightHighContrast: lhc, darkHighContrast: dhc, watchOS: watchOS,
                    source: hig, sourceDate: higDate)
    }

    private static func dynamic(_ name: String, _ purpose: SystemColorPurpose, _ light: String, _ dark: String) -> SystemColor {
        SystemColor(name: name, platforms: [.ios, .ipados, .tvos, .visionos], purpose: purpose, light: light, dark: dark,
                    source: uikit, sourceDate: uikitDate)
    }

    private static func mac(_ name: String, _ purpose: SystemColorPurpose, _ light: String, _ dark: String) -> SystemColor {
        SystemColor(name: name, platforms: [.macos], purpose: purpose, light: light, dark: dark, source: appkit, sourceDate: appkitDate)
    }

    /// Every known system color, in table order.
    public static let all: [SystemColor] = [
        hue("systemRed", "#FF3B30", "#FF453A", "#D70015", "#FF6961", watchOS: "#FF3B30"),
        hue("systemOrange", "#FF9500", "#FF9F0A", "#C93400", "#FFB340", watchOS: "#FF9500"),
        hue("systemYellow", "#FFCC00", "#FFD60A", "#B25000", "#FFD426", watchOS: "#FFE620"),
        hue("systemGreen", "#34C759", "#30D158", "#248A3D", "#30DB5B", watchOS: "#04DE71"),
        hue("systemMint", "#00C7BE", "#63E6E2", "#0C817B", "#66D4CF", watchOS: "#66D4CF"),
        hue("systemTeal", "#30B0C7", "#40C8E0", "#008299", "#5DE6FF", watchOS: "#6AC4DC"),
        hue("systemCyan", "#32ADE6", "#64D2FF", "#0071A4", "#70D7FF", watchOS: "#5AC8FA"),
        hue("systemBlue", "#007AFF", "#0A84FF", "#0040DD", "#409CFF", watchOS: "#2094FA"),
        hue("systemIndigo", "#5856D6", "#5E5CE6", "#3634A3", "#7D7AFF", watchOS: "#787AFF"),
        hue("systemPurple", "#AF52DE", "#BF5AF2", "#8944AB", "#DA8FFF", watchOS: "#BF5AF2"),
        hue("systemPink", "#FF2D55", "#FF375F", "#D30F45", "#FF6482", watchOS: "#FA114F"),
        hue("systemBrown", "#A2845E", "#AC8E68", "#7F6545", "#B59469", watchOS: "#AC8E68"),
        hue("systemGray", "#8E8E93", "#8E8E93", "#6C6C70", "#AEAEB2", watchOS: "#9BA0AA", purpose: .gray),
        hue("systemGray2", "#AEAEB2", "#636366", "#8E8E93", "#7C7C80", purpose: .gray),
        hue("systemGray3", "#C7C7CC", "#48484A", "#AEAEB2", "#545456", purpose: .gray),
        hue("systemGray4", "#D1D1D6", "#3A3A3C", "#BCBCC0", "#444446", purpose: .gray),
        hue("systemGray5", "#E5E5EA", "#2C2C2E", "#D8D8DC", "#363638", purpose: .gray),
        hue("systemGray6", "#F2F2F7", "#1C1C1E", "#EBEBF0", "#242426", purpose: .gray),
        dynamic("label", .label, "#000000", "#FFFFFF"),
        dynamic("secondaryLabel", .label, "#3C3C4399", "#EBEBF599"),
        dynamic("tertiaryLabel", .label, "#3C3C434D", "#EBEBF54D"),
        dynamic("quaternaryLabel", .label, "#3C3C432E", "#EBEBF529"),
        dynamic("placeholderText", .label, "#3C3C434D", "#EBEBF54D"),
        dynamic("link", .link, "#007AFF", "#0984FF"),
        dynamic("separator", .separator, "#3C3C4349", "#54545899"),
        dynamic("opaqueSeparator", .separator, "#C6C6C8", "#38383A"),
        dynamic("systemFill", .fill, "#78788033", "#7878805C"),
        dynamic("secondarySystemFill", .fill, "#78788029", "#78788052"),
        dynamic("tertiarySystemFill", .fill, "#7676801F", "#7676803D"),
        dynamic("quaternarySystemFill", .fill, "#74748014", "#7676802E"),
        dynamic("systemBackground", .background, "#FFFFFF", "#000000"),
        dynamic("secondarySystemBackground", .background, "#F2F2F7", "#1C1C1E"),
        dynamic("tertiarySystemBackground", .background, "#FFFFFF", "#2C2C2E"),
        dynamic("systemGroupedBackground", .background, "#F2F2F7", "#000000"),
        dynamic("secondarySystemGroupedBackground", .background, "#FFFFFF", "#1C1C1E"),
        dynamic("tertiarySystemGroupedBackground", .background, "#F2F2F7", "#2C2C2E"),
        mac("controlAccentColor", .tint, "#007AFF", "#0A84FF"),
        mac("labelColor", .label, "#000000D9", "#FFFFFFD9"),
        mac("secondaryLabelColor", .label, "#00000080", "#FFFFFF8C"),
        mac("tertiaryLabelColor", .label, "#00000042", "#FFFFFF40"),
        mac("textColor", .label, "#000000", "#FFFFFF"),
        mac("linkColor", .link, "#0068DA", "#419CFF"),
        mac("separatorColor", .separator, "#0000001A", "#FFFFFF1A"),
        mac("windowBackgroundColor", .background, "#ECECEC", "#323232"),
        mac("controlBackgroundColor", .background, "#FFFFFF", "#1E1E1E"),
        mac("textBackgroundColor", .background, "#FFFFFF", "#1E1E1E"),
        mac("underPageBackgroundColor", .background, "#969696E6", "#282828"),
    ]

    private static let byName: [String: SystemColor] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The system color named `name`, if tokenc knows it.
    public static func named(_ name: String) -> SystemColor? { byName[name] }

    private static let byLowercasedName: [String: SystemColor] =
        Dictionary(all.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })

    /// The system color with this name in any case (`systemblue`, `Label`), for suggestions; nil for none.
    public static func named(ignoringCase name: String) -> SystemColor? { byLowercasedName[name.lowercased()] }
}
