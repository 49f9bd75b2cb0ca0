import Foundation
import SourceData
import SourceTree
import Testing
import TokenLoader
import TokenMigration
import TokenModel

/// `file` migrated: its text after the edits, each edit's reason, and the notes.
private func migrate(_ text: String, path: String, moved: Set<String>? = nil, strictColors: Bool = false)
    -> (after: String, reasons: [String], notes: [String], format: SourceFormat)
{
    let bytes = Array(text.utf8)
    let (file, problems) = TokenFileLoader().load(bytes: bytes, path: path)
    #expect(problems.filter { $0.severity == .error }.isEmpty, "\(problems)")
    // The tokens that move under `$extensions`, surveyed over this one file unless given.
    var survey = MovedTokenSurvey()
    survey.add(file.root)
    let facts = moved.map { SetFacts(moved: $0) } ?? survey.facts
    let plan = Migrator().plan(file, bytes: bytes, set: facts, strictColors: strictColors)
    let after = TextEdit.apply(plan.edits, to: bytes)
    // What the edits were meant to produce is what the file reads as afterwards.
    let (reloaded, _) = TokenFileLoader().load(bytes: after, path: path)
    #expect(Migrator.unmet(plan.expectations, in: reloaded.root) == [])
    // A second run finds nothing more.
    #expect(Migrator().plan(reloaded, bytes: after, set: facts, strictColors: strictColors).edits.isEmpty)
    return (String(decoding: after, as: UTF8.self), plan.edits.map(\.reason),
            plan.notes.map { "\($0.location.line):\($0.location.column) \($0.message)" }, plan.format)
}

