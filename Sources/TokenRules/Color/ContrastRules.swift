import TokenModel
import TokenColor

/// Contrast of foregrounds on their declared surfaces, shared by the two contrast rules.
struct ContrastPairs {
    struct Pair {
        var foreground: ResolvedToken
        var surface: ResolvedToken
        var reference: TokenReference
    }

    /// The most declared pairs measured. A design system declares a few thousand (200 text colors on 10 surfaces
    /// is 2,000); a file of 75 KB could declare a million with a YAML alias, which took 34 s and 3.3 GB to report.
    public static let limit = 10_000

    /// Every declared pair among `colors` up to `limit`, in token order, and how many more were declared;
    /// `named` finds a surface by path (`RuleContext` finds them once for both contrast rules).
    static func find(colors: [ResolvedToken], named: (String) -> ResolvedToken?) -> (pairs: [Pair], unmeasured: Int, first: Pair?) {
        var pairs: [Pair] = []
        var unmeasured = 0
        var first: Pair?
        // A surface (role `background` or `elevated`) on another surface is layering, not a foreground: a card is
        // not read against the page the way text or a control is, and Apple's own grouped surfaces differ by 1.1:1.
        for token in colors where !token.facts.isSurfaceRole {
            for reference in token.facts.on {
                if let surface = named(reference.path), surface.type == .color {
                    let pair = Pair(foreground: token, surface: surface, reference: reference)
                    if pairs.count < limit { pairs.append(pair) } else {
                        unmeasured += 1
                        if first == nil { first = pair }
                    }
                }
            }
        }
        return (pairs, unmeasured, first)
    }

    /// The minimums `description`'s options give each kind of foreground (`textOption` for text), read from the
    /// configuration once for a whole check rather than by name for every pair.
    struct Minimums {
        let text: Double, largeText: Double, nonText: Double

        init(_ context: RuleContext, _ description: RuleDescription, textOption: String = "text") {
            text = context.configuration.option(textOption, of: description)
            largeText = context.configuration.option("large-text", of: description)
            nonText = context.configuration.option("non-text", of: description)
        }

        /// The minimum for the foreground's kind, and the kind's name.
        func minimum(_ token: ResolvedToken) -> (Double, String) {
            if token.facts.text { return (text, "text") }
            if token.facts.largeText { return (largeText, "large text") }
            return (nonText, "non-text UI")
        }
    }
}

/// A foreground misses its minimum contrast on a declared surface in some appearance.
struct ContrastRule: Rule {
    static let description = RuleDescription(
        kind: .colorContrast, name: "Contrast",
        rationale: "HIG, Color › Inclusive color: \"Avoid using colors that make it hard to perceive content in your app. For example, insufficient contrast can cause icons and text to blend with the background and make content hard to read\". The minimums are WCAG 2.x level AA: 4.5:1 for text and 3:1 for large text (1.4.3, Contrast (Minimum)), 3:1 for non-text UI (1.4.11, Non-text Contrast). Only declared pairs (`on`) are measured.",
        exemptions: "Pairs not declared with `on`: tokenc measures what you say is drawn on what, not every pair. A surface (role `background` or `elevated`) declared `on` another: that is layering, as a card on the page, not a foreground. Appearances neither token of a pair defines are measured once, as light.",
        triggering: [
            RuleExample("c:\n  $type: color\n  bg: { $value: \"#fff\", $extensions: { mode: { dark: \"#000\" } } }\n  fg:\n    $value: \"#777\"\n    $extensions: { mode: { dark: \"#eee\" }, tokenc: { text: true, on: [↓\"{c.bg}\"] } }\n"),
            RuleExample("c:\n  $type: color\n  bg: { $value: \"#fff\", $extensions: { mode: { dark: \"#000\" } } }\n  fg:\n    $value: \"#000\"\n    $extensions: { mode: { dark: \"#333\" }, tokenc: { on: [↓\"{c.bg}\"] } }\n"),
        ],
        nonTriggering: [
            RuleExample("c:\n  $type: color\n  bg: { $value: \"#fff\", $extensions: { mode: { dark: \"#000\" } } }\n  fg:\n    $value: \"#767676\"\n    $extensions: { mode: { dark: \"#eee\" }, tokenc: { text: true, on: [\"{c.bg}\"] } }\n"),
            RuleExample("c:\n  $type: color\n  bg: { $value: \"#fff\" }\n  fg: { $value: \"#949494\", $extensions: { tokenc: { large-text: true, on: [\"{c.bg}\"] } } }\n"),
            RuleExample("c:\n  $type: color\n  bg: { $value: \"#fff\", $extensions: { mode: { dark: \"#000\" } } }\n  card: { $value: \"#f2f2f7\", $extensions: { mode: { dark: \"#1c1c1e\" }, tokenc: { role: elevated, on: [\"{c.bg}\"] } } }\n"),
        ],
        options: ["text": 4.5, "large-text": 3, "non-text": 3])

