import TokenModel

extension LanguageServer {
    /// Go to definition on a resolver document's `$ref`: a token file (relative to the document), a set or
    /// modifier of the document itself (`#/sets/base`), or a group of a file (`themes.json#/orange`). Nil when
    /// the position is not on a `$ref`'s value.
    func referenceDefinition(_ params: JSONValue) -> JSONValue? {
        guard let uri = params["textDocument"]?["uri"]?.string, let path = DocumentURI.path(of: uri),
              let line = params["position"]?["line"]?.integer, let character = params["position"]?["character"]?.integer,
              let lineText = lines(ofPath: path)[line + 1],
              let reference = Self.reference(in: lineText, atUTF16: character) else { return nil }
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file = parts[0].isEmpty ? path : Self.absolute(String(parts[0]), in: PathText.parent(path))
        // A file that is not there is no definition.
        guard parts[0].isEmpty || text(ofPath: file) != nil else { return .null }
        let pointer = parts.count > 1 ? parts[1].split(separator: "/").map(Self.unescapedPointerSegment) : []
        let target = Self.line(of: pointer, in: lines(ofPath: file))
        return .object(["uri": .string(DocumentURI.uri(of: file)), "range": lines(ofPath: file).range(line: target.line, from: target.column, to: target.column)])
    }

    /// The `$ref` value on `line` whose text holds the UTF-16 `character`, unquoted.
    static func reference(in line: Substring, atUTF16 character: Int) -> String? {
        let scalars = Array(line.unicodeScalars)
        var units: [Int] = [0]
        for scalar in scalars { units.append(units.last! + scalar.utf16.count) }
        var search = 0
        let key = Array("$ref".unicodeScalars)
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
            guard start < end, units[start] <= character, character <= units[end] else { continue }
            return String(String.UnicodeScalarView(scalars[start..<end]))
        }
        return nil
    }

    /// A JSON Pointer segment with `~1` and `~0` read back as `/` and `~`.
    static func unescapedPointerSegment(_ segment: Substring) -> String {
        String(segment).replacing("~1", with: "/").replacing("~0", with: "~")
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
