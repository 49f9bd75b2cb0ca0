import TokenModel

/// Reads a template into its tags and text and checks their nesting: what `MustacheTemplate` compiles.

struct Parser {
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
