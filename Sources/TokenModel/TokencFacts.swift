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
            guard bytes[0] == UInt8(ascii: "{"), bytes[bytes.count - 1] == UInt8(ascii: "}") else { return nil }
            let inner = UnsafeBufferPointer(rebasing: bytes[1..<(bytes.count - 1)])
            guard !inner.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) else { return nil }
            return String(decoding: inner, as: UTF8.self)
        }
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
public struct TokencFacts: Sendable, Hashable {
    /// The keys `$extensions.tokenc` takes, in the order docs/token-format.md lists them.
    public static let keys = ["on", "text", "large-text", "role", "meaning", "platforms", "locales", "ignore"]

    /// Surfaces this foreground is drawn on.
    public var on: [TokenReference] = []
    /// Body text: needs 4.5:1.
    public var text = false
    /// Large text: needs 3:1.
    public var largeText = false
    /// The semantic role of a color.
    public var role: ColorRole?
    /// What the color tells people (`meaning:`), when it is not its role's default meaning.
    public var writtenMeaning: String?
    /// Where the token is used; empty means every platform.
    public var platforms: [Platform] = []
    /// The locales a sticker pack (or any group) is localized into (`locales: [en, fr]`).
    public var locales: [String] = []
    /// Silenced rules.
    public var ignore: [IgnoredRule] = []

    /// Creates empty facts.
    public init() {}

    /// Empty facts, made once: what a token without any reads.
    public static let none = TokencFacts()

    /// Whether no fact is set (as `== TokencFacts()`, without comparing lists through `Equatable`: asked for
    /// every token read).
    public var isEmpty: Bool {
        on.isEmpty && !text && !largeText && role == nil && writtenMeaning == nil && platforms.isEmpty && locales.isEmpty && ignore.isEmpty
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
