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
        let folder = path ?? configuration.tokens ?? "Tokens"
        let side = try orExit { () throws(ToolError) in try ReviewSide.load(folder, kind: FileManager.default.fileExists(atPath: folder) ? .folder : .either, tokensPath: folder, configuration: configuration) }
        ProcessLifetime.keep(side)
        let title = "Design tokens: \(folder)"
        guard let output else { return StyleGuide.write(side, title: title, to: standardOutputSink()) }
        try orExit { () throws(ToolError) in
            // Two previews into one file take turns; each writes its own hidden file, renamed into place once whole.
            let lock = try OutputLock.lock(file: output) { printError("tokenc: \($0)\n") }
            defer { lock.release() }
            try OutputWriter.atomicWrite(to: output) { sink in StyleGuide.write(side, title: title, to: sink) }
        }
    }
}
