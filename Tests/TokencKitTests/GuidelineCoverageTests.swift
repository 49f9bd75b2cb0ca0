import Testing
import TokenModel
@testable import TokencKit

/// The line before the summary of a set with colors and no tokenc annotations.
enum GuidelineCoverageText {
    static let none = "guideline coverage: no contrast checked: no color names the surfaces it is drawn on (`$extensions.tokenc.on`); no color has a role (`$extensions.tokenc.role`), so the checks of meanings and of platform backgrounds saw none (docs/token-format.md, `$extensions.tokenc`)"
}

/// What `validate` says the guideline checks covered: declared pairs and surfaces, colors with a role, and
/// how to declare them when there are none.
@Suite struct GuidelineCoverageTests {
    @Test func countsDeclaredPairsAndRoles() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": """
            c:
              $type: color
              page: { $value: "#ffffff", $extensions: { tokenc: { role: background } } }
              card: { $value: "#f2f2f7", $extensions: { tokenc: { role: elevated, on: ["{c.page}"] } } }
              ink: { $value: "#000000", $extensions: { tokenc: { role: label, text: true, on: ["{c.page}", "{c.card}"] } } }
              plain: { $value: "#888888" }

            """])
        defer { sandbox.remove() }
        let validate = try InProcess.run(["validate"], in: sandbox.root)
        #expect(validate.stderr.contains("""

            guideline coverage: contrast checked on 3 declared pairs (2 surfaces); 3 of 4 colors have a role (docs/token-format.md, `$extensions.tokenc`)
            1 file, 4 tokens: 
            """), "\(validate.stderr)")
        // Structure rules alone check no guideline: no line.
        let structure = try InProcess.run(["validate", "--rules", "structure"], in: sandbox.root)
        #expect(structure.stderr == "1 file, 4 tokens: no problems\n")
    }

    /// A surface is counted only when it names a color of the set: found among the tokens sorted by path, in
    /// groups before and after the one that names it.
    @Test func onlySurfacesThatAreColorsCount() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": """
            a: { $type: color, top: { $value: "#ffffff" } }
            m:
              $type: color
              ink: { $value: "#000000", $extensions: { tokenc: { on: ["{a.top}", "{z.bottom}", "{size.gap}", "{m.ink}"] } } }
            size: { $type: dimension, gap: { $value: { value: 4, unit: px } } }
            z: { $type: color, bottom: { $value: "#eeeeee" } }

            """])
        defer { sandbox.remove() }
        let validate = try InProcess.run(["validate"], in: sandbox.root)
        #expect(validate.stderr.contains("guideline coverage: contrast checked on 3 declared pairs (3 surfaces); no color has a role"),
                "\(validate.stderr)")
    }

    /// The build counts coverage in the rules' walk over the tokens; a run without rules counts it from the set.
    /// Both count the same: pairs to a surface that is no color or no token left out, a surface named by many
    /// colors counted once, a non-color's `on` ignored.
    @Test func theRulesWalkCountsWhatTheSetCounts() throws {
        let yaml = """
            a: { $type: color, top: { $value: "#ffffff", $extensions: { tokenc: { role: background } } } }
            m:
              $type: color
              ink: { $value: "#000000", $extensions: { tokenc: { role: label, on: ["{a.top}", "{z.bottom}", "{size.gap}", "{m.ink}", "{no.such}"] } } }
              dim: { $value: "#333333", $extensions: { tokenc: { on: ["{a.top}", "{z.bottom}"] } } }
            size: { $type: dimension, gap: { $value: { value: 4, unit: px }, $extensions: { tokenc: { on: ["{a.top}"] } } } }
            z: { $type: color, bottom: { $value: "#eeeeee" } }

            """
        let result = Pipeline().run(files: ["c.yaml"], sources: ["c.yaml": Array(yaml.utf8)], render: false)
        let counted = try #require(result.coverage)
        #expect(counted == GuidelineCoverage(result.tokens))
        #expect(counted.line == "guideline coverage: contrast checked on 5 declared pairs (3 surfaces); 2 of 4 colors have a role (docs/token-format.md, `$extensions.tokenc`)")
    }

    @Test func aSetWithoutColorsHasNoLine() throws {
        let sandbox = try Sandbox(["Tokens/s.yaml": "s: { $type: number, $value: 1 }\n"])
        defer { sandbox.remove() }
        #expect(try InProcess.run(["validate"], in: sandbox.root).stderr == "1 file, 1 token: no problems\n")
    }
}
