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
}