    /// Every declared pair in every appearance either token has, measured; the check reports the failing ones.
    static func cells(_ context: RuleContext) -> [(pair: ContrastPairs.Pair, cell: ContrastCell)] {
        var cells: [(pair: ContrastPairs.Pair, cell: ContrastCell)] = []
        forEachCell(context) { cells.append(($0, $1)) }
        return cells
    }

    /// Measures each cell and hands it to `body`, in `cells`' order, without keeping them; with `failingOnly`,
    /// only the cells that fail (the others are measured and never made: most pairs pass).
    static func forEachCell(_ context: RuleContext, failingOnly: Bool = false, _ body: (ContrastPairs.Pair, ContrastCell) -> Void) {
        let minimums = ContrastPairs.Minimums(context, Self.description)
        for pair in context.contrastPairs {
            let (minimum, kind) = minimums.minimum(pair.foreground)
            for mode in context.modes(pair.foreground, pair.surface) {
                guard let fg = context.color(pair.foreground, in: mode), let bg = context.color(pair.surface, in: mode) else { continue }
                let ratio = Contrast.ratio(fg, on: bg)
                // `ContrastCell.passes`, asked before the cell is made.
                if failingOnly && ratio >= minimum { continue }
                body(pair, ContrastCell(foreground: pair.foreground.path, surface: pair.surface.path, mode: mode,
                                        foregroundColor: fg, surfaceColor: bg, ratio: ratio, minimum: minimum, kind: kind))
            }
        }
    }

    func check(_ context: RuleContext) -> [Finding] {
        var failing: [(pair: ContrastPairs.Pair, cell: ContrastCell)] = []
        Self.forEachCell(context, failingOnly: true) { pair, cell in failing.append((pair, cell)) }
        var findings: [Finding] = []
        if let first = context.contrastPairsFound.first {
            let unmeasured = context.contrastPairsFound.unmeasured
            findings.append(Finding(
                path: first.foreground.path, location: first.reference.location,
                message: "the tokens declare \(ContrastPairs.limit + unmeasured) foreground–surface pairs, more than the \(ContrastPairs.limit) tokenc measures: "
                    + "the \(unmeasured) from `\(first.foreground.path)` on `\(first.surface.path)` on are not measured",
                fix: "list in `on` only the surfaces each foreground is really drawn on",
                data: ["unmeasured": .number(Double(unmeasured))], severity: .warning))
        }
        return findings + failing.map { pair, cell in
            Finding(
                path: cell.foreground, location: pair.reference.location,
                message: "`\(cell.foreground)` on `\(cell.surface)` is \(RuleContext.format(cell.ratio)):1 in \(cell.mode); \(cell.kind) needs \(RuleContext.format(cell.minimum)):1",
                fix: "darken or lighten one of the two in \(cell.mode) (\(cell.foregroundHex) on \(cell.surfaceHex))",
                related: [RelatedLocation(pair.surface.token.location, "`\(cell.surface)` is defined here")],
                data: ["ratio": .number(cell.ratio), "minimum": .number(cell.minimum), "mode": .string(cell.mode), "surface": .string(cell.surface)])
        }
    }
}

/// The contrast matrix of a token set: every declared pair per appearance, as `color/contrast` measures it.
public enum ContrastMatrix {
    /// The cells, in the order the rule checks them, with `configuration`'s minimums.
    public static func cells(_ set: ResolvedTokenSet, configuration: RuleConfiguration = RuleConfiguration()) -> [ContrastCell] {
        ContrastRule.cells(RuleContext(tokens: set.tokens, configuration: configuration, index: set.index)).map(\.cell)
    }
}

