import SourceData
import SourceTree
import TokenModel

/// The walk's state, owned by the one thread that walks. A value, changed through `mutating` methods: the
/// compiler proves each access exclusive, where a class's properties were checked at run time on every
/// access (37 % of the walk's instructions, the build's one stretch on a single core).
struct ResolutionRun {
    enum State { case unvisited, inProgress, resolved(TokenType?, Node?, [String]), failed }
    /// How far the walk has got with a token's light value, in one byte. A literal's resolved value follows
    /// from the token itself and is made when asked (`state`); only the values the walk works out are kept
    /// (`walked`). A list of whole states held a copy of every token's value: at
    /// 100,000 tokens making and filling it took the walk's one core about 10 ms while the other waited.
    enum Progress: UInt8 { case unvisited, inProgress, failed, literal, walked }

    let tokens: [Token]
    let index: PathIndex
    var progress: [Progress]
    /// Where each token's light value, when the walk worked it out (`Progress.walked`), is in `walked`; -1
    /// for the others. An index list and a dense one, not a dictionary: hashing each walked token's index on
    /// the walk's one core cost about a thousand instructions an alias.
    var walkedSlot: [Int32]
    /// The resolved light values the walk worked out, in the order it settled them.
    var walked: [State] = []
    /// The whole-value aliases one `settleLight` met on the way down: kept between calls, so following a
    /// chain allocates nothing.
    var following: [(token: Int, target: Int, location: SourceLocation)] = []
    var diagnostics: [Diagnostic] = []
    var reportedCycles: Set<String> = []
    var stack: [Int] = []
    /// The chains through targets with long ones, shared by their aliases.
    var longChains = LongChains()
    /// What the files define that the resolution does not hold (`ReferenceContext`).
    var context = ReferenceContext()
    /// What a reference that names no token meant, indexed at the first such reference (`suggest`).
    var suggestions: PathSuggestions?
    /// The most aliases one chain may follow: far beyond real token sets, and a bound on recursion.
    static let maximumChainLength = 1000
    /// Parts of values that JSON Pointers reached, keyed by where the pointer is written.
    var pendingSubValues: [SourceLocation: Node] = [:]
    /// `modeNames(of:)` by token index; nil until asked.
    var modeNameCache: [ModeNames?]
    var modeValueCache: [ModeKey: Node?] = [:]
    var validator = ValueReader()

    /// Literal tokens resolved before the walk, by index (nil for the others).
    let literals: LiteralChunks
    /// The modes other than light that the resolved tokens made so far have values in.
    var modesMet = ModeNames()
    /// What the first pass found of each token, in a byte: the walk reads these, not `literals`.
    let flags: [TokenFlags]

    /// Each token's light value's whole-value alias target, looked up ahead (-1: none, or not found).
    let lightTargets: [Int32]
    /// The tokens the walk has resolved so far, by index (literal tokens are in `literals`).
    var made: [ResolvedToken?]

    init(tokens: [Token], index: PathIndex, literals: LiteralChunks, flags: [TokenFlags], lightTargets: [Int32]) {
        self.tokens = tokens
        self.index = index
        self.literals = literals
        self.flags = flags
        self.lightTargets = lightTargets
        progress = Array(repeating: .unvisited, count: tokens.count)
        modeNameCache = Array(repeating: nil, count: tokens.count)
        made = Array(repeating: nil, count: tokens.count)
        walkedSlot = Array(repeating: -1, count: tokens.count)
    }

    /// The walk's turn at token `i`, in token order: a literal (made before the walk) only has its state settled
    /// (a chain too long for where it was met fails); any other token is resolved into `made`.
    mutating func visit(_ i: Int) {
        if flags[i].contains(.literal) {
            settleLight(i)
        } else {
            made[i] = resolveWalked(i)
        }
    }

    /// The tokens the walk resolved, by index, moved out of the walk (literals are in `literals`).
    mutating func takeMade() -> [ResolvedToken?] {
        var taken: [ResolvedToken?] = []
        swap(&taken, &made)
        return taken
    }

    /// Token `i`, not a literal, resolved; nil when it does not resolve.
    private mutating func resolveWalked(_ i: Int) -> ResolvedToken? {
        guard case .resolved(let type?, let light?, let chain) = resolveLight(i) else { return nil }
        let names = modeNames(of: i)
        // Sized for every mode before the light value goes in (made of it and then grown, it was allocated twice).
        var values: [ModeValue] = []
        values.reserveCapacity(max(1, names.count))
        values.append(ModeValue(Appearance.light, Self.pointsAsPixels(light)))
        if !names.isEmpty {
            var inProgress: [ModeKey] = []
            for mode in names.ordered where mode != Appearance.light {
                guard let value = value(of: i, in: mode, type: type, inProgress: &inProgress) else { continue }
                values.append(ModeValue(mode, Self.pointsAsPixels(value)))
            }
        }
        // The target made by the walk, before it, or by the first pass; only its parsed values are shared. A
        // whole-value alias with no modes of its own has its target's values in every mode, so their typed
        // values too.
        let t = Int(lightTargets[i])
        let target = t < 0 ? nil : made[t] ?? literals[t]?.token
        let sharing = target.map { !flags[i].contains(.hasModes) && Self.sameModes($0.values, values) } ?? false
        for k in values.indices.dropFirst() { modesMet.insert(values[k].mode) }
        return Self.resolvedToken(tokens[i], type: type, values: values, aliasChain: chain, lightTarget: target,
                                  sharingTypedValues: sharing)
    }

