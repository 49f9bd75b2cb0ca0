import SourceData
import TokenModel

/// The two rule groups: DTCG structure and Apple's Human Interface Guidelines.
public enum RuleGroup: String, Sendable, CaseIterable {
    case structure, guidelines
}

/// A token snippet that must (or must not) make a rule fire; `↓` marks where the finding lands.
public struct RuleExample: Sendable {
    /// The YAML, with at most one `↓` marker.
    public var yaml: String
    /// The file name the example is read as (`.json` gets JSON's rules).
    public var fileName: String

    /// Creates an example.
    public init(_ yaml: String, fileName: String = "example.yaml") {
        self.yaml = yaml
        self.fileName = fileName
    }

    /// The YAML without the marker, and the 1-based line and column of the marker, if any.
    public var unmarked: (text: String, line: Int, column: Int)? {
        var line = 1, column = 1
        var text = ""
        var found: (Int, Int)?
        for scalar in yaml.unicodeScalars {
            if scalar == "↓" {
                found = (line, column)
                continue
            }
            text.unicodeScalars.append(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return found.map { (text, $0.0, $0.1) }
    }

    /// The YAML without the marker.
    public var text: String { yaml.replacing("↓", with: "") }
}

/// Everything a rule says about itself: the documentation and the test input in one place. Its id, group,
/// severity and summary are its `DiagnosticKind`'s, declared once in the catalogue.
public struct RuleDescription: Sendable {
    /// What the rule finds, as the catalogue declares it.
    public var kind: DiagnosticKind
    /// A short human name.
    public var name: String
    /// Why, citing the HIG page and section (or the specification) the rule comes from.
    public var rationale: String
    /// Snippets that must trigger the rule where marked.
    public var triggering: [RuleExample]
    /// Snippets that must not trigger it.
    public var nonTriggering: [RuleExample]
    /// Options the rule reads from `tokenc.yml`, with their defaults.
    public var options: [String: Double]
    /// What the rule deliberately leaves alone, and why (docs/rules.md prints it); nil for a structure rule.
    public var exemptions: String?

    /// The stable id, such as `color/contrast`.
    public var id: String { kind.id }
    /// Which group the rule belongs to for `--rules`: the guidelines, or the structure every build checks.
    public var group: RuleGroup { kind.group == .guidelines ? .guidelines : .structure }
    /// The default severity.
    public var severity: Severity { kind.severity }
    /// One line on what the rule finds.
    public var summary: String { kind.summary }

    /// Creates a description.
    public init(kind: DiagnosticKind, name: String, rationale: String, exemptions: String? = nil, triggering: [RuleExample],
                nonTriggering: [RuleExample], options: [String: Double] = [:])
    {
        self.kind = kind
        self.name = name
        self.rationale = rationale
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.options = options
        self.exemptions = exemptions
    }
}

/// A guideline check over the resolved tokens; structure rules are checked while resolving and only describe themselves.
public protocol Rule: Sendable {
    /// The rule's description.
    static var description: RuleDescription { get }
    /// Creates the rule.
    init()
    /// The findings for the whole token set.
    func check(_ context: RuleContext) -> [Finding]
}

/// What a rule reports: the engine fills in the id and the configured severity.
public struct Finding: Sendable {
    /// The token concerned.
    public var path: String
    /// Where the problem is.
    public var location: SourceLocation
    /// What is wrong, in one sentence.
    public var message: String
    /// How to fix it.
    public var fix: String?
    /// Other places that explain it.
    public var related: [RelatedLocation]
    /// Measurements.
    public var data: [String: DiagnosticValue]
    /// A severity other than the rule's, for rules with a milder form.
    public var severity: Severity?

    /// Creates a finding.
    public init(path: String, location: SourceLocation, message: String, fix: String? = nil,
                related: [RelatedLocation] = [], data: [String: DiagnosticValue] = [:], severity: Severity? = nil)
    {
        self.path = path
        self.location = location
        self.message = message
        self.fix = fix
        self.related = related
        self.data = data
        self.severity = severity
    }
}
