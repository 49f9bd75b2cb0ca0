package import SourceTree
import SourceData
import TokenColor
/// The DTCG types and tokenc's own types a token can have.
public enum TokenType: String, Sendable, CaseIterable, Hashable {
    case color, dimension, fontFamily, fontWeight, duration, cubicBezier, number
    case strokeStyle, border, transition, shadow, gradient, typography
    case symbol, accent, icon

    /// Whether the type is tokenc's own extension rather than a DTCG type.
    public var isTokencExtension: Bool { self == .symbol || self == .accent || self == .icon }
}

/// The built-in appearances; custom mode names (brand themes) are carried as strings.
public enum Appearance {
    /// The default appearance, written as `$value`.
    public static let light = "light"
    /// The dark appearance.
    public static let dark = "dark"
    /// Light with Increase Contrast turned on.
    public static let lightHighContrast = "light-high-contrast"
    /// Dark with Increase Contrast turned on.
    public static let darkHighContrast = "dark-high-contrast"
    /// The built-in appearances in output order.
    public static let builtIn = [light, dark, lightHighContrast, darkHighContrast]

    /// The built-in appearance `name` spells, case, hyphens, underscores and spaces aside (`Dark`,
    /// `darkHighContrast`), with the usual short forms of high contrast (`light-hc`, `dark_ax`,
    /// `dark-increased-contrast`); nil for any other name.
    package static func builtIn(spelledAs name: String) -> String? {
        func plain(_ text: String) -> String { String(text.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }) }
        let wanted = plain(name)
        if let exact = builtIn.first(where: { plain($0) == wanted }) { return exact }
        for short in ["hc", "ax", "increasedcontrast", "contrast"] where wanted.hasSuffix(short) && wanted != short {
            let long = String(wanted.dropLast(short.count)) + "highcontrast"
            return builtIn.first { plain($0) == long }
        }
        return nil
    }

    /// A built-in appearance's place in `builtIn`; nil for a custom mode.
    public static func builtInIndex(_ mode: String) -> Int? {
        // The four names differ in length, which a string knows without reading it: one comparison at most
        // (rules and generators ask this for every value of every color token).
        switch mode.utf8.count {
        case 5 where mode == light: 0
        case 4 where mode == dark: 1
        case 19 where mode == lightHighContrast: 2
        case 18 where mode == darkHighContrast: 3
        default: nil
        }
    }

    /// `fallbacks(for:)` of each built-in appearance as places in `builtIn`, worked out once and packed: 16 bits
    /// per appearance (light lowest), four per fallback nearest first, 15 after the last. A plain word, so a
    /// token reads it without touching an array.
    static let builtInFallbacks: UInt64 = builtIn.indices.reduce(0) { packed, appearance in
        let places = fallbacks(for: builtIn[appearance]).map { UInt64(builtInIndex($0)!) } + [15, 15, 15, 15]
        return packed | places.prefix(4).enumerated().reduce(0) { $0 | $1.element << (4 * $1.offset) } << (16 * appearance)
    }

    /// The modes a missing mode falls back to, nearest first (documented in docs/token-format.md). A theme's
    /// appearance (`forest-dark`) falls back within the theme first, then to the theme, then to the appearance:
    /// `forest-dark-high-contrast` → `forest-dark` → `forest` → `dark-high-contrast` → `dark` → `light`.
    public static func fallbacks(for mode: String) -> [String] {
        switch mode {
        case dark: return [light]
        case lightHighContrast: return [light]
        case darkHighContrast: return [dark, light]
        default:
            guard let (theme, appearance) = combination(mode) else { return [light] }
            let withinTheme = fallbacks(for: appearance).dropLast().map { theme + "-" + $0 }
            return withinTheme + [theme, appearance] + fallbacks(for: appearance)
        }
    }

    /// The appearances a theme can have modes of its own for, as the suffix of a custom mode's name
    /// (`forest-dark`), longest first.
    static let themedAppearances = [darkHighContrast, lightHighContrast, dark]

    /// The theme and built-in appearance a custom mode named `THEME-APPEARANCE` combines (`forest-dark` is the
    /// `forest` theme in dark, `forest-light-high-contrast` in light with increased contrast); nil for a built-in
    /// appearance and for any other name. The theme part is not empty and not itself a built-in appearance.
    public static func combination(_ mode: String) -> (theme: String, appearance: String)? {
        guard builtInIndex(mode) == nil else { return nil }
        for appearance in themedAppearances where mode.utf8.count > appearance.utf8.count + 1 && mode.hasSuffix("-" + appearance) {
            let theme = String(mode.dropLast(appearance.count + 1))
            return builtInIndex(theme) == nil ? (theme, appearance) : nil
        }
        return nil
    }

    /// The name of theme `theme`'s mode in built-in appearance `appearance` (`forest-dark`); the theme itself
    /// for light.
    public static func combined(theme: String, appearance: String) -> String {
        appearance == light ? theme : theme + "-" + appearance
    }
}

