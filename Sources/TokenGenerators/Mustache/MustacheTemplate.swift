import SourceData
import TokenModel

/// A Mustache template compiled once into operations, rendered many times into one growing buffer.
///
/// Implements the core of the Mustache specification (interpolation, sections, inverted sections,
/// comments, partials, set delimiters, standalone-line rules); lambdas and the optional modules are not.
public struct MustacheTemplate: Sendable {
    /// A template that does not parse, with where and why.
    public struct SyntaxError: Error, Sendable, Equatable {
        /// 1-based line.
        public var line: Int
        /// 1-based column.
        public var column: Int
        /// What is wrong.
        public var message: String
    }

    /// A parsed tag or text, nested as the template nests its sections; flattened into a `Program` to render.
    indirect enum Operation: Sendable {
        case text([UInt8])
        case variable([String], escaped: Bool)
        case section([String], inverted: Bool, body: [Operation])
        case partial(String, indentation: String, cacheKey: String)
    }

    let program: Program

    /// Compiles `source`.
    public init(_ source: String) throws(SyntaxError) {
        program = Program(try Parser(source).parse())
    }

    /// How much work one rendering may do, so that nested sections over long lists or partials
    /// that include themselves twice end in an error instead of filling memory or running for hours.
    public struct Limits: Sendable {
        /// The most bytes the output may hold.
        public var maximumOutputBytes: Int
        /// The most operations (text, variable, section pass, partial) rendering may run.
        public var maximumSteps: Int

        /// 256 MiB of output and 20 million operations (a fraction of a second): the built-in Swift
        /// template needs about 2 million for 100,000 tokens.
        public init(maximumOutputBytes: Int = 256 << 20, maximumSteps: Int = 20_000_000) {
            self.maximumOutputBytes = maximumOutputBytes
            self.maximumSteps = maximumSteps
        }
    }

    /// Rendering that ran past its limits.
    public struct RenderError: Error, Sendable, Equatable {
        /// What ran out, for the diagnostic.
        public var message: String
    }

    /// Whether rendering may look up any of `names` (as the first part of a tag's name); a partial
    /// counts as yes, since what it reads is not known until it renders.
    func mayRead(anyOf names: Set<String>) -> Bool {
        program.instructions.contains { instruction in
            switch instruction.kind {
            case .text: false
            case .escaped, .unescaped, .section, .inverted: instruction.count > 0 && names.contains(program.keys[instruction.first])
            case .partial: true
            }
        }
    }

    /// Renders with `context` as the root; `partials` supplies partial templates by name.
    public func render(_ context: MustacheValue, partials: [String: String] = [:], limits: Limits = Limits()) throws(RenderError) -> String {
        String(decoding: try renderUTF8(context, partials: partials, limits: limits), as: UTF8.self)
    }

    /// Renders like `render`, into UTF-8 bytes: what generators write, without a round trip through `String`.
    /// `expectedBytes` sizes the output up front (a good guess saves copying it at every doubling).
    public func renderUTF8(_ context: MustacheValue, partials: [String: String] = [:], limits: Limits = Limits(),
                           expectedBytes: Int = 1 << 16) throws(RenderError) -> [UInt8]
    {
        var renderer = Renderer(partials: partials, limits: limits, capacity: min(max(expectedBytes, 1 << 16), limits.maximumOutputBytes))
        var stack = [context]
        renderer.run(program, &stack, depth: 0)
        if let exceeded = renderer.exceeded { throw RenderError(message: exceeded) }
        return renderer.output.array
    }

    /// Renders one output file: into a sink from `sinks` a chunk at a time when given (nothing returned), or in
    /// memory, returned whole. `trimmingTrailingSpaces` removes spaces at line ends either way.
    func renderFile(_ relativePath: String, _ context: MustacheValue, partials: [String: String] = [:], limits: Limits = Limits(),
                    expectedBytes: Int = 1 << 16, sinks: (any OutputSinks)?, trimmingTrailingSpaces: Bool = false)
        throws(RenderError) -> [GeneratedFile]
    {
        guard let sinks else {
            let bytes = try renderUTF8(context, partials: partials, limits: limits, expectedBytes: expectedBytes)
            return [GeneratedFile(relativePath: relativePath, contents: trimmingTrailingSpaces ? SwiftGenerator.trimmingTrailingSpaces(bytes) : bytes)]
        }
        let opened = sinks.open(relativePath)
        let sink = trimmingTrailingSpaces ? TrailingSpaceTrimmingSink(opened) : opened
        try render(context, partials: partials, limits: limits, into: sink)
        sink.close()
        return []
    }

    /// Renders into `sink` a chunk at a time (`outputSinkChunk` bytes), so a large output is never held
    /// whole; the caller closes the sink. After an error the sink holds part of the output.
    public func render(_ context: MustacheValue, partials: [String: String] = [:], limits: Limits = Limits(),
                       into sink: any OutputSink) throws(RenderError)
    {
        var renderer = Renderer(partials: partials, limits: limits, capacity: outputSinkChunk + (1 << 12))
        renderer.sink = sink
        var stack = [context]
        renderer.run(program, &stack, depth: 0)
        if let exceeded = renderer.exceeded { throw RenderError(message: exceeded) }
        renderer.flushOutput()
    }
}

