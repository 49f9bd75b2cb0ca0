import Dispatch
import SourceData
import SourceTree
import TokenModel

/// Follows aliases (`{a.b}`) and JSON Pointer `$ref`s, infers types from targets, and validates every value.
public struct AliasResolver: Sendable {
    /// Whether plain aliases are resolved ahead of the walk (off only in tests, which compare the two ways).
    var resolvesPlainAliasesAhead = true

    /// Creates a resolver.
    public init() {}

    /// Resolves every token; tokens whose value cannot be resolved or typed are left out and reported.
    public func resolve(_ tokens: [Token]) -> (set: ResolvedTokenSet, diagnostics: [Diagnostic]) {
        // Everything the walk works with lives in the run alone, so that it can be released in one piece.
        var scratch: ResolutionRun? = {
            let (index, literals, flags, lightTargets) = Self.resolveAhead(tokens)
            let plain = resolvesPlainAliasesAhead
                ? PlainAliases(tokens, literals: literals, flags: flags, lightTargets: lightTargets) : PlainAliases(count: tokens.count)
            return ResolutionRun(tokens: tokens, index: index, literals: literals, flags: flags, lightTargets: lightTargets, plain: plain)
        }()
        let run = scratch!
        for index in tokens.indices {
            run.visit(index)
            // Surfaces in `$extensions.tokenc.on` must name tokens too. (Read through `details`: the `facts`
            // getter copied the whole token, every field retained, for the most tokens, which have none.)
            if let details = tokens[index].details {
                for surface in details.facts.on { run.lookupSurface(surface, owner: index) }
            }
        }
        // The walk settled which tokens resolve without touching the resolved tokens made before it; taking
        // each into the list (a reference count, a cache miss per token at 100,000) and reading its modes
        // goes in chunks on all cores.
        let (resolved, modeNames) = run.collect()
        let modes = modeNames.ordered
        // Mode values revisit nodes the light pass already checked; report each problem once.
        var seen: Set<Diagnostic> = []
        let diagnostics = run.diagnostics.filter { seen.insert($0).inserted }
        // The run's look-up tables hold a few entries per token: at 100,000 tokens freeing them took the main
        // thread 14 ms while both cores waited to start the rules and generators.
        BackgroundRelease.release(&scratch)
        return (ResolvedTokenSet(tokens: resolved, modes: modes), diagnostics)
    }
}

extension AliasResolver {
    /// What can be worked out token by token goes side by side, in chunks on all cores, before the walk:
    /// tokens whose values reference nothing (half of a typical set: the palette) are validated and built
    /// (nil for the others), and a whole-value alias `"{a.b}"` in a light value is looked up (the target's
    /// index, or -1), so the walk follows an index instead of parsing and hashing the path again. The path
    /// index is built as one of the first pass's jobs, beside the literals (it needs one core for 10 ms at
    /// 100,000 tokens, and nothing else waited for it but the look-ups, which come second).
    static func resolveAhead(_ tokens: [Token])
        -> (index: PathIndex, literals: [LiteralResolution?], flags: [TokenFlags], lightTargets: [Int32])
    {
        let chunk = 512
        let chunks = (tokens.count + chunk - 1) / chunk
        let built = IndexSlot()
        var lightTargets = [Int32](repeating: -1, count: tokens.count)
        var flags = [TokenFlags](repeating: [], count: tokens.count)
        let literals = lightTargets.withUnsafeMutableBufferPointer { targets in flags.withUnsafeMutableBufferPointer { flags in
            [LiteralResolution?](unsafeUninitializedCapacity: tokens.count) { results, initialized in
                results.initialize(repeating: nil)
                let slots = LiteralSlots(buffer: results, targets: targets, flags: flags)
                DispatchQueue.concurrentPerform(iterations: chunks + 1) { job in
                    guard job > 0 else {
                        built.index = PathIndex(tokens.map(\.path))
                        return
                    }
                    var validator = ValueReader()
                    for i in (job - 1) * chunk..<min(tokens.count, job * chunk) {
                        let literal = LiteralResolution.resolve(tokens[i], validator: &validator)
                        slots.flags[i] = TokenFlags(tokens[i], literal: literal)
                        if let literal { slots.buffer[i] = literal }
                    }
                }
                let index = built.index!
                if chunks > 0 {
                    DispatchQueue.concurrentPerform(iterations: chunks) { c in
                        for i in c * chunk..<min(tokens.count, (c + 1) * chunk) where slots.buffer[i] == nil {
                            if let path = aliasTarget(tokens[i].value.string), !path.hasPrefix("system."), let target = index[path] {
                                slots.targets[i] = Int32(target)
                            }
                        }
                    }
                }
                initialized = tokens.count
            }
        } }
        return (built.index!, literals, flags, lightTargets)
    }
}

/// What the first pass found of a token, in one byte: what the plain aliases' levels and the walk read
/// instead of the token or the literal's resolution (reading those retained the resolved token or the
/// token's details, a cache miss per token on one core).
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

/// Where the first pass of `resolveAhead` leaves the path index it builds beside the literals.
private final class IndexSlot: @unchecked Sendable {
    var index: PathIndex?
}

/// The buffers the chunks of `resolveAhead` write, each chunk to its own range.
private struct LiteralSlots: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<LiteralResolution?>
    let targets: UnsafeMutableBufferPointer<Int32>
    let flags: UnsafeMutableBufferPointer<TokenFlags>
}

/// Plain aliases resolved before the walk, level by level on all cores: a token whose `$value` is a whole
/// alias `"{a.b}"` and which has no modes of its own, naming a token that is not deprecated and whose type it
/// accepts, at the end of a chain of such aliases that reaches a valid literal token. Its values are its
/// target's, moved to where the alias is written, and its chain is its target's with the target in front:
/// exactly what the walk finds, without the walk's per-mode look-ups (a quarter to a half of a typical set
/// is aliases, and the walk runs on one core).
struct PlainAliases {
    /// The resolved token of each plain alias, by token index (nil for every other token).
    let tokens: [ResolvedToken?]
    /// How many aliases lie between each plain alias and the literal its chain ends in, itself included
    /// (0 or less for every other token): the depth the walk would reach through it.
    let levels: [Int32]
    /// The literal token each plain alias's chain ends in (not meaningful for other tokens).
    let roots: [Int32]

    /// None: every alias is left to the walk.
    init(count: Int) {
        tokens = Array(repeating: nil, count: count)
        levels = Array(repeating: 0, count: count)
        roots = Array(repeating: -1, count: count)
    }

