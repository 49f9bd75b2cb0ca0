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
    /// The error for a template whose rendering ran past its limits, placed at the template's start.
    static func templateLimit(_ error: MustacheTemplate.RenderError, file: String) -> Diagnostic {
        Diagnostic(.templateTooLarge, severity: .error, message: error.message,
                   location: SourceLocation(file: file, line: 1, column: 1))
    }
}

// MARK: - Parsing

private struct Parser {
    enum Token {
        case text([UInt8])
        case tag(kind: Character, content: String, line: Int, column: Int)
    }

    /// The template's UTF-8 bytes: delimiters and the whitespace the standalone rules remove are ASCII,
    /// so scanning bytes finds the same places as scanning scalars, and text is copied whole.
    let source: [UInt8]
    init(_ source: String) { self.source = Array(source.utf8) }

    func parse() throws(MustacheTemplate.SyntaxError) -> [MustacheTemplate.Operation] {
        var tokens = try tokenize()
        var indentations: [Int: String] = [:]
        applyStandalone(&tokens, &indentations)
        var index = 0
        let operations = try build(tokens, &index, indentations, closing: nil, depth: 0)
        return operations
    }

    /// The most sections one may nest inside another. Parsing, flattening and rendering each recurse once a
    /// level, so the bound keeps a hostile template's stack use small; real templates nest a handful.
    static let maximumSectionDepth = 100

    static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// Splits the source into text and tags, following `{{=<% %>=}}` delimiter changes.
    func tokenize() throws(MustacheTemplate.SyntaxError) -> [Token] {
        var open = Array("{{".utf8), close = Array("}}".utf8)
        var tokens: [Token] = []
        var textStart = 0
        var i = 0
        // Columns count characters (Unicode scalars): UTF-8 continuation bytes do not move them.
        var line = 1, column = 1
        func advance(over bytes: ArraySlice<UInt8>) {
            for byte in bytes {
                if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            }
        }
        func matches(_ pattern: [UInt8], at position: Int) -> Bool {
            position + pattern.count <= source.count && source[position..<position + pattern.count].elementsEqual(pattern)
        }
        while i < source.count {
            guard matches(open, at: i) else { i += 1; continue }
            if textStart < i { tokens.append(.text(Array(source[textStart..<i]))) }
            advance(over: source[textStart..<i])
            let tagLine = line, tagColumn = column
            var j = i + open.count
            var kind = UInt8(ascii: " ")
            var closer = close
            if j < source.count, "#^/>!&={".utf8.contains(source[j]) {
                kind = source[j]
                j += 1
                if kind == UInt8(ascii: "{") { closer = Array("}".utf8) + close }
                if kind == UInt8(ascii: "=") { closer = Array("=".utf8) + close }
            }
            var end = j
            while end < source.count, !matches(closer, at: end) { end += 1 }
            guard end < source.count else {
                throw .init(line: tagLine, column: tagColumn, message: "this tag is never closed with `\(String(decoding: close, as: UTF8.self))`")
            }
            let content = String(decoding: source[j..<end], as: UTF8.self).trimmingWhitespace
            advance(over: source[i..<end + closer.count])
            i = end + closer.count
            textStart = i
            if kind == UInt8(ascii: "=") {
                let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard parts.count == 2 else {
                    throw .init(line: tagLine, column: tagColumn, message: "a delimiter change needs two delimiters, such as `{{=<% %>=}}`")
                }
                open = Array(parts[0].utf8)
                close = Array(parts[1].utf8)
            }
            tokens.append(.tag(kind: kind == UInt8(ascii: "{") ? "&" : Character(Unicode.Scalar(kind)), content: content,
                               line: tagLine, column: tagColumn))
        }
        if textStart < source.count { tokens.append(.text(Array(source[textStart...]))) }
        return tokens
    }

