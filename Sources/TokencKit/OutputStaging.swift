#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TokenGenerators
import TokenModel
import TokenColor
import Locks

/// A build's outputs written as each generator finishes, into hidden files beside their targets, and put
/// in place only once the whole build has succeeded: writing overlaps rendering and the rules, and no
/// output waits in memory for the others (at 100,000 tokens the outputs are 50 MB).
public final class OutputStaging: @unchecked Sendable {
    /// Each generator's output folder, in order.
    private let folders: [String]
    /// `--only`'s outputs, nil for a build of all of them (`OutputWriter.selected`).
    private let selected: Set<String>?
    private let lock = Lock()
    private var staged: [[StagedFile]]
    /// Files and bytes each generator staged, for `--verbose`.
    private var counts: [(files: Int, bytes: Int)]
    /// Streams opened and not yet closed (a generator that fails leaves its stream open).
    private var open: [ObjectIdentifier: StagingSink] = [:]
    private var failure: ToolError?
    private let directories = DirectoryLog()

    /// The output each generator is (`css`, `swift` …), recorded in the manifest beside its files.
    private let owners: [String]
    /// Whether files tokenc did not write may be replaced (`OutputWriter.overwrites`).
    private let overwrites: Bool

    /// Creates the staging for generators writing into `folders` (one folder per generator, in order), each
    /// the output `owners` names; `selected` is `--only`'s outputs, nil for a build of all of them; `overwrites`
    /// lets it replace files tokenc did not write.
    public init(folders: [String], owners: [String], selected: Set<String>? = nil, overwrites: Bool = false) {
        self.folders = folders
        self.selected = selected
        self.owners = owners
        self.overwrites = overwrites
        staged = Array(repeating: [], count: folders.count)
        counts = Array(repeating: (0, 0), count: folders.count)
        let interruption = Interruption.beginWriting()
        counted = !interruption.ending
        if let signal = interruption.signal { failure = Interruption.error(signal) }
    }

    /// Whether `Interruption` counts this staging among the writers it waits for.
    private let counted: Bool

    deinit { if counted { Interruption.endWriting() } }

    /// Where generator `index` streams its large files.
    func sinks(generator index: Int) -> any OutputSinks { StagingSinks(staging: self, generator: index) }

    /// The files and bytes generator `index` staged, streamed or whole.
    func stagedCount(generator index: Int) -> (files: Int, bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        return counts[index]
    }

    /// A sink for one file of generator `index`, staged when it closes; a path that would leave the output
    /// folder gets a sink that writes nothing, and the build fails at `commit`.
    fileprivate func openSink(generator index: Int, relativePath: String) -> any OutputSink {
        let folder = folders[index]
        guard OutputWriter.isSafe(relativePath) else {
            lock.lock()
            if failure == nil { failure = ToolError("refusing to write \(relativePath): outputs stay inside \(folder)") }
            lock.unlock()
            return DiscardingSink()
        }
        let sink = StagingSink(relativePath: relativePath, folder: folder, directories: directories) { [self] sink in
            lock.lock()
            open[ObjectIdentifier(sink)] = nil
            if let problem = sink.failure {
                if failure == nil { failure = problem }
            }
            var file = sink.staged
            file.owner = owners[index]
            staged[index].append(file)
            counts[index].files += 1
            counts[index].bytes += sink.byteCount
            lock.unlock()
        }
        lock.lock()
        open[ObjectIdentifier(sink)] = sink
        lock.unlock()
        return sink
    }

    /// Writes generator `index`'s files beside their targets, each through a sink as if streamed; the first
    /// failure is kept for `commit`.
    func stage(generator index: Int, files: [GeneratedFile]) {
        for file in files {
            let sink = openSink(generator: index, relativePath: file.relativePath)
            sink.write(file.contents)
            sink.close()
        }
    }

