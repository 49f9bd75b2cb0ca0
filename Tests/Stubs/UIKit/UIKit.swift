// Stub of UIKit for type-checking generated code on Linux. Not Apple's code: declarations only.
// UIKit re-exports Foundation (and Core Graphics: CGFloat); on Linux, Foundation has CGFloat.
@_exported import Foundation

/// https://developer.apple.com/documentation/uikit/uiuserinterfacestyle
public enum UIUserInterfaceStyle: Int { case unspecified, light, dark }

/// https://developer.apple.com/documentation/uikit/uiaccessibilitycontrast
public enum UIAccessibilityContrast: Int { case unspecified, normal, high }

/// https://developer.apple.com/documentation/uikit/uitraitcollection
open class UITraitCollection {
    /// https://developer.apple.com/documentation/uikit/uitraitcollection/userinterfacestyle
    open var userInterfaceStyle: UIUserInterfaceStyle { .light }
    /// https://developer.apple.com/documentation/uikit/uitraitcollection/accessibilitycontrast
    open var accessibilityContrast: UIAccessibilityContrast { .normal }
}

/// https://developer.apple.com/documentation/uikit/uicolor
open class UIColor {
    /// https://developer.apple.com/documentation/uikit/uicolor/init(red:green:blue:alpha:)
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    /// https://developer.apple.com/documentation/uikit/uicolor/init(displayp3red:green:blue:alpha:)
    public init(displayP3Red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    /// https://developer.apple.com/documentation/uikit/uicolor/init(dynamicprovider:)
    public init(dynamicProvider: @escaping (UITraitCollection) -> UIColor) {}
    /// https://developer.apple.com/documentation/uikit/uicolor/systemred
    open class var systemRed: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/systemorange
    open class var systemOrange: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/systemyellow
    open class var systemYellow: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/systemgreen
    open class var systemGreen: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/systemmint
    open class var systemMint: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/systemteal
    open class var systemTeal: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/systemcyan
    open class var systemCyan: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/systemblue
    open class var systemBlue: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/systemindigo
    open class var systemIndigo: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/systempurple
    open class var systemPurple: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/systempink
    open class var systemPink: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/systembrown
    open class var systemBrown: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/systemgray
    open class var systemGray: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/systemgray2
    open class var systemGray2: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/systemgray3
    open class var systemGray3: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/systemgray4
    open class var systemGray4: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/systemgray5
    open class var systemGray5: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/systemgray6
    open class var systemGray6: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/label
    open class var label: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/secondarylabel
    open class var secondaryLabel: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/tertiarylabel
    open class var tertiaryLabel: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/quaternarylabel
    open class var quaternaryLabel: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/placeholdertext
    open class var placeholderText: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/link
    open class var link: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/separator
    open class var separator: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/opaqueseparator
    open class var opaqueSeparator: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/systemfill
    open class var systemFill: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/secondarysystemfill
    open class var secondarySystemFill: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/tertiarysystemfill
    open class var tertiarySystemFill: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/quaternarysystemfill
    open class var quaternarySystemFill: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/systembackground
    open class var systemBackground: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/secondarysystembackground
    open class var secondarySystemBackground: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/tertiarysystembackground
    open class var tertiarySystemBackground: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/systemgroupedbackground
    open class var systemGroupedBackground: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/secondarysystemgroupedbackground
    open class var secondarySystemGroupedBackground: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uicolor/tertiarysystemgroupedbackground
    open class var tertiarySystemGroupedBackground: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
}

/// https://developer.apple.com/documentation/uikit/uifont
open class UIFont {
    /// https://developer.apple.com/documentation/uikit/uifont/weight
    public struct Weight: Hashable {
        public static let ultraLight = Weight(), thin = Weight(), light = Weight(), regular = Weight(), medium = Weight()
        public static let semibold = Weight(), bold = Weight(), heavy = Weight(), black = Weight()
    }
    /// https://developer.apple.com/documentation/uikit/uifont/textstyle
    public struct TextStyle: Hashable {
        public static let body = TextStyle(), headline = TextStyle(), caption1 = TextStyle()
    }
    /// https://developer.apple.com/documentation/uikit/uifont/systemfont(ofsize:weight:)
    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont { UIFont(descriptor: UIFontDescriptor(fontAttributes: [:]), size: fontSize) }
    /// https://developer.apple.com/documentation/uikit/uifont/init(descriptor:size:)
    public init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {}
    /// https://developer.apple.com/documentation/uikit/uifont/fontdescriptor
    open var fontDescriptor: UIFontDescriptor { UIFontDescriptor(fontAttributes: [:]) }
    /// https://developer.apple.com/documentation/uikit/uifont/pointsize
    open var pointSize: CGFloat { 0 }
    /// https://developer.apple.com/documentation/uikit/uifont/lineheight
    open var lineHeight: CGFloat { 0 }
}

/// https://developer.apple.com/documentation/uikit/nsmutableparagraphstyle
open class NSMutableParagraphStyle {
    public init() {}
    /// https://developer.apple.com/documentation/uikit/nsmutableparagraphstyle/minimumlineheight
    open var minimumLineHeight: CGFloat = 0
    /// https://developer.apple.com/documentation/uikit/nsmutableparagraphstyle/maximumlineheight
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

/// https://developer.apple.com/documentation/uikit/uifontdescriptor
open class UIFontDescriptor {
    /// https://developer.apple.com/documentation/uikit/uifontdescriptor/attributename
    public struct AttributeName: Hashable {
        public static let family = AttributeName(), traits = AttributeName()
    }
    /// https://developer.apple.com/documentation/uikit/uifontdescriptor/traitkey
    public struct TraitKey: Hashable {
        public static let weight = TraitKey()
    }
    /// https://developer.apple.com/documentation/uikit/uifontdescriptor/systemdesign
    public struct SystemDesign: Hashable {
        public static let `default` = SystemDesign(), monospaced = SystemDesign(), serif = SystemDesign(), rounded = SystemDesign()
    }
    /// https://developer.apple.com/documentation/uikit/uifontdescriptor/init(fontattributes:)
    public init(fontAttributes attributes: [UIFontDescriptor.AttributeName: Any] = [:]) {}
    /// https://developer.apple.com/documentation/uikit/uifontdescriptor/withdesign(_:)
    open func withDesign(_ design: UIFontDescriptor.SystemDesign) -> UIFontDescriptor? { self }
}

/// https://developer.apple.com/documentation/uikit/uifontmetrics
open class UIFontMetrics {
    /// https://developer.apple.com/documentation/uikit/uifontmetrics/init(fortextstyle:)
    public init(forTextStyle textStyle: UIFont.TextStyle) {}
    /// https://developer.apple.com/documentation/uikit/uifontmetrics/scaledfont(for:)
    open func scaledFont(for font: UIFont) -> UIFont { font }
}
