import ArgumentParser
import TokencKit

enum DiffFormat: String, NamedArgument {
    case markdown, html, json
}

enum FailOn: String, NamedArgument {
    case breaking, findings
}

/// Writes `text` to `path`, or to standard output when there is none.
func emit(_ text: String, to path: String?) throws {
    guard let path else { return print(text, terminator: "") }
    try orExit { () throws(ToolError) in try OutputWriter.atomicWrite(Array(text.utf8), to: path) }
}

/// `tokenc diff`: what changed between two revisions of the tokens, for review.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between two versions of the tokens, for design review.",
        usage: "tokenc diff [<options>] <base> [<head>]",
        discussion: """
        Each side is a folder, or a git revision whose copy of the token folder is read with git. \
        HEAD defaults to the token folder in the working tree. Tokens are compared per appearance: \
        added, removed, renamed (same type and values under a new path) and changed, colors with \
        ΔE2000, contrast on every declared surface, findings introduced and fixed. Removing or \
        renaming a token, or changing its type, breaks code that uses the generated name.

        Examples:
          tokenc diff main                     main's tokens against the working tree
          tokenc diff main --format markdown > comment.md
          tokenc diff v1.2 v1.3 --format html --output diff.html
          tokenc diff main --fail-on breaking  exit 1 if a generated name goes away (CI)
        """
    )

    @Argument(help: "The base: a folder or a git revision.")
    var base: String

    @Argument(help: "The head: a folder or a git revision (default: the token folder in the working tree).")
    var head: String?

    @Option(help: "The token folder a git revision is read at (default: tokenc.yml's `tokens`, else Tokens).")
    var tokens: String?

    @Option(help: "markdown (a pull-request comment), html (swatches side by side) or json.")
    var format: DiffFormat = .markdown

    @Option(name: .shortAndLong, help: "Write the report to this file instead of standard output.")
    var output: String?

    func validate() throws { try requireName(output, of: "--output", naming: "a file") }

    @Option(help: "Exit 1 when the change breaks generated names (breaking) or introduces findings (findings).")
    var failOn: [FailOn] = []

    @Flag(help: "BASE is a folder (needed when a git revision has the same name).")
    var baseFolder = false
    @Flag(help: "BASE is a git revision (needed when a folder has the same name).")
    var baseRevision = false
    @Flag(help: "HEAD is a folder (needed when a git revision has the same name).")
    var headFolder = false
    @Flag(help: "HEAD is a git revision (needed when a folder has the same name).")
    var headRevision = false

    func run() throws {
        let configuration = try loadConfiguration()
        let folder = tokens ?? configuration.tokens ?? "Tokens"
        if baseFolder && baseRevision || headFolder && headRevision {
            printError("tokenc: error: a side is a folder or a revision, not both: give --base-folder or --base-revision (--head-folder or --head-revision), not both\n")
            throw ExitCode(2)
        }
        func kind(folder: Bool, revision: Bool) -> ReviewSide.Kind { folder ? .folder : revision ? .revision : .either }
        let (baseSide, headSide) = try orExit { () throws(ToolError) in
            // The default head is the token folder in the working tree: a folder, whatever revisions exist.
            try ReviewSide.loadBoth(base: base, head: head ?? folder, baseKind: kind(folder: baseFolder, revision: baseRevision),
                                    headKind: head == nil ? .folder : kind(folder: headFolder, revision: headRevision),
                                    tokensPath: folder, configuration: configuration) { printError("tokenc: note: \($0)\n") }
        }
        let diff = TokenSetDiff.compare(base: baseSide, head: headSide)
        // The process ends after the report: two token sets freed piece by piece would only delay it.
        ProcessLifetime.keep((baseSide, headSide, diff))
        switch format {
        case .markdown: try emit(DiffReport.markdown(diff), to: output)
        case .html: try emit(DiffReport.html(diff, base: baseSide, head: headSide), to: output)
        case .json: try emit(DiffReport.json(diff), to: output)
        }
        if failOn.contains(.breaking) && !diff.breaking.isEmpty {
            printError("tokenc: \(diff.breaking.count) breaking change\(diff.breaking.count == 1 ? "" : "s")\n")
            throw ExitCode(1)
        }
        if failOn.contains(.findings) && !diff.introduced.isEmpty {
            printError("tokenc: \(diff.introduced.count) finding\(diff.introduced.count == 1 ? "" : "s") introduced\n")
            throw ExitCode(1)
        }
    }
}