/// A token's value in one mode other than light, as `$extensions.mode` writes it. A struct, not a labelled
/// tuple: the compiler copies a tuple of a string and a node through the runtime's generic tuple copy (about
/// 380 instructions), a struct through code of its own.
public struct WrittenMode: Sendable {
    /// The mode's name (`dark`, `forest`).
    public var name: String
    /// The value written for it.
    package var value: Node

    /// Creates a mode's value.
    package init(name: String, value: Node) {
        self.name = name
        self.value = value
    }
}

/// One token as the tree stage found it: where it is, its type and its unresolved values.
///
/// The fields most tokens leave empty (description, deprecation, extensions, facts) live in one shared box:
/// a token is 104 bytes instead of 216, and a whole set is held twice while it resolves.
public struct Token: Sendable {
    /// The dotted path, such as `color.background.primary`.
    public var path: String
    /// The type, once known (from the token, its groups, or its alias target).
    public var type: TokenType?
    /// Where the token's name is written.
    public var location: SourceLocation
    /// The `$value` node (the light appearance).
    package var value: Node
    /// Other appearances by mode name, from `$extensions.mode`.
    package var modes: [WrittenMode]
    /// The rarely set fields; nil when all are empty.
    public private(set) var details: TokenDetails?

    /// `$description`, if any.
    public var description: String? {
        get { details?.description }
        set { details = TokenDetails.make(description: newValue, deprecation: deprecation, extensions: extensions, facts: facts, overrides: overrides) }
    }
    /// `$deprecated`: nil when not deprecated, otherwise the explanation (may be empty).
    public var deprecation: String? {
        get { details?.deprecation }
        set { details = TokenDetails.make(description: description, deprecation: newValue, extensions: extensions, facts: facts, overrides: overrides) }
    }
    /// The `$extensions` data without `mode` (whose values are `modes`), preserved for JSON output.
    public var extensions: PlainValue? {
        get { details?.extensions }
        set { details = TokenDetails.make(description: description, deprecation: deprecation, extensions: newValue, facts: facts, overrides: overrides) }
    }
    /// The facts under `$extensions.tokenc`, merged with those of its groups.
    public var facts: TokencFacts {
        get { details?.facts ?? TokencFacts() }
        set { details = TokenDetails.make(description: description, deprecation: deprecation, extensions: extensions, facts: newValue, overrides: overrides) }
    }
    /// The definitions of the same path this one overrides, earliest first: sources a resolver document merges
    /// before this token's ("last one wins").
    public var overrides: [SourceLocation] {
        get { details?.overrides ?? [] }
        set { details = TokenDetails.make(description: description, deprecation: deprecation, extensions: extensions, facts: facts, overrides: newValue) }
    }

