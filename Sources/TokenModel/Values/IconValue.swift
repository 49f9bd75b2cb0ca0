import SourceData
/// An `icon` value (tokenc's type): an app icon, a bar or toolbar icon, or a Messages icon, and its images.
public struct IconValue: Sendable {
    /// An image a field names; `path` is nil when what is written is not a string.
    public struct Image: Sendable {
        /// The file path, relative to the token file.
        public var path: String?
        /// Where it is written.
        public var location: SourceLocation

        /// Creates an image reference.
        public init(path: String?, location: SourceLocation) {
            self.path = path
            self.location = location
        }
    }

    /// One named image (an `images` entry, or a layer written under a name).
    public struct NamedImage: Sendable {
        /// The entry's key (`16@2x`, `background`).
        public var key: String
        /// Where the key is written.
        public var keyLocation: SourceLocation
        /// The image.
        public var image: Image

        /// Creates an entry.
        public init(key: String, keyLocation: SourceLocation, image: Image) {
            self.key = key
            self.keyLocation = keyLocation
            self.image = image
        }
    }

    /// The image layers, back to front: a list, or a mapping of named layers.
    public enum Layers: Sendable {
        case list([Image])
        case named([NamedImage])

        /// The layers' images, back to front.
        public var images: [Image] {
            switch self {
            case .list(let images): images
            case .named(let entries): entries.map(\.image)
            }
        }

        /// Whether the layers name a background (the first of a list, or a `background` layer).
        public var hasBackground: Bool {
            switch self {
            case .list(let images): !images.isEmpty
            case .named(let entries): entries.contains { $0.key == "background" }
            }
        }
    }

    /// What the icon is: one of `kinds`.
    public var kind: String
    /// The kinds of icon the rules know, as docs/token-format.md lists them.
    public static let kinds = ["app-icon", "toolbar", "navigation-bar", "tab-bar", "imessage-app", "sticker"]
    /// The platform it is for (`ios`, `macos` …).
    public var platform: String?
    /// The single image.
    public var image: Image?
    /// The dark variant's image.
    public var dark: Image?
    /// The tinted variant's image.
    public var tinted: Image?
    /// Images by size (`16@2x`).
    public var images: [NamedImage]
    /// The image layers.
    public var layers: Layers?
    /// The size in points.
    public var size: (width: Double, height: Double)?
    /// The scale factors the images come in (1, 2, 3).
    public var scales: [Int]
    /// A custom tab-bar icon's selected version (the unselected one is `image`).
    public var selected: Image?
    /// A description in one language: the locale (`en`, `fr-CA`) and the text.
    public struct LocalizedText: Sendable {
        /// The locale, as written.
        public var locale: String
        /// The text.
        public var text: String
        /// Where the text is written.
        public var location: SourceLocation

        /// Creates a localized text.
        public init(locale: String, text: String, location: SourceLocation) {
            self.locale = locale
            self.text = text
            self.location = location
        }
    }
    /// The description per locale, when written as a mapping (`{ en: …, fr: … }`), in the order written.
    public var localizedDescriptions: [LocalizedText]
    /// A Messages icon's size class (`regular` unless said).
    public var sizeClass: String?
    /// The icon's accessibility description: the text written, or the first locale's.
    public var description: String?
    /// Where `description` is written.
    public var descriptionLocation: SourceLocation?
    /// Where the value is written.
    public var location: SourceLocation

    /// Creates an icon value.
    public init(kind: String, platform: String? = nil, image: Image? = nil, dark: Image? = nil, tinted: Image? = nil,
                images: [NamedImage] = [], layers: Layers? = nil, size: (width: Double, height: Double)? = nil,
                scales: [Int] = [], sizeClass: String? = nil, description: String? = nil, descriptionLocation: SourceLocation? = nil,
                localizedDescriptions: [LocalizedText] = [], selected: Image? = nil, location: SourceLocation) {
        self.kind = kind
        self.platform = platform
        self.image = image
        self.dark = dark
        self.tinted = tinted
        self.images = images
        self.layers = layers
        self.size = size
        self.scales = scales
        self.sizeClass = sizeClass
        self.description = description
        self.descriptionLocation = descriptionLocation
        self.localizedDescriptions = localizedDescriptions
        self.selected = selected
        self.location = location
    }
}
