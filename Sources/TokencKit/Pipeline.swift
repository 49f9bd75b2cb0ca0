#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import TokenGenerators
import TokenLoader
import TokenMigration
import SourceTree
import TokenModel
import TokenResolver
import TokenRules

/// How `json/tokens.json` writes aliases: resolved to values, or kept as `{references}`.
public typealias JSONAliasStyle = DTCGJSONGenerator.AliasStyle

/// The CSS output's options, for the command line.
public typealias CSSOutputOptions = CSSOptions

/// Which rule groups a run reports: DTCG structure, Apple guideline checks, or both.
public enum RuleSelection: String, Sendable, CaseIterable {
    case structure, guidelines, all
}

/// The whole compiler in one place: load → tree → resolve → check → render. Writing is `OutputWriter`'s job.
public struct Pipeline: Sendable {
    /// The rule groups to report.
    public var rules: RuleSelection
    /// The generators to run when rendering.
    public var generators: [any Generator]
    /// Loader limits.
    public var limits: LoaderLimits
    /// Rule severities and options.
    public var ruleConfiguration: RuleConfiguration
    /// Whether the result carries every declared contrast pair measured (`diff`, `preview`): measured from the
    /// rules' shared context, beside the rules, instead of from a context of its own built after them.
    public var measuresContrast = false

    /// Creates a pipeline with the default generators.
    public init(rules: RuleSelection = .all, generators: [any Generator] = Pipeline.defaultGenerators,
                limits: LoaderLimits = LoaderLimits(), ruleConfiguration: RuleConfiguration = RuleConfiguration())
    {
        self.rules = rules
        self.generators = generators
        self.limits = limits
        self.ruleConfiguration = ruleConfiguration
    }

    /// The generators `tokenc build` runs by default.
    public static let defaultGenerators: [any Generator] = generators()

    /// The built-in outputs' ids in alphabetical order: what tokenc.yml's `generator` accepts, read off the
    /// generators themselves, so a new output is registered in `generators(…)` alone.
    public static let builtInOutputIDs: [String] = defaultGenerators.map(\.id).sorted()

    /// What `--only` accepts: the built-in outputs and `custom` (tokenc.yml's template outputs), alphabetically.
    public static let outputIDs: [String] = (builtInOutputIDs + ["custom"]).sorted()

    /// The most findings of one rule the result keeps (the rest counted in one more finding); nil keeps all of them
    /// (`inspect`, which shows one token's findings).
    public var reportedPerRule: Int? = Diagnostic.reportedPerRule

    /// Whether CSS color strings and `pt` are errors (`--dtcg strict`): files other DTCG tools must read too.
    public var strictDTCG = false

    /// Whether a run that does not render for writing (`validate`) still runs every generator's checks (name
    /// collisions, template errors: `Generator.check`), so that it finds all that `build` does.
    public var checksOutputs = false

    /// Where the run logs the files it reads besides the token files (images, a resolver document's files): the
    /// build cache stamps them. Each build has its own log.
    public var filesRead = FilesRead()

    /// The loads of an earlier run to reuse for files whose bytes are unchanged (the language server's keystrokes
    /// reload only the edited file); nil, the usual case, keeps none. A run given some returns its own in
    /// `PipelineResult.loads`.
    public var reusableLoads: FileLoads?

    /// The built-in generators with their options; `templates` overrides embedded templates by relative path.
    /// `filesRead` logs the images the asset catalog reads, for the build cache.
    public static func generators(jsonAliases: JSONAliasStyle = .resolved, templates: [String: String] = [:],
                                  templateFolder: String? = nil, css: CSSOptions = CSSOptions(), swiftRoot: String = "Tokens",
                                  filesRead: FilesRead = FilesRead()) -> [any Generator]
    {
        let locations = Dictionary(uniqueKeysWithValues: templates.keys.map { ($0, (templateFolder ?? "Templates") + "/" + $0) })
        return [DTCGJSONGenerator(aliases: jsonAliases),
                SwiftGenerator(templates: EmbeddedTemplates.files.merging(templates) { _, user in user }, rootName: swiftRoot,
                               templateFiles: locations),
                CSSGenerator(templates: EmbeddedTemplates.files.merging(templates) { _, user in user }, options: css,
                             templateFiles: locations),
                TypeScriptGenerator(templates: EmbeddedTemplates.files.merging(templates) { _, user in user }, css: css,
                                    templateFiles: locations),
                AssetCatalogGenerator(readFile: { readRelative($0, $1, loggingIn: filesRead) })]
    }

