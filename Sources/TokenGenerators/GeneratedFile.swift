import TokenModel

/// One output file, rendered in memory before anything is written.
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

/// A generator turns a resolved token set into output files.
public protocol Generator: Sendable {
    /// The generator's id, as used in `tokenc.yml` and on the command line.
    var id: String { get }
    /// Renders every file this generator produces.
    func generate(_ set: ResolvedTokenSet) -> [GeneratedFile]
    /// Renders the files, or reports why it cannot (name collisions, template errors).
    func render(_ set: ResolvedTokenSet) -> (files: [GeneratedFile], diagnostics: [Diagnostic])
}

extension Generator {
    /// Generators that cannot fail render what `generate` returns.
    public func render(_ set: ResolvedTokenSet) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) { (generate(set), []) }
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
