#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TokenLoader
import SourceTree
import TokenModel
import TokenRules
import Locks

// The files a build reads besides its token files (images, a resolver document's files): never outside
// the project, and logged for the build cache.

extension Pipeline {
    /// Reads a file named relative to a token file (icon images); at most 64 MiB, and never outside
    /// the project: an absolute path, or one whose `..` leaves both the working folder and the token
    /// file's folder, reads nothing (docs/token-format.md, icons).
    static func readRelative(_ path: String, _ tokenFile: String, loggingIn filesRead: FilesRead) -> [UInt8]? {
        if case .bytes(let bytes) = readReferenced(path, tokenFile, loggingIn: filesRead) { bytes } else { nil }
    }

    /// `readRelative`, saying why a file gave no bytes: not found, or outside the project.
    static func readReferenced(_ path: String, _ tokenFile: String, loggingIn filesRead: FilesRead) -> ReferencedFile {
        let folder = tokenFile.lastIndex(of: "/").map { String(tokenFile[..<$0]) } ?? "."
        let full = folder + "/" + path
        guard !path.hasPrefix("/"), staysInsideProject(full, referencedFrom: folder) else { return .outsideProject }
        filesRead.record(full)
        guard let bytes = try? TokenSources.read(full), bytes.count <= 64 << 20 else { return .notFound }
        return .bytes(bytes)
    }

    /// Whether `path` stays inside the working folder or `folder` (the file that names it), compared by name.
    /// A file that exists must stay inside them by its real path too (links followed): a linked folder of icons or
    /// a token file that is a link to elsewhere reads nothing.
    static func staysInsideProject(_ path: String, referencedFrom folder: String) -> Bool {
        let cwd = FileManager.default.currentDirectoryPath
        guard let resolved = lexicallyNormalized(path, in: cwd), let base = lexicallyNormalized(folder, in: cwd) else { return false }
        guard [cwd, base].contains(where: { resolved.hasPrefix($0 == "/" ? "/" : $0 + "/") }) else { return false }
        return ProjectBoundary.realPathStaysInside(path, roots: [cwd, folder])
    }

    /// `path` made absolute against `cwd` with `.` and `..` applied by name (no symlinks followed); nil when `..` climbs past `/`.
    static func lexicallyNormalized(_ path: String, in cwd: String) -> String? {
        var parts: [Substring] = []
        for part in ((path.hasPrefix("/") ? "" : cwd + "/") + path).split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}

/// Loads the token files a resolver document names, relative to the document, remembering what it read.
final class ReferencedFileReader {
    /// What the reader loaded: bytes for excerpts and loader diagnostics.
    struct Collected {
        var sources: [String: [UInt8]] = [:]
        var diagnostics: [Diagnostic] = []
    }

    private let folder: String
    private let loader: TokenFileLoader
    private(set) var collected = Collected()

    private let filesRead: FilesRead
    /// Files the run has in memory already, by path: read from there, not again from disk, so one run reads
    /// one version of each file (and a run over edited bytes, `Migration.markMachineApplicable`, reads those).
    private let inMemory: [String: [UInt8]]

    init(relativeTo documentPath: String, loader: TokenFileLoader, filesRead: FilesRead, inMemory: [String: [UInt8]] = [:]) {
        self.filesRead = filesRead
        self.inMemory = inMemory
        let slash = documentPath.lastIndex(of: "/")
        folder = slash.map { String(documentPath[..<$0]) } ?? "."
        self.loader = loader
    }

    /// Files already loaded, by path: a file a set and a context both name (or one list twice) is read once.
    private var loaded: [String: LoadedFile] = [:]

    func load(_ reference: String) -> LoadedFile? {
        guard !reference.hasPrefix("/"), !reference.contains("://") else { return nil }
        // Named as a person writes it (`./apple/a.json` is `apple/a.json`): findings and the file list show it.
        let path = PathText.lexical(folder == "." ? reference : folder + "/" + reference)
        if let file = loaded[path] { return file }
        // Like images: never outside both the working folder and the document's folder.
        guard Pipeline.staysInsideProject(path, referencedFrom: folder) else { return nil }
        // The build cache stamps it: a file outside the token folder is not in the fingerprint.
        filesRead.record(path)
        guard let bytes = inMemory[path] ?? (try? TokenSources.read(path)) else { return nil }
        let (file, found) = loader.load(bytes: bytes, path: path)
        collected.sources[path] = bytes
        collected.diagnostics += found
        loaded[path] = file
        return file
    }
}

/// The files a build read besides its token files (icon images), so the build cache can tell when one changes.
/// Rules and generators log side by side.
public final class FilesRead: Sendable {
    private let paths = LockedValue<Set<String>>([])

    /// Creates an empty log.
    public init() {}

    /// Logs that `path` was read.
    func record(_ path: String) {
        paths.withLock { _ = $0.insert(path) }
    }

    /// The paths read since the last call, sorted; the log starts empty again.
    public func take() -> [String] {
        paths.withLock { paths in
            defer { paths = [] }
            return paths.sorted()
        }
    }
}
