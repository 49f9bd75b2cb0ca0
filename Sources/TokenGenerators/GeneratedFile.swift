#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TokenModel

/// One output file rendered in memory (large files may instead be streamed into an `OutputSink`).
public struct GeneratedFile: Sendable, Equatable {
    /// The path relative to the output folder, with `/` separators and no `..`.
    public var relativePath: String
    /// The file's bytes.
    public var contents: [UInt8]

    /// Creates a generated file.
    public init(relativePath: String, contents: [UInt8]) {
        self.relativePath = relativePath
        self.contents = contents
    }
}

extension Diagnostic {
    /// The error for `token` whose generated name `earlier`, a token before it in path order, already has:
    /// `becoming` says what the name is (`the Swift name \`textPrimary\``), and the error points at both.
    static func nameCollision(_ kind: DiagnosticKind, _ token: ResolvedToken, _ earlier: ResolvedToken, becoming: String) -> Diagnostic {
        Diagnostic(kind, message: "`\(token.path)` and `\(earlier.path)` both become \(becoming)",
                   location: token.token.location, path: token.path,
                   related: [RelatedLocation(earlier.token.location, "`\(earlier.path)` is defined here")],
                   fix: "rename one of the two tokens")
    }
}

/// A generator turns a resolved token set into output files.
public protocol Generator: Sendable {
    /// The generator's id, as used in `tokenc.yml` and on the command line.
    var id: String { get }
    /// Renders every file this generator produces.
    func generate(_ set: ResolvedTokenSet) -> [GeneratedFile]
    /// Renders the files, or reports why it cannot (name collisions, template errors).
    func render(_ set: ResolvedTokenSet) -> (files: [GeneratedFile], diagnostics: [Diagnostic])
    /// Renders like `render`, but may write large files piece by piece into `sinks` instead of returning
    /// them: the returned files are the ones it did not stream. A file streamed before an error is reported
    /// is incomplete; the caller drops it with the build.
    func render(_ set: ResolvedTokenSet, sinks: any OutputSinks) -> (files: [GeneratedFile], diagnostics: [Diagnostic])
    /// What would stop this output from being written (name collisions, template errors), without keeping a
    /// file: `tokenc validate` runs every generator's checks, so it finds what `tokenc build` does.
    func check(_ set: ResolvedTokenSet) -> [Diagnostic]
    /// How long this output takes to render against the others, for the same tokens (1: about as long as the CSS
    /// output): the build starts the longest first, so that no core is left running it alone at the end.
    var relativeCost: Int { get }
}

extension Generator {
    /// As long as the CSS output, unless a generator says otherwise.
    public var relativeCost: Int { 1 }

    /// Generators that cannot fail render what `generate` returns.
    public func render(_ set: ResolvedTokenSet) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) { (generate(set), []) }

    /// Generators whose files are small return them whole.
    public func render(_ set: ResolvedTokenSet, sinks: any OutputSinks) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) {
        render(set)
    }

    /// A generator's checks are its rendering, into sinks that keep nothing: what `check` finds is by
    /// construction what `render` finds. (A generator may answer sooner, if it finds the same.)
    public func check(_ set: ResolvedTokenSet) -> [Diagnostic] {
        render(set, sinks: DiscardingSinks()).diagnostics
    }
}

/// Sinks that drop what they are given: a generator's checks render into them.
public struct DiscardingSinks: OutputSinks {
    /// Creates sinks that keep nothing.
    public init() {}

    /// A sink that drops its file's bytes.
    public func open(_ relativePath: String) -> any OutputSink { DiscardingSink() }
}

/// A file's sink that drops its bytes.
public final class DiscardingSink: OutputSink {
    /// Creates a sink that keeps nothing.
    public init() {}

    /// Drops `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) {}

    /// Does nothing: there is no file.
    public func close() {}
}

