import SourceData
import SourceTree
import TokenLoader
import TokenMigration
import TokenModel
import TokenResolver

/// `tokenc migrate`: the edits that turn a folder's token files of older formats into DTCG 2025.10, each file's
/// checked by reading it again before it is shown or written.
public enum Migration {
    /// One file's outcome.
    public struct FileOutcome: Sendable {
        /// The file's path.
        public var path: String
        /// The format it is written in.
        public var format: SourceFormat
        /// The checked edits (none when there is nothing to do, or when they could not be checked).
        public var edits: [TextEdit]
        /// The file as it is, and as the edits leave it.
        public var before: [UInt8]
        public var after: [UInt8]
        /// Values left as they are, and why.
        public var notes: [MigrationNote]
        /// Why the file's edits were dropped, when the check after them failed.
        public var refused: String?
    }

    /// Every token file under `path`, planned and checked; nothing is written.
    /// With `strictColors` (`--dtcg strict`), CSS color strings become DTCG color objects too.
    public static func plan(_ path: String, strictColors: Bool = false) throws(ToolError) -> [FileOutcome] {
        let discovered = try TokenSources.discover(path)
        // Tokens Studio's `$themes.json` and `$metadata.json` hold no tokens: they become a resolver document.
        // Each file is read and loaded once: the survey, the plans and the themes document share the loads.
        let files = try discovered.filter { !TokensStudioThemes.isThemesFile($0) }.map { file throws(ToolError) in
            let bytes = try TokenSources.read(file)
            return (file, bytes, TokenFileLoader().load(bytes: bytes, path: file))
        }
        // Tokens of a type DTCG does not define move under `$extensions` with their aliases, in whichever file.
        var survey = MovedTokenSurvey()
        for file in files { survey.add(file.2.file.root) }
        let facts = survey.facts
        var outcomes = files.map { file, bytes, loaded in
            plan(file: file, bytes: bytes, loaded: loaded, set: facts, strictColors: strictColors)
        }
        // A resolver document whose order leaves out a set that other files' aliases need lists it first; its
        // modifier of light and dark contexts is named `appearance`.
        for (index, file) in files.enumerated() where ResolverDocumentReader.isResolverDocument(file.2.file.root) && outcomes[index].edits.isEmpty {
            if let listed = resolverMigration(file.0, bytes: file.1, loaded: file.2.file, files: files.map { ($0.0, $0.2.file.root) }) {
                outcomes[index] = listed
            }
        }
        if let document = try themesDocument(path, discovered: discovered, roots: files.map { ($0.0, $0.2.file.root) }) {
            outcomes.append(document)
        }
        return outcomes
    }

