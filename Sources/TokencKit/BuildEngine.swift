#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TokenGenerators
import TokenModel
import TokenResolver

/// What a build is asked to do: every option that changes what it reads, checks, writes or reports.
public struct BuildRequest: Sendable {
    /// What a build does with its outputs.
    public enum Mode: String, Sendable {
        /// Writes every changed output in place.
        case write
        /// Writes nothing; fails when an output is out of date (CI drift checks).
        case check
        /// Writes nothing; lists what it would write or remove.
        case dryRun
    }

    /// The folder of token files, or one token file (nil: tokenc.yml's `tokens`, else Tokens).
    public var tokens: String?
    /// The folder outputs are written to (nil: each output's destination, else Generated).
    public var output: String?
    /// How `json/tokens.json` writes aliases.
    public var jsonAliases: JSONAliasStyle = .resolved
    /// A folder of templates that replace built-in ones.
    public var templates: String?
    /// CSS options given on the command line (nil: tokenc.yml's, else the defaults).
    public var cssFlags: CSSOutputOptions?
    /// Only these outputs (nil: every one).
    public var only: Set<String>?
    /// Which findings to report.
    public var rules: RuleSelection = .all
    /// DTCG strictness (nil: tokenc.yml's `dtcg`, else lenient).
    public var dtcg: DTCGStrictness?
    /// Whether warnings fail the build.
    public var strict = false
    /// Whether outputs are written, checked or only listed.
    public var mode: Mode = .write
    /// Whether files in the output folder that tokenc did not write may be replaced.
    public var overwrite = false
    /// Whether an unchanged build may be answered from the output folder's cache.
    public var usesCache = true
    /// How findings are reported.
    public var format: ReportFormat = .text
    /// Whether a text report is colored (a terminal that wants color).
    public var colored = false
    /// Whether the stages' times are reported.
    public var verbose = false
    /// tokenc's version and a stamp of its executable: a rebuilt tokenc never replays an older one's build.
    public var toolIdentity = ""

    /// Creates a request with the defaults `tokenc build` has.
    public init() {}

    /// The request's options as text, for the cache's fingerprint: the same options give the same text,
    /// however the command line spelled them (`--verbose` changes no output and is left out).
    var fingerprintText: String {
        [tokens ?? "", output ?? "", jsonAliases.rawValue, templates ?? "",
         cssFlags.map { "\($0.prefix)\u{1}\($0.nameCase.rawValue)\u{1}\($0.lightDark)\u{1}\($0.aliasesAsVariables)" } ?? "",
         only.map { $0.sorted().joined(separator: ",") } ?? "", rules.rawValue, dtcg?.rawValue ?? "", "\(strict)",
         mode.rawValue, "\(overwrite)", format.rawValue, "\(colored)"].joined(separator: "\u{0}")
    }
}

/// What a build did, for the command to print: its findings' report, the lines around it and its exit status.
public struct BuildOutcome {
    /// How the build ended.
    public enum Ending: Equatable, Sendable {
        /// The cache answered: nothing changed since the last build.
        case replayed
        /// An error (or, with `strict`, a warning) was found; nothing was written.
        case failed
        /// `check` or `dryRun`: nothing was written; what would be.
        case planned(WriteSummary)
        /// The outputs were written.
        case written(WriteSummary)
    }

    /// How the build ended.
    public var ending: Ending
    /// The exit status: 0, or 1 for a failed build or an out-of-date `check`.
    public var status: Int32
    /// The pipeline's result (nil when the cache answered).
    public var result: PipelineResult?
    /// What else the command made (`preview`'s token set), for a one-shot process to keep until it exits.
    public var kept: Any? = nil
    /// The files the build read besides the token files (images, a resolver document's files), sorted.
    public var filesRead: [String] = []
}

/// Builds tokens into their outputs: the cache, the output locks, staging, the report and the summary.
/// The command parses arguments and prints; everything a build decides is here, so it is tested in-process.
public struct BuildEngine {
    /// Where the build's messages go (the report, the summary, warnings), as text for standard error.
    public var print: (String) -> Void
    /// Where the report's bytes go; the report can be megabytes, so it is not made a `String`.
    public var printBytes: ([UInt8]) -> Void
    /// Where a report for another program goes (`validate --format json`): standard output.
    public var printOutput: (String) -> Void
    /// Called once rendering is done, before the report is written (the command returns freed memory).
    public var afterRender: () -> Void = {}

