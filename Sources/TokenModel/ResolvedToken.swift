package import SourceTree
/// A resolved token: aliases followed, so every value is concrete. A class: it never changes after
/// resolution, and every rule and generator passes tokens around, so a copy is one reference, not a
/// dozen retained fields.
public final class ResolvedToken: Sendable {
    /// The token as written.
    public let token: Token
    /// The type after resolution (always known for a resolved token).
    public let type: TokenType
    /// The concrete value per mode, the light mode first, aliases replaced by their targets' values.
    public let values: [ModeValue]
    /// The paths an alias in `$value` went through, nearest first (empty when not an alias).
    public let aliasChain: [String]
    /// A color token's parsed value per entry of `values` (nil where one does not parse); empty for other types.
    /// Parsed once here, so rules and generators never parse or look up a color by its text again.
    public let colors: [ColorValue?]
    /// The token whose parsed colors `colors` are, when they are another's (an alias's are its target's); nil
    /// when they were parsed for this token. Outputs that format a color once for every token sharing it key
    /// their memos by `colorsIdentity`.
    public let colorsOwner: ResolvedToken?
    /// The typed value per entry of `values` for a token of any type but color (whose typed values are
    /// `colors`); empty for a color token, and for a token made without them (tests that need no values).
    package let typed: [TokenValue]
    /// The facts under `$extensions.tokenc` (the token's own merged with its groups'), kept here so that
    /// `token.facts.role` reads one stored field: rules and outputs ask every token. Lent through a `_read`
    /// accessor instead, each read allocated the accessor's frame (112,300 allocations in a 10k build).
    public let facts: TokencFacts
    /// Four bits per built-in appearance (light lowest, in `Appearance.builtIn`'s order): the index in `values`
    /// of the token's own value in it, 15 when it has none among its first fifteen values. Rules and
    /// generators ask for a token's value in an appearance millions of times; comparing mode names as strings
    /// was most of that.
    let ownValues: UInt16
    /// The same for the value `value(in:)` reads, fallbacks applied; all 15 (worked out by name when asked)
    /// for a token with more than fifteen values.
    let readValues: UInt16

    /// Creates a resolved token, parsing a color token's values.
    package convenience init(token: Token, type: TokenType, values: [ModeValue], aliasChain: [String]) {
        self.init(token: token, type: type, values: values, aliasChain: aliasChain, colors: type == .color ? values.map { entry in
            if case .success(let color) = ColorValue.parse(entry.value) { color } else { nil }
        } : [])
    }

    /// Creates a resolved token whose colors were parsed already: one per value for a color token, none
    /// otherwise. An alias's values have its target's texts, so it shares the target's `colors` (`sharing`).
    public init(token: Token, type: TokenType, values: [ModeValue], aliasChain: [String], colors: [ColorValue?],
                sharingColorsOf target: ResolvedToken? = nil, typed: [TokenValue] = []) {
        precondition(colors.count == (type == .color ? values.count : 0), "one parsed color per value of a color token")
        precondition(typed.isEmpty || (type != .color && typed.count == values.count), "one typed value per value of a token")
        // The index of each built-in appearance's own value (the first value of its mode).
        var own: UInt16 = .max
        for i in values.indices.prefix(15) {
            if let appearance = Appearance.builtInIndex(values[i].mode), Self.nibble(own, appearance) == 15 {
                own = own & ~(0xF << (4 * appearance)) | UInt16(i) << (4 * appearance)
            }
        }
        // Each appearance's own value, else the first of its fallbacks the token has, else its first value; a
        // token with more than fifteen values is read by name instead.
        var read: UInt16 = .max
        if values.count <= 15 {
            for appearance in Appearance.builtIn.indices {
                var index = Self.nibble(own, appearance)
                var fallbacks = Appearance.builtInFallbacks >> (16 * appearance)
                while index == 15, fallbacks & 0xF != 15 {
                    index = Self.nibble(own, Int(fallbacks & 0xF))
                    fallbacks >>= 4
                }
                if index == 15 { index = 0 }
                read = read & ~(0xF << (4 * appearance)) | UInt16(index) << (4 * appearance)
            }
        }
        ownValues = own
        readValues = read
        facts = token.details?.facts ?? TokencFacts.none
        colorsOwner = target.map { $0.colorsOwner ?? $0 }
        self.type = type
        // The rest moved in, each its parameter's last use: a copy retained everything a token or a list holds,
        // and the parameter's end released it again.
        self.token = consume token
        self.values = consume values
        self.aliasChain = consume aliasChain
        self.colors = consume colors
        self.typed = consume typed
    }

    /// The four bits of `packed` for the built-in appearance `appearance`.
    private static func nibble(_ packed: UInt16, _ appearance: Int) -> Int { Int(packed >> (4 * appearance) & 0xF) }

    /// The dotted path.
    public var path: String { token.path }

    /// `$deprecated`, its groups' included: nil when the token is not deprecated, else its explanation (empty
    /// for `true`).
    public var deprecation: String? { token.details?.deprecation }

    /// Names the parsed colors this token has: equal for tokens that share them (an alias and its target), and
    /// unique among live tokens otherwise; nil for a token without colors.
    public var colorsIdentity: ObjectIdentifier? {
        colors.isEmpty ? nil : ObjectIdentifier(colorsOwner ?? self)
    }

