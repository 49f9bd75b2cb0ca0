import TokenGenerators
import TokenLoader
import TokenMigration
import SourceTree
import TokenModel
import TokenResolver
import TokenRules

/// The result of running the pipeline on a token folder.
public struct PipelineResult: Sendable {
    /// The token files read, in order.
    public var files: [String]
    /// The source bytes of each file, for printing source lines under diagnostics.
    public var sources: [String: [UInt8]]
    /// Every diagnostic, sorted for reporting.
    public var diagnostics: [Diagnostic]
    /// The resolved tokens (possibly partial when there were errors).
    public var tokens: ResolvedTokenSet
    /// How many tokens the files defined (before resolution rejected any): what the summary counts as read.
    public var tokensRead = 0
    /// The rendered outputs; empty when there were errors, since a failed build writes nothing, and when
    /// the outputs were staged (written beside their targets as they were rendered, see `OutputStaging`).
    public var outputs: [GeneratedFile]
    /// The same files grouped by the generator that rendered them, in generator order (for per-output destinations).
    public var outputsByGenerator: [[GeneratedFile]] = []
    /// The declared contrast pairs measured, when the pipeline `measuresContrast` and the rules ran (else nil).
    public var contrast: [ContrastCell]? = nil
    /// What the guideline checks could see, counted beside them when the rules ran (else nil).
    public var coverage: GuidelineCoverage?
    /// How long each stage took, in order, with what it handled (for `--verbose`).
    public var timings: [(stage: String, duration: Duration, detail: String)] = []
    /// Each file's load, for the next run to reuse; only when the run was given `Pipeline.reusableLoads`.
    public var loads: FileLoads?

    /// "11 tokens", or "29 tokens read, 28 rejected" when resolution rejected some: what the summary counts.
    public var tokenSentence: String {
        let kept = tokens.tokens.count, read = max(tokensRead, kept)
        let tokens = "\(read) token\(read == 1 ? "" : "s")"
        return read == kept ? tokens : tokens + " read, \(read - kept) rejected"
    }

    /// One line per stage: `resolve   1.234 ms  70 tokens, 4 modes`.
    public var timingReport: String {
        timings.map { stage, duration, detail in
            stage.padded(to: 8) + "\(Self.milliseconds(duration)) ms  \(detail)"
        }.joined(separator: "\n") + "\n"
    }

    /// A duration in milliseconds with three decimals (`12.345`).
    public static func milliseconds(_ duration: Duration) -> String {
        let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        let whole = Int(ms), fraction = Int((ms - Double(whole)) * 1000)
        return "\(whole).\(String(repeating: "0", count: 3 - String(fraction).count))\(fraction)"
    }

    /// Whether the run found error-level diagnostics.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// What loading each token file gave, by path, with the bytes it was loaded from: a later run reuses a file's
/// load while its bytes are the same (`Pipeline.reusableLoads`).
public struct FileLoads: Sendable {
    /// One file's load: its findings, its tokens as read alone, the resolver document it is (if one), and
    /// whether its tokens were read.
    struct Load: Sendable {
        let bytes: [UInt8]
        let found: [Diagnostic]
        let tree: TokenTreeBuilder.FileTree
        let document: LoadedFile?
        let read: Bool
    }

    var byPath: [String: Load] = [:]

    /// No loads yet: the first run loads every file.
    public init() {}

    init(byPath: [String: Load]) {
        self.byPath = byPath
    }
}
