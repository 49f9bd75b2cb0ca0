#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SourceData

/// Finds the token files of a folder (or takes one file) in sorted path order.
public enum TokenSources {
    static let extensions = Set(FileSyntax.tokenFileExtensions)
    static let maxFolderDepth = 32

    /// The token files under `path`, as paths the user will recognise (prefixed by `path`).
    public static func discover(_ path: String) throws(ToolError) -> [String] {
        guard let kind = FileKind.of(path) else {
            // An empty path (`tokenc build "$UNSET"`) named as nothing read as a missing name.
            if path.isEmpty { throw ToolError("the token path is empty (give a folder of token files, or leave it out for Tokens/)") }
            throw ToolError("no such file or folder: \(path) (give a folder of token files, or create Tokens/ with `tokenc init`)")
        }
        // Named as the user would write them: `./a.json` and `Tokens/./a.json` are `a.json` and `Tokens/a.json`.
        let named = PathText.lexical(path)
        guard kind == .folder else { return [named] }
        var found: [String] = []
        walk(named, depth: 0, into: &found)
        // A token file that is a link to a file outside the project and the token folder is not read: its
        // values would reach the outputs.
        for file in found where FileKind.ofEntry(file) == .link && !ProjectBoundary.realPathStaysInside(file, roots: [".", path]) {
            throw ToolError("\(file) is a link to \(ProjectBoundary.realPath(file) ?? "?"), outside the project (the working folder) and \(path): "
                + "tokenc reads no token file from elsewhere; copy the file into \(path), or run tokenc from a folder that holds both")
        }
        found.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        guard !found.isEmpty else {
            throw ToolError("no token files (*.yaml, *.yml, *.json, *.jsonc, *.json5) in \(path)")
        }
        return found
    }

    private static func walk(_ folder: String, depth: Int, into found: inout [String]) {
        // The working folder is named by nothing: its files are `a.json`, not `./a.json`.
        guard depth < maxFolderDepth,
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return }
        for name in names where !name.hasPrefix(".") {
            let child = folder.isEmpty ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
            switch FileKind.ofEntry(child) {
            case .folder:
                walk(child, depth: depth + 1, into: &found)
            case .file, .link:
                let ext = PathText.pathExtension(name).lowercased()
                guard extensions.contains(ext), name != "tokenc.yml", name != "tokenc.yaml" else { continue }
                found.append(child)
            case .other, nil:
                continue
            }
        }
    }

    /// The token files under `path` and their bytes.
    public static func readAll(_ path: String) throws(ToolError) -> (files: [String], sources: [String: [UInt8]]) {
        let files = try discover(path)
        // Side by side: at 100 files of a 100,000-token set, reading one after the other held the main
        // thread 6 ms before anything else could start. The first file that cannot be read is the error.
        let read = Pipeline.concurrentMap(files) { file in Result { () throws(ToolError) in try Self.read(file) } }
        var sources: [String: [UInt8]] = [:]
        sources.reserveCapacity(files.count)
        for (file, bytes) in zip(files, read) { sources[file] = try bytes.get() }
        return (files, sources)
    }

    /// Reads a file's bytes, or throws a tool error naming it.
    public static func read(_ path: String) throws(ToolError) -> [UInt8] {
        // Read straight into the list: through `Data` each file was read and then copied (a first touch of
        // twice its size, at 100,000 tokens 13 MB).
        guard let bytes = FileBytes.contents(of: path) else { throw ToolError("cannot read \(path)") }
        return bytes
    }
}
