import TokenModel

/// The DTCG structure rules. The tree and resolver stages check them; these descriptions document and test them.
public enum StructureRules {
    static let spec = "W3C Design Tokens Community Group, Format Module 2025.10"

    /// A resolver document with one modifier and a color token in each of its contexts (the first is the default).
    static func resolverExample(modifier: String, contexts: [String]) -> String {
        let lines = contexts.enumerated().map { index, name in
            "      \(name): [{ c: { bg: { $type: color, $value: \"#\(String(repeating: String(index), count: 6))\" } } }]\n"
        }
        let first = contexts[0].filter { $0 != "↓" }
        return "version: \"2025.10\"\nmodifiers:\n  \(modifier):\n    default: \(first)\n    contexts:\n" + lines.joined()
            + "resolutionOrder:\n  - $ref: \"#/modifiers/\(modifier)\"\n"
    }

    /// Every structure rule (docs/rules.md), plus `rules/unused-ignore`.
    public static let all: [RuleDescription] = [
        RuleDescription(
            kind: .tokenInvalidName, name: "Invalid token name",
            rationale: "\(spec), §5.1.1: names must not begin with `$` and must not contain `{`, `}` or `.`, which aliases use.",
            triggering: [RuleExample("c:\n  $type: number\n  ↓\"a.b\": { $value: 1 }\n"),
                         RuleExample("c:\n  $type: number\n  ↓$thing: { $value: 1 }\n")],
            nonTriggering: [RuleExample("c:\n  $type: number\n  a-b: { $value: 1 }\n  $root: { $value: 2 }\n")]),
        RuleDescription(
            kind: .tokenMissingType, name: "Missing type",
            rationale: "\(spec), §8: tools must not guess a token's type.",
            triggering: [RuleExample("spacing:\n  ↓small: { $value: 4 }\n")],
            nonTriggering: [RuleExample("spacing:\n  $type: number\n  small: { $value: 4 }\n  alias: { $value: \"{spacing.small}\" }\n")]),
        RuleDescription(
            kind: .tokenValueAndChildren, name: "Value and children",
            rationale: "\(spec), §6: a token has a value; a group has children; nothing is both.",
            triggering: [RuleExample("c:\n  $type: number\n  $value: 1\n  ↓child: { $value: 2 }\n")],
            nonTriggering: [RuleExample("c:\n  $type: number\n  $root: { $value: 1 }\n  child: { $value: 2 }\n")]),
        RuleDescription(
            kind: .tokenInvalidValue, name: "Invalid value",
            rationale: "\(spec), §8: each type defines the shape of its value.",
            triggering: [RuleExample("c:\n  $type: color\n  bad: { $value: ↓\"#12345\" }\n"),
                         RuleExample("d:\n  $type: dimension\n  bad: { $value: { value: 4, unit: ↓em } }\n")],
            nonTriggering: [RuleExample("c:\n  $type: color\n  good: { $value: \"oklch(0.62 0.19 255)\" }\n")]),
        RuleDescription(
            kind: .tokenDuplicate, name: "Duplicate token",
            rationale: "\(spec), §6: a path names one token. YAML 1.2 §3.2.1.1: mapping keys are unique.",
            triggering: [RuleExample("c:\n  $type: number\n  a: { $value: 1 }\n  ↓a: { $value: 2 }\n")],
            nonTriggering: [RuleExample("c:\n  $type: number\n  a: { $value: 1 }\n  b: { $value: 2 }\n")]),
        RuleDescription(
            kind: .tokenDuplicateJsonKey, name: "Duplicate JSON key",
            rationale: "RFC 8259 §4: names within an object should be unique; parsers keep the last, and so does tokenc.",
            triggering: [RuleExample("{\"c\": {\"$type\": \"number\", \"$value\": 1}, ↓\"c\": {\"$type\": \"number\", \"$value\": 2}}\n", fileName: "example.json")],
            nonTriggering: [RuleExample("{\"c\": {\"$type\": \"number\", \"$value\": 1}}\n", fileName: "example.json")]),
        RuleDescription(
            kind: .aliasUnresolved, name: "Unresolved alias",
            rationale: "\(spec), §7: an alias must reference a token.",
            triggering: [RuleExample("c:\n  $type: color\n  blue: { $value: \"#00f\" }\n  link: { $value: ↓\"{c.bleu}\" }\n")],
            nonTriggering: [RuleExample("c:\n  $type: color\n  blue: { $value: \"#00f\" }\n  link: { $value: \"{c.blue}\" }\n")]),
        RuleDescription(
            kind: .aliasCycle, name: "Circular alias",
            rationale: "\(spec), §7: references must not be circular.",
            triggering: [RuleExample("n:\n  $type: number\n  a: { $value: ↓\"{n.b}\" }\n  b: { $value: \"{n.a}\" }\n")],
            nonTriggering: [RuleExample("n:\n  $type: number\n  a: { $value: \"{n.b}\" }\n  b: { $value: 1 }\n")]),
        RuleDescription(
            kind: .aliasTypeMismatch, name: "Alias type mismatch",
            rationale: "\(spec), §7: an alias takes its target's value, which must fit the token's type.",
            triggering: [RuleExample("n: { $type: number, $value: 1 }\nc: { $type: color, $value: ↓\"{n}\" }\n")],
            nonTriggering: [RuleExample("n: { $type: number, $value: 1 }\nm: { $type: number, $value: \"{n}\" }\n")]),
        RuleDescription(
            kind: .tokenDeprecatedUse, name: "Deprecated token used",
            rationale: "\(spec), §5.2.3: `$deprecated` tells tools to warn where the token is still used.",
            triggering: [RuleExample("old: { $type: number, $value: 1, $deprecated: \"use new\" }\nx: { $value: ↓\"{old}\" }\n")],
            nonTriggering: [RuleExample("old: { $type: number, $value: 1 }\nx: { $value: \"{old}\" }\n")]),
        RuleDescription(
            kind: .tokenUnknownMode, name: "Misspelt appearance",
            rationale: "tokenc's own: `$extensions.mode` takes the built-in appearances and any other name as a brand theme, so a misspelt appearance would silently fall back to light (docs/token-format.md, Appearances).",
            triggering: [RuleExample("c:\n  $type: color\n  a: { $value: \"#fff\", $extensions: { mode: { ↓drak: \"#000\" } } }\n"),
                         RuleExample(resolverExample(modifier: "appearance", contexts: ["light", "↓Dark"]))],
            nonTriggering: [RuleExample("c:\n  $type: color\n  a: { $value: \"#fff\", $extensions: { mode: { dark: \"#000\", brand: \"#f00\" } } }\n"),
                            RuleExample(resolverExample(modifier: "appearance", contexts: ["light", "darkHighContrast", "brand"]))]),
        RuleDescription(
            kind: .resolverAppearanceModifier, name: "Appearances in another modifier",
            rationale: "tokenc's own: the Resolver Module 2025.10 gives modifiers no meaning, and tokenc makes appearances of the one named `appearance` (docs/token-format.md, The DTCG resolver document); the DTCG examples name such a modifier `theme`, whose dark values would otherwise silently go.",
            triggering: [RuleExample(resolverExample(modifier: "theme", contexts: ["light", "↓dark"]))],
            nonTriggering: [RuleExample(resolverExample(modifier: "appearance", contexts: ["light", "dark"])),
                            RuleExample(resolverExample(modifier: "brand", contexts: ["ocean", "forest"]))]),
        RuleDescription(
            kind: .resolverCombinedModifiers, name: "Combined modifiers",
            rationale: "tokenc's own: the Resolver Module 2025.10 resolves one context of every modifier at a time, while tokenc's outputs carry modes side by side: each theme gets its own appearances (`forest-dark`), but a theme of one modifier is not combined with a theme of another (docs/token-format.md, The DTCG resolver document); a `forest` brand at `compact` density would otherwise be missing without a word.",
            triggering: [RuleExample("version: \"2025.10\"\nmodifiers:\n  density:\n    default: regular\n    contexts:\n      regular: []\n      compact: [{ space: { gap: { $type: number, $value: 4 } } }]\n  brand:\n    ↓default: ocean\n    contexts:\n      ocean: [{ c: { bg: { $type: color, $value: \"#ffffff\" } } }]\n      forest: [{ c: { bg: { $type: color, $value: \"#eeffee\" } } }]\nresolutionOrder:\n  - $ref: \"#/modifiers/density\"\n  - $ref: \"#/modifiers/brand\"\n")],
            nonTriggering: [RuleExample(resolverExample(modifier: "brand", contexts: ["ocean", "forest"])),
                            RuleExample("version: \"2025.10\"\nmodifiers:\n  appearance:\n    default: light\n    contexts:\n      light: []\n      dark: [{ c: { bg: { $type: color, $value: \"#000000\" } } }]\n  brand:\n    default: ocean\n    contexts:\n      ocean: [{ c: { bg: { $type: color, $value: \"#ffffff\" } } }]\n      forest: [{ c: { bg: { $type: color, $value: \"#eeffee\" } } }]\nresolutionOrder:\n  - $ref: \"#/modifiers/appearance\"\n  - $ref: \"#/modifiers/brand\"\n")]),
        RuleDescription(
            kind: .rulesUnusedIgnore, name: "Unused ignore",
            rationale: "A silenced rule that no longer fires hides the next real finding; ignores must stay honest.",
            triggering: [RuleExample("c:\n  $type: color\n  a:\n    $value: \"#000\"\n    $extensions:\n      tokenc:\n        ignore: [↓{ rule: color/out-of-gamut, reason: \"wide on purpose\" }]\n")],
            nonTriggering: [RuleExample("c:\n  $type: color\n  a:\n    $value: \"color(display-p3 1 0 0)\"\n    $extensions:\n      tokenc:\n        ignore: [{ rule: color/out-of-gamut, reason: \"wide on purpose\" }]\n")]),
    ]
}
