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
        folder the editor opens is the project: tokenc.yml and the token folder are read there. Each \
        finding links to its rule in the rules' reference, written once per version into \
        $XDG_CACHE_HOME/tokenc (else ~/.cache/tokenc).

        Examples:
          tokenc lsp                           what an editor runs (docs/editors.md)
        """
    )

    func run() throws {
        // The rules' reference, for each finding's link, in the user's cache folder (XDG's, else ~/.cache).
        let status = LanguageServerLoop.serve(LanguageServer(version: Tokenc.version, rulesFolder: userCacheFolder().map { $0 + "/tokenc/" + Tokenc.version }))
        if status != 0 { throw ExitCode(status) }
    }
}
