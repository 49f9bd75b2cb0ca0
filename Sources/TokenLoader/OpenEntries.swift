import SourceTree
import TokenModel

/// The entries of every mapping a loader has open, innermost last, in one list that grows to the file's
/// widest nesting: each mapping's entries are copied out into a list of exactly their count when it ends.
/// Appending to a list per mapping grew it one step at a time (a token's three keys allocated twice). A
/// struct the tree builder owns: as a class's property each access was checked for exclusivity at run time
/// and each removal for uniqueness (16 M of the 10k build's instructions).
struct OpenEntries {
    private var entries: [MappingEntry] = []

    init() { entries.reserveCapacity(64) }

    /// How many entries are open.
    var count: Int { entries.count }

    /// The entry at `position` (below `count`), read in place.
    subscript(position: Int) -> MappingEntry {
        _read { yield entries[position] }
        _modify { yield &entries[position] }
    }

    /// Adds `entry` on top.
    mutating func append(_ entry: consuming MappingEntry) { entries.append(entry) }

    /// The entries from `start` up, moved into a list of their own; `count` goes back to `start`. Popped and
    /// reversed, so each entry is moved, not copied (a copy retained every string and list it holds).
    mutating func take(from start: Int) -> [MappingEntry] {
        var list: [MappingEntry] = []
        list.reserveCapacity(entries.count - start)
        while entries.count > start { list.append(entries.removeLast()) }
        list.reverse()
        return list
    }
}
