import TokenGenerators
import TokenModel
import TokenResolver
import TokenRules
import TokenColor

/// `tokenc rules`, `tokenc explain` and docs/rules.md, all from the diagnostic catalogue and the rule registry.
public enum RuleCatalog {
    /// The kinds of finding that are no rule (a YAML syntax error, a name collision in an output): always
    /// reported, at their own severity, in catalogue order.
    static var otherFindings: [DiagnosticKind] {
        let rules = Set(RuleRegistry.all.map(\.id))
        return DiagnosticKind.catalogue.filter { !rules.contains($0.id) }
    }

    /// Formats of `tokenc rules`.
    public enum Format: String, Sendable, CaseIterable {
        case text, json, markdown
    }

    /// The rule list in a format.
    public static func list(_ format: Format) -> String {
        switch format {
        case .text:
            let width = DiagnosticKind.catalogue.map(\.id.count).max() ?? 0
            return RuleRegistry.all.map { rule in
                rule.id.padded(to: width) + "  "
                    + rule.severity.rawValue.padded(to: 7) + "  " + rule.summary
            }.joined(separator: "\n") + "\n\nOther findings, always reported (not rules: tokenc.yml cannot change them):\n"
                + otherFindings.map { kind in
                    kind.id.padded(to: width) + "  " + kind.severity.rawValue.padded(to: 7) + "  " + kind.summary
                }.joined(separator: "\n") + "\n"
        case .json:
            var writer = JSONWriter()
            writer.object { writer in
                writer.member("rules")
                writer.array(RuleRegistry.all.count) { writer, i in
                    let rule = RuleRegistry.all[i]
                    writer.object { writer in
                        writer.member("id"); writer.string(rule.id)
                        writer.member("group"); writer.string(rule.group.rawValue)
                        writer.member("name"); writer.string(rule.name)
                        writer.member("severity"); writer.string(rule.severity.rawValue)
                        writer.member("summary"); writer.string(rule.summary)
                    }
                }
                let others = otherFindings
                writer.member("otherFindings")
                writer.array(others.count) { writer, i in
                    writer.object { writer in
                        writer.member("id"); writer.string(others[i].id)
                        writer.member("group"); writer.string(others[i].group.rawValue)
                        writer.member("severity"); writer.string(others[i].severity.rawValue)
                        writer.member("summary"); writer.string(others[i].summary)
                    }
                }
            }
            return writer.text + "\n"
        case .markdown:
            return markdown()
        }
    }

    /// `tokenc explain RULE`, or nil for an unknown id.
    public static func explain(_ id: String) -> String? {
        guard let rule = RuleRegistry.description(id) else {
            return DiagnosticKind.named(id).map { kind in
                "\(kind.id) (\(kind.group.rawValue), \(kind.severity.rawValue))\n\n\(kind.summary)\n\n"
                    + "Not a rule: tokenc always reports it, and tokenc.yml cannot change it. docs/diagnostics.md says more.\n"
            }
        }
        var out = "\(rule.id) — \(rule.name) (\(rule.group.rawValue), default \(rule.severity.rawValue))\n\n"
        out += rule.summary + "\n\nWhy: " + rule.rationale + "\n"
        if let exemptions = rule.exemptions { out += "\nExempt: " + exemptions + "\n" }
        if !rule.options.isEmpty {
            out += "\nOptions (tokenc.yml): " + rule.options.keys.sorted().map { "\($0) = \(format(rule.options[$0]!))" }.joined(separator: ", ") + "\n"
        }
        for example in rule.triggering {
            out += "\nTriggers (↓ marks the finding):\n" + indent(example.yaml)
        }
        for example in rule.nonTriggering {
            out += "\nDoes not trigger:\n" + indent(example.yaml)
        }
        return out
    }

    /// The nearest id of the catalogue to a misspelt one.
    public static func suggestion(for id: String) -> String? {
        NearestName.find(id, in: DiagnosticKind.catalogue.map(\.id))
    }

    static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
            + (text.hasSuffix("\n") ? "" : "\n")
    }

    static func format(_ value: Double) -> String {
        value.wholeNumberText ?? String(value)
    }

    /// docs/rules.md.
    static func markdown() -> String {
        var out = """
            # Rules

            Generated from the diagnostic catalogue (`Sources/TokenModel/DiagnosticKind.swift`) and the rule
            descriptions in `Sources/TokenRules` by `TOKENC_RECORD=1 swift test`;
            a test fails when this page is stale. `tokenc explain RULE` prints the same for one rule.

            Severities: `error` fails `validate` and `build`; `warning` fails only with `--strict`; `info`
            never fails. Change a rule's severity or options in `tokenc.yml`:

            ```yaml
            rules:
              color/high-contrast-variant: off
              color/contrast: { severity: error, text: 4.5 }
            ```

            Silence one token with a reason (an `ignore` that silences nothing is itself reported):

            ```yaml
            $extensions:
              tokenc:
                ignore: [{ rule: color/color-blind-confusable, reason: "always shown with a symbol" }]
            ```

            | id | group | severity | what |
            | --- | --- | --- | --- |

            """
        for rule in RuleRegistry.all {
            out += "| [`\(rule.id)`](#\(anchor(rule.id))) | \(rule.group.rawValue) | \(rule.severity.rawValue) | \(rule.summary.replacing("|", with: "\\|")) |\n"
        }
        out += """

            Other findings are always reported, at their own severity: they are not rules, so `tokenc.yml` cannot
            change them (docs/diagnostics.md says more of each).

            | id | group | severity | what |
            | --- | --- | --- | --- |

            """
        for kind in otherFindings {
            out += "| `\(kind.id)` | \(kind.group.rawValue) | \(kind.severity.rawValue) | \(kind.summary.replacing("|", with: "\\|")) |\n"
        }
        for rule in RuleRegistry.all {
            out += "\n## \(rule.id)\n\n**\(rule.name)** — \(rule.group.rawValue), default `\(rule.severity.rawValue)`.\n\n"
            out += rule.summary + "\n\n" + rule.rationale + "\n"
            if let exemptions = rule.exemptions { out += "\n**Exempt:** " + exemptions + "\n" }
            if !rule.options.isEmpty {
                out += "\nOptions: " + rule.options.keys.sorted().map { "`\($0)` (default \(format(rule.options[$0]!)))" }.joined(separator: ", ") + ".\n"
            }
            for example in rule.triggering {
                out += "\nTriggers (`↓` marks where the finding lands):\n\n```\(example.fileName.hasSuffix(".json") ? "json" : "yaml")\n\(example.yaml)\(example.yaml.hasSuffix("\n") ? "" : "\n")```\n"
            }
            for example in rule.nonTriggering {
                out += "\nDoes not trigger:\n\n```\(example.fileName.hasSuffix(".json") ? "json" : "yaml")\n\(example.yaml)\(example.yaml.hasSuffix("\n") ? "" : "\n")```\n"
            }
        }
        return out
    }

    static func anchor(_ id: String) -> String {
        id.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" }
    }
}
