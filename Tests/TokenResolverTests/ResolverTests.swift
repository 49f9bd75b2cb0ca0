import Foundation
import Testing
import TokenLoader
import SourceData
import SourceTree
import TokenModel
@testable import TokenResolver
import Locks

/// Loads YAML files, builds the tree and resolves it, returning the set and every diagnostic.
private func resolve(_ files: [String: String]) -> (ResolvedTokenSet, [Diagnostic]) {
    let loader = TokenFileLoader()
    var loaded: [LoadedFile] = []
    var diagnostics: [Diagnostic] = []
    for name in files.keys.sorted() {
        let (file, found) = loader.load(bytes: Array(files[name]!.utf8), path: name)
        loaded.append(file)
        diagnostics += found
    }
    let (tokens, treeDiagnostics) = TokenTreeBuilder().build(loaded)
    let (set, resolveDiagnostics) = AliasResolver().resolve(tokens)
    return (set, diagnostics + treeDiagnostics + resolveDiagnostics)
}

private func summary(_ diagnostics: [Diagnostic]) -> [String] {
    Diagnostic.sortedForReport(diagnostics).map { "\($0.id)@\($0.location!.file):\($0.location!.line):\($0.location!.column)" }
}

private func value(_ set: ResolvedTokenSet, _ path: String, _ mode: String = Appearance.light) -> String? {
    set.tokens.first { $0.path == path }?.values.first { $0.mode == mode }?.value.string
}

@Suite struct TreeTests {
    @Test func typesComeFromTheTokenThenItsGroups() {
        let (set, diagnostics) = resolve(["a.yaml": """
            color:
              $type: color
              a: { $value: "#fff" }
              size:
                $type: dimension
                b: { $value: { value: 1, unit: px } }
                c: { $type: number, $value: 2 }
            """])
        #expect(diagnostics.isEmpty)
        #expect(set.tokens.map { "\($0.path):\($0.type.rawValue)" } == ["color.a:color", "color.size.b:dimension", "color.size.c:number"])
    }

    /// A group's `$deprecated` holds for every token inside it, at any depth, written before or after them; a
    /// token's own `$deprecated` (`false` among them) replaces it; an alias of such a token is warned about.
    @Test func aGroupsDeprecationHoldsForItsTokens() {
        let (set, diagnostics) = resolve(["a.yaml": """
            legacy:
              $type: color
              red: { $value: "#ff0000" }
              kept: { $value: "#00ff00", $deprecated: false }
              own: { $value: "#0000ff", $deprecated: Use c.blue. }
              deep:
                x: { $value: "#111111" }
              $deprecated: Use the semantic colors.
            c:
              a: { $type: color, $value: "{legacy.red}" }
            """])
        #expect(set.tokens.map { "\($0.path)=\($0.token.deprecation ?? "-")" }
            == ["c.a=-", "legacy.deep.x=Use the semantic colors.", "legacy.kept=-", "legacy.own=Use c.blue.", "legacy.red=Use the semantic colors."])
        #expect(summary(diagnostics) == ["token/deprecated-use@a.yaml:10:30"])
    }

    @Test func rootTokenIsTheGroupsOwnValue() {
        let (set, diagnostics) = resolve(["a.yaml": "accent:\n  $type: color\n  $root: { $value: \"#00f\" }\n  light: { $value: \"#99f\" }\n"])
        #expect(diagnostics.isEmpty)
        #expect(set.tokens.map(\.path) == ["accent.$root", "accent.light"])
    }

    @Test func joinKeepsEachPathsFirstDefinitionInPathOrder() {
        let (set, diagnostics) = resolve([
            "a.yaml": "c:\n  $type: color\n  m: { $value: \"#111111\" }\n  z: { $value: \"#222222\" }\n  k: { $value: \"#333333\" }\n",
            "b.yaml": "c:\n  $type: color\n  a: { $value: \"#444444\" }\n  k: { $value: \"#555555\" }\n  y: { $value: \"#666666\" }\n",
            "c.yaml": "c:\n  $type: color\n  k: { $value: \"#777777\" }\n  b: { $value: \"#888888\" }\n",
        ])
        #expect(set.tokens.map { "\($0.path)=\($0.values[0].value.string ?? "")" }
            == ["c.a=#444444", "c.b=#888888", "c.k=#333333", "c.m=#111111", "c.y=#666666", "c.z=#222222"])
        #expect(summary(diagnostics) == ["token/duplicate@b.yaml:4:3", "token/duplicate@c.yaml:3:3"])
        #expect(diagnostics.allSatisfy { $0.related.map(\.location) == [SourceLocation(file: "a.yaml", line: 5, column: 3)] })
    }

    @Test func samePathInTwoFilesNamesBothPlaces() throws {
        let (_, diagnostics) = resolve([
            "a.yaml": "c:\n  $type: color\n  x: { $value: \"#fff\" }\n",
            "b.yaml": "c:\n  $type: color\n  x: { $value: \"#000\" }\n",
        ])
        #expect(summary(diagnostics) == ["token/duplicate@b.yaml:3:3"])
        let d = try #require(diagnostics.first)
        #expect(d.message == "the token `c.x` is defined twice")
        #expect(d.related.map(\.location) == [SourceLocation(file: "a.yaml", line: 3, column: 3)])
    }

    /// Files are read alone and joined in order: every later definition, in the same file or another,
    /// is a duplicate of the first one, and the first file's group decides the type of extending groups.
    @Test func duplicatesAcrossAndWithinFilesNameTheFirstDefinition() throws {
        let (set, diagnostics) = resolve([
            "a.yaml": "c:\n  $type: color\n  x: { $value: \"#fff\" }\n",
            "b.yaml": "c:\n  $type: color\n  y: { $value: \"#111\" }\nd:\n  $type: color\n  x: { $value: \"#222\" }\n",
            "c.yaml": "c:\n  x: { $value: \"#000\" }\n  y: { $value: \"#333\" }\nd:\n  $type: color\n  x: { $value: \"#444\" }\n",
        ])
        #expect(summary(diagnostics) == ["token/duplicate@c.yaml:2:3", "token/duplicate@c.yaml:3:3", "token/duplicate@c.yaml:6:3"])
        #expect(diagnostics.map { $0.related.map(\.location) } == [
            [SourceLocation(file: "a.yaml", line: 3, column: 3)],
            [SourceLocation(file: "b.yaml", line: 3, column: 3)],
            [SourceLocation(file: "b.yaml", line: 6, column: 3)],
        ])
        #expect(set.tokens.map { "\($0.path)=\($0.values[0].value.string!)" } == ["c.x=#fff", "c.y=#111", "d.x=#222"])
    }

    @Test func namesMustNotHoldDotsOrBraces() {
        let (_, diagnostics) = resolve(["a.yaml": "c:\n  $type: number\n  \"a.b\": { $value: 1 }\n  \"{x}\": { $value: 2 }\n  $bad: { $value: 3 }\n"])
        #expect(summary(diagnostics) == ["token/invalid-name@a.yaml:3:3", "token/invalid-name@a.yaml:4:3", "token/invalid-name@a.yaml:5:3"])
    }

    @Test func missingTypeIsLocatedAtTheToken() {
        let (_, diagnostics) = resolve(["a.yaml": "group:\n  thing: { $value: 4 }\n"])
        #expect(summary(diagnostics) == ["token/missing-type@a.yaml:2:3"])
    }

    /// The fix names the type the value's shape says, in the file's own syntax, and guesses nothing for a shape
    /// several types share (a bare number).
    @Test func missingTypeFixFollowsTheValuesShape() {
        let (_, yaml) = resolve(["a.yaml": """
            g:
              c: { $value: "oklch(0.6 0.1 250)" }
              d: { $value: { value: 4, unit: rem } }
              t: { $value: { value: 0.2, unit: s } }
              s: { $value: { color: "#000", offsetX: { value: 0, unit: px }, offsetY: { value: 1, unit: px }, blur: { value: 2, unit: px }, spread: { value: 0, unit: px } } }
              n: { $value: 4 }
            """])
        #expect(yaml.map { $0.fix ?? "" } == [
            "add `$type: color` to the token or its group: its value is written as a color",
            "add `$type: dimension` to the token or its group: its value is written as a dimension",
            "add `$type: …` with the token's type (`color`, `dimension`, `number` …) to the token or its group",
            "add `$type: shadow` to the token or its group: its value is written as a shadow",
            "add `$type: duration` to the token or its group: its value is written as a duration",
        ])  // in path order: c, d, n, s, t
        let (_, json) = resolve(["b.json": #"{ "g": { "d": { "$value": { "value": 4, "unit": "px" } } } }"#])
        #expect(json.map { $0.fix ?? "" } == [#"add `"$type": "dimension"` to the token or its group: its value is written as a dimension"#])
    }

    @Test func extendsCopiesTokensAndTypes() {
        let (set, diagnostics) = resolve(["a.yaml": """
            base:
              $type: color
              bg: { $value: "#fff" }
              fg: { $value: "#000" }
            brand:
              $extends: "{base}"
              bg: { $value: "#f0f" }
            """])
        #expect(diagnostics.isEmpty)
        #expect(value(set, "brand.bg") == "#f0f")
        #expect(value(set, "brand.fg") == "#000")
        #expect(set.tokens.first { $0.path == "brand.bg" }?.type == .color)
    }
}

