import ArgumentParser
import TokencKit

/// `tokenc validate`: checks the tokens and renders every output to nowhere, so it finds what a build would.
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