    /// The resolver document Tokens Studio's themes and set order become (`tokens.resolver.json` beside them),
    /// from `$themes.json` and `$metadata.json`, or a single-file export's own `$themes` and `$metadata`; nil
    /// when there are none, or the folder has a resolver document already.
    static func themesDocument(_ path: String, discovered: [String], roots: [(String, Node?)]) throws(ToolError) -> FileOutcome? {
        let loader = TokenFileLoader()
        guard !roots.contains(where: { ResolverDocumentReader.isResolverDocument($0.1) }) else { return nil }
        func load(_ name: String) throws(ToolError) -> Node? {
            guard let file = discovered.first(where: { PathText.lastComponent($0) == name }) else { return nil }
            return loader.load(bytes: try TokenSources.read(file), path: file).file.root
        }
        let folder = FileKind.of(path) == .folder ? PathText.lexical(path) : PathText.lexical(PathText.parent(path))
        func relative(_ file: String) -> String { folder.isEmpty ? file : String(file.dropFirst(folder.count + 1)) }
        var themes = try load("$themes.json"), metadata = try load("$metadata.json")
        var sets: [TokensStudioThemes.SetSource] = []
        if let single = roots.first(where: { $0.1?["$themes"] != nil || $0.1?["$metadata"] != nil }), let root = single.1 {
            // A single-file export: each top-level key is a set.
            themes = themes ?? root["$themes"]
            metadata = metadata ?? root["$metadata"]
            for entry in root.mappingEntries ?? [] where !entry.key.hasPrefix("$") && entry.value.mappingEntries != nil {
                sets.append(.init(name: entry.key, reference: relative(single.0) + "#/" + TokensStudioThemes.pointerEscaped(entry.key)))
            }
        } else {
            guard themes != nil || metadata != nil else { return nil }
            // A folder export: each file is a set, named by its path without `.json`.
            for (file, _) in roots {
                let name = relative(file)
                sets.append(.init(name: name.hasSuffix(".json") ? String(name.dropLast(5)) : name, reference: name))
            }
        }
        guard themes != nil || metadata != nil else { return nil }
        let documentPath = PathText.joined(folder, "tokens.resolver.json")
        let location = SourceLocation(file: documentPath, line: 1, column: 1)
        guard FileKind.of(documentPath) == nil else {
            return FileOutcome(path: documentPath, format: .tokensStudio, edits: [], before: [], after: [], notes: [
                MigrationNote(location: location, path: "", message: "Tokens Studio's themes would become this resolver document, but the file exists; it is left as it is"),
            ], refused: nil)
        }
        let (text, notes) = TokensStudioThemes.resolverDocument(themes: themes, metadata: metadata, sets: sets)
        let bytes = Array(text.utf8)
        var outcome = FileOutcome(path: documentPath, format: .tokensStudio,
                                  edits: [TextEdit(range: 0..<0, replacement: text, location: location,
                                                   reason: "Tokens Studio's themes and set order become a DTCG resolver document")],
                                  before: [], after: bytes, notes: notes.map { MigrationNote(location: location, path: "", message: $0) }, refused: nil)
        if !ResolverDocumentReader.isResolverDocument(loader.load(bytes: bytes, path: documentPath).file.root) {
            outcome.edits = []
            outcome.refused = "the resolver document made from Tokens Studio's themes does not read as one; nothing is written"
        }
        return outcome
    }

    /// The resolver document `path` with its unlisted sets listed first where files outside them refer to
    /// tokens only they define, and its appearance modifier named `appearance` (`ResolverMigration`); nil when
    /// there is nothing to do. Checked: read again, it is a resolver document that lists them and has the
    /// modifier, with the same contexts in it.
    static func resolverMigration(_ path: String, bytes: [UInt8], loaded: LoadedFile, files: [(String, Node?)]) -> FileOutcome? {
        guard let root = loaded.root else { return nil }
        let unlisted = ResolverMigration.unlistedSets(root)
        let folder = PathText.parent(path)
        let tokens = unlisted.isEmpty ? [] : files.map { (PathText.lexical($0.0), ResolverMigration.tokens(of: $0.1)) }
        let needed = unlisted.filter { set in
            let sources = Set(set.sources.map { PathText.lexical(PathText.joined(folder, $0)) })
            let own = tokens.filter { sources.contains($0.0) }, others = tokens.filter { !sources.contains($0.0) }
            let definedHere = own.reduce(into: Set<String>()) { $0.formUnion($1.1.defined) }
            let definedElsewhere = others.reduce(into: Set<String>()) { $0.formUnion($1.1.defined) }
            return others.contains { !$0.1.referred.intersection(definedHere).subtracting(definedElsewhere).isEmpty }
        }.map(\.name)
        let appearance = ResolverMigration.appearanceModifier(root)
        guard let planned = ResolverMigration.plan(listing: needed, in: root, bytes: bytes, isJSON: loaded.isJSON) else { return nil }
        let after = TextEdit.apply(planned.edits, to: bytes)
        var outcome = FileOutcome(path: path, format: .dtcg, edits: planned.edits, before: bytes, after: after, notes: [], refused: nil)
        let reloaded = TokenFileLoader().load(bytes: after, path: path).file.root
        let contexts = appearance.flatMap { root["modifiers"]?[$0.name]?["contexts"]?.mappingEntries?.count }
        let readsBack = ResolverDocumentReader.isResolverDocument(reloaded) && Migrator.unmet(planned.expectations, in: reloaded).isEmpty
            && reloaded.map { document in !ResolverMigration.unlistedSets(document).contains { needed.contains($0.name) } } == true
            && (appearance == nil || (reloaded?["modifiers"]?["appearance"]?["contexts"]?.mappingEntries?.count == contexts
                && reloaded?["modifiers"]?[appearance!.name] == nil
                && !ResolverMigration.references(in: reloaded!).contains { $0.string == "#/modifiers/" + TokensStudioThemes.pointerEscaped(appearance!.name) }))
        if !readsBack {
            outcome.edits = []
            outcome.after = bytes
            outcome.refused = "the resolver document's edits would not read back as meant; the file is left as it is"
        }
        return outcome
    }

