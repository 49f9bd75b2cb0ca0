import ArgumentParser
import TokencKit

/// `tokenc validate`: checks the tokens and runs every output's checks, so it finds what a build would.
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

    /// The check these options ask for.
    var request: BuildRequest {
        var request = BuildRequest()
        request.tokens = input.path
        request.rules = input.rules
        request.dtcg = input.dtcg
        request.strict = input.strict
        request.format = format
        request.verbose = input.verbose
        return request
    }

    func run() throws {
        try input.enterDirectory()
        let configuration = try loadConfiguration()
        var request = request
        request.colored = stderrWantsColor()
        let engine = BuildEngine(print: { printError($0) }, printBytes: { printError($0) }, printOutput: { print($0, terminator: "") })
        let outcome = try orExit { () throws(ToolError) in try engine.validate(request, configuration: configuration) }
        // The process ends soon after: the result is not freed piece by piece first.
        if let result = outcome.result { ProcessLifetime.keep(result) }
        if outcome.status != 0 { throw ExitCode(outcome.status) }
    }
}
