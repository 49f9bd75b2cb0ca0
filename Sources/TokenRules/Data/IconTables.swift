/// App icon, bar icon, iMessage and sticker sizes from HIG, App icons, HIG (2014), Bar button icons and
/// HIG, iMessage apps and stickers, as data.
public enum IconTables {
    /// A size in pixels.
    public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int
        /// Creates a size.
        public init(_ width: Int, _ height: Int) { self.width = width; self.height = height }
        public var description: String { "\(width)x\(height)" }
    }

    /// The platforms that take app icons.
    public static let appIconPlatforms = ["ios", "ipados", "macos", "tvos", "visionos", "watchos"]

    /// The single-source App Store icon each platform takes (`image`).
    public static let appStoreIcon: [String: PixelSize] = [
        "ios": PixelSize(1024, 1024), "ipados": PixelSize(1024, 1024), "macos": PixelSize(1024, 1024),
        "visionos": PixelSize(1024, 1024), "watchos": PixelSize(1024, 1024), "tvos": PixelSize(1280, 768),
    ]

    /// Platforms whose icons are square.
    public static let squarePlatforms: Set<String> = ["ios", "ipados", "macos", "visionos", "watchos"]

    /// Platforms whose default icon may not be transparent.
    public static let opaquePlatforms: Set<String> = ["ios", "ipados", "watchos", "tvos"]

    /// Every size an `images` table may list, by platform, keyed like `"16@2x"` or `"400x240@1x"`, in pixels.
    public static let appIconSizes: [String: [String: PixelSize]] = [
        "ios": [
            "60@2x": PixelSize(120, 120), "60@3x": PixelSize(180, 180), "83.5@2x": PixelSize(167, 167), "76@2x": PixelSize(152, 152),
            "40@2x": PixelSize(80, 80), "40@3x": PixelSize(120, 120), "29@2x": PixelSize(58, 58), "29@3x": PixelSize(87, 87),
            "38@2x": PixelSize(76, 76), "38@3x": PixelSize(114, 114), "1024@1x": PixelSize(1024, 1024),
        ],
        "macos": [
            "16@1x": PixelSize(16, 16), "16@2x": PixelSize(32, 32), "32@1x": PixelSize(32, 32), "32@2x": PixelSize(64, 64),
            "128@1x": PixelSize(128, 128), "128@2x": PixelSize(256, 256), "256@1x": PixelSize(256, 256),
            "256@2x": PixelSize(512, 512), "512@1x": PixelSize(512, 512), "512@2x": PixelSize(1024, 1024),
        ],
        "tvos": ["400x240@1x": PixelSize(400, 240), "400x240@2x": PixelSize(800, 480), "1280x768@1x": PixelSize(1280, 768)],
        "watchos": [
            "40@2x": PixelSize(80, 80), "44@2x": PixelSize(88, 88), "46@2x": PixelSize(92, 92), "50@2x": PixelSize(100, 100),
            "51@2x": PixelSize(102, 102), "54@2x": PixelSize(108, 108), "24@2x": PixelSize(48, 48), "27.5@2x": PixelSize(55, 55),
            "29@2x": PixelSize(58, 58), "33@2x": PixelSize(66, 66), "86@2x": PixelSize(172, 172), "98@2x": PixelSize(196, 196),
            "108@2x": PixelSize(216, 216), "117@2x": PixelSize(234, 234), "129@2x": PixelSize(258, 258),
            "29@3x": PixelSize(87, 87), "1024@1x": PixelSize(1024, 1024),
        ],
        "visionos": ["1024@1x": PixelSize(1024, 1024)],
    ]

    /// Sizes a platform needs in full (macOS and tvOS: Xcode does not derive them).
    public static let requiredSizes: [String: [String]] = [
        "macos": ["16@1x", "16@2x", "32@1x", "32@2x", "128@1x", "128@2x", "256@1x", "256@2x", "512@1x", "512@2x"],
        "tvos": ["400x240@1x", "400x240@2x", "1280x768@1x"],
    ]

    /// tvOS takes two to five layers; visionOS a background and one or two layers above it.
    public static let layers: [String: ClosedRange<Int>] = ["tvos": 2...5, "visionos": 2...3]

    /// Toolbar and navigation-bar icons: about 22 × 22 pt; tokenc accepts 18–28 pt.
    public static let barIconPoints: ClosedRange<Double> = 18...28
    /// Tab-bar icons: at most 48 × 32 pt; square ones about 25 pt, accepted 20–30 pt.
    public static let tabBarMaximum = (width: 48.0, height: 32.0)
    public static let tabBarSquarePoints: ClosedRange<Double> = 20...30

    /// iMessage app icon sizes in pixels, keyed like `"74x55@2x"` by their point size and scale.
    public static let iMessageSizes: Set<PixelSize> = [
        PixelSize(148, 110), PixelSize(143, 100), PixelSize(120, 90), PixelSize(180, 135), PixelSize(64, 48), PixelSize(96, 72),
        PixelSize(54, 40), PixelSize(81, 60), PixelSize(58, 58), PixelSize(87, 87), PixelSize(1024, 1024),
    ]

    /// Sticker sizes at @3x, by size class.
    public static let stickerSizes: [String: Int] = ["small": 300, "regular": 408, "large": 618]
    /// The largest sticker file, in bytes.
    public static let stickerMaximumBytes = 500_000
}
