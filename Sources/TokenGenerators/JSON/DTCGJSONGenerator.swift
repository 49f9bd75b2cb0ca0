import TokenModel

/// Writes the tokens as DTCG 2025.10 JSON and as a flat map of paths to values per mode.
public struct DTCGJSONGenerator: Generator {
    /// Whether aliases are written as the resolved value or kept as `{path}` references.
    public enum AliasStyle: String, Sendable, CaseIterable {
        case resolved, kept
    }

    /// `json`.
    public let id = "json"
    /// How aliases are written in `tokens.json` (the flat map is always resolved).
    public var aliases: AliasStyle

    /// Creates the generator.
    public init(aliases: AliasStyle = .resolved) {
        self.aliases = aliases
    }

    /// Renders `json/tokens.json` (nested DTCG groups) and `json/tokens.flat.json`.
    public func generate(_ set: ResolvedTokenSet) -> [GeneratedFile] {
        var nestedWriter = JSONWriter(capacity: set.tokens.count * 160)
        nested(set, &nestedWriter)
        var flatWriter = JSONWriter(capacity: set.tokens.count * 120)
        flat(set, &flatWriter)
        return [
            GeneratedFile(relativePath: "json/tokens.json", contents: nestedWriter.bytes),
            GeneratedFile(relativePath: "json/tokens.flat.json", contents: flatWriter.bytes),
        ]
    }

    /// Writes both files into sinks a chunk at a time.
    public func render(_ set: ResolvedTokenSet, sinks: any OutputSinks) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) {
        var nestedWriter = JSONWriter(sink: sinks.open("json/tokens.json"))
        nested(set, &nestedWriter)
        nestedWriter.finish()
        var flatWriter = JSONWriter(sink: sinks.open("json/tokens.flat.json"))
        flat(set, &flatWriter)
        flatWriter.finish()
        return ([], [])
    }

    private func nested(_ set: ResolvedTokenSet, _ writer: inout JSONWriter) {
        // tokenc's own types go under the root's `$extensions["dev.tokenc"]`, so the file stays valid DTCG.
        let standard = set.tokens.filter { !$0.type.isTokencExtension }
        let own = set.tokens.filter { $0.type.isTokencExtension }
        writer.object { writer in
            writeMembers(&writer, standard, paths(standard), range: 0..<standard.count, depth: 0)
            if !own.isEmpty {
                writer.member("$extensions")
                writer.object { writer in
                    writer.member("dev.tokenc")
                    writeGroup(&writer, own, paths(own), range: 0..<own.count, depth: 0)
                }
            }
        }
        writer.raw("\n")
    }

    private func paths(_ tokens: [ResolvedToken]) -> [[String]] {
        tokens.map { TokenPath.segments($0.path) }
    }

    private func writeGroup(_ writer: inout JSONWriter, _ tokens: [ResolvedToken], _ paths: [[String]],
                            range: Range<Int>, depth: Int)
    {
        writer.object { writer in writeMembers(&writer, tokens, paths, range: range, depth: depth) }
    }

    /// Tokens are sorted by path, so a group's tokens are contiguous: groups are written as the walk meets them.
    private func writeMembers(_ writer: inout JSONWriter, _ tokens: [ResolvedToken], _ paths: [[String]],
                              range: Range<Int>, depth: Int)
    {
        var i = range.lowerBound
        while i < range.upperBound {
            let name = paths[i][depth]
            var end = i + 1
            while end < range.upperBound, paths[end][depth] == name { end += 1 }
            writer.member(name)
            if paths[i].count == depth + 1 {
                // A token and a group never share a path: the tree stage rejects it.
                writeToken(&writer, tokens[i])
            } else {
                writeGroup(&writer, tokens, paths, range: i..<end, depth: depth + 1)
            }
            i = end
        }
    }

    private func writeToken(_ writer: inout JSONWriter, _ token: ResolvedToken) {
        let source = token.token
        defer { writer.passChunk() }
        writer.object { writer in
            writer.member("$type")
            writer.string(token.type.rawValue)
            writer.member("$value")
            if aliases == .kept { writer.node(source.value) } else { writer.node(token.values[0].value) }
            if let description = source.description {
                writer.member("$description")
                writer.string(description)
            }
            if let deprecation = source.deprecation {
                writer.member("$deprecated")
                if deprecation.isEmpty { writer.raw("true") } else { writer.string(deprecation) }
            }
            // The other modes are written from where they are, by index: gathering them as (mode, value)
            // pairs copied every pair of every token through the runtime's generic tuple copy.
            let otherModes = aliases == .kept ? source.modes.count : token.values.count - 1
            let extensions = source.extensions?.mappingEntries?.filter { $0.key != "mode" } ?? []
            if otherModes > 0 || !extensions.isEmpty {
                writer.member("$extensions")
                writer.object { writer in
                    for entry in extensions {
                        writer.member(entry.key)
                        writer.node(entry.value)
                    }
                    if otherModes > 0 {
                        writer.member("mode")
                        writer.object { writer in
                            if aliases == .kept {
                                for k in source.modes.indices {
                                    writer.member(source.modes[k].name)
                                    writer.node(source.modes[k].value)
                                }
                            } else {
                                for k in 1..<token.values.count {
                                    writer.member(token.values[k].mode)
                                    writer.node(token.values[k].value)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private func flat(_ set: ResolvedTokenSet, _ writer: inout JSONWriter) {
        writer.object { writer in
            for token in set.tokens {
                writer.member(token.path)
                writer.object { writer in
                    writer.member("type")
                    writer.string(token.type.rawValue)
                    for k in token.values.indices {
                        writer.member(token.values[k].mode)
                        writer.node(token.values[k].value)
                    }
                }
                writer.passChunk()
            }
        }
        writer.raw("\n")
    }
}