extension MustacheTemplate {
    /// The first name of every variable and section tag in `source` (`tokens` of `{{#tokens}}`, `a` of
    /// `{{a.b}}`; not `.`), where it is written; nothing for a template that does not parse.
    static func names(in source: String) -> [(name: String, line: Int, column: Int)] {
        tags(in: source).compactMap { kind, content, line, column in
            guard " #^&".contains(kind), content != "." else { return nil }
            return (String(content.prefix { $0 != "." }), line, column)
        }
    }

    /// The partials `source` includes (`token` of `{{> token}}`); nothing for a template that does not parse.
    static func partialNames(in source: String) -> [String] {
        tags(in: source).compactMap { kind, content, _, _ in kind == ">" ? content : nil }
    }

    /// Every tag of `source` with its kind (` ` for a variable) and place; nothing for a template that does not parse.
    private static func tags(in source: String) -> [(kind: Character, content: String, line: Int, column: Int)] {
        guard let tokens = try? Parser(source).tokenize() else { return [] }
        return tokens.compactMap { token in
            guard case .tag(let kind, let content, let line, let column) = token else { return nil }
            return (kind, content, line, column)
        }
    }

    /// Warnings for the user's template files that nothing reads: a file that replaces no built-in template
    /// (`builtIn`, relative paths) and that no template includes as a partial, most often a misspelt name.
    /// `files` maps each of the user's relative paths to where it is; `partialFolder` is the folder whose
    /// files are partials by their name (`swift/`), nil when the output takes none.
    /// `includedElsewhere` are the partials other outputs' templates include.
    static func unusedFiles(_ files: [String: String], templates: [String: String], builtIn: Set<String>,
                            partialFolder: String?, includedElsewhere: Set<String> = []) -> [Diagnostic] {
        // Every build asks; only a user's template folder gives it files to look at.
        guard !files.isEmpty else { return [] }
        let included = Set(templates.filter { partialFolder.map($0.key.hasPrefix) ?? false }.values.flatMap(partialNames(in:)))
            .union(includedElsewhere)
        return files.keys.sorted().compactMap { path in
            guard !builtIn.contains(path) else { return nil }
            let partial = partialFolder.flatMap { path.hasPrefix($0) ? String(path.dropFirst($0.count).dropLast(".mustache".count)) : nil }
            if let partial, included.contains(partial) { return nil }
            // Names compared without their folder and extension, which every candidate shares.
            func bare(_ path: String) -> String { String(path.split(separator: "/").last ?? "").replacing(".mustache", with: "") }
            let nearest = NearestName.find(bare(path), in: builtIn.map(bare)).flatMap { name in builtIn.sorted().first { bare($0) == name } }
            return Diagnostic(.templateUnused, severity: .warning,
                              message: "`\(path)` replaces no built-in template" + (partial.map { " and no template includes it (`{{> \($0)}}`)" } ?? ""),
                              location: SourceLocation(file: files[path]!, line: 1, column: 1),
                              fix: nearest.map { "did you mean `\($0)`?" } ?? "name it after a built-in template: " + builtIn.sorted().joined(separator: ", "))
        }
    }

    /// Warnings for names in a user's template that no context object has: Mustache renders an unknown name
    /// as nothing, so a typo (`{{swiftvalue}}`) would write empty text without a word. `known` is every field
    /// the template's context can answer, at any depth.
    static func unknownNames(in source: String, file: String, known: Set<String>) -> [Diagnostic] {
        var reported: Set<String> = []
        return names(in: source).compactMap { name, line, column in
            guard !known.contains(name), reported.insert(name).inserted else { return nil }
            return Diagnostic(.templateUnknownName, severity: .warning,
                              message: "`\(name)` is not in the template context, so it renders as nothing",
                              location: SourceLocation(file: file, line: line, column: column),
                              fix: NearestName.find(name, in: known.sorted()).map { "did you mean `\($0)`?" }
                                  ?? "see docs/template-context.md for the fields")
        }
    }
}

extension Diagnostic {
    /// The error for a template that does not parse, at the place in `file` where it stops making sense.
    static func templateSyntax(_ error: MustacheTemplate.SyntaxError, file: String) -> Diagnostic {
        Diagnostic(.templateSyntax, severity: .error, message: error.message, location: SourceLocation(file: file, line: error.line, column: error.column))
    }

    /// The error for a template whose rendering ran past its limits, placed at the template's start.
    static func templateLimit(_ error: MustacheTemplate.RenderError, file: String) -> Diagnostic {
        Diagnostic(.templateTooLarge, severity: .error, message: error.message,
                   location: SourceLocation(file: file, line: 1, column: 1))
    }
}

extension String {
    var trimmingWhitespace: String {
        var s = Substring(self)
        while let first = s.first, first == " " || first == "\t" || first == "\n" || first == "\r" { s = s.dropFirst() }
        while let last = s.last, last == " " || last == "\t" || last == "\n" || last == "\r" { s = s.dropLast() }
        return String(s)
    }
}
