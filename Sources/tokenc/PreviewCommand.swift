import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TokencKit

/// `tokenc preview`: an HTML style guide of the tokens.
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
        var request = BuildRequest()
        request.tokens = path
        let engine = BuildEngine(print: { printError($0) }, printBytes: { printError($0) }, printOutput: { print($0, terminator: "") })
        let outcome = try orExit { () throws(ToolError) in
            try engine.preview(request, file: output, configuration: configuration, standardOutput: standardOutputSink())
        }
        // The process ends soon after: the token set is not freed piece by piece first.
        ProcessLifetime.keep(outcome)
    }
}