    /// Removes the whitespace and line break around a tag that stands alone on its line.
    func applyStandalone(_ tokens: inout [Token], _ indentations: inout [Int: String]) {
        // Text tokens that start a line because a standalone tag before them took its line break.
        var beginsLine: Set<Int> = []
        for index in tokens.indices {
            guard case .tag(let kind, _, _, _) = tokens[index], "#^/>!=".contains(kind) else { continue }
            // Before: start of template, or text whose part after its last newline is blank.
            var indentation: ArraySlice<UInt8> = []
            var lineStart = false
            if index == 0 {
                lineStart = true
            } else if case .text(let before) = tokens[index - 1] {
                let tail = before.lastIndex(of: UInt8(ascii: "\n")).map { before[($0 + 1)...] }
                if let tail, tail.allSatisfy(Self.isBlank) {
                    lineStart = true
                    indentation = tail
                } else if index - 1 == 0 || beginsLine.contains(index - 1), before.allSatisfy(Self.isBlank) {
                    lineStart = true
                    indentation = before[...]
                }
            }
            guard lineStart else { continue }
            // After: end of template, or text whose part before its first newline is blank.
            var removeHead = 0
            if index + 1 < tokens.count {
                guard case .text(let after) = tokens[index + 1] else { continue }
                var k = 0
                while k < after.count, Self.isBlank(after[k]) { k += 1 }
                if k < after.count, after[k] == UInt8(ascii: "\n") { removeHead = k + 1 }
                else if k + 1 < after.count, after[k] == UInt8(ascii: "\r"), after[k + 1] == UInt8(ascii: "\n") { removeHead = k + 2 }
                else if k == after.count, index + 2 >= tokens.count { removeHead = k }
                else { continue }
            }
            if index > 0, case .text(let before) = tokens[index - 1] {
                tokens[index - 1] = .text(Array(before.dropLast(indentation.count)))
            }
            if index + 1 < tokens.count, case .text(let after) = tokens[index + 1] {
                tokens[index + 1] = .text(Array(after.dropFirst(removeHead)))
            }
            if kind == ">" { indentations[index] = String(decoding: indentation, as: UTF8.self) }
            if removeHead > 0 { beginsLine.insert(index + 1) }
        }
    }

    func build(_ tokens: [Token], _ index: inout Int, _ indentations: [Int: String], closing: (name: String, line: Int, column: Int)?,
               depth: Int) throws(MustacheTemplate.SyntaxError) -> [MustacheTemplate.Operation]
    {
        var operations: [MustacheTemplate.Operation] = []
        while index < tokens.count {
            let position = index
            let token = tokens[index]
            index += 1
            switch token {
            case .text(let text):
                if !text.isEmpty { operations.append(.text(text)) }
            case .tag(let kind, let content, let line, let column):
                switch kind {
                case "!", "=": continue
                case "#", "^":
                    guard depth < Self.maximumSectionDepth else {
                        throw .init(line: line, column: column,
                                    message: "`{{\(kind)\(content)}}` nests sections more than \(Self.maximumSectionDepth) deep; move the inner part into a partial")
                    }
                    let body = try build(tokens, &index, indentations, closing: (content, line, column), depth: depth + 1)
                    operations.append(.section(Self.path(content), inverted: kind == "^", body: body))
                case "/":
                    guard let closing, closing.name == content else {
                        throw .init(line: line, column: column,
                                    message: closing.map { "`{{/\(content)}}` closes `{{#\($0.name)}}`, opened at \($0.line):\($0.column)" }
                                        ?? "`{{/\(content)}}` closes a section that was never opened")
                    }
                    return operations
                case ">":
                    let indentation = indentations[position] ?? ""
                    operations.append(.partial(content, indentation: indentation, cacheKey: content + "\u{0}" + indentation))
                case "&": operations.append(.variable(Self.path(content), escaped: false))
                default: operations.append(.variable(Self.path(content), escaped: true))
                }
            }
        }
        if let closing {
            throw .init(line: closing.line, column: closing.column, message: "`{{#\(closing.name)}}` is never closed")
        }
        return operations
    }

