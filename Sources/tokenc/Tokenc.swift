import ArgumentParser
#if canImport(CMimalloc)
import CMimalloc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TokencKit

/// The `tokenc` command: parses arguments and hands the work to TokencKit.
@main
struct Tokenc: ParsableCommand {
    static let version = "0.1.0"

    // Every command spells out its name: deriving one from the type name costs a runtime type look-up at every start.
    static let configuration = CommandConfiguration(
        commandName: "tokenc",
        abstract: "Compile design tokens (YAML or DTCG JSON) into Swift, CSS and JSON, checked against Apple's guidelines.",
        discussion: """
        Examples:
          tokenc build Tokens/                 build every output into Generated/
          tokenc validate Tokens/              check, print problems like a compiler
          tokenc validate --format json        findings as JSON for tools
          tokenc inspect Tokens color.accent   values per appearance, aliases, findings
          tokenc diff main                     what changed since main, for review
          tokenc preview --output guide.html   an HTML style guide

        Exit codes: 0 clean, 1 error-level findings, 2 usage or I/O failures.
        """,
        version: version,
        subcommands: [Build.self, Validate.self, Inspect.self, Diff.self, Preview.self, Rules.self, Explain.self, Init.self]
    )

    static func main() {
        // Before any thread starts: a signal during a build removes what it staged, then ends the process.
        Interruption.install()
        Allocator.configure()
        // A report piped into a reader that stops early (`tokenc build 2>&1 | head`) must not kill the run before
        // it removes the outputs it staged and exits with its status: writes to the closed pipe fail instead.
        signal(SIGPIPE, SIG_IGN)
        if let word = CommandLine.arguments.dropFirst().first,
           let advice = CommandAdvice.message(for: word, commands: configuration.subcommands.compactMap { $0.configuration.commandName },
                                              isPath: { FileManager.default.fileExists(atPath: $0) })
        {
            printError("tokenc: error: \(advice)\n")
            terminate(2)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
            Interruption.endIfRequested()
        } catch let exit as ExitCode {
            terminate(exit.rawValue)
        } catch {
            if exitCode(for: error) == .success {
                Interruption.endIfRequested()
                Self.exit(withError: error)
            }
            // Usage errors exit 2 (docs/commands.md, exit codes), not ArgumentParser's default 64.
            printError(fullMessage(for: error) + "\n")
            terminate(2)
        }
    }
}

/// Options shared by the commands that read tokens.
struct TokenInputOptions: ParsableArguments {
    @Argument(help: "A folder of token files, or one token file (default: tokenc.yml's `tokens`, else Tokens).")
    var path: String?

    @Option(help: "Which rules to report: structure (DTCG), guidelines (Apple HIG) or all.")
    var rules: RuleSelection = .all

    @Flag(help: "Treat warnings as failures.")
    var strict = false

    @Option(help: "strict: CSS color strings and pt, which DTCG 2025.10 lacks, are errors (default: tokenc.yml's `dtcg`, else lenient).")
    var dtcg: DTCGStrictness?

    @Flag(help: "Print how long each stage took, and what it handled.")
    var verbose = false
}

extension RuleSelection: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}
extension RuleCatalog.Format: ExpressibleByArgument {}
extension JSONAliasStyle: ExpressibleByArgument {}
extension DTCGStrictness: ExpressibleByArgument {}
extension CSSOutputOptions.Case: ExpressibleByArgument {}

/// The running executable's path, for the build fingerprint. On Linux it is read from `/proc/self/exe`:
/// Foundation's `Bundle.main` lists the executable's folder twice first (5,600 entries in `/tmp` took 8 ms).
func executablePath() -> String? {
    #if os(Linux)
    return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    #else
    return Bundle.main.executablePath
    #endif
}

/// Whether stderr is a terminal that wants color.
func stderrWantsColor() -> Bool {
    isatty(2) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
}

/// Writes `text` to standard error as it is (no newline added).
func printError(_ text: String) { printError(Array(text.utf8)) }

