import TokenModel
import TokenColor
import ImageDecoding
import Locks

/// What reading a file a token names (an icon image) gave: its bytes, or why there are none.
public enum ReferencedFile: Sendable {
    /// The file's bytes.
    case bytes([UInt8])
    /// No such file (or it cannot be read, or is over the size limit).
    case notFound
    /// The path is absolute or leaves the project, so it is not read.
    case outsideProject
}

/// The resolved tokens with the look-ups rules share: values per mode, parsed colors, references, usage.
/// Immutable: everything is worked out when it is made, before any rule runs, so rules running side by side
/// only read it.
public final class RuleContext: Sendable {
    /// Every resolved token, sorted by path.
    public let tokens: [ResolvedToken]
    /// The configuration, for rule options.
    public let configuration: RuleConfiguration
    /// Reads a file (an icon image) named relative to a token file; nil when it cannot.
    public let readFile: @Sendable (_ path: String, _ relativeTo: String) -> ReferencedFile

    private let index: PathIndex

    /// What most color rules decide on first, for one color token: four bytes read from one dense list, where
    /// reading the token's own fields for it waited on memory (each of ten rules walked every color token, and at
    /// 100,000 tokens nearly every token read missed the cache).
    public struct ColorSummary: Sendable {
        /// The token's `role`.
        public let role: ColorRole?
        private var bits: UInt16

        private static let usedInUI: UInt16 = 1, hasDark: UInt16 = 2, lightIsSystem: UInt16 = 4, hasMeaning: UInt16 = 8
        private static let appBackground: UInt16 = 16, watchOSOnly: UInt16 = 32, listsTVOS: UInt16 = 64
        private static let ownWideLight: UInt16 = 128, outsideSRGB: UInt16 = 256

        init(_ token: ResolvedToken) {
            let facts = token.facts
            role = facts.role
            bits = 0
            let platforms = facts.platforms
            if facts.meaning != nil { bits |= Self.hasMeaning }
            if facts.isAppBackground { bits |= Self.appBackground }
            if platforms == [.watchos] { bits |= Self.watchOSOnly }
            if platforms.contains(.tvos) { bits |= Self.listsTVOS }
            if token.index(ofMode: Appearance.dark) != nil { bits |= Self.hasDark }
            switch token.colorValue(in: Appearance.light) {
            case .system?: bits |= Self.lightIsSystem
            case .color(let light)? where light.space != .srgb && light.space != .hsl && light.space != .hwb && token.aliasChain.isEmpty:
                bits |= Self.ownWideLight
            default: break
            }
            if token.colors.contains(where: { if case .color(let color)? = $0 { !color.isInGamut(.srgb) } else { false } }) {
                bits |= Self.outsideSRGB
            }
        }

        /// Marks the color as used in UI.
        mutating func markUsedInUI() { bits |= Self.usedInUI }

        /// Used in UI (docs/rules.md): it has `on` or a role, or is named by an `on` list, an accent's surfaces or
        /// text-on-accent, or a symbol's colors.
        public var isUsedInUI: Bool { bits & Self.usedInUI != 0 }
        /// It has a value of its own in the dark appearance.
        public var hasDark: Bool { bits & Self.hasDark != 0 }
        /// Its light value is a system color (`{system.NAME}`).
        public var lightIsSystem: Bool { bits & Self.lightIsSystem != 0 }
        /// It carries a meaning (`TokencFacts.meaning`).
        public var hasMeaning: Bool { bits & Self.hasMeaning != 0 }
        /// It is the app's background (`TokencFacts.isAppBackground`).
        public var isAppBackground: Bool { bits & Self.appBackground != 0 }
        /// Its `platforms` are watchOS alone.
        public var isWatchOSOnly: Bool { bits & Self.watchOSOnly != 0 }
        /// Its `platforms` list tvOS.
        public var listsTVOS: Bool { bits & Self.listsTVOS != 0 }
        /// Its light value is its own (not an alias's) and written in a space that may reach outside sRGB: any
        /// but `srgb`, `hsl()` and `hwb()`.
        public var lightIsOwnWideColor: Bool { bits & Self.ownWideLight != 0 }
        /// One of its values is a color outside sRGB.
        public var hasColorOutsideSRGB: Bool { bits & Self.outsideSRGB != 0 }
    }

    /// One summary per color token, in `tokens(of: .color)`'s order.
    public let colorSummaries: [ColorSummary]

    /// The color tokens whose summary passes `test`, in path order: a color rule's walk, which reads only the
    /// tokens it keeps.
    public func colors(where test: (ColorSummary) -> Bool) -> [ResolvedToken] {
        Self.colors(tokens(of: .color), colorSummaries, where: test)
    }

    /// The `colors` whose summary (at the same place in `summaries`) passes `test`.
    private static func colors(_ colors: [ResolvedToken], _ summaries: [ColorSummary], where test: (ColorSummary) -> Bool) -> [ResolvedToken] {
        var kept: [ResolvedToken] = []
        for k in summaries.indices where test(summaries[k]) { kept.append(colors[k]) }
        return kept
    }