    static func path(_ name: String) -> [String] {
        name == "." ? ["."] : name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}

// MARK: - Rendering

/// A template flattened for rendering: the instructions in one buffer (a section's body is the instructions
/// up to its `end`), the texts in one byte buffer and the tag names in a table, so rendering reads plain
/// memory and retains nothing per step (the nested operations retained each case's payload as it was read).
/// Immutable once made, hence unchecked `Sendable`.
final class Program: @unchecked Sendable {
    /// What an instruction does: copy text, interpolate a tag (HTML-escaped or not), run a section or an
    /// inverted section over its body, or render a partial.
    enum Kind: UInt8 { case text, escaped, unescaped, section, inverted, partial }

    struct Instruction {
        var kind: Kind
        /// Text: its first byte in `text`. Tags: the first part of the name in `keys` (no parts for `.`).
        /// Partial: its index in `partials`.
        var first: Int
        /// Text: its length. Tags: how many parts the name has.
        var count: Int
        /// Sections: the index just past the body.
        var end: Int
    }

    /// A partial tag: the partial's name, the indentation of its standalone line, and the two as one key.
    struct Partial {
        var name: String
        var indentation: String
        var cacheKey: String
    }

    let instructions: UnsafeMutableBufferPointer<Instruction>
    let text: UnsafeMutableBufferPointer<UInt8>
    let keys: UnsafeMutableBufferPointer<String>
    let partials: [Partial]

    init(_ operations: [MustacheTemplate.Operation]) {
        var instructions: [Instruction] = []
        var text: [UInt8] = []
        var keys: [String] = []
        var partials: [Partial] = []
        func name(_ path: [String]) -> (first: Int, count: Int) {
            if path == ["."] { return (keys.count, 0) }
            keys += path
            return (keys.count - path.count, path.count)
        }
        func flatten(_ operations: [MustacheTemplate.Operation]) {
            for operation in operations {
                switch operation {
                case .text(let bytes):
                    instructions.append(Instruction(kind: .text, first: text.count, count: bytes.count, end: 0))
                    text += bytes
                case .variable(let path, let escaped):
                    let (first, count) = name(path)
                    instructions.append(Instruction(kind: escaped ? .escaped : .unescaped, first: first, count: count, end: 0))
                case .section(let path, let inverted, let body):
                    let (first, count) = name(path)
                    let at = instructions.count
                    instructions.append(Instruction(kind: inverted ? .inverted : .section, first: first, count: count, end: 0))
                    flatten(body)
                    instructions[at].end = instructions.count
                case .partial(let partialName, let indentation, let cacheKey):
                    instructions.append(Instruction(kind: .partial, first: partials.count, count: 0, end: 0))
                    partials.append(Partial(name: partialName, indentation: indentation, cacheKey: cacheKey))
                }
            }
        }
        flatten(operations)
        self.instructions = .allocate(capacity: instructions.count)
        _ = self.instructions.initialize(from: instructions)
        self.text = .allocate(capacity: text.count)
        _ = self.text.initialize(from: text)
        self.keys = .allocate(capacity: keys.count)
        _ = self.keys.initialize(from: keys)
        self.partials = partials
    }

    deinit {
        instructions.deallocate()
        text.deallocate()
        keys.deinitialize().deallocate()
    }
}

private struct Renderer: ~Copyable {
    let partials: [String: String]
    let limits: MustacheTemplate.Limits
    /// The bytes rendered and not yet sent to a sink.
    var output: ByteBuffer
    var compiledPartials: [String: Program] = [:]
    /// The partial tag run last and what it compiled to: nearly always the one asked for again (a token
    /// partial once per token), recognised by the program holding the tag and the tag's index.
    var lastPartial: (program: ObjectIdentifier, index: Int, compiled: Program)?
    var steps = 0
    var exceeded: String?
    /// Where full chunks of output go, when rendering into a sink; `flushed` counts the bytes sent there.
    var sink: (any OutputSink)?
    var flushed = 0

