import Foundation
import TokenGenerators

/// A build's outputs written as each generator finishes, into hidden files beside their targets, and put
/// in place only once the whole build has succeeded: writing overlaps rendering and the rules, and no
/// output waits in memory for the others (at 100,000 tokens the outputs are 50 MB).
public final class OutputStaging: @unchecked Sendable {
    private let writers: [OutputWriter]
    private let lock = NSLock()
    private var staged: [[StagedFile]]
    private var failure: ToolError?
    private let directories = DirectoryLog()

    /// Creates the staging for generators writing into `folders` (one folder per generator, in order).
    public init(folders: [String]) {
        writers = folders.map(OutputWriter.init(folder:))
        staged = Array(repeating: [], count: folders.count)
    }

    /// Writes generator `index`'s files beside their targets; the first failure is kept for `commit`.
    func stage(generator index: Int, files: [GeneratedFile]) {
        let writer = writers[index]
        var done: [StagedFile] = []
        done.reserveCapacity(files.count)
        var problem: ToolError?
        for file in files {
            guard OutputWriter.isSafe(file.relativePath) else {
                problem = ToolError("refusing to write \(file.relativePath): outputs stay inside \(writer.folder)")
                break
            }
            do { done.append(try writer.stage(file, directories: directories, suffix: "-\(index)")) } catch {
                problem = error
                break
            }
        }
        lock.lock()
        staged[index] = done
        if failure == nil { failure = problem }
        lock.unlock()
    }

    /// Puts every staged file in place, folder by folder in plan order, and updates each folder's manifest;
    /// throws (leaving every output as it was) when staging failed.
    public func commit() throws(ToolError) -> (summary: WriteSummary, folders: [String]) {
        lock.lock()
        let staged = staged, failure = failure
        lock.unlock()
        if let failure {
            discard()
            throw failure
        }
        var order: [String] = []
        var byFolder: [String: [StagedFile]] = [:]
        for (writer, files) in zip(writers, staged) {
            if byFolder[writer.folder] == nil { order.append(writer.folder) }
            byFolder[writer.folder, default: []] += files
        }
        var total = WriteSummary()
        for (position, folder) in order.enumerated() {
            // When two generators write the same file, the later one's bytes win, as if written in order.
            var files = byFolder[folder]!
            var last: [String: Int] = [:]
            for (index, file) in files.enumerated() { last[file.relativePath] = index }
            if last.count < files.count {
                OutputWriter.discard(files.indices.filter { last[files[$0].relativePath] != $0 }.map { files[$0] })
                files = files.indices.filter { last[files[$0].relativePath] == $0 }.map { files[$0] }
            }
            do {
                let written = try OutputWriter(folder: folder).commit(files)
                total.written += written.written
                total.unchanged += written.unchanged
                total.removed += written.removed
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
        let staged = staged
        self.staged = Array(repeating: [], count: staged.count)
        lock.unlock()
        for files in staged { OutputWriter.discard(files) }
        directories.removeCreated()
    }
}
