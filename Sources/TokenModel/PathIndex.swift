/// Positions of tokens by dotted path: an open-addressing table of 32-bit positions that compares against the
/// paths themselves, so it holds no second copy of any string. A `[String: Int]` of 100,000 paths took 6 MB;
/// this takes 2.6 (the paths array, whose strings are shared, and the table).
public struct PathIndex: Sendable {
    private let paths: [String]
    /// Positions in `paths` plus one, by hash; 0 is an empty slot.
    private var slots: [UInt32]
    private let mask: Int

    /// Indexes `paths`; a path written twice finds its last position, as assigning into a dictionary would.
    public init(_ paths: [String]) {
        self.paths = paths
        var size = 16
        while size < paths.count + paths.count / 3 + 1 { size <<= 1 }
        mask = size - 1
        slots = [UInt32](repeating: 0, count: size)
        for (position, path) in paths.enumerated() {
            var slot = Self.hash(path) & mask
            while slots[slot] != 0, paths[Int(slots[slot]) - 1] != path { slot = (slot + 1) & mask }
            slots[slot] = UInt32(position + 1)
        }
    }

    /// The position of `path`, or nil when no token has it.
    public subscript(path: String) -> Int? {
        var slot = Self.hash(path) & mask
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            if paths[position] == path { return position }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Chosen once per process, as Swift seeds its own hashing: paths cannot be picked ahead of time to collide.
    private static let seed = UInt64(truncatingIfNeeded: Int.random(in: .min ... .max))

    /// A path's hash from its UTF-8 bytes, eight at a time: `String.hashValue` (SipHash over a hasher's state)
    /// cost 280 instructions per path, and every token's path is hashed twice per build.
    static func hash(_ path: String) -> Int {
        // The seed is read first: its lazy initialization is a call that could release anything, so reading it
        // with the string's bytes lent out kept the string retained across it (a retain and a release a hash).
        let seed = Self.seed
        // Read in place (a native string's bytes, or a small one's copied to the stack): no copy of the string.
        let hash = path.utf8.withContiguousStorageIfAvailable { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            let count = bytes.count
            var hash = seed ^ (UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15)
            var offset = 0
            while offset + 8 <= count {
                hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
                hash ^= hash >> 29
                offset += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < count {
                tail |= UInt64(bytes[offset]) << shift
                shift += 8
                offset += 1
            }
            // splitmix64's finalizer: every bit of the input reaches the low bits the table uses.
            hash = (hash ^ tail ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
            hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int(truncatingIfNeeded: hash ^ (hash >> 31))
        }
        return hash ?? Self.hash(String(decoding: Array(path.utf8), as: UTF8.self))
    }
}
