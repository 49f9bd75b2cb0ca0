import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TokencKit

/// `tokenc inspect`: tokens' values per appearance, alias chains, locations and findings.
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
        var request = BuildRequest()
        request.tokens = path
        request.colored = stderrWantsColor()
        let engine = BuildEngine(print: { printError($0) }, printBytes: { printError($0) }, printOutput: { print($0, terminator: "") })
        let outcome = try orExit { () throws(ToolError) in
            try engine.inspect(request, paths: tokens, json: format == .json, configuration: configuration, to: standardOutputSink())
        }
        if let result = outcome.result { ProcessLifetime.keep(result) }
    }

    /// The folder and the token names: `tokenc inspect color.accent` names a token, not a folder, when nothing
    /// of that name is on disk and it has no `/` or token-file extension, so the default folder is read
    /// (`tokenc.yml`'s, else Tokens/).
    static func splitPath(_ path: String?, _ tokens: [String],
                          exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> (path: String?, tokens: [String]) {
        guard let path, !path.contains("/"), ![".yaml", ".yml", ".json"].contains(where: { path.hasSuffix($0) }),
              !exists(path) else { return (path, tokens) }
        return (nil, [path] + tokens)
    }
}