@Suite struct AliasTests {
    @Test func unresolvedAliasSuggestsTheNearestPath() throws {
        let (_, diagnostics) = resolve(["a.yaml": "c:\n  $type: color\n  blue: { $value: \"#00f\" }\n  link: { $value: \"{c.bleu}\" }\n"])
        let d = try #require(diagnostics.first)
        #expect(summary(diagnostics) == ["alias/unresolved@a.yaml:4:19"])
        #expect(d.message == "`{c.bleu}` does not name a token")
        #expect(d.fix == "did you mean `{c.blue}`?")
    }

    @Test func cycleIsReportedOnceNamingEveryMember() throws {
        let (set, diagnostics) = resolve(["a.yaml": """
            n:
              $type: number
              a: { $value: "{n.b}" }
              b: { $value: "{n.c}" }
              c: { $value: "{n.a}" }
              d: { $value: "{n.a}" }
            """])
        let d = try #require(diagnostics.first)
        #expect(summary(diagnostics) == ["alias/cycle@a.yaml:3:16"])
        #expect(d.message == "these aliases point at each other in a circle: `n.a` → `n.b` → `n.c` → `n.a`")
        #expect(d.related.map(\.location.line) == [4, 5])
        #expect(set.tokens.isEmpty)
    }

    @Test func typeMismatchNamesBothTypes() throws {
        let (_, diagnostics) = resolve(["a.yaml": "n: { $type: number, $value: 1 }\nc: { $type: color, $value: \"{n}\" }\n"])
        let d = try #require(diagnostics.first)
        #expect(summary(diagnostics) == ["alias/type-mismatch@a.yaml:2:28"])
        #expect(d.message == "`c` is a color token, but its alias `{n}` is a number")
    }

    @Test func typeComesFromTheAliasTarget() {
        let (set, diagnostics) = resolve(["a.yaml": "n: { $type: number, $value: 1 }\nm: { $value: \"{n}\" }\n"])
        #expect(diagnostics.isEmpty)
        #expect(set.tokens.first { $0.path == "m" }?.type == .number)
        #expect(set.tokens.first { $0.path == "m" }?.aliasChain == ["n"])
    }

    @Test func styleDictionarysUnprefixedPropertiesSayWhatToRename() {
        let (_, diagnostics) = resolve(["a.json": ##"{ "color": { "red": { "value": "#ff0000", "type": "color", "comment": "Red." }, "size": "4" } }"##])
        #expect(Diagnostic.sortedForReport(diagnostics).map { "\($0.location!.column) \($0.fix ?? "-")" } == [
            "32 rename `value` to `$value`: DTCG writes a token's properties with `$` (Style Dictionary's older format has none)",
            "51 rename `type` to `$type`: DTCG writes a token's properties with `$` (Style Dictionary's older format has none)",
            "71 rename `comment` to `$description`: DTCG writes a token's properties with `$` (Style Dictionary's older format has none)",
            // Not beside a `value`: an ordinary misplaced scalar.
            "89 write `size:` followed by `$value: …` on the next line, indented",
        ])
    }

    @Test func styleDictionarysValueSuffixSaysToDropIt() {
        let (_, diagnostics) = resolve(["a.yaml": "c:\n  $type: color\n  red: { $value: \"#f00\" }\n  link: { $value: \"{c.red.value}\" }\n"])
        #expect(summary(diagnostics) == ["alias/unresolved@a.yaml:4:19"])
        #expect(diagnostics.first?.fix == "write `{c.red}`: a DTCG alias names the token, without Style Dictionary's `.value`")
    }

    @Test func aSurfaceThatIsNoColorIsATypeMismatch() {
        let (_, diagnostics) = resolve(["a.yaml": """
            c:
              $type: color
              bg: { $value: "#fff" }
              fg: { $value: "#777", $extensions: { tokenc: { on: ["{s.small}", "{c.bg}", "{c.link}"] } } }
              link: { $value: "{c.bg}" }
            s: { small: { $type: dimension, $value: { value: 4, unit: px } } }
            """])
        #expect(summary(diagnostics) == ["alias/type-mismatch@a.yaml:4:55"])
        #expect(diagnostics.first?.message == "`on` names `s.small`, a dimension token; it lists the colors `c.fg` is drawn on")
        #expect(diagnostics.first?.related.first?.location == SourceLocation(file: "a.yaml", line: 6, column: 6))
    }

    @Test func aliasToAGroupIsAnError() {
        let (_, diagnostics) = resolve(["a.yaml": "g:\n  $type: number\n  a: { $value: 1 }\nb: { $type: number, $value: \"{g}\" }\n"])
        #expect(summary(diagnostics) == ["alias/unresolved@a.yaml:4:29"])
        #expect(diagnostics.first?.message == "`{g}` names a group, not a token")
        #expect(diagnostics.first?.fix == "point at one token of the group, such as `{g.a}`")
    }

    @Test func aliasToItsOwnGroupSuggestsAnotherToken() {
        // The group's first token is the alias itself: pointing at it would be a cycle.
        let (_, diagnostics) = resolve(["a.yaml": "g:\n  $type: number\n  a: { $value: \"{g}\" }\n  b: { $value: 2 }\n"])
        #expect(summary(diagnostics) == ["alias/unresolved@a.yaml:3:16"])
        #expect(diagnostics.first?.fix == "point at one token of the group, such as `{g.b}`")
        let (_, alone) = resolve(["a.yaml": "g:\n  $type: number\n  a: { $value: \"{g}\" }\n"])
        #expect(alone.first?.fix == "point at a token; the group holds only `g.a`")
    }

