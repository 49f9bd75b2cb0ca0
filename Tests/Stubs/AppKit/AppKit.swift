// Stub of AppKit for type-checking generated code on Linux. Not Apple's code: declarations only.
// AppKit re-exports Foundation (and Core Graphics: CGFloat); on Linux, Foundation has CGFloat.
@_exported import Foundation

/// https://developer.apple.com/documentation/appkit/nsappearance
open class NSAppearance {
    /// https://developer.apple.com/documentation/appkit/nsappearance/name-swift.struct
    public struct Name: Hashable {
        public init(_ rawValue: String) {}
        /// https://developer.apple.com/documentation/appkit/nsappearance/name-swift.struct/aqua
        public static let aqua = Name("aqua")
        /// https://developer.apple.com/documentation/appkit/nsappearance/name-swift.struct/darkaqua
        public static let darkAqua = Name("darkAqua")
        /// https://developer.apple.com/documentation/appkit/nsappearance/name-swift.struct/accessibilityhighcontrastaqua
        public static let accessibilityHighContrastAqua = Name("accessibilityHighContrastAqua")
        /// https://developer.apple.com/documentation/appkit/nsappearance/name-swift.struct/accessibilityhighcontrastdarkaqua
        public static let accessibilityHighContrastDarkAqua = Name("accessibilityHighContrastDarkAqua")
    }
    /// https://developer.apple.com/documentation/appkit/nsappearance/bestmatch(from:)
    open func bestMatch(from appearances: [NSAppearance.Name]) -> NSAppearance.Name? { nil }
}

/// https://developer.apple.com/documentation/appkit/nscolor
open class NSColor {
    /// https://developer.apple.com/documentation/appkit/nscolor/name
    public typealias Name = String
    /// https://developer.apple.com/documentation/appkit/nscolor/init(srgbred:green:blue:alpha:)
    public init(srgbRed: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    /// https://developer.apple.com/documentation/appkit/nscolor/init(displayp3red:green:blue:alpha:)
    public init(displayP3Red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    /// https://developer.apple.com/documentation/appkit/nscolor/init(name:dynamicprovider:)
    public init(name: NSColor.Name?, dynamicProvider: @escaping (NSAppearance) -> NSColor) {}
    /// https://developer.apple.com/documentation/appkit/nscolor/labelcolor
    open class var labelColor: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/secondarylabelcolor
    open class var secondaryLabelColor: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/tertiarylabelcolor
    open class var tertiaryLabelColor: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/quaternarylabelcolor
    open class var quaternaryLabelColor: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/placeholdertextcolor
    open class var placeholderTextColor: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/linkcolor
    open class var linkColor: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/separatorcolor
    open class var separatorColor: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/systemred
    open class var systemRed: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/systemorange
    open class var systemOrange: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/systemyellow
    open class var systemYellow: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/systemgreen
    open class var systemGreen: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/systemmint
    open class var systemMint: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/systemteal
    open class var systemTeal: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/systemcyan
    open class var systemCyan: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/systemblue
    open class var systemBlue: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/systemindigo
    open class var systemIndigo: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/systempurple
    open class var systemPurple: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/systempink
    open class var systemPink: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/systembrown
    open class var systemBrown: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/systemgray
    open class var systemGray: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/controlaccentcolor
    open class var controlAccentColor: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/textcolor
    open class var textColor: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/windowbackgroundcolor
    open class var windowBackgroundColor: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/controlbackgroundcolor
    open class var controlBackgroundColor: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/textbackgroundcolor
    open class var textBackgroundColor: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/appkit/nscolor/underpagebackgroundcolor
    open class var underPageBackgroundColor: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
}

/// https://developer.apple.com/documentation/appkit/nsfont
open class NSFont {
    /// https://developer.apple.com/documentation/appkit/nsfont/weight
    public struct Weight: Hashable {
        public static let ultraLight = Weight(), thin = Weight(), light = Weight(), regular = Weight(), medium = Weight()
        public static let semibold = Weight(), bold = Weight(), heavy = Weight(), black = Weight()
    }
    /// https://developer.apple.com/documentation/appkit/nsfont/systemfont(ofsize:weight:)
    open class func systemFont(ofSize fontSize: CGFloat, weight: NSFont.Weight) -> NSFont { NSFont() }
    init() {}
    /// https://developer.apple.com/documentation/appkit/nsfont/init(descriptor:size:)
    public init?(descriptor fontDescriptor: NSFontDescriptor, size fontSize: CGFloat) {}
    /// https://developer.apple.com/documentation/appkit/nsfont/fontdescriptor
    open var fontDescriptor: NSFontDescriptor { NSFontDescriptor(fontAttributes: [:]) }
    /// https://developer.apple.com/documentation/appkit/nsfont/pointsize
    open var pointSize: CGFloat { 0 }
    /// https://developer.apple.com/documentation/appkit/nsfont/ascender
    open var ascender: CGFloat { 0 }
    /// https://developer.apple.com/documentation/appkit/nsfont/descender
    open var descender: CGFloat { 0 }
    /// https://developer.apple.com/documentation/appkit/nsfont/leading
    open var leading: CGFloat { 0 }
}

/// https://developer.apple.com/documentation/appkit/nsmutableparagraphstyle
open class NSMutableParagraphStyle {
    public init() {}
    /// https://developer.apple.com/documentation/appkit/nsmutableparagraphstyle/minimumlineheight
    open var minimumLineHeight: CGFloat = 0
    /// https://developer.apple.com/documentation/appkit/nsmutableparagraphstyle/maximumlineheight
    open var maximumLineHeight: CGFloat = 0
}

extension NSAttributedString.Key {
    /// https://developer.apple.com/documentation/foundation/nsattributedstring/key/font
    public static let font = NSAttributedString.Key("NSFont")
    /// https://developer.apple.com/documentation/foundation/nsattributedstring/key/kern
    public static let kern = NSAttributedString.Key("NSKern")
    /// https://developer.apple.com/documentation/foundation/nsattributedstring/key/paragraphstyle
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
}

/// https://developer.apple.com/documentation/appkit/nsfontdescriptor
open class NSFontDescriptor {
    /// https://developer.apple.com/documentation/appkit/nsfontdescriptor/attributename
    public struct AttributeName: Hashable {
        public static let family = AttributeName(), traits = AttributeName()
    }
    /// https://developer.apple.com/documentation/appkit/nsfontdescriptor/traitkey
    public struct TraitKey: Hashable {
        public static let weight = TraitKey()
    }
    /// https://developer.apple.com/documentation/appkit/nsfontdescriptor/systemdesign
    public struct SystemDesign: Hashable {
        public static let `default` = SystemDesign(), monospaced = SystemDesign(), serif = SystemDesign(), rounded = SystemDesign()
    }
    /// https://developer.apple.com/documentation/appkit/nsfontdescriptor/init(fontattributes:)
    public init(fontAttributes attributes: [NSFontDescriptor.AttributeName: Any]? = nil) {}
    /// https://developer.apple.com/documentation/appkit/nsfontdescriptor/withdesign(_:)
    open func withDesign(_ design: NSFontDescriptor.SystemDesign) -> NSFontDescriptor? { self }
}
