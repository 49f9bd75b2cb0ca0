import SourceData
import TokenModel
import TokenRules

/// `tokenc lsp`'s protocol state (LSP 3.17): the open documents and what the editor last saw, turned into replies
/// and notifications. It does no input or output itself (`LanguageServerLoop` does), so tests drive it message by
/// message, and it checks only when asked (`check()`), after the loop's debounce.
public final class LanguageServer {
    /// The folder the editor opened: tokenc.yml and the token folder are read there.
    public private(set) var root: String?
    /// The documents the editor has open, by URI.
    private var documents: [String: TextDocument] = [:]
    /// Whether a document changed since the last check.
    public private(set) var needsCheck = false
    /// Whether the next check also runs every output's checks: at the start and after a save. A keystroke's check
    /// runs the rules alone and keeps the outputs' findings of the last such check (rendering every output to
    /// find a name collision would make a keystroke on a large set wait for a whole build).
    private var checksOutputs = true
    /// The inspector hovers read, made for the last check's result when first asked.
    var inspector: Inspector?
    /// The outputs' findings of the last check that ran them.
    private var outputFindings: [Diagnostic] = []
    /// What the editor was last sent for each file, by URI, and the version of the open document it was for: a
    /// file is sent again only when its findings change or its document was edited.
    private var published: [String: (diagnostics: JSONValue, version: Int?)] = [:]
    /// The last check's result, for every request about the tokens.
    private(set) var last: (result: PipelineResult, rules: RuleConfiguration)?
    /// The last check's tokens by place, made when a request first needs them (a keystroke's check does not).
    private var navigationOfLast: TokenNavigation?
    /// Each file's load in the last check: the next one reloads only the files whose text changed.
    private var loads = FileLoads()
    /// The lines of each file read since the last check, by absolute path (dropped when its document changes).
    private var lineCache: [String: LineTexts] = [:]
    /// Whether hovers on a color draw a swatch per appearance as an image: the editor asks for it with
    /// `initializationOptions: { hoverSwatches: true }` (a client that renders Markdown images; others would show
    /// the image's source as text).
    public private(set) var hoverSwatches = false
    /// Whether `shutdown` came: `exit` then ends with status 0.
    public private(set) var shutDown = false
    /// The status `exit` asked for; nil until it came.
    public private(set) var exitStatus: Int32?

    /// tokenc's version, for `initialize`'s `serverInfo`.
    let version: String
    /// The folder the rules' reference is written into when the editor names none (a cache folder of the user's).
    let rulesFolder: String?
    /// Where each finding's rule is explained (`codeDescription`): the editor's `rulesDocumentation` option, else
    /// the reference this version writes into `rulesFolder`; nil when neither is at hand.
    public private(set) var rulesDocumentation: String?

    /// Creates a server that waits for `initialize`; `rulesFolder` is where it may write the rules' reference.
    public init(version: String, rulesFolder: String? = nil) {
        self.version = version
        self.rulesFolder = rulesFolder
    }

    /// The replies and notifications for one message from the editor (a JSON text).
    public func handle(_ body: [UInt8]) -> [JSONValue] {
        guard let message = JSONValue.parse(body), case .object = message else {
            return [Self.error(id: .null, code: -32700, "the message is not JSON")]
        }
        let id = message["id"]
        guard let method = message["method"]?.string else {
            // A reply to a request of ours: the server sends none that need an answer.
            return []
        }
        let params = message["params"] ?? .null
        // A question about the tokens is answered on the text as it is now: a change not checked yet is checked
        // first (its findings published with the answer).
        var published: [JSONValue] = []
        if Self.readsTokens.contains(method), needsCheck || last == nil { published = check() }
        return published + answer(method, id: id, params: params)
    }

    /// The findings only an output's check makes.
    static let outputKinds: Set<String> = Set(DiagnosticKind.catalogue.filter { $0.group == .output }.map(\.id))

    /// The requests answered from the last check's tokens.
    static let readsTokens: Set<String> = ["textDocument/hover", "textDocument/definition", "textDocument/references", "textDocument/rename",
                                           "textDocument/documentSymbol", "textDocument/documentColor", "textDocument/completion"]