    @Test func deprecatedUseWarns() {
        let (_, diagnostics) = resolve(["a.yaml": "old: { $type: number, $value: 1, $deprecated: \"use new\" }\nx: { $value: \"{old}\" }\n"])
        #expect(summary(diagnostics) == ["token/deprecated-use@a.yaml:2:14"])
        #expect(diagnostics.first?.severity == .warning)
        #expect(diagnostics.first?.message == "`x` uses `old`, which is deprecated: use new")
    }

    @Test func longChainsResolveToTheEnd() {
        var text = "n:\n  $type: number\n  t0: { $value: 7 }\n"
        for i in 1...300 { text += "  t\(i): { $value: \"{n.t\(i - 1)}\" }\n" }
        let (set, diagnostics) = resolve(["a.yaml": text])
        #expect(diagnostics.isEmpty)
        #expect(set.tokens.first { $0.path == "n.t300" }?.values.first?.value.scalar == .integer(7))
        #expect(set.tokens.first { $0.path == "n.t300" }?.aliasChain.count == 300)
    }
}

@Suite struct AppearanceTests {
    static let files = ["a.yaml": """
        c:
          $type: color
          bg:
            $value: "#fff"
            $extensions: { mode: { dark: "#000", dark-high-contrast: "#010101" } }
          fg:
            $value: "#111"
            $extensions: { mode: { dark: "#eee" } }
          link: { $value: "{c.bg}" }
        border:
          $type: border
          $value: { color: "{c.fg}", width: { value: 1, unit: px }, style: solid }
        """]

    @Test func aliasesFollowTheirTargetIntoEachMode() {
        let (set, diagnostics) = resolve(Self.files)
        #expect(diagnostics.isEmpty)
        #expect(value(set, "c.link", "dark") == "#000")
        #expect(value(set, "c.link", "dark-high-contrast") == "#010101")
        #expect(set.modes == ["light", "dark", "dark-high-contrast"])
    }

    /// A `$ref` follows its target into each mode as an alias does, whatever the pointer's form: a whole token, a
    /// `$value`, a name with a `/` in it (`~1`).
    @Test func pointersFollowTheirTargetIntoEachMode() {
        let (set, diagnostics) = resolve(["r.yaml": """
            colors:
              $type: color
              blue: { $value: "#0000ff", $extensions: { mode: { dark: "#000088" } } }
              "a/b": { $value: "#00ff00", $extensions: { mode: { dark: "#008800" } } }
            semantic:
              $type: color
              whole: { $value: { $ref: "#/colors/blue" } }
              value: { $value: { $ref: "#/colors/blue/$value" } }
              escaped: { $value: { $ref: "#/colors/a~1b/$value" } }
            """])
        #expect(diagnostics.isEmpty)
        #expect(value(set, "semantic.whole", "dark") == "#000088")
        #expect(value(set, "semantic.value", "dark") == "#000088")
        #expect(value(set, "semantic.escaped", "dark") == "#008800")
        #expect(set.tokens.map { $0.values.map(\.mode) } == Array(repeating: ["light", "dark"], count: 5))
    }

    /// Custom modes come after the built-in appearances, sorted by name, for a token and for aliases of it.
    @Test func customModesFollowTheBuiltInOnesSorted() {
        let (set, diagnostics) = resolve(["m.yaml": """
            c:
              $type: color
              bg:
                $value: "#fff"
                $extensions: { mode: { sepia: "#f0e0c0", dark-high-contrast: "#010101", amber: "#ffbf00", dark: "#000" } }
              link: { $value: "{c.bg}", $extensions: { mode: { blueprint: "#0000ff" } } }
            """])
        #expect(diagnostics.isEmpty)
        let modes = { (path: String) in set.tokens.first { $0.path == path }!.values.map(\.mode) }
        #expect(modes("c.bg") == ["light", "dark", "dark-high-contrast", "amber", "sepia"])
        #expect(modes("c.link") == ["light", "dark", "dark-high-contrast", "amber", "blueprint", "sepia"])
        #expect(value(set, "c.link", "sepia") == "#f0e0c0")
        #expect(set.modes == ["light", "dark", "dark-high-contrast", "amber", "blueprint", "sepia"])
    }

    @Test func compositesTakeEachModeOfTheirParts() {
        let (set, _) = resolve(Self.files)
        let border = set.tokens.first { $0.path == "border" }!
        #expect(border.values.map(\.mode) == ["light", "dark"])
        #expect(border.values[1].value["color"]?.string == "#eee")
    }

    /// Literal tokens are resolved before the alias walk; what they give aliases, and what is reported
    /// about them, is what the walk would give: an invalid mode value is dropped and reported once.
    @Test func literalTokensResolvedAheadMatchTheWalk() throws {
        let (set, diagnostics) = resolve(["a.yaml": """
            c:
              $type: color
              base: { $value: "#fff", $extensions: { mode: { dark: "nope", light-high-contrast: "#000", brand: "#f00" } } }
              alias: { $value: "{c.base}" }
              bad: { $value: "#12345", $extensions: { mode: { dark: "also bad" } } }
            d:
              $type: dimension
              pt: { $value: { value: 4, unit: pt }, $extensions: { mode: { dark: { value: 5, unit: pt } } } }
            """])
        #expect(summary(diagnostics) == ["token/invalid-value@a.yaml:3:56", "token/invalid-value@a.yaml:5:18"])
        let base = try #require(set.tokens.first { $0.path == "c.base" })
        #expect(base.values.map { "\($0.mode)=\($0.value.string!)" } == ["light=#fff", "light-high-contrast=#000", "brand=#f00"])
        let alias = try #require(set.tokens.first { $0.path == "c.alias" })
        #expect(alias.values.map { "\($0.mode)=\($0.value.string!)" } == ["light=#fff", "light-high-contrast=#000", "brand=#f00"])
        #expect(alias.aliasChain == ["c.base"])
        #expect(!set.tokens.contains { $0.path == "c.bad" })
        let pt = try #require(set.tokens.first { $0.path == "d.pt" })
        #expect(pt.values.map { "\($0.mode)=\($0.value["value"]!.number!)\($0.value["unit"]!.string!)" } == ["light=4.0px", "dark=5.0px"])
    }

    @Test func modeValuesDoNotDependOnResolutionOrder() {
        // `a.accent` sorts first; its target's dark value aliases a token the light pass never visited.
        let (set, _) = resolve(["a.yaml": """
            a: { $type: color, accent: { $value: "{c.tint}" } }
            c:
              $type: color
              tint: { $value: "{z.blue}", $extensions: { mode: { dark: "{z.sky}" } } }
            z:
              $type: color
              blue: { $value: "#00f" }
              sky: { $value: "#9cf" }
            """])
        #expect(value(set, "a.accent", "dark") == "#9cf")
    }

    @Test func missingModesFallBackInTheDocumentedOrder() {
        #expect(Appearance.fallbacks(for: "dark-high-contrast") == ["dark", "light"])
        #expect(Appearance.fallbacks(for: "light-high-contrast") == ["light"])
        let (set, _) = resolve(["a.yaml": """
            c:
              $type: color
              fg: { $value: "#111", $extensions: { mode: { dark: "#eee" } } }
              bg: { $value: "#fff", $extensions: { mode: { dark-high-contrast: "#000" } } }
              on: { $value: "{c.fg}", $extensions: { mode: { dark-high-contrast: "{c.bg}" } } }
            """])
        #expect(value(set, "c.on", "dark") == "#eee")
        #expect(value(set, "c.on", "dark-high-contrast") == "#000")
    }