    /// One file's edits, checked: the file read again after them parses, every converted value reads as what
    /// it was meant to be, and planning again finds nothing more to do.
    public static func plan(file: String, bytes: [UInt8], set: SetFacts = SetFacts(), strictColors: Bool = false) -> FileOutcome {
        plan(file: file, bytes: bytes, loaded: TokenFileLoader().load(bytes: bytes, path: file), set: set, strictColors: strictColors)
    }

    /// `plan(file:bytes:…)` of a file loaded already.
    static func plan(file: String, bytes: [UInt8], loaded load: (file: LoadedFile, diagnostics: [Diagnostic]), set: SetFacts,
                     strictColors: Bool) -> FileOutcome {
        let (loaded, problems) = load
        let planned = Migrator().plan(loaded, bytes: bytes, set: set, strictColors: strictColors)
        var outcome = FileOutcome(path: file, format: planned.format, edits: planned.edits, before: bytes, after: bytes,
                                  notes: planned.notes, refused: nil)
        if let error = problems.first(where: { $0.severity == .error }) {
            outcome.edits = []
            outcome.refused = "it does not parse (\(error.message)); fix that first"
            return outcome
        }
        // A key written twice: the reader keeps the last, so an edit of it would leave the first behind.
        if !planned.edits.isEmpty, let twice = problems.first(where: { $0.id == DiagnosticKind.tokenDuplicateJsonKey.id }) {
            outcome.edits = []
            outcome.refused = "it has a key written twice\(twice.location.map { " (line \($0.line), column \($0.column))" } ?? ""): "
                + "\(twice.message); remove one of them first"
            return outcome
        }
        guard !planned.edits.isEmpty else { return outcome }
        if let overlap = TextEdit.firstOverlap(planned.edits) {
            outcome.edits = []
            outcome.refused = "two of its edits overlap (`\(overlap.0.reason)`, `\(overlap.1.reason)`); the file is left as it is"
            return outcome
        }
        var (after, why) = verify(planned, loaded: file, bytes: bytes, set: set, movingStructure: true, strictColors: strictColors)
        if why != nil {
            // Edits that move members and tokens under `$extensions` reshape the file; where the result does not
            // check, the value edits alone may.
            let plain = Migrator().plan(loaded, bytes: bytes, set: set, movingStructure: false, strictColors: strictColors)
            let (plainAfter, plainWhy) = verify(plain, loaded: file, bytes: bytes, set: set, movingStructure: false,
                                                strictColors: strictColors)
            if plainWhy == nil, plain.edits.count < planned.edits.count, let failed = why {
                (after, why) = (plainAfter, nil)
                outcome.edits = plain.edits
                outcome.notes = plain.notes
                outcome.notes.append(MigrationNote(location: SourceLocation(file: file, line: 1, column: 1), path: "",
                                                   message: "nothing was moved under `$extensions`: the file would not have checked "
                                                       + "afterwards (\(failed)); move those tokens and keys by hand"))
            }
        }
        if let why {
            outcome.edits = []
            outcome.refused = why + "; the file is left as it is"
        } else {
            outcome.after = after
        }
        return outcome
    }

