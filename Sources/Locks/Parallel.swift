import Dispatch

/// The one way tokenc runs work side by side: jobs over a range of indexes on all cores, results in order.
public enum Parallel {
    /// `transform(i)` for every `i` in `0..<count`, in jobs of `chunk` consecutive indexes on all cores; the
    /// results in index order. `transform` may read anything no thread changes while the map runs. A map inside
    /// another map's job gets only the cores the outer one leaves (none, when it uses them all): make one map
    /// of both instead.
    public static func map<Result>(_ count: Int, chunk: Int = 1, _ transform: (Int) -> Result) -> [Result] {
        let chunk = max(1, chunk)
        let jobs = (count + chunk - 1) / chunk
        guard jobs > 1 else { return (0..<count).map(transform) }
        return withoutActuallyEscaping(transform) { transform in
            [Result](unsafeUninitializedCapacity: count) { slots, initialized in
                let work = Jobs(transform: transform, slots: slots)
                DispatchQueue.concurrentPerform(iterations: jobs) { job in
                    for i in job * chunk..<min(count, (job + 1) * chunk) {
                        work.slots.initializeElement(at: i, to: work.transform(i))
                    }
                }
                initialized = count
            }
        }
    }
}

/// What the jobs of one `Parallel.map` share. Unchecked because Swift cannot see the two facts that make it
/// safe: each job initializes only its own slots, which nothing reads before `concurrentPerform` returns, and
/// `transform` only reads (the map's contract); the slots are never used outside the closure that lends them.
/// It replaced seven such buffers, one per caller; the callers' jobs would otherwise have to capture only
/// `Sendable` values (the resolver's walk, whose state is not). Cost against those: about 1 M of the 10k build's 924 M.
private struct Jobs<Result>: @unchecked Sendable {
    let transform: (Int) -> Result
    let slots: UnsafeMutableBufferPointer<Result>
}
