import ArgumentParser
import TokencKit

/// `tokenc lsp`: the language server on standard input and output, for editors (docs/editors.md).
struct LanguageServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Serve the Language Server Protocol on standard input and output, for editors.",
        discussion: """
        An editor starts it and talks to it over standard input and output. It checks the token set as you \
        type (the open files' unsaved text in place of theirs) and publishes the findings on each file. The \
        folder the editor opens is the project: tokenc.yml and the token folder are read there.

        Examples:
          tokenc lsp                           what an editor runs (docs/editors.md)
        """
    )

    func run() throws {
        let status = LanguageServerLoop.serve(LanguageServer(version: Tokenc.version))
        if status != 0 { throw ExitCode(status) }
    }
}