    /// A custom mode named `THEME-APPEARANCE` is that theme's own appearance: it falls back within the theme,
    /// then to the theme, then to the appearance; other names (and a built-in name before the suffix) are not.
    @Test func aThemesAppearancesFallBackWithinTheThemeFirst() {
        #expect(Appearance.combination("forest-dark")! == ("forest", "dark"))
        #expect(Appearance.combination("forest-dark-high-contrast")! == ("forest", "dark-high-contrast"))
        #expect(Appearance.combination("sea-green-light-high-contrast")! == ("sea-green", "light-high-contrast"))
        for name in ["dark", "dark-high-contrast", "-dark", "light-dark", "forest-light", "forest-Dark", "forestdark", "forest"] {
            #expect(Appearance.combination(name) == nil, "\(name)")
        }
        #expect(Appearance.fallbacks(for: "forest-dark") == ["forest", "dark", "light"])
        #expect(Appearance.fallbacks(for: "forest-light-high-contrast") == ["forest", "light-high-contrast", "light"])
        #expect(Appearance.fallbacks(for: "forest-dark-high-contrast") == ["forest-dark", "forest", "dark-high-contrast", "dark", "light"])
        let (set, diagnostics) = resolve(["a.yaml": """
            c:
              $type: color
              bg: { $value: "#fff", $extensions: { mode: { dark: "#000", forest: "#efe", forest-dark: "#031" } } }
              fg: { $value: "#111", $extensions: { mode: { dark: "#eee", dark-high-contrast: "#fff", forest: "#131" } } }
              on: { $value: "{c.bg}" }
            """])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let bg = set.tokens.first { $0.path == "c.bg" }!, fg = set.tokens.first { $0.path == "c.fg" }!
        #expect(["forest", "forest-dark", "forest-dark-high-contrast", "forest-light-high-contrast"].map { bg.value(in: $0).string } == ["#efe", "#031", "#031", "#efe"])
        // `fg` has no forest appearances: the theme's own color wins over the appearance, as the stylesheet cascades.
        #expect(["forest", "forest-dark", "forest-dark-high-contrast"].map { fg.value(in: $0).string } == ["#131", "#131", "#131"])
        // An alias follows its target into the theme's appearances.
        #expect(value(set, "c.on", "forest-dark") == "#031")
    }

    @Test func resolverDocumentAppearanceBecomesModes() {
        let document = """
            version: "2025.10"
            sets:
              base:
                sources:
                  - c: { $type: color, bg: { $value: "#fff" } }
            modifiers:
              appearance:
                default: light
                contexts:
                  light: []
                  dark:
                    - c: { bg: { $type: color, $value: "#000" } }
                  darkHighContrast:
                    - c: { bg: { $type: color, $value: "#010101" } }
            resolutionOrder:
              - $ref: "#/sets/base"
              - $ref: "#/modifiers/appearance"
            """
        let (file, loadDiagnostics) = TokenFileLoader().load(bytes: Array(document.utf8), path: "r.yaml")
        #expect(loadDiagnostics.isEmpty)
        #expect(ResolverDocumentReader.isResolverDocument(file.root))
        let (resolution, diagnostics) = ResolverDocumentReader().read(file) { _ in nil }
        #expect(diagnostics.isEmpty)
        let builder = TokenTreeBuilder()
        let base = builder.build(resolution.base).tokens
        let modes = resolution.modes.map { ($0.mode, builder.build($0.sources).tokens) }
        let (merged, _) = ModeMerger().merge(base: base, modes: modes)
        let (set, _) = AliasResolver().resolve(merged)
        #expect(value(set, "c.bg", "dark") == "#000")
        #expect(value(set, "c.bg", "dark-high-contrast") == "#010101")
    }

    /// A definition no default set has is one finding, naming every context that reads it, not one per context.
    @Test func aTokenOnlyContextsDefineIsOneFinding() {
        let (file, _) = TokenFileLoader().load(bytes: Array("extra: { $type: color, $value: \"#111\" }\n".utf8), path: "coarse.yaml")
        let only = TokenTreeBuilder().build([file]).tokens
        let (_, diagnostics) = ModeMerger().merge(base: [], modes: [("coarse", only), ("coarse-dark", only)])
        #expect(diagnostics.map { "\($0.location!): \($0.message)" } == [
            "coarse.yaml:1:1: `extra` is defined only in the contexts `coarse`, `coarse-dark`, so it has no default value and is ignored",
        ])
    }
}

/// Runs `body` on a thread with 512 KiB of stack (what Apple's platforms give a secondary thread) and waits for
/// its result: the walk keeps a chain's frames on the heap, so a chain 1,000 long fits.
private func onSmallStack<T>(_ body: @escaping @Sendable () -> T) -> T {
    let result = LockedValue<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        let value = body()
        result.withLock { $0 = value }
        done.signal()
    }
    thread.stackSize = 512 << 10
    thread.start()
    done.wait()
    return result.withLock { $0! }
}

