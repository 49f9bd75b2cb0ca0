import TokenModel

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

    /// How many names the set holds.
    var count: Int { builtIn.nonzeroBitCount + custom.count }

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
