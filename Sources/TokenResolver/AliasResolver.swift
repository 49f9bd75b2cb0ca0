import Locks
import SourceData
import SourceTree
import TokenModel

/// Follows aliases (`{a.b}`) and JSON Pointer `$ref`s, infers types from targets, and validates every value.
public struct AliasResolver: Sendable {
    /// The fewest tokens whose walk is split into groups that go side by side (tests change it, to compare).
    var splitsWalkFrom = WalkGroups.minimumTokens

    /// Creates a resolver.
    public init() {}

    /// Resolves every token; tokens whose value cannot be resolved or typed are left out and reported.
    /// `context` tells what was not read, so that a reference to it is not reported as a mistake of its own.
    public func resolve(_ tokens: [Token], context: ReferenceContext = ReferenceContext())
        -> (set: ResolvedTokenSet, diagnostics: [Diagnostic])
    {
        // The literals' resolutions are one list, which the walks read and the end takes the tokens out of.
        var literals: LiteralChunks
        let index: PathIndex, flags: [TokenFlags], lightTargets: [Int32], literalModes: ModeNames
        (index, literals, flags, lightTargets, literalModes) = Self.resolveAhead(tokens)
        let groups = tokens.count >= splitsWalkFrom ? WalkGroups(tokens, flags: flags, lightTargets: lightTargets, index: index)
            : WalkGroups(oneGroupOf: tokens.count)
        // Each group's walk on a core of its own; a walk's state is freed in its job, beside the other's.
        var walks = Parallel.map(groups.count) { group -> GroupWalk in
            var run = ResolutionRun(tokens: tokens, index: index, literals: literals, flags: flags, lightTargets: lightTargets)
            run.modesMet = literalModes
            run.context = context
            var visits: [(token: Int, end: Int)] = []
            for i in tokens.indices where groups.group[i] == group {
                let start = run.diagnostics.count
                run.visit(i)
                // Surfaces in `$extensions.tokenc.on` must name tokens too. (Read through `details`: the `facts`
                // getter copied the whole token, every field retained, for the most tokens, which have none.)
                if let details = tokens[i].details {
                    for surface in details.facts.on { run.lookupSurface(surface, owner: i) }
                }
                if run.diagnostics.count > start { visits.append((i, run.diagnostics.count)) }
            }
            return GroupWalk(made: run.takeMade(), diagnostics: run.diagnostics, visits: visits, modes: run.modesMet)
        }
        // The walks' references to the literals went with them, so the tokens are taken out of the list in place.
        let (resolved, modeNames) = Self.collect(&walks, literals: &literals, flags: flags, groups: groups)
        let modes = modeNames.ordered
        // Mode values revisit nodes the light pass already checked; report each problem once.
        var seen: Set<Diagnostic> = []
        let diagnostics = Self.diagnosticsInVisitOrder(walks).filter { seen.insert($0).inserted }
        // With every token resolved, the set's tokens are the tokens, in the same order: the index is theirs too.
        let sameTokens = resolved.count == tokens.count
        return (ResolvedTokenSet(tokens: resolved, modes: modes, index: sameTokens ? index : nil), diagnostics)
    }

    /// Every token that resolved, in token order, and the modes their values are in (the light one always). Each
    /// token is moved out of the walks' lists and the literals', not copied: copying retained every token (a
    /// cache miss each at 100,000) and freeing the lists released them all again on one core. A literal counts
    /// even when a chain too long for where it was met failed it, as it always has.
    static func collect(_ walks: inout [GroupWalk], literals: inout LiteralChunks, flags: [TokenFlags], groups: WalkGroups)
        -> (tokens: [ResolvedToken], modes: ModeNames)
    {
        var resolved: [ResolvedToken] = []
        resolved.reserveCapacity(flags.count)
        for i in flags.indices {
            // `consume`: bound and appended as a copy, each was retained and released again (5 ms at 100,000 tokens).
            if flags[i].contains(.literal) {
                if !flags[i].contains(.invalid), let token = literals.takeToken(i) { resolved.append(consume token) }
            } else if let token = walks[Int(groups.group[i])].made[i].take() {
                resolved.append(consume token)
            }
        }
        var modes = ModeNames([Appearance.light])
        for walk in walks { modes.formUnion(walk.modes) }
        return (resolved, modes)
    }

    /// The walks' findings in the order one walk over every token would report them: each was found while its
    /// walk visited one token, and a token is visited by one walk, so they go by that token, in token order.
    static func diagnosticsInVisitOrder(_ walks: [GroupWalk]) -> [Diagnostic] {
        guard walks.count > 1 else { return walks.first?.diagnostics ?? [] }
        var diagnostics: [Diagnostic] = []
        diagnostics.reserveCapacity(walks.reduce(0) { $0 + $1.diagnostics.count })
        var next = [Int](repeating: 0, count: walks.count)
        while true {
            // The walk whose next visit with findings comes first.
            var first: Int?
            for w in walks.indices where next[w] < walks[w].visits.count {
                if first.map({ walks[w].visits[next[w]].token < walks[$0].visits[next[$0]].token }) ?? true { first = w }
            }
            guard let w = first else { return diagnostics }
            let start = next[w] == 0 ? 0 : walks[w].visits[next[w] - 1].end
            diagnostics += walks[w].diagnostics[start..<walks[w].visits[next[w]].end]
            next[w] += 1
        }
    }
}

/// What one group's walk leaves: the tokens it resolved by index, its findings, where each visit's findings end,
/// and the modes of the values it made.
struct GroupWalk {
    var made: [ResolvedToken?]
    let diagnostics: [Diagnostic]
    /// Each visit that found something: the token visited and the end of its findings in `diagnostics`.
    let visits: [(token: Int, end: Int)]
    let modes: ModeNames
}

