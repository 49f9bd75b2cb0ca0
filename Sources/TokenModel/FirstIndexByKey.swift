/// Finds the first item of a list with a given key, for a caller that asks for many keys: a short list is
/// walked, a long one (a hostile token's thousands of modes) hashed once, since walking it for each of its
/// keys made the work grow with the square of its length.
public struct FirstIndexByKey<Key: Hashable> {
    /// Each key's first index, for a list longer than `walked`; nil for a list walked at each look-up.
    @usableFromInline let byKey: [Key: Int]?

    /// The longest list walked rather than hashed: up to here a walk costs less than making a dictionary.
    public static var walked: Int { 16 }

    /// Prepares look-ups in `items`, each item's key read by `key`.
    @inlinable
    public init<Items: RandomAccessCollection>(_ items: Items, key: (Items.Element) -> Key) where Items.Index == Int {
        byKey = items.count <= Self.walked ? nil
            : Dictionary(zip(items.lazy.map(key), items.indices), uniquingKeysWith: { first, _ in first })
    }

    /// The index of the first item in `items` (the list given to `init`) whose key is `wanted`.
    @inlinable
    public func index<Items: RandomAccessCollection>(of wanted: Key, in items: Items, key: (Items.Element) -> Key) -> Int?
        where Items.Index == Int
    {
        if let byKey { return byKey[wanted] }
        return items.firstIndex { key($0) == wanted }
    }
}