    /// Creates an engine that reports through `print` and `printBytes`, and `printOutput` for other programs.
    public init(print: @escaping (String) -> Void, printBytes: @escaping ([UInt8]) -> Void,
                printOutput: @escaping (String) -> Void) {
        self.print = print
        self.printBytes = printBytes
        self.printOutput = printOutput
    }

    /// What `run` and `validate` share: the request's templates, its plan and token path, and a pipeline set up
    /// for them with its own log of the files it reads besides the token files (images, a resolver document's files).
    static func planned(_ request: BuildRequest, configuration: Configuration) throws(ToolError)
        -> (templates: [String: String], plan: BuildPlan, tokens: String, pipeline: Pipeline)
    {
        var userTemplates: [String: String] = [:]
        if let templates = request.templates { userTemplates = try Pipeline.templates(in: templates) }
        let filesRead = FilesRead()
        let plan = try BuildPlan.make(
            configuration: configuration, jsonAliases: request.jsonAliases, templates: userTemplates, templateFolder: request.templates,
            cssFlags: request.cssFlags, output: request.output, only: request.only, filesRead: filesRead)
        var pipeline = Pipeline(rules: request.rules, generators: plan.generators)
        pipeline.ruleConfiguration = configuration.rules
        pipeline.strictDTCG = (request.dtcg ?? configuration.dtcg) == .strict
        pipeline.filesRead = filesRead
        return (userTemplates, plan, request.tokens ?? configuration.tokens ?? "Tokens", pipeline)
    }

    /// Checks `request`'s tokens as `run` would build them, writing nothing: the rules, and every output's
    /// checks (`Generator.check`: name collisions, template errors), so `validate` reports what `build` does.
    /// A text report goes to `print` with a summary line; another format to `printOutput`. The outcome's
    /// ending is `failed` or `planned` with nothing to write.
    public func validate(_ request: BuildRequest, configuration: Configuration) throws(ToolError) -> BuildOutcome {
        var (_, _, tokens, pipeline) = try Self.planned(request, configuration: configuration)
        pipeline.checksOutputs = true
        let result = try pipeline.run(path: tokens, render: false)
        if request.verbose { print(result.timingReport) }
        let counts = SeverityCounts(result.diagnostics)
        if request.format == .text {
            TextReporter(colored: request.colored).write(result.diagnostics, sources: result.sources) { printBytes($0) }
            let files = result.files.count
            if let coverage = (result.coverage ?? GuidelineCoverage(result.tokens)).line, request.rules != .structure { print(coverage + "\n") }
            print("\(files) file\(files == 1 ? "" : "s"), \(result.tokenSentence): \(counts.sentence)\n")
        } else {
            // JSON marks the findings `tokenc migrate` fixes (a second run over its edits, in memory).
            let diagnostics = request.format == .json
                ? Migration.markMachineApplicable(result, path: tokens, pipeline: pipeline) : result.diagnostics
            printOutput(request.format.reporter(colored: false).report(diagnostics, sources: result.sources))
        }
        let fails = counts.errors > 0 || (request.strict && counts.warnings > 0)
        return BuildOutcome(ending: fails ? .failed : .planned(WriteSummary()), status: fails ? 1 : 0, result: result)
    }

