#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TokenGenerators
import TokenModel
import Locks

// Writing a file whole or not at all: folders made as needed (and taken away by a build that fails), a
// hidden file beside the target renamed into place, and sinks that write as bytes come.

extension OutputWriter {
    /// Creates `path` and any missing parents: one `mkdir` when the parent exists (a folder per color set),
    /// where `FileManager` also checked each level first. A file in the way fails later, at the write.
    static func makeDirectory(_ path: String) -> Bool {
        var created: [String] = []
        return makeDirectory(path, created: &created)
    }

    /// `makeDirectory`, listing the folders it made, parents first.
    static func makeDirectory(_ path: String, created: inout [String]) -> Bool {
        // A bare file name's folder is the current one, which exists.
        if path.isEmpty { return true }
        if mkdir(path, 0o755) == 0 {
            created.append(path)
            return true
        }
        if errno == EEXIST { return true }
        guard errno == ENOENT else { return false }
        let parent = PathText.parent(path)
        guard !parent.isEmpty, parent != path, makeDirectory(parent, created: &created) else { return false }
        if mkdir(path, 0o755) == 0 {
            created.append(path)
            return true
        }
        return errno == EEXIST
    }

    /// Writes beside the target, then renames: readers never see a half-written file.
    public static func atomicWrite(_ bytes: [UInt8], to target: String) throws(ToolError) {
        try atomicWrite(parts: [bytes], to: target)
    }

    /// `atomicWrite` of `parts` one after another, without joining them first (a part can be megabytes).
    static func atomicWrite(parts: [[UInt8]], to target: String) throws(ToolError) {
        // A file written while a signal waits for the build (a manifest, during a commit) is finished first.
        try Interruption.asOneWrite { () throws(ToolError) in
            try writeInPlace(to: target, stopsOnSignal: false) { sink in for part in parts { sink.write(part) } }
        }
    }

    /// Writes a file that `produce` hands to a sink piece by piece (a 100 MB page) as `atomicWrite` writes bytes:
    /// into a hidden file beside `target`, renamed onto it once whole. A signal stops the writing at the next
    /// piece, and a failed write at once; either removes the hidden file and leaves `target` as it was.
    public static func atomicWrite(to target: String, streaming produce: (any OutputSink) -> Void) throws(ToolError) {
        try Interruption.asOneWrite { () throws(ToolError) in try writeInPlace(to: target, stopsOnSignal: true, produce) }
    }

    /// The atomic writes' work: what `produce` writes goes to a hidden file beside the target, renamed onto it once
    /// whole; a failed write, or a signal when the write `stopsOnSignal`, removes the hidden file instead.
    private static func writeInPlace(to target: String, stopsOnSignal: Bool, _ produce: (any OutputSink) -> Void) throws(ToolError) {
        let directory = PathText.parent(target)
        guard makeDirectory(directory) else { throw ToolError("cannot write \(target): \(String(cString: strerror(errno)))") }
        guard let (temporary, descriptor) = TemporaryFile.create(beside: target) else {
            throw ToolError("cannot write \(target): \(String(cString: strerror(errno)))")
        }
        let sink = InterruptibleSink(FileDescriptorSink(descriptor), stopsOnSignal: stopsOnSignal)
        produce(sink)
        let closed = close(descriptor) == 0 ? nil : errno
        if let signal = sink.interruption {
            unlink(temporary)
            throw Interruption.error(signal)
        }
        if let failure = sink.file.failure ?? closed {
            unlink(temporary)
            throw ToolError("cannot write \(target): \(String(cString: strerror(failure)))")
        }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ToolError("cannot write \(target): \(reason)")
        }
    }

    /// Writes all of `bytes` to `descriptor`, again after an interruption; false on an error (`errno` says which).
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = writeDescriptor(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            written += count
        }
        return true
    }
}

/// A sink writing to a file descriptor as it is given bytes (standard output for `inspect`); after a failed
/// write (a reader that stopped early) it drops the rest.
public final class FileDescriptorSink: OutputSink {
    private let descriptor: Int32
    /// The `errno` of the write that failed, if one did.
    private(set) var failure: Int32?

