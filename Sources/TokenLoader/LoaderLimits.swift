/// Bounds that keep hostile token files from exhausting time or memory.
public struct LoaderLimits: Sendable {
    /// Deepest nesting of mappings and sequences (libyaml itself has no limit).
    public var maxDepth: Int
    /// Most nodes the document may expand to once aliases are counted at full size.
    public var maxExpandedNodes: Int
    /// Longest single scalar, in bytes.
    public var maxScalarBytes: Int
    /// Largest file, in bytes.
    public var maxFileBytes: Int

    /// Creates limits; the defaults are far above any real token file.
    public init(
        maxDepth: Int = 128,
        maxExpandedNodes: Int = 1_000_000,
        maxScalarBytes: Int = 1 << 20,
        maxFileBytes: Int = 64 << 20
    ) {
        self.maxDepth = maxDepth
        self.maxExpandedNodes = maxExpandedNodes
        self.maxScalarBytes = maxScalarBytes
        self.maxFileBytes = maxFileBytes
    }
}