    init(_ tokens: [Token], literals: [LiteralResolution?], flags: [TokenFlags], lightTargets: [Int32]) {
        let count = tokens.count
        // Levels first, one walk down each chain (each token settled once): -2 unknown, -3 on the current
        // walk (met again: a cycle), -1 not plain, 0 a valid literal, n > 0 a plain alias n steps above one.
        var levels = [Int32](repeating: -2, count: count)
        var roots = [Int32](repeating: -1, count: count)
        var walk: [Int] = []
        var deepest: Int32 = 0
        for start in 0..<count where levels[start] == -2 {
            var j = start
            walk.removeAll(keepingCapacity: true)
            while levels[j] == -2 {
                if flags[j].contains(.literal) {
                    levels[j] = flags[j].contains(.invalid) ? -1 : 0
                    roots[j] = Int32(j)
                    break
                }
                let target = Int(lightTargets[j])
                guard target >= 0, !flags[j].contains(.hasModes), !flags[target].contains(.deprecated) else {
                    levels[j] = -1
                    break
                }
                levels[j] = -3
                walk.append(j)
                j = target
            }
            var level = levels[j] >= 0 ? levels[j] : -1
            let root = level >= 0 ? roots[j] : -1
            for member in walk.reversed() {
                // Longer chains are left to the walk, which reports them when it meets them deep enough.
                if level >= 0, level < ResolutionRun.maximumChainLength,
                   tokens[member].type == nil || tokens[member].type == tokens[Int(root)].type
                {
                    level += 1
                    levels[member] = level
                    roots[member] = root
                    deepest = max(deepest, level)
                } else {
                    level = -1
                    levels[member] = -1
                }
            }
        }
        // Then the tokens, a level at a time: each level's targets are made by the level before.
        var byLevel = [[Int]](repeating: [], count: Int(deepest) + 1)
        for i in 0..<count where levels[i] > 0 { byLevel[Int(levels[i])].append(i) }
        var made = [ResolvedToken?](repeating: nil, count: count)
        made.withUnsafeMutableBufferPointer { buffer in
            let slots = ChunkSlots(buffer: buffer)
            let chunk = 512
            for members in byLevel.dropFirst() {
                DispatchQueue.concurrentPerform(iterations: (members.count + chunk - 1) / chunk) { c in
                    var longChains = LongChains()
                    for i in members[c * chunk..<min(members.count, (c + 1) * chunk)] {
                        let t = Int(lightTargets[i])
                        let target = slots.buffer[t] ?? literals[t]!.token!
                        slots.buffer[i] = Self.alias(tokens[i], of: target,
                                                     chain: longChains.chain(through: t, path: tokens[t].path, then: target.aliasChain))
                    }
                }
            }
        }
        self.tokens = made
        self.levels = levels
        self.roots = roots
    }

    /// `token` resolved as an alias of `target`: its values where the alias is written, sharing the target's
    /// parsed colors when the texts are the same (as the walk shares them).
    static func alias(_ token: Token, of target: ResolvedToken, chain: [String]) -> ResolvedToken {
        let location = token.value.location
        let values = target.values.map { entry in
            var moved = entry
            moved.value.location = location
            return moved
        }
        return ResolutionRun.resolvedToken(token, type: target.type, values: values, aliasChain: chain, lightTarget: target,
                                           sharingTypedValues: true)
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
        guard then.count >= Self.sharedLength else { return [path] + then }
        if let known = chains[target] { return known }
        let made = [path] + then
        chains[target] = made
        return made
    }
}

/// The run, read by the chunks of `collect()` once the walk is done (nothing writes it then).
private struct SharedRun: @unchecked Sendable {
    let run: ResolutionRun
}

/// A buffer the jobs of one `concurrentPerform` write, each job its own elements (the counts and places of
/// `ResolutionRun.collect()`, the levels of `PlainAliases`).
private struct ChunkSlots<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
}

/// A token with no reference in any value, resolved on its own: exactly what the alias walk would find.
struct LiteralResolution {
    /// The resolved token, nil when the light value (the token's own `$value`) is invalid.
    var token: ResolvedToken?
    /// What validation found, in the order the walk would report it.
    var diagnostics: [Diagnostic]

    /// Resolves `token` when it is literal and typed; nil otherwise (the walk handles it).
    static func resolve(_ token: Token, validator: inout ValueReader) -> LiteralResolution? {
        guard let type = token.type, isLiteral(token.value), token.modes.allSatisfy({ isLiteral($0.value) }) else { return nil }
        var diagnostics: [Diagnostic] = []
        // The value each check read is kept: a color token's colors, any other token's typed values (parsing the
        // strings again for the resolved token went through the shared memo and its lock, for all but hex).
        var colors: [ColorValue?] = []
        var typed: [TokenValue] = []
        if type == .color { colors.reserveCapacity(1 + token.modes.count) } else { typed.reserveCapacity(1 + token.modes.count) }
        func valid(_ value: Node) -> Bool {
            let read = validator.read(value, as: type)
            if let value = read.value {
                if case .color(let color) = value { colors.append(color) } else { typed.append(value) }
                return true
            }
            diagnostics += read.problems.map { $0.diagnostic(path: token.path, type: type) }
            return false
        }
        guard valid(token.value) else { return LiteralResolution(token: nil, diagnostics: diagnostics) }
        // The modes in the walk's order; a mode value that is not valid is left out, as the walk leaves it.
        var values = [ModeValue(Appearance.light, ResolutionRun.pointsAsPixels(token.value))]
        if !token.modes.isEmpty {
            values.reserveCapacity(1 + token.modes.count)
            // A hostile token's thousands of modes by name (walking them for each was quadratic).
            let byName = FirstIndexByKey(token.modes) { $0.name }
            for mode in ModeNames(token.modes.lazy.map(\.name)).ordered where mode != Appearance.light {
                guard let index = byName.index(of: mode, in: token.modes, key: { $0.name }), case let own = token.modes[index].value,
                      valid(own) else { continue }
                values.append(ModeValue(mode, ResolutionRun.pointsAsPixels(own)))
            }
        }
        return LiteralResolution(token: ResolvedToken(token: token, type: type, values: values, aliasChain: [], colors: colors,
                                                      typed: typed),
                                 diagnostics: diagnostics)
    }

    /// Whether a value holds no alias and no `$ref` anywhere (`{system.…}` counts as an alias here: the walk decides).
    static func isLiteral(_ node: Node) -> Bool {
        switch node.kind {
        case .scalar(.string(let text), _): return TokenReference.aliasPath(text) == nil
        case .scalar: return true
        case .sequence(let items): return items.allSatisfy(isLiteral)
        case .mapping(let entries): return entries.allSatisfy { $0.key != "$ref" && isLiteral($0.value) }
        }
    }
}

