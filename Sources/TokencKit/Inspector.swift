import TokenGenerators
import TokenModel
import TokenResolver

/// Answers "what is this token and why was it flagged?": values per appearance, alias chain, location, findings.
public struct Inspector: Sendable {
    /// The version of the JSON shape.
    public static let schemaVersion = 1

    /// The run to report on.
    public var result: PipelineResult

    /// Creates an inspector for a pipeline result.
    public init(result: PipelineResult) { self.result = result }

    /// The report for the tokens named by `paths` (all when empty), as JSON or text.
    public func report(_ paths: [String], json: Bool) throws(ToolError) -> String {
        let tokens = try select(paths)
        return json ? self.json(tokens) : text(tokens)
    }

    /// The tokens named by `paths` (all when empty), a group's path naming every token in it, or a tool error
    /// naming an unknown path with a suggestion.
    public func select(_ paths: [String]) throws(ToolError) -> [ResolvedToken] {
        guard !paths.isEmpty else { return result.tokens.tokens }
        var byPath: [String: ResolvedToken] = [:]
        for token in result.tokens.tokens { byPath[token.path] = token }
        var selected: [ResolvedToken] = []
        for path in paths {
            if let token = byPath[path] {
                selected.append(token)
                continue
            }
            // A group's path names its tokens, in path order as the set keeps them.
            let prefix = path + "."
            let members = result.tokens.tokens.filter { $0.path.hasPrefix(prefix) }
            guard members.isEmpty else {
                selected += members
                continue
            }
            let suggestion = NearestName.find(path, in: result.tokens.tokens.map(\.path))
            throw ToolError("no token or group named `\(path)`" + (suggestion.map { "; did you mean `\($0)`?" } ?? ""))
        }
        return selected
    }

    private func findings(for token: ResolvedToken) -> [Diagnostic] {
        result.diagnostics.filter { $0.path == token.path }
    }

    /// The JSON report: `{schemaVersion, tokens: [{path, type, file, line, column, aliasChain, modes, findings}]}`.
    public func json(_ tokens: [ResolvedToken]) -> String {
        var writer = JSONWriter(capacity: tokens.count * 400)
        writer.object { writer in
            writer.member("schemaVersion")
            writer.raw(String(Self.schemaVersion))
            writer.member("tokens")
            writer.array(tokens.count) { writer, i in
                let token = tokens[i]
                writer.object { writer in
                    writer.member("path"); writer.string(token.path)
                    writer.member("type"); writer.string(token.type.rawValue)
                    writer.member("file"); writer.string(token.token.location.file)
                    writer.member("line"); writer.raw(String(token.token.location.line))
                    writer.member("column"); writer.raw(String(token.token.location.column))
                    if let description = token.token.description {
                        writer.member("description"); writer.string(description)
                    }
                    if let deprecation = token.deprecation {
                        writer.member("deprecated"); writer.string(deprecation)
                    }
                    writer.member("aliasChain")
                    writer.array(token.aliasChain.count) { writer, j in writer.string(token.aliasChain[j]) }
                    writer.member("modes")
                    writer.object { writer in
                        for entry in token.values {
                            writer.member(entry.mode)
                            modeValue(&writer, token.type, entry.value, mode: entry.mode)
                        }
                    }
                    let found = findings(for: token)
                    writer.member("findings")
                    writer.array(found.count) { writer, j in writer.raw(JSONReporter.finding(found[j])) }
                }
            }
        }
        return writer.text + "\n"
    }

    private func modeValue(_ writer: inout JSONWriter, _ type: TokenType, _ value: Node, mode: String) {
        guard type == .color, case .success(let parsed) = ColorValue.parse(value) else {
            writer.object { writer in
                writer.member("value")
                writer.node(value)
            }
            return
        }
        let color = parsed.color(in: mode)
        let oklch = color.converted(to: .oklch).components
        writer.object { writer in
            if case .system(let system) = parsed {
                writer.member("system"); writer.string(system.name)
            }
            writer.member("colorSpace"); writer.string(color.space.rawValue)
            writer.member("components")
            writer.array(3) { writer, k in
                let c = color.components[k]
                if c.isNaN { writer.string("none") } else { writer.number(Self.rounded(c)) }
            }
            writer.member("alpha"); writer.number(Self.rounded(color.alpha))
            writer.member("hex"); writer.string(color.hex)
            writer.member("inSRGB"); writer.raw(color.isInGamut(.srgb) ? "true" : "false")
            writer.member("oklch")
            writer.array(3) { writer, k in writer.number(Self.rounded(oklch[k])) }
        }
    }

    /// Six decimals: enough for any screen, and stable across platforms' last-bit differences.
    static func rounded(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }

    /// `deprecated`, or `deprecated: ` and the explanation; nil for a token that is not deprecated.
    static func deprecationNote(_ token: ResolvedToken) -> String? {
        token.deprecation.map { $0.isEmpty ? "deprecated" : "deprecated: \($0)" }
    }

    /// A human-readable report, one block per token.
    public func text(_ tokens: [ResolvedToken]) -> String {
        var out = ""
        for token in tokens {
            out += "\(token.path)  \(token.type.rawValue)  \(token.token.location)\n"
            if let description = token.token.description { out += "  \(description)\n" }
            if let note = Self.deprecationNote(token) { out += "  \(note)\n" }
            if !token.aliasChain.isEmpty { out += "  alias: " + token.aliasChain.map { "→ \($0)" }.joined(separator: " ") + "\n" }
            let width = token.values.map(\.mode.count).max() ?? 0
            for entry in token.values {
                let label = entry.mode.padded(to: width)
                out += "  \(label)  \(describe(token.type, entry.value, mode: entry.mode))\n"
            }
            let found = findings(for: token)
            for finding in found { out += "  \(finding.severity.rawValue): \(finding.message) [\(finding.id)]\n" }
            out += "\n"
        }
        return out
    }

    private func describe(_ type: TokenType, _ value: Node, mode: String) -> String {
        if type == .color, case .success(let parsed) = ColorValue.parse(value) {
            let color = parsed.color(in: mode)
            let l = color.converted(to: .oklch).components
            var text = color.hex
            if case .system(let system) = parsed { text = "{system.\(system.name)} " + text }
            text += "  oklch(\(Self.short(l.x)) \(Self.short(l.y)) \(Self.short(l.z)))"
            if !color.isInGamut(.srgb) { text += "  outside sRGB (\(color.space.rawValue); sRGB fallback shown)" }
            return text
        }
        var writer = JSONWriter()
        writer.node(value)
        return writer.text.split(separator: "\n").map { $0.trimmingBlanks() }.joined(separator: " ")
    }

    static func short(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

