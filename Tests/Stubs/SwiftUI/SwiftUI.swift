// Stub of SwiftUI for type-checking generated code on Linux. Not Apple's code: declarations only.
// SwiftUI re-exports Foundation and Core Graphics (CGFloat); on Linux, Foundation has CGFloat.
@_exported import Foundation
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

/// https://developer.apple.com/documentation/swiftui/view
public protocol View {}

/// https://developer.apple.com/documentation/swiftui/shapestyle
public protocol ShapeStyle {}

/// https://developer.apple.com/documentation/swiftui/color
public struct Color: View, ShapeStyle {
    #if canImport(UIKit)
    /// https://developer.apple.com/documentation/swiftui/color/init(uicolor:)
    public init(uiColor: UIColor) {}
    #elseif canImport(AppKit)
    /// https://developer.apple.com/documentation/swiftui/color/init(nscolor:)
    public init(nsColor: NSColor) {}
    #endif
}

/// https://developer.apple.com/documentation/swiftui/image
public struct Image: View {
    /// https://developer.apple.com/documentation/swiftui/image/init(systemname:)
    public init(systemName: String) {}
    /// https://developer.apple.com/documentation/swiftui/image/scale
    public enum Scale { case small, medium, large }
}

/// https://developer.apple.com/documentation/swiftui/symbolrenderingmode
public struct SymbolRenderingMode {
    public static let monochrome = SymbolRenderingMode()
    public static let hierarchical = SymbolRenderingMode()
    public static let palette = SymbolRenderingMode()
    public static let multicolor = SymbolRenderingMode()
}

/// https://developer.apple.com/documentation/swiftui/font
public struct Font {
    /// https://developer.apple.com/documentation/swiftui/font/weight
    public struct Weight {
        public static let ultraLight = Weight(), thin = Weight(), light = Weight(), regular = Weight(), medium = Weight()
        public static let semibold = Weight(), bold = Weight(), heavy = Weight(), black = Weight()
    }
    /// https://developer.apple.com/documentation/swiftui/font/design
    public enum Design { case `default`, serif, rounded, monospaced }
    /// https://developer.apple.com/documentation/swiftui/font/system(size:weight:design:)
    public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font { Font() }
    /// https://developer.apple.com/documentation/swiftui/font/textstyle
    public enum TextStyle { case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2 }
    /// https://developer.apple.com/documentation/swiftui/font/custom(_:fixedsize:)
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font { Font() }
    /// https://developer.apple.com/documentation/swiftui/font/weight(_:)
    public func weight(_ weight: Font.Weight) -> Font { self }
}

/// https://developer.apple.com/documentation/swiftui/anyview
public struct AnyView: View {
    /// https://developer.apple.com/documentation/swiftui/anyview/init(_:)-5dljh
    public init<V: View>(_ view: V) {}
}

/// https://developer.apple.com/documentation/swiftui/shape
public protocol Shape: View {}

/// https://developer.apple.com/documentation/swiftui/insettableshape
public protocol InsettableShape: Shape {}

extension InsettableShape {
    /// https://developer.apple.com/documentation/swiftui/insettableshape/strokeborder(_:style:antialiased:)
    public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> some View { ModifiedView() }
}

/// https://developer.apple.com/documentation/swiftui/roundedrectangle
public struct RoundedRectangle: InsettableShape {
    /// https://developer.apple.com/documentation/swiftui/roundedrectangle/init(cornerradius:style:)
    public init(cornerRadius: CGFloat) {}
}

/// https://developer.apple.com/documentation/coregraphics/cglinecap (SwiftUI re-exports Core Graphics)
public enum CGLineCap { case butt, round, square }

/// https://developer.apple.com/documentation/swiftui/strokestyle
public struct StrokeStyle {
    /// https://developer.apple.com/documentation/swiftui/strokestyle/init(linewidth:linecap:linejoin:miterlimit:dash:dashphase:)
    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, dash: [CGFloat] = []) {}
}

/// https://developer.apple.com/documentation/swiftui/gradient
public struct Gradient {
    /// https://developer.apple.com/documentation/swiftui/gradient/stop
    public struct Stop {
        /// https://developer.apple.com/documentation/swiftui/gradient/stop/init(color:location:)
        public init(color: Color, location: CGFloat) {}
    }
    /// https://developer.apple.com/documentation/swiftui/gradient/init(stops:)
    public init(stops: [Gradient.Stop]) {}
}

