import TokenGenerators
import TokenLoader
import TokenModel
import TokenResolver

/// Which rule groups a run reports: DTCG structure, Apple guideline checks, or both.
public enum RuleSelection: String, Sendable, CaseIterable {
    case structure, guidelines, all
}

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
    /// The rendered outputs; empty when there were errors, since a failed build writes nothing.
    public var outputs: [GeneratedFile]

    /// Whether the run found error-level diagnostics.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// The whole compiler in one place: load → tree → resolve → check → render. Writing is `OutputWriter`'s job.
public struct Pipeline: Sendable {
    /// The rule groups to report.
    public var rules: RuleSelection
    /// The generators to run when rendering.
    public var generators: [any Generator]
    /// Loader limits.
    public var limits: LoaderLimits

    /// Creates a pipeline with the default generators.
    public init(rules: RuleSelection = .all, generators: [any Generator] = Pipeline.defaultGenerators,
                limits: LoaderLimits = LoaderLimits())
    {
        self.rules = rules
        self.generators = generators
        self.limits = limits
    }

    /// The generators `tokenc build` runs by default.
    public static let defaultGenerators: [any Generator] = [DTCGJSONGenerator()]

    /// Runs every stage on the token files under `path`; `render` false stops after checking.
    public func run(path: String, render: Bool) throws(ToolError) -> PipelineResult {
        let files = try TokenSources.discover(path)
        var sources: [String: [UInt8]] = [:]
        for file in files { sources[file] = try TokenSources.read(file) }
        return run(files: files, sources: sources, render: render)
    }

    /// Runs every stage on files already in memory.
    public func run(files: [String], sources: [String: [UInt8]], render: Bool) -> PipelineResult {
        var diagnostics = DiagnosticBag()
        let loader = TokenFileLoader(limits: limits)
        var loaded: [LoadedFile] = []
        for file in files {
            let (result, found) = loader.load(bytes: sources[file] ?? [], path: file)
            loaded.append(result)
            diagnostics.add(contentsOf: found)
        }
        let (tokens, treeDiagnostics) = TokenTreeBuilder().build(loaded)
        diagnostics.add(contentsOf: treeDiagnostics)
        let (set, resolveDiagnostics) = AliasResolver().resolve(tokens)
        diagnostics.add(contentsOf: resolveDiagnostics)

        let selected = diagnostics.all.filter { diagnostic in
            switch rules {
            case .all: true
            case .structure: Self.isStructural(diagnostic.id)
            case .guidelines: !Self.isStructural(diagnostic.id) || diagnostic.severity == .error
            }
        }
        var outputs: [GeneratedFile] = []
        if render && !diagnostics.hasErrors {
            outputs = generators.flatMap { $0.generate(set) }
        }
        return PipelineResult(files: files, sources: sources, diagnostics: Diagnostic.sortedForReport(selected),
                              tokens: set, outputs: outputs)
    }

    /// Loader and structure diagnostics always count: without them nothing else can be checked.
    static func isStructural(_ id: String) -> Bool {
        id.hasPrefix("yaml/") || id.hasPrefix("token/") || id.hasPrefix("alias/")
    }
}
