import TokenModel

/// What an output made of a color token's values, by the identity of the token's parsed colors
/// (`ResolvedToken.colorsIdentity`), with the token it was made for: an alias shares its target's colors (the
/// resolver's doing), and with the same modes it has the same output. The slot holds the token, so the
/// identity's object lives as long as the slot names it. A fixed number of slots, each identity in the one
/// slot its bits pick (no hashing): a value is found again until another identity takes its slot, which suits
/// an alias met soon after its target, or before it, or not at all, where a dictionary's hashing, growth
/// and clearing cost more than the few misses. Parallel lists, so a look-up copies no tuple through the
/// runtime's generic tuple functions (as a list of optional tuples did).
struct SharedColorsMemo<Value> {
    private var identities: [ObjectIdentifier?]
    private var owners: [ResolvedToken?]
    private var values: [Value?]

    /// Creates empty slots; `slots` must be a power of two.
    init(slots: Int) {
        precondition(slots > 0 && slots & (slots - 1) == 0, "a power of two")
        identities = Array(repeating: nil, count: slots)
        owners = Array(repeating: nil, count: slots)
        values = Array(repeating: nil, count: slots)
    }

    /// The identity of `token`'s parsed colors; nil for a token without colors.
    static func identity(of token: ResolvedToken) -> ObjectIdentifier? {
        token.colorsIdentity
    }

    /// The slot for an identity (an object's, 16-byte aligned, so its low four bits say nothing).
    func slot(of identity: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: ((UInt64(UInt(bitPattern: identity)) >> 4) &* 0x9E37_79B9_7F4A_7C15) >> 40) & (identities.count - 1)
    }

    /// The value `slot` holds for `identity`, if it was made for a token with `token`'s modes.
    func value(for identity: ObjectIdentifier, in slot: Int, sameModesAs token: ResolvedToken) -> Value? {
        guard identities[slot] == identity, let owner = owners[slot], Self.sameModes(owner, token) else { return nil }
        return values[slot]
    }

    /// Keeps `value`, made for `token`, for `identity` in `slot`, replacing what the slot held.
    mutating func store(_ value: Value, madeFor token: ResolvedToken, at identity: ObjectIdentifier, in slot: Int) {
        identities[slot] = identity
        owners[slot] = token
        values[slot] = value
    }

    /// Whether two tokens have the same modes in the same order.
    static func sameModes(_ a: ResolvedToken, _ b: ResolvedToken) -> Bool {
        guard a.values.count == b.values.count else { return false }
        for i in a.values.indices where a.values[i].mode != b.values[i].mode { return false }
        return true
    }
}

/// How many slots the color memos of one output have (`SharedColorsMemo` and the Swift output's formatted
/// colors): one per eight tokens of the set, rounded down to a power of two, from 64 to 4,096. Their slots are
/// allocated whole before the first token, so a fixed 4,096 cost a small set more than a megabyte across the
/// Swift and CSS outputs' three memos; a repeat a smaller memo no longer holds is only formatted again
/// (docs/performance.md).
enum MemoSlots {
    /// The slots for an output of `tokens` tokens.
    static func count(forTokens tokens: Int) -> Int {
        let wanted = min(4096, max(64, tokens / 8))
        return 1 << (Int.bitWidth - 1 - wanted.leadingZeroBitCount)
    }
}
