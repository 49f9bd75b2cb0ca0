import TokenDiff
import TokenModel
import TokenRules

/// Builds one side of `tokenc diff` or the preview: the token folder in the working tree, another
/// folder, or the token folder as a git revision has it.
public enum ReviewSide {
    /// What a side's name is: a folder, a git revision, or whichever exists (an error when both do).
    public enum Kind: Sendable {
        case either, folder, revision
    }

    /// Builds `spec`: a folder (or file) when one exists at that path, otherwise a git revision whose
    /// copy of `tokensPath` is read with `git show` (images are still read from the working tree). A name that is
    /// both is an error unless `kind` says which: a pull request adding a folder named `origin/main` must not
    /// become the base a `--fail-on breaking` check compares with. `notes` hears what the reader should know.
    public static func load(_ spec: String, kind: Kind = .either, tokensPath: String, configuration: Configuration,
                            notes: (String) -> Void = { _ in }) throws(ToolError) -> DiffSide {
        let isFolder = kind != .revision && FileKind.of(spec) != nil
        if kind == .folder, !isFolder { throw ToolError("no such file or folder: \(spec)") }
        if isFolder, kind == .either, (try? git(["rev-parse", "--verify", "--quiet", spec + "^{commit}"])) != nil {
            throw ToolError("`\(spec)` is both a folder here and a git revision: say which you mean with --base-folder or --base-revision "
                + "(--head-folder or --head-revision for the head)")
        }
        if isFolder {
            let (files, sources) = try TokenSources.readAll(spec)
            return build(label: spec, files: files, sources: sources, configuration: configuration)
        }
        guard (try? git(["rev-parse", "--verify", "--quiet", spec + "^{commit}"])) != nil else {
            // Outside a repository no revision can be read: say that, not that the name is wrong.
            guard (try? git(["rev-parse", "--git-dir"])) != nil else {
                throw ToolError("`\(spec)` is no folder, and this folder is not in a git repository, so it cannot be a revision "
                    + "(run tokenc diff inside the repository, or give two folders: tokenc diff OLD NEW)")
            }
            throw ToolError("`\(spec)` is neither a folder nor a git revision (give a folder, a branch, a tag or a commit)")
        }
        let listing = try git(["ls-tree", "-r", "-z", "--name-only", spec, "--", tokensPath])
        let files = listing.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.filter { name in
            let file = PathText.lastComponent(name)
            return TokenSources.extensions.contains(PathText.pathExtension(file).lowercased())
                && !file.hasPrefix(".") && file != "tokenc.yml" && file != "tokenc.yaml"
        }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        // A revision from before the token folder existed has no tokens: every token is added since.
        if files.isEmpty { notes("`\(spec)` has no token files under \(tokensPath): every token counts as added") }
        var sources: [String: [UInt8]] = [:]
        // One git for every file (`cat-file --batch`, a name a line), not one each: a hundred files took 0.2 s.
        // A name with a line break cannot be a line; then each file is read alone.
        if files.contains(where: { $0.utf8.contains(UInt8(ascii: "\n")) }) {
            for file in files { sources[file] = try git(["show", "\(spec):./\(file)"]) }
        } else {
            let names = files.map { "\(spec):./\($0)\n" }.joined()
            let blobs = try batchContents(git(["cat-file", "--batch"], input: Array(names.utf8)), names: files.map { "\(spec):./\($0)" })
            for (file, blob) in zip(files, blobs) { sources[file] = blob }
        }
        return build(label: spec, files: files, sources: sources, configuration: configuration)
    }

    /// The contents `git cat-file --batch` printed for `names`, in order: each a line `<id> <type> <size>`, then
    /// that many bytes and a line break (a line `<name> missing` for a name that is no object).
    static func batchContents(_ output: [UInt8], names: [String]) throws(ToolError) -> [[UInt8]] {
        var contents: [[UInt8]] = [], start = 0
        for name in names {
            guard let end = output[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                throw ToolError("git cat-file --batch stopped before \(name)")
            }
            let fields = output[start..<end].split(separator: UInt8(ascii: " "))
            guard fields.count == 3, let size = Int(String(decoding: fields[2], as: UTF8.self)), size >= 0,
                  size < output.count - end - 1, output[end + 1 + size] == UInt8(ascii: "\n") else {
                throw ToolError("git cannot read \(name): \(String(decoding: output[start..<end], as: UTF8.self))")
            }
            contents.append(Array(output[(end + 1)..<(end + 1 + size)]))
            start = end + 2 + size
        }
        return contents
    }

    /// Builds `base` and `head` (each as `load` does) at once, one on each core: the two builds share nothing, and
    /// most of either has stretches on one core. When both fail, base's error is the one thrown.
    public static func loadBoth(base: String, head: String, baseKind: Kind = .either, headKind: Kind = .either, tokensPath: String,
                                configuration: Configuration, notes: @Sendable (String) -> Void = { _ in }) throws(ToolError) -> (base: DiffSide, head: DiffSide) {
        let sides = Pipeline.concurrentMap([(base, baseKind), (head, headKind)]) { spec, kind in
            Result { () throws(ToolError) in try load(spec, kind: kind, tokensPath: tokensPath, configuration: configuration, notes: notes) }
        }
        return (try sides[0].get(), try sides[1].get())
    }

    static func build(label: String, files: [String], sources: [String: [UInt8]], configuration: Configuration) -> DiffSide {
        var pipeline = Pipeline(rules: .all, generators: [])
        // Findings are compared one by one between the sides: a count standing for many would not match.
        pipeline.reportedPerRule = nil
        pipeline.ruleConfiguration = configuration.rules
        pipeline.measuresContrast = true
        let result = pipeline.run(files: files, sources: sources, render: false)
        return DiffSide(label: label, tokens: result.tokens, diagnostics: result.diagnostics, contrast: result.contrast ?? [])
    }

    /// Runs git, with `input` as its standard input when given, and returns its standard output, or throws with its error.
    static func git(_ arguments: [String], input: [UInt8]? = nil) throws(ToolError) -> [UInt8] {
        let result = try run("/usr/bin/env", ["git"] + arguments, input: input)
        guard result.status == 0 else {
            throw ToolError("git \(arguments.joined(separator: " ")) failed: "
                + String(decoding: result.errors, as: UTF8.self).trimmingWhitespace())
        }
        return result.output
    }

    /// Runs a program to its end and returns its status, standard output and standard error.
    static func run(_ executable: String, _ arguments: [String], input: [UInt8]? = nil) throws(ToolError)
        -> (status: Int32, output: [UInt8], errors: [UInt8])
    {
        let outcome = try ChildProcess.run(executable, [executable] + arguments, input: input)
        return (outcome.status, outcome.output, outcome.errors)
    }
}

/// What changed between two builds of a token set (the TokenDiff stage's result), for the command line.
public typealias TokenSetDiff = TokenDiff.TokenSetDiff
/// One side of a comparison, for the command line.
public typealias DiffSide = TokenDiff.DiffSide
