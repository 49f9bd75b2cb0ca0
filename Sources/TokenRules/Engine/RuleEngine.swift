import TokenModel

/// Runs the guideline rules, applies the configuration and `ignore` entries, and reports unused ignores.
public struct RuleEngine: Sendable {
    /// The configuration.
    public var configuration: RuleConfiguration

    /// Creates an engine.
    public init(configuration: RuleConfiguration = RuleConfiguration()) {
        self.configuration = configuration
    }

    /// The id of the finding for an `ignore` entry that silenced nothing.
    public static let unusedIgnoreID = "rules/unused-ignore"

    /// Checks the tokens with every guideline rule.
    public func check(_ set: ResolvedTokenSet, readFile: @escaping (String, String) -> [UInt8]? = { _, _ in nil }) -> [Diagnostic] {
        let context = RuleContext(tokens: set.tokens, configuration: configuration, readFile: readFile)
        var diagnostics: [Diagnostic] = []
        var ignores: [String: [IgnoredRule]] = [:]
        for token in set.tokens where !token.token.facts.ignore.isEmpty { ignores[token.path] = token.token.facts.ignore }
        var used: Set<SourceLocation> = []
        for rule in RuleRegistry.guidelineRules {
            let description = type(of: rule).description
            let level = configuration.levels[description.id]
            if level == .off { continue }
            for finding in rule.check(context) {
                if let ignore = ignores[finding.path]?.first(where: { $0.rule == description.id }) {
                    used.insert(ignore.location)
                    continue
                }
                let severity: Severity
                switch level {
                case .info?: severity = .info
                case .warning?: severity = .warning
                case .error?: severity = .error
                default: severity = finding.severity ?? description.severity
                }
                diagnostics.append(Diagnostic(
                    id: description.id, severity: severity, message: finding.message, location: finding.location,
                    path: finding.path, related: finding.related, fix: finding.fix, data: finding.data))
            }
        }
        let known = Set(RuleRegistry.all.map(\.id))
        for (path, entries) in ignores {
            for entry in entries where !used.contains(entry.location) {
                let unknown = !known.contains(entry.rule)
                diagnostics.append(Diagnostic(
                    id: Self.unusedIgnoreID, severity: .warning,
                    message: unknown ? "`\(entry.rule)` is not a rule, so this `ignore` silences nothing"
                        : "`\(entry.rule)` finds nothing on `\(path)`, so this `ignore` is not needed",
                    location: entry.location, path: path,
                    fix: unknown ? "list the rules with `tokenc rules`" : "remove the entry"))
            }
        }
        return diagnostics
    }
}
