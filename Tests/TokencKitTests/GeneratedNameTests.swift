import Foundation
import Testing

/// Two tokens whose names meet in one generated name are an error naming both, and nothing is written: a
/// stylesheet would declare the custom property twice (the later winning unseen), a catalog would write one
/// color set over the other.
@Suite struct NameCollisionTests {
    static let tokens = """
        color:
          $type: color
          gray-100: { $value: "#f5f5f5" }
          gray:
            100: { $value: "#eeeeee" }
          textPrimary: { $value: "#111111" }
          text-primary: { $value: "#222222" }
          plain: { $value: "#333333" }
        space:
          $type: dimension
          b2c: { $value: { value: 4, unit: px } }
          b:
            2c: { $value: { value: 8, unit: px } }

        """

    @Test func cssPropertiesThatMeetAreAnErrorAndNothingIsWritten() throws {
        let sandbox = try Sandbox(["Tokens/a.yaml": Self.tokens])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build", "--only", "css"], in: sandbox.root)
        #expect(result.status == 1)
        #expect(result.stderr == """
            Tokens/a.yaml:5:5: error: `color.gray.100` and `color.gray-100` both become the CSS custom property `--color-gray-100` [css/name-collision]
                    100: { $value: "#eeeeee" }
                    ^
              fix: rename one of the two tokens
            Tokens/a.yaml:3:3: note: `color.gray-100` is defined here
            Tokens/a.yaml:6:3: error: `color.textPrimary` and `color.text-primary` both become the CSS custom property `--color-text-primary` [css/name-collision]
                  textPrimary: { $value: "#111111" }
                  ^
              fix: rename one of the two tokens
            Tokens/a.yaml:7:3: note: `color.text-primary` is defined here
            build failed: 2 errors; nothing was written

            """)
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("Generated").path))
    }

    /// In camel case a name that starts with a digit has no capital to mark where it starts: `space.b2c` and
    /// `space.b.2c` are both `--spaceB2c` (and a prefix applies to both alike); kebab case keeps them apart.
    @Test func camelCaseLosesTheBoundaryBeforeADigit() throws {
        let sandbox = try Sandbox(["Tokens/a.yaml": "space:\n  $type: dimension\n  b2c: { $value: { value: 4, unit: px } }\n  b:\n    2c: { $value: { value: 8, unit: px } }\n"])
        defer { sandbox.remove() }
        let camel = try InProcess.run(["build", "--only", "css", "--css-case", "camel", "--css-prefix", "ds-"], in: sandbox.root)
        #expect(camel.status == 1)
        #expect(camel.stderr.hasPrefix("Tokens/a.yaml:3:3: error: `space.b2c` and `space.b.2c` both become the CSS custom property `--ds-spaceB2c` [css/name-collision]\n"),
                "\(camel.stderr)")
        let kebab = try InProcess.run(["build", "--only", "css"], in: sandbox.root)
        #expect(kebab.status == 0, "\(kebab.stderr)")
        let css = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/css/tokens.css"), encoding: .utf8)
        #expect(css.contains("  --space-b-2c: 8px;\n  --space-b2c: 4px;\n"), "\(css)")
    }

    @Test func colorSetsThatMeetAreAnError() throws {
        let sandbox = try Sandbox(["Tokens/a.yaml": Self.tokens])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build", "--only", "xcassets"], in: sandbox.root)
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors == [
            "Tokens/a.yaml:5:5: error: `color.gray.100` and `color.gray-100` both become the color set `ColorGray100` [xcassets/name-collision]",
            "Tokens/a.yaml:6:3: error: `color.textPrimary` and `color.text-primary` both become the color set `ColorTextPrimary` [xcassets/name-collision]",
        ])
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("Generated").path))
    }

    /// A color set folder is named after the token's path; one longer than a file name may be (255 bytes) is a
    /// located error before anything is written, not an I/O failure halfway through the catalog. 246 letters of
    /// path make `AAAA…` plus `.colorset`: 255 bytes, which fits; one more does not.
    @Test func aColorSetNameLongerThanAFileNameIsAnError() throws {
        let fits = String(repeating: "a", count: 246), over = String(repeating: "b", count: 247)
        let sandbox = try Sandbox(["Tokens/a.yaml": "\(fits): { $type: color, $value: \"#000\" }\n\(over): { $type: color, $value: \"#fff\" }\n"])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build", "--only", "xcassets"], in: sandbox.root)
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").filter { $0.contains("error") || $0.contains("fix:") } == [
            "Tokens/a.yaml:2:1: error: `\(over)` becomes a color set folder of 256 bytes, longer than the 255 a file name may have [xcassets/name-too-long]",
            "  fix: shorten the token's path, or build without the asset catalog (`--only swift,css,json`)",
            "build failed: 1 error; nothing was written",
        ], "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("Generated").path))
        try Data("\(fits): { $type: color, $value: \"#000\" }\n".utf8).write(to: sandbox.root.appendingPathComponent("Tokens/a.yaml"))
        let fitting = try InProcess.run(["build", "--only", "xcassets"], in: sandbox.root)
        #expect(fitting.status == 0, "\(fitting.stderr)")
    }

    /// A group's `$root` token and a token named `root` meet in every output's names: each output says so.
    @Test func aRootTokenAndATokenNamedRootMeetInEveryOutput() throws {
        let sandbox = try Sandbox(["Tokens/a.yaml": "c:\n  $type: color\n  $root: { $value: \"#fff\" }\n  root: { $value: \"#000\" }\n"])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build"], in: sandbox.root)
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").filter { $0.contains(": error: ") } == [
            "Tokens/a.yaml:4:3: error: `c.root` and `c.$root` both become the CSS custom property `--c-root` [css/name-collision]",
            "Tokens/a.yaml:4:3: error: `c.root` and `c.$root` both become the Swift name `root` [swift/name-collision]",
            "Tokens/a.yaml:4:3: error: `c.root` and `c.$root` both become the color set `CRoot` [xcassets/name-collision]",
        ])
    }

    /// A typography token's letter-spacing property has a name too: a token that takes it is an error, once.
    @Test func aTokenNamedLikeATypographyTokensLetterSpacingIsAnError() throws {
        let sandbox = try Sandbox(["Tokens/a.yaml": """
            type:
              $type: typography
              body: { $value: { fontFamily: Georgia, fontSize: { value: 17, unit: px }, fontWeight: 400, letterSpacing: { value: 0.5, unit: px }, lineHeight: 1.5 } }
              body-letter-spacing: { $type: dimension, $value: { value: 1, unit: px } }
              type-body: { $value: { fontFamily: Georgia, fontSize: { value: 12, unit: px }, fontWeight: 400, letterSpacing: { value: 0, unit: px }, lineHeight: 1.5 } }

            """])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build", "--only", "css"], in: sandbox.root)
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").filter { $0.contains(": error: ") } == [
            "Tokens/a.yaml:4:3: error: `type.body-letter-spacing` and `type.body` both become the CSS custom property `--type-body-letter-spacing` [css/name-collision]",
        ], "\(result.stderr)")
    }
}

/// A CSS prefix begins every custom property name, so one that a name cannot hold is a usage error before
/// anything is read or written, from the command line or from tokenc.yml.
@Suite struct CSSPrefixTests {
    @Test func aPrefixNoPropertyNameCanHoldIsAUsageError() throws {
        let sandbox = try Sandbox(["Tokens/a.yaml": "c:\n  $type: color\n  a: { $value: \"#ff0000\" }\n"])
        defer { sandbox.remove() }
        for (prefix, shown) in [("my prefix", "a space"), ("ds.", "`.`"), ("a\"b", "`\"`")] {
            let result = try InProcess.run(["build", "--css-prefix", prefix], in: sandbox.root)
            #expect(result.status == 2)
            #expect(result.stderr == "tokenc: error: the CSS prefix `\(prefix)` has \(shown), which a custom property name cannot hold; "
                + "use letters, digits, `-` and `_`\n")
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("Generated").path))
        // Letters beyond ASCII, digits, `-` and `_` are name characters.
        let good = try InProcess.run(["build", "--only", "css", "--css-prefix", "ds-é_2-"], in: sandbox.root)
        #expect(good.status == 0, "\(good.stderr)")
        let css = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/css/tokens.css"), encoding: .utf8)
        #expect(css.contains("  --ds-é_2-c-a: #ff0000;\n"), "\(css)")
    }

    @Test func aPrefixInTokencYmlIsReportedWhereItIsWritten() throws {
        let sandbox = try Sandbox([
            "Tokens/a.yaml": "c:\n  $type: color\n  a: { $value: \"#ff0000\" }\n",
            "tokenc.yml": "outputs:\n  - { generator: css, options: { prefix: \"a:b\" } }\n",
        ])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build"], in: sandbox.root)
        #expect(result.status == 2)
        #expect(result.stderr == """
            tokenc: error: invalid tokenc.yml:
            tokenc.yml:2:42: error: the CSS prefix `a:b` has `:`, which a custom property name cannot hold; use letters, digits, `-` and `_` [config/invalid]
                  - { generator: css, options: { prefix: "a:b" } }
                                                         ^

            """)
    }
}