    /// A resolved token; an alias whose values are its target's (the usual alias: no values of its own) shares
    /// the target's parsed colors instead of parsing the same texts again and holding a copy. Its value nodes
    /// are its own (they carry the alias's location).
    static func resolvedToken(_ token: Token, type: TokenType, values: [ModeValue], aliasChain: [String],
                              lightTarget target: ResolvedToken?, sharingTypedValues: Bool = false) -> ResolvedToken
    {
        if let target, type == .color, target.type == .color, sameTexts(values, target.values) {
            return ResolvedToken(token: token, type: type, values: values, aliasChain: aliasChain, colors: target.colors, sharingColorsOf: target)
        }
        if type != .color, let target, target.type == type, sharingTypedValues {
            return ResolvedToken(token: token, type: type, values: values, aliasChain: aliasChain, colors: [], typed: target.typed)
        }
        guard type != .color else { return ResolvedToken(token: token, type: type, values: values, aliasChain: aliasChain) }
        // The walk checked every value; reading them again makes their typed values.
        var reader = ValueReader()
        var typed: [TokenValue] = []
        typed.reserveCapacity(values.count)
        for entry in values {
            guard let value = reader.read(entry.value, as: type).value else {
                assertionFailure("`\(token.path)`: a value the walk checked did not read as \(type.rawValue)")
                return ResolvedToken(token: token, type: type, values: values, aliasChain: aliasChain, colors: [])
            }
            typed.append(value)
        }
        return ResolvedToken(token: token, type: type, values: values, aliasChain: aliasChain, colors: [], typed: typed)
    }

    /// Whether two lists of values are of the same modes, in the same order (compared in place: two lists of
    /// mode names made for the comparison were a fifth of the walk's allocations).
    static func sameModes(_ a: [ModeValue], _ b: [ModeValue]) -> Bool {
        a.count == b.count && a.indices.allSatisfy { a[$0].mode == b[$0].mode }
    }

    /// Whether two lists of values are the same modes with the same scalar texts, which parse to the same colors
    /// (a value that is not a scalar counts as different).
    static func sameTexts(_ a: [ModeValue], _ b: [ModeValue]) -> Bool {
        guard a.count == b.count else { return false }
        for k in a.indices {
            guard a[k].mode == b[k].mode, case .scalar(let x, let xText) = a[k].value.kind,
                  case .scalar(let y, let yText) = b[k].value.kind, x == y, xText == yText
            else { return false }
        }
        return true
    }

    /// `pt` is accepted as a synonym of `px` (one Apple point is one CSS pixel) and written as `px`.
    static func pointsAsPixels(_ node: Node) -> Node {
        switch node.kind {
        case .scalar: return node
        case .sequence(let items):
            return Node(.sequence(items.map(pointsAsPixels)), at: node.location, isFlowOrQuoted: node.isFlowOrQuoted)
        case .mapping(let entries):
            if entries.count == 2, node.number == nil, node["value"]?.number != nil, let unit = node["unit"], unit.string == "pt" {
                let rewritten = entries.map { entry in
                    entry.key == "unit"
                        ? MappingEntry(key: "unit", keyLocation: entry.keyLocation,
                                       value: .string("px", at: unit.location, isFlowOrQuoted: true))
                        : entry
                }
                return Node(.mapping(rewritten), at: node.location, isFlowOrQuoted: node.isFlowOrQuoted)
            }
            // Only nested values can hold a dimension to rewrite; a flat mapping stays as it is (no copy).
            guard entries.contains(where: { $0.value.mappingEntries != nil || $0.value.sequenceItems != nil }) else { return node }
            return Node(.mapping(entries.map { MappingEntry(key: $0.key, keyLocation: $0.keyLocation, value: pointsAsPixels($0.value)) }),
                        at: node.location, isFlowOrQuoted: node.isFlowOrQuoted)
        }
    }
}

/// The alias chains through each target with a long chain of its own, made once and shared by every alias of
/// it: each alias's own copy of a chain 1,000 long held 16 KB, and 20,000 aliases of one token 320 MB.
struct LongChains {
    /// Chains shorter than this are made for each alias: a shared one costs a look-up.
    static let sharedLength = 8
    private var chains: [Int: [String]] = [:]

    /// The chain of a token aliasing token `target`, whose path is `path` and whose own chain is `then`.
    mutating func chain(through target: Int, path: String, then: [String]) -> [String] {
        // The usual alias, of a token that is no alias: one allocation (`[path] + then` made two lists).
        if then.isEmpty { return [path] }
        guard then.count >= Self.sharedLength else { return [path] + then }
        if let known = chains[target] { return known }
        let made = [path] + then
        chains[target] = made
        return made
    }
}
