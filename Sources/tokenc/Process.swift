#if canImport(CMimalloc)
import CMimalloc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TokencKit
import TokenModel
import Locks

/// The running executable's path, for the build fingerprint. On Linux it is read from `/proc/self/exe`:
/// Foundation's `Bundle.main` lists the executable's folder twice first (5,600 entries in `/tmp` took 8 ms).
func executablePath() -> String? {
    #if os(Linux)
    return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    #else
    return Bundle.main.executablePath
    #endif
}

/// Whether stderr is a terminal that wants color.
func stderrWantsColor() -> Bool {
    isatty(2) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
}

/// The user's cache folder: `$XDG_CACHE_HOME` when it is an absolute path, else `~/.cache`; nil without a home.
func userCacheFolder() -> String? {
    let environment = ProcessInfo.processInfo.environment
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg }
    return environment["HOME"].map { $0 + "/.cache" }
}

/// Writes `text` to standard error as it is (no newline added).
func printError(_ text: String) { printError(Array(text.utf8)) }

/// Ends the process with `status` (the C library's `exit`, which `ParsableCommand.exit` hides in a command).
func terminate(_ status: Int32) -> Never {
    // A build stopped by a signal has cleaned up; the process ends by that signal, not with a status.
    Interruption.endIfRequested()
    exit(status)
}

/// The local time of day as `HH:MM:SS`, for the watch loop's status line.
func timeOfDay() -> String {
    var now = time(nil), parts = tm()
    localtime_r(&now, &parts)
    func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
}

/// The process's malloc: mimalloc where the executable links it (Package.swift), else the C library's.
enum Allocator {
    /// Sets the allocator up before the first large allocation.
    static func configure() {
        #if canImport(CMimalloc)
        // Freed pages go back to the system after 5 ms instead of mimalloc's 25: a build frees each file's
        // parse and each stage's working data as it goes, and holding them longer raised the peak memory
        // of 100,000 tokens past 20x the input (docs/performance.md).
        mi_option_set(mi_option_decommit_delay, 5)
        #elseif os(Linux)
        // glibc grows its heap by what a request lacks plus 128 KB, so a build's millions of small allocations
        // move the heap's end tens of thousands of times. 64 MB at a time: 6-7 % less time at 10,000 and
        // 100,000 tokens (alternated), for a 100k peak 7 MB higher; pages never touched are never resident.
        _ = glibcMallopt(glibcTopPad, 64 << 20)
        #endif
    }

    /// Gives freed memory back to the system now, before the report adds its own pages on top of it.
    static func returnFreedMemory() {
        #if canImport(CMimalloc)
        mi_collect(true)
        #elseif os(Linux)
        _ = glibcMallocTrim(0)
        #endif
    }
}

#if os(Linux)
/// glibc's `malloc_trim` (declared in `malloc.h`, which the Glibc module does not export).
@_silgen_name("malloc_trim")
func glibcMallocTrim(_ pad: Int) -> Int32

/// glibc's `mallopt`, and its `M_TOP_PAD` parameter: declared by name because the Glibc module does not export
/// `malloc.h`; the 64 MB top pad it sets measured 6-7 % less time at 10k and 100k tokens (`Allocator.configure`).
@_silgen_name("mallopt")
func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
let glibcTopPad: Int32 = -2
#endif

/// Writes bytes to standard error as they are (a large report is not copied into a `String` and back).
func printError(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { OutputWriter.writeAll($0, to: STDERR_FILENO) }
}

/// Values a one-shot command keeps until the process exits, instead of freeing them piece by piece just before.
enum ProcessLifetime {
    /// Never read: holding the values until the process ends is the point.
    private static let kept = LockedValue<[Any]>([])

    /// Keeps `value` alive until the process exits.
    static func keep(_ value: Any) { kept.withLock { $0.append(value) } }
}

/// Standard output as a sink a report is streamed to.
func standardOutputSink() -> FileDescriptorSink { FileDescriptorSink(STDOUT_FILENO) }

/// A report piped into a reader that stops early (`tokenc build 2>&1 | head`) must not kill the run before it
/// removes the outputs it staged and exits with its status: writes to the closed pipe fail instead.
func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }
