import TokenModel

/// A template flattened for rendering: the instructions in one buffer (a section's body is the instructions
/// up to its `end`), the texts in one byte buffer and the tag names in a table, so rendering reads plain
/// memory and retains nothing per step (the nested operations retained each case's payload as it was read).
/// Immutable once made.
final class Program: Sendable {
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

    let instructions: [Instruction]
    let text: [UInt8]
    let keys: [String]
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
        self.instructions = instructions
        self.text = text
        self.keys = keys
        self.partials = partials
    }
}

/// Runs a program against a context, streaming the bytes to a sink a chunk at a time.
struct Renderer: ~Copyable {
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
        output.withBytes { sink.write($0) }
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
    /// with the list the body is run for, if any. (An inverted section's body runs in place, without one.)
    struct Frame {
        /// The list a section's body runs for, each item pushed as the context in turn: `single` for a section
        /// over one value that is not a list; `program` for a program of its own (the template or a partial), run
        /// once and the only kind of stretch that changes the program being run (frames hold no reference to it:
        /// taking one for each section retained and released the program twice a token).
        enum Loop {
            case program
            case single
            case list([MustacheValue])
            case items(MustacheItems)
            case strings([String])
        }

        let start: Int
        let end: Int
        var index: Int
        /// How many partials deep the instructions are.
        let depth: Int
        let loop: Loop
        /// The list's next item, and how many it has (none for `program` and `single`).
        var next = 0
        var count = 0
    }

    /// Runs `program` with `stack` as the context. Sections and partials nest in a list of frames, not in
    /// calls: a template that renders nested groups through a partial a level is as deep as the groups.
    mutating func run(_ program: Program, _ stack: inout [MustacheValue], depth: Int) {
        var current = Frame(start: 0, end: program.instructions.count, index: 0, depth: depth, loop: .program)
        // The programs being run, the template's first and the innermost partial's last; the current one and its
        // instructions are read once a program rather than once an instruction.
        var programs = [program]
        var program = program
        var instructions = program.instructions
        var suspended: [Frame] = []
        while true {
            if current.index >= current.end {
                // The stretch ended: run the body again for the list's next item, or go back to the frame below.
                if case .program = current.loop {} else { stack.removeLast() }
                if current.next < current.count {
                    switch current.loop {
                    case .list(let items): stack.append(items[current.next])
                    case .items(let items): stack.append(items.item(current.next))
                    case .strings(let items): stack.append(.string(items[current.next]))
                    case .program, .single: break
                    }
                    current.next += 1
                    current.index = current.start
                    continue
                }
                guard let below = suspended.popLast() else { return }
                if case .program = current.loop {
                    // A partial ended: the program that included it goes on.
                    programs.removeLast()
                    program = programs[programs.count - 1]
                    instructions = program.instructions
                }
                current = below
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
                output.append(program.text, in: instruction.first..<instruction.first + instruction.count)
            case .escaped:
                appendEscaped(resolve(program, instruction, stack)?.text ?? "")
            case .unescaped:
                output.append(resolve(program, instruction, stack)?.text ?? "")
            case .inverted:
                // A body shown runs in place: it pushes no context and runs once, and its last instruction is
                // followed by the one after the section, so it needs no frame of its own.
                if (resolve(program, instruction, stack) ?? .null).isTruthy { current.index = instruction.end }
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
                    section = Frame(start: body, end: instruction.end, index: body, depth: current.depth, loop: .list(items))
                    section.count = items.count
                case .items(let items):
                    guard items.count > 0 else { continue }
                    stack.append(items.item(0))
                    section = Frame(start: body, end: instruction.end, index: body, depth: current.depth, loop: .items(items))
                    section.count = items.count
                case .strings(let items):
                    guard let first = items.first else { continue }
                    stack.append(.string(first))
                    section = Frame(start: body, end: instruction.end, index: body, depth: current.depth, loop: .strings(items))
                    section.count = items.count
                default:
                    stack.append(value)
                    section = Frame(start: body, end: instruction.end, index: body, depth: current.depth, loop: .single)
                }
                section.next = 1
                // Moved, not copied: a copy retained the frame's list, and the reassignment released it.
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
                current = Frame(start: 0, end: compiled.instructions.count, index: 0, depth: depth, loop: .program)
                programs.append(compiled)
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
        // Most values need no escaping. A short one (a name) is copied and checked in one pass, and taken back out
        // when a byte needs escaping; a longer one is scanned as one UTF-8 buffer read in place, then copied whole.
        let plain = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            if utf8.count <= ByteBuffer.checkedCopyLimit {
                var plain = true
                output.append(upTo: utf8.count) { span in plain = span.append(utf8, unless: Self.isEscaped) }
                return plain
            }
            guard !utf8.contains(where: Self.isEscaped) else { return false }
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

    /// Whether an interpolated byte is written as an HTML entity: `&`, `<`, `>` or `"`.
    static func isEscaped(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
    }
}