    /// Creates a sink writing to `descriptor`, which it does not close.
    public init(_ descriptor: Int32) { self.descriptor = descriptor }

    public func write(_ bytes: UnsafeRawBufferPointer) {
        if failure == nil, !OutputWriter.writeAll(bytes, to: descriptor) { failure = errno }
    }

    public func close() {}
}

/// A file's sink that, when it `stopsOnSignal`, stops passing bytes on once a signal has come
/// (`Interruption.requested`), remembering it.
private final class InterruptibleSink: OutputSink {
    let file: FileDescriptorSink
    let stopsOnSignal: Bool
    /// The signal that stopped the writing, if one did.
    private(set) var interruption: Int32?

    init(_ file: FileDescriptorSink, stopsOnSignal: Bool) {
        self.file = file
        self.stopsOnSignal = stopsOnSignal
    }

    func write(_ bytes: UnsafeRawBufferPointer) {
        if stopsOnSignal, interruption == nil { interruption = Interruption.requested }
        if interruption == nil { file.write(bytes) }
    }

    func close() {}
}

/// A generated file written beside its target and not yet put in place.
struct StagedFile: Sendable {
    /// The path relative to the output folder.
    var relativePath: String
    /// The output that wrote it (`css`, `swift` …), for the manifest.
    var owner: String?
    /// Where the file goes.
    var target: String
    /// The hidden file holding the new bytes; nil when the target already holds them.
    var temporary: String?
    /// Whether a file with other bytes is at the target now, which putting this one in place replaces (for a staged
    /// file, one whose new bytes are in `temporary`; `plan` marks the files it would write).
    var replaces = false
    /// The file's size and content hash, recorded in the manifest.
    var size = 0
    var hash = ""
}

/// The folders a build made, so each is made once and a build that fails can take away the ones it made.
/// Generators stage their files side by side, so the log is shared under its lock.
final class DirectoryLog: Sendable {
    private struct State {
        var known: Set<String> = []
        var created: [String] = []
        /// Folders already found not to be links, by path.
        var checked: Set<String> = []
    }

    private let state = LockedValue(State())

    /// The first folder between `folder` and the file `relativePath` that is a link (or not a folder), if one is:
    /// writing through it would put the file outside the output folder. The output folder itself is the user's to choose.
    func linkOnTheWay(folder: String, relativePath: String) -> String? {
        var path = folder
        for part in relativePath.split(separator: "/").dropLast() {
            path = PathText.joined(path, String(part))
            if state.withLock({ $0.checked.contains(path) }) { continue }
            var info = stat()
            if lstat(path, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else { return path }
            } else if errno != ENOENT {
                return path
            }
            state.withLock { _ = $0.checked.insert(path) }
        }
        return nil
    }

    /// Makes `path` and any missing parents, once per build.
    func make(_ path: String) -> Bool {
        if state.withLock({ $0.known.contains(path) }) { return true }
        var made: [String] = []
        guard OutputWriter.makeDirectory(path, created: &made) else { return false }
        record(made, for: path)
        return true
    }

    /// Notes that making `path` created `made` (parents first). Threads making folders side by side note
    /// theirs in whatever order they finish.
    func record(_ made: [String], for path: String) {
        state.withLock { state in
            state.known.insert(path)
            state.created += made
        }
    }

    /// Removes the folders this log made that are still empty, deepest first.
    func removeCreated() {
        state.withLock { state in
            // Longest path first: a folder's path is longer than its parent's. (The order of creation is not
            // enough: two generators making `Generated/json` and `Generated/css` side by side can log the
            // parent after the other's child, and `Generated` was then left behind, still holding `css`.)
            for path in state.created.sorted(by: { $0.utf8.count > $1.utf8.count }) { rmdir(path) }
            state = State()
        }
    }
}

/// `write(2)`, named apart from the writer's own `write` members.
private func writeDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, bytes, count) }