/// Refuses an option given an empty value (`-o "$UNSET"`): an empty `--output` would write into the working
/// folder, which no one means.
func requireName(_ value: String?, of option: String, naming what: String) throws {
    guard value?.isEmpty == true else { return }
    throw ValidationError("\(option) is empty; give it \(what), or leave it out")
}

/// Ends the process with `status` (the C library's `exit`, which `ParsableCommand.exit` hides in a command).
func terminate(_ status: Int32) -> Never {
    // A build stopped by a signal has cleaned up; the process ends by that signal, not with a status.
    Interruption.endIfRequested()
    exit(status)
}

/// The local time of day as `HH:MM:SS`, for the watch loop's status line.
func timeOfDay() -> String {
    var now = time(nil), parts = tm()
    localtime_r(&now, &parts)
    func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
}

/// The process's malloc: mimalloc where the executable links it (Package.swift), else the C library's.
enum Allocator {
    /// Sets the allocator up before the first large allocation.
    static func configure() {
        #if canImport(CMimalloc)
        // Freed pages go back to the system after 5 ms instead of mimalloc's 25: a build frees each file's
        // parse and each stage's working data as it goes, and holding them longer raised the peak memory
        // of 100,000 tokens past 20x the input (docs/performance.md).
        mi_option_set(mi_option_decommit_delay, 5)
        #elseif os(Linux)
        // glibc grows its heap by what a request lacks plus 128 KB, so a build's millions of small allocations
        // move the heap's end tens of thousands of times. 64 MB at a time: 6-7 % less time at 10,000 and
        // 100,000 tokens (alternated), for a 100k peak 7 MB higher; pages never touched are never resident.
        _ = glibcMallopt(glibcTopPad, 64 << 20)
        #endif
    }

    /// Gives freed memory back to the system now, before the report adds its own pages on top of it.
    static func returnFreedMemory() {
        #if canImport(CMimalloc)
        mi_collect(true)
        #elseif os(Linux)
        _ = glibcMallocTrim(0)
        #endif
    }
}

#if os(Linux)
/// glibc's `malloc_trim` (declared in `malloc.h`, which the Glibc module does not export).
@_silgen_name("malloc_trim")
func glibcMallocTrim(_ pad: Int) -> Int32

/// glibc's `mallopt`, and its `M_TOP_PAD` parameter: declared by name because the Glibc module does not export
/// `malloc.h`; the 64 MB top pad it sets measured 6-7 % less time at 10k and 100k tokens (`Allocator.configure`).
@_silgen_name("mallopt")
func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
let glibcTopPad: Int32 = -2
#endif

/// Writes bytes to standard error as they are (a large report is not copied into a `String` and back).
func printError(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { OutputWriter.writeAll($0, to: STDERR_FILENO) }
}

/// Exit status for a finished run: 1 on errors (or warnings with --strict).
func failureStatus(_ result: PipelineResult, strict: Bool) -> Int32 {
    let counts = SeverityCounts(result.diagnostics)
    return counts.errors > 0 || (strict && counts.warnings > 0) ? 1 : 0
}

/// Reads tokenc.yml from the current folder; a broken file is a usage error (exit 2).
func loadConfiguration() throws -> Configuration {
    do {
        return try Configuration.load(Configuration.fileName)
    } catch {
        printError("tokenc: error: \(error.message)")
        throw ExitCode(2)
    }
}

/// Runs `body`; a tool error (a missing folder, an unreadable file) is printed and exits 2.
func orExit<T>(_ body: () throws(ToolError) -> T) throws -> T {
    do { return try body() } catch {
        printError("tokenc: error: \(error.message)\n")
        throw ExitCode(2)
    }
}