    /// Decoded images by token file and path, so that each image is decoded once, by the first rule that reads
    /// its pixels. Each image has a lock of its own, held while it decodes: a rule that wants an image another rule
    /// is decoding waits for it rather than decode it again, and two rules that want different images decode them
    /// side by side (one lock for every image made the icons of a set decode one after another). Six rules read
    /// pixels; the others never take these locks.
    private let decoded = LockedValue<[String: LockedValue<DecodedImageSlot>]>([:])

    /// What a rule found in an image's slot: nothing yet, or the decoding's outcome (nil: no file to read).
    private enum DecodedImageSlot {
        case notDecoded
        case decoded(Result<DecodedImage, PNGDecodingError>?)
    }

    /// The pixels of the image at `path`, named relative to `file`: decoded once per build; nil when the file
    /// cannot be read (not found, or outside the project), the decoder's error when it is no PNG it can read.
    public func pixels(_ path: String, relativeTo file: String) -> Result<DecodedImage, PNGDecodingError>? {
        let key = file + "\u{0}" + path
        let slot = decoded.withLock { table in
            if let known = table[key] { return known }
            let slot = LockedValue(DecodedImageSlot.notDecoded)
            table[key] = slot
            return slot
        }
        return slot.withLock { state in
            if case .decoded(let result) = state { return result }
            var result: Result<DecodedImage, PNGDecodingError>?
            if case .bytes(let bytes) = readFile(path, file) { result = PNGDecoder.decode(bytes) }
            state = .decoded(result)
            return result
        }
    }

    /// The `ignore` entries of `$extensions.tokenc` by token path, for the engine to apply to the findings.
    let ignores: [String: [IgnoredRule]]

    /// What the guideline checks can see in the set: its colors, those with a role, and the pairs they declare
    /// (`on`) whose surface is a color of the set, with those surfaces. Counted in the walk that finds the colors
    /// used in UI, which reads the same facts (a walk of its own read every token from memory again).
    public struct Coverage: Equatable, Sendable {
        /// Color tokens.
        public var colors = 0
        /// Colors with a `role`.
        public var withRole = 0
        /// Declared (foreground, surface) pairs of colors whose surface is a color token of the set.
        public var pairs = 0
        /// The distinct surfaces those pairs name.
        public var surfaces = 0
    }

    /// The coverage of the context's tokens.
    public let coverage: Coverage

    /// The appearances rules check, in order.
    public static let appearances = Appearance.builtIn

    /// Builds the context; `index` is `tokens`' positions by path (`ResolvedTokenSet.index`).
    public init(tokens: [ResolvedToken], configuration: RuleConfiguration, index: PathIndex,
                readFile: @escaping @Sendable (_ path: String, _ relativeTo: String) -> ReferencedFile = { _, _ in .notFound })
    {
        self.tokens = tokens
        self.configuration = configuration
        self.readFile = readFile
        self.index = index
        let walked = Self.walk(tokens, index: index)
        (colorSummaries, ignores, coverage, byType) = (walked.summaries, walked.ignores, walked.coverage, walked.byType)
        iconsByKind = Self.iconsByKind(walked.byType[.icon] ?? [])
        // Only a color used in UI can have `on`.
        let drawn = Self.colors(walked.byType[.color] ?? [], walked.summaries, where: \.isUsedInUI)
        contrastPairsFound = ContrastPairs.find(colors: drawn) { path in index[path].map { tokens[$0] } }
    }

    /// The token at `path`.
    public func token(_ path: String) -> ResolvedToken? { index[path].map { tokens[$0] } }

    /// Tokens of one type (indexed once; every rule asks).
    public func tokens(of type: TokenType) -> [ResolvedToken] { byType[type] ?? [] }

    private let byType: [TokenType: [ResolvedToken]]

    /// The declared foreground–surface pairs (`on:`), found once for the rules that measure them.
    let contrastPairsFound: (pairs: [ContrastPairs.Pair], unmeasured: Int, first: ContrastPairs.Pair?)
    /// The declared pairs measured (at most `ContrastPairs.limit`).
    var contrastPairs: [ContrastPairs.Pair] { contrastPairsFound.pairs }

    /// Icon tokens by the `kind` of their light value, in path order. Ten icon rules each want one or two
    /// kinds; reading every icon's kind once here replaces reading it again in each rule.
    private let iconsByKind: [String: [ResolvedToken]]

    private static func iconsByKind(_ icons: [ResolvedToken]) -> [String: [ResolvedToken]] {
        var groups: [String: [ResolvedToken]] = [:]
        for token in icons {
            if let kind = token.typedValue(in: Appearance.light)?.icon?.kind { groups[kind, default: []].append(token) }
        }
        return groups
    }

    /// Icon tokens whose light value has this `kind` (`app-icon`, `toolbar` …), in path order.
    func icons(kind: String) -> [ResolvedToken] { iconsByKind[kind] ?? [] }

    /// Whether the token defines `mode` itself or through an alias (not through fallback).
    public func has(_ token: ResolvedToken, mode: String) -> Bool {
        token.index(ofMode: mode) != nil
    }

