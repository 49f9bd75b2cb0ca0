#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TokenModel
import Locks

/// Ctrl-C, `kill` and a closed terminal during a build: the build stops writing, removes the files it staged and
/// the folders it made, and the process then ends by the signal, as it would have at once. With nothing being
/// written it ends at once; a second signal ends it at once too.
///
/// The signals are blocked in every thread and taken by one thread of their own (`sigwait`), which runs
/// ordinary code: no work happens in a signal handler. Signals ignored when tokenc started (a background job's
/// SIGINT, `nohup`'s SIGHUP) stay ignored.
public enum Interruption {
    private struct State {
        /// The signal received first, 0 for none.
        var received: Int32 = 0
        /// Builds staging outputs and files being written in place: while there are any, a first signal
        /// waits for them to clean up.
        var writers = 0
        /// Whether the signal thread is ending the process: nothing may start writing.
        var ending = false
        /// Whether `install` ran: the signal thread waits, and child processes get `startMask` back.
        var installed = false
        /// The signals blocked when tokenc started, which child processes get back (`childSignalMask`).
        var startMask = sigset_t()
        /// The lock files this process holds (`OutputLock`), each with the folders made for it: a signal that
        /// ends the process at once removes them, as releasing the lock would have.
        var lockFiles: [(file: String, folders: [String])] = []
    }

    private static let state = LockedValue(State())
    /// The signals taken: those not ignored when tokenc started (a blocked signal is queued even when
    /// ignored, so an ignored one must not be waited for).
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP].filter { number in
        let previous = signal(number, SIG_IGN)
        signal(number, previous)
        return unsafeBitCast(previous, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Blocks the signals and starts the thread that waits for them. Call first thing in `main`, before any
    /// other thread starts: threads inherit the blocked set from the thread that makes them.
    public static func install() {
        var set = signalSet()
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &set, &previous)
        state.withLock { state in
            state.startMask = previous
            state.installed = true
        }
        // The thread handle is optional on Apple's platforms (a pointer) and a number on Linux.
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, 64 * 1024)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        _ = pthread_create(&thread, &attributes, { _ in
            Interruption.waitForSignals()
            return nil
        }, nil)
        pthread_attr_destroy(&attributes)
    }

    /// The signal received, if any: a build that sees one stops writing.
    public static var requested: Int32? {
        let signal = state.withLock { $0.received }
        return signal == 0 ? nil : signal
    }

    /// Ends the process by the signal received, if one was: call once a build has removed what it staged.
    public static func endIfRequested() {
        if let signal = requested { end(by: signal) }
    }

    /// The error a write stopped by a signal fails with.
    static func error(_ signal: Int32) -> ToolError {
        let name = [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP"][signal] ?? "signal \(signal)"
        return ToolError("interrupted (\(name)): no output was changed")
    }

    /// The signals a child process starts with blocked: those blocked when tokenc started, not the ones it
    /// blocks to wait for them itself (a `git` it runs must die of Ctrl-C as it would have).
    static var childSignalMask: sigset_t {
        var mask = sigset_t()
        let installed = state.withLock { state in
            if state.installed { mask = state.startMask }
            return state.installed
        }
        if !installed { pthread_sigmask(SIG_SETMASK, nil, &mask) }
        return mask
    }

    /// Runs `take`, which opens and locks the lock file `file`, with the signal thread held off, and notes the
    /// file (with the `folders` made for it) as this process's when `take` says it took it: a signal that ends the
    /// process waits until the file is noted, then removes it, so no lock file this process made outlives it.
    /// Returns nil, running nothing, when the process is already ending.
    static func takeLock<Outcome>(_ file: String, folders: [String], _ take: () -> (outcome: Outcome, taken: Bool)) -> Outcome? {
        state.withLock { state in
            guard !state.ending else { return nil }
            let attempt = take()
            if attempt.taken { state.lockFiles.append((file, folders)) }
            return attempt.outcome
        }
    }

    /// Removes the lock file `file` this process holds, and the folders made for it when they are empty, with
    /// the signal thread held off: each lock file is removed once, by whichever comes first.
    static func releaseLock(_ file: String) {
        state.withLock { state in
            guard let index = state.lockFiles.lastIndex(where: { $0.file == file }) else { return }
            unlink(file)
            for folder in state.lockFiles[index].folders.reversed() { rmdir(folder) }
            state.lockFiles.remove(at: index)
        }
    }

    /// Notes that a build began staging outputs or writing a file in place; `endWriting` when it is done.
    /// Returns the signal received and whether the process is ending: then nothing may be written.
    static func beginWriting() -> (signal: Int32?, ending: Bool) {
        state.withLock { state in
            if !state.ending { state.writers += 1 }
            return (state.received == 0 ? nil : state.received, state.ending)
        }
    }

    /// Runs `body`, a write that must not stop halfway (a file written in place, the files of `init`), as one a
    /// signal waits for; throws at once, writing nothing, when the process is already ending.
    static func asOneWrite<Result>(_ body: () throws(ToolError) -> Result) throws(ToolError) -> Result {
        let interruption = beginWriting()
        if interruption.ending { throw error(interruption.signal ?? 0) }
        defer { endWriting() }
        return try body()
    }

    /// Notes that what `beginWriting` began (when the process was not ending) is committed or removed.
    static func endWriting() {
        state.withLock { $0.writers -= 1 }
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }

    private static func waitForSignals() -> Never {
        var set = signalSet()
        while true {
            var signal: Int32 = 0
            guard sigwait(&set, &signal) == 0 else { continue }
            // The first signal asks the writers to stop and ends the process only when there are none; the
            // lock keeps a writer from starting between that count and the end.
            // The locks go as releasing them would (no later build waits on, or sweeps after, a process gone),
            // under the state lock: no lock is being taken or released meanwhile, and none is taken after.
            let ends = state.withLock { state in
                if state.received != 0 {
                    state.ending = true
                } else {
                    state.received = signal
                    state.ending = state.writers == 0
                }
                guard state.ending else { return false }
                for lock in state.lockFiles {
                    unlink(lock.file)
                    for folder in lock.folders.reversed() { rmdir(folder) }
                }
                state.lockFiles.removeAll()
                return true
            }
            guard ends else { continue }
            end(by: signal)
        }
    }

    /// Ends the process as the signal's default action does, so a shell sees it killed by the signal.
    private static func end(by number: Int32) -> Never {
        signal(number, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(number)
        _exit(128 + number)
    }
}