extension AliasResolver {
    /// What can be worked out token by token goes side by side, in chunks on all cores, before the walk:
    /// tokens whose values reference nothing (half of a typical set: the palette) are validated and built
    /// (nil for the others), and a whole-value alias `"{a.b}"` in a light value is looked up (the target's
    /// index, or -1), so the walk follows an index instead of parsing and hashing the path again. The path
    /// index is the first job of the literals' map, built on one core while the others take the chunks: it
    /// needs nothing else, and only the look-ups, which come second, wait for it. (Built as one side of a
    /// `Parallel`-in-`Parallel`, the literals got no core of their own: an apply inside an apply gets only
    /// the cores the outer one leaves, which on two cores made the chunks run one after another.)
    static func resolveAhead(_ tokens: [Token])
        -> (index: PathIndex, literals: LiteralChunks, flags: [TokenFlags], lightTargets: [Int32], modes: ModeNames)
    {
        let chunk = LiteralChunks.size, count = tokens.count
        let parts = Parallel.map(1 + (count + chunk - 1) / chunk) { job -> AheadPart in
            guard job > 0 else { return .index(PathIndex(tokens.map(\.path))) }
            var part = AheadPart.Literals()
            for i in (job - 1) * chunk..<min(count, job * chunk) {
                var reader = ValueReader()
                let literal = LiteralResolution.resolve(tokens[i], validator: &reader)
                if let values = literal?.token?.values {
                    for k in values.indices.dropFirst() { part.modes.insert(values[k].mode) }
                }
                // The flags first, so that the list's append is the resolution's last use: moved in, not copied.
                part.flags.append(TokenFlags(tokens[i], literal: literal))
                part.literals.append(literal)
            }
            return .literals(part)
        }
        var index = PathIndex([])
        var literals = LiteralChunks(), flags: [TokenFlags] = [], modes = ModeNames()
        literals.parts.reserveCapacity(parts.count)
        flags.reserveCapacity(count)
        for part in parts {
            switch part {
            case .index(let made): index = made
            case .literals(let part):
                literals.parts.append(part.literals)
                flags += part.flags
                modes.formUnion(part.modes)
            }
        }
        let lightTargets = Parallel.map(count, chunk: chunk) { i -> Int32 in
            guard !flags[i].contains(.literal), let path = aliasTarget(tokens[i].value.string), !path.hasPrefix("system."),
                  let target = index[path] else { return -1 }
            return Int32(target)
        }
        return (index, literals, flags, lightTargets, modes)
    }

    /// One job's result in `resolveAhead`: the path index, or a chunk's literals and flags.
    private enum AheadPart {
        struct Literals {
            var literals: [LiteralResolution?] = []
            var flags: [TokenFlags] = []
            /// The modes other than light the chunk's valid literals have values in.
            var modes = ModeNames()
        }
        case index(PathIndex)
        case literals(Literals)
    }
}

/// The literal tokens' resolutions by token index (nil for the others), kept in the chunks the first pass made
/// them in: joining them into one list retained and released each, 6–7 ms at 100,000 tokens while every
/// other core waited.
struct LiteralChunks {
    /// Tokens per chunk: a power of two, so an index splits with a shift and a mask.
    static let size = 512
    /// The chunks, in token order; every one but the last holds `size`.
    var parts: [[LiteralResolution?]] = []

    /// The resolution of token `i`, nil when it is not a literal.
    subscript(i: Int) -> LiteralResolution? { parts[i / Self.size][i % Self.size] }

    /// Moves the resolved token of literal `i` out (nil when its value was not valid).
    mutating func takeToken(_ i: Int) -> ResolvedToken? { parts[i / Self.size][i % Self.size]?.token.take() }
}

/// What the first pass found of a token, in one byte: what the walk reads instead of the token or the
/// literal's resolution (reading those retained the resolved token or the token's details, a cache miss per
/// token on one core).
struct TokenFlags: OptionSet {
    let rawValue: UInt8
    /// The token is a literal (its resolution is in `literals`).
    static let literal = TokenFlags(rawValue: 1)
    /// A literal whose light value is not valid: it does not resolve.
    static let invalid = TokenFlags(rawValue: 2)
    /// A literal whose validation found something to report.
    static let reports = TokenFlags(rawValue: 4)
    /// The token has modes of its own.
    static let hasModes = TokenFlags(rawValue: 8)
    /// The token is `$deprecated`.
    static let deprecated = TokenFlags(rawValue: 16)

    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The flags of `token`, with its resolution when it is a literal.
    init(_ token: Token, literal: LiteralResolution?) {
        var flags: TokenFlags = []
        if !token.modes.isEmpty { flags.insert(.hasModes) }
        if token.details?.deprecation != nil { flags.insert(.deprecated) }
        if let literal {
            flags.insert(.literal)
            if literal.token == nil { flags.insert(.invalid) }
            if !literal.diagnostics.isEmpty { flags.insert(.reports) }
        }
        self = flags
    }
}

/// What the files define that the resolution does not hold, so that a reference to it says why instead of
/// "does not name a token".
public struct ReferenceContext: Sendable {
    /// Tokens the tree left out for a `$type` that is not a type (reported there): an alias of one fails quietly.
    public var leftOut: Set<String> = []
    /// Token files whose tokens were not read (they did not parse, or are of an older format): a reference that
    /// names no token is a note that one of them may define it.
    public var unreadFiles: [String] = []
    /// Tokens of a resolver document's sets that `resolutionOrder` does not use, by path: the set's name.
    public var unlistedSets: [String: String] = [:]

    /// Creates a context in which everything was read.
    public init() {}
}
