import TokenModel

/// Per-rule severity and options, as `tokenc.yml` sets them.
public struct RuleConfiguration: Sendable {
    /// What a configured rule does: off, or a severity.
    public enum Level: String, Sendable, CaseIterable {
        case off, info, warning, error

        /// The severity findings get at this level; nil for `off`.
        public var severity: Severity? {
            switch self {
            case .off: nil
            case .info: .info
            case .warning: .warning
            case .error: .error
            }
        }
    }

    /// Levels by rule id; rules not listed keep their default.
    public var levels: [String: Level] = [:]
    /// Options by rule id and option name.
    public var options: [String: [String: Double]] = [:]

    /// Creates an empty configuration (every rule at its default).
    public init() {}

    /// The option value, or the rule's default.
    public func option(_ name: String, of rule: RuleDescription) -> Double {
        options[rule.id]?[name] ?? rule.options[name] ?? 0
    }
}