    /// Whether a token other than a color has a mode whose value differs from light's in more than its colors (a
    /// composite's `color`, a symbol's `colors`, which the Swift output carries in every mode as a `ThemeColor`):
    /// the Swift output writes such a token as a `TokenModes`, and `diff` calls a change of it breaking.
    public var differsByMode: Bool {
        guard values.count > 1, type != .color, type != .accent else { return false }
        return values.dropFirst().contains { !$0.value.hasSameValue(as: values[0].value, ignoringKeys: Self.colorKeys) }
    }

    /// The keys of a composite's colors, left out when `differsByMode` compares values.
    private static let colorKeys: Set<String> = ["color", "colors"]


    /// The value in `mode`, following the documented fallback when the token does not define it.
    package func value(in mode: String) -> Node { values[valueIndex(in: mode)].value }

    /// The typed value in `mode`, with the same fallback as `value(in:)`; nil only for a token made without
    /// typed values and for a color that did not parse.
    public func typedValue(in mode: String) -> TokenValue? { typedValue(at: valueIndex(in: mode)) }

    /// The typed value of `values[index]`.
    public func typedValue(at index: Int) -> TokenValue? {
        if type == .color { return colors.isEmpty ? nil : colors[index].map(TokenValue.color) }
        return typed.isEmpty ? nil : typed[index]
    }

    /// Every typed value, in the order of `values` (none for a token made without them).
    public var typedValues: [TokenValue] {
        type == .color ? colors.compactMap { $0.map(TokenValue.color) } : typed
    }

    /// A color token's parsed value in `mode`, with the same fallback as `value(in:)`; nil for other types.
    public func colorValue(in mode: String) -> ColorValue? {
        colors.isEmpty ? nil : colors[valueIndex(in: mode)]
    }

    /// The index in `values` that `mode` reads: its own value, else the first of `Appearance.fallbacks(for:)`
    /// the token has, else the first value (the light one).
    func valueIndex(in mode: String) -> Int {
        if let wanted = Appearance.builtInIndex(mode) {
            let read = Self.nibble(readValues, wanted)
            if read != 15 { return read }
        }
        return valueIndexByName(mode)
    }

    /// `valueIndex` for a custom mode, or for a token with more than fifteen values: by name.
    @inline(never)
    private func valueIndexByName(_ mode: String) -> Int {
        index(ofMode: mode) ?? Appearance.fallbacks(for: mode).lazy.compactMap { self.index(ofMode: $0) }.first ?? 0
    }

    /// The index of the value written for `mode` itself, if any.
    ///
    /// A token with many values is searched from its start: a caller asking for each of its modes in turn
    /// keeps its own index by name (`FirstIndexByKey`), as a stored one here made every resolved token larger.
    public func index(ofMode mode: String) -> Int? {
        if let wanted = Appearance.builtInIndex(mode) { return index(ofAppearance: wanted) }
        for i in values.indices where values[i].mode == mode { return i }
        return nil
    }

    /// The index of the value written for the built-in appearance `Appearance.builtIn[wanted]`, if any.
    func index(ofAppearance wanted: Int) -> Int? {
        let own = Self.nibble(ownValues, wanted)
        if own != 15 { return own }
        // Only a token with more than fifteen values (`readValues` all ones) has more to look through; the
        // others answer without reading `values` (at 100,000 tokens, a likely cache miss).
        guard readValues == .max, values.count > 15 else { return nil }
        let name = Appearance.builtIn[wanted]
        for i in 15..<values.count where values[i].mode == name { return i }
        return nil
    }
}

/// Every resolved token of a build, in deterministic path order.
public struct ResolvedTokenSet: Sendable {
    /// The tokens sorted by path.
    public var tokens: [ResolvedToken] {
        didSet { knownIndex = nil }
    }
    /// Every mode name used, built-in appearances first, then custom modes sorted.
    public var modes: [String]
    /// What the groups say about themselves (`$description`, `$extensions`), for the outputs that keep it.
    public var groups: GroupNotes
    /// The positions of `tokens` by path, when whoever made the set had them (the resolver, when every token
    /// resolved); forgotten when `tokens` changes.
    private var knownIndex: PathIndex?

    /// Creates a set; `index`, if given, must index exactly `tokens`' paths.
    public init(tokens: [ResolvedToken], modes: [String], groups: GroupNotes = GroupNotes(), index: PathIndex? = nil) {
        self.tokens = tokens
        self.modes = modes
        self.groups = groups
        knownIndex = index
    }

    /// The positions of the tokens by path: the one the set was made with, or one made now (for 100,000 tokens
    /// 6–8 ms, which the rules' context paid again after the resolver had made the same).
    public var index: PathIndex { knownIndex ?? PathIndex(tokens.map(\.path)) }
}

/// What groups say about themselves, by dotted path (`color.background`; the files' roots are not groups): their
/// `$description`, which the Swift types and the JSON output document, and their `$extensions`, which the JSON
/// output keeps (a group's `tokenc` facts hold for its tokens, and other tools' data belongs to them).
public struct GroupNotes: Sendable {
    /// Each group's `$description`.
    public var descriptions: [String: String] = [:]
    /// Each group's `$extensions` mapping, as written.
    public var extensions: [String: PlainValue] = [:]

    /// No group says anything.
    public init() {}

    /// Whether no group has a description or extensions.
    public var isEmpty: Bool { descriptions.isEmpty && extensions.isEmpty }

    /// Adds `other`'s notes for groups these do not describe or extend yet (the first file's notes win, as the
    /// join keeps a path's first token).
    public mutating func merge(_ other: GroupNotes) {
        descriptions.merge(other.descriptions) { first, _ in first }
        extensions.merge(other.extensions) { first, _ in first }
    }
}