/// The walk's state. One thread owns a run. Swift checks exclusive access to its properties at run time: with
/// the Swift output's, those checks are 1.9 % of a 10,000-token build, too little to turn them off for.
private final class ResolutionRun {
    enum State { case unvisited, inProgress, resolved(TokenType?, Node?, [String]), failed }
    /// How far the walk has got with a token's light value, in one byte. A literal's and a plain alias's
    /// resolved value follow from the token itself and are made when asked (`state`); only the values the
    /// walk works out are kept (`walked`). A list of whole states held a copy of every token's value: at
    /// 100,000 tokens making and filling it took the walk's one core about 10 ms while the other waited.
    enum Progress: UInt8 { case unvisited, inProgress, failed, literal, plainAlias, walked }

    let tokens: [Token]
    let index: PathIndex
    var progress: [Progress]
    /// The resolved light values the walk worked out, by token index (`Progress.walked`).
    var walked: [Int: State] = [:]
    var diagnostics: [Diagnostic] = []
    var reportedCycles: Set<String> = []
    var stack: [Int] = []
    /// The chains through targets with long ones, shared by their aliases.
    var longChains = LongChains()
    /// What a reference that names no token meant, indexed at the first such reference (`suggest`).
    var suggestions: PathSuggestions?
    /// The most aliases one chain may follow: far beyond real token sets, and a bound on recursion.
    static let maximumChainLength = 1000
    /// Parts of values that JSON Pointers reached, keyed by where the pointer is written.
    var pendingSubValues: [SourceLocation: Node] = [:]
    /// `modeNames(of:)` by token index; nil until asked.
    var modeNameCache: [ModeNames?]
    var modeValueCache: [ModeKey: Node?] = [:]
    private var validator = ValueReader()

    /// Literal tokens resolved before the walk, by index (nil for the others).
    let literals: [LiteralResolution?]
    /// What the first pass found of each token, in a byte: the walk reads these, not `literals`.
    let flags: [TokenFlags]

    /// Each token's light value's whole-value alias target, looked up ahead (-1: none, or not found).
    let lightTargets: [Int32]
    /// The tokens the walk has resolved so far, by index (literal tokens are in `literals`).
    var made: [ResolvedToken?]
    /// Plain aliases resolved before the walk.
    let plain: PlainAliases

    init(tokens: [Token], index: PathIndex, literals: [LiteralResolution?], flags: [TokenFlags], lightTargets: [Int32], plain: PlainAliases) {
        self.tokens = tokens
        self.index = index
        self.literals = literals
        self.flags = flags
        self.lightTargets = lightTargets
        self.plain = plain
        progress = Array(repeating: .unvisited, count: tokens.count)
        modeNameCache = Array(repeating: nil, count: tokens.count)
        made = Array(repeating: nil, count: tokens.count)
    }

    /// The walk's turn at token `i`, in token order: a literal or a plain alias (made before the walk) only has
    /// its state settled (a chain too long for where it was met fails); any other token is resolved into `made`.
    func visit(_ i: Int) {
        if flags[i].contains(.literal) || plain.levels[i] > 0 {
            settleLight(i)
        } else {
            made[i] = resolveWalked(i)
        }
    }

