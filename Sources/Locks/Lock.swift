#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutual-exclusion lock for the few tables threads share, over the C library's mutex: tokenc links
/// FoundationEssentials alone (docs/performance.md), which has no `NSLock`.
public final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates an unlocked lock.
    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Waits until no other thread holds the lock, then holds it.
    public func lock() { pthread_mutex_lock(mutex) }

    /// Lets the next waiting thread take the lock.
    public func unlock() { pthread_mutex_unlock(mutex) }
}

/// A value threads share, read and changed only under its lock (`withLock`): what `Synchronization.Mutex` gives,
/// without its macOS 15 minimum. Unchecked: every access to `value` holds `lock`.
public final class LockedValue<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value

    /// Creates the shared value.
    public init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, holding the lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
