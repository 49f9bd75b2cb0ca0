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
            var slot = path.hashValue & mask
            while slots[slot] != 0, paths[Int(slots[slot]) - 1] != path { slot = (slot + 1) & mask }
            slots[slot] = UInt32(position + 1)
        }
    }

    /// The position of `path`, or nil when no token has it.
    public subscript(path: String) -> Int? {
        var slot = path.hashValue & mask
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            if paths[position] == path { return position }
            slot = (slot + 1) & mask
        }
        return nil
    }
}
