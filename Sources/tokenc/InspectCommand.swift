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
        var pipeline = Pipeline()
        pipeline.measuresContrast = true
        // Every finding of the tokens asked about, however many their rules have elsewhere.
        pipeline.reportedPerRule = nil
        let result = try runPipeline(pipeline, path: path, render: false, configuration: configuration)
        // Written as it is made: every token of a large set is a large report (120 MB of JSON at 100,000).
        try orExit { () throws(ToolError) in
            try Inspector(result: result, rules: configuration.rules).write(tokens, json: format == .json, to: standardOutputSink())
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