    init(partials: [String: String], limits: MustacheTemplate.Limits, capacity: Int) {
        self.partials = partials
        self.limits = limits
        output = ByteBuffer(capacity: capacity)
    }

    /// The value a tag names: its first part looked up from the innermost frame out, the rest inside that.
    func resolve(_ program: Program, _ instruction: Program.Instruction, _ stack: [MustacheValue]) -> MustacheValue? {
        guard instruction.count > 0 else { return stack.last }
        let keys = program.keys
        var value: MustacheValue?
        // Innermost frame first, read in place (iterating `reversed()` copied every frame it passed).
        var index = stack.count - 1
        let first = keys[instruction.first]
        while index >= 0 {
            if let found = stack[index].member(first) {
                value = found
                break
            }
            index -= 1
        }
        var part = instruction.first + 1
        while part < instruction.first + instruction.count {
            value = value?.member(keys[part])
            if value == nil { return nil }
            part += 1
        }
        return value
    }

    /// Hands the bytes rendered so far to the sink, if there is one. A method, so the renderer (and the
    /// buffer the bytes point into) is in use while the sink reads them, whatever the optimizer's lifetimes.
    mutating func flushOutput() {
        guard let sink else { return }
        sink.write(output.bytes)
        flushed += output.count
        output.removeAll()
    }

    var tooManySteps: String {
        "rendering ran more than \(limits.maximumSteps) template operations; a section nested in itself over a long list, or a partial that includes itself more than once, multiplies the work"
    }

    /// The deepest partials may include one another (a partial that includes itself forever stops there).
    /// Deep enough for a template that renders each level of groups nested as deep as the loader allows
    /// through a partial; the step limit bounds the work whatever the depth.
    static let maximumPartialDepth = 1_000

    /// A stretch of instructions being run: a whole program (the template or a partial) or a section's body,
    /// with the list the body is run for, if any.
    struct Frame {
        /// The list a section's body runs for, each item pushed as the context in turn.
        enum Loop {
            case once
            case single
            case list([MustacheValue])
            case items(MustacheItems)
            case strings([String])
        }

        let program: Program
        let start: Int
        let end: Int
        var index: Int
        /// How many partials deep the instructions are.
        let depth: Int
        let loop: Loop
        /// The list's next item, and how many it has (none for `once` and `single`).
        var next = 0
        var count = 0
    }