/// https://developer.apple.com/documentation/swiftui/animation
public struct Animation {
    /// https://developer.apple.com/documentation/swiftui/animation/timingcurve(_:_:_:_:duration:)
    public static func timingCurve(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, duration: TimeInterval = 0.35) -> Animation { Animation() }
    /// https://developer.apple.com/documentation/swiftui/animation/delay(_:)
    public func delay(_ delay: TimeInterval) -> Animation { self }
}

/// https://developer.apple.com/documentation/swiftui/scaledmetric
@propertyWrapper
public struct ScaledMetric<Value: BinaryFloatingPoint> {
    /// https://developer.apple.com/documentation/swiftui/scaledmetric/wrappedvalue
    public var wrappedValue: Value { value }
    private let value: Value
    /// https://developer.apple.com/documentation/swiftui/scaledmetric/init(wrappedvalue:relativeto:)
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) { value = wrappedValue }
}

/// https://developer.apple.com/documentation/swiftui/viewmodifier
public protocol ViewModifier {
    /// https://developer.apple.com/documentation/swiftui/viewmodifier/body
    associatedtype Body: View
    /// https://developer.apple.com/documentation/swiftui/viewmodifier/body(content:)
    func body(content: Content) -> Body
    /// https://developer.apple.com/documentation/swiftui/viewmodifier/content
    typealias Content = _ViewModifier_Content<Self>
}

/// https://developer.apple.com/documentation/swiftui/_viewmodifier_content
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {}

/// A modified view (SwiftUI's ModifiedContent, simplified).
public struct ModifiedView: View {}

extension View {
    /// https://developer.apple.com/documentation/swiftui/view/font(_:)
    public func font(_ font: Font?) -> some View { ModifiedView() }
    /// https://developer.apple.com/documentation/swiftui/view/tracking(_:)
    public func tracking(_ tracking: CGFloat) -> some View { ModifiedView() }
    /// https://developer.apple.com/documentation/swiftui/view/linespacing(_:)
    public func lineSpacing(_ lineSpacing: CGFloat) -> some View { ModifiedView() }
    /// https://developer.apple.com/documentation/swiftui/view/modifier(_:)
    public func modifier<T: ViewModifier>(_ modifier: T) -> some View { ModifiedView() }
    /// https://developer.apple.com/documentation/swiftui/view/shadow(color:radius:x:y:)
    public func shadow(color: Color, radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View { ModifiedView() }
    /// https://developer.apple.com/documentation/swiftui/view/overlay(alignment:content:)
    public func overlay<V: View>(@ViewBuilder content: () -> V) -> some View { ModifiedView() }
    /// https://developer.apple.com/documentation/swiftui/view/symbolrenderingmode(_:)
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View { ModifiedView() }
    /// https://developer.apple.com/documentation/swiftui/view/fontweight(_:)
    public func fontWeight(_ weight: Font.Weight?) -> some View { ModifiedView() }
    /// https://developer.apple.com/documentation/swiftui/view/imagescale(_:)
    public func imageScale(_ scale: Image.Scale) -> some View { ModifiedView() }
    /// https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:)
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { ModifiedView() }
    /// https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:_:)
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2) -> some View { ModifiedView() }
    /// https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:_:_:)
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle, S3: ShapeStyle>(_ primary: S1, _ secondary: S2, _ tertiary: S3) -> some View { ModifiedView() }
}

/// https://developer.apple.com/documentation/swiftui/_conditionalcontent
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    init() {}
}

/// https://developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder
public struct ViewBuilder {
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent() }
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(second:)
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent() }
}

/// https://developer.apple.com/documentation/swiftui/environmentvalues
public struct EnvironmentValues {
    public var colorScheme: ColorScheme = .light
    public var colorSchemeContrast: ColorSchemeContrast = .standard
    public init() {}
}

/// https://developer.apple.com/documentation/swiftui/colorscheme
public enum ColorScheme: Sendable { case light, dark }
/// https://developer.apple.com/documentation/swiftui/colorschemecontrast
public enum ColorSchemeContrast: Sendable { case standard, increased }