/// A pair below its increased-contrast target (7:1 text, 4.5:1 large text, 3:1 non-text) in an increased-contrast
/// appearance, or with no increased-contrast value while the light pair is below it.
struct HighContrastVariantRule: Rule {
    static let description = RuleDescription(
        kind: .colorHighContrastVariant, name: "Increased contrast",
        rationale: "HIG, Color › Inclusive color: \"Avoid using colors that make it hard to perceive content in your app. For example, insufficient contrast can cause icons and text to blend with the background and make content hard to read\". The targets are WCAG 2.x's enhanced level, for people who turn on Increase Contrast: 7:1 for text and 4.5:1 for large text (1.4.6, Contrast (Enhanced)); non-text UI — borders, status dots, icons — keeps 3:1 (1.4.11, Non-text Contrast, which has no enhanced level), which Apple's own increased-contrast systemGreen and systemOrange meet and 7:1 would fail.",
        exemptions: "Pairs not declared with `on`, and surfaces on surfaces (as `color/contrast`). A pair whose light contrast already reaches its target needs no increased-contrast value. A cell below `color/contrast`'s minimum, which that rule reports as an error (unless it is off): with the default targets, non-text pairs (3:1, the same minimum) are left to it.",
        triggering: [
            RuleExample("c:\n  $type: color\n  bg: { $value: \"#fff\" }\n  fg:\n    $value: \"#5a5a5a\"\n    $extensions: { tokenc: { text: true, on: [↓\"{c.bg}\"] } }\n"),
            RuleExample("c:\n  $type: color\n  bg: { $value: \"#fff\" }\n  fg:\n    $value: \"#333\"\n    $extensions: { mode: { light-high-contrast: \"#666\" }, tokenc: { text: true, on: [↓\"{c.bg}\"] } }\n"),
        ],
        nonTriggering: [
            RuleExample("c:\n  $type: color\n  bg: { $value: \"#fff\" }\n  fg:\n    $value: \"#595959\"\n    $extensions: { mode: { light-high-contrast: \"#333\" }, tokenc: { text: true, on: [\"{c.bg}\"] } }\n"),
            RuleExample("c:\n  $type: color\n  bg: { $value: \"#fff\" }\n  fg: { $value: \"#000\", $extensions: { tokenc: { text: true, on: [\"{c.bg}\"] } } }\n"),
            RuleExample("c:\n  $type: color\n  bg: { $value: \"#fff\" }\n  ok:\n    $value: \"#34C759\"\n    $extensions: { mode: { light-high-contrast: \"#248A3D\" }, tokenc: { role: success, on: [\"{c.bg}\"] } }\n  due:\n    $value: \"#FF9500\"\n    $extensions: { mode: { light-high-contrast: \"#C93400\" }, tokenc: { role: warning, on: [\"{c.bg}\"] } }\n"),
        ],
        options: ["target": 7, "large-text": 4.5, "non-text": 3])

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let targets = ContrastPairs.Minimums(context, Self.description, textOption: "target")
        // A cell below `color/contrast`'s own minimum is that rule's error already: not reported twice.
        let floors = context.configuration.levels[ContrastRule.description.id] == .off ? nil : ContrastPairs.Minimums(context, ContrastRule.description)
        let highModes = [Appearance.lightHighContrast, Appearance.darkHighContrast]
        for pair in context.contrastPairs {
            let (target, kind) = targets.minimum(pair.foreground)
            let floor = floors?.minimum(pair.foreground).0 ?? 0
            let defined = highModes.filter { context.has(pair.foreground, mode: $0) || context.has(pair.surface, mode: $0) }
            if defined.isEmpty {
                guard let fg = context.color(pair.foreground, in: Appearance.light),
                      let bg = context.color(pair.surface, in: Appearance.light) else { continue }
                let ratio = Contrast.ratio(fg, on: bg)
                guard ratio < target, ratio >= floor else { continue }
                findings.append(Finding(
                    path: pair.foreground.path, location: pair.reference.location,
                    message: "`\(pair.foreground.path)` on `\(pair.surface.path)` is \(RuleContext.format(ratio)):1 and has no increased-contrast value; \(kind) aims for \(RuleContext.format(target)):1",
                    fix: "add `light-high-contrast` (and `dark-high-contrast`) values that reach \(RuleContext.format(target)):1",
                    data: ["ratio": .number(ratio), "minimum": .number(target), "mode": .string(Appearance.light),
                           "surface": .string(pair.surface.path)]))
                continue
            }
            for mode in defined {
                guard let fg = context.color(pair.foreground, in: mode), let bg = context.color(pair.surface, in: mode) else { continue }
                let ratio = Contrast.ratio(fg, on: bg)
                guard ratio < target, ratio >= floor else { continue }
                findings.append(Finding(
                    path: pair.foreground.path, location: pair.reference.location,
                    message: "`\(pair.foreground.path)` on `\(pair.surface.path)` is \(RuleContext.format(ratio)):1 in \(mode); increased contrast aims for \(RuleContext.format(target)):1 for \(kind)",
                    data: ["ratio": .number(ratio), "minimum": .number(target), "mode": .string(mode), "surface": .string(pair.surface.path)]))
            }
        }
        return findings
    }
}
