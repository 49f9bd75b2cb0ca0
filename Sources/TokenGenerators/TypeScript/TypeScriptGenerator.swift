import SourceData
import TokenModel
import TokenColor

/// Writes `ts/tokens.js`, an ES module of every token's web value and CSS custom property, and `ts/tokens.d.ts`,
/// its declarations as literal types, so a misspelt token name does not type-check (docs/typescript.md).
public struct TypeScriptGenerator: Generator {
    /// `ts`.
    public let id = "ts"
    /// Templates by relative path (the embedded ones unless replaced).
    public var templates: [String: String]
    /// The CSS output's naming options, so each token's custom property name is the one css/tokens.css declares.
    public var css: CSSOptions
    /// Where each of the user's templates came from, by relative path (the embedded ones are not listed).
    public var templateFiles: [String: String]

    /// The templates this output renders, by relative path, and the files they become.
    static let files = [("ts/tokens.js.mustache", "ts/tokens.js"), ("ts/tokens.d.ts.mustache", "ts/tokens.d.ts")]

    /// Creates the generator.
    public init(templates: [String: String] = EmbeddedTemplates.files, css: CSSOptions = CSSOptions(), templateFiles: [String: String] = [:]) {
        self.templates = templates
        self.css = css
        self.templateFiles = templateFiles
    }

    public func generate(_ set: ResolvedTokenSet) -> [GeneratedFile] { render(set).files }

    public func render(_ set: ResolvedTokenSet) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) { render(set, into: nil) }

    /// Renders both files into sinks a chunk at a time.
    public func render(_ set: ResolvedTokenSet, sinks: any OutputSinks) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) {
        render(set, into: sinks)
    }

    private func render(_ set: ResolvedTokenSet, into sinks: (any OutputSinks)?) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) {
        var parsed: [(MustacheTemplate, String)] = []
        var diagnostics = MustacheTemplate.unusedFiles(templateFiles.filter { $0.key.hasPrefix("ts/") }, templates: templates,
                                                       builtIn: Set(Self.files.map(\.0)), partialFolder: nil)
        for (path, output) in Self.files {
            guard let source = templates[path] else { continue }
            let file = templateFiles[path] ?? "Templates/" + path
            do { parsed.append((try MustacheTemplate(source), output)) } catch {
                diagnostics.append(Diagnostic.templateSyntax(error, file: file))
                continue
            }
            if templateFiles[path] != nil {
                diagnostics += MustacheTemplate.unknownNames(in: source, file: file, known: TypeScriptFileContext.allFieldNames)
            }
        }
        guard !diagnostics.contains(where: { $0.severity == .error }) else { return ([], diagnostics) }
        let context = MustacheValue.object(Self.context(set, css: css))
        var files: [GeneratedFile] = []
        for (template, output) in parsed {
            do {
                files += try template.renderFile(output, context, expectedBytes: set.tokens.count * 96, sinks: sinks)
            } catch {
                let path = Self.files.first { $0.1 == output }!.0
                return ([], diagnostics + [Diagnostic.templateLimit(error, file: templateFiles[path] ?? "Templates/" + path)])
            }
        }
        return (files, diagnostics)
    }

    /// The template context: every token the stylesheet writes, in path order, with its value per mode.
    static func context(_ set: ResolvedTokenSet, css: CSSOptions) -> TypeScriptFileContext {
        let names = CSSContextBuilder(options: css)
        var tokens: [TypeScriptToken] = []
        tokens.reserveCapacity(set.tokens.count)
        for token in set.tokens {
            guard let value = webValue(of: token) else { continue }
            tokens.append(TypeScriptToken(name: token.path, quotedName: JSONText.quoted(token.path), value: value.literal, type: value.literalType,
                                          quotedVariable: JSONText.quoted(names.propertyName(token.path)),
                                          description: token.token.description.map(CommentText.block),
                                          deprecation: token.deprecation.map(CommentText.block)))
        }
        let source = set.tokens.first.map { SwiftContextBuilder.folder(of: $0.token.location.file) } ?? "tokens"
        return TypeScriptFileContext(source: source, tokens: tokens)
    }

    /// A token's web value: its one value, or an object of its values by mode when it has more than one (a
    /// system color has one in each built-in appearance, as the stylesheet writes it); nil for a token the
    /// stylesheet leaves out.
    static func webValue(of token: ResolvedToken) -> WebValue? {
        var modes: [(mode: String, index: Int)] = []
        var seen: Set<String> = []
        if case .system? = token.colors.first {
            modes = Appearance.builtIn.map { ($0, token.index(ofMode: $0) ?? 0) }
            seen = Set(Appearance.builtIn)
        }
        for (index, entry) in token.values.enumerated() where seen.insert(entry.mode).inserted { modes.append((entry.mode, index)) }
        var members: [(String, WebValue)] = []
        for (mode, index) in modes {
            guard let typed = token.typedValue(at: index), let value = WebValue(typed, mode: mode) else { return nil }
            members.append((mode, value))
        }
        guard let first = members.first else { return nil }
        return members.count == 1 ? first.1 : .object(members)
    }
}
