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
import TokenGenerators
import TokenModel

/// What writing the outputs changed (or, for a dry run or a check, would change).
public struct WriteSummary: Sendable, Equatable {
    /// Files written because they were new or their bytes changed.
    public var written: [String] = []
    /// Files left alone because their bytes were already right.
    public var unchanged: [String] = []
    /// Files tokenc wrote earlier that no output produces any more, removed.
    public var removed: [String] = []
    /// Files the manifest lists as stale that were left where they are, each with the reason (not a regular file,
    /// reached through a link, or not the bytes tokenc wrote).
    public var kept: [(path: String, reason: String)] = []

    public static func == (left: WriteSummary, right: WriteSummary) -> Bool {
        left.written == right.written && left.unchanged == right.unchanged && left.removed == right.removed
            && left.kept.map(\.path) == right.kept.map(\.path) && left.kept.map(\.reason) == right.kept.map(\.reason)
    }

    /// Whether anything is out of date.
    public var changesAnything: Bool { !written.isEmpty || !removed.isEmpty }
}

/// Writes generated files under one output folder: atomically, only when bytes changed, never outside the folder,
/// and removes the files it wrote before that are no longer produced (tracked by a manifest).
public struct OutputWriter: Sendable {
    /// The output folder.
    public var folder: String
    /// The outputs a build with `--only` runs (`css`, `swift` …); nil when it runs every output. The files the
    /// other outputs wrote before are theirs: they stay, on disk and in the manifest.
    public var selected: Set<String>?
    /// Whether a build may replace files tokenc did not write (`--overwrite`); without it, it refuses to.
    public var overwrites: Bool
    /// The manifest's name inside the output folder: a line per file tokenc wrote, `OUTPUT<tab>PATH`.
    public static let manifestName = ".tokenc-manifest"

    /// Creates a writer for `folder`; `selected` and `overwrites` as above.
    public init(folder: String, selected: Set<String>? = nil, overwrites: Bool = false) {
        self.folder = folder
        self.selected = selected
        self.overwrites = overwrites
    }

    /// One file a manifest lists: its path in the folder, the output that wrote it, and the size and content hash
    /// of the bytes it wrote. An entry from a manifest written before outputs were named (a path alone) has no
    /// owner, and one from before files were hashed (`OUTPUT<tab>PATH`) no size and hash: tokenc never removes
    /// such a file, as it cannot tell that the bytes there are still its own.
    struct ManifestEntry: Equatable {
        var owner: String?
        var path: String
        var size: Int? = nil
        var hash: String? = nil

        /// The entry's manifest line: `OUTPUT<tab>SIZE<tab>HASH<tab>PATH` (the path last: it may hold a tab).
        var line: String {
            guard let owner else { return path }
            guard let size, let hash else { return "\(owner)\t\(path)" }
            return "\(owner)\t\(size)\t\(hash)\t\(path)"
        }
    }

    /// The files a previous build recorded.
    func previousEntries() -> [ManifestEntry] {
        guard let bytes = FileBytes.contents(of: PathText.joined(folder, Self.manifestName)) else { return [] }
        return Self.entries(bytes)
    }

    /// A manifest's entries: a line per file, `OUTPUT<tab>SIZE<tab>HASH<tab>PATH`, `OUTPUT<tab>PATH` or the path
    /// alone; lines whose path could name something tokenc never writes (`..`, `.`, the manifest) are dropped.
    static func entries(_ bytes: [UInt8]) -> [ManifestEntry] {
        TabSeparatedLines.fields(bytes[...], limit: 4).compactMap { fields in
            let entry: ManifestEntry
            if fields.count == 4, let size = Int(fields[1]), size >= 0, isHash(fields[2]) {
                entry = ManifestEntry(owner: fields[0], path: fields[3], size: size, hash: fields[2])
            } else if fields.count >= 2 {
                entry = ManifestEntry(owner: fields[0], path: fields[1...].joined(separator: "\t"))
            } else {
                entry = ManifestEntry(owner: nil, path: fields[0])
            }
            return isSafe(entry.path) ? entry : nil
        }
    }