    /// Builds `request` with `configuration` (tokenc.yml); a tool error (a missing folder, a held lock that
    /// cannot be taken, an output that would leave its folder) is thrown before anything is written.
    public func run(_ request: BuildRequest, configuration: Configuration) throws(ToolError) -> BuildOutcome {
        let (userTemplates, plan, tokensPath, pipeline) = try Self.planned(request, configuration: configuration)
        let filesRead = pipeline.filesRead
        try plan.checkSeparate(from: tokensPath)
        let clock = ContinuousClock()
        let start = clock.now
        let (files, sources) = try TokenSources.readAll(tokensPath)
        let writes = request.mode == .write
        // A build that writes holds each output folder's lock from before it looks at them (the cache) until
        // its last file is in place: a second build into the same folder waits, never splicing files with this one.
        let locks = writes ? try Set(plan.steps.map(\.folder)).sorted().map { folder throws(ToolError) in
            try OutputLock.lock(folder: folder) { print("tokenc: \($0)\n") }
        } : []
        defer { for lock in locks { lock.release() } }
        // A rebuild with the same inputs, options and tokenc, and untouched outputs, replays the last report.
        let cache = !writes || !request.usesCache ? nil : plan.steps.first.map { BuildCache(outputFolder: $0.folder) }
        let fingerprint = cache == nil ? ""
            : Self.fingerprint(request, files: files, sources: sources, templates: userTemplates, configuration: configuration)
        if let cache, let state = cache.current(fingerprint: fingerprint) {
            if request.verbose { print("cache   \(PipelineResult.milliseconds(clock.now - start)) ms  up to date: \(files.count) files, fingerprint \(fingerprint)\n") }
            printBytes(state.report)
            print(state.summary + "\n")
            return BuildOutcome(ending: .replayed, status: 0, result: nil)
        }
        // A build that writes stages each output as it is rendered; only a successful one puts them in place.
        let staging = writes ? plan.staging(overwrites: request.overwrite) : nil
        var committed = false
        defer { if !committed { staging?.discard() } }
        var result = pipeline.run(files: files, sources: sources, render: true, staging: staging)
        let otherFilesRead = filesRead.take()
        afterRender()
        // Without a cache to keep it for, a text report goes out as it is written (4 MB at 100,000 tokens).
        var report: [UInt8] = []
        if request.format != .text {
            report = Array(request.format.reporter(colored: false).report(result.diagnostics, sources: result.sources).utf8)
            printBytes(report)
        } else if cache == nil {
            TextReporter(colored: request.colored).write(result.diagnostics, sources: result.sources) { printBytes($0) }
        } else {
            report = TextReporter(colored: request.colored).reportBytes(result.diagnostics, sources: result.sources)
            printBytes(report)
        }
        let counts = SeverityCounts(result.diagnostics)
        guard counts.errors == 0 && !(request.strict && counts.warnings > 0) else {
            cache?.remove()
            if request.verbose { print(result.timingReport) }
            let rejected = result.tokensRead > result.tokens.tokens.count ? " (\(result.tokenSentence))" : ""
            print("build failed: \(counts.sentence)\(rejected); nothing was written\n")
            return BuildOutcome(ending: .failed, status: 1, result: result, filesRead: otherFilesRead)
        }
        if !writes {
            if request.verbose { print(result.timingReport) }
            let check = request.mode == .check
            let changes = try plan.plan(result, overwrites: request.overwrite)
            for path in changes.written { print("\(check ? "out of date" : "would write"): \(path)\n") }
            for path in changes.removed { print("\(check ? "stale" : "would remove"): \(path)\n") }
            for (path, reason) in changes.kept { print("would leave in place: \(path): \(reason)\n") }
            print("\(changes.written.count) to write, \(changes.removed.count) to remove, \(changes.unchanged.count) up to date\n")
            return BuildOutcome(ending: .planned(changes), status: check && changes.changesAnything ? 1 : 0, result: result,
                                filesRead: otherFilesRead)
        }
        let writeStart = clock.now
        committed = true
        let (summary, folders) = if let staging { try staging.commit() } else { try plan.write(result, overwrites: request.overwrite) }
        if request.verbose {
            result.timings.append(("write", clock.now - writeStart, "\(summary.written.count) written, \(summary.unchanged.count) unchanged"))
            print(result.timingReport)
        }
        let tokenCount = result.tokens.tokens.count, fileCount = result.files.count
        func summaryLine(written: Int, unchanged: Int, removed: Int) -> String {
            "built \(tokenCount) token\(tokenCount == 1 ? "" : "s") from \(fileCount) file\(fileCount == 1 ? "" : "s") into "
                + (folders.isEmpty ? [request.output ?? "Generated"] : folders).map { "\($0)/" }.joined(separator: ", ") + ": "
                + "\(written) written, \(unchanged) unchanged"
                + (removed == 0 ? "" : ", \(removed) removed")
                + (counts.errors + counts.warnings + counts.infos > 0 ? " (\(counts.sentence))" : "")
        }
        for (path, reason) in summary.kept {
            print("tokenc: warning: left \(path) in place although the manifest lists it as stale: \(reason)\n")
        }
        // A build with findings shows what the checks covered, as `validate` does; a clean one stays one line.
        let coverage = counts.errors + counts.warnings + counts.infos > 0 && request.format == .text && request.rules != .structure
            ? (result.coverage ?? GuidelineCoverage(result.tokens)).line.map { $0 + "\n" } ?? "" : ""
        print(coverage)
        print(summaryLine(written: summary.written.count, unchanged: summary.unchanged.count, removed: summary.removed.count) + "\n")
        // The manifests are inputs too: one edited (a pull request can) must not be hidden by a replayed build.
        let outputs = (summary.written + summary.unchanged).sorted()
        let manifests = folders.map { ($0.hasSuffix("/") ? $0 : $0 + "/") + OutputWriter.manifestName }
        cache?.save(BuildCache.State(
            fingerprint: fingerprint, files: (outputs + manifests + otherFilesRead).map { BuildCache.FileStamp(path: $0) },
            report: report + Array(coverage.utf8), summary: summaryLine(written: 0, unchanged: outputs.count, removed: 0)))
        return BuildOutcome(ending: .written(summary), status: 0, result: result, filesRead: otherFilesRead)
    }