@Suite struct AliasWalkTests {
    /// Chains in every order, chains too long for where the walk meets them, and the aliases that fail (own
    /// modes, deprecated or mistyped targets, cycles, pointers, bad targets), walked on a 512 KiB stack.
    @Test func resolvesChainsOfEveryShapeOnASmallStack() {
        var yaml = "deep:\n"
        for i in 0..<1_100 { yaml += "  a\(i): { $value: '{deep.a\(i + 1)}' }\n" }
        yaml += "  a1100: { $type: color, $value: '#abcdef', $extensions: { mode: { dark: '#123456' } } }\n"
        yaml += "up:\n  u0: { $type: dimension, $value: { value: 3, unit: pt } }\n"
        for i in 1..<300 { yaml += "  u\(i): { $value: '{up.u\(i - 1)}' }\n" }
        yaml += "stack:\n"
        for i in 0..<990 { yaml += "  s\(i): { $value: '{stack.s\(i + 1)}' }\n" }
        yaml += "  s990: { $value: '{zz.x0}' }\nzz:\n"
        for i in 0..<20 { yaml += "  x\(i): { $value: '{zz.x\(i + 1)}' }\n" }
        yaml += "  x20: { $type: color, $value: 'color(display-p3 0.1 0.9 0.2)' }\n"
        yaml += """
            misc:
              red: { $type: color, $value: '#ee0000', $extensions: { mode: { dark: 'nope', high-contrast: '#fff' } } }
              redAlias: { $value: '{misc.red}' }
              redAlias2: { $value: '{misc.redAlias}' }
              own: { $value: '{misc.redAlias}', $extensions: { mode: { dark: '#000' } } }
              ownAlias: { $value: '{misc.own}' }
              old: { $type: color, $value: '#ff0000', $deprecated: use red }
              usesOld: { $value: '{misc.old}' }
              mismatch: { $type: dimension, $value: '{misc.redAlias2}' }
              c1: { $value: '{misc.c2}' }
              c2: { $value: '{misc.c1}' }
              toCycle: { $value: '{misc.c1}' }
              bad: { $type: color, $value: 'nope' }
              toBad: { $value: '{misc.bad}' }
              pointer: { $value: { $ref: '#/misc/red/$value' } }
              toPointer: { $value: '{misc.pointer}' }
              system: { $type: color, $value: '{system.systemBlue}' }
              toSystem: { $value: '{misc.system}' }
              shadow: { $type: shadow, $value: { color: '{misc.redAlias}', offsetX: { value: 1, unit: px }, offsetY: { value: 1, unit: px }, blur: { value: 2, unit: pt }, spread: { value: 0, unit: px } } }
              toShadow: { $value: '{misc.shadow}' }
            """
        let (file, loadDiagnostics) = TokenFileLoader().load(bytes: Array(yaml.utf8), path: "t.yaml")
        #expect(loadDiagnostics.isEmpty)
        let (tokens, _) = TokenTreeBuilder().build([file])
        let (found, diagnostics) = onSmallStack { AliasResolver().resolve(tokens) }
        let byPath = Dictionary(uniqueKeysWithValues: found.tokens.map { ($0.path, $0) })
        // `deep.a0` is 1,100 links from its literal and `stack.s0` 991 + 21: past the bound of 1,000, each reported
        // once, at the token the walk met first, and every token on the chain as far as the bound fails with it.
        // The tokens past the bound resolve, with chains short enough.
        #expect(summary(diagnostics).filter { $0.hasPrefix("alias/chain-too-long") } == ["alias/chain-too-long@t.yaml:2:3", "alias/chain-too-long@t.yaml:1405:3"])
        #expect(byPath["deep.a0"] == nil && byPath["deep.a100"] == nil && byPath["stack.s0"] == nil && byPath["stack.s20"] == nil)
        #expect(byPath["deep.a1050"]?.aliasChain.count == 50)
        #expect(byPath["deep.a1050"].map { $0.values.map { "\($0.mode) \($0.value.string ?? "")" } } == ["light #abcdef", "dark #123456"])
        #expect(byPath["zz.x15"]?.aliasChain.count == 5)
        // The walk from `deep.a0` holds 1,001 tokens and then fails `deep.a1001`; `a1002` … `a1100` resolve.
        #expect((0...1100).filter { byPath["deep.a\($0)"] != nil } == Array(1002...1100))
        #expect(byPath["zz.x0"] == nil)
        // A chain of 299 aliases of a `pt` dimension: written as `px` where each alias is written.
        #expect(byPath["up.u299"]?.aliasChain.count == 299)
        #expect(byPath["up.u299"]?.aliasChain.first == "up.u298" && byPath["up.u299"]?.aliasChain.last == "up.u0")
        #expect(byPath["up.u299"]?.values.first?.value["unit"]?.string == "px")
        #expect(byPath["up.u299"]?.values.first?.value.location.line == 1403)
        // Aliases take their target's modes; an invalid mode value (`dark: nope`) is left out all the way down.
        #expect(byPath["misc.redAlias2"].map { $0.values.map { "\($0.mode) \($0.value.string ?? "")" } } == ["light #ee0000", "high-contrast #fff"])
        #expect(byPath["misc.redAlias2"]?.aliasChain == ["misc.redAlias", "misc.red"])
        #expect(byPath["misc.ownAlias"].map { $0.values.map { "\($0.mode) \($0.value.string ?? "")" } } == ["light #ee0000", "dark #000", "high-contrast #fff"])
        // An alias with no values of its own shares its target's parsed colors (and other typed values).
        #expect(byPath["misc.redAlias"]?.colorsIdentity == byPath["misc.red"]?.colorsIdentity)
        #expect(byPath["misc.toShadow"].flatMap { $0.typedValue(at: 0) }.map { "\($0)" } == byPath["misc.shadow"].flatMap { $0.typedValue(at: 0) }.map { "\($0)" })
        #expect(byPath["misc.toPointer"]?.values.first?.value.string == "#ee0000")
        #expect(byPath["misc.toSystem"]?.values.first?.value.string == "{system.systemBlue}")
        #expect(byPath["misc.usesOld"]?.values.first?.value.string == "#ff0000")
        for failing in ["misc.mismatch", "misc.c1", "misc.c2", "misc.toCycle", "misc.bad", "misc.toBad"] {
            #expect(byPath[failing] == nil, "\(failing)")
        }
        #expect(Set(diagnostics.map(\.id)).isSuperset(of: ["alias/cycle", "alias/type-mismatch", "token/deprecated-use", "token/invalid-value"]))
    }

    /// Random alias graphs against a model written here, apart from the resolver: a token resolves when it is a
    /// literal, or when it names a token that resolves, with the same type, by a chain that comes back to no
    /// token; it then has the literal's light value and the chain of tokens it went through. Literals with and
    /// without modes, aliases of earlier or later tokens (so chains are met from either end), aliases with
    /// their own modes, deprecated and mistyped targets, missing targets and cycles, from a fixed generator.
    @Test func matchAModelOnRandomGraphs() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        enum Written { case literal(String), alias(Int, type: String) }
        var resolvedSomewhere = 0, failedSomewhere = 0
        for _ in 0..<40 {
            let count = 5 + next(60)
            var yaml = "g:\n  $type: color\n"
            var written: [Written] = []
            for i in 0..<count {
                let target = next(count + 2)  // sometimes one that does not exist
                switch next(10) {
                case 0, 1, 2:
                    let hex = "#" + String(next(1 << 24), radix: 16)  // fewer than 6 digits, sometimes: not a color
                    yaml += "  t\(i): { $value: '\(hex)' }\n"
                    written.append(.literal(hex))
                case 3:
                    yaml += "  t\(i): { $value: '#fff', $extensions: { mode: { dark: '#000', high-contrast: 'bad' } } }\n"
                    written.append(.literal("#fff"))
                case 4:
                    yaml += "  t\(i): { $value: '#123', $deprecated: gone }\n"
                    written.append(.literal("#123"))
                case 5:
                    yaml += "  t\(i): { $value: '{g.t\(target)}', $extensions: { mode: { dark: '{g.t\(next(count))}' } } }\n"
                    written.append(.alias(target, type: "color"))
                case 6:
                    yaml += "  t\(i): { $type: dimension, $value: '{g.t\(target)}' }\n"
                    written.append(.alias(target, type: "dimension"))
                default:
                    yaml += "  t\(i): { $value: '{g.t\(target)}' }\n"
                    written.append(.alias(target, type: "color"))
                }
            }
            // The model: follow each chain until a literal, a missing token, a type change or a token met before.
            func model(_ start: Int) -> (light: String, chain: [String])? {
                var chain: [String] = [], seen: Set<Int> = [start], i = start
                let type: String
                if case .alias(_, let declared) = written[start] { type = declared } else { type = "color" }
                while true {
                    switch written[i] {
                    case .literal(let hex): return type == "color" && [3, 4, 6, 8].contains(hex.count - 1) ? (hex, chain) : nil
                    case .alias(let target, let declared):
                        guard declared == type, target < count, seen.insert(target).inserted else { return nil }
                        chain.append("g.t\(target)")
                        i = target
                    }
                }
            }
            let (file, _) = TokenFileLoader().load(bytes: Array(yaml.utf8), path: "r.yaml")
            let (tokens, _) = TokenTreeBuilder().build([file])
            let (found, _) = AliasResolver().resolve(tokens)
            let byPath = Dictionary(uniqueKeysWithValues: found.tokens.map { ($0.path, $0) })
            for i in 0..<count {
                let expected = model(i), token = byPath["g.t\(i)"]
                #expect(token?.values.first?.value.string == expected?.light, "g.t\(i) in\n\(yaml)")
                #expect(token?.aliasChain == expected?.chain, "g.t\(i) in\n\(yaml)")
                if expected == nil { failedSomewhere += 1 } else { resolvedSomewhere += 1 }
            }
            #expect(found.tokens.map(\.path) == (0..<count).map { "g.t\($0)" }.filter { byPath[$0] != nil }.sorted())
        }
        // The generator makes both outcomes often.
        #expect(resolvedSomewhere > 300 && failedSomewhere > 300)
    }
}