func runPipeline(_ pipeline: Pipeline, path: String?, render: Bool, configuration: Configuration? = nil,
                 dtcg: DTCGStrictness? = nil) throws -> PipelineResult {
    let configuration = try configuration ?? loadConfiguration()
    var pipeline = pipeline
    pipeline.ruleConfiguration = configuration.rules
    pipeline.strictDTCG = (dtcg ?? configuration.dtcg) == .strict
    let result = try orExit { () throws(ToolError) in try pipeline.run(path: path ?? configuration.tokens ?? "Tokens", render: render) }
    // Commands that run the pipeline once exit soon after; the result is not freed piece by piece first.
    ProcessLifetime.keep(result)
    return result
}

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Check the tokens and write every output.",
        discussion: """
        Writes only files whose bytes changed, each one atomically; when any error is found nothing is written.

        Examples:
          tokenc build                         read Tokens/, write Generated/
          tokenc build Design/Tokens --output Sources/Theme/Generated
          tokenc build --templates Templates   your Templates/swift/token.mustache
          tokenc build --check                 exit 1 if Generated/ is out of date (CI)
        """
    )

    @OptionGroup var input: TokenInputOptions

    @Option(name: .shortAndLong, help: "The folder outputs are written to (default: each output's tokenc.yml destination, else Generated).")
    var output: String?

    func validate() throws { try requireName(output, of: "--output", naming: "a folder") }

    @Option(help: "In json/tokens.json, write aliases resolved to their values or kept as {references}.")
    var jsonAliases: JSONAliasStyle = .resolved

    @Option(help: "A folder of your own templates (such as swift/token.mustache) that replace the built-in ones.")
    var templates: String?

    @Option(help: "Prefix for CSS custom properties: `ds-` gives --ds-color-accent.")
    var cssPrefix: String = ""

    @Option(help: "Case of CSS custom property names: kebab (--color-accent) or camel (--colorAccent).")
    var cssCase: CSSOutputOptions.Case = .kebab

    @Flag(help: "Write CSS colors as light-dark(light, dark) instead of a dark block.")
    var cssLightDark = false

    @Flag(help: "Write CSS aliases as var(--target) instead of their values.")
    var cssAliasVariables = false

    @Flag(help: "Write nothing; exit 1 when any output is out of date (for CI drift checks).")
    var check = false

    @Flag(help: "Write nothing; list what would be written or removed.")
    var dryRun = false

    @Flag(help: "Replace files in the output folder that tokenc did not write (without it, the build refuses to).")
    var overwrite = false

    @Flag(help: "Run every stage even when nothing changed since the last build (see .tokenc-cache in the output folder).")
    var noCache = false

    @Flag(help: "Rebuild whenever a token file, tokenc.yml or a template changes; keeps running after errors.")
    var watch = false

    @Option(help: "Write only these outputs (comma-separated: swift, css, json, xcassets, custom), as the build plugin does.")
    var only: String?

    @Option(help: "How to print problems: text, or xcode (for build systems).")
    var format: ReportFormat = .text

    func run() throws {
        guard watch else { return try buildOnce() }
        let configuration = try loadConfiguration()
        let path = input.path ?? configuration.tokens ?? "Tokens"
        var extra = [Configuration.fileName]
        if let templates { extra += ((try? Pipeline.templates(in: templates)) ?? [:]).keys.map { templates + "/" + $0 } }
        printError("watching \(path) (Ctrl-C to stop)\n")
        Watcher(path: path, extra: extra).run {
            // Errors are reported and the watch goes on: the next save may fix them.
            do { try buildOnce() } catch {}
            Interruption.endIfRequested()
            printError("--- \(timeOfDay()): waiting for changes\n")
        }
    }

    func buildOnce() throws {
        var userTemplates: [String: String] = [:]
        if let templates { userTemplates = try orExit { () throws(ToolError) in try Pipeline.templates(in: templates) } }
        let configuration = try loadConfiguration()
        let cssFlagsGiven = !cssPrefix.isEmpty || cssCase != .kebab || cssLightDark || cssAliasVariables
        let cssFlags = cssFlagsGiven
            ? CSSOutputOptions(prefix: cssPrefix, nameCase: cssCase, lightDark: cssLightDark, aliasesAsVariables: cssAliasVariables) : nil
        let plan = try orExit { () throws(ToolError) in
            try BuildPlan.make(
                configuration: configuration, jsonAliases: jsonAliases, templates: userTemplates, templateFolder: templates,
                cssFlags: cssFlags, output: output,
                only: only.map { Set($0.split(separator: ",").map { $0.trimmingBlanks() }) })
        }
        try orExit { () throws(ToolError) in try plan.checkSeparate(from: input.path ?? configuration.tokens ?? "Tokens") }
        let generators = plan.generators
        var pipeline = Pipeline(rules: input.rules, generators: generators)
        pipeline.ruleConfiguration = configuration.rules
        pipeline.strictDTCG = (input.dtcg ?? configuration.dtcg) == .strict
        let clock = ContinuousClock()
        let start = clock.now
        let (files, sources) = try orExit { () throws(ToolError) in try TokenSources.readAll(input.path ?? configuration.tokens ?? "Tokens") }
        // A build that writes holds each output folder's lock from before it looks at them (the cache) until
        // its last file is in place: a second build into the same folder waits, never splicing files with this one.
        let locks = check || dryRun ? [] : try orExit { () throws(ToolError) in
            try Set(plan.steps.map(\.folder)).sorted().map { folder throws(ToolError) in
                try OutputLock.lock(folder: folder) { printError("tokenc: \($0)\n") }
            }
        }
        defer { for lock in locks { lock.release() } }
        // A rebuild with the same inputs, options and tokenc, and untouched outputs, replays the last report.
        let cache = check || dryRun || noCache ? nil : plan.steps.first.map { BuildCache(outputFolder: $0.folder) }
        let fingerprint = cache == nil ? "" : buildFingerprint(files: files, sources: sources, templates: userTemplates, configuration: configuration)
        _ = FilesRead.shared.take()
        if let cache, let state = cache.current(fingerprint: fingerprint) {
            if input.verbose { printError("cache   \(PipelineResult.milliseconds(clock.now - start)) ms  up to date: \(files.count) files, fingerprint \(fingerprint)\n") }
            printError(state.report)
            printError(state.summary + "\n")
            return
        }
        // A build that writes stages each output as it is rendered; only a successful one puts them in place.
        let staging = check || dryRun ? nil : plan.staging(overwrites: overwrite)
        var committed = false
        defer { if !committed { staging?.discard() } }
        var result = pipeline.run(files: files, sources: sources, render: true, staging: staging)
        // What rendering freed goes back to the system before the report is written: malloc keeps freed
        // memory for reuse, and the report's large buffer would otherwise add fresh pages on top (10 MB at 100k).
        Allocator.returnFreedMemory()
        // The process ends soon after: freeing every token and output one by one would only delay the exit.
        defer { if !watch { ProcessLifetime.keep(result) } }
        // Without a cache to keep it for, a text report goes out as it is written (4 MB at 100,000 tokens).
        var report: [UInt8] = []
        if format != .text {
            report = Array(format.reporter(colored: false).report(result.diagnostics, sources: result.sources).utf8)
            printError(report)
        } else if cache == nil {
            TextReporter(colored: stderrWantsColor()).write(result.diagnostics, sources: result.sources) { printError($0) }
        } else {
            report = TextReporter(colored: stderrWantsColor()).reportBytes(result.diagnostics, sources: result.sources)
            printError(report)
        }
        let status = failureStatus(result, strict: input.strict)
        guard status == 0 else {
            cache?.remove()
            if input.verbose { printError(result.timingReport) }
            printError("build failed: \(SeverityCounts(result.diagnostics).sentence); nothing was written\n")
            throw ExitCode(status)
        }
        if check || dryRun {
            if input.verbose { printError(result.timingReport) }
            let changes = try orExit { () throws(ToolError) in try plan.plan(result, overwrites: overwrite) }
            for path in changes.written { printError("\(check ? "out of date" : "would write"): \(path)\n") }
            for path in changes.removed { printError("\(check ? "stale" : "would remove"): \(path)\n") }
            for (path, reason) in changes.kept { printError("would leave in place: \(path): \(reason)\n") }
            printError("\(changes.written.count) to write, \(changes.removed.count) to remove, \(changes.unchanged.count) up to date\n")
            if check && changes.changesAnything { throw ExitCode(1) }
            return
        }
        let writeStart = clock.now
        committed = true
        let (summary, folders) = try orExit { () throws(ToolError) in
            if let staging { return try staging.commit() }
            return try plan.write(result, overwrites: overwrite)
        }
        if input.verbose {
            result.timings.append(("write", clock.now - writeStart, "\(summary.written.count) written, \(summary.unchanged.count) unchanged"))
            printError(result.timingReport)
        }
        let counts = SeverityCounts(result.diagnostics)
        let tokenCount = result.tokens.tokens.count
        func summaryLine(written: Int, unchanged: Int, removed: Int) -> String {
            "built \(tokenCount) token\(tokenCount == 1 ? "" : "s") from \(result.files.count) file\(result.files.count == 1 ? "" : "s") into "
                + (folders.isEmpty ? [output ?? "Generated"] : folders).map { "\($0)/" }.joined(separator: ", ") + ": "
                + "\(written) written, \(unchanged) unchanged"
                + (removed == 0 ? "" : ", \(removed) removed")
                + (counts.errors + counts.warnings + counts.infos > 0 ? " (\(counts.sentence))" : "")
        }
        for (path, reason) in summary.kept {
            printError("tokenc: warning: left \(path) in place although the manifest lists it as stale: \(reason)\n")
        }
        printError(summaryLine(written: summary.written.count, unchanged: summary.unchanged.count, removed: summary.removed.count) + "\n")
        // The manifests are inputs too: one edited (a pull request can) must not be hidden by a replayed build.
        let outputs = (summary.written + summary.unchanged).sorted()
        let manifests = folders.map { ($0.hasSuffix("/") ? $0 : $0 + "/") + OutputWriter.manifestName }
        cache?.save(BuildCache.State(
            fingerprint: fingerprint, files: (outputs + manifests + FilesRead.shared.take()).map { BuildCache.FileStamp(path: $0) },
            report: report, summary: summaryLine(written: 0, unchanged: outputs.count, removed: 0)))
    }

    /// Everything a build's outputs and report depend on besides the image files it reads: tokenc itself,
    /// the arguments (but `--verbose`), the working folder, whether the report is colored, tokenc.yml, templates and token files.
    func buildFingerprint(files: [String], sources: [String: [UInt8]], templates: [String: String], configuration: Configuration) -> String {
        var parts: [[UInt8]] = [Array(Tokenc.version.utf8)]
        parts.append(Array((executablePath().map { BuildCache.FileStamp(path: $0).stamp ?? "" } ?? "").utf8))
        parts.append(Array(CommandLine.arguments.dropFirst().filter { $0 != "--verbose" }.joined(separator: "\u{0}").utf8))
        parts.append(Array(FileManager.default.currentDirectoryPath.utf8))
        parts.append([stderrWantsColor() ? 1 : 0])
        parts.append(configuration.sourceBytes)
        for (name, text) in templates.sorted(by: { $0.key < $1.key }) { parts += [Array(name.utf8), Array(text.utf8)] }
        for template in configuration.outputs.compactMap(\.template).sorted() {
            parts += [Array(template.utf8), FileManager.default.contents(atPath: template).map { [UInt8]($0) } ?? []]
        }
        for file in files { parts += [Array(file.utf8), sources[file] ?? []] }
        return BuildCache.fingerprint(parts)
    }
}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check the tokens without writing anything.",
        // The options are listed below it; spelled out, the usage line ran past 80 columns.
        usage: "tokenc validate [<options>] [<path>]",
        discussion: """
        Examples:
          tokenc validate                      check Tokens/
          tokenc validate Tokens/color.yaml --rules structure
          tokenc validate --format json --strict
          tokenc validate --format github      annotations on a pull request's lines
          tokenc validate --format sarif > tokens.sarif
        """
    )

    @OptionGroup var input: TokenInputOptions

    @Option(help: "How to print findings: text, json, github (workflow annotations), sarif (code scanning) or xcode.")
    var format: ReportFormat = .text

    func run() throws {
        // Every output tokenc.yml asks for is rendered, into nothing: validate finds what build finds.
        let configuration = try loadConfiguration()
        let plan = try orExit { () throws(ToolError) in
            try BuildPlan.make(configuration: configuration, jsonAliases: .resolved, templates: [:], templateFolder: nil,
                               cssFlags: nil, output: nil, only: nil)
        }
        var pipeline = Pipeline(rules: input.rules, generators: plan.generators)
        pipeline.rendersToNowhere = true
        let result = try runPipeline(pipeline, path: input.path, render: false, configuration: configuration, dtcg: input.dtcg)
        if input.verbose { printError(result.timingReport) }
        switch format {
        case .text:
            printError(TextReporter(colored: stderrWantsColor()).report(result.diagnostics, sources: result.sources))
            printError("\(result.files.count) file\(result.files.count == 1 ? "" : "s"), \(result.tokens.tokens.count) token\(result.tokens.tokens.count == 1 ? "" : "s"): \(SeverityCounts(result.diagnostics).sentence)\n")
        default:
            print(format.reporter(colored: false).report(result.diagnostics, sources: result.sources), terminator: "")
        }
        let status = failureStatus(result, strict: input.strict)
        if status != 0 { throw ExitCode(status) }
    }
}