    /// The file after `planned`'s edits, and why it does not check (nil when it does): it must parse, every
    /// converted value must read as meant, and planning it again must find nothing more to do.
    private static func verify(_ planned: FileMigration, loaded file: String, bytes: [UInt8], set: SetFacts,
                               movingStructure: Bool, strictColors: Bool) -> (after: [UInt8], why: String?)
    {
        let after = TextEdit.apply(planned.edits, to: bytes)
        let (reloaded, reloadProblems) = TokenFileLoader().load(bytes: after, path: file)
        let unmet = Migrator.unmet(planned.expectations, in: reloaded.root)
        let again = Migrator().plan(reloaded, bytes: after, set: set, movingStructure: movingStructure, strictColors: strictColors)
        let why: String? = if let error = reloadProblems.first(where: { $0.severity == .error }) {
            "the edited file would not parse: \(error.message)"
        } else if let first = unmet.first {
            "a value would change: \(first)"
        } else if !again.edits.isEmpty {
            "a second run would edit it again (`\(again.edits[0].reason)`)"
        } else {
            nil
        }
        return (after, why)
    }

    /// `tokenc migrate --suggest-roles`: roles, meanings and surfaces for the color tokens under `path` that
    /// have no `$extensions.tokenc`, read from their names (`RoleNames`), as edits of the files that define
    /// them; checked like migrate's: read again, each token has the role written. Nothing is written here.
    public static func suggestRoles(_ path: String) throws(ToolError) -> [FileOutcome] {
        let result = try Pipeline(rules: .structure, generators: []).run(path: path, render: false)
        let colors = result.tokens.tokens.filter { $0.type == .color && $0.token.facts.isEmpty }
        let suggestions = RoleNames.suggest(colors.map(\.path))
        // Each token is written where it is defined first (the default context of a resolver document).
        var byFile: [String: [String: RoleSuggestion]] = [:]
        for token in colors {
            guard let suggestion = suggestions[token.path] else { continue }
            byFile[token.token.location.file, default: [:]][token.path] = suggestion
        }
        var outcomes: [FileOutcome] = []
        for file in byFile.keys.sorted() {
            let bytes = try TokenSources.read(file)
            let loaded = TokenFileLoader().load(bytes: bytes, path: file).file
            let planned = RoleNames.edits(loaded, bytes: bytes, suggestions: byFile[file]!)
            var outcome = FileOutcome(path: file, format: .dtcg, edits: planned.edits, before: bytes, after: bytes, notes: planned.notes, refused: nil)
            guard !planned.edits.isEmpty else { continue }
            let after = TextEdit.apply(planned.edits, to: bytes)
            let (reloaded, problems) = TokenFileLoader().load(bytes: after, path: file)
            if let error = problems.first(where: { $0.severity == .error }) {
                outcome.edits = []
                outcome.refused = "the file with its roles would not parse (\(error.message)); it is left as it is"
            } else if let unmet = Migrator.unmet(planned.expectations, in: reloaded.root).first {
                outcome.edits = []
                outcome.refused = "a role would not read as written (\(unmet)); the file is left as it is"
            } else {
                outcome.after = after
            }
            outcomes.append(outcome)
        }
        return outcomes
    }

    /// The rules whose findings `tokenc migrate` may fix: only runs with one of them plan migrate's edits.
    static let rulesMigrateFixes: Set<String> = [
        DiagnosticKind.tokenOlderFormat.id, DiagnosticKind.tokenMissingType.id, DiagnosticKind.tokenInvalidValue.id,
        DiagnosticKind.tokenInvalidProperty.id, DiagnosticKind.aliasUnresolved.id, DiagnosticKind.resolverAppearanceModifier.id,
        DiagnosticKind.tokenUnknownMode.id,
    ]

