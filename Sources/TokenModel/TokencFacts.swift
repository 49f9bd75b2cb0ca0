import SourceData
/// The semantic job of a color, from `$extensions.tokenc.role`.
public enum ColorRole: String, Sendable, CaseIterable, Hashable {
    case background, elevated, label, fill, separator, interactive, destructive, success, warning, info, focus

    /// What a color of this role means when the token says no `meaning` of its own (docs/token-format.md has the
    /// table): status and interaction roles mean something, surfaces and structure do not. A focus ring follows
    /// the accent (macOS's keyboard focus indicator does), so it means what interactive means.
    public var defaultMeaning: String? {
        switch self {
        case .background, .elevated, .label, .fill, .separator: nil
        case .interactive, .focus: "interactive"
        case .destructive: "destructive"
        case .success: "success"
        case .warning: "warning"
        case .info: "info"
        }
    }
}

/// A platform a token is used on, from `$extensions.tokenc.platforms`.
public enum Platform: String, Sendable, CaseIterable, Hashable {
    case ios, ipados, macos, tvos, visionos, watchos, web
}

/// A reference to another token written in `$extensions.tokenc` (an `on` surface), with where it is written.
public struct TokenReference: Sendable, Hashable {
    /// The dotted path inside the braces.
    public var path: String
    /// Where the reference is written.
    public var location: SourceLocation

    /// Creates a reference.
    public init(path: String, location: SourceLocation) {
        self.path = path
        self.location = location
    }

    /// The path inside a whole-value alias `"{a.b}"`, or nil when the text is not one.
    public static func aliasPath(_ text: String?) -> String? {
        guard let text, text.utf8.count > 2 else { return nil }
        // Read as one contiguous buffer: scanning the string's UTF-8 view a byte at a time cost ten times more.
        return text.withContiguousUTF8 { bytes -> String? in
            isAlias(bytes) ? String(decoding: UnsafeBufferPointer(rebasing: bytes[1..<(bytes.count - 1)]), as: UTF8.self) : nil
        }
    }

    /// Whether the text is a whole-value alias `"{a.b}"` (`aliasPath` is not nil), without making the path.
    public static func isAlias(_ text: String?) -> Bool {
        guard let text, text.utf8.count > 2 else { return false }
        return text.withContiguousUTF8 { isAlias($0) }
    }

    /// Whether the UTF-8 bytes are `{`, a path without braces, `}`.
    private static func isAlias<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Bool where Bytes.Index == Int {
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "{"), bytes[bytes.count - 1] == UInt8(ascii: "}") else { return false }
        return !bytes[1..<(bytes.count - 1)].contains { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }
    }
}

/// A finding the user silenced on a token, with the reason they gave.
public struct IgnoredRule: Sendable, Hashable {
    /// The rule id, such as `color/contrast`.
    public var rule: String
    /// Why it does not apply; required.
    public var reason: String
    /// Where the entry is written.
    public var location: SourceLocation

    /// Creates an ignore entry.
    public init(rule: String, reason: String, location: SourceLocation) {
        self.rule = rule
        self.reason = reason
        self.location = location
    }
}

/// What guideline rules need to know about a token (`$extensions.tokenc`), inherited from groups like `$type`.
///
/// One reference to an immutable box of the fields, none for empty facts (most tokens'): a resolved token keeps
/// its facts in a field of its own (read by every rule and output), at 8 bytes instead of the fields' 56, and
/// setting a field makes a new box. No box for empty facts: one shared box, read by every rule on every core,
/// would have its count changed by all of them at once.
public struct TokencFacts: Sendable, Hashable {
    /// The keys `$extensions.tokenc` takes, in the order docs/token-format.md lists them.
    public static let keys = ["on", "text", "large-text", "role", "meaning", "platforms", "locales", "ignore"]

    /// The facts' fields, as written.
    private struct Fields: Sendable, Hashable {
        var on: [TokenReference] = []
        var text = false
        var largeText = false
        var role: ColorRole?
        var writtenMeaning: String?
        var platforms: [Platform] = []
        var locales: [String] = []
        var ignore: [IgnoredRule] = []
    }

    /// The box: never changed once made, so shared freely between tokens and threads.
    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// The fields; nil when they are all empty.
    private var box: Box?

    /// The fields, empty ones for no box.
    private var fields: Fields { box?.fields ?? Fields() }

    /// A copy of the fields with one changed, in a new box.
    private mutating func change(_ edit: (inout Fields) -> Void) {
        var fields = self.fields
        edit(&fields)
        box = Box(fields)
    }

    /// Surfaces this foreground is drawn on.
    public var on: [TokenReference] {
        get { box?.fields.on ?? [] }
        set { change { $0.on = newValue } }
    }
    /// Body text: needs 4.5:1.
    public var text: Bool {
        get { box?.fields.text ?? false }
        set { change { $0.text = newValue } }
    }
    /// Large text: needs 3:1.
    public var largeText: Bool {
        get { box?.fields.largeText ?? false }
        set { change { $0.largeText = newValue } }
    }
    /// The semantic role of a color.
    public var role: ColorRole? {
        get { box?.fields.role }
        set { change { $0.role = newValue } }
    }
    /// What the color tells people (`meaning:`), when it is not its role's default meaning.
    public var writtenMeaning: String? {
        get { box?.fields.writtenMeaning }
        set { change { $0.writtenMeaning = newValue } }
    }
    /// Where the token is used; empty means every platform.
    public var platforms: [Platform] {
        get { box?.fields.platforms ?? [] }
        set { change { $0.platforms = newValue } }
    }
    /// The locales a sticker pack (or any group) is localized into (`locales: [en, fr]`).
    public var locales: [String] {
        get { box?.fields.locales ?? [] }
        set { change { $0.locales = newValue } }
    }
    /// Silenced rules.
    public var ignore: [IgnoredRule] {
        get { box?.fields.ignore ?? [] }
        set { change { $0.ignore = newValue } }
    }

    /// Creates empty facts (no box: nothing is allocated).
    public init() { box = nil }

    /// Empty facts, made once: what a token without any reads.
    public static let none = TokencFacts()

    /// Facts are equal when their fields are.
    public static func == (lhs: TokencFacts, rhs: TokencFacts) -> Bool { lhs.box === rhs.box || lhs.fields == rhs.fields }

    /// Hashes the fields.
    public func hash(into hasher: inout Hasher) { hasher.combine(fields) }

    /// Whether no fact is set (as `== TokencFacts()`, without comparing lists through `Equatable`: asked for
    /// every token read).
    public var isEmpty: Bool {
        guard let f = box?.fields else { return true }
        return f.on.isEmpty && !f.text && !f.largeText && f.role == nil && f.writtenMeaning == nil && f.platforms.isEmpty
            && f.locales.isEmpty && f.ignore.isEmpty
    }

    /// What the color tells people: its own `meaning`, else its role's default one; nil for a color that carries
    /// no meaning (a surface, a label, a separator), which may share its value with anything.
    public var meaning: String? { writtenMeaning ?? role?.defaultMeaning }

    /// Whether this is the app's background: role `background` and drawn on no other surface (a background
    /// with `on` sits on another, as a platter or a card does).
    public var isAppBackground: Bool { role == .background && on.isEmpty }

    /// Whether the color is a surface things are drawn on: role `background` or `elevated`.
    public var isSurfaceRole: Bool { role == .background || role == .elevated }

    /// Whether the token is used on `platform` (no list means everywhere).
    public func isUsed(on platform: Platform) -> Bool { platforms.isEmpty || platforms.contains(platform) }
}