    /// Whether `text` is a content hash as the manifest writes it: 16 lowercase hex digits.
    static func isHash(_ text: String) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// The files a previous build wrote that this one does not produce: those it removes (all of them, or
    /// with `--only` those of the outputs it runs) and those it keeps (another output's, still on disk).
    func stale(producing current: Set<String>, previous: [ManifestEntry]? = nil) -> (remove: [ManifestEntry], keep: [ManifestEntry]) {
        var remove: [ManifestEntry] = [], keep: [ManifestEntry] = []
        for entry in previous ?? previousEntries() where !current.contains(entry.path) {
            var info = stat()
            guard lstat(PathText.joined(folder, entry.path), &info) == 0 else { continue }
            // An entry without an owner, with --only, could be another output's: it stays.
            if let selected, !(entry.owner.map(selected.contains) ?? false) {
                keep.append(entry)
            } else {
                remove.append(entry)
            }
        }
        return (remove, keep)
    }

    /// The error for the files of `staged` that would replace files tokenc did not write: ones the manifest does
    /// not list and that lack the header every generated Swift and CSS file and asset-catalog `Contents.json`
    /// starts with (a hand-written file in the output folder, or an Xcode catalog of the same name); nil when
    /// there are none, or with `overwrites`.
    func foreignFile(among staged: some Sequence<StagedFile>, previous: [ManifestEntry]? = nil) -> ToolError? {
        guard !overwrites else { return nil }
        var listed: Set<String>?
        var foreign: [String] = []
        for file in staged where file.replaces {
            if listed == nil { listed = Set((previous ?? previousEntries()).map(\.path)) }
            if !listed!.contains(file.relativePath), !Self.carriesGeneratedMark(file.target) { foreign.append(file.target) }
        }
        foreign.sort()
        guard let first = foreign.first else { return nil }
        let manifest = PathText.joined(folder, Self.manifestName)
        let shown = foreign.count > 4 ? foreign[..<3].joined(separator: ", ") + " and \(foreign.count - 3) more" : foreign.joined(separator: ", ")
        return ToolError(foreign.count == 1
            ? "\(first) was not written by tokenc (\(manifest) does not list it and it has no tokenc header), and building would "
                + "replace it: move it away, give the output another destination, or pass --overwrite to replace it"
            : "\(shown) were not written by tokenc (\(manifest) does not list them and they have no tokenc header), and building "
                + "would replace them: move them away, give the outputs another destination, or pass --overwrite to replace them")
    }

