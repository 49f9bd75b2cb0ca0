import SourceTree
import TokenModel

/// The entries of every mapping a loader has open, innermost last, in one buffer that grows to the file's
/// widest nesting: each mapping's entries are moved out into a list of exactly their count when it ends.
/// Appending to a list per mapping grew it one step at a time (a token's three keys allocated twice).
final class OpenEntries {
    private var base: UnsafeMutablePointer<MappingEntry>
    private var capacity: Int
    /// How many entries are open.
    private(set) var count = 0

    init() {
        capacity = 64
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// The entry at `position` (below `count`), read in place.
    subscript(position: Int) -> MappingEntry {
        _read { yield base[position] }
        _modify { yield &base[position] }
    }

    /// Adds `entry` on top, moved in.
    func append(_ entry: consuming MappingEntry) {
        if count == capacity {
            let grown = UnsafeMutablePointer<MappingEntry>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        (base + count).initialize(to: entry)
        count += 1
    }

    /// The entries from `start` up, moved into a list; `count` goes back to `start`.
    func take(from start: Int) -> [MappingEntry] {
        // Reserved and appended: `Array(unsafeUninitializedCapacity:)` looked its storage type up at run
        // time on every call (a generic path the optimizer left unspecialized), twice the cost of the list.
        var list: [MappingEntry] = []
        list.reserveCapacity(count - start)
        for position in start..<count { list.append((base + position).move()) }
        count = start
        return list
    }
}
