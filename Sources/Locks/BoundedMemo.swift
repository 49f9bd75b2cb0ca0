/// Answers computed once per process and shared by every thread (parsed color texts, gamut-mapped
/// colors): the rules and every output ask for the same values. Bounded, so a long `--watch` session
/// over changing files does not grow without end. Unchecked: `results` is only touched under `lock`.
public final class BoundedMemo<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = Lock()
    private var results: [Key: Value] = [:]
    private let limit: Int

    /// A memo that starts over once it holds `limit` answers.
    public init(limit: Int) { self.limit = limit }

    /// The answer for `key`, computed by `compute` the first time (outside the lock, so threads asking
    /// for different keys do not wait on each other).
    public func value(for key: Key, _ compute: () -> Value) -> Value {
        lock.lock()
        if let known = results[key] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let result = compute()
        lock.lock()
        if results.count >= limit { results.removeAll(keepingCapacity: true) }
        results[key] = result
        lock.unlock()
        return result
    }
}