    /// Creates a token.
    package init(
        path: String, type: TokenType?, location: SourceLocation, value: Node,
        modes: [WrittenMode] = [], description: String? = nil,
        deprecation: String? = nil, extensions: PlainValue? = nil, facts: TokencFacts = TokencFacts()
    ) {
        self.init(path: path, type: type, location: location, value: value, modes: modes,
                  details: TokenDetails.make(description: description, deprecation: deprecation, extensions: extensions, facts: facts))
    }

    /// Creates a token whose rarely set fields are already boxed (tokens of one group share their facts' box).
    package init(path: String, type: TokenType?, location: SourceLocation, value: Node, modes: [WrittenMode],
                details: TokenDetails?)
    {
        self.path = path
        self.type = type
        self.location = location
        self.value = value
        self.modes = modes
        self.details = details
    }
}

/// A token's rarely set fields, boxed and never changed: a token that sets one gets a new box.
public final class TokenDetails: Sendable {
    /// `$description`, if any.
    public let description: String?
    /// `$deprecated`, if any.
    public let deprecation: String?
    /// The `$extensions` data.
    public let extensions: PlainValue?
    /// The facts under `$extensions.tokenc`, merged with those of its groups.
    public let facts: TokencFacts
    /// The earlier definitions this token overrides (`Token.overrides`).
    public let overrides: [SourceLocation]

    /// A box for these fields; nil when they are all empty.
    public static func make(description: String?, deprecation: String?, extensions: PlainValue?, facts: TokencFacts,
                            overrides: [SourceLocation] = []) -> TokenDetails? {
        if description == nil, deprecation == nil, extensions == nil, facts.isEmpty, overrides.isEmpty { return nil }
        return TokenDetails(description: description, deprecation: deprecation, extensions: extensions, facts: facts, overrides: overrides)
    }

    private init(description: String?, deprecation: String?, extensions: PlainValue?, facts: TokencFacts, overrides: [SourceLocation]) {
        self.description = description
        self.deprecation = deprecation
        self.extensions = extensions
        self.facts = facts
        self.overrides = overrides
    }
}

/// One mode's concrete value, as a resolved token holds it.
///
/// A struct, not a `(mode, value)` tuple: reading one field of an array's tuple element copied the whole
/// element (its node retained and released) through the runtime's generic tuple copy; a struct's field is
/// read where it is.
public struct ModeValue: Sendable {
    /// The mode's name (`light`, `dark`, or a custom mode).
    public var mode: String
    /// The value in that mode.
    package var value: Node

    /// Creates a mode's value.
    package init(_ mode: String, _ value: Node) {
        self.mode = mode
        self.value = value
    }

    /// The value as data, its places left out (what `diff` compares part by part, what the JSON output writes).
    public var plain: PlainValue { PlainValue(value) }

    /// The value as one line of text: scalars as written, lists and objects in flow style.
    public var text: String { value.writtenText }

    /// Whether `other` is written the same, places aside (`Node.hasSameText`); the mode names are not compared.
    public func hasSameText(as other: ModeValue) -> Bool { value.hasSameText(as: other.value) }

    /// A DTCG color object as the CSS color it means, its numbers as written (`oklch(0.6 0.15 250)`); nil for
    /// anything else.
    public var colorObjectText: String? { ColorValue.cssText(ofObject: value) }
}

/// Dotted token paths taken apart.
public enum TokenPath {
    /// The names of a dotted path, split at each `.` byte: names never contain a dot (the tree stage rejects
    /// them), and splitting bytes skips the grapheme breaking a `Character` split pays for.
    public static func segments(_ path: String, omittingEmpty: Bool = false) -> [String] {
        path.withContiguousUTF8 { bytes in
            // Sized first: growing the array two or three times cost more than counting the dots.
            var dots = 0
            for byte in bytes where byte == UInt8(ascii: ".") { dots += 1 }
            var out: [String] = []
            out.reserveCapacity(dots + 1)
            var start = 0
            for i in 0...bytes.count where i == bytes.count || bytes[i] == UInt8(ascii: ".") {
                if !omittingEmpty || i > start {
                    out.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
                }
                start = i + 1
            }
            return out
        }
    }
}
