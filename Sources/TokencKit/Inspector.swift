import TokenGenerators
import SourceTree
import TokenModel
import TokenResolver
import TokenRules
import TokenColor

/// Answers "what is this token and why was it flagged?": values per appearance, alias chain, location, the
/// contrast of its declared pairs, findings.
public struct Inspector: Sendable {
    /// The version of the JSON shape.
    public static let schemaVersion = 1

    /// The run to report on.
    public var result: PipelineResult
    /// The declared contrast pairs measured per appearance with the run's minimums, by foreground and by surface.
    private let cellsByForeground: [String: [ContrastCell]], cellsBySurface: [String: [ContrastCell]]
    /// The findings by token path, looked up once per token shown (a whole set is shown by `inspect` alone).
    private let findingsByPath: [String: [Diagnostic]]

    /// Creates an inspector for a pipeline result whose rules ran with `rules` (tokenc.yml's thresholds); the
    /// pairs are measured here unless the pipeline measured them (`measuresContrast`).
    public init(result: PipelineResult, rules: RuleConfiguration = RuleConfiguration()) {
        self.result = result
        let cells = result.contrast ?? ContrastMatrix.cells(result.tokens, configuration: rules)
        cellsByForeground = Dictionary(grouping: cells, by: \.foreground)
        cellsBySurface = Dictionary(grouping: cells, by: \.surface)
        findingsByPath = Dictionary(grouping: result.diagnostics.filter { $0.path != nil }, by: { $0.path! })
    }

    /// The token's measured pairs: those it is drawn on (as foreground), then those drawn on it (as surface).
    func contrastCells(of token: ResolvedToken) -> (on: [ContrastCell], under: [ContrastCell]) {
        (cellsByForeground[token.path] ?? [], cellsBySurface[token.path] ?? [])
    }

    /// Text lines of measured pairs, one per other token: `on color.background.primary (text, 4.5:1)  light 16.1:1  dark 2.9:1 below`.
    static func contrastLines(_ cells: [ContrastCell], other: (ContrastCell) -> String, word: String) -> [String] {
        var order: [String] = [], byOther: [String: [ContrastCell]] = [:]
        for cell in cells {
            let key = other(cell)
            if byOther[key] == nil { order.append(key) }
            byOther[key, default: []].append(cell)
        }
        return order.map { key in
            let cells = byOther[key]!
            let minimums = Set(cells.map(\.minimum))
            var line = "\(word) \(key) (\(cells[0].kind)" + (minimums.count == 1 ? ", needs \(ratio(cells[0].minimum)))" : ")")
            for cell in cells {
                line += "  \(cell.mode) \(ratio(cell.ratio))"
                if !cell.passes { line += minimums.count == 1 ? " below" : " below \(ratio(cell.minimum))" }
            }
            return line
        }
    }

    /// A ratio as `4.5:1`, to two decimals at the most.
    static func ratio(_ value: Double) -> String { short((value * 100).rounded() / 100) + ":1" }

    /// The report for the tokens named by `paths` (all when empty), as JSON or text, handed to `sink` a chunk at
    /// a time as it is made: every token of 100,000 is 120 MB of JSON, which made whole (and copied into a
    /// string) took 505 MB.
    public func write(_ paths: [String], json: Bool, to sink: any OutputSink) throws(ToolError) {
        let tokens = try select(paths)
        if json { self.json(tokens, to: sink) } else { text(tokens, to: sink) }
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
        findingsByPath[token.path] ?? []
    }

    /// The JSON report, `{schemaVersion, tokens: [{path, type, file, line, column, aliasChain, modes, findings}]}`,
    /// into `sink` a chunk at a time.
    private func json(_ tokens: [ResolvedToken], to sink: any OutputSink) {
        var writer = JSONWriter(sink: sink)
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
                    let overrides = token.token.overrides
                    if !overrides.isEmpty {
                        // The definitions a resolver document's later source replaced, earliest first.
                        writer.member("overrides")
                        writer.array(overrides.count) { writer, j in
                            writer.object { writer in
                                writer.member("file"); writer.string(overrides[j].file)
                                writer.member("line"); writer.raw(String(overrides[j].line))
                                writer.member("column"); writer.raw(String(overrides[j].column))
                            }
                        }
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
                    let (on, under) = contrastCells(of: token)
                    writer.member("contrast")
                    let cells = on + under
                    writer.array(cells.count) { writer, j in
                        let cell = cells[j]
                        writer.object { writer in
                            writer.member("foreground"); writer.string(cell.foreground)
                            writer.member("surface"); writer.string(cell.surface)
                            writer.member("mode"); writer.string(cell.mode)
                            writer.member("kind"); writer.string(cell.kind)
                            writer.member("ratio"); writer.number(Self.rounded(cell.ratio))
                            writer.member("minimum"); writer.number(cell.minimum)
                            writer.member("passes"); writer.raw(cell.passes ? "true" : "false")
                        }
                    }
                    let found = findings(for: token)
                    writer.member("findings")
                    writer.array(found.count) { writer, j in writer.raw(JSONReporter.finding(found[j])) }
                }
                writer.passChunk()
            }
        }
        writer.raw(literal: "\n")
        writer.finish()
    }

    private func modeValue(_ writer: inout JSONWriter, _ type: TokenType, _ value: Node, mode: String) {
        guard type == .color, case .success(let parsed) = ColorValue.parse(value) else {
            writer.object { writer in
                writer.member("value")
                writer.plain(PlainValue(value))
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

    /// A human-readable report, one block per token, into `sink` a chunk at a time.
    private func text(_ tokens: [ResolvedToken], to sink: any OutputSink) {
        var out = StreamedText(to: sink)
        for token in tokens {
            out += "\(token.path)  \(token.type.rawValue)  \(token.token.location)\n"
            if let description = token.token.description { out += "  \(description)\n" }
            if let note = Self.deprecationNote(token) { out += "  \(note)\n" }
            if !token.aliasChain.isEmpty { out += "  alias: " + token.aliasChain.map { "→ \($0)" }.joined(separator: " ") + "\n" }
            for overridden in token.token.overrides { out += "  overrides \(overridden) (a source merged before it)\n" }
            let width = token.values.map(\.mode.count).max() ?? 0
            for entry in token.values {
                let label = entry.mode.padded(to: width)
                out += "  \(label)  \(describe(token.type, entry.value, mode: entry.mode))\n"
            }
            let (on, under) = contrastCells(of: token)
            for line in Self.contrastLines(on, other: \.surface, word: "on") + Self.contrastLines(under, other: \.foreground, word: "under") {
                out += "  \(line)\n"
            }
            let found = findings(for: token)
            for finding in found { out += "  \(finding.severity.rawValue): \(finding.message) [\(finding.id)]\n" }
            out += "\n"
        }
        out.finish()
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
        writer.plain(PlainValue(value))
        return writer.text.split(separator: "\n").map { $0.trimmingBlanks() }.joined(separator: " ")
    }

    static func short(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded.wholeNumberText ?? String(rounded)
    }
}
