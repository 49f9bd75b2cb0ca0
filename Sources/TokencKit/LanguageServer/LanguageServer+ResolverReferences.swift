import TokenModel

extension LanguageServer {
    /// The `$ref` value a request's position is on, and the path of the document it is written in.
    private func referenceAt(_ params: JSONValue) -> (path: String, reference: String)? {
        guard let (path, line, character) = Self.documentPosition(params),
              let lineText = lines(ofPath: path)[line + 1],
              let reference = Self.reference(in: lineText, atUTF16: character) else { return nil }
        return (path, reference)
    }

    /// Go to definition on a resolver document's `$ref`: a token file (relative to the document), a set or
    /// modifier of the document itself (`#/sets/base`), or a group of a file (`themes.json#/orange`). Nil when
    /// the position is not on a `$ref`'s value.
    func referenceDefinition(_ params: JSONValue) -> JSONValue? {
        referenceAt(params).map { definition(of: $0.reference, from: $0.path) }
    }

    /// Where `reference`, written in the document at `path`, points: null when it names a file that is not there.
    private func definition(of reference: String, from path: String) -> JSONValue {
        let (file, pointer) = Self.target(of: reference, from: path)
        let lines = lines(ofPath: file)
        // An empty text is a file that is not there, or an empty one: only the first is no definition.
        guard !lines.text.isEmpty || text(ofPath: file) != nil else { return .null }
        let target = Self.line(of: pointer.split(separator: "/").map(JSONPointer.unescaped), in: lines)
        return .object(["uri": .string(DocumentURI.uri(of: file)), "range": lines.range(line: target.line, from: target.column, to: target.column)])
    }

    /// `textDocument/references` on a `$ref`'s value: every `$ref` in `files` naming the same file and pointer
    /// (each read relative to its own document), and the target itself when the editor asks for the declaration.
    /// Nil when the position is not on a `$ref`'s value.
    func referenceReferences(_ params: JSONValue, files: [String]) -> JSONValue? {
        guard let (path, reference) = referenceAt(params) else { return nil }
        let wanted = Self.target(of: reference, from: path)
        var locations: [JSONValue] = []
        if params["context"]?["includeDeclaration"] == .bool(true), case let definition = definition(of: reference, from: path), definition != .null {
            locations.append(definition)
        }
        for file in files.contains(path) ? files : files + [path] {
            let lines = lines(ofPath: file)
            guard lines.text.contains("$ref") else { continue }
            for number in 1...lines.count {
                for found in Self.references(in: lines[number]!) where Self.target(of: found.value, from: file) == wanted {
                    locations.append(.object(["uri": .string(DocumentURI.uri(of: file)), "range": lines.range(line: number, from: found.from, to: found.to)]))
                }
            }
        }
        return .array(locations)
    }

    /// What a `$ref` written in the document at `path` names: the absolute file (the document itself for `#/…`)
    /// and the pointer, so two spellings of one target compare equal.
    static func target(of reference: String, from path: String) -> (file: String, pointer: String) {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file = parts[0].isEmpty ? path : absolute(String(parts[0]), in: PathText.parent(path))
        return (file, parts.count > 1 ? String(parts[1]) : "")
    }

    /// Every `$ref` value on `line`, unquoted, with its scalar columns (1-based, the end past the last).
    static func references(in line: Substring) -> [(value: String, from: Int, to: Int)] {
        let scalars = Array(line.unicodeScalars)
        let key = Array("$ref".unicodeScalars)
        var found: [(String, Int, Int)] = []
        var search = 0
        while search + key.count <= scalars.count {
            defer { search += 1 }
            guard scalars[search..<search + key.count].elementsEqual(key) else { continue }
            var i = search + key.count
            if i < scalars.count, scalars[i] == "\"" || scalars[i] == "'" { i += 1 }
            while i < scalars.count, scalars[i] == " " { i += 1 }
            guard i < scalars.count, scalars[i] == ":" else { continue }
            i += 1
            while i < scalars.count, scalars[i] == " " { i += 1 }
            var start = i, end = i
            if i < scalars.count, scalars[i] == "\"" || scalars[i] == "'" {
                let quote = scalars[i]
                start = i + 1
                end = start
                while end < scalars.count, scalars[end] != quote { end += 1 }
            } else {
                // Unquoted (a `#` would start a comment in YAML): to the next space or delimiter.
                while end < scalars.count, !" ,}]".unicodeScalars.contains(scalars[end]) { end += 1 }
            }
            guard start < end else { continue }
            found.append((String(String.UnicodeScalarView(scalars[start..<end])), start + 1, end + 1))
            search = end
        }
        return found
    }

    /// The `$ref` value on `line` whose text holds the UTF-16 `character`.
    static func reference(in line: Substring, atUTF16 character: Int) -> String? {
        let scalars = Array(line.unicodeScalars)
        func utf16(_ column: Int) -> Int { scalars.prefix(column - 1).reduce(0) { $0 + $1.utf16.count } }
        return references(in: line).first { utf16($0.from) <= character && character <= utf16($0.to) }?.value
    }

    /// Where the key a JSON Pointer names is written (1-based line and scalar column), found in the text: each
    /// segment is the first key after the previous one indented deeper than it, in block YAML and JSON alike. The
    /// file's start when the pointer is empty; the deepest key found when the rest is not written.
    static func line(of pointer: [String], in lines: LineTexts) -> (line: Int, column: Int) {
        var found = (line: 1, column: 1), depth = -1, line = 1
        for segment in pointer {
            var next: (line: Int, column: Int, depth: Int)?
            while line <= lines.count, next == nil {
                let text = lines[line]!
                let indent = text.prefix { $0 == " " || $0 == "\t" }.count
                var rest = text.dropFirst(indent)
                if rest.hasPrefix("\"") || rest.hasPrefix("'") { rest = rest.dropFirst() }
                if indent > depth, rest.hasPrefix(segment),
                   case let after = rest.dropFirst(segment.count).drop(while: { $0 == "\"" || $0 == "'" || $0 == " " }), after.hasPrefix(":") {
                    next = (line, indent + 1, indent)
                }
                line += 1
            }
            guard let next else { return found }
            found = (next.line, next.column)
            depth = next.depth
        }
        return found
    }
}