    /// The diagnostics of `result`, a run of `pipeline` over `path`, each marked `machineApplicable` when
    /// migrate's edits fix it: the run again over the edited files (in memory; nothing is written) no longer
    /// finds it, and the token it is about is still a token (not one migrate moved under `$extensions`).
    static func markMachineApplicable(_ result: PipelineResult, path: String, pipeline: Pipeline) -> [Diagnostic] {
        let diagnostics = result.diagnostics
        guard diagnostics.contains(where: { rulesMigrateFixes.contains($0.id) }),
              let outcomes = try? plan(path), outcomes.contains(where: { !$0.edits.isEmpty }) else { return diagnostics }
        // The run's own files, read once: the edited ones replace theirs.
        var files = result.files, sources = result.sources
        for outcome in outcomes where !outcome.edits.isEmpty {
            let file = PathText.lexical(outcome.path)
            if sources[file] == nil { files.append(file) }
            sources[file] = outcome.after
        }
        let after = pipeline.run(files: files, sources: sources, render: false)
        func key(_ d: Diagnostic) -> String { [d.id, d.location?.file ?? "", d.path ?? "", d.message].joined(separator: "\u{1F}") }
        let remaining = Set(after.diagnostics.map(key))
        let tokens = Set(after.tokens.tokens.map(\.path))
        return diagnostics.map { diagnostic in
            var marked = diagnostic
            marked.machineApplicable = rulesMigrateFixes.contains(diagnostic.id) && !remaining.contains(key(diagnostic))
                && diagnostic.path.map(tokens.contains) ?? true
            return marked
        }
    }

    /// Writes each file that has edits, whole or not at all.
    public static func write(_ outcomes: [FileOutcome]) throws(ToolError) {
        for outcome in outcomes where !outcome.edits.isEmpty {
            try OutputWriter.atomicWrite(outcome.after, to: outcome.path)
        }
    }

    /// The edits as a unified diff (`--- a/FILE`, `+++ b/FILE`, hunks with three lines of context).
    public static func diff(_ outcomes: [FileOutcome]) -> String {
        var text = ""
        for outcome in outcomes where !outcome.edits.isEmpty {
            text += UnifiedDiff.text(path: outcome.path, before: outcome.before, after: outcome.after)
        }
        return text
    }
}

extension Pipeline {
    /// The one finding for Tokens Studio's `$themes.json` or `$metadata.json` in a token folder.
    static func tokensStudioThemes(_ path: String) -> Diagnostic {
        let what = path.hasSuffix("$themes.json") ? "its list of themes" : "its token set order"
        return Diagnostic(
            .tokenOlderFormat, severity: .error,
            message: "`\(path)` is Tokens Studio's file of \(what), not a token file; DTCG writes themes as a resolver document",
            location: SourceLocation(file: path, line: 1, column: 1), path: nil,
            fix: "run `tokenc migrate` on the folder: it writes `tokens.resolver.json` from the themes and the set order")
    }

    /// The one finding for a file of an older format, at its first token written the older way.
    static func olderFormat(_ format: SourceFormat, root: Node) -> Diagnostic {
        let path = root.location.file
        // The first `value` key in the file (the earliest location of any).
        var first: SourceLocation?
        var pending = [root]
        while let node = pending.popLast() {
            guard let entries = node.mappingEntries else { continue }
            for entry in entries {
                if entry.key == "value", first.map({ entry.keyLocation < $0 }) ?? true { first = entry.keyLocation }
                pending.append(entry.value)
            }
        }
        let keys = format == .tokensStudio ? "`value`, `type` and Tokens Studio's type names" : "`value`, `type` and `comment`"
        return Diagnostic(
            .tokenOlderFormat, severity: .error,
            message: "`\(path)` is written in \(format == .tokensStudio ? "Tokens Studio's format" : "Style Dictionary's format before DTCG") (\(keys)), so its tokens are not read",
            location: first ?? root.location, path: nil,
            fix: "run `tokenc migrate \(path)` to see the edits that make it DTCG 2025.10, then `tokenc migrate --write \(path)`")
    }
}
