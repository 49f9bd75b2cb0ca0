import TokenModel

/// Writes the resolved tokens as DTCG 2025.10 JSON and as a flat map of paths to values per mode.
public struct DTCGJSONGenerator: Generator {
    /// `json`.
    public let id = "json"

    /// Creates the generator.
    public init() {}

    /// Renders `json/tokens.json` (nested DTCG groups) and `json/tokens.flat.json`.
    public func generate(_ set: ResolvedTokenSet) -> [GeneratedFile] {
        [
            GeneratedFile(relativePath: "json/tokens.json", contents: Array(nested(set).utf8)),
            GeneratedFile(relativePath: "json/tokens.flat.json", contents: Array(flat(set).utf8)),
        ]
    }

    private func nested(_ set: ResolvedTokenSet) -> String {
        // Tokens are sorted by path, so a group's tokens are contiguous: write groups as we walk.
        var writer = JSONWriter(capacity: set.tokens.count * 160)
        let paths = set.tokens.map { $0.path.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
        writeGroup(&writer, set.tokens, paths, range: 0..<set.tokens.count, depth: 0)
        writer.raw("\n")
        return writer.text
    }

    private func writeGroup(_ writer: inout JSONWriter, _ tokens: [ResolvedToken], _ paths: [[String]],
                            range: Range<Int>, depth: Int)
    {
        writer.object { writer in
            var i = range.lowerBound
            while i < range.upperBound {
                let name = paths[i][depth]
                var end = i + 1
                while end < range.upperBound, paths[end][depth] == name { end += 1 }
                writer.member(name)
                if paths[i].count == depth + 1 {
                    writeToken(&writer, tokens[i])
                    // A token and a group never share a path: the tree stage rejects it.
                    if end > i + 1 { writeGroup(&writer, tokens, paths, range: (i + 1)..<end, depth: depth + 1) }
                } else {
                    writeGroup(&writer, tokens, paths, range: i..<end, depth: depth + 1)
                }
                i = end
            }
        }
    }

    private func writeToken(_ writer: inout JSONWriter, _ token: ResolvedToken) {
        writer.object { writer in
            writer.member("$type")
            writer.string(token.type.rawValue)
            writer.member("$value")
            writer.node(token.values[0].value)
            if let description = token.token.description {
                writer.member("$description")
                writer.string(description)
            }
            if let deprecation = token.token.deprecation {
                writer.member("$deprecated")
                if deprecation.isEmpty { writer.raw("true") } else { writer.string(deprecation) }
            }
            let otherModes = token.values.dropFirst()
            let extensions = token.token.extensions?.mappingEntries?.filter { $0.key != "mode" } ?? []
            if !otherModes.isEmpty || !extensions.isEmpty {
                writer.member("$extensions")
                writer.object { writer in
                    for entry in extensions {
                        writer.member(entry.key)
                        writer.node(entry.value)
                    }
                    if !otherModes.isEmpty {
                        writer.member("mode")
                        writer.object { writer in
                            for (mode, value) in otherModes {
                                writer.member(mode)
                                writer.node(value)
                            }
                        }
                    }
                }
            }
        }
    }

    private func flat(_ set: ResolvedTokenSet) -> String {
        var writer = JSONWriter(capacity: set.tokens.count * 120)
        writer.object { writer in
            for token in set.tokens {
                writer.member(token.path)
                writer.object { writer in
                    writer.member("type")
                    writer.string(token.type.rawValue)
                    for (mode, value) in token.values {
                        writer.member(mode)
                        writer.node(value)
                    }
                }
            }
        }
        writer.raw("\n")
        return writer.text
    }
}
