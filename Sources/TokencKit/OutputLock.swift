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
import TokenModel
import Locks

/// An exclusive lock on the place a command writes (a build's output folder, `preview --output`'s file), held from
/// before the first file is staged until the last is in place, so that two builds into one folder take turns
/// instead of splicing their files. It is `flock` on a lock file holding the holder's process id: the kernel
/// releases it when the holder ends, however it ends, and a lock file still holding an id when the next build
/// takes it says the holder was killed (`kill -9`) before it could tidy up; that build then removes the
/// temporary files the killed one left.
public final class OutputLock {
    /// The lock file's name inside an output folder.
    public static let fileName = ".tokenc-lock"

    private let path: String
    private var descriptor: Int32
    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { release() }

    /// Locks the output folder `folder` (made if missing), waiting while another tokenc holds it: `waiting` is told
    /// once, with a sentence naming the holder. When the last holder was killed, sweeps its temporary files.
    public static func lock(folder: String, waiting: (String) -> Void) throws(ToolError) -> OutputLock {
        let folder = folder.isEmpty ? "." : folder
        var created: [String] = []
        guard OutputWriter.makeDirectory(folder, created: &created) else {
            throw ToolError("cannot write into \(folder): \(String(cString: strerror(errno)))")
        }
        let (lock, holderDied) = try take(PathText.joined(folder, fileName), createdFolders: created, place: "\(folder)/", waiting: waiting)
        if holderDied { TemporarySweep.sweep(folder: folder) }
        return lock
    }

    /// Locks the place of the single file `file` (`preview --output`), with a lock file beside it; when the last
    /// holder was killed, removes the temporary files it left beside `file`.
    public static func lock(file: String, waiting: (String) -> Void) throws(ToolError) -> OutputLock {
        let (directory, name) = PathText.parentAndLastComponent(file)
        var created: [String] = []
        guard OutputWriter.makeDirectory(directory, created: &created) else {
            throw ToolError("cannot write \(file): \(String(cString: strerror(errno)))")
        }
        let (lock, holderDied) = try take(PathText.joined(directory, ".\(name)\(fileName)"), createdFolders: created, place: file, waiting: waiting)
        if holderDied { TemporarySweep.sweep(folder: directory.isEmpty ? "." : directory, beside: name) }
        return lock
    }

    /// What one attempt at the lock file came to.
    private enum Attempt {
        /// Locked and holding this process's id; `holderDied` when it held another's.
        case taken(descriptor: Int32, holderDied: Bool)
        /// Another process holds it: wait on `descriptor`.
        case busy(descriptor: Int32)
        /// The file locked is no longer at its path (its holder released it): open it again.
        case replaced
        /// It cannot be opened or locked, for the reason `errno`.
        case failed(errno: Int32)
    }

    /// Opens and locks `path`, again when the file it locked was removed or replaced meanwhile (its holder
    /// releasing it); says whether the file still named a holder, which then ended without releasing it.
    private static func take(_ path: String, createdFolders: [String], place: String,
                             waiting: (String) -> Void) throws(ToolError) -> (OutputLock, holderDied: Bool) {
        var told = false
        var waited: Int32?
        while true {
            // Opening (which may make the file), locking and noting it happen with signals held off: a signal
            // then finds the file noted, and removes it, or not made. Only the wait for another holder is outside.
            let lockedByWait = waited
            waited = nil
            guard let attempt = Interruption.takeLock(path, folders: createdFolders, { () -> (outcome: Attempt, taken: Bool) in
                let attempt = Self.attempt(path, lockedByWait: lockedByWait)
                if case .taken = attempt { return (attempt, true) }
                return (attempt, false)
            }) else {
                if let lockedByWait { close(lockedByWait) }
                throw Interruption.error(Interruption.requested ?? 0)
            }
            switch attempt {
            case .taken(let descriptor, let holderDied):
                return (OutputLock(path: path, descriptor: descriptor), holderDied)
            case .replaced:
                continue
            case .failed(let number):
                throw ToolError("cannot write \(place): \(String(cString: strerror(number)))")
            case .busy(let descriptor):
                if !told {
                    let holder = holderText(descriptor).map { "tokenc (process \($0))" } ?? "another tokenc"
                    waiting("waiting for \(holder), which is writing \(place) (\(path))")
                    told = true
                }
                while flock(descriptor, LOCK_EX) != 0 {
                    guard errno == EINTR else {
                        let number = errno
                        close(descriptor)
                        throw ToolError("cannot write \(place): \(String(cString: strerror(number)))")
                    }
                }
                waited = descriptor
            }
        }
    }

