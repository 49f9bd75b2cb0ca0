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
    var survey = UnknownTypeSurvey()
    survey.add(file.root)
    let moved = moved ?? survey.moved
    let plan = Migrator().plan(file, bytes: bytes, moved: moved, strictColors: strictColors)
    let after = TextEdit.apply(plan.edits, to: bytes)
    // What the edits were meant to produce is what the file reads as afterwards.
    let (reloaded, _) = TokenFileLoader().load(bytes: after, path: path)
    #expect(Migrator.unmet(plan.expectations, in: reloaded.root) == [])
    // A second run finds nothing more.
    #expect(Migrator().plan(reloaded, bytes: after, moved: moved, strictColors: strictColors).edits.isEmpty)
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
    /// `attributes` kept under `$extensions`; an `em` dimension is noted with the choices.
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
                "large": { "$value": "1.5em", "$type": "dimension" }
              }
            }

            """)
        #expect(result.notes == ["9:25 `1.5em` is left as it is: `em` is relative to a font size the token does not have; write it in `px` (its size at your body text) or keep it as a number"])
    }

    /// Tokens Studio's types become DTCG's, its weight names DTCG's names, numbers written as strings numbers;
    /// a type with no DTCG equivalent leaves its token untouched, and a unitless size is not given a unit.
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

            """, path: "ts.yaml")
        #expect(result.format == .tokensStudio)
        #expect(result.after == """
            spacing:
              sm: { $value: { value: 8, unit: px }, $type: dimension, $description: Small gap }
              md: { $value: '16', $type: dimension }
            weight:
              semi: { $value: semi-bold, $type: fontWeight }
              heavy: { $value: 700, $type: fontWeight }
            opacity:
              half: { $value: 0.5, $type: number }
            shadow: { value: { x: 0, y: 2 }, type: boxShadow }

            """)
        #expect(result.notes == [
            "3:16 `16` is left as it is: it is not a number with one of the units `px`, `rem`",
            "9:40 the type `boxShadow` has no DTCG equivalent: `shadow` is left as it is; write it as a token of a DTCG type, or move it under `$extensions`",
        ])
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
    /// when it has one; `alpha` gets a note, since the tool applied it to the color. A child token stays.
    @Test func toolMetadataMovesUnderExtensions() {
        let json = migrate("""
            {
              "ring": {
                "$value": "{gray}",
                "$type": "color",
                "$extensions": {
                  "org.example": { "collection": "base" }
                },
                "alpha": 0
              },
              "tool": { "$value": "#222222", "$type": "color", "attributes": { "category": "color" }, "deprecatedValues": ["x"] },
              "gray": { "$value": "#222222", "$type": "color" }
            }

            """, path: "m.json")
        #expect(json.after == """
            {
              "ring": {
                "$value": "{gray}",
                "$type": "color",
                "$extensions": {
                  "tokenc.migrate": {"alpha": 0},
                  "org.example": { "collection": "base" }
                }
              },
              "tool": { "$value": "#222222", "$type": "color", "$extensions": {"tokenc.migrate": {"attributes": { "category": "color" }, "deprecatedValues": ["x"]}} },
              "gray": { "$value": "#222222", "$type": "color" }
            }

            """)
        #expect(json.notes == ["8:5 `alpha` beside `$value` is not part of a DTCG color: the tool that wrote it applied it to the color; tokenc does not. Write the color with that alpha (`alpha` inside a color object) if it is meant"])
        let yaml = migrate("""
            gray:
              $type: color
              $value: "#222222"
              alpha: 0.5
              $extensions:
                org.example: { collection: base }
            plain:
              $type: color
              $value: "#222222"
              attributes: { category: color }

            """, path: "m.yaml")
        #expect(yaml.after == """
            gray:
              $type: color
              $value: "#222222"
              $extensions:
                tokenc.migrate: {alpha: 0.5}
                org.example: { collection: base }
            plain:
              $type: color
              $value: "#222222"
              $extensions: {tokenc.migrate: {attributes: { category: color }}}

            """)
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

    /// The check after the edits catches a value that would not read as meant.
    @Test func anUnmetExpectationIsReported() {
        let (file, _) = TokenFileLoader().load(bytes: Array("a: { $value: { value: 4, unit: rem } }\n".utf8), path: "x.yaml")
        let unmet = Migrator.unmet([MigrationExpectation(keys: ["a", "$value"], value: .measure(4, unit: "px"))], in: file.root)
        #expect(unmet == ["`a.$value` does not read as 4 px"])
    }
}