/// The resolved list is gathered in chunks of 4,096 tokens on all cores once the walk is done.
@Suite struct ResolvedCollectionTests {
    @Test func keepsTokenOrderAndEveryChunksModesAcrossChunks() {
        // 9,000 tokens: literals with and without modes, plain aliases, aliases with modes, invalid literals and
        // missing targets, with a custom mode that only the last chunk's tokens use.
        var yaml = "g:\n  $type: color\n"
        var valid: [String] = []
        for i in 0..<9000 {
            let name = String(format: "t%05d", i)
            switch i % 5 {
            case 0: yaml += "  \(name): { $value: '#\(String(format: "%06x", i * 97 % 0xFFFFFF))' }\n"; valid.append(name)
            case 1: yaml += "  \(name): { $value: '{g.\(String(format: "t%05d", i - 1))}' }\n"; valid.append(name)
            case 2:
                let mode = i > 8500 ? "brand" : "dark"
                yaml += "  \(name): { $value: '{g.\(String(format: "t%05d", i - 2))}', $extensions: { mode: { \(mode): '#000' } } }\n"
                valid.append(name)
            case 3: yaml += "  \(name): { $value: 'not a color' }\n"
            default:
                // A few missing targets (each is compared with every path for a suggestion).
                if i % 1000 == 4 {
                    yaml += "  \(name): { $value: '{g.missing\(i)}' }\n"
                } else {
                    yaml += "  \(name): { $value: '#111', $extensions: { mode: { dark: '#eee' } } }\n"
                    valid.append(name)
                }
            }
        }
        let (file, _) = TokenFileLoader().load(bytes: Array(yaml.utf8), path: "chunks.yaml")
        let (tokens, _) = TokenTreeBuilder().build([file])
        let (set, diagnostics) = AliasResolver().resolve(tokens)
        #expect(set.tokens.map(\.path) == valid.map { "g." + $0 })
        #expect(set.modes == ["light", "dark", "brand"])
        #expect(diagnostics.filter { $0.id == "alias/unresolved" }.count == 9)
        #expect(diagnostics.filter { $0.id == "token/invalid-value" }.count == 1800)
        let last = set.tokens.last { $0.path == "g.t08997" }
        #expect(last?.values.map(\.mode) == ["light", "brand"])
        #expect(last?.aliasChain == ["g.t08995"])
    }
}

/// A `light` entry under `$extensions.mode`, which `$value` already is.
@Suite struct LightModeEntryTests {
    @Test func aLightModeThatDiffersFromTheValueIsAnErrorAndAnEqualOneIsFine() {
        let (set, diagnostics) = resolve(["a.yaml": """
            c:
              $type: color
              a: { $value: "#eeeeee", $extensions: { mode: { light: "#ffffff", dark: "#000000" } } }
              b: { $value: "#eeeeee", $extensions: { mode: { light: "#eeeeee", dark: "#000000" } } }
            """])
        #expect(summary(diagnostics) == ["token/invalid-property@a.yaml:3:50"])
        #expect(diagnostics.first?.message == "`light` under `$extensions.mode` is `#ffffff`, but `$value` is the light appearance and is `#eeeeee`")
        #expect(diagnostics.first?.fix == "remove `light` from `mode`, or make `#ffffff` the `$value`")
        #expect(set.tokens.first { $0.path == "c.b" }?.values.map(\.mode) == ["light", "dark"])
    }
}

/// Custom mode names that look like a misspelt built-in appearance.
@Suite struct CustomModeNameTests {
    @Test func aNearMissOfABuiltInAppearanceWarnsOncePerFileAndName() {
        let (set, diagnostics) = resolve(["a.yaml": """
            c:
              $type: color
              a: { $value: "#fff", $extensions: { mode: { drak: "#000", Dark: "#111", darkHighContrast: "#222" } } }
              b: { $value: "#eee", $extensions: { mode: { drak: "#000", brand: "#f00", high-contrast: "#fff" } } }
            """])
        #expect(Diagnostic.sortedForReport(diagnostics).map { "\($0.id)@\($0.location!.line):\($0.location!.column) \($0.fix ?? "-")" } == [
            "token/unknown-mode@3:47 did you mean `dark`?",
            "token/unknown-mode@3:61 did you mean `dark`?",
            "token/unknown-mode@3:75 did you mean `dark-high-contrast`?",
        ])
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        #expect(diagnostics.first?.message == "`drak` is not a built-in appearance, so it is kept as a custom mode (a brand theme) that falls back to light")
        // Still carried as custom modes, as written.
        #expect(set.modes == ["light", "Dark", "brand", "darkHighContrast", "drak", "high-contrast"])
    }
}

/// Appearance contexts of a resolver document that tokenc would not read as appearances.
@Suite struct ResolverAppearanceContextTests {
    func read(_ document: String) -> [Diagnostic] {
        let (file, _) = TokenFileLoader().load(bytes: Array(document.utf8), path: "r.yaml")
        return ResolverDocumentReader().read(file) { _ in nil }.1
    }

    @Test func aThemeModifierWithLightAndDarkWarnsThatOnlyItsDefaultIsRead() {
        let diagnostics = read("""
            version: "2025.10"
            modifiers:
              theme:
                default: dark
                contexts:
                  Light: []
                  dark: []
                  lightHighContrast: []
                  sepia: []
            resolutionOrder:
              - $ref: "#/modifiers/theme"
            """)
        #expect(diagnostics.map { "\($0.id)@\($0.location!.line):\($0.location!.column) \($0.severity)" } == ["resolver/appearance-modifier@6:7 warning"])
        #expect(diagnostics.first?.message == "the modifier `theme` has appearance contexts, but only the modifier named `appearance` becomes appearances: tokenc reads its default context `dark` and leaves out `Light`, `lightHighContrast`")
        #expect(diagnostics.first?.fix == "rename the modifier to `appearance`")
    }

    @Test func besideAnAppearanceModifierTheFixIsToMoveTheContexts() {
        let diagnostics = read("""
            version: "2025.10"
            modifiers:
              appearance: { contexts: { light: [], dark: [] } }
              contrast: { default: normal, contexts: { normal: [], dark-high-contrast: [] } }
            resolutionOrder:
              - $ref: "#/modifiers/appearance"
              - $ref: "#/modifiers/contrast"
            """)
        #expect(diagnostics.map { "\($0.id)@\($0.location!.line):\($0.location!.column)" } == ["resolver/appearance-modifier@4:56"])
        #expect(diagnostics.first?.fix == "move these contexts into the `appearance` modifier")
    }

