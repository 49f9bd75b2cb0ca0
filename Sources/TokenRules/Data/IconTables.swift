import TokenColor
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

    /// Every size an `images` table may list, by platform, keyed by points and scale like `"16@2x"` or
    /// `"400x240@1x"`, with the pixels each slot takes.
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

    /// iMessage app icon sizes, keyed like every icon size by points and scale (`"74x55@2x"`), with their pixels:
    /// the HIG's table lists the pixels of each @2x and @3x slot.
    /// In the HIG table's order, which messages list them in.
    public static let iMessageSlots: [(key: String, pixels: PixelSize)] = [
        ("74x55@2x", PixelSize(148, 110)), ("71.5x50@2x", PixelSize(143, 100)), ("60x45@2x", PixelSize(120, 90)),
        ("60x45@3x", PixelSize(180, 135)), ("32x24@2x", PixelSize(64, 48)), ("32x24@3x", PixelSize(96, 72)),
        ("27x20@2x", PixelSize(54, 40)), ("27x20@3x", PixelSize(81, 60)), ("29@2x", PixelSize(58, 58)), ("29@3x", PixelSize(87, 87)),
        ("1024@1x", PixelSize(1024, 1024)),
    ]

    /// `iMessageSlots` by key.
    public static let iMessageSizes: [String: PixelSize] = Dictionary(uniqueKeysWithValues: iMessageSlots.map { ($0.key, $0.pixels) })

    /// The keys of `iMessageSlots`, in order.
    public static let iMessageKeys = iMessageSlots.map(\.key)

    /// The point sizes of `iMessageSlots`, each once, in order, for an icon that states its `size`.
    public static let iMessagePointSizes: [(width: Double, height: Double)] = iMessageSlots.reduce(into: []) { sizes, slot in
        guard let key = SizeKey(slot.key), !sizes.contains(where: { $0 == (key.width, key.height) }) else { return }
        sizes.append((key.width, key.height))
    }

    /// A size key read: width and height in points and the scale (`"29@2x"` is 29 × 29 pt at @2x, 58 × 58 px).
    public struct SizeKey: Sendable, Equatable {
        /// Width in points.
        public var width: Double
        /// Height in points.
        public var height: Double
        /// The scale, 1, 2 or 3.
        public var scale: Int

        /// Reads `W@Sx` (square) or `WxH@Sx`; nil for anything else.
        public init?(_ key: String) {
            let parts = key.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1].count == 2, parts[1].last == "x", let scale = Int(parts[1].prefix(1)), (1...3).contains(scale)
            else { return nil }
            let sides = parts[0].split(separator: "x", omittingEmptySubsequences: false).map { Double($0) }
            guard (1...2).contains(sides.count), let width = sides[0], let height = sides.last!, width > 0, height > 0,
                  width.isFinite, height.isFinite else { return nil }
            self.width = width
            self.height = height
            self.scale = scale
        }

        /// The key as the tables write it: `29@2x` for a square, `74x55@2x` otherwise.
        public var normalized: String {
            let w = Self.number(width), h = Self.number(height)
            return (width == height ? w : "\(w)x\(h)") + "@\(scale)x"
        }

        /// The pixels the key asks for: points times scale.
        public var pixels: (width: Double, height: Double) { (width * Double(scale), height * Double(scale)) }

        /// The points and scale for messages: `74 × 55 pt at @2x`.
        public var points: String { "\(Self.number(width)) × \(Self.number(height)) pt at @\(scale)x" }

        /// Both units for messages: `74 × 55 pt at @2x, 148 × 110 px`.
        public var described: String { points + ", \(Self.number(pixels.width)) × \(Self.number(pixels.height)) px" }

        /// Orders keys by size, then scale: `16@1x` before `128@1x`.
        public static func ordered(_ a: String, _ b: String) -> Bool {
            guard let x = SizeKey(a), let y = SizeKey(b) else { return a < b }
            return (x.width, x.height, x.scale) < (y.width, y.height, y.scale)
        }

        static func number(_ value: Double) -> String { value.wholeNumberText ?? String(value) }
    }

    /// `key` in the tables' spelling (`29x29@2x` is `29@2x`), or `key` itself when it does not read as a size.
    public static func normalized(_ key: String) -> String { SizeKey(key)?.normalized ?? key }

    /// Sticker sizes at @3x, by size class.
    public static let stickerSizes: [String: Int] = ["small": 300, "regular": 408, "large": 618]
    /// The largest sticker file, in bytes.
    public static let stickerMaximumBytes = 500_000
}