enum DiffFormat: String, ExpressibleByArgument, CaseIterable {
    case markdown, html, json
}

enum FailOn: String, ExpressibleByArgument, CaseIterable {
    case breaking, findings
}

/// Writes `text` to `path`, or to standard output when there is none.
func emit(_ text: String, to path: String?) throws {
    guard let path else { return print(text, terminator: "") }
    try orExit { () throws(ToolError) in try OutputWriter.atomicWrite(Array(text.utf8), to: path) }
}

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between two versions of the tokens, for design review.",
        usage: "tokenc diff [<options>] <base> [<head>]",
        discussion: """
        Each side is a folder, or a git revision whose copy of the token folder is read with git. \
        HEAD defaults to the token folder in the working tree. Tokens are compared per appearance: \
        added, removed, renamed (same type and values under a new path) and changed, colors with \
        ΔE2000, contrast on every declared surface, findings introduced and fixed. Removing or \
        renaming a token, or changing its type, breaks code that uses the generated name.

        Examples:
          tokenc diff main                     main's tokens against the working tree
          tokenc diff main --format markdown > comment.md
          tokenc diff v1.2 v1.3 --format html --output diff.html
          tokenc diff main --fail-on breaking  exit 1 if a generated name goes away (CI)
        """
    )

    @Argument(help: "The base: a folder or a git revision.")
    var base: String

    @Argument(help: "The head: a folder or a git revision (default: the token folder in the working tree).")
    var head: String?

    @Option(help: "The token folder a git revision is read at (default: tokenc.yml's `tokens`, else Tokens).")
    var tokens: String?

    @Option(help: "markdown (a pull-request comment), html (swatches side by side) or json.")
    var format: DiffFormat = .markdown

    @Option(name: .shortAndLong, help: "Write the report to this file instead of standard output.")
    var output: String?

    func validate() throws { try requireName(output, of: "--output", naming: "a file") }

    @Option(help: "Exit 1 when the change breaks generated names (breaking) or introduces findings (findings).")
    var failOn: [FailOn] = []

    @Flag(help: "BASE is a folder (needed when a git revision has the same name).")
    var baseFolder = false
    @Flag(help: "BASE is a git revision (needed when a folder has the same name).")
    var baseRevision = false
    @Flag(help: "HEAD is a folder (needed when a git revision has the same name).")
    var headFolder = false
    @Flag(help: "HEAD is a git revision (needed when a folder has the same name).")
    var headRevision = false

    func run() throws {
        let configuration = try loadConfiguration()
        let folder = tokens ?? configuration.tokens ?? "Tokens"
        if baseFolder && baseRevision || headFolder && headRevision {
            printError("tokenc: error: a side is a folder or a revision, not both: give --base-folder or --base-revision (--head-folder or --head-revision), not both\n")
            throw ExitCode(2)
        }
        func kind(folder: Bool, revision: Bool) -> ReviewSide.Kind { folder ? .folder : revision ? .revision : .either }
        let (baseSide, headSide) = try orExit { () throws(ToolError) in
            // The default head is the token folder in the working tree: a folder, whatever revisions exist.
            try ReviewSide.loadBoth(base: base, head: head ?? folder, baseKind: kind(folder: baseFolder, revision: baseRevision),
                                    headKind: head == nil ? .folder : kind(folder: headFolder, revision: headRevision),
                                    tokensPath: folder, configuration: configuration) { printError("tokenc: note: \($0)\n") }
        }
        let diff = TokenSetDiff.compare(base: baseSide, head: headSide)
        // The process ends after the report: two token sets freed piece by piece would only delay it.
        ProcessLifetime.keep((baseSide, headSide, diff))
        switch format {
        case .markdown: try emit(DiffReport.markdown(diff), to: output)
        case .html: try emit(DiffReport.html(diff, base: baseSide, head: headSide), to: output)
        case .json: try emit(DiffReport.json(diff), to: output)
        }
        if failOn.contains(.breaking) && !diff.breaking.isEmpty {
            printError("tokenc: \(diff.breaking.count) breaking change\(diff.breaking.count == 1 ? "" : "s")\n")
            throw ExitCode(1)
        }
        if failOn.contains(.findings) && !diff.introduced.isEmpty {
            printError("tokenc: \(diff.introduced.count) finding\(diff.introduced.count == 1 ? "" : "s") introduced\n")
            throw ExitCode(1)
        }
    }
}

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Write a self-contained HTML style guide of the tokens.",
        discussion: """
        Swatches per appearance side by side, the contrast matrix of declared pairs with pass and fail, \
        the SF Symbols table, icon sizes drawn to scale, and each token's description and source file.

        Examples:
          tokenc preview --output guide.html
          tokenc preview Design/Tokens -o Build/tokens.html
        """
    )

    @Argument(help: "A folder of token files, or one token file (default: tokenc.yml's `tokens`, else Tokens).")
    var path: String?

    @Option(name: .shortAndLong, help: "The HTML file to write (default: standard output).")
    var output: String?

    func validate() throws { try requireName(output, of: "--output", naming: "a file") }

    func run() throws {
        let configuration = try loadConfiguration()
        let folder = path ?? configuration.tokens ?? "Tokens"
        let side = try orExit { () throws(ToolError) in try ReviewSide.load(folder, kind: FileManager.default.fileExists(atPath: folder) ? .folder : .either, tokensPath: folder, configuration: configuration) }
        ProcessLifetime.keep(side)
        let title = "Design tokens: \(folder)"
        guard let output else { return StyleGuide.write(side, title: title, to: FileDescriptorSink(STDOUT_FILENO)) }
        try orExit { () throws(ToolError) in
            // Two previews into one file take turns; each writes its own hidden file, renamed into place once whole.
            let lock = try OutputLock.lock(file: output) { printError("tokenc: \($0)\n") }
            defer { lock.release() }
            try OutputWriter.atomicWrite(to: output) { sink in StyleGuide.write(side, title: title, to: sink) }
        }
    }
}

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show tokens' values per appearance, alias chains, locations and findings.",
        discussion: """
        Answers "why was this flagged?". Findings are reported but do not change the exit status: \
        inspect exits 0 unless the path or a token name is wrong (2).

        Examples:
          tokenc inspect                       every token in Tokens/
          tokenc inspect Tokens color.accent color.label.primary
          tokenc inspect --format json Tokens color.accent
        """
    )

    @Argument(help: "A folder of token files, or one token file.")
    var path: String?

    @Argument(help: "Dotted token paths to show, a group's path for all its tokens (default: all).")
    var tokens: [String] = []

    @Option(help: "text or json.")
    var format: ReportFormat = .text

    func run() throws {
        let configuration = try loadConfiguration()
        let (path, tokens) = Self.splitPath(path, tokens)
        var pipeline = Pipeline()
        pipeline.measuresContrast = true
        // Every finding of the tokens asked about, however many their rules have elsewhere.
        pipeline.reportedPerRule = nil
        let result = try runPipeline(pipeline, path: path, render: false, configuration: configuration)
        // Written as it is made: every token of a large set is a large report (120 MB of JSON at 100,000).
        try orExit { () throws(ToolError) in
            try Inspector(result: result, rules: configuration.rules).write(tokens, json: format == .json, to: FileDescriptorSink(STDOUT_FILENO))
        }
        // Problems that belong to no listed token (syntax errors, say) still deserve a mention.
        let unattached = result.diagnostics.filter { $0.path == nil }
        if !unattached.isEmpty && tokens.isEmpty {
            printError(TextReporter(colored: stderrWantsColor()).report(unattached, sources: result.sources))
        }
    }

    /// The folder and the token names: `tokenc inspect color.accent` names a token, not a folder, when nothing
    /// of that name is on disk and it has no `/` or token-file extension, so the default folder is read
    /// (`tokenc.yml`'s, else Tokens/).
    static func splitPath(_ path: String?, _ tokens: [String]) -> (path: String?, tokens: [String]) {
        guard let path, !path.contains("/"), ![".yaml", ".yml", ".json"].contains(where: { path.hasSuffix($0) }),
              !FileManager.default.fileExists(atPath: path) else { return (path, tokens) }
        return (nil, [path] + tokens)
    }
}

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule with its id, default severity and summary.",
        discussion: """
        Examples:
          tokenc rules
          tokenc rules --format json           ids, severities and summaries as JSON
          tokenc rules --format markdown > docs/rules.md
        """
    )

    @Option(help: "text, json or markdown.")
    var format: RuleCatalog.Format = .text

    func run() throws {
        print(RuleCatalog.list(format), terminator: "")
    }
}

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain one rule: what it finds, why (citing the guideline), and examples.",
        discussion: """
        Examples:
          tokenc explain color/contrast
        """
    )

    @Argument(help: "A rule id, such as color/contrast.")
    var rule: String

    func run() throws {
        guard let text = RuleCatalog.explain(rule) else {
            printError("tokenc: error: no rule `\(rule)`" + (RuleCatalog.suggestion(for: rule).map { "; did you mean `\($0)`?" } ?? "; see `tokenc rules`") + "\n")
            throw ExitCode(2)
        }
        print(text, terminator: "")
    }
}

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create Tokens/ and tokenc.yml with a small example that builds clean.",
        discussion: """
        Writes nothing when Tokens/color.yaml, Tokens/layout.yaml or tokenc.yml already exists.

        Examples:
          tokenc init && tokenc build
        """
    )

    func run() throws {
        let created = try orExit { () throws(ToolError) in try Scaffold.create(in: FileManager.default.currentDirectoryPath) }
        for path in created { printError("created \(path)\n") }
        printError("next: tokenc build\n")
    }
}

/// Values a one-shot command keeps until the process exits, instead of freeing them piece by piece just before.
enum ProcessLifetime {
    nonisolated(unsafe) static var kept: [Any] = []

    static func keep(_ value: Any) { kept.append(value) }
}