    /// Generators for tokenc.yml's `outputs`, each reading its template file.
    public static func customGenerator(template: String, file: String, templates: [String: String] = [:])
        throws(ToolError) -> any Generator
    {
        var partials: [String: String] = [:]
        for (path, text) in EmbeddedTemplates.files.merging(templates, uniquingKeysWith: { _, user in user }) where path.hasPrefix("swift/") {
            partials[String(path.dropFirst("swift/".count).dropLast(".mustache".count))] = text
        }
        let text = String(decoding: try TokenSources.read(template), as: UTF8.self)
        return CustomTemplateGenerator(template: text, templatePath: template, outputPath: file, partials: partials)
    }

    /// Reads a user's template folder: every `*.mustache` file by its path relative to the folder.
    public static func templates(in folder: String) throws(ToolError) -> [String: String] {
        guard FileKind.of(folder) == .folder else {
            throw ToolError(folder.isEmpty ? "--templates is empty (give a folder of templates, or leave it out)" : "no template folder at \(folder)")
        }
        var files: [String: String] = [:]
        for name in (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? [] {
            guard name.hasSuffix(".mustache") else { continue }
            let path = folder + "/" + name
            guard ProjectBoundary.realPathStaysInside(path, roots: [".", folder]) else {
                throw ToolError("\(path) is a link to \(ProjectBoundary.realPath(path) ?? "?"), outside the project (the working folder) "
                    + "and \(folder): tokenc reads no template from elsewhere; copy the file into \(folder)")
            }
            files[name] = String(decoding: try TokenSources.read(path), as: UTF8.self)
        }
        return files
    }

    /// Runs every stage on the token files under `path`; `render` false stops after checking.
    public func run(path: String, render: Bool) throws(ToolError) -> PipelineResult {
        let (files, sources) = try TokenSources.readAll(path)
        return run(files: files, sources: sources, render: render)
    }

    /// Runs every stage on files already in memory, on the caller's thread (every walk over alias chains,
    /// `$extends` chains and mode references keeps its frames on the heap: docs/performance.md, "Deep input").
    /// With `staging`, each generator's files are written beside their targets as soon as it finishes,
    /// instead of returned.
    public func run(files: [String], sources: [String: [UInt8]], render: Bool, staging: OutputStaging? = nil) -> PipelineResult {
        runStages(files: files, sources: sources, render: render, staging: staging)
    }

    func runStages(files: [String], sources: [String: [UInt8]], render: Bool, staging: OutputStaging?) -> PipelineResult {
        var diagnostics = DiagnosticBag(overrides: Self.structureOverrides(ruleConfiguration))
        let clock = ContinuousClock()
        var timings: [(String, Duration, String)] = []
        var mark = clock.now
        func lap(_ stage: String, _ detail: String) {
            let now = clock.now
            timings.append((stage, now - mark, detail))
            mark = now
        }
        let loader = TokenFileLoader(limits: limits)
        let builder = TokenTreeBuilder()
        // Files load and are read into tokens independently, so side by side; results keep the files' order.
        // A file's nodes outside its tokens are freed as soon as it is read. A resolver document keeps its
        // nodes: it decides which files count, and the trees read here are then not used.
        var trees: [TokenTreeBuilder.FileTree] = []
        var resolverDocument: LoadedFile?
        // Token files whose tokens were not read (one that did not parse, one of an older format): an alias that
        // names nothing may name a token of theirs.
        var unread: [String] = []
        let earlier = reusableLoads?.byPath ?? [:]
        let loads = Self.concurrentMap(files) { file -> FileLoads.Load in
            let bytes = sources[file] ?? []
            if let kept = earlier[file], kept.bytes == bytes { return kept }
            // Tokens Studio's themes and set order hold no tokens: one finding says how to convert them.
            if TokensStudioThemes.isThemesFile(file) { return FileLoads.Load(bytes: bytes, found: [], tree: .init(), document: nil, read: true) }
            let (loaded, found) = loader.load(bytes: bytes, path: file)
            if ResolverDocumentReader.isResolverDocument(loaded.root) {
                return FileLoads.Load(bytes: bytes, found: found, tree: .init(), document: loaded, read: true)
            }
            // A file of an older format is one finding, not one per key; its tokens are not read.
            if let root = loaded.root, case let format = SourceFormat.of(root), format != .dtcg {
                return FileLoads.Load(bytes: bytes, found: found + [Self.olderFormat(format, root: root)], tree: .init(), document: nil, read: false)
            }
            let parsed = loaded.root != nil || !found.contains { $0.severity == .error }
            return FileLoads.Load(bytes: bytes, found: found, tree: builder.read(loaded), document: nil, read: parsed)
        }
        let kept = reusableLoads.map { _ in FileLoads(byPath: Dictionary(zip(files, loads), uniquingKeysWith: { first, _ in first })) }
        for (file, load) in zip(files, consume loads) {
            diagnostics.add(contentsOf: load.found)
            trees.append(load.tree)
            if resolverDocument == nil { resolverDocument = load.document }
            if !load.read { unread.append(file) }
        }
        // Outside a folder a resolver document reads, Tokens Studio's themes are one finding each.
        if resolverDocument == nil {
            for file in files where TokensStudioThemes.isThemesFile(file) { diagnostics.add(Self.tokensStudioThemes(file)) }
        }
        let sourceBytes = sources.values.reduce(0) { $0 + $1.count }
        lap("load", "\(files.count) files, \(sourceBytes) bytes, read into tokens")
        var allSources = sources
        var tokens: [Token]
        var groupNotes: GroupNotes
        // What was not read into the resolution, for the references to it (`ReferenceContext`); tokens left out
        // for a `$type` that is not a type count as read and rejected.
        var context = ReferenceContext()
        if let document = resolverDocument {
            // A folder with a resolver document is read through it: the document decides which files count.
            let reader = ReferencedFileReader(relativeTo: document.path, loader: loader, filesRead: filesRead, inMemory: sources)
            let (resolution, found) = ResolverDocumentReader().read(document, load: reader.load)
            diagnostics.add(contentsOf: found)
            diagnostics.add(contentsOf: reader.collected.diagnostics)
            allSources.merge(reader.collected.sources) { first, _ in first }
            let baseTrees = resolution.base.map(builder.read)
            groupNotes = TokenTreeBuilder.groupNotes(baseTrees)
            context.leftOut = Set(baseTrees.flatMap(\.leftOut))
            for (set, files) in resolution.unlistedSets {
                for tree in files.map(builder.read) { for path in tree.paths where context.unlistedSets[path] == nil { context.unlistedSets[path] = set } }
            }
            // A resolver document's sources merge in order, the last definition of a path winning.
            let (base, baseDiagnostics) = builder.build(baseTrees, lastWins: true)
            diagnostics.add(contentsOf: baseDiagnostics)
            var modeTokens: [(mode: String, tokens: [Token])] = []
            for (mode, files) in resolution.modes {
                let (built, modeDiagnostics) = builder.build(files, lastWins: true)
                diagnostics.add(contentsOf: modeDiagnostics)
                modeTokens.append((mode, built))
            }
            let (merged, mergeDiagnostics) = ModeMerger().merge(base: base, modes: modeTokens)
            diagnostics.add(contentsOf: mergeDiagnostics)
            tokens = merged
        } else {
            groupNotes = TokenTreeBuilder.groupNotes(trees)
            context.leftOut = Set(trees.flatMap(\.leftOut))
            let (built, treeDiagnostics) = builder.build(consume trees)
            diagnostics.add(contentsOf: treeDiagnostics)
            tokens = built
        }
        trees = []
        if strictDTCG { diagnostics.add(contentsOf: StrictDTCG.findings(tokens)) }
        lap("tree", "\(tokens.count) tokens joined")
        let tokensRead = tokens.count + context.leftOut.count
        context.unreadFiles = unread
        let (resolved, resolveDiagnostics) = AliasResolver().resolve(tokens, context: context)
        let set = {
            var set = resolved
            set.groups = groupNotes
            return set
        }()
        tokens = []
        diagnostics.add(contentsOf: resolveDiagnostics)
        lap("resolve", "\(set.tokens.count) tokens, \(set.modes.count) modes")
        // The rules and every generator only read the resolved set, so they run side by side; when the
        // rules find an error the rendered files are dropped (staged ones discarded by the caller), exactly
        // as if rendering had not run.
        let renders = (render || checksOutputs) && !diagnostics.hasErrors
        let keepsFiles = render
        let checks = rules != .structure
        // The generators come before the rules and each rule is a job of its own: a core that finishes its
        // generator takes the next rule, so the cores end together (the rules as one job left one core idle for
        // the last third of the Swift output). The rules' shared context starts second (`longestFirst`), beside
        // the longest output: as the first rule's, it was built after the outputs while the other core waited for
        // it (25 ms at 100,000 tokens).
        var jobs: [@Sendable () -> JobResult] = []
        let prepared = checks ? RuleEngine(configuration: ruleConfiguration).prepare(set, readFile: { [filesRead] in Self.readReferenced($0, $1, loggingIn: filesRead) }) : nil
        let contextJob = jobs.count
        // The coverage line's counts come with the context, counted in its walk over the tokens.
        if let prepared { jobs.append { JobResult(files: [], diagnostics: [], coverage: GuidelineCoverage(prepared.coverage())) } }
        let generatorStart = jobs.count
        if renders {
            jobs += generators.indices.map { index in
                { [generators] in
                    guard keepsFiles else {
                        return JobResult(files: [], diagnostics: generators[index].check(set))
                    }
                    guard let staging else {
                        let (files, found) = generators[index].render(set)
                        return JobResult(files: files, diagnostics: found, fileCount: files.count, byteCount: files.reduce(0) { $0 + $1.contents.count })
                    }
                    // Large files stream to disk as they render; the others are staged once rendered. Holding
                    // them until the rules end would only cost memory (50 MB at 100,000 tokens).
                    let (files, found) = generators[index].render(set, sinks: staging.sinks(generator: index))
                    let stages = !found.contains(where: { $0.severity == .error })
                    if stages { staging.stage(generator: index, files: files) }
                    let staged = staging.stagedCount(generator: index)
                    let left = stages ? [] : files
                    return JobResult(files: [], diagnostics: found, fileCount: staged.files + left.count,
                                     byteCount: staged.bytes + left.reduce(0) { $0 + $1.contents.count })
                }
            }
        }
        let generatorEnd = jobs.count
        let ruleStart = jobs.count
        if let prepared { jobs += (0..<prepared.count).map { rule in { JobResult(files: [], diagnostics: prepared.check(rule: rule)) } } }
        let ruleEnd = jobs.count
        if let prepared, measuresContrast { jobs.append { JobResult(files: [], diagnostics: [], contrast: prepared.contrastCells()) } }
        let start = clock.now
        let schedule = Self.longestFirst(jobCount: jobs.count, contextJob: prepared == nil ? nil : contextJob,
                                         generatorJobs: generatorStart..<generatorEnd, costs: generators.map(\.relativeCost))
        var concurrent = Self.inJobOrder(schedule, Self.concurrentMap(schedule) { index in
            let begin = ContinuousClock.now
            var result = jobs[index]()
            result.duration = ContinuousClock.now - begin
            return result
        })
        let generated = Array(concurrent[generatorStart..<generatorEnd])
        if let prepared {
            // Each rule's findings are taken out of its result, so that `finish` holds the only copy and moves them.
            var found: [[Diagnostic]] = []
            for k in ruleStart..<ruleEnd {
                found.append(concurrent[k].diagnostics)
                concurrent[k].diagnostics = []
            }
            diagnostics.add(contentsOf: prepared.finish(consume found))
            // The context's job counts as the rules' too.
            let ruleJobs = concurrent[ruleStart..<ruleEnd]
            timings.append(("check", ruleJobs.reduce(concurrent[contextJob].duration) { $0 + $1.duration }, "\(RuleRegistry.all.count) rules"))
        }
        var outputs: [GeneratedFile] = []
        var outputsByGenerator: [[GeneratedFile]] = []
        // What a generator found is never left out by `--rules`: an output it could not render is not written.
        let outputIDs = Set(generated.flatMap { $0.diagnostics.map(\.id) })
        if renders {
            for job in generated { diagnostics.add(contentsOf: job.diagnostics) }
            // A generator that cannot render (a name collision, a broken template) means nothing is written.
            outputs = diagnostics.hasErrors ? [] : generated.flatMap(\.files)
            outputsByGenerator = diagnostics.hasErrors ? [] : generated.map(\.files)
            let each = zip(generators, generated).map { "\($0.id) \(PipelineResult.milliseconds($1.duration))" }.joined(separator: ", ")
            timings.append(("render", generated.reduce(Duration.zero) { $0 + $1.duration },
                            "\(generated.reduce(0) { $0 + $1.fileCount }) files, \(generated.reduce(0) { $0 + $1.byteCount }) bytes"
                                + (staging == nil ? "" : " written beside") + ": \(each) ms"
                                + (checks ? " (run beside check: \(PipelineResult.milliseconds(clock.now - start)) ms for both)" : "")))
        }
        // Every rule on (the usual case) keeps everything: no filtered copy of each finding.
        let selected = rules == .all ? diagnostics.takeAll() : diagnostics.all.filter { diagnostic in
            switch rules {
            case .all: true
            case .structure: Self.isStructural(diagnostic.id) || outputIDs.contains(diagnostic.id)
            case .guidelines: !Self.isStructural(diagnostic.id) || diagnostic.severity == .error || outputIDs.contains(diagnostic.id)
            }
        }
        // A problem at a place in a template is shown with its source line, as a token file's is (one about the
        // whole file, such as `template/unused`, is not): its text is read again only then.
        for diagnostic in selected where diagnostic.id == DiagnosticKind.templateSyntax.id || diagnostic.id == DiagnosticKind.templateUnknownName.id {
            guard let file = diagnostic.location?.file, allSources[file] == nil, let bytes = try? TokenSources.read(file) else { continue }
            allSources[file] = bytes
        }
        let sorted = Diagnostic.sortedForReport(FixSyntax.forJSONFiles(selected))
        var result = PipelineResult(files: files, sources: allSources, diagnostics: reportedPerRule.map { Diagnostic.cappedPerRule(sorted, limit: $0) } ?? sorted,
                                    tokens: set, tokensRead: tokensRead, outputs: outputs, outputsByGenerator: outputsByGenerator,
                                    contrast: prepared != nil && measuresContrast ? concurrent[ruleEnd].contrast : nil, timings: timings)
        result.coverage = prepared == nil ? nil : concurrent[contextJob].coverage
        result.loads = kept
        return result
    }

    /// The order the render-and-check stage's jobs start in, longest first, as far as it is known: the generators
    /// by their `relativeCost` (the Swift output's job takes about as long as every other output's together),
    /// the rules' shared context right after the longest one (every rule waits for it), then the rules. Started
    /// third, behind the context and the JSON output, the Swift output ended alone on one core.
    static func longestFirst(jobCount: Int, contextJob: Int?, generatorJobs: Range<Int>, costs: [Int]) -> [Int] {
        // A stable sort: outputs of the same cost keep their order.
        let generators = generatorJobs.enumerated().sorted { a, b in
            costs[a.offset] != costs[b.offset] ? costs[a.offset] > costs[b.offset] : a.offset < b.offset
        }.map(\.element)
        let first = generators.prefix(1)
        let rest = (0..<jobCount).filter { $0 != contextJob && !generatorJobs.contains($0) }
        return Array(first) + (contextJob.map { [$0] } ?? []) + generators.dropFirst() + rest
    }

    /// `results`, made in the order `schedule` started their jobs, put back in the jobs' own order.
    static func inJobOrder(_ schedule: [Int], _ results: consuming [JobResult]) -> [JobResult] {
        var ordered = [JobResult?](repeating: nil, count: schedule.count)
        for (k, result) in results.enumerated() { ordered[schedule[k]] = result }
        return ordered.map { $0! }
    }

    /// Loader and structure diagnostics always count: without them nothing else can be checked.
    /// The configured severities of the structure rules that are warnings by default (a structure error stays
    /// one: its token cannot be built), for the stages' findings; nil for a rule turned off.
    static func structureOverrides(_ configuration: RuleConfiguration) -> [String: Severity?] {
        var overrides: [String: Severity?] = [:]
        for (id, level) in configuration.levels {
            guard let rule = RuleRegistry.description(id), rule.group == .structure, rule.severity != .error else { continue }
            overrides[id] = .some(level.severity)
        }
        return overrides
    }

    /// Whether a finding counts under `--rules structure`: every group but the guidelines (the catalogue says
    /// which group an id is in; an id it does not know is kept).
    static func isStructural(_ id: String) -> Bool {
        DiagnosticKind.named(id)?.group != .guidelines
    }
}

/// What one job of the render-and-check stage produced, and how long it took.
struct JobResult {
    /// Rendered files (none from a rule, and none once staged).
    var files: [GeneratedFile]
    /// What the job found.
    var diagnostics: [Diagnostic]
    /// The declared contrast pairs measured (the one job that measures them).
    var contrast: [ContrastCell] = []
    /// What the guideline checks could see (the one job that counts it).
    var coverage: GuidelineCoverage?
    /// How many files a generator rendered, and their bytes (staged files are no longer at hand to count).
    var fileCount = 0
    var byteCount = 0
    /// The job's own time.
    var duration = Duration.zero
}
