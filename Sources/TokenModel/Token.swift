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

    /// The modes a missing mode falls back to, nearest first (documented in docs/token-format.md).
    public static func fallbacks(for mode: String) -> [String] {
        switch mode {
        case dark: [light]
        case lightHighContrast: [light]
        case darkHighContrast: [dark, light]
        default: [light]
        }
    }
}

/// One token as the tree stage found it: where it is, its type and its unresolved values.
public struct Token: Sendable {
    /// The dotted path, such as `color.background.primary`.
    public var path: String
    /// The type, once known (from the token, its groups, or its alias target).
    public var type: TokenType?
    /// Where the token's name is written.
    public var location: SourceLocation
    /// The `$value` node (the light appearance).
    public var value: Node
    /// Other appearances by mode name, from `$extensions.mode`.
    public var modes: [(name: String, value: Node)]
    /// `$description`, if any.
    public var description: String?
    /// `$deprecated`: nil when not deprecated, otherwise the explanation (may be empty).
    public var deprecation: String?
    /// The `$extensions` node, preserved for JSON output.
    public var extensions: Node?
    /// The facts under `$extensions.tokenc`, merged with those of its groups.
    public var facts: TokencFacts

    /// Creates a token.
    public init(
        path: String, type: TokenType?, location: SourceLocation, value: Node,
        modes: [(name: String, value: Node)] = [], description: String? = nil,
        deprecation: String? = nil, extensions: Node? = nil, facts: TokencFacts = TokencFacts()
    ) {
        self.path = path
        self.type = type
        self.location = location
        self.value = value
        self.modes = modes
        self.description = description
        self.deprecation = deprecation
        self.extensions = extensions
        self.facts = facts
    }
}

/// A resolved token: aliases followed, so every value is concrete.
public struct ResolvedToken: Sendable {
    /// The token as written.
    public var token: Token
    /// The type after resolution (always known for a resolved token).
    public var type: TokenType
    /// The concrete value per mode, the light mode first, aliases replaced by their targets' values.
    public var values: [(mode: String, value: Node)]
    /// The paths an alias in `$value` went through, nearest first (empty when not an alias).
    public var aliasChain: [String]

    /// Creates a resolved token.
    public init(token: Token, type: TokenType, values: [(mode: String, value: Node)], aliasChain: [String]) {
        self.token = token
        self.type = type
        self.values = values
        self.aliasChain = aliasChain
    }

    /// The dotted path.
    public var path: String { token.path }

    /// The value in `mode`, following the documented fallback when the token does not define it.
    public func value(in mode: String) -> Node {
        for candidate in [mode] + Appearance.fallbacks(for: mode) {
            if let found = values.first(where: { $0.mode == candidate }) { return found.value }
        }
        return values[0].value
    }
}

/// Every resolved token of a build, in deterministic path order.
public struct ResolvedTokenSet: Sendable {
    /// The tokens sorted by path.
    public var tokens: [ResolvedToken]
    /// Every mode name used, built-in appearances first, then custom modes sorted.
    public var modes: [String]

    /// Creates a set.
    public init(tokens: [ResolvedToken], modes: [String]) {
        self.tokens = tokens
        self.modes = modes
    }
}