    /// Writes `request`'s tokens named by `paths` (all of them when empty; a group's path names its tokens) with
    /// their values per appearance, alias chains, locations and findings, as text or JSON, into `sink`. Findings
    /// do not fail it; a name that matches no token is a tool error. Findings that belong to no token (a syntax
    /// error) go to `print` when every token is shown.
    public func inspect(_ request: BuildRequest, paths: [String], json: Bool, configuration: Configuration,
                        to sink: any OutputSink) throws(ToolError) -> BuildOutcome
    {
        var pipeline = Pipeline()
        pipeline.ruleConfiguration = configuration.rules
        pipeline.strictDTCG = (request.dtcg ?? configuration.dtcg) == .strict
        pipeline.measuresContrast = true
        // Every finding of the tokens asked about, however many their rules have elsewhere.
        pipeline.reportedPerRule = nil
        let result = try pipeline.run(path: request.tokens ?? configuration.tokens ?? "Tokens", render: false)
        // Written as it is made: every token of a large set is a large report (120 MB of JSON at 100,000).
        try Inspector(result: result, rules: configuration.rules).write(paths, json: json, to: sink)
        let unattached = result.diagnostics.filter { $0.path == nil }
        if !unattached.isEmpty && paths.isEmpty {
            TextReporter(colored: request.colored).write(unattached, sources: result.sources) { printBytes($0) }
        }
        return BuildOutcome(ending: .planned(WriteSummary()), status: 0, result: result)
    }

    /// Writes an HTML style guide of `request`'s tokens into `file`, whole or not at all (two previews into one
    /// file take turns), or into `standardOutput` without a file. The folder is read as a folder when it exists
    /// (`.folder` tells a git revision of the same name apart), else as a git revision.
    public func preview(_ request: BuildRequest, file: String?, configuration: Configuration,
                        standardOutput: any OutputSink) throws(ToolError) -> BuildOutcome {
        let folder = request.tokens ?? configuration.tokens ?? "Tokens"
        let side = try ReviewSide.load(folder, kind: FileKind.of(folder) != nil ? .folder : .either, tokensPath: folder,
                                       configuration: configuration)
        let title = "Design tokens: \(folder)"
        if let file {
            let lock = try OutputLock.lock(file: file) { print("tokenc: \($0)\n") }
            defer { lock.release() }
            try OutputWriter.atomicWrite(to: file) { sink in StyleGuide.write(side, title: title, to: sink) }
        } else {
            StyleGuide.write(side, title: title, to: standardOutput)
        }
        return BuildOutcome(ending: .planned(WriteSummary()), status: 0, result: nil, kept: side)
    }

    /// Everything a build's outputs and report depend on besides the image files it reads: tokenc itself, the
    /// request's options, the working folder, tokenc.yml, templates and token files.
    static func fingerprint(_ request: BuildRequest, files: [String], sources: [String: [UInt8]], templates: [String: String],
                            configuration: Configuration) -> String
    {
        var parts: [[UInt8]] = [Array(request.toolIdentity.utf8), Array(request.fingerprintText.utf8)]
        parts.append(Array(FileManager.default.currentDirectoryPath.utf8))
        parts.append(configuration.sourceBytes)
        for (name, text) in templates.sorted(by: { $0.key < $1.key }) { parts += [Array(name.utf8), Array(text.utf8)] }
        for template in configuration.outputs.compactMap(\.template).sorted() {
            parts += [Array(template.utf8), FileManager.default.contents(atPath: template).map { [UInt8]($0) } ?? []]
        }
        for file in files { parts += [Array(file.utf8), sources[file] ?? []] }
        return BuildCache.fingerprint(parts)
    }
}