    /// One attempt at the lock file `path`: opens and locks it without waiting (or takes `lockedByWait`, locked
    /// by waiting for its holder), checks it is still the file at `path`, and writes this process's id into it.
    private static func attempt(_ path: String, lockedByWait: Int32?) -> Attempt {
        let descriptor: Int32
        if let lockedByWait {
            descriptor = lockedByWait
        } else {
            descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return .failed(errno: errno) }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let number = errno
                if number == EWOULDBLOCK { return .busy(descriptor: descriptor) }
                close(descriptor)
                return .failed(errno: number)
            }
        }
        // The holder removes the lock file as it lets go: a lock on a file no longer at `path` locks nothing.
        var held = stat(), current = stat()
        guard fstat(descriptor, &held) == 0, lstat(path, &current) == 0, held.st_ino == current.st_ino, held.st_dev == current.st_dev else {
            close(descriptor)
            return .replaced
        }
        let holderDied = holderText(descriptor) != nil
        let id = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = id.withUnsafeBytes { pwrite(descriptor, $0.baseAddress!, $0.count, 0) }
        return .taken(descriptor: descriptor, holderDied: holderDied)
    }

    /// The process id a lock file holds, if it holds one.
    private static func holderText(_ descriptor: Int32) -> String? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: bytes[..<count], as: UTF8.self).prefix { $0.isNumber }
        return text.isEmpty ? nil : String(text)
    }

    /// Removes the lock file and lets the next waiting build in; the folders made for it (noted with `Interruption`,
    /// which removes them on a signal too) go if still empty.
    public func release() {
        guard descriptor >= 0 else { return }
        Interruption.releaseLock(path)
        close(descriptor)
        descriptor = -1
    }
}

/// Files written beside their targets under a name no other writer uses, so two writers never share one.
enum TemporaryFile {
    /// The last number given out.
    private static let counter = LockedValue(0)

    /// Creates an empty file beside `target`, `.NAME.tokenc-tmp-PROCESS-N`, with `O_EXCL`: it is new, this
    /// writer's alone. Returns its path and open descriptor; nil when it cannot be made (`errno` says why).
    static func create(beside target: String) -> (path: String, descriptor: Int32)? {
        let (directory, name) = PathText.parentAndLastComponent(target)
        while true {
            let number = counter.withLock { count in
                count += 1
                return count
            }
            let path = PathText.joined(directory, ".\(name).tokenc-tmp-\(getpid())-\(number)")
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor >= 0 { return (path, descriptor) }
            guard errno == EEXIST else { return nil }
        }
    }
}

/// Removing what a killed build left in an output folder: its temporary files, and the folders that held
/// nothing else (a color set's, made for a temporary file that never was put in place).
enum TemporarySweep {
    /// Sweeps `folder` and the folders in it (links are not followed), or with `beside`, only the temporary files
    /// of that one name in `folder` itself.
    static func sweep(folder: String, beside name: String? = nil) {
        if let name {
            for entry in entries(of: folder) where entry.isFile && entry.name.hasPrefix(".\(name).tokenc-tmp") {
                unlink(PathText.joined(folder, entry.name))
            }
            return
        }
        _ = sweepTree(folder)
    }

    /// Sweeps one folder; true when it held temporary files (or folders of them) and nothing else, now removed.
    private static func sweepTree(_ folder: String) -> Bool {
        var onlyTemporaries = true, sweptAny = false
        for entry in entries(of: folder) {
            let path = PathText.joined(folder, entry.name)
            if entry.isFile, OutputWriter.isTemporaryName(entry.name) {
                unlink(path)
                sweptAny = true
            } else if entry.isFolder, entry.name != BuildCache.folderName {
                if sweepTree(path), rmdir(path) == 0 { sweptAny = true } else { onlyTemporaries = false }
            } else {
                onlyTemporaries = false
            }
        }
        return sweptAny && onlyTemporaries
    }

    /// The entries of `folder` with what `lstat` says they are (a link is neither a file nor a folder).
    private static func entries(of folder: String) -> [(name: String, isFile: Bool, isFolder: Bool)] {
        // FileManager lists the names (a `dirent` read whole went past the end of a short record).
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var result: [(String, Bool, Bool)] = []
        for name in names.sorted() {
            var info = stat()
            guard lstat(PathText.joined(folder, name), &info) == 0 else { continue }
            let kind = info.st_mode & S_IFMT
            result.append((name, kind == S_IFREG, kind == S_IFDIR))
        }
        return result
    }
}