    private func answer(_ method: String, id: JSONValue?, params: JSONValue) -> [JSONValue] {
        switch method {
        case "initialize":
            return [Self.result(id, initialize(params))]
        case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration":
            return []
        case "textDocument/didSave":
            // A save checks the outputs too (name collisions, template errors), which keystrokes leave out.
            checksOutputs = true
            needsCheck = true
            return []
        case "shutdown":
            shutDown = true
            return [Self.result(id, .null)]
        case "exit":
            exitStatus = shutDown ? 0 : 1
            return []
        case "textDocument/didOpen":
            guard let document = params["textDocument"], let uri = document["uri"]?.string, let text = document["text"]?.string else { return [] }
            documents[uri] = TextDocument(text: text, version: document["version"]?.integer ?? 0)
            forgetLines(of: uri)
            needsCheck = true
            return []
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string, var document = documents[uri] else { return [] }
            let version = params["textDocument"]?["version"]?.integer ?? document.version + 1
            for change in params["contentChanges"]?.array ?? [] {
                guard let text = change["text"]?.string else { continue }
                document.apply(text, range: change["range"].flatMap(Self.range), version: version)
            }
            documents[uri] = document
            forgetLines(of: uri)
            needsCheck = true
            return []
        case "textDocument/hover":
            return [Self.result(id, hover(params))]
        case "textDocument/definition":
            return [Self.result(id, definition(params))]
        case "textDocument/references":
            guard let root, let last else { return [Self.result(id, .null)] }
            return [Self.result(id, references(params, files: last.result.files.map { Self.absolute($0, in: root) }))]
        case "textDocument/rename":
            guard let root, let last else { return [Self.result(id, .null)] }
            let (edit, refusal) = rename(params, files: last.result.files.map { Self.absolute($0, in: root) }, root: root)
            if let refusal { return [Self.error(id: id ?? .null, code: -32803, refusal)] }
            return [Self.result(id, edit ?? .null)]
        case "textDocument/documentSymbol":
            guard let root, let last else { return [Self.result(id, .array([]))] }
            return [Self.result(id, documentSymbols(params, set: last.result.tokens, root: root))]
        case "textDocument/documentColor":
            guard let root, let last else { return [Self.result(id, .array([]))] }
            return [Self.result(id, documentColors(params, set: last.result.tokens, root: root))]
        case "textDocument/colorPresentation":
            return [Self.result(id, Self.colorPresentations(params))]
        case "textDocument/completion":
            guard let last else { return [Self.result(id, .null)] }
            return [Self.result(id, completions(params, set: last.result.tokens))]
        case "textDocument/codeAction":
            return [Self.result(id, codeActions(params))]
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return [] }
            documents[uri] = nil
            forgetLines(of: uri)
            needsCheck = true
            return []
        default:
            // An unknown request is answered; an unknown notification is not.
            guard let id else { return [] }
            return [Self.error(id: id, code: -32601, "tokenc's language server does not handle \(method)")]
        }
    }

    private func initialize(_ params: JSONValue) -> JSONValue {
        if let uri = params["rootUri"]?.string ?? params["workspaceFolders"]?.array?.first?["uri"]?.string {
            root = DocumentURI.path(of: uri)
        } else if let path = params["rootPath"]?.string {
            root = path
        }
        hoverSwatches = params["initializationOptions"]?["hoverSwatches"] == .bool(true)
        rulesDocumentation = params["initializationOptions"]?["rulesDocumentation"]?.string ?? writtenRulesReference()
        needsCheck = true
        return .object([
            "capabilities": .object([
                "positionEncoding": .string("utf-16"),
                "textDocumentSync": .object(["openClose": .bool(true), "change": .integer(2), "save": .bool(true)]),
                "hoverProvider": .bool(true),
                "definitionProvider": .bool(true),
                "referencesProvider": .bool(true),
                "renameProvider": .bool(true),
                "documentSymbolProvider": .bool(true),
                "colorProvider": .bool(true),
                "codeActionProvider": .object(["codeActionKinds": .array([.string("quickfix"), .string("source.fixAll.tokenc")])]),
                "completionProvider": .object(["triggerCharacters": .array([.string("{"), .string(".")])]),
            ]),
            "serverInfo": .object(["name": .string("tokenc"), "version": .string(version)]),
        ])
    }

    /// Checks the token set with the open documents' text in place of their files, and returns a
    /// `textDocument/publishDiagnostics` for every file whose findings changed (to none, when fixed) and every
    /// open document edited since its last one, so the editor knows the edit was checked.
    public func check() -> [JSONValue] {
        needsCheck = false
        // Files on disk may have changed since the last check: their lines are read again.
        lineCache = [:]
        guard let root else { return [] }
        let configuration = (try? Configuration.load(root + "/" + Configuration.fileName)) ?? Configuration()
        let tokens = Self.absolute(configuration.tokens ?? "Tokens", in: root)
        var overlay: [String: [UInt8]] = [:]
        for (uri, document) in documents {
            guard let path = DocumentURI.path(of: uri) else { continue }
            overlay[path] = Array(document.text.utf8)
        }
        guard var (files, sources) = try? TokenSources.readAll(tokens) else { return [] }
        for (path, bytes) in overlay where sources[path] != nil || path.hasPrefix(tokens + "/") {
            if sources[path] == nil, FileSyntax.tokenFileExtensions.contains(String(path.split(separator: ".").last ?? "")) { files.append(path) }
            sources[path] = bytes
        }
        var request = BuildRequest()
        request.tokens = tokens
        guard var (_, _, _, pipeline) = try? BuildEngine.planned(request, configuration: configuration) else { return [] }
        pipeline.checksOutputs = checksOutputs
        pipeline.reportedPerRule = nil
        pipeline.reusableLoads = loads
        var result = pipeline.run(files: files.sorted(), sources: sources, render: false)
        loads = result.loads ?? FileLoads()
        if checksOutputs {
            outputFindings = result.diagnostics.filter { Self.outputKinds.contains($0.id) }
            checksOutputs = false
        } else {
            result.diagnostics += outputFindings
        }
        last = (result, configuration.rules)
        navigationOfLast = nil
        inspector = nil
        var byFile: [String: [Diagnostic]] = [:]
        for diagnostic in result.diagnostics {
            guard let file = diagnostic.location?.file else { continue }
            byFile[Self.absolute(file, in: root), default: []].append(diagnostic)
        }
        for uri in documents.keys {
            if let path = DocumentURI.path(of: uri), byFile[path] == nil { byFile[path] = [] }
        }
        // A file with findings last time and none now is sent an empty list.
        for uri in published.keys {
            if let path = DocumentURI.path(of: uri), byFile[path] == nil { byFile[path] = [] }
        }
        var notifications: [JSONValue] = []
        for path in byFile.keys.sorted() {
            let uri = DocumentURI.uri(of: path)
            let diagnostics = JSONValue.array(byFile[path]!.map {
                LSPDiagnostic.json($0, root: root, rules: rulesDocumentation, lines: lines(ofPath:))
            })
            let version = documents[uri]?.version
            // Unchanged findings are not sent again, unless the open document was edited since.
            if let sent = published[uri], sent.diagnostics == diagnostics, version == nil || sent.version == version { continue }
            notifications.append(Self.publish(uri, diagnostics))
            published[uri] = diagnostics == .array([]) && version == nil ? nil : (diagnostics, version)
        }
        return notifications
    }

    /// Forgets what `notifications` (a stale check's, never sent) said, so that the next check sends each of those
    /// files again.
    public func withdraw(_ notifications: [JSONValue]) {
        for notification in notifications {
            guard let uri = notification["params"]?["uri"]?.string else { continue }
            // Unknown to the editor now: whatever the next check finds is sent, an empty list included.
            published[uri] = (.null, nil)
        }
    }

    /// The rules' reference (what `tokenc rules --format markdown` prints) written into `rulesFolder`, once per
    /// version, and its URI; nil when it cannot be written.
    private func writtenRulesReference() -> String? {
        guard let rulesFolder, OutputWriter.makeDirectory(rulesFolder) else { return nil }
        let path = rulesFolder + "/rules.md"
        let reference = Array(RuleCatalog.markdown().utf8)
        if (try? TokenSources.read(path)) != reference {
            do throws(ToolError) { try OutputWriter.atomicWrite(reference, to: path) } catch { return nil }
        }
        return DocumentURI.uri(of: path)
    }

    /// The last check's tokens by place.
    var navigation: TokenNavigation? {
        guard let last else { return nil }
        if let navigationOfLast { return navigationOfLast }
        let made = TokenNavigation(last.result.tokens)
        navigationOfLast = made
        return made
    }

    /// The lines of the file at `path` as the editor has it, or as it is on disk (empty when unreadable).
    func lines(ofPath path: String) -> LineTexts {
        if let known = lineCache[path] { return known }
        let made = LineTexts(text(ofPath: path) ?? "")
        lineCache[path] = made
        return made
    }

    private func forgetLines(of uri: String) {
        if let path = DocumentURI.path(of: uri) { lineCache[path] = nil }
    }

    /// The file a request's `textDocument` names and its `position`: the 0-based line and UTF-16 character.
    static func documentPosition(_ params: JSONValue) -> (path: String, line: Int, character: Int)? {
        guard let uri = params["textDocument"]?["uri"]?.string, let path = DocumentURI.path(of: uri),
              let line = params["position"]?["line"]?.integer, let character = params["position"]?["character"]?.integer else { return nil }
        return (path, line, character)
    }

    /// The token a request's `textDocument` and `position` point at, with the range of its name or alias there.
    func target(_ params: JSONValue) -> (token: ResolvedToken, range: JSONValue)? {
        guard let (path, line, character) = Self.documentPosition(params),
              let navigation, case let lines = lines(ofPath: path),
              let (token, at, from, to) = navigation.token(at: line, utf16: character, in: lines, path: path) else { return nil }
        return (token, lines.range(line: at, from: from, to: to))
    }

    /// `textDocument/definition`: what a resolver document's `$ref` names, or where the token an alias names (or
    /// the token itself) is defined.
    private func definition(_ params: JSONValue) -> JSONValue {
        if let reference = referenceDefinition(params) { return reference }
        guard let (token, _) = target(params) else { return .null }
        return definition(of: token)
    }

    /// The location of the key that defines `token`.
    func definition(of token: ResolvedToken) -> JSONValue {
        let location = token.token.location
        let path = Self.absolute(location.file, in: root ?? "")
        return .object(["uri": .string(DocumentURI.uri(of: path)),
                        "range": LSPDiagnostic.range(line: location.line, column: location.column, in: lines(ofPath: path))])
    }

    /// The text of `path` as the editor has it, or as it is on disk.
    func text(ofPath path: String) -> String? {
        if let document = documents[DocumentURI.uri(of: path)] { return document.text }
        return (try? TokenSources.read(path)).map { String(decoding: $0, as: UTF8.self) }
    }

    static func absolute(_ path: String, in root: String) -> String {
        path.hasPrefix("/") ? PathText.lexical(path) : PathText.lexical(root + "/" + path)
    }

    static func range(_ value: JSONValue) -> (start: (Int, Int), end: (Int, Int))? {
        guard let startLine = value["start"]?["line"]?.integer, let startCharacter = value["start"]?["character"]?.integer,
              let endLine = value["end"]?["line"]?.integer, let endCharacter = value["end"]?["character"]?.integer else { return nil }
        return ((startLine, startCharacter), (endLine, endCharacter))
    }

    static func publish(_ uri: String, _ diagnostics: JSONValue) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "method": .string("textDocument/publishDiagnostics"),
                 "params": .object(["uri": .string(uri), "diagnostics": diagnostics])])
    }

    static func result(_ id: JSONValue?, _ result: JSONValue) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "id": id ?? .null, "result": result])
    }

    static func error(id: JSONValue, code: Int, _ message: String) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "id": id, "error": .object(["code": .integer(code), "message": .string(message)])])
    }
}