    @Test func aMisspeltContextOfTheAppearanceModifierWarnsAndStaysACustomMode() {
        let (file, _) = TokenFileLoader().load(bytes: Array("""
            version: "2025.10"
            modifiers:
              appearance: { contexts: { light: [], drak: [], darkHighContrast: [], brand: [] } }
            resolutionOrder:
              - $ref: "#/modifiers/appearance"
            """.utf8), path: "r.yaml")
        let (resolution, diagnostics) = ResolverDocumentReader().read(file) { _ in nil }
        #expect(diagnostics.map { "\($0.id)@\($0.location!.line):\($0.location!.column) \($0.fix ?? "-")" } == ["token/unknown-mode@3:40 did you mean `dark`?"])
        #expect(resolution.modes.map(\.mode) == ["drak", "dark-high-contrast", "brand"])
    }
}

/// What an invalid value's error tells the user to write instead.
@Suite struct InvalidValueFixTests {
    /// `line:column message | fix` of each invalid-value error, in report order.
    private func fixes(_ yaml: String) -> [String] {
        let (_, diagnostics) = resolve(["v.yaml": yaml])
        return Diagnostic.sortedForReport(diagnostics).filter { $0.id == "token/invalid-value" }.map { d in
            "\(d.location!.line):\(d.location!.column) \(d.message) | \(d.fix ?? "-")"
        }
    }