    /// Puts every staged file in place, folder by folder in plan order, and updates each folder's manifest;
    /// throws (leaving every output as it was) when staging failed.
    public func commit() throws(ToolError) -> (summary: WriteSummary, folders: [String]) {
        lock.lock()
        let staged = staged, failure = failure ?? Interruption.requested.map(Interruption.error), unfinished = !open.isEmpty
        lock.unlock()
        if let failure = failure ?? (unfinished ? ToolError("an output was left incomplete") : nil) {
            discard()
            throw failure
        }
        var order: [String] = []
        var byFolder: [String: [StagedFile]] = [:]
        for (folder, files) in zip(folders, staged) {
            if byFolder[folder] == nil { order.append(folder) }
            byFolder[folder, default: []] += files
        }
        // Every folder is checked before any file is put in place; each manifest is read once.
        var previous: [String: [OutputWriter.ManifestEntry]] = [:]
        for folder in order {
            let files = byFolder[folder]!
            let writer = OutputWriter(folder: folder, overwrites: overwrites)
            previous[folder] = writer.previousEntries()
            if let problem = OutputWriter.collision(in: folder, paths: files.map(\.relativePath), owners: files.map(\.owner))
                ?? writer.foreignFile(among: files, previous: previous[folder])
            {
                discard()
                throw problem
            }
        }
        var total = WriteSummary()
        for (position, folder) in order.enumerated() {
            let files = byFolder[folder]!
            do {
                let written = try OutputWriter(folder: folder, selected: selected, overwrites: overwrites).commit(files, previous: previous[folder])
                total.written += written.written
                total.unchanged += written.unchanged
                total.removed += written.removed
                total.kept += written.kept
            } catch {
                for later in order[(position + 1)...] { OutputWriter.discard(byFolder[later]!) }
                throw error
            }
        }
        return (total, order)
    }

    /// Removes every staged file and the folders staging made: the build failed, so nothing changes.
    public func discard() {
        lock.lock()
        let staged = staged, unfinished = Array(open.values)
        self.staged = Array(repeating: [], count: staged.count)
        open = [:]
        lock.unlock()
        for sink in unfinished { sink.abandon() }
        for files in staged { OutputWriter.discard(files) }
        directories.removeCreated()
    }
}

/// The sinks of one generator's streamed files.
private struct StagingSinks: OutputSinks {
    let staging: OutputStaging
    let generator: Int

    func open(_ relativePath: String) -> any OutputSink { staging.openSink(generator: generator, relativePath: relativePath) }
}

/// One streamed output file. Its bytes are compared with the file already at the target as they arrive, and
/// a hidden file beside the target is written only from the first difference on (after copying the equal
/// part): an unchanged output is read, never written, and keeps its modification time.
final class StagingSink: OutputSink {
    let relativePath: String
    let target: String
    /// The hidden file, named once it is made (`TemporaryFile`: a name no other build uses).
    private var temporary = ""
    /// The folder holding the target.
    private let directory: String
    private let directories: DirectoryLog
    private let onClose: (StagingSink) -> Void
    /// The file at the target, open while every byte so far matched it; -1 when there is none or once one differed.
    private var existing: Int32 = -1
    /// The hidden file, once the output differs from the target (or there is no target).
    private var output: Int32 = -1
    /// Bytes received that matched the target, none of them written yet.
    private var matched = 0
    private var comparison: [UInt8] = []
    private var closed = false
    /// The first thing that went wrong.
    private(set) var failure: ToolError?
    /// Bytes received.
    private(set) var byteCount = 0
    /// The content hash of the bytes received, for the manifest.
    private var hash = ContentHash()

