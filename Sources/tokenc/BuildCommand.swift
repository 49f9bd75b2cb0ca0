import ArgumentParser
import TokencKit

/// `tokenc build`: parses its options into a `BuildRequest`, runs the build engine and exits with its status.
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

    @Option(help: ArgumentHelp("Write only these outputs (comma-separated: \(Pipeline.outputIDs.joined(separator: ", "))), as the build plugin does."))
    var only: String?

    @Option(help: "How to print problems: text, or xcode (for build systems).")
    var format: ReportFormat = .text

    func run() throws {
        try input.enterDirectory()
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

    /// The build these options ask for.
    var request: BuildRequest {
        var request = BuildRequest()
        request.tokens = input.path
        request.output = output
        request.jsonAliases = jsonAliases
        request.templates = templates
        let cssFlagsGiven = !cssPrefix.isEmpty || cssCase != .kebab || cssLightDark || cssAliasVariables
        request.cssFlags = cssFlagsGiven
            ? CSSOutputOptions(prefix: cssPrefix, nameCase: cssCase, lightDark: cssLightDark, aliasesAsVariables: cssAliasVariables) : nil
        request.only = only.map { Set($0.split(separator: ",").map { $0.trimmingBlanks() }) }
        request.rules = input.rules
        request.dtcg = input.dtcg
        request.strict = input.strict
        request.mode = check ? .check : dryRun ? .dryRun : .write
        request.overwrite = overwrite
        request.usesCache = !noCache
        request.format = format
        request.verbose = input.verbose
        return request
    }

    func buildOnce() throws {
        let configuration = try loadConfiguration()
        var request = request
        request.colored = stderrWantsColor()
        request.toolIdentity = Tokenc.version + "\u{0}" + (executablePath().map { BuildCache.FileStamp(path: $0).stamp ?? "" } ?? "")
        var engine = BuildEngine(print: { printError($0) }, printBytes: { printError($0) }, printOutput: { print($0, terminator: "") })
        // What rendering freed goes back to the system before the report is written: malloc keeps freed
        // memory for reuse, and the report's large buffer would otherwise add fresh pages on top (10 MB at 100k).
        engine.afterRender = { Allocator.returnFreedMemory() }
        let outcome = try orExit { () throws(ToolError) in try engine.run(request, configuration: configuration) }
        // The process ends soon after: freeing every token and output one by one would only delay the exit.
        if !watch, let result = outcome.result { ProcessLifetime.keep(result) }
        if outcome.status != 0 { throw ExitCode(outcome.status) }
    }
}