    @Test func dimensionsAndDurationsWrittenAsOneStringGetTheirObjectForm() {
        #expect(fixes("""
            s:
              $type: dimension
              a: { $value: 4px }
              b: { $value: " 1.5 rem " }
              c: { $value: 12 }
              d: { $value: 3em }
            m:
              $type: duration
              quick: { $value: 200ms }
            """) == [
            "3:16 `s.a` is not a valid dimension: expected a mapping with `value`, `unit`, found a string | write `{ value: 4, unit: px }`",
            "4:16 `s.b` is not a valid dimension: expected a mapping with `value`, `unit`, found a string | write `{ value: 1.5, unit: rem }`",
            "5:16 `s.c` is not a valid dimension: expected a mapping with `value`, `unit`, found a number | write `{ value: 12, unit: px }`",
            // `em` is no unit tokenc takes: the fix says so, and converts nothing (never to `rem`).
            "6:16 `s.d` is not a valid dimension: expected a mapping with `value`, `unit`, found a string | DTCG has no `em`: write the size in `px` (its size at your body text; in a typography value, `tokenc migrate` does it from the font size)",
            "9:20 `m.quick` is not a valid duration: expected a mapping with `value`, `unit`, found a string | write `{ value: 200, unit: ms }`",
        ])
    }

    @Test func aMisspeltSystemColorSuggestsTheName() {
        #expect(fixes("c:\n  $type: color\n  a: { $value: \"{system.systemblue}\" }\n  b: { $value: \"{system.nothinglike}\" }\n") == [
            "3:16 `c.a` is not a valid color: `systemblue` is not a system color tokenc knows | did you mean `{system.systemBlue}`?",
            "4:16 `c.b` is not a valid color: `nothinglike` is not a system color tokenc knows | use a name from docs/system-colors.md, such as `{system.systemBlue}`",
        ])
    }

    @Test func misspeltAndMissingFieldsNameTheFieldToWrite() {
        #expect(fixes("""
            s:
              $type: dimension
              a: { $value: { value: 4, unti: px } }
              b: { $value: { value: 4, unit: pxx } }
              c: { $value: { value: 4, unit: px, scale: 2 } }
            sh:
              $type: shadow
              x: { $value: { color: "#000", offsetX: { value: 0, unit: px } } }
            n:
              $type: number
              x: { $value: abc }
            """) == [
            "3:16 `s.a` is not a valid dimension: missing `unit` | add `unit`, as in `{ value: 16, unit: px }`",
            "3:28 `s.a` is not a valid dimension: `unti` is not a field here; expected `value`, `unit` | did you mean `unit`?",
            "4:34 `s.b` is not a valid dimension: `unit` must be `px` or `rem` (`pt` is read as `px`) | did you mean `px`?",
            "5:38 `s.c` is not a valid dimension: `scale` is not a field here; expected `value`, `unit` | remove `scale`",
            "8:16 `sh.x` is not a valid shadow: missing `offsetY`, `blur`, `spread` | add `offsetY`, `blur` and `spread`, as in "
                + ##"`{ color: "#00000033", offsetX: { value: 0, unit: px }, offsetY: { value: 2, unit: px }, blur: { value: 8, unit: px }, spread: { value: 0, unit: px } }`"##,
            "11:16 `n.x` is not a valid number: expected a number, found a string | write a number such as 1.5",
        ])
    }
}

/// The join's merge of each file's sorted run against Swift's stable sort of the same positions.
@Suite struct SortedRunsTests {
    /// A deterministic generator, so a failure can be replayed.
    struct SplitMix {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    @Test func mergedRunsEqualAStableSort() {
        var random = SplitMix(state: 42)
        // Few distinct names (many ties across runs), blocks of one group per run, non-ASCII and empty runs.
        let names = ["a", "a.b", "a.b.c", "a1", "b", "b.a", "é", "e\u{301}", "Z", "z.z", "", "b10", "b2"]
        for round in 0..<300 {
            var paths: [String] = []
            var runs: [Range<Int>] = []
            for _ in 0..<random.next(7) {
                let start = paths.count
                var run = (0..<random.next(40)).map { _ in names[random.next(names.count)] + (round % 2 == 0 ? "" : ".\(random.next(5))") }
                // Each run sorted stably, as a file's tokens are.
                run = run.indices.sorted { run[$0] < run[$1] }.map { run[$0] }
                paths += run
                runs.append(start..<paths.count)
            }
            let expected = paths.indices.sorted { paths[$0] < paths[$1] }
            #expect(SortedRuns.merged(paths, runs: runs) == expected, "round \(round)")
        }
    }

    @Test func gallopFindsTheEndOfWhatHolds() {
        let run = Array(0..<100)
        for start in [0, 1, 37, 98, 99] {
            for bound in start + 1...100 {
                #expect(SortedRuns.gallop(run, from: start) { $0 < bound } == bound)
            }
        }
    }
}

/// `on` written as one surface instead of a list of them.
@Suite struct SurfaceListTests {
    @Test func oneSurfaceWrittenAloneIsAnErrorWhoseFixIsTheList() {
        let (_, diagnostics) = resolve(["a.yaml": """
            c:
              $type: color
              bg: { $value: "#ffffff" }
              a: { $value: "#000000", $extensions: { tokenc: { on: c.bg } } }
              b: { $value: "#000000", $extensions: { tokenc: { on: "{c.bg}" } } }
              d: { $value: "#000000", $extensions: { tokenc: { on: { x: 1 } } } }
            """])
        let invalid = Diagnostic.sortedForReport(diagnostics).filter { $0.id == "token/invalid-property" }
        #expect(invalid.map { "\($0.location!.line):\($0.location!.column) \($0.fix ?? "-")" } == [
            #"4:56 write `on: ["{c.bg}"]`"#,
            #"5:56 write `on: ["{c.bg}"]`"#,
            "6:56 -",
        ])
        #expect(invalid.first?.message == #"`on` must be a list of surfaces such as ["{color.background.primary}"]"#)
    }
}

/// `$extends` copies what a group holds at any depth, and a chain of groups each extending the last (whose
/// copies grow with the square of its length) stops at a bound with one error.
@Suite struct ExtendsBoundTests {
    @Test func nestedGroupsAreCopiedAndTheirTypesInherited() {
        let (set, diagnostics) = resolve(["a.yaml": """
            base:
              $type: color
              a: { $value: "#000000" }
              deep: { inner: { b: { $value: "#111111" } } }
            theme:
              $extends: "{base}"
              deep: { inner: { b: { $value: "#222222" } }, c: { $value: "#333333" } }
            """])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(set.tokens.map { "\($0.path) \($0.type.rawValue) \($0.values[0].value.string ?? "")" } == [
            "base.a color #000000", "base.deep.inner.b color #111111",
            "theme.a color #000000", "theme.deep.c color #333333", "theme.deep.inner.b color #222222",
        ])
    }

    /// 1,000 groups of one token, each extending the last, would copy 499,500 tokens: the link that would pass
    /// 200,000 copies (after 631 links, 199,396 copied: the sum of 1…631) is the one error, and no later link copies.
    @Test func aChainOfExtendsStopsAtTheBound() {
        var text = "g0:\n  $type: color\n  t: { $value: \"#000000\" }\n"
        for i in 1..<1_000 { text += "g\(i):\n  $extends: \"{g\(i - 1)}\"\n  x\(i): { $type: color, $value: \"#111111\" }\n" }
        let (set, diagnostics) = resolve(["a.yaml": text])
        #expect(diagnostics.map(\.id) == ["alias/extends-too-large"])
        #expect(diagnostics.first?.message == "`$extends` of `g631` would copy 632 more tokens into `g632`, past the 200000 a set's "
                    + "`$extends` may copy in all (199396 so far); no later `$extends` is applied")
        #expect(diagnostics.first?.location?.line == 3 * 632 + 2)
        #expect(set.tokens.count == 1_000 + 199_396)
    }
}

/// Suggestions for references that name no token, in sets of any size.
@Suite struct PathSuggestionTests {
    /// A typo in a token's name is matched among its group; a typo in a group's name among the tokens with the
    /// same last name; anything else against every path.
    @Test func nearPathsFirstThenEveryPath() {
        var suggestions = PathSuggestions(["color.brand.primary", "color.brand.secondary", "color.text.primary", "space.small"])
        #expect(suggestions.nearest("color.brand.primry") == "color.brand.primary")
        #expect(suggestions.nearest("colour.text.primary") == "color.text.primary")
        #expect(suggestions.nearest("spce.smal") == "space.small")
        #expect(suggestions.nearest("nothing.like.it") == nil)
        // Within a third of the whole path, but the names alone are too far apart to be a typo.
        #expect(suggestions.nearest("color.brand.tertiary") == nil)
        #expect(suggestions.nearest("color.text.primo") == nil)
        #expect(suggestions.nearest("color.text.prmary") == "color.text.primary")
        var short = PathSuggestions(["c.b", "c.ab"])
        #expect(short.nearest("c.zz") == nil)
        #expect(NearestName.find("zz", in: ["b"]) == nil && NearestName.find("zz", in: ["b", "z"]) == "z")
        #expect(suggestions.isGroup("color.brand") && suggestions.isGroup("color") && !suggestions.isGroup("color.brand.primary"))
        #expect(suggestions.firstPaths(in: "color") == ["color.brand.primary", "color.brand.secondary"])
    }

    /// 20,000 broken aliases in a group of 20,000 tokens: every one is reported, the first ones with a suggestion
    /// until the run's comparisons are spent (each miss is compared with its 20,000-token group), the rest with the
    /// plain fix. Comparing every miss with every path took two minutes here.
    @Test func thousandsOfMissesShareTheComparisons() {
        let count = 20_000
        let (_, diagnostics) = resolve(["a.yaml": "c:\n  $type: color\n" + (0..<count).map { "  t\($0): { $value: \"{c.tt\($0)}\" }\n" }.joined()])
        #expect(diagnostics.count == count)
        let suggested = diagnostics.filter { $0.fix?.hasPrefix("did you mean") == true }
        #expect(suggested.count == PathSuggestions.comparisons / count)
        #expect(suggested.first?.fix == "did you mean `{c.t0}`?")
        #expect(diagnostics.last?.fix == "check the spelling of the path")
    }
}

/// Aliases of a token at the end of a long chain share one copy of the chain (each held its own: 20,000 aliases
/// of a chain 1,000 long took 355 MB), whether they are plain aliases or tokens with modes the walk resolves.
@Suite struct SharedChainTests {
    @Test func aliasesOfOneTokenShareItsLongChain() throws {
        let length = 40
        var text = "c:\n  $type: color\n"
        for i in 0..<length { text += "  a\(i): { $value: \"{c.a\(i + 1)}\" }\n" }
        text += "  a\(length): { $value: \"#000000\" }\n"
        for i in 0..<3 { text += "  plain\(i): { $value: \"{c.a0}\" }\n" }
        for i in 0..<3 { text += "  moded\(i): { $value: \"{c.a0}\", $extensions: { mode: { dark: \"#ffffff\" } } }\n" }
        text += "  short: { $value: \"{c.a\(length - 1)}\" }\n"
        let (set, diagnostics) = resolve(["a.yaml": text])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let byPath = Dictionary(uniqueKeysWithValues: set.tokens.map { ($0.path, $0) })
        let expected = (0...length).map { "c.a\($0)" }
        func storage(_ path: String) throws -> UnsafeRawPointer? {
            try #require(byPath[path]).aliasChain.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        for group in [["c.plain0", "c.plain1", "c.plain2"], ["c.moded0", "c.moded1", "c.moded2"]] {
            #expect(group.map { byPath[$0]?.aliasChain } == Array(repeating: expected, count: 3))
            #expect(Set(try group.map(storage)).count == 1, "\(group) share one chain")
        }
        #expect(byPath["c.short"]?.aliasChain == ["c.a\(length - 1)", "c.a\(length)"])
    }
}

@Suite struct ResolvedIndexTests {
    /// Every path the set's index knows is the position of the token with that path, and nothing else is found.
    static func indexFinds(_ set: ResolvedTokenSet) -> Bool {
        let index = set.index
        return set.tokens.indices.allSatisfy { index[set.tokens[$0].path] == $0 } && index["c.nothing"] == nil
    }

    /// The resolver hands on its index when every token resolved, and the set makes its own when one did not (the
    /// resolver's positions would be off by the token left out) or when its tokens change.
    @Test func theSetsIndexIsItsTokens() {
        let (resolved, _) = resolve(["a.yaml": "c:\n  $type: color\n  a: { $value: \"#000000\" }\n  b: { $value: \"{c.a}\" }\n  c: { $value: \"#ffffff\" }\n"])
        #expect(resolved.tokens.map(\.path) == ["c.a", "c.b", "c.c"])
        #expect(Self.indexFinds(resolved))
        let (failed, diagnostics) = resolve(["a.yaml": "c:\n  $type: color\n  a: { $value: \"{c.gone}\" }\n  b: { $value: \"#000000\" }\n  c: { $value: \"{c.b}\" }\n"])
        #expect(summary(diagnostics) == ["alias/unresolved@a.yaml:3:16"])
        #expect(failed.tokens.map(\.path) == ["c.b", "c.c"])
        #expect(failed.index["c.b"] == 0 && failed.index["c.c"] == 1 && failed.index["c.a"] == nil)
        var changed = resolved
        changed.tokens.removeFirst()
        #expect(changed.index["c.b"] == 0 && changed.index["c.a"] == nil)
        #expect(Self.indexFinds(changed))
    }
}
