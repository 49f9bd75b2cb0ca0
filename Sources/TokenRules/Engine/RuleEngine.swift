import Locks
import SourceData
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
    public static let unusedIgnoreID = DiagnosticKind.rulesUnusedIgnore.id

    /// Checks the tokens with every guideline rule.
    public func check(_ set: ResolvedTokenSet, readFile: @escaping @Sendable (String, String) -> ReferencedFile = { _, _ in .notFound }) -> [Diagnostic] {
        let prepared = prepare(set, readFile: readFile)
        return prepared.finish((0..<prepared.count).map(prepared.check(rule:)))
    }

    /// The enabled rules over `set`, each to run on its own (on any thread, side by side with the others),
    /// then `finish`ed together; what `check` does in one call.
    public func prepare(_ set: ResolvedTokenSet, readFile: @escaping @Sendable (String, String) -> ReferencedFile = { _, _ in .notFound }) -> PreparedRules {
        PreparedRules(set: set, configuration: configuration, readFile: readFile)
    }
}

/// The guideline rules ready to run one at a time, so a build can spread them over its cores with the
/// generators; the rules' shared context is built by `coverage`, or by whichever rule runs first.
public final class PreparedRules: Sendable {
    let set: ResolvedTokenSet
    let configuration: RuleConfiguration
    let readFile: @Sendable (String, String) -> ReferencedFile
    /// The rules the configuration leaves on, in registry order.
    let rules: [any Rule]
    /// The shared context, once the first rule has built it (the others wait on the lock meanwhile).
    private let built = LockedValue<RuleContext?>(nil)

    init(set: ResolvedTokenSet, configuration: RuleConfiguration, readFile: @escaping @Sendable (String, String) -> ReferencedFile) {
        self.set = set
        self.configuration = configuration
        self.readFile = readFile
        rules = RuleRegistry.guidelineRules.filter { configuration.levels[type(of: $0).description.id] != .off }
    }

    /// How many rules run.
    public var count: Int { rules.count }

    /// The context every rule reads, built once by the first rule that asks (the others wait for it); it is
    /// immutable, so the rules only ever read it.
    func sharedContext() -> RuleContext {
        built.withLock { built in
            if let built { return built }
            let made = RuleContext(tokens: set.tokens, configuration: configuration, index: set.index, readFile: readFile)
            built = made
            return made
        }
    }

    /// What the guideline checks can see in the set, from the context the rules share, built now if it is not yet:
    /// asked by a job of its own beside the first output, so the context is ready when the rules come (built by the
    /// first rule's job, the other cores' rules waited on its lock).
    public func coverage() -> RuleContext.Coverage { sharedContext().coverage }

    /// Every declared contrast pair measured in each appearance, as `ContrastMatrix.cells` measures them, from the
    /// context the rules share.
    public func contrastCells() -> [ContrastCell] {
        ContrastRule.cells(sharedContext()).map(\.cell)
    }

    /// Rule `index`'s findings with the configured severity (`ignore` entries are applied by `finish`).
    public func check(rule index: Int) -> [Diagnostic] {
        let rule = rules[index]
        let description = type(of: rule).description
        let level = configuration.levels[description.id]
        return rule.check(sharedContext()).map { finding in
            // (An `off` rule does not run: `rules` leaves it out.)
            let severity = level?.severity ?? finding.severity ?? description.severity
            return Diagnostic(
                id: description.id, severity: severity, message: finding.message, location: finding.location,
                path: finding.path, related: finding.related, fix: finding.fix, data: finding.data)
        }
    }

    /// Every rule's findings in rule order, less those an `ignore` entry silences, and a warning for each
    /// entry that silenced nothing. `found[i]` is `check(rule: i)`.
    public func finish(_ found: consuming [[Diagnostic]]) -> [Diagnostic] {
        // The rules are done: their shared context (a few entries per token) is freed now. The `ignore`
        // entries were collected with the context, on the way through every token's facts.
        let collected = built.withLock { built in
            let ignores = built?.ignores
            built = nil
            return ignores
        }
        let ignores = collected ?? RuleContext.ignores(in: set.tokens)
        // Nothing to silence (the usual case): the findings joined, with no look-up per finding.
        if ignores.isEmpty {
            // Moved, not copied: a rule's list is its only copy once the caller gives it up.
            var lists = found
            lists.reverse()
            var all: [Diagnostic] = []
            all.reserveCapacity(lists.reduce(0) { $0 + $1.count })
            while let list = lists.popLast() { all.appendByMoving(list) }
            return all
        }
        var used: Set<SourceLocation> = []
        var diagnostics: [Diagnostic] = []
        for diagnostic in found.joined() {
            if let path = diagnostic.path,
               let ignore = ignores[path]?.first(where: { $0.rule == diagnostic.id })
            {
                used.insert(ignore.location)
                continue
            }
            diagnostics.append(diagnostic)
        }
        let known = Set(RuleRegistry.all.map(\.id))
        for (path, entries) in ignores {
            for entry in entries where !used.contains(entry.location) {
                let unknown = !known.contains(entry.rule)
                diagnostics.append(Diagnostic(
                    id: RuleEngine.unusedIgnoreID, severity: .warning,
                    message: unknown ? "`\(entry.rule)` is not a rule, so this `ignore` silences nothing"
                        : "`\(entry.rule)` finds nothing on `\(path)`, so this `ignore` is not needed",
                    location: entry.location, path: path,
                    fix: unknown ? "list the rules with `tokenc rules`" : "remove the entry"))
            }
        }
        return diagnostics
    }
}