    /// Every token that resolved, in token order, and the modes their values are in (the light one always):
    /// once the walk is done, read in chunks on all cores.
    func collect() -> (tokens: [ResolvedToken], modes: ModeNames) {
        let chunk = 4096
        let chunks = (tokens.count + chunk - 1) / chunk
        let shared = SharedRun(run: self)
        let count = tokens.count
        @Sendable func range(_ c: Int) -> Range<Int> { c * chunk..<min(count, (c + 1) * chunk) }
        // How many of each chunk's tokens resolved (read from the walk's bytes and slots alone), so that each
        // chunk then writes its tokens straight to their places in the list.
        var starts = [Int](repeating: 0, count: chunks + 1)
        starts.withUnsafeMutableBufferPointer { counts in
            let slots = ChunkSlots(buffer: counts)
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                slots.buffer[c + 1] = range(c).reduce(0) { $0 + (shared.run.resolves($1) ? 1 : 0) }
            }
        }
        for c in 0..<chunks { starts[c + 1] += starts[c] }
        let places = starts
        var modes = ModeNames([Appearance.light])
        let resolved = [ResolvedToken](unsafeUninitializedCapacity: places[chunks]) { buffer, initialized in
            let names = ChunkSlots(buffer: UnsafeMutableBufferPointer<ModeNames>.allocate(capacity: chunks))
            defer { names.buffer.deallocate() }
            let out = ChunkSlots(buffer: buffer)
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                var place = places[c]
                var found = ModeNames()
                for i in range(c) {
                    guard let resolved = shared.run.resolvedToken(i) else { continue }
                    // Names only, by index: taking each (mode, value) pair out copied its node too.
                    for k in resolved.values.indices.dropFirst() { found.insert(resolved.values[k].mode) }
                    (out.buffer.baseAddress! + place).initialize(to: resolved)
                    place += 1
                }
                (names.buffer.baseAddress! + c).initialize(to: found)
            }
            for c in 0..<chunks { modes.formUnion((names.buffer.baseAddress! + c).move()) }
            initialized = places[chunks]
        }
        return (resolved, modes)
    }

    /// Whether token `i` resolved, read without touching its resolved token (once the walk is done).
    private func resolves(_ i: Int) -> Bool {
        let kind = flags[i]
        if kind.contains(.literal) { return !kind.contains(.invalid) }
        if plain.levels[i] > 0 { return progress[i] != .failed }
        return made[i] != nil
    }

    /// Token `i` resolved, nil when it did not (once the walk is done). A literal counts even when a chain
    /// too long for where it was met failed it, as it always has.
    private func resolvedToken(_ i: Int) -> ResolvedToken? {
        let kind = flags[i]
        if kind.contains(.literal) { return kind.contains(.invalid) ? nil : literals[i]!.token }
        if plain.levels[i] > 0 { return progress[i] == .failed ? nil : plain.tokens[i] }
        return made[i]
    }

    /// Token `i`, neither a literal nor a plain alias, resolved; nil when it does not resolve.
    private func resolveWalked(_ i: Int) -> ResolvedToken? {
        guard case .resolved(let type?, let light?, let chain) = resolveLight(i) else { return nil }
        var values = [ModeValue(Appearance.light, Self.pointsAsPixels(light))]
        let names = modeNames(of: i)
        if !names.isEmpty {
            var inProgress: [ModeKey] = []
            for mode in names.ordered where mode != Appearance.light {
                guard let value = value(of: i, in: mode, type: type, inProgress: &inProgress) else { continue }
                values.append(ModeValue(mode, Self.pointsAsPixels(value)))
            }
        }
        // The target made by the walk, before it, or by the first pass; only its parsed colors are shared.
        let t = Int(lightTargets[i])
        let target = t < 0 ? nil : made[t] ?? plain.tokens[t] ?? literals[t]?.token
        return Self.resolvedToken(tokens[i], type: type, values: values, aliasChain: chain, lightTarget: target)
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
        if type != .color, let target, sharingTypedValues {
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

    struct ModeKey: Hashable {
        var token: Int
        var mode: String
    }

    /// The modes a token has: its own, and those of every token its values reference (an alias follows its
    /// target into dark mode). Memoised; re-entry through a cycle contributes nothing.
    ///
    /// Depth first over the references, as a recursion would go, but with the frames in a list: a chain of
    /// 1,000 aliases is 1,000 frames on the heap, not on the stack.
    func modeNames(of i: Int) -> ModeNames {
        struct Frame {
            var token: Int
            var targets: [Int]
            var next = 0
            var names: ModeNames
        }
        var frames: [Frame] = []
        // What the last token entered or finished contributes to the frame below it.
        var answer = ModeNames()
        // Starts token `t`: answers at once when it is known or has no modes, else pushes its frame.
        func enter(_ t: Int) -> Bool {
            if let known = modeNameCache[t] {
                answer = known
                return false
            }
            var targets: [Int] = []
            if lightTargets[t] >= 0 { targets.append(Int(lightTargets[t])) } else { collectTargets(tokens[t].value, into: &targets) }
            for (_, node) in tokens[t].modes { collectTargets(node, into: &targets) }
            // A literal value with no modes of its own has none: no set, no cache entry.
            if targets.isEmpty && tokens[t].modes.isEmpty {
                answer = ModeNames()
                return false
            }
            modeNameCache[t] = ModeNames()
            frames.append(Frame(token: t, targets: targets, names: ModeNames(tokens[t].modes.lazy.map(\.name))))
            return true
        }
        guard enter(i) else { return answer }
        while let top = frames.indices.last {
            if frames[top].next < frames[top].targets.count {
                let target = frames[top].targets[frames[top].next]
                frames[top].next += 1
                if !enter(target) { frames[top].names.formUnion(answer) }
            } else {
                let finished = frames.removeLast()
                modeNameCache[finished.token] = finished.names
                answer = finished.names
                if let below = frames.indices.last { frames[below].names.formUnion(answer) }
            }
        }
        return answer
    }

    /// Indexes of the tokens a value references, quietly (diagnostics come from the light pass).
    func collectTargets(_ node: Node, into targets: inout [Int]) {
        if let path = aliasTarget(node.string), !path.hasPrefix("system.") {
            if let target = index[path] { targets.append(target) }
            return
        }
        switch node.kind {
        case .scalar: return
        case .sequence(let items): for item in items { collectTargets(item, into: &targets) }
        case .mapping(let entries):
            if let pointer = node["$ref"]?.string, pointer.hasPrefix("#/") {
                let segments = pointer.dropFirst(2).split(separator: "/").map(String.init)
                if let valueIndex = segments.firstIndex(of: "$value"),
                   let target = index[segments[..<valueIndex].joined(separator: ".")]
                {
                    targets.append(target)
                }
                return
            }
            for entry in entries { collectTargets(entry.value, into: &targets) }
        }
    }


    /// A token's value in `mode`: its own value for the mode (or the documented fallback), with references
    /// replaced by their targets' values in the same mode.
    func value(of i: Int, in mode: String, type: TokenType, inProgress: inout [ModeKey]) -> Node? {
        let key = ModeKey(token: i, mode: mode)
        if let cached = modeValueCache[key] { return cached }
        if inProgress.count >= Self.deepModeChain {
            settleModeChain(below: i, in: mode, inProgress: &inProgress)
            if let cached = modeValueCache[key] { return cached }
        }
        guard case .resolved(let lightType?, let light?, _) = resolveLight(i) else { return nil }
        guard !inProgress.contains(key) else {
            // A cycle that exists only in this mode (the light pass saw none).
            stack = inProgress.map(\.token)
            reportCycle(from: i)
            stack = []
            return nil
        }
        inProgress.append(key)
        defer { inProgress.removeLast() }
        let own = ownValue(of: i, in: mode)
        let source = own ?? tokens[i].value
        let result: Node?
        if !modeNames(of: i).contains(mode), own == nil {
            result = light
        } else if let resolved = substituteInMode(source, owner: i, mode: mode, inProgress: &inProgress) {
            result = own == nil || validate(resolved, as: lightType, path: tokens[i].path) ? resolved : nil
        } else {
            result = nil
        }
        modeValueCache[key] = result
        return result
    }

    /// Token `i`'s own value for `mode`, or for the first of the mode's fallbacks it has; nil when it has none
    /// before the light one.
    func ownValue(of i: Int, in mode: String) -> Node? {
        // Fields are read from the list in place: copying a whole token retains every field it holds.
        for candidate in [mode] + Appearance.fallbacks(for: mode) {
            if candidate == Appearance.light { break }
            if let found = tokens[i].modes.first(where: { $0.name == candidate }) { return found.value }
        }
        return nil
    }

    /// How deep `value(of:in:type:inProgress:)` recurses along a chain before it settles the rest of the chain
    /// in a loop: short chains (nearly all) cost no walk of their own, and 16 links of the recursion fit in a
    /// 512 KiB stack even under the address sanitizer, whose frames are about 9 KiB a link (64 did not).
    static let deepModeChain = 16

    /// Works out the values in `mode` of the tokens down the chain of whole-value aliases below token `i`, the
    /// innermost first, so that `value(of:in:type:inProgress:)` for each then goes one link deep instead of
    /// recursing down the rest of the chain. The chain is read quietly (`index`, no diagnostics), and what each
    /// value is does not depend on the order it is worked out in.
    private func settleModeChain(below i: Int, in mode: String, inProgress: inout [ModeKey]) {
        var chain: [Int] = []
        var onChain: Set<Int> = [i]
        var j = i
        var closes: Int?  // the token the chain comes back to, when it is a circle
        while let next = modeAliasTarget(of: j, in: mode), modeValueCache[ModeKey(token: next, mode: mode)] == nil,
              !inProgress.contains(ModeKey(token: next, mode: mode))
        {
            guard onChain.insert(next).inserted else {
                closes = next
                break
            }
            chain.append(next)
            j = next
        }
        guard !chain.isEmpty else { return }
        if let closes {
            // A circle in this mode alone: reported as the recursion would when it came back to `closes`, and
            // every token on the way has no value in the mode.
            stack = inProgress.map(\.token) + [i] + chain
            reportCycle(from: closes)
            stack = []
            for t in [i] + chain { modeValueCache[ModeKey(token: t, mode: mode)] = .some(nil) }
            return
        }
        for t in chain.reversed() {
            guard case .resolved(let type?, _, _) = resolveLight(t) else { continue }
            _ = value(of: t, in: mode, type: type, inProgress: &inProgress)
        }
    }

    /// The token token `i`'s value in `mode` is a whole-value alias of (`{path}`), found quietly; nil for a
    /// value of its own, a pointer, a system color or a path that names no token.
    private func modeAliasTarget(of i: Int, in mode: String) -> Int? {
        let own = ownValue(of: i, in: mode)
        if own == nil, !modeNames(of: i).contains(mode) { return nil }
        guard let path = aliasTarget((own ?? tokens[i].value).string), !path.hasPrefix("system.") else { return nil }
        return index[path]
    }

    /// `substitute` for one mode: references resolve to the target's value in that mode.
    func substituteInMode(_ node: Node, owner: Int, mode: String, inProgress: inout [ModeKey], field: String? = nil) -> Node? {
        if let (targetIndex, location) = reference(in: node, owner: owner) {
            guard let targetIndex else { return nil }
            if let part = pendingSubValues.removeValue(forKey: location) {
                var moved = part
                moved.location = location
                return moved
            }
            guard case .resolved(let targetType?, _, _) = resolveLight(targetIndex),
                  !slotMismatch(targetIndex, targetType: targetType, owner: owner, field: field, at: location),
                  var value = value(of: targetIndex, in: mode, type: targetType, inProgress: &inProgress) else { return nil }
            value.location = location
            return value
        }
        switch node.kind {
        case .scalar: return node
        case .sequence(let items):
            var out: [Node] = []
            for item in items {
                guard let value = substituteInMode(item, owner: owner, mode: mode, inProgress: &inProgress, field: field) else { return nil }
                out.append(value)
            }
            return Node(.sequence(out), at: node.location, isFlowOrQuoted: node.isFlowOrQuoted)
        case .mapping(let entries):
            var out: [MappingEntry] = []
            for entry in entries {
                guard let value = substituteInMode(entry.value, owner: owner, mode: mode, inProgress: &inProgress, field: entry.key) else { return nil }
                out.append(MappingEntry(key: entry.key, keyLocation: entry.keyLocation, value: value))
            }
            return Node(.mapping(out), at: node.location, isFlowOrQuoted: node.isFlowOrQuoted)
        }
    }

    /// Resolves a token's `$value`, memoised, so every chain is walked once.
    func resolveLight(_ i: Int) -> State {
        settleLight(i)
        return state(i)
    }

    /// Token `i`'s state as `resolveLight` left it; a literal's or a plain alias's value is made here.
    func state(_ i: Int) -> State {
        switch progress[i] {
        case .unvisited: return .unvisited
        case .inProgress: return .inProgress
        case .failed: return .failed
        case .literal: return .resolved(tokens[i].type, tokens[i].value, [])
        case .plainAlias:
            // The literal its chain ends in, where the alias is written.
            let alias = plain.tokens[i]!
            var light = tokens[Int(plain.roots[i])].value
            light.location = tokens[i].value.location
            return .resolved(alias.type, light, alias.aliasChain)
        case .walked: return walked[i]!
        }
    }

    /// Works out whether token `i`'s `$value` resolves, once (`resolveLight` without making the value).
    ///
    /// A chain of whole-value aliases is followed in a loop, not by recursion: each alias met on the way down
    /// is marked in progress and kept, and once the chain ends (in a literal, a settled token, a cycle or the
    /// length bound) they are settled from the innermost out, each from its settled target. The order of
    /// every look-up, diagnostic and state change is the recursion's, and a chain 1,000 links long needs no
    /// deeper stack than one of two.
    @discardableResult
    func settleLight(_ i: Int) -> Bool {
        // The whole-value aliases met on the way down, outermost first, with their targets.
        var following: [(token: Int, target: Int, location: SourceLocation)] = []
        var j = i
        var settled: Bool
        while true {
            if let known = settledBeforeWalking(j) {
                settled = known
                break
            }
            progress[j] = .inProgress
            stack.append(j)
            if let (target, location) = lightReference(j) {
                if let target {
                    following.append((j, target, location))
                    j = target
                    continue
                }
                settled = finishWalking(j, .failed)
            } else {
                settled = finishWalking(j, ownValue(j))
            }
            break
        }
        while let step = following.popLast() {
            settled = finishWalking(step.token, follow(step.target, from: step.token, at: step.location))
        }
        return settled
    }

    /// Token `i`'s outcome when it needs no walk: settled already, met again on the chain that reaches it (a
    /// cycle), past the chain's length bound, a literal, or a plain alias whose chain fits under the bound.
    /// Nil when it must be walked.
    private func settledBeforeWalking(_ i: Int) -> Bool? {
        switch progress[i] {
        case .literal, .plainAlias, .walked: return true
        case .failed: return false
        case .inProgress:
            reportCycle(from: i)
            return false
        case .unvisited: break
        }
        if stack.count > Self.maximumChainLength {
            // Reported once, at the token the chain starts from; every token on it fails quietly.
            let start = tokens[stack[0]]
            diagnostics.append(Diagnostic(
                .aliasChainTooLong, severity: .error,
                message: "`\(start.path)` starts a chain of more than \(Self.maximumChainLength) aliases (it reaches `\(tokens[i].path)`)",
                location: start.location, path: start.path, fix: "point the alias nearer to the value it means"))
            progress[i] = .failed
            return false
        }
        let kind = flags[i]
        if kind.contains(.literal) {
            if kind.contains(.reports) { diagnostics += literals[i]!.diagnostics }
            progress[i] = kind.contains(.invalid) ? .failed : .literal
            return !kind.contains(.invalid)
        }
        if plain.levels[i] > 0, stack.count + Int(plain.levels[i]) <= Self.maximumChainLength {
            settlePlainChain(from: i)
            return true
        }
        return nil
    }

    /// The light value of token `i`, in progress, that is no whole-value alias: its own value with any
    /// references inside it substituted, checked against its type.
    private func ownValue(_ i: Int) -> State {
        let systemType: TokenType? = tokens[i].value.string.flatMap(ColorValue.systemName) != nil ? .color : nil
        guard let type = tokens[i].type ?? systemType else {
            let token = tokens[i]
            diagnostics.append(Diagnostic(
                .tokenMissingType, severity: .error,
                message: "`\(token.path)` has no type: neither the token nor its groups give `$type`",
                location: token.location, path: token.path,
                fix: "add `$type: color` (or the right type) to the token or its group"))
            progress[i] = .failed
            return .failed
        }
        var visiting: Set<Int> = [i]
        if let value = substitute(tokens[i].value, owner: i, visiting: &visiting),
           validate(value, as: type, path: tokens[i].path)
        {
            return .resolved(type, value, [])
        }
        return .failed
    }

    /// Ends the walk of token `i` (the top of `stack`) with `result`, and says whether it resolved.
    private func finishWalking(_ i: Int, _ result: State) -> Bool {
        stack.removeLast()
        // A cycle found on the way, or a missing type, marked this token failed already; that stands.
        guard progress[i] == .inProgress else { return progress[i] != .failed }
        guard case .resolved = result else {
            progress[i] = .failed
            return false
        }
        walked[i] = result
        progress[i] = .walked
        return true
    }

    /// Settles the states of plain alias `i` and of the tokens down its chain not visited yet, as following
    /// the chain would (the literal at its end reports what it found; no step goes deeper than the bound).
    func settlePlainChain(from i: Int) {
        var j = i
        while progress[j] == .unvisited {
            let kind = flags[j]
            if kind.contains(.literal) {
                // A valid literal: plain chains end in one (`PlainAliases`).
                if kind.contains(.reports) { diagnostics += literals[j]!.diagnostics }
                progress[j] = .literal
                return
            }
            progress[j] = .plainAlias
            j = Int(lightTargets[j])
        }
    }

    /// Resolves a whole-value alias of token `i` pointing at `target`, once `settleLight` has settled the target.
    func follow(_ targetIndex: Int, from i: Int, at location: SourceLocation) -> State {
        let targetState = state(targetIndex)
        guard progress[i] == .inProgress else { return state(i) }
        guard case .resolved(let targetType?, let value?, let targetChain) = targetState else { return .failed }
        if var part = pendingSubValues.removeValue(forKey: location) {
            let token = tokens[i], target = tokens[targetIndex]
            // A pointer into part of a composite value: the part must fit this token's own type.
            guard let declared = token.type else {
                diagnostics.append(Diagnostic(
                    .tokenMissingType, severity: .error,
                    message: "`\(token.path)` points into part of `\(target.path)`, so it needs its own `$type`",
                    location: token.location, path: token.path, fix: "add `$type` to the token or its group"))
                return .failed
            }
            part.location = location
            return validate(part, as: declared, path: token.path) ? .resolved(declared, part, [target.path]) : .failed
        }
        if let declared = tokens[i].type, declared != targetType {
            let token = tokens[i], target = tokens[targetIndex]
            diagnostics.append(Diagnostic(
                .aliasTypeMismatch, severity: .error,
                message: "`\(token.path)` is a \(declared.rawValue) token, but its alias `{\(target.path)}` is a \(targetType.rawValue)",
                location: location, path: token.path,
                related: [RelatedLocation(target.location, "`\(target.path)` is defined here")],
                fix: "point the alias at a \(declared.rawValue) token, or change `$type`"))
            return .failed
        }
        var moved = value
        moved.location = location
        return .resolved(targetType, moved, longChains.chain(through: targetIndex, path: tokens[targetIndex].path, then: targetChain))
    }

    /// `reference(in:)` of token `i`'s light value, from the look-up done ahead when it found a target
    /// that is not deprecated (a deprecated one takes the full look-up, which reports it).
    func lightReference(_ i: Int) -> (Int?, SourceLocation)? {
        let target = Int(lightTargets[i])
        if target >= 0, tokens[target].details?.deprecation == nil { return (target, tokens[i].value.location) }
        return reference(in: tokens[i].value, owner: i)
    }

    /// A whole-value reference (`"{a.b}"` or `{$ref: "#/a/b/$value"}`), as the target's index (nil when unresolved).
    func reference(in node: Node, owner: Int) -> (Int?, SourceLocation)? {
        // `{system.NAME}` names an Apple system color, not a token; the color type checks the name.
        if let path = aliasTarget(node.string), !path.hasPrefix("system.") {
            return (lookup(path, at: node.location, owner: owner), node.location)
        }
        if let entries = node.mappingEntries, entries.contains(where: { $0.key == "$ref" }) {
            return (pointerTarget(node, owner: owner), node.location)
        }
        return nil
    }

    /// Checks a surface in `$extensions.tokenc.on`: it must name a token, and one that can be a color (a
    /// declared other type would be skipped by every contrast rule without a word).
    func lookupSurface(_ surface: TokenReference, owner: Int) {
        guard let target = lookup(surface.path, at: surface.location, owner: owner),
              let type = tokens[target].type, type != .color else { return }
        diagnostics.append(Diagnostic(
            .aliasTypeMismatch, severity: .error,
            message: "`on` names `\(surface.path)`, a \(type.rawValue) token; it lists the colors `\(tokens[owner].path)` is drawn on",
            location: surface.location, path: tokens[owner].path,
            related: [RelatedLocation(tokens[target].location, "`\(surface.path)` is defined here")],
            fix: "name the color token of the surface, such as a background"))
    }

    /// `ask` answered by the suggestions, made at the first reference that names no token.
    func suggest<Answer>(_ ask: (inout PathSuggestions) -> Answer) -> Answer {
        if suggestions == nil { suggestions = PathSuggestions(tokens.map(\.path)) }
        return ask(&suggestions!)
    }

    func lookup(_ path: String, at location: SourceLocation, owner: Int) -> Int? {
        if let target = index[path] {
            if let reason = tokens[target].details?.deprecation {
                diagnostics.append(Diagnostic(
                    .tokenDeprecatedUse, severity: .warning,
                    message: "`\(tokens[owner].path)` uses `\(path)`, which is deprecated" + (reason.isEmpty ? "" : ": \(reason)"),
                    location: location, path: tokens[owner].path,
                    related: [RelatedLocation(tokens[target].location, "`\(path)` is marked `$deprecated` here")]))
            }
            return target
        }
        if suggest({ $0.isGroup(path) }) {
            // The example is another token of the group: the first one may be the alias itself.
            let example = suggest { $0.firstPaths(in: path) }.first { $0 != tokens[owner].path }
            diagnostics.append(Diagnostic(
                .aliasUnresolved, severity: .error,
                message: "`{\(path)}` names a group, not a token", location: location, path: tokens[owner].path,
                fix: example.map { "point at one token of the group, such as `{\($0)}`" }
                    ?? "point at a token; the group holds only `\(tokens[owner].path)`"))
            return nil
        }
        // Style Dictionary's references end in `.value`; a DTCG alias names the token itself.
        let token = path.hasSuffix(".value") ? String(path.dropLast(".value".count)) : nil
        if let token, index[token] != nil {
            diagnostics.append(Diagnostic(
                .aliasUnresolved, severity: .error,
                message: "`{\(path)}` does not name a token", location: location, path: tokens[owner].path,
                fix: "write `{\(token)}`: a DTCG alias names the token, without Style Dictionary's `.value`"))
            return nil
        }
        let suggestion = suggest { $0.nearest(path) }.map { "did you mean `{\($0)}`?" }
        diagnostics.append(Diagnostic(
            .aliasUnresolved, severity: .error,
            message: "`{\(path)}` does not name a token", location: location, path: tokens[owner].path,
            fix: suggestion ?? Self.systemColorFix(path) ?? "check the spelling of the path"))
        return nil
    }

    /// The fix for an Apple system color written as a token path (`{systemBlue}`, `{System.label}`): its
    /// reference, `{system.systemBlue}`; nil for any other path.
    static func systemColorFix(_ path: String) -> String? {
        let name = path.lowercased().hasPrefix("system.") ? String(path.dropFirst("system.".count)) : path
        return SystemColors.named(ignoringCase: name).map { "a system color is `{system.\($0.name)}`" }
    }

    /// Reads `{$ref: "#/a/b"}` or `{$ref: "#/a/b/$value"}`: a pointer at a whole token, or its whole `$value`, is a
    /// reference to that token; one further into the value is a reference to that part.
    func pointerTarget(_ node: Node, owner: Int) -> Int? {
        let owningPath = tokens[owner].path
        guard let entries = node.mappingEntries, entries.count == 1, let pointer = node["$ref"]?.string else {
            diagnostics.append(Diagnostic(
                .aliasUnresolved, severity: .error,
                message: "a `$ref` object must hold exactly one string, `$ref`, and nothing else", location: node.location,
                path: owningPath, fix: "write `{ $ref: \"#/group/token/$value\" }`"))
            return nil
        }
        func bad(_ why: String, fix: String = "write `#/group/token` or `#/group/token/$value`") -> Int? {
            diagnostics.append(Diagnostic(
                .aliasUnresolved, severity: .error, message: "the JSON Pointer `\(pointer)` \(why)",
                location: node.location, path: owningPath, fix: fix))
            return nil
        }
        if let hash = pointer.firstIndex(of: "#"), hash != pointer.startIndex {
            // `other.json#/colors/blue`: every token file of the folder is one set, so a token is named within it.
            let within = String(pointer[hash...])
            return bad("points into the file `\(pointer[..<hash])`, but a token's `$ref` names a token of the whole token set, whichever file defines it",
                       fix: "write `\(within)`, with `\(pointer[..<hash])` in the token folder")
        }
        guard pointer.hasPrefix("#/") else { return bad("must start with `#/`") }
        let segments = pointer.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false).map {
            String($0.replacing("~1", with: "/").replacing("~0", with: "~"))
        }
        guard !segments.contains(where: \.isEmpty) else { return bad("has an empty segment") }
        guard let valueIndex = segments.firstIndex(of: "$value"), valueIndex > 0 else {
            // A pointer at a whole token makes an alias of it (aliases.md: `"$ref": "#/colors/blue"` "references the
            // entire token, making `semantic.primary` an alias for `colors.blue`").
            if !segments.contains(where: { $0.hasPrefix("$") }), let target = index[segments.joined(separator: ".")] { return target }
            if suggest({ $0.isGroup(segments.joined(separator: ".")) }) { return bad("points at a group, not a token") }
            return bad("must point at a token (`#/group/token`) or its `$value` (or a part of it)")
        }
        let path = segments[..<valueIndex].joined(separator: ".")
        let inner = Array(segments[(valueIndex + 1)...])
        guard let target = index[path] else {
            if suggest({ $0.isGroup(path) }) {
                return bad("points at a group, not a token")
            }
            let suggestion = suggest { $0.nearest(path) }
            diagnostics.append(Diagnostic(
                .aliasUnresolved, severity: .error,
                message: "the JSON Pointer `\(pointer)` does not name a token",
                location: node.location, path: owningPath,
                fix: suggestion.map { "did you mean `#/\($0.replacing(".", with: "/"))/$value`?" }))
            return nil
        }
        if !inner.isEmpty {
            return subValue(of: target, inner, pointer: pointer, at: node.location, owner: owner)
        }
        return target
    }

    /// Pointers into a part of a value (`#/shadow/$value/color`) resolve to that part, kept for `substitute`.
    func subValue(of target: Int, _ segments: [String], pointer: String, at location: SourceLocation, owner: Int) -> Int? {
        guard case .resolved(_, let value?, _) = resolveLight(target) else { return nil }
        var node = value
        for segment in segments {
            if let entries = node.mappingEntries, let next = entries.first(where: { $0.key == segment }) {
                node = next.value
            } else if let items = node.sequenceItems, let index = Int(segment), segment.first != "-", index < items.count,
                      String(index) == segment
            {
                node = items[index]
            } else {
                diagnostics.append(Diagnostic(
                    .aliasUnresolved, severity: .error,
                    message: "the JSON Pointer `\(pointer)` has no `\(segment)` inside `\(tokens[target].path)`",
                    location: location, path: tokens[owner].path))
                return nil
            }
        }
        pendingSubValues[location] = node
        return target
    }

    /// The type a composite's field takes (`fontWeight` of a typography: a fontWeight), for the references in it;
    /// nil where any type may go or the field is not a composite's.
    static func slotType(of owner: TokenType?, field: String?) -> TokenType? {
        guard let owner, let field else { return nil }
        switch (owner, field) {
        case (.typography, "fontFamily"): return .fontFamily
        case (.typography, "fontSize"), (.typography, "letterSpacing"): return .dimension
        case (.typography, "fontWeight"): return .fontWeight
        case (.typography, "lineHeight"), (.gradient, "position"): return .number
        case (.border, "color"), (.shadow, "color"), (.gradient, "color"): return .color
        case (.border, "width"), (.shadow, "offsetX"), (.shadow, "offsetY"), (.shadow, "blur"), (.shadow, "spread"),
             (.border, "dashArray"), (.strokeStyle, "dashArray"): return .dimension
        case (.border, "style"): return .strokeStyle
        case (.transition, "duration"), (.transition, "delay"): return .duration
        case (.transition, "timingFunction"): return .cubicBezier
        default: return nil
        }
    }

    /// Whether a reference to `target` in the field `field` of `owner`'s composite value names a token of another
    /// type than the field takes; if so it is reported, at the reference, once.
    func slotMismatch(_ target: Int, targetType: TokenType, owner: Int, field: String?, at location: SourceLocation) -> Bool {
        guard let expected = Self.slotType(of: tokens[owner].type, field: field), expected != targetType else { return false }
        let owning = tokens[owner], targetToken = tokens[target]
        diagnostics.append(Diagnostic(
            .aliasTypeMismatch, severity: .error,
            message: "`\(field!)` of the \(owning.type!.rawValue) `\(owning.path)` takes a \(expected.rawValue), but `{\(targetToken.path)}` is a \(targetType.rawValue)",
            location: location, path: owning.path,
            related: [RelatedLocation(targetToken.location, "`\(targetToken.path)` is defined here")],
            fix: "point `\(field!)` at a \(expected.rawValue) token, or write the value"))
        return true
    }

    /// Replaces nested references inside a composite value by their targets' values; `field` is the composite's
    /// field the node sits in (items of a list keep their list's field), whose type each reference must have.
    func substitute(_ node: Node, owner: Int, visiting: inout Set<Int>, field: String? = nil) -> Node? {
        if let (targetIndex, location) = reference(in: node, owner: owner) {
            guard let targetIndex else { return nil }
            if visiting.contains(targetIndex) || stack.contains(targetIndex) {
                reportCycle(from: targetIndex)
                return nil
            }
            guard case .resolved(let targetType, let whole?, _) = resolveLight(targetIndex) else { return nil }
            // A part of a token (`#/a/$value/width`) has no type of its own to check; a whole token must fit the field.
            if pendingSubValues[location] == nil, let targetType,
               slotMismatch(targetIndex, targetType: targetType, owner: owner, field: field, at: location) { return nil }
            var moved = pendingSubValues.removeValue(forKey: location) ?? whole
            moved.location = location
            return moved
        }
        switch node.kind {
        case .scalar: return node
        case .sequence(let items):
            var out: [Node] = []
            out.reserveCapacity(items.count)
            var ok = true
            for item in items {
                if let value = substitute(item, owner: owner, visiting: &visiting, field: field) { out.append(value) } else { ok = false }
            }
            return ok ? Node(.sequence(out), at: node.location, isFlowOrQuoted: node.isFlowOrQuoted) : nil
        case .mapping(let entries):
            var out: [MappingEntry] = []
            out.reserveCapacity(entries.count)
            var ok = true
            for entry in entries {
                if let value = substitute(entry.value, owner: owner, visiting: &visiting, field: entry.key) {
                    out.append(MappingEntry(key: entry.key, keyLocation: entry.keyLocation, value: value))
                } else { ok = false }
            }
            return ok ? Node(.mapping(out), at: node.location, isFlowOrQuoted: node.isFlowOrQuoted) : nil
        }
    }

    func validate(_ value: Node, as type: TokenType, path: String) -> Bool {
        let problems = validator.read(value, as: type).problems
        diagnostics += problems.map { $0.diagnostic(path: path, type: type) }
        return problems.isEmpty
    }

    /// Reports the cycle that ends at token `i`, once, naming every member.
    func reportCycle(from i: Int) {
        guard let start = stack.lastIndex(of: i) else { return }
        let members = Array(stack[start...])
        let key = members.map { tokens[$0].path }.sorted().joined(separator: "\u{0}")
        for member in members { progress[member] = .failed }
        guard reportedCycles.insert(key).inserted else { return }
        let first = members.min { tokens[$0].path < tokens[$1].path }!
        let rotated = Array(members[members.firstIndex(of: first)!...] + members[..<members.firstIndex(of: first)!])
        let names = (rotated + [first]).map { "`\(tokens[$0].path)`" }.joined(separator: " → ")
        diagnostics.append(Diagnostic(
            .aliasCycle, severity: .error,
            message: "these aliases point at each other in a circle: \(names)",
            location: tokens[first].value.location, path: tokens[first].path,
            related: rotated.dropFirst().map { RelatedLocation(tokens[$0].value.location, "`\(tokens[$0].path)` is part of the cycle") },
            fix: "give one of them a literal value"))
    }
}

