import ArgumentParser
import TokencKit

/// `tokenc rules`: the diagnostic catalogue.
struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule with its id, default severity and summary.",
        discussion: """
        Examples:
          tokenc rules
          tokenc rules --format json           ids, severities and summaries as JSON
          tokenc rules --format markdown > docs/rules.md
        """
    )

    @Option(help: "text, json or markdown.")
    var format: RuleCatalog.Format = .text

    func run() throws {
        print(RuleCatalog.list(format), terminator: "")
    }
}

/// `tokenc explain`: one rule's (or finding's) description.
struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain one rule: what it finds, why (citing the guideline), and examples.",
        discussion: """
        Examples:
          tokenc explain color/contrast
        """
    )

    @Argument(help: "A rule id, such as color/contrast.")
    var rule: String

    func run() throws {
        guard let text = RuleCatalog.explain(rule) else {
            printError("tokenc: error: no rule `\(rule)`" + (RuleCatalog.suggestion(for: rule).map { "; did you mean `\($0)`?" } ?? "; see `tokenc rules`") + "\n")
            throw ExitCode(2)
        }
        print(text, terminator: "")
    }
}
