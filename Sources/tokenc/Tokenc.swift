import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
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
        subcommands: [Build.self, Validate.self, Inspect.self, Diff.self, Preview.self, Rules.self, Explain.self, Init.self, Migrate.self,
                      LanguageServerCommand.self]
    )

    static func main() {
        // Before any thread starts: a signal during a build removes what it staged, then ends the process.
        Interruption.install()
        Allocator.configure()
        ignoreBrokenPipes()
        if let word = CommandLine.arguments.dropFirst().first,
           let advice = CommandAdvice.message(for: word, commands: configuration.subcommands.compactMap { $0.configuration.commandName },
                                              isPath: { FileManager.default.fileExists(atPath: $0) })
        {
            printError("tokenc: error: \(advice)\n")
            terminate(2)
        }
        do {
            var command = try parseCommand()
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

    /// The command line parsed. `tokenc build …`, the command run most, is parsed as `build` itself: the root's
    /// parse compares each word with the subcommands and reflects over `build`'s arguments a second time (11.9 M
    /// instructions in all before any file is read, 9.6 M so). Whatever `build` alone does not take (help, a
    /// mistake) is parsed from the root again, which words usage and errors as `tokenc build`.
    static func parseCommand() throws -> any ParsableCommand {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == Build.configuration.commandName, let build = try? Build.parse(Array(arguments.dropFirst())) {
            return build
        }
        return try parseAsRoot()
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

    @Option(name: [.customShort("C"), .long],
            help: "Run as if started in this folder: tokenc.yml, the token path and relative paths are read from there (the build plugin's way in).")
    var directory: String?

    /// Makes `--directory` the working folder, before anything is read; a folder that is not there is a usage
    /// error (exit 2).
    func enterDirectory() throws {
        guard let directory else { return }
        try requireName(directory, of: "--directory", naming: "a folder")
        guard FileManager.default.changeCurrentDirectoryPath(directory) else {
            printError("tokenc: error: cannot work in --directory \(directory): no such folder, or not one tokenc may enter\n")
            throw ExitCode(2)
        }
    }
}

extension RuleSelection: NamedArgument {}
extension ReportFormat: NamedArgument {}
extension RuleCatalog.Format: NamedArgument {}
extension JSONAliasStyle: NamedArgument {}
extension DTCGStrictness: NamedArgument {}
extension CSSOutputOptions.Case: NamedArgument {}

/// An option value written as one of a fixed list of names, its raw values. The list is made here:
/// ArgumentParser's own builds a key path and its descriptions at run time for every such option, about
/// 2 M instructions at every start, before any file is read.
protocol NamedArgument: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension NamedArgument {
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    public static var allValueDescriptions: [String: String] { [:] }
}

/// Refuses an option given an empty value (`-o "$UNSET"`): an empty `--output` would write into the working
/// folder, which no one means.
func requireName(_ value: String?, of option: String, naming what: String) throws {
    guard value?.isEmpty == true else { return }
    throw ValidationError("\(option) is empty; give it \(what), or leave it out")
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