    /// Whether the file at `path` starts the way tokenc's outputs do: a `Generated by tokenc` header comment
    /// (Swift, CSS, the usual custom template) or an asset catalog's `"author" : "tokenc"`.
    static func carriesGeneratedMark(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 512)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        guard count > 0 else { return false }
        let text = String(decoding: head[..<count], as: UTF8.self)
        return text.contains("Generated by tokenc") || text.contains("\"author\" : \"tokenc\"")
    }

    /// Whether `relativePath` can be a file tokenc writes inside the folder: relative, each part a name (no
    /// empty, `.` or `..` part), no NUL byte, and none of tokenc's own files there (the manifest, the build cache
    /// and lock, a temporary file).
    static func isSafe(_ relativePath: String) -> Bool {
        var path = relativePath
        // One pass over the contiguous bytes (an asset catalog checks ten thousand paths; walking the
        // `utf8` view cost 60 instructions a byte, this about 5).
        let plain = path.withUTF8 { bytes in
            guard !bytes.isEmpty else { return false }
            var partLength = 0, dots = 0
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "/"):
                    if partLength == 0 || partLength == dots && dots <= 2 { return false }
                    partLength = 0
                    dots = 0
                case 0:
                    return false
                default:
                    partLength += 1
                    if byte == UInt8(ascii: ".") { dots += 1 }
                }
            }
            return !(partLength == 0 || partLength == dots && dots <= 2)
        }
        return plain && !isOwnFile(relativePath)
    }

    /// Whether the output-folder path `relativePath` is one of tokenc's own files: the manifest, the build cache,
    /// the build lock, or a temporary file (`.NAME.tokenc-tmp-…`) in any folder.
    static func isOwnFile(_ relativePath: String) -> Bool {
        let first = relativePath.prefix { $0 != "/" }
        if first == manifestName || first == BuildCache.folderName || first == OutputLock.fileName { return true }
        return isTemporaryName(PathText.lastComponent(relativePath))
    }

    /// Whether a file name is one of tokenc's temporary files: `.NAME.tokenc-tmp` and whatever makes it unique.
    static func isTemporaryName(_ name: String) -> Bool { name.hasPrefix(".") && name.contains(".tokenc-tmp") }

    /// Whether `path` may be an output folder: relative, with a name, and no `..` part or NUL byte (`.` and `./x` are
    /// folders a user may mean).
    static func isSafeFolder(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        return !path.hasPrefix("/") && !parts.isEmpty && !parts.contains("..") && !path.utf8.contains(0)
    }

    /// The error for two outputs writing one file of `folder` (a template output's `file` where a built-in
    /// output writes, in the same destination), naming the first such file and both outputs; nil when each
    /// path is written once. Neither output's bytes would be there for the other.
    static func collision(in folder: String, paths: [String], owners: [String?]) -> ToolError? {
        var first: [String: Int] = [:]
        for (index, path) in paths.enumerated() {
            guard let earlier = first[path] else {
                first[path] = index
                continue
            }
            let names = [owners[earlier], owners[index]].map { "`\($0 ?? "?")`" }
            let both = names[0] == names[1] ? "two \(names[0]) outputs" : "the \(names[0]) and \(names[1]) outputs"
            return ToolError("\(PathText.joined(folder, path)) is written by \(both); give one of them another `file` or `destination` in tokenc.yml")
        }
        return nil
    }

    /// Compares `files` with what is on disk, writing nothing: what `--check` and `--dry-run` report. Throws
    /// where a build would refuse to replace a file tokenc did not write.
    public func plan(_ files: [GeneratedFile]) throws(ToolError) -> WriteSummary {
        var summary = WriteSummary()
        var replaced: [StagedFile] = []
        for file in files {
            let target = PathText.joined(folder, file.relativePath)
            let existing = FileBytes.contents(of: target)
            if let existing, Self.sameBytes(existing, file.contents) {
                summary.unchanged.append(target)
            } else {
                summary.written.append(target)
                if existing != nil { replaced.append(StagedFile(relativePath: file.relativePath, target: target, replaces: true)) }
            }
        }
        let previous = previousEntries()
        if let foreign = foreignFile(among: replaced, previous: previous) { throw foreign }
        for old in stale(producing: Set(files.map(\.relativePath)), previous: previous).remove {
            let target = PathText.joined(folder, old.path)
            if let refusal = StaleFileRemoval.remove(old, in: folder, removing: false) {
                summary.kept.append((target, refusal))
            } else {
                summary.removed.append(target)
            }
        }
        return summary
    }

    /// Writes every file (`owners` names each one's output for the manifest); throws before touching anything if
    /// a path would leave the folder. Every file is written beside its target first and only then renamed into
    /// place, so a failure leaves each file old or new.
    public func write(_ files: [GeneratedFile], owners: [String]? = nil, faultAfter: Int? = nil) throws(ToolError) -> WriteSummary {
        for file in files where !Self.isSafe(file.relativePath) {
            throw ToolError("refusing to write \(file.relativePath): outputs stay inside \(folder)")
        }
        let directories = DirectoryLog()
        var staged: [StagedFile] = []
        staged.reserveCapacity(files.count)
        for (index, file) in files.enumerated() {
            do {
                var file = try stage(file, directories: directories)
                file.owner = owners?[index]
                staged.append(file)
            } catch {
                Self.discard(staged)
                throw error
            }
        }
        let previous = previousEntries()
        if let foreign = foreignFile(among: staged, previous: previous) {
            Self.discard(staged)
            throw foreign
        }
        return try commit(staged, previous: previous, faultAfter: faultAfter)
    }

    /// Writes `file`'s bytes to a hidden file beside its target, unless the target already holds them (the
    /// same `StagingSink` a streamed output goes through).
    func stage(_ file: GeneratedFile, directories: DirectoryLog) throws(ToolError) -> StagedFile {
        let sink = StagingSink(relativePath: file.relativePath, folder: folder, directories: directories) { _ in }
        sink.write(file.contents)
        sink.close()
        if let failure = sink.failure {
            Self.discard([sink.staged])
            throw failure
        }
        return sink.staged
    }

    /// Puts staged files in place (renaming each temporary file over its target), removes the files tokenc
    /// wrote before that are no longer produced, and records what it wrote in the manifest.
    /// The caller has checked them with `foreignFile(among:)`; `previous` is the manifest's entries if it read them.
    func commit(_ staged: [StagedFile], previous: [ManifestEntry]? = nil, faultAfter: Int? = nil) throws(ToolError) -> WriteSummary {
        var summary = WriteSummary()
        for (index, file) in staged.enumerated() {
            guard let temporary = file.temporary else {
                summary.unchanged.append(file.target)
                continue
            }
            if let faultAfter, summary.written.count >= faultAfter {
                Self.discard(staged[index...])
                throw ToolError("fault injected after \(summary.written.count) files")
            }
            guard rename(temporary, file.target) == 0 else {
                let reason = String(cString: strerror(errno))
                Self.discard(staged[index...])
                throw ToolError("cannot write \(file.target): \(reason)")
            }
            summary.written.append(file.target)
        }
        // Files this tool wrote before and no longer produces go (with --only, those of the outputs it ran);
        // files it never wrote, or that changed since, are never touched.
        let (remove, keep) = stale(producing: Set(staged.map(\.relativePath)), previous: previous)
        for old in remove {
            let target = PathText.joined(folder, old.path)
            if let refusal = StaleFileRemoval.remove(old, in: folder) {
                summary.kept.append((target, refusal))
            } else {
                summary.removed.append(target)
            }
        }
        summary.kept.sort { ($0.path, $0.reason) < ($1.path, $1.reason) }
        let entries = staged.map { ManifestEntry(owner: $0.owner, path: $0.relativePath, size: $0.size, hash: $0.hash) } + keep
        let manifest = entries.sorted { $0.path < $1.path }.map(\.line).joined(separator: "\n") + "\n"
        let manifestPath = PathText.joined(folder, Self.manifestName)
        if FileBytes.contents(of: manifestPath).map({ !Self.sameBytes($0, Array(manifest.utf8)) }) ?? true {
            try Self.atomicWrite(Array(manifest.utf8), to: manifestPath)
        }
        return summary
    }

    /// Removes the temporary files of staged files that will not be put in place.
    static func discard(_ staged: some Sequence<StagedFile>) {
        for file in staged { if let temporary = file.temporary { unlink(temporary) } }
    }

    /// Whether a file's bytes equal generated bytes (one `memcmp`, not an element-by-element walk).
    static func sameBytes(_ existing: [UInt8], _ bytes: [UInt8]) -> Bool {
        guard existing.count == bytes.count else { return false }
        guard !bytes.isEmpty else { return true }
        return existing.withUnsafeBytes { old in bytes.withUnsafeBytes { new in memcmp(old.baseAddress!, new.baseAddress!, bytes.count) == 0 } }
    }
}
