import TokenModel
import TokenRules

/// What the guideline checks could see in a set: the contrast pairs its colors declare (`on`) and the colors
/// that say what they are for (`role`). Printed before `validate`'s and `build`'s summary, so a set with no
/// tokenc annotations is told what was not checked, and how to declare it.
public struct GuidelineCoverage: Equatable, Sendable {
    /// Color tokens in the set.
    var colors = 0
    /// Colors with a `role`.
    var withRole = 0
    /// Declared (foreground, surface) pairs whose surface is a color of the set: what the contrast rules measure.
    var pairs = 0
    /// The distinct surfaces those pairs name.
    var surfaces = 0

    /// The coverage the rules' context counted (`PipelineResult.coverage`, from the job that builds it).
    init(_ counts: RuleContext.Coverage) {
        colors = counts.colors
        withRole = counts.withRole
        pairs = counts.pairs
        surfaces = counts.surfaces
    }

    /// Counts the coverage of `set` when the build stopped before its rules ran, as the rules' context counts it.
    init(_ set: ResolvedTokenSet) {
        self.init(RuleContext(tokens: set.tokens, configuration: RuleConfiguration(), index: set.index).coverage)
    }

    /// The line (without its end), or nil for a set without colors.
    var line: String? {
        guard colors > 0 else { return nil }
        func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        let contrast = pairs > 0
            ? "contrast checked on \(counted(pairs, "declared pair")) (\(counted(surfaces, "surface")))"
            : "no contrast checked: no color names the surfaces it is drawn on (`$extensions.tokenc.on`)"
        let roles = withRole == colors
            ? "every color has a role"
            : withRole == 0
                ? "no color has a role (`$extensions.tokenc.role`), so the checks of meanings and of platform backgrounds saw none"
                : "\(withRole) of \(counted(colors, "color")) have a role"
        return "guideline coverage: \(contrast); \(roles) (docs/token-format.md, `$extensions.tokenc`)"
    }
}