/// A set of mode names: the built-in appearances as bits, custom modes (rare) as a sorted list. Tokens
/// are asked for their modes once each, and a `Set<String>` hashed every name every time.
struct ModeNames: Equatable {
    /// Bit `n` is `Appearance.builtIn[n]`.
    private var builtIn: UInt8 = 0
    /// Custom mode names, sorted, without repeats.
    private var custom: [String] = []

    /// An empty set.
    init() {}

    /// The set of `names`.
    init<Names: Sequence<String>>(_ names: Names) {
        for name in names { insert(name) }
    }

    var isEmpty: Bool { builtIn == 0 && custom.isEmpty }

    mutating func insert(_ name: String) {
        if let bit = Self.builtInBit(name) {
            builtIn |= bit
        } else {
            let at = custom.partitioningIndex { $0 >= name }
            if at == custom.count || custom[at] != name { custom.insert(name, at: at) }
        }
    }

    mutating func formUnion(_ other: ModeNames) {
        builtIn |= other.builtIn
        for name in other.custom { insert(name) }
    }

    func contains(_ name: String) -> Bool {
        if let bit = Self.builtInBit(name) { return builtIn & bit != 0 }
        return custom.contains(name)
    }

    /// The names in output order: the built-in appearances in their order, then custom modes sorted.
    var ordered: [String] {
        var names: [String] = []
        names.reserveCapacity(builtIn.nonzeroBitCount + custom.count)
        for (n, name) in Appearance.builtIn.enumerated() where builtIn & (1 << n) != 0 { names.append(name) }
        return names + custom
    }

    static func builtInBit(_ name: String) -> UInt8? {
        Appearance.builtInIndex(name).map { 1 << $0 }
    }
}

private extension Array where Element == String {
    /// The first index whose element satisfies `belongsAfter`, for a sorted array split by it.
    func partitioningIndex(where belongsAfter: (String) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongsAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