    /// Runs `program` with `stack` as the context. Sections and partials nest in a list of frames, not in
    /// calls: a template that renders nested groups through a partial a level is as deep as the groups.
    mutating func run(_ program: Program, _ stack: inout [MustacheValue], depth: Int) {
        var current = Frame(program: program, start: 0, end: program.instructions.count, index: 0, depth: depth, loop: .once)
        // The current frame's program and its instructions, read once a frame rather than once an instruction.
        var program = program
        var instructions = program.instructions
        var suspended: [Frame] = []
        while true {
            if current.index >= current.end {
                // The stretch ended: run the body again for the list's next item, or go back to the frame below.
                if case .once = current.loop {} else { stack.removeLast() }
                if current.next < current.count {
                    switch current.loop {
                    case .list(let items): stack.append(items[current.next])
                    case .items(let items): stack.append(items.item(current.next))
                    case .strings(let items): stack.append(.string(items[current.next]))
                    case .once, .single: break
                    }
                    current.next += 1
                    current.index = current.start
                    continue
                }
                guard let below = suspended.popLast() else { return }
                current = below
                program = current.program
                instructions = program.instructions
                continue
            }
            let instruction = instructions[current.index]
            current.index += 1
            steps += 1
            if steps > limits.maximumSteps {
                exceeded = tooManySteps
                return
            }
            if output.count >= outputSinkChunk { flushOutput() }
            if flushed + output.count > limits.maximumOutputBytes {
                exceeded = "the output grew past \(limits.maximumOutputBytes >> 20) MiB; a section nested in itself over a long list, or a partial that includes itself more than once, multiplies the output"
                return
            }
            switch instruction.kind {
            case .text:
                output.append(UnsafeBufferPointer(rebasing: program.text[instruction.first..<instruction.first + instruction.count]))
            case .escaped:
                appendEscaped(resolve(program, instruction, stack)?.text ?? "")
            case .unescaped:
                output.append(resolve(program, instruction, stack)?.text ?? "")
            case .inverted:
                let body = current.index
                current.index = instruction.end
                if !(resolve(program, instruction, stack) ?? .null).isTruthy {
                    let depth = current.depth
                    suspended.append(consume current)
                    current = Frame(program: program, start: body, end: instruction.end, index: body, depth: depth, loop: .once)
                }
            case .section:
                let body = current.index
                current.index = instruction.end
                let value = resolve(program, instruction, stack) ?? .null
                guard value.isTruthy else { continue }
                var section: Frame
                switch value {
                case .list(let items):
                    guard let first = items.first else { continue }
                    stack.append(first)
                    section = Frame(program: program, start: body, end: instruction.end, index: body, depth: current.depth, loop: .list(items))
                    section.count = items.count
                case .items(let items):
                    guard items.count > 0 else { continue }
                    stack.append(items.item(0))
                    section = Frame(program: program, start: body, end: instruction.end, index: body, depth: current.depth, loop: .items(items))
                    section.count = items.count
                case .strings(let items):
                    guard let first = items.first else { continue }
                    stack.append(.string(first))
                    section = Frame(program: program, start: body, end: instruction.end, index: body, depth: current.depth, loop: .strings(items))
                    section.count = items.count
                default:
                    stack.append(value)
                    section = Frame(program: program, start: body, end: instruction.end, index: body, depth: current.depth, loop: .single)
                }
                section.next = 1
                // Moved, not copied: a copy retained the frame's program and list, and the reassignment released them.
                suspended.append(consume current)
                current = section
            case .partial:
                guard current.depth < Self.maximumPartialDepth else { continue }
                let compiled: Program
                if let last = lastPartial, last.program == ObjectIdentifier(program), last.index == instruction.first {
                    compiled = last.compiled
                } else {
                    let partial = program.partials[instruction.first]
                    guard let source = partials[partial.name] else { continue }
                    if let known = compiledPartials[partial.cacheKey] {
                        compiled = known
                    } else {
                        // Each indentation compiles the partial again; its length counts against the step limit,
                        // so a partial that includes itself ever deeper indented cannot compile without end.
                        let indented = Self.indent(source, partial.indentation)
                        steps += indented.utf8.count
                        guard steps <= limits.maximumSteps else {
                            exceeded = tooManySteps
                            return
                        }
                        compiled = (try? MustacheTemplate(indented).program) ?? Program([])
                        compiledPartials[partial.cacheKey] = compiled
                    }
                    lastPartial = (ObjectIdentifier(program), instruction.first, compiled)
                }
                let depth = current.depth + 1
                suspended.append(consume current)
                current = Frame(program: compiled, start: 0, end: compiled.instructions.count, index: 0, depth: depth, loop: .once)
                program = compiled
                instructions = compiled.instructions
            }
        }
    }

    static func indent(_ source: String, _ indentation: String) -> String {
        guard !indentation.isEmpty else { return source }
        var out = indentation
        let scalars = Array(source.unicodeScalars)
        for (i, c) in scalars.enumerated() {
            out.unicodeScalars.append(c)
            if c == "\n", i < scalars.count - 1 { out += indentation }
        }
        return out
    }

    mutating func appendEscaped(_ text: String) {
        // Most values need no escaping: scanned as one UTF-8 buffer, read in place, and copied whole.
        let plain = text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard !utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"") })
            else { return false }
            output.append(utf8)
            return true
        } ?? false
        if plain { return }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): output.append("&amp;")
            case UInt8(ascii: "<"): output.append("&lt;")
            case UInt8(ascii: ">"): output.append("&gt;")
            case UInt8(ascii: "\""): output.append("&quot;")
            default: output.append(byte)
            }
        }
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