    init(relativePath: String, folder: String, directories: DirectoryLog, onClose: @escaping (StagingSink) -> Void) {
        self.relativePath = relativePath
        target = PathText.joined(folder, relativePath)
        directory = PathText.parent(target)
        self.directories = directories
        self.onClose = onClose
        if let link = directories.linkOnTheWay(folder: folder, relativePath: relativePath) {
            failure = ToolError("refusing to write \(target): \(link) is a link or not a folder, and outputs stay inside \(folder); "
                + "remove it (the build makes the folders it needs)")
        }
        // A link at the target is never read or followed: it is replaced only as a file tokenc did not write would be.
        var info = stat()
        let present = lstat(target, &info) == 0
        let descriptor = present && info.st_mode & S_IFMT == S_IFREG ? openDescriptor(target, O_RDONLY | O_NOFOLLOW) : -1
        if descriptor >= 0, fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
            existing = descriptor
        } else if descriptor >= 0 {
            closeDescriptor(descriptor)
        }
        targetExisted = present
    }

    /// The file as staged: nil temporary when the target already held exactly these bytes.
    var staged: StagedFile {
        StagedFile(relativePath: relativePath, target: target, temporary: hasOutput ? temporary : nil, replaces: targetExisted && hasOutput,
                   size: byteCount, hash: hash.hex)
    }
    /// Whether a regular file was at the target when the sink opened.
    private let targetExisted: Bool
    /// Whether the hidden file was created.
    private var hasOutput = false

    func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, !closed, bytes.count > 0 else { return }
        byteCount += bytes.count
        hash.append(bytes)
        if output < 0 {
            if existing >= 0, readExisting(bytes.count), memcmp(comparison, bytes.baseAddress!, bytes.count) == 0 {
                matched += bytes.count
                return
            }
            startOutput()
        }
        writeAll(bytes)
    }

    func close() {
        guard !closed else { return }
        if failure == nil, output < 0 {
            // Every byte matched: unchanged only if the old file ends here too.
            if existing >= 0, !readExisting(1) {
                closeDescriptor(existing)
                existing = -1
            } else {
                startOutput()
            }
        }
        if output >= 0 {
            if closeDescriptor(output) != 0, failure == nil { fail() }
            output = -1
        }
        if existing >= 0 { closeDescriptor(existing) }
        existing = -1
        closed = true
        onClose(self)
    }

    /// Closes without staging and removes the hidden file: the build failed.
    func abandon() {
        if output >= 0 { closeDescriptor(output) }
        if existing >= 0 { closeDescriptor(existing) }
        output = -1
        existing = -1
        closed = true
        if hasOutput { unlink(temporary) }
    }

    /// Reads the next `count` bytes of the target into `comparison`; false when it has fewer.
    private func readExisting(_ count: Int) -> Bool {
        if comparison.count < count { comparison = [UInt8](repeating: 0, count: count) }
        var filled = 0
        while filled < count {
            let n = comparison.withUnsafeMutableBytes { read(existing, $0.baseAddress! + filled, count - filled) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            filled += n
        }
        return true
    }

    /// Opens the hidden file and copies into it the part of the target that matched.
    private func startOutput() {
        guard failure == nil else { return }
        if let signal = Interruption.requested {
            failure = Interruption.error(signal)
            return
        }
        guard directories.make(directory), let (path, descriptor) = TemporaryFile.create(beside: target) else { return fail() }
        temporary = path
        output = descriptor
        hasOutput = true
        var copied = 0
        while copied < matched {
            let count = min(matched - copied, 1 << 20)
            if comparison.count < count { comparison = [UInt8](repeating: 0, count: count) }
            let n = comparison.withUnsafeMutableBytes { pread(existing, $0.baseAddress!, count, off_t(copied)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return fail() }
            comparison.withUnsafeBytes { writeAll(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
            copied += n
        }
        if existing >= 0 { closeDescriptor(existing) }
        existing = -1
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) {
        if failure == nil, !OutputWriter.writeAll(bytes, to: output) { fail() }
    }

    private func fail() {
        guard failure == nil else { return }
        failure = ToolError("cannot write \(target): \(String(cString: strerror(errno)))")
    }
}

/// `open(2)`, named apart from the staging types' own `open` and `close` members.
private func openDescriptor(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 { open(path, flags, mode) }

/// `close(2)`, named apart from the staging types' own members.
@discardableResult
private func closeDescriptor(_ descriptor: Int32) -> Int32 { close(descriptor) }