@Suite struct MigratorTests {
    /// A DTCG draft's string measures become objects in YAML's flow syntax; comments, quoting elsewhere and layout stay.
    @Test func draftMeasuresBecomeObjectsInPlace() {
        let result = migrate("""
            # spacing
            space:
              $type: dimension
              s: { $value: 4px }     # small
              m:
                $value: "1.25rem"
              n: { $value: '-.5px' }
              alias: { $value: "{space.s}" }
            motion:
              fast: { $type: duration, $value: 0.2s }
              slow: { $type: duration, $value: "200ms" }

            """, path: "d.yaml")
        #expect(result.format == .dtcg)
        #expect(result.after == """
            # spacing
            space:
              $type: dimension
              s: { $value: { value: 4, unit: px } }     # small
              m:
                $value: { value: 1.25, unit: rem }
              n: { $value: { value: -0.5, unit: px } }
              alias: { $value: "{space.s}" }
            motion:
              fast: { $type: duration, $value: { value: 0.2, unit: s } }
              slow: { $type: duration, $value: { value: 200, unit: ms } }

            """)
        #expect(result.notes.isEmpty)
    }

    /// Inside composite values, the measure fields convert; `em` letter spacing becomes `px` from the same
    /// value's font size, multiplied exactly (0.03 × 15 is 0.45, not 0.44999999999999996).
    @Test func compositeFieldsAndEmLetterSpacing() {
        let result = migrate("""
            {
              "type": {
                "$type": "typography",
                "body": { "$value": { "fontFamily": "SF Pro", "fontSize": "15px", "fontWeight": 400, "letterSpacing": "0.03em", "lineHeight": 1.4 } },
                "caption": { "$value": { "fontFamily": "SF Pro", "fontSize": "0.75rem", "fontWeight": 400, "letterSpacing": "0.1em", "lineHeight": 1.4 } }
              },
              "shadow": { "$type": "shadow", "$value": [{ "color": "#0003", "offsetX": "0px", "offsetY": "2px", "blur": "4px", "spread": "0px" }] },
              "line": { "$type": "border", "$value": { "color": "#000", "width": "1px", "style": "solid" } },
              "fade": { "$type": "transition", "$value": { "duration": "200ms", "delay": "0ms", "timingFunction": [0, 0, 1, 1] } }
            }

            """, path: "c.json")
        #expect(result.after == """
            {
              "type": {
                "$type": "typography",
                "body": { "$value": { "fontFamily": "SF Pro", "fontSize": {"value": 15, "unit": "px"}, "fontWeight": 400, "letterSpacing": {"value": 0.45, "unit": "px"}, "lineHeight": 1.4 } },
                "caption": { "$value": { "fontFamily": "SF Pro", "fontSize": {"value": 0.75, "unit": "rem"}, "fontWeight": 400, "letterSpacing": "0.1em", "lineHeight": 1.4 } }
              },
              "shadow": { "$type": "shadow", "$value": [{ "color": "#0003", "offsetX": {"value": 0, "unit": "px"}, "offsetY": {"value": 2, "unit": "px"}, "blur": {"value": 4, "unit": "px"}, "spread": {"value": 0, "unit": "px"} }] },
              "line": { "$type": "border", "$value": { "color": "#000", "width": {"value": 1, "unit": "px"}, "style": "solid" } },
              "fade": { "$type": "transition", "$value": { "duration": {"value": 200, "unit": "ms"}, "delay": {"value": 0, "unit": "ms"}, "timingFunction": [0, 0, 1, 1] } }
            }

            """)
        #expect(result.reasons.contains("`0.03em` of a 15px font is 0.45px"))
        // A font size in `rem` gives no exact pixel spacing: noted, not guessed.
        #expect(result.notes == ["5:113 `0.1em` is left as it is: its font size is not in `px`, so the spacing in `px` is not known exactly"])
    }

    /// `em` letter spacing written as an object converts like the string form, in place; zero is zero in any
    /// unit, with a font size or without one.
    @Test func emObjectsAndZeroSpacing() {
        let result = migrate("""
            {
              "type": {
                "$type": "typography",
                "a": { "$value": { "fontFamily": "X", "fontSize": { "value": 20, "unit": "px" }, "fontWeight": 400, "letterSpacing": { "value": -0.015, "unit": "em" }, "lineHeight": 1 } },
                "b": { "$value": { "fontFamily": "X", "fontSize": "{size.m}", "fontWeight": 400, "letterSpacing": { "value": 0, "unit": "em" }, "lineHeight": 1 } },
                "c": { "$value": { "fontFamily": "X", "fontSize": "{size.m}", "fontWeight": 400, "letterSpacing": 0, "lineHeight": 1 } }
              }
            }

            """, path: "e.json")
        #expect(result.after == """
            {
              "type": {
                "$type": "typography",
                "a": { "$value": { "fontFamily": "X", "fontSize": { "value": 20, "unit": "px" }, "fontWeight": 400, "letterSpacing": { "value": -0.3, "unit": "px" }, "lineHeight": 1 } },
                "b": { "$value": { "fontFamily": "X", "fontSize": "{size.m}", "fontWeight": 400, "letterSpacing": { "value": 0, "unit": "px" }, "lineHeight": 1 } },
                "c": { "$value": { "fontFamily": "X", "fontSize": "{size.m}", "fontWeight": 400, "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": 1 } }
              }
            }

            """)
        #expect(result.notes.isEmpty)
    }

    /// Style Dictionary's older format: keys renamed where they are written, references to `.value` shortened,
    /// `attributes` kept under `$extensions`; an `em` dimension has no exact size, so its token moves under
    /// `$extensions` as written.
    @Test func styleDictionarysFormat() {
        let result = migrate("""
            {
              "color": {
                "red": { "value": "#ff0000", "type": "color", "comment": "The brand red" },
                "gray": { "value": "#888888", "type": "color", "attributes": { "category": "color" } },
                "text": { "value": "{color.red.value}", "type": "color" }
              },
              "size": {
                "small": { "value": "4px", "type": "size" },
                "large": { "value": "1.5em", "type": "dimension" }
              }
            }

            """, path: "sd.json")
        #expect(result.format == .styleDictionary)
        #expect(result.after == """
            {
              "color": {
                "red": { "$value": "#ff0000", "$type": "color", "$description": "The brand red" },
                "gray": { "$value": "#888888", "$type": "color", "$extensions": { "category": "color" } },
                "text": { "$value": "{color.red}", "$type": "color" }
              },
              "size": {
                "small": { "$value": {"value": 4, "unit": "px"}, "$type": "dimension" },
                "large": {"$extensions": {"tokenc.migrate": { "value": "1.5em", "type": "dimension" }}}
              }
            }

            """)
        #expect(result.notes == ["9:14 `1.5em` is relative to a font size the token does not have, so it has no exact size in `px` (to keep it a token, write its size at your body text in `px`): `size.large` is kept under `$extensions.tokenc.migrate` as written, and is no longer a token"])
    }

    /// Tokens Studio's types become DTCG's, its weight names DTCG's names, numbers written as strings numbers,
    /// its `boxShadow` layers DTCG's shadow fields; a unitless size is in pixels (Figma's unit,
    /// which Tokens Studio's own transforms add).
    @Test func tokensStudiosTypes() {
        let result = migrate("""
            spacing:
              sm: { value: 8px, type: spacing, description: Small gap }
              md: { value: '16', type: spacing }
            weight:
              semi: { value: Semi Bold, type: fontWeights }
              heavy: { value: "700", type: fontWeights }
            opacity:
              half: { value: "0.5", type: opacity }
            shadow: { value: { x: 0, y: 2 }, type: boxShadow }
            layers:
              value:
                - { x: "0", y: "4", blur: "8", spread: "0", color: "#00000040", type: dropShadow }
                - { x: 1px, y: "{spacing.sm}", blur: "0", spread: "0", color: "#ffffff", type: innerShadow }
              type: boxShadow
            glow: { value: { x: 0, y: 0, blur: 4, spread: 0, color: "#fff", type: outerGlow }, type: boxShadow }

            """, path: "ts.yaml")
        #expect(result.format == .tokensStudio)
        #expect(result.after == """
            spacing:
              sm: { $value: { value: 8, unit: px }, $type: dimension, $description: Small gap }
              md: { $value: { value: 16, unit: px }, $type: dimension }
            weight:
              semi: { $value: semi-bold, $type: fontWeight }
              heavy: { $value: 700, $type: fontWeight }
            opacity:
              half: { $value: 0.5, $type: number }
            shadow: { $value: { offsetX: { value: 0, unit: px }, offsetY: { value: 2, unit: px } }, $type: shadow }
            layers:
              $value:
                - { offsetX: { value: 0, unit: px }, offsetY: { value: 4, unit: px }, blur: { value: 8, unit: px }, spread: { value: 0, unit: px }, color: "#00000040" }
                - { offsetX: { value: 1, unit: px }, offsetY: "{spacing.sm}", blur: { value: 0, unit: px }, spread: { value: 0, unit: px }, color: "#ffffff", inset: true }
              $type: shadow
            glow: { $value: { offsetX: { value: 0, unit: px }, offsetY: { value: 0, unit: px }, blur: { value: 4, unit: px }, spread: { value: 0, unit: px }, color: "#fff", type: outerGlow }, $type: shadow }

            """)
        #expect(result.reasons.contains("Tokens Studio's unitless `16` is in pixels, Figma's unit"))
        #expect(result.notes == ["15:65 the shadow type `outerGlow` is left as it is"])
    }

    /// Windows line ends (`\r\n`), a lone `\r` (a line break to YAML) and a byte-order mark: edits land on the
    /// bytes the parser's lines and columns name, and the line ends stay.
    @Test func lineEndsOfEveryKind() {
        let result = migrate("\u{FEFF}{\r\n  \"a\": {\r\r\n    \"b\": { \"value\": \"8px\", \"type\": \"spacing\" }\r\n  }\r\n}\r\n", path: "w.json")
        #expect(result.after == "\u{FEFF}{\r\n  \"a\": {\r\r\n    \"b\": { \"$value\": {\"value\": 8, \"unit\": \"px\"}, \"$type\": \"dimension\" }\r\n  }\r\n}\r\n")
    }

    /// An anchor before a value stays; an alias (`*b`) is replaced by what it names; a tagged value is noted.
    @Test func anchorsAliasesAndTags() {
        let result = migrate("space:\n  $type: dimension\n  a: { $value: &b 8px }\n  s: { $value: *b }\n  t: { $value: !!str 2px }\n", path: "y.yaml")
        #expect(result.after == "space:\n  $type: dimension\n  a: { $value: &b { value: 8, unit: px } }\n  s: { $value: { value: 8, unit: px } }\n  t: { $value: !!str 2px }\n")
        #expect(result.notes == ["5:16 `2px` is left as it is: it has a YAML tag; remove the tag and run migrate again"])
    }

    /// The scalar after an anchor may start on a later line, after a comment (`#`; `//` and `/* */` in JSON5):
    /// the edit replaces the scalar, not the line break before it.
    @Test func aValueBelowItsAnchor() {
        let yaml = migrate("a:\n  $type: dimension\n  b: { $value: &x # note\n\n8px }\n", path: "a.yaml")
        #expect(yaml.after == "a:\n  $type: dimension\n  b: { $value: &x # note\n\n{ value: 8, unit: px } }\n")
        // A tag after the anchor says what the scalar is, as one before it does.
        let tagged = migrate("a:\n  $type: dimension\n  b: { $value: &x\n\n!!str 8px }\n", path: "t.yaml")
        #expect(tagged.reasons.isEmpty && tagged.notes == ["3:16 `8px` is left as it is: it has a YAML tag; remove the tag and run migrate again"])
        let json5 = migrate("{ \"a\": { \"$type\": \"dimension\", \"b\": { \"$value\": &x /* n */ // m\n \"8px\" } } }\n", path: "a.json5")
        #expect(json5.after == "{ \"a\": { \"$type\": \"dimension\", \"b\": { \"$value\": &x /* n */ // m\n {\"value\": 8, \"unit\": \"px\"} } } }\n")
    }

    /// An alias migrate does not rewrite (a key, a description) of an anchored value it does keeps the text it
    /// read: it would read the object otherwise.
    @Test func aliasesOfARewrittenAnchorReadWhatTheyRead() {
        let result = migrate("a:\n  $type: dimension\n  a: { $value: &b 8px }\n  s: { $value: *b }\n  d: { $value: 2px, $description: *b }\n  k: { $value, *b }\n",
                             path: "k.yaml")
        #expect(result.after == "a:\n  $type: dimension\n  a: { $value: &b { value: 8, unit: px } }\n  s: { $value: { value: 8, unit: px } }\n"
            + "  d: { $value: { value: 2, unit: px }, $description: 8px }\n  k: { $value, 8px }\n")
        #expect(result.reasons.filter { $0.hasPrefix("`*b` keeps") }.count == 2)
        // An anchor named again later: an alias reads the last one before it.
        let twice = migrate("a:\n  $type: dimension\n  a: { $value: &b 8px }\n  b: { $value: *b }\ne:\n  $type: dimension\n  a: { $value: &b 8Px }\n"
            + "  b: { $value: *b }\n", path: "t.yaml", moved: [])
        #expect(twice.after == "a:\n  $type: dimension\n  a: { $value: &b { value: 8, unit: px } }\n  b: { $value: { value: 8, unit: px } }\n"
            + "e:\n  $type: dimension\n  a: { $value: &b 8Px }\n  b: { $value: *b }\n")
        // `&b:` is the anchor `b` on an empty key (libyaml's names are letters, digits, `_` and `-`), so the alias
        // after it reads that key, not the value anchored earlier: it stays as it is.
        let onKey = migrate("a:\n  $type: dimension\n  a: { $value: &b 9px }\n  &b: { $value: *b }\n", path: "n.yaml", moved: [])
        #expect(onKey.after == "a:\n  $type: dimension\n  a: { $value: &b { value: 9, unit: px } }\n  &b: { $value: *b }\n")
        #expect(onKey.reasons == ["`9px` becomes a `{value, unit}` object"])
    }

    /// A token whose unknown `$type` becomes `color`, or is dropped from an alias, stays a token: its tool
    /// metadata moves in the same run (a second run found it otherwise).
    @Test func aTokenKeptFromAnUnknownTypeIsMigratedWhole() {
        let result = migrate("""
            { "c": { "$value": "#ffffff", "$type": "colour", "note": "x" },
              "a": { "$value": "{c}", "$type": "link", "note": "y" } }

            """, path: "u.json")
        #expect(result.after == """
            { "c": { "$value": "#ffffff", "$type": "color", "$extensions": {"tokenc.migrate": {"note": "x"}} },
              "a": { "$value": "{c}", "$extensions": {"tokenc.migrate": {"note": "y"}} } }

            """)
    }

    /// A plain scalar written over several lines is replaced whole, to its last line.
    @Test func aPlainScalarOverSeveralLinesIsReplacedWhole() {
        let result = migrate("c:\n  a:\n    $type: colour of\n      the brand\n    $value: \"#ffffff\"\n", path: "m.yaml")
        #expect(result.after == "c:\n  a:\n    $type: color\n    $value: \"#ffffff\"\n")
    }

    /// In a JSON5 file, a comment inside a plain scalar's lines is read as blanks, as the loader reads it: the
    /// scalar is still replaced whole (a comment character of two bytes is one blank).
    @Test func aPlainScalarOverACommentedLineIsReplacedWhole() {
        let result = migrate("{ c: { a: { $type: colour // of é\n of, $value: \"#ffffff\" } } }\n", path: "m.json5")
        #expect(result.after == "{ c: { a: { $type: \"color\", $value: \"#ffffff\" } } }\n")
    }

    /// A flow object after a tag or an anchor gets its members after its brace, not a block line before the tag.
    @Test func aTaggedObjectGetsItsMembersInside() {
        let result = migrate("{ \"s\": { \"$type\": \"shadow\", \"$value\": [\n! {\n  \"color\": \"#000\", \"offsetX\": \"0px\", \"offsetY\": \"1px\" } ] } }\n",
                             path: "t.json")
        #expect(result.after == "{ \"s\": { \"$type\": \"shadow\", \"$value\": [\n! {\n  \"blur\": {\"value\": 0, \"unit\": \"px\"},\n  "
            + "\"spread\": {\"value\": 0, \"unit\": \"px\"},\n  \"color\": \"#000\", \"offsetX\": {\"value\": 0, \"unit\": \"px\"}, "
            + "\"offsetY\": {\"value\": 1, \"unit\": \"px\"} } ] } }\n")
    }

    /// A file already in DTCG 2025.10 has nothing to migrate.
    @Test func currentDTCGIsLeftAlone() {
        let result = migrate("c:\n  $type: color\n  a: { $value: \"#fff\" }\nd:\n  $type: dimension\n  m: { $value: { value: 4, unit: px } }\n", path: "ok.yaml")
        #expect(result.reasons.isEmpty && result.notes.isEmpty)
    }

    /// A `$type` DTCG does not define: an alias loses it (it takes its target's type), a color string becomes a
    /// color, any other token moves under `$extensions` whole, and so does an alias of a moved token.
    @Test func unknownTypesInJSON() {
        let result = migrate("""
            {
              "gray": { "$type": "color", "$value": "#222222" },
              "shadow-color": {
                "$type": "string",
                "$value": "{gray}"
              },
              "last": {
                "$value": "{gray}",
                "$type": "string"
              },
              "scrim": { "$type": "string", "$value": "rgba(0, 0, 0, 0.12)" },
              "font-style": {
                "$type": "string",
                "$value": "normal"
              },
              "body-style": { "$type": "string", "$value": "{font-style}" }
            }

            """, path: "s.json")
        #expect(result.after == """
            {
              "gray": { "$type": "color", "$value": "#222222" },
              "shadow-color": {
                "$value": "{gray}"
              },
              "last": {
                "$value": "{gray}"
              },
              "scrim": { "$type": "color", "$value": "rgba(0, 0, 0, 0.12)" },
              "font-style": {"$extensions": {"tokenc.migrate": {
                "$type": "string",
                "$value": "normal"
              }}},
              "body-style": {"$extensions": {"tokenc.migrate": { "$type": "string", "$value": "{font-style}" }}}
            }

            """)
        #expect(result.reasons == [
            "`string` is not a DTCG type; an alias takes its target's type",
            "`string` is not a DTCG type; an alias takes its target's type",
            "`string` is not a DTCG type; `rgba(0, 0, 0, 0.12)` is a color",
            "`string` is not a DTCG type: the token moves under `$extensions`, its value kept",
            "`string` is not a DTCG type: the token moves under `$extensions`, its value kept",
            "`string` is not a DTCG type: the token moves under `$extensions`, its value kept",
            "`string` is not a DTCG type: the token moves under `$extensions`, its value kept",
        ])
        #expect(result.notes == [
            "13:5 `$type: string` is not a DTCG type: `font-style` is kept under `$extensions.tokenc.migrate`, and is no longer a token (an alias of it whose own `$type` is not DTCG's moves with it)",
            "16:19 `$type: string` is not a DTCG type: `body-style` is kept under `$extensions.tokenc.migrate`, and is no longer a token (an alias of it whose own `$type` is not DTCG's moves with it)",
        ])
    }

    /// In YAML, a block mapping moves one level in below `$extensions` (its comment kept), a flow one is wrapped,
    /// and an alias's type line goes whole.
    @Test func unknownTypesInYAML() {
        let result = migrate("""
            gray: { $type: color, $value: "#222222" }
            alias:
              $type: string
              $value: "{gray}"
            font:
              $type: string
              $value: Adobe Clean   # the brand face

              $description: Body text
            flag: { $type: boolean, $value: true }
            after: { $type: number, $value: 1 }

            """, path: "s.yaml")
        #expect(result.after == """
            gray: { $type: color, $value: "#222222" }
            alias:
              $value: "{gray}"
            font:
              $extensions:
                tokenc.migrate:
                  $type: string
                  $value: Adobe Clean   # the brand face

                  $description: Body text
            flag: { $extensions: { tokenc.migrate: { $type: boolean, $value: true } } }
            after: { $type: number, $value: 1 }

            """)
        // Survey across files: an alias whose target another file moves, moves too.
        let moved = migrate("a: { $type: string, $value: \"{elsewhere.style}\" }\n", path: "a.yaml", moved: ["elsewhere.style"])
        #expect(moved.after == "a: { $extensions: { tokenc.migrate: { $type: string, $value: \"{elsewhere.style}\" } } }\n")
    }

    /// Keys a tool kept beside `$value` move under `$extensions.tokenc.migrate`, into the token's `$extensions`
    /// when it has one. A child token stays.
    @Test func toolMetadataMovesUnderExtensions() {
        let json = migrate("""
            {
              "ring": {
                "$value": "#222222",
                "$type": "color",
                "$extensions": {
                  "org.example": { "collection": "base" }
                },
                "deprecated-values": ["#000"]
              },
              "tool": { "$value": "#222222", "$type": "color", "attributes": { "category": "color" }, "deprecatedValues": ["x"] }
            }

            """, path: "m.json")
        #expect(json.after == """
            {
              "ring": {
                "$value": "#222222",
                "$type": "color",
                "$extensions": {
                  "tokenc.migrate": {"deprecated-values": ["#000"]},
                  "org.example": { "collection": "base" }
                }
              },
              "tool": { "$value": "#222222", "$type": "color", "$extensions": {"tokenc.migrate": {"attributes": { "category": "color" }, "deprecatedValues": ["x"]}} }
            }

            """)
        #expect(json.notes == [])
        let yaml = migrate("""
            plain:
              $type: color
              $value: "#222222"
              attributes: { category: color }

            """, path: "m.yaml")
        #expect(yaml.after == """
            plain:
              $type: color
              $value: "#222222"
              $extensions: {tokenc.migrate: {attributes: { category: color }}}

            """)
    }

    /// A tool's `alpha` beside a written-out color is written into it (a CSS string's `/ alpha`, a color object's
    /// `alpha`); beside an alias it has no DTCG form, so the token moves under `$extensions`, and so does a token
    /// that refers to it.
    @Test func alphaBesideAColorIsAppliedOrTheTokenMoves() {
        let yaml = migrate("""
            gray:
              $type: color
              $value: "#222222"
              alpha: 0.5
              $extensions:
                org.example: { collection: base }
            clear: { $type: color, $value: { colorSpace: srgb, components: [1, 1, 1], alpha: 1, hex: "#ffffff" }, alpha: 0 }
            accent: { $type: color, $value: "oklch(0.6 0.2 250)", alpha: 0.25 }
            muted: { $type: color, $value: "{gray}", alpha: 0.4 }
            border: { $type: border, $value: { color: "{muted}", width: 1px, style: solid } }

            """, path: "a.yaml")
        #expect(yaml.after == """
            gray:
              $type: color
              $value: "rgb(34 34 34 / 0.5)"
              $extensions:
                org.example: { collection: base }
            clear: { $type: color, $value: { colorSpace: srgb, components: [1, 1, 1], alpha: 0, hex: "#ffffff" } }
            accent: { $type: color, $value: "oklch(0.6 0.2 250 / 0.25)" }
            muted: { $extensions: { tokenc.migrate: { $type: color, $value: "{gray}", alpha: 0.4 } } }
            border: { $extensions: { tokenc.migrate: { $type: border, $value: { color: "{muted}", width: 1px, style: solid } } } }

            """)
        #expect(yaml.reasons.contains("`alpha: 0.5` beside `$value` is written into the color, `rgb(34 34 34 / 0.5)`"))
        #expect(yaml.notes == [
            "9:8 `alpha` beside `$value` has no DTCG field, and the color it applies to is the alias `{gray}`: the color has no exact DTCG form (to keep it a token, write the color with that alpha, `rgb(… / a)`, in each appearance): "
                + "`muted` is kept under `$extensions.tokenc.migrate`, and is no longer a token",
            "10:9 it refers to `{muted}`, which moves under `$extensions`: `border` is kept under `$extensions.tokenc.migrate`, and is no longer a token",
        ])
    }

    /// Style Dictionary's keys are renamed and what has no DTCG name moves under `$extensions` in the same run
    /// (a second `comment`; `attributes` with it), neighbours removed without a stray comma.
    @Test func legacyLeftoversMoveInTheSameRun() {
        let result = migrate("""
            {
              "a": { "value": "#ff0000", "type": "color", "description": "Red", "comment": "old", "attributes": { "c": 1 } }
            }

            """, path: "l.json")
        #expect(result.after == """
            {
              "a": { "$value": "#ff0000", "$type": "color", "$description": "Red", "$extensions": {"tokenc.migrate": {"comment": "old", "attributes": { "c": 1 }}} }
            }

            """)
    }

    /// A legacy token's own `$type` is its type: Style Dictionary's names become DTCG's, one DTCG does not
    /// define moves the token under `$extensions`, and a `type`, `description` or `comment` beside the `$`
    /// key it would become moves there too instead of being written twice.
    @Test func aLegacyTokensOwnDollarKeysWin() {
        let result = migrate("""
            { "c": { "value": "#f00", "type": "color", "$type": "color" },
              "d": { "value": "16px", "$type": "fontSize", "description": "x", "$description": "y" },
              "e": { "value": "#f00", "$type": "eumber" } }

            """, path: "o.json")
        #expect(result.after == """
            { "c": { "$value": "#f00", "$extensions": {"tokenc.migrate": {"type": "color"}}, "$type": "color" },
              "d": { "$value": {"value": 16, "unit": "px"}, "$type": "dimension", "$extensions": {"tokenc.migrate": {"description": "x"}}, "$description": "y" },
              "e": {"$extensions": {"tokenc.migrate": { "value": "#f00", "$type": "eumber" }}} }

            """)
        #expect(result.notes == ["3:8 `$type: eumber` is not a DTCG type: `e` is kept under `$extensions.tokenc.migrate` as written, and is no longer a token"])
    }

    /// A color object's fallback with 3, 4 or 8 digits gets six (the components are the color); a zero with an
    /// empty unit is zero pixels, in a dimension and inside a shadow.
    @Test func colorFallbacksAndUnitlessZeros() {
        let result = migrate("""
            {
              "black": { "$type": "color", "$value": { "colorSpace": "srgb", "components": [0, 0, 0], "hex": "#000" } },
              "veil": { "$type": "color", "$value": { "colorSpace": "srgb", "components": [1, 1, 1], "alpha": 0.5, "hex": "#ffffff80" } },
              "zero": { "$type": "dimension", "$value": { "value": 0, "unit": "" } },
              "lift": { "$type": "shadow", "$value": [{ "offsetX": { "value": 0, "unit": "" }, "offsetY": { "value": 1, "unit": "px" },
                "blur": { "value": 2, "unit": "px" }, "spread": { "value": 0, "unit": "px" },
                "color": { "colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0.1, "hex": "#0001" } }] }
            }

            """, path: "c.json")
        #expect(result.after == """
            {
              "black": { "$type": "color", "$value": { "colorSpace": "srgb", "components": [0, 0, 0], "hex": "#000000" } },
              "veil": { "$type": "color", "$value": { "colorSpace": "srgb", "components": [1, 1, 1], "alpha": 0.5, "hex": "#ffffff" } },
              "zero": { "$type": "dimension", "$value": { "value": 0, "unit": "px" } },
              "lift": { "$type": "shadow", "$value": [{ "offsetX": { "value": 0, "unit": "px" }, "offsetY": { "value": 1, "unit": "px" },
                "blur": { "value": 2, "unit": "px" }, "spread": { "value": 0, "unit": "px" },
                "color": { "colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0.1, "hex": "#000000" } }] }
            }

            """)
        #expect(result.reasons == [
            "the fallback `#000` is written with six digits, `#000000`",
            "the fallback `#ffffff80` is written with six digits, `#ffffff`",
            "a zero with no unit is `0px`",
            "a zero with no unit is `0px`",
            "the fallback `#0001` is written with six digits, `#000000`",
        ])
    }

    /// With `--dtcg strict`, CSS color strings become color objects with the same space and components (and the
    /// composites' colors too); hsl() is noted, not converted; an alias stays.
    @Test func strictColorsBecomeObjects() {
        let json = migrate("""
            {
              "c": {
                "$type": "color",
                "a": { "$value": "#0A84FF" },
                "b": { "$value": "oklch(60% 0.15 250 / 50%)" },
                "h": { "$value": "hsl(210 50% 40%)" },
                "r": { "$value": "{c.a}" }
              },
              "line": { "$type": "border", "$value": { "color": "#000", "width": { "value": 1, "unit": "px" }, "style": "solid" } }
            }

            """, path: "s.json", strictColors: true)
        #expect(json.after == """
            {
              "c": {
                "$type": "color",
                "a": { "$value": { "colorSpace": "srgb", "components": [0.0392156862745098, 0.5176470588235295, 1], "hex": "#0a84ff" } },
                "b": { "$value": { "colorSpace": "oklch", "components": [0.6, 0.15, 250], "alpha": 0.5, "hex": "#2784d5" } },
                "h": { "$value": "hsl(210 50% 40%)" },
                "r": { "$value": "{c.a}" }
              },
              "line": { "$type": "border", "$value": { "color": { "colorSpace": "srgb", "components": [0, 0, 0], "hex": "#000000" }, "width": { "value": 1, "unit": "px" }, "style": "solid" } }
            }

            """)
        #expect(json.notes == ["6:22 `hsl(210 50% 40%)` is left as it is: DTCG's hsl and hwb components are not CSS's, and its sRGB components would not be exact; write it as rgb(), hex or oklch() first"])
        let yaml = migrate("p: { $type: color, $value: \"color(display-p3 1 0 0)\" }\n", path: "s.yaml", strictColors: true)
        #expect(yaml.after == "p: { $type: color, $value: { colorSpace: display-p3, components: [1, 0, 0], hex: \"#ff0b0c\" } }\n")
        // Without --dtcg strict, strings stay: tokenc reads them.
        #expect(migrate("p: { $type: color, $value: \"#0A84FF\" }\n", path: "s.yaml").reasons.isEmpty)
    }

    /// Tokens Studio's percentages for line heights and opacities are DTCG numbers, the fraction exactly;
    /// `AUTO` is noted.
    @Test func percentagesAreFractions() {
        let result = migrate("""
            { "lh": { "tight": { "value": "120%", "type": "lineHeights" }, "auto": { "value": "AUTO", "type": "lineHeights" } },
              "o": { "value": "5.5%", "type": "opacity" } }

            """, path: "p.json")
        #expect(result.after == """
            { "lh": { "tight": { "$value": 1.2, "$type": "number" }, "auto": { "$value": "AUTO", "$type": "number" } },
              "o": { "$value": 0.055, "$type": "number" } }

            """)
        #expect(result.notes == ["1:83 `AUTO` is left as it is: a DTCG number is a number (`AUTO` has none; a line height in `px` needs its font size)"])
    }

    /// A token with no type gets the one its value shows (a color object, a hex or functional color string, a
    /// measure in `px`, `rem`, `ms` or `s`), in DTCG and in Style Dictionary's older format; a bare number, a
    /// name and an alias stay as they are.
    @Test func aTokenWithNoTypeGetsTheOneItsValueShows() {
        let json = migrate("""
            {
              "brown": {
                "$description": "Brown",
                "$value": { "colorSpace": "srgb", "components": [0.64, 0.52, 0.37], "hex": "#a2845e" }
              },
              "gap": { "$value": "8px" },
              "fade": { "$value": { "value": 200, "unit": "ms" } },
              "ink": { "$value": "rgb(0 0 0 / 0.5)" },
              "count": { "$value": 3 },
              "name": { "$value": "red" },
              "link": { "$value": "{brown}" }
            }

            """, path: "t.json")
        #expect(json.after == """
            {
              "brown": {
                "$type": "color",
                "$description": "Brown",
                "$value": { "colorSpace": "srgb", "components": [0.64, 0.52, 0.37], "hex": "#a2845e" }
              },
              "gap": { "$type": "dimension", "$value": {"value": 8, "unit": "px"} },
              "fade": { "$type": "duration", "$value": { "value": 200, "unit": "ms" } },
              "ink": { "$type": "color", "$value": "rgb(0 0 0 / 0.5)" },
              "count": { "$value": 3 },
              "name": { "$value": "red" },
              "link": { "$value": "{brown}" }
            }

            """)
        #expect(json.reasons.prefix(2) == ["`brown` has no type; its value, a color object, is a color", "`gap` has no type; its value, `8px`, is a dimension"])
        let legacy = migrate("""
            color:
              base:
                red:
                  value: "#ff0000"
            size:
              small:
                value: 4px

            """, path: "sd.yaml")
        #expect(legacy.format == .styleDictionary)
        #expect(legacy.after == """
            color:
              base:
                red:
                  $type: color
                  $value: "#ff0000"
            size:
              small:
                $type: dimension
                $value: { value: 4, unit: px }

            """)
    }

    /// Android's `dp` is CSS's `px`; a size in `em` or the viewport's units has no exact DTCG form, so the token
    /// moves under `$extensions`, with a token whose value refers to it.
    @Test func relativeSizesMoveAndDpIsPx() {
        let result = migrate("""
            {
              "elevation": { "$type": "dimension", "$value": { "value": 4, "unit": "dp" } },
              "inset": { "$type": "dimension", "$value": "2dp" },
              "tracking": { "$type": "dimension", "$value": { "value": 0.05, "unit": "em" } },
              "gutter": { "$type": "dimension", "$value": "2vw" },
              "body": {
                "$type": "typography",
                "$value": { "fontFamily": "Inter", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "{tracking}", "lineHeight": 1.5 }
              }
            }

            """, path: "r.json")
        #expect(result.after == """
            {
              "elevation": { "$type": "dimension", "$value": { "value": 4, "unit": "px" } },
              "inset": { "$type": "dimension", "$value": {"value": 2, "unit": "px"} },
              "tracking": {"$extensions": {"tokenc.migrate": { "$type": "dimension", "$value": { "value": 0.05, "unit": "em" } }}},
              "gutter": {"$extensions": {"tokenc.migrate": { "$type": "dimension", "$value": "2vw" }}},
              "body": {"$extensions": {"tokenc.migrate": {
                "$type": "typography",
                "$value": { "fontFamily": "Inter", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "{tracking}", "lineHeight": 1.5 }
              }}}
            }

            """)
        #expect(result.notes == [
            "4:15 `0.05em` is relative to a font size the token does not have, so it has no exact size in `px` (to keep it a token, write its size at your body text in `px`): `tracking` is kept under `$extensions.tokenc.migrate`, and is no longer a token",
            "5:13 `2vw` is relative to the viewport, so it has no size in `px` or `rem` (to keep it a token, write the size it should have): `gutter` is kept under `$extensions.tokenc.migrate`, and is no longer a token",
            "6:11 it refers to `{tracking}`, which moves under `$extensions`: `body` is kept under `$extensions.tokenc.migrate`, and is no longer a token",
        ])
    }

    /// A typography value's own fields move under the token's `$extensions.tokenc.migrate`; a missing
    /// `letterSpacing` is `0px` (CSS's `normal`); a line height in the font size's unit is the multiple of it.
    @Test func typographyValuesBecomeDTCGs() {
        let json = migrate("""
            {
              "tiny": {
                "$type": "typography",
                "$value": {
                  "fontFamily": "Segoe UI",
                  "fontSize": { "value": 10, "unit": "px" },
                  "fontWeight": 400,
                  "letterSpacing": 0,
                  "lineHeight": { "value": 14, "unit": "px" },
                  "WebkitFontSmoothing": "antialiased"
                }
              },
              "title": {
                "$type": "typography",
                "$value": { "fontFamily": "SF Pro", "fontSize": "22px", "fontWeight": 700, "lineHeight": "25px" },
                "$extensions": { "org.example": true }
              },
              "odd": { "$type": "typography", "$value": { "fontFamily": "SF Pro", "fontSize": "1rem", "fontWeight": 700, "letterSpacing": "0px", "lineHeight": "20px" } }
            }

            """, path: "f.json")
        #expect(json.after == """
            {
              "tiny": {
                "$extensions": {"tokenc.migrate": {"WebkitFontSmoothing": "antialiased"}},
                "$type": "typography",
                "$value": {
                  "fontFamily": "Segoe UI",
                  "fontSize": { "value": 10, "unit": "px" },
                  "fontWeight": 400,
                  "letterSpacing": {"value": 0, "unit": "px"},
                  "lineHeight": 1.4
                }
              },
              "title": {
                "$type": "typography",
                "$value": { "letterSpacing": {"value": 0, "unit": "px"}, "fontFamily": "SF Pro", "fontSize": {"value": 22, "unit": "px"}, "fontWeight": 700, "lineHeight": 1.1363636363636365 },
                "$extensions": { "org.example": true }
              },
              "odd": { "$type": "typography", "$value": { "fontFamily": "SF Pro", "fontSize": {"value": 1, "unit": "rem"}, "fontWeight": 700, "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": "20px" } }
            }

            """)
        #expect(json.reasons.contains("a line height of `{ \"value\": 14, \"unit\": \"px\" }` with a 10px font is 1.4 times the font size") || json.reasons.contains("a line height of `14px` with a 10px font is 1.4 times the font size"))
        #expect(json.reasons.contains("a line height of `25px` with a 22px font is 1.1363636363636365 times the font size (25px to 15 significant digits)"))
        #expect(json.notes == ["18:148 the line height `20px` is left as it is: DTCG's is a multiple of the font size, which is not in `px`"])
    }

    /// A shadow layer's `alpha` is written into a written-out color; with an aliased color, the shadow moves.
    @Test func shadowLayerAlphaIsAppliedOrTheShadowMoves() {
        let result = migrate("""
            focus:
              $type: shadow
              $value:
                - { color: "#0d1117", alpha: 0.8, offsetX: 0px, offsetY: 0px, blur: 0px, spread: 2px }
            ring:
              $type: shadow
              $value: [{ color: "{focus.color}", alpha: 0.5, offsetX: 0px, offsetY: 0px, blur: 0px, spread: 1px }]

            """, path: "s.yaml")
        #expect(result.after == """
            focus:
              $type: shadow
              $value:
                - { color: "rgb(13 17 23 / 0.8)", offsetX: { value: 0, unit: px }, offsetY: { value: 0, unit: px }, blur: { value: 0, unit: px }, spread: { value: 2, unit: px } }
            ring:
              $extensions:
                tokenc.migrate:
                  $type: shadow
                  $value: [{ color: "{focus.color}", alpha: 0.5, offsetX: 0px, offsetY: 0px, blur: 0px, spread: 1px }]

            """)
    }

    /// Listing sets first in a resolver document's order keeps its syntax: a flow sequence on one line, a YAML
    /// block sequence one item a line.
    @Test func resolverSetsAreListedInTheDocumentsSyntax() throws {
        func listed(_ text: String, path: String) throws -> String {
            let bytes = Array(text.utf8)
            let (file, _) = TokenFileLoader().load(bytes: bytes, path: path)
            let root = try #require(file.root)
            #expect(ResolverMigration.unlistedSets(root).map(\.name) == ["a/b"])
            let planned = try #require(ResolverMigration.plan(listing: ["a/b"], in: root, bytes: bytes, isJSON: file.isJSON))
            let after = TextEdit.apply(planned.edits, to: bytes)
            #expect(Migrator.unmet(planned.expectations, in: TokenFileLoader().load(bytes: after, path: path).file.root) == [])
            return String(decoding: after, as: UTF8.self)
        }
        #expect(try listed("""
            { "version": "2025.10", "sets": { "a/b": { "sources": [] }, "c": { "sources": [] } }, "resolutionOrder": [{ "$ref": "#/sets/c" }] }

            """, path: "r.resolver.json") == """
            { "version": "2025.10", "sets": { "a/b": { "sources": [] }, "c": { "sources": [] } }, "resolutionOrder": [{ "$ref": "#/sets/a~1b" }, { "$ref": "#/sets/c" }] }

            """)
        #expect(try listed("""
            version: "2025.10"
            sets:
              a/b: { sources: [] }
              c: { sources: [] }
            resolutionOrder:
              - $ref: "#/sets/c"

            """, path: "r.resolver.yaml") == """
            version: "2025.10"
            sets:
              a/b: { sources: [] }
              c: { sources: [] }
            resolutionOrder:
              - { $ref: "#/sets/a~1b" }
              - $ref: "#/sets/c"

            """)
    }

    /// Tokens Studio's math is computed exactly from the set's values (DTCG has none); math it cannot compute
    /// exactly is noted and left.
    @Test func tokensStudiosMathIsComputed() {
        let result = migrate("""
            {
              "size": {
                "base": { "value": "8", "type": "sizing" },
                "half": { "value": "{size.base}/2", "type": "sizing" },
                "double": { "value": "{size.base} * 2", "type": "sizing" },
                "mixed": { "value": "({size.double} + 4px) * 0.5", "type": "sizing" },
                "third": { "value": "{size.base} / 3", "type": "sizing" },
                "odd": { "value": "4px * 2px", "type": "sizing" },
                "lost": { "value": "{size.nowhere} * 2", "type": "sizing" }
              },
              "font": { "base": { "value": "1rem", "type": "fontSizes" }, "small": { "value": "{font.base}*0.875", "type": "fontSizes" } },
              "ratio": { "value": "{size.base} / 16", "type": "opacity" }
            }

            """, path: "m.json")
        #expect(result.after == """
            {
              "size": {
                "base": { "$value": {"value": 8, "unit": "px"}, "$type": "dimension" },
                "half": { "$value": {"value": 4, "unit": "px"}, "$type": "dimension" },
                "double": { "$value": {"value": 16, "unit": "px"}, "$type": "dimension" },
                "mixed": { "$value": {"value": 10, "unit": "px"}, "$type": "dimension" },
                "third": { "$value": "{size.base} / 3", "$type": "dimension" },
                "odd": { "$value": "4px * 2px", "$type": "dimension" },
                "lost": { "$value": "{size.nowhere} * 2", "$type": "dimension" }
              },
              "font": { "base": { "$value": {"value": 1, "unit": "rem"}, "$type": "dimension" }, "small": { "$value": {"value": 0.875, "unit": "rem"}, "$type": "dimension" } },
              "ratio": { "$value": 0.5, "$type": "number" }
            }

            """)
        #expect(result.reasons.contains("DTCG has no math: `({size.double} + 4px) * 0.5` is 10px (it no longer follows the tokens it names)"))
        #expect(result.notes == [
            "7:25 `{size.base} / 3` is left as it is: DTCG has no math, and its result has no finite decimal; write its value",
            "8:23 `4px * 2px` is left as it is: DTCG has no math, and it multiplies two measures; write its value",
            "9:24 `{size.nowhere} * 2` is left as it is: DTCG has no math, and `{size.nowhere}` has no single number in the set (it is missing, not a number, or differs between sets); write its value",
        ])
    }

    /// A negative number or measure is a value, not math: it converts as any value does.
    @Test func aNegativeValueIsNotMath() {
        let result = migrate("{ \"inset\": { \"value\": \"-4\", \"type\": \"spacing\" }, \"nudge\": { \"value\": \"-2px\", \"type\": \"spacing\" } }\n", path: "n.json")
        #expect(result.after == "{ \"inset\": { \"$value\": {\"value\": -4, \"unit\": \"px\"}, \"$type\": \"dimension\" }, \"nudge\": { \"$value\": {\"value\": -2, \"unit\": \"px\"}, \"$type\": \"dimension\" } }\n")
        #expect(result.notes == [])
    }

    /// Tokens Studio's typography: its weight names, percentages and unitless sizes convert as its tokens' do,
    /// its own fields move under `$extensions`, and a value with no line height (`AUTO`) keeps its token as
    /// written under `$extensions`: CSS's `normal` is the font's own.
    @Test func tokensStudiosTypography() {
        let result = migrate("""
            body:
              value: { fontFamily: Inter, fontWeight: Semi Bold, fontSize: "16", lineHeight: 150%, letterSpacing: "0", textCase: uppercase }
              type: typography
            caption:
              value: { fontFamily: Inter, fontWeight: Regular, fontSize: "12", lineHeight: AUTO }
              type: typography

            """, path: "ty.yaml")
        #expect(result.format == .tokensStudio)
        #expect(result.after == """
            body:
              $extensions: {tokenc.migrate: {textCase: uppercase}}
              $value: { fontFamily: Inter, fontWeight: semi-bold, fontSize: { value: 16, unit: px }, lineHeight: 1.5, letterSpacing: { value: 0, unit: px } }
              $type: typography
            caption:
              $extensions:
                tokenc.migrate:
                  value: { fontFamily: Inter, fontWeight: Regular, fontSize: "12", lineHeight: AUTO }
                  type: typography

            """)
        #expect(result.notes == [
            "5:3 the line height `AUTO` is the font's own, which DTCG's line height (a multiple of the font size) cannot say (to keep it a token, write the multiple, such as 1.2): `caption` is kept under `$extensions.tokenc.migrate` as written, and is no longer a token",
        ])
    }

    /// Style Dictionary's own shapes: `{r, g, b}` colors (a YAML block too), a tool's keys beside `value`
    /// (`group`), a type DTCG has no name for (the token kept as written under `$extensions`), `fontSize`,
    /// a stroke's dash array; a size with no unit is noted with the two readings its transforms give it.
    @Test func styleDictionarysOwnShapes() {
        let yaml = migrate("""
            color:
              red:
                value:
                  r: 255
                  g: 0
                  b: 0   # pure
                type: color
              veil: { value: { r: 0, g: 0, b: 0, a: 0.5 }, type: color }

            """, path: "c.yaml")
        #expect(yaml.format == .styleDictionary)
        #expect(yaml.after == """
            color:
              red:
                $value:
                  "rgb(255 0 0)"   # pure
                $type: color
              veil: { $value: "rgb(0 0 0 / 0.5)", $type: color }

            """)
        let json = migrate("""
            {
              "margin": { "value": "0.15", "group": "dimension" },
              "icon": { "value": "assets/star.svg", "type": "asset" },
              "body": { "value": "16px", "type": "fontSize" },
              "dash": { "value": { "dashArray": ["0.5rem", "0.25rem"], "lineCap": "round" }, "type": "strokeStyle" }
            }

            """, path: "s.json")
        #expect(json.format == .styleDictionary)
        #expect(json.after == """
            {
              "margin": { "$value": "0.15", "$extensions": {"tokenc.migrate": {"group": "dimension"}} },
              "icon": {"$extensions": {"tokenc.migrate": { "value": "assets/star.svg", "type": "asset" }}},
              "body": { "$value": {"value": 16, "unit": "px"}, "$type": "dimension" },
              "dash": { "$value": { "dashArray": [{"value": 0.5, "unit": "rem"}, {"value": 0.25, "unit": "rem"}], "lineCap": "round" }, "$type": "strokeStyle" }
            }

            """)
        #expect(json.notes == [
            "3:11 the Style Dictionary (before DTCG) type `asset` has no DTCG equivalent: `icon` is kept under `$extensions.tokenc.migrate` as written, and is no longer a token",
        ])
        let unitless = migrate("{ \"gap\": { \"value\": \"2\", \"type\": \"size\" } }\n", path: "u.json")
        #expect(unitless.notes == ["1:21 `2` is left as it is: a size without a unit is `px` or `rem` depending on the build (Style Dictionary's `web` transforms add `px`, its `css`, `scss` and `js` ones `rem`); write the unit you build with"])
    }

    /// Style Dictionary's times without a unit are milliseconds; a shadow without `blur` or `spread` has 0px of
    /// each (CSS's default); Style Dictionary 4's `$type: fontSize` in a DTCG file is `dimension`, on a group too;
    /// a file whose every token migrate kept under `$extensions` is DTCG, not an older format, afterwards.
    @Test func styleDictionaryDefaultsAndNames() {
        let legacy = migrate("""
            { "time": { "quick": { "value": "200", "type": "time" } } }

            """, path: "t.json")
        #expect(legacy.after == """
            { "time": { "quick": { "$value": {"value": 200, "unit": "ms"}, "$type": "duration" } } }

            """)
        let dtcg = migrate("""
            sizes:
              $type: fontSize
              body: { $value: 16px }
            lift: { $type: shadow, $value: { color: "#0003", offsetX: 0px, offsetY: 2px } }

            """, path: "d.yaml")
        #expect(dtcg.after == """
            sizes:
              $type: dimension
              body: { $value: { value: 16, unit: px } }
            lift: { $type: shadow, $value: { blur: { value: 0, unit: px }, spread: { value: 0, unit: px }, color: "#0003", offsetX: { value: 0, unit: px }, offsetY: { value: 2, unit: px } } }

            """)
        let kept = Array("{ \"icon\": {\"$extensions\": {\"tokenc.migrate\": { \"value\": \"a.svg\", \"type\": \"asset\" }}} }\n".utf8)
        #expect(SourceFormat.of(TokenFileLoader().load(bytes: kept, path: "k.json").file.root!) == .dtcg)
    }

    /// The check after the edits catches a value that would not read as meant.
    @Test func anUnmetExpectationIsReported() {
        let (file, _) = TokenFileLoader().load(bytes: Array("a: { $value: { value: 4, unit: rem } }\n".utf8), path: "x.yaml")
        let unmet = Migrator.unmet([MigrationExpectation(keys: ["a", "$value"], value: .measure(4, unit: "px"))], in: file.root)
        #expect(unmet == ["`a.$value` does not read as 4 px"])
    }
}

/// `tokenc migrate --suggest-roles`' reading of names, against a list written by hand for a set named the ways
/// design systems name their colors (Tests/Fixtures/suggest-roles).
@Suite struct RoleNamesTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/suggest-roles")

    @Test func theFixturesRolesAndSurfacesAreTheOnesWrittenBesideIt() throws {
        let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent("tokens.yaml")))
        let (file, problems) = TokenFileLoader().load(bytes: bytes, path: "tokens.yaml")
        #expect(problems.isEmpty)
        // Every color token of the file, as a build names it.
        var paths: [String] = []
        var pending: [(Node, [String])] = [(try #require(file.root), [])]
        while let (node, keys) = pending.popLast() {
            if node["$value"] != nil || node.scalarText != nil {
                paths.append(keys.joined(separator: "."))
                continue
            }
            for entry in node.mappingEntries ?? [] where !entry.key.hasPrefix("$") || entry.key == "$root" {
                pending.append((entry.value, keys + [entry.key]))
            }
        }
        let suggested = RoleNames.suggest(paths)
        let expected = try String(contentsOf: Self.folder.appendingPathComponent("expected.tsv"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0) }
        let written = suggested.keys.sorted().map { path in
            let suggestion = suggested[path]!
            return [path, suggestion.role, suggestion.meaning ?? "", suggestion.role == "label" ? String(suggestion.text) : "",
                    suggestion.on.joined(separator: " ")].joined(separator: "\t")
        }
        #expect(written == expected.sorted())
        // Palette steps say no role.
        #expect(suggested["color.palette.blue.600"] == nil)
    }

    @Test func wordsSplitAtEveryKindOfBoundary() {
        #expect(RoleNames.words("bgColor.onBrand-secondary_x.$root") == ["bg", "color", "on", "brand", "secondary", "x", "root"])
    }
}