/// Where a generator writes the files it streams: one sink per file, opened by path and closed when complete.
public protocol OutputSinks: Sendable {
    /// A new sink for the file at `relativePath` (relative to the output folder).
    func open(_ relativePath: String) -> any OutputSink
}

/// One output file being written piece by piece.
public protocol OutputSink: AnyObject {
    /// Appends bytes to the file.
    func write(_ bytes: UnsafeRawBufferPointer)
    /// Ends the file: everything was written.
    func close()
}

extension OutputSink {
    /// Appends the bytes of an array.
    public func write(_ bytes: [UInt8]) { bytes.withUnsafeBytes { write($0) } }
}

/// How many bytes a generator gathers before it hands them to a sink: small next to a large output
/// (50 MB for 100,000 tokens), large next to a write call.
public let outputSinkChunk = 1 << 18

/// A sink that removes spaces at the ends of lines before passing text on: what the Swift output does to the
/// whole file when rendered in memory, done a chunk at a time (a line cut by a chunk waits for its end).
final class TrailingSpaceTrimmingSink: OutputSink {
    private let next: any OutputSink
    /// The line begun but not ended by the bytes written so far.
    private var pending: [UInt8] = []
    /// A chunk's bytes without their trailing spaces, handed on once the chunk is done.
    private var trimmed: [UInt8] = []

    init(_ next: any OutputSink) { self.next = next }

    func write(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, let lastNewline = bytes.lastIndex(of: UInt8(ascii: "\n")) else {
            pending.append(contentsOf: bytes)
            return
        }
        var start = 0
        if !pending.isEmpty {
            // The line the last chunk began ends in this one.
            let firstNewline = bytes.firstIndex(of: UInt8(ascii: "\n"))!
            pending.append(contentsOf: bytes[...firstNewline])
            trimmed += SwiftGenerator.trimmingTrailingSpaces(pending)
            pending.removeAll(keepingCapacity: true)
            start = firstNewline + 1
        }
        // Whole lines, each found with memchr; only a line that ends in spaces breaks the run of bytes copied
        // as they are (a few thousand of the 537,000 lines of a 100,000-token output; trimming in place moved
        // every line).
        let end = lastNewline + 1
        var run = start, line = start
        while line < end {
            let newline = UnsafeRawPointer(memchr(base + line, Int32(UInt8(ascii: "\n")), end - line)!) - base
            if newline > line, bytes[newline - 1] == UInt8(ascii: " ") {
                var kept = newline - 1
                while kept > line, bytes[kept - 1] == UInt8(ascii: " ") { kept -= 1 }
                trimmed.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[run..<kept]))
                run = newline
            }
            line = newline + 1
        }
        trimmed.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[run..<end]))
        pending.append(contentsOf: bytes[end...])
        next.write(trimmed)
        trimmed.removeAll(keepingCapacity: true)
    }

    func close() {
        if !pending.isEmpty { next.write(SwiftGenerator.trimmingTrailingSpaces(pending)) }
        pending = []
        next.close()
    }
}

/// Produces the Swift source of `EmbeddedTemplates.swift` from the files of Templates/.
public enum EmbeddedTemplatesSource {
    /// The source text for the given templates (relative path → text), deterministic.
    public static func swiftSource(_ files: [String: String]) -> String {
        var out = """
            // Generated from Templates/ by `TOKENC_RECORD=1 swift test`; a test fails when it is stale.
            // Embedded so an installed or copied tokenc binary needs no resource bundle.

            /// The default templates, by path relative to Templates/.
            public enum EmbeddedTemplates {
                /// Template text by relative path.
                public static let files: [String: String] = [

            """
        for path in files.keys.sorted() {
            let text = files[path]!
            var hashes = "#"
            while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
            // The line break before a closing `"""` is not part of the string, so one is always added.
            out += "        \(SwiftNamer.string(path)): \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes),\n"
        }
        return out + "    ]\n}\n"
    }
}