    /// The token's typed value in `mode`, following the documented fallback when the mode is missing.
    public func value(_ token: ResolvedToken, in mode: String) -> TokenValue? { token.typedValue(in: mode) }

    /// A color token's parsed value in `mode` (system colors resolved to their value for the mode).
    public func color(_ token: ResolvedToken, in mode: String) -> Color? {
        colorValue(token, in: mode)?.color(in: mode)
    }

    /// A color token's parsed value in `mode`, keeping system references as such; nil for other types.
    public func colorValue(_ token: ResolvedToken, in mode: String) -> ColorValue? { token.colorValue(in: mode) }

    /// The alias paths written in a field of the token's own `$value` (before resolution), with their locations.
    public func references(_ token: ResolvedToken, field: String) -> [TokenReference] {
        Self.references(token, field: field)
    }

    private static func references(_ token: ResolvedToken, field: String) -> [TokenReference] {
        token.writtenItems(of: field).compactMap { item in
            guard ColorValue.systemName(item.value ?? "") == nil, let path = TokenReference.aliasPath(item.value) else { return nil }
            return TokenReference(path: path, location: item.location)
        }
    }

    /// One walk over every token for what the rules share: each color's summary (a color is used in UI when it
    /// has `on` or a role, or is named by an `on` list, an accent's surfaces or text-on-accent, or a symbol's
    /// colors), the `ignore` entries, the coverage, and the tokens by type.
    private static func walk(_ tokens: [ResolvedToken], index: PathIndex)
        -> (summaries: [ColorSummary], ignores: [String: [IgnoredRule]], coverage: Coverage, byType: [TokenType: [ResolvedToken]])
    {
        var ignores: [String: [IgnoredRule]] = [:]
        // Neighbours in path order usually share a type: a run of them joins its type's list at once, not one
        // look-up (a hash) per token.
        var byType: [TokenType: [ResolvedToken]] = [:]
        var runStart = 0, runType = tokens.first?.type
        var summaries: [ColorSummary] = []
        // Each color's index in `tokens`, by its place in `summaries`; and which tokens are used in UI, by index
        // (a token named by a later one's `on` is marked when that one is met, so the summaries are marked last).
        var colorIndices: [Int32] = []
        summaries.reserveCapacity(tokens.count)
        colorIndices.reserveCapacity(tokens.count)
        var usedInUI = [Bool](repeating: false, count: tokens.count)
        var coverage = Coverage()
        // The surfaces counted, by index (a set names a few surfaces from many colors).
        var surfaceCounted: [Bool] = []
        // A named token is found in the index as it is met (a set of the paths first hashed each one twice).
        func use(_ path: String) { if let used = index[path] { usedInUI[used] = true } }
        for (i, token) in tokens.enumerated() {
            let facts = token.facts
            let isColor = token.type == .color
            if let type = runType, token.type != type {
                byType[type, default: []] += tokens[runStart..<i]
                (runStart, runType) = (i, token.type)
            }
            if isColor {
                coverage.colors += 1
                if facts.role != nil { coverage.withRole += 1 }
                if !facts.on.isEmpty || facts.role != nil { usedInUI[i] = true }
                summaries.append(ColorSummary(token))
                colorIndices.append(Int32(i))
            }
            for surface in facts.on {
                guard let used = index[surface.path] else { continue }
                let named = tokens[used]
                usedInUI[used] = true
                guard isColor, named.type == .color else { continue }
                coverage.pairs += 1
                if surfaceCounted.isEmpty { surfaceCounted = Array(repeating: false, count: tokens.count) }
                if !surfaceCounted[used] {
                    surfaceCounted[used] = true
                    coverage.surfaces += 1
                }
            }
            if !facts.ignore.isEmpty { ignores[token.path] = facts.ignore }
            switch token.type {
            case .accent:
                for reference in references(token, field: "surfaces") + references(token, field: "text-on-accent") { use(reference.path) }
            case .symbol:
                for reference in references(token, field: "colors") { use(reference.path) }
            default: break
            }
        }
        if let type = runType { byType[type, default: []] += tokens[runStart...] }
        for k in summaries.indices where usedInUI[Int(colorIndices[k])] { summaries[k].markUsedInUI() }
        return (summaries, ignores, coverage, byType)
    }

    /// The `ignore` entries of `tokens` by path.
    static func ignores(in tokens: [ResolvedToken]) -> [String: [IgnoredRule]] {
        var ignores: [String: [IgnoredRule]] = [:]
        for token in tokens where !token.facts.ignore.isEmpty { ignores[token.path] = token.facts.ignore }
        return ignores
    }

    /// The modes worth checking for a pair: light, plus every mode either token defines.
    public func modes(_ a: ResolvedToken, _ b: ResolvedToken) -> [String] {
        // Light always; the others looked up by index (this runs for every declared pair).
        var modes = [Appearance.light]
        modes.reserveCapacity(Self.appearances.count)
        for mode in Self.appearances where mode != Appearance.light && (has(a, mode: mode) || has(b, mode: mode)) {
            modes.append(mode)
        }
        return modes
    }

    /// A number for messages: two decimals at most, no trailing `.0`.
    public static func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded.wholeNumberText ?? String(rounded)
    }
}
