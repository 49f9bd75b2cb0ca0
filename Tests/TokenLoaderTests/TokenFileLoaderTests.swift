import Testing
import SourceData
import SourceTree
import TokenModel
@testable import TokenLoader

/// Loads `text` as `path` and returns the root and the diagnostics.
private func load(_ text: String, path: String = "t.yaml", limits: LoaderLimits = LoaderLimits()) -> (Node?, [Diagnostic]) {
    let (file, diagnostics) = TokenFileLoader(limits: limits).load(bytes: Array(text.utf8), path: path)
    return (file.root, diagnostics)
}

/// `id@line:column` for each diagnostic, the compact form the assertions compare.
private func summary(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { "\($0.id)@\($0.location!.line):\($0.location!.column)" }
}

@Suite struct LocationTests {
    @Test func everyKeyScalarAndCollectionIsLocatedOneBased() throws {
        let (root, diagnostics) = load("color:\n  blue:\n    $value: \"#0A84FF\"\n  list: [1, two]\n")
        #expect(diagnostics.isEmpty)
        let color = try #require(root?.mappingEntries?.first)
        #expect(color.key == "color")
        #expect(color.keyLocation == SourceLocation(file: "t.yaml", line: 1, column: 1))
        #expect(color.value.location == SourceLocation(file: "t.yaml", line: 2, column: 3))
        let blue = try #require(color.value.mappingEntries?.first)
        #expect(blue.keyLocation.line == 2 && blue.keyLocation.column == 3)
        let value = try #require(blue.value["$value"])
        #expect(value.location == SourceLocation(file: "t.yaml", line: 3, column: 13))
        #expect(value.string == "#0A84FF")
        let list = try #require(color.value["list"]?.sequenceItems)
        #expect(list.map(\.location.column) == [10, 13])
        #expect(list[1].string == "two")
    }

    @Test func byteOrderMarkAndCRLFKeepLocationsTrue() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("c:\r\n  a: { $value: \"#fff\" }\r\n".utf8)
        let (file, diagnostics) = TokenFileLoader().load(bytes: bytes, path: "t.yaml")
        #expect(diagnostics.isEmpty)
        let a = try #require(file.root?["c"]?.mappingEntries?.first)
        #expect(a.key == "a" && a.keyLocation.line == 2 && a.keyLocation.column == 3)
        #expect(a.value["$value"]?.location.column == 16)
    }

    @Test func columnsCountScalarsNotBytes() throws {
        let (root, _) = load("é: { ü: 1, x: 2 }\n")
        let inner = try #require(root?["é"]?.mappingEntries)
        #expect(inner.map(\.keyLocation.column) == [6, 12])
    }
}

@Suite struct CoreSchemaTests {
    @Test(arguments: [
        ("no", ScalarValue.string("no")), ("yes", .string("yes")), ("on", .string("on")), ("off", .string("off")),
        ("010", .integer(10)), ("0o10", .integer(8)), ("0x1F", .integer(31)), ("-12", .integer(-12)),
        ("1.5", .number(1.5)), ("-.5", .number(-0.5)), ("1e3", .number(1000)), ("1_000", .string("1_000")),
        ("true", .bool(true)), ("False", .bool(false)), ("TRUE", .bool(true)), ("tRUE", .string("tRUE")),
        ("~", .null), ("null", .null), ("", .null), ("Null", .null), ("nil", .string("nil")),
        (".inf", .number(.infinity)), ("-.Inf", .number(-.infinity)), ("0b101", .string("0b101")),
        ("12px", .string("12px")), ("#fff", .string("#fff")), ("1.", .number(1)), (".", .string(".")),
    ])
    func plainScalarsFollowTheCoreSchema(text: String, expected: ScalarValue) {
        #expect(CoreSchema.resolvePlain(text) == expected)
    }

    @Test func nanIsANumber() {
        guard case .number(let value) = CoreSchema.resolvePlain(".nan") else {
            Issue.record("`.nan` is not a number")
            return
        }
        #expect(value.isNaN)
    }

    @Test func quotedScalarsAreStrings() {
        let (root, _) = load("a: \"010\"\nb: 'true'\nc: !!str 12\nd: !!int \"7\"\ne: !!float 1\n")
        #expect(root?["a"]?.scalar == .string("010"))
        #expect(root?["b"]?.scalar == .string("true"))
        #expect(root?["c"]?.scalar == .string("12"))
        #expect(root?["d"]?.scalar == .integer(7))
        #expect(root?["e"]?.scalar == .number(1))
    }

    @Test func unknownTagsAreLocatedErrors() {
        let (_, diagnostics) = load("a:\n  b: !color red\n")
        #expect(summary(diagnostics) == ["yaml/unknown-tag@2:6"])
        #expect(diagnostics[0].message == "the tag `!color` is not supported on a scalar")
    }

    @Test func mismatchedCoreTagIsAnError() {
        let (_, diagnostics) = load("a: !!int abc\n")
        #expect(summary(diagnostics) == ["yaml/invalid-tagged-value@1:4"])
    }
}

@Suite struct DuplicateKeyTests {
    @Test func yamlDuplicateIsAnErrorNamingBothPlaces() throws {
        let (root, diagnostics) = load("a:\n  b: 1\n  c: 2\n  b: 3\n")
        #expect(summary(diagnostics) == ["token/duplicate@4:3"])
        let d = try #require(diagnostics.first)
        #expect(d.severity == .error)
        #expect(d.message == "the key `b` appears twice in this mapping")
        #expect(d.related == [RelatedLocation(SourceLocation(file: "t.yaml", line: 2, column: 3), "first `b` is here")])
        #expect(root?["a"]?["b"]?.scalar == .integer(1))
    }

    @Test func jsonDuplicateWarnsAndTheLastWins() throws {
        let (root, diagnostics) = load("{\n  \"a\": 1,\n  \"a\": 2\n}\n", path: "t.json")
        #expect(summary(diagnostics) == ["token/duplicate-json-key@3:3"])
        #expect(diagnostics[0].severity == .warning)
        #expect(diagnostics[0].related.first?.location.line == 2)
        #expect(root?["a"]?.scalar == .integer(2))
    }

    /// Past 16 keys a mapping finds duplicates by an index; a nested mapping in the middle keeps its own keys.
    @Test func duplicatesInALargeMappingAreFoundAndNestedMappingsKeepTheirOwnKeys() throws {
        var text = ""
        for i in 0..<20 { text += "k\(i): \(i)\n" }
        text += "inner:\n  k1: a\n  k2: b\n  k1: c\n"
        for i in 20..<40 { text += "k\(i): \(i)\n" }
        text += "k3: again\nk25: again\n"
        let (root, diagnostics) = load(text)
        #expect(summary(diagnostics) == ["token/duplicate@24:3", "token/duplicate@45:1", "token/duplicate@46:1"])
        #expect(diagnostics[1].related.first?.location.line == 4)
        #expect(diagnostics[2].related.first?.location.line == 30)
        let entries = try #require(root?.mappingEntries)
        #expect(entries.map(\.key) == (0..<20).map { "k\($0)" } + ["inner"] + (20..<40).map { "k\($0)" })
        #expect(root?["k3"]?.scalar == .integer(3))
        #expect(root?["inner"]?.mappingEntries?.map(\.key) == ["k1", "k2"])
        #expect(root?["inner"]?["k1"]?.string == "a")
    }

    @Test func jsonDuplicateInALargeObjectReplacesTheFirstInPlace() throws {
        let fields = (0..<20).map { "\"k\($0)\": \($0)" } + ["\"k7\": 70"]
        let (root, diagnostics) = load("{" + fields.joined(separator: ", ") + "}\n", path: "t.json")
        #expect(summary(diagnostics) == ["token/duplicate-json-key@1:202"])
        let entries = try #require(root?.mappingEntries)
        #expect(entries.map(\.key) == (0..<20).map { "k\($0)" })
        #expect(root?["k7"]?.scalar == .integer(70))
    }
}

/// YAML 1.1's merge key, `<<: *anchor`, which YAML 1.2 left out and most YAML tools still read.
@Suite struct MergeKeyTests {
    @Test func aMergedMappingFillsTheKeysTheMappingDoesNotSet() throws {
        let (root, diagnostics) = load("base: &base\n  $type: color\n  a: { $value: \"#fff\" }\ncolor:\n  <<: *base\n  $type: number\n  b: 2\n")
        #expect(diagnostics.isEmpty)
        let color = try #require(root?["color"])
        // The mapping's own keys first and winning; the merged ones after, located where they are written.
        #expect(color.mappingEntries?.map(\.key) == ["$type", "b", "a"])
        #expect(color["$type"]?.string == "number")
        #expect(color.mappingEntries?.last?.keyLocation == SourceLocation(file: "t.yaml", line: 3, column: 3))
    }

    @Test func inAListOfMergedMappingsTheFirstWins() {
        let (root, diagnostics) = load("x: &x { k: 1, a: x }\ny: &y { k: 2, b: y }\nz: { <<: [*x, *y], c: z }\n")
        #expect(diagnostics.isEmpty)
        #expect(root?["z"]?.mappingEntries?.map { "\($0.key)=\($0.value.scalarText!)" } == ["c=z", "k=1", "a=x", "b=y"])
    }

    @Test func aQuotedKeyAndAJSONKeyAreOrdinaryKeys() {
        let (yaml, yamlDiagnostics) = load("m: &m { a: 1 }\nn: { \"<<\": *m }\n")
        #expect(yamlDiagnostics.isEmpty)
        #expect(yaml?["n"]?.mappingEntries?.map(\.key) == ["<<"])
        let (json, jsonDiagnostics) = load("{\"n\": {\"<<\": {\"a\": 1}}}\n", path: "t.json")
        #expect(jsonDiagnostics.isEmpty)
        #expect(json?["n"]?.mappingEntries?.map(\.key) == ["<<"])
    }

    @Test func mergingAnythingButMappingsIsALocatedError() throws {
        let (root, diagnostics) = load("w: { <<: hello, a: 1 }\nv: { <<: [{ a: 1 }, 2] }\n")
        #expect(summary(diagnostics) == ["yaml/invalid-merge@1:10", "yaml/invalid-merge@2:10"])
        let first = try #require(diagnostics.first)
        #expect(first.message == "`<<` merges a mapping or a list of mappings into this one, not a string")
        #expect(first.fix == "write `<<: *name` with an anchored mapping (`name: &name { … }`), or quote \"<<\" for a key of that name")
        #expect(root?["w"]?.mappingEntries?.map(\.key) == ["a"])
    }
}

@Suite struct LimitTests {
    @Test func aliasBombIsRefusedQuickly() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1..<40 { text += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n" }
        let (root, diagnostics) = load(text)
        #expect(root == nil)
        #expect(summary(diagnostics) == ["yaml/alias-budget@6:45"])
    }

    @Test func ordinaryAliasesExpand() {
        let (root, diagnostics) = load("base: &b { $value: 1 }\ncopy: *b\n")
        #expect(diagnostics.isEmpty)
        #expect(root?["copy"]?["$value"]?.scalar == .integer(1))
        #expect(root?["copy"]?.location == SourceLocation(file: "t.yaml", line: 2, column: 7))
    }

    @Test func undefinedAnchorIsAnError() {
        let (_, diagnostics) = load("a: *nowhere\n")
        #expect(summary(diagnostics) == ["yaml/undefined-anchor@1:4"])
    }

    @Test func nestingDeeperThanTheLimitStops() {
        let depth = 10_000
        let (root, diagnostics) = load("a: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n")
        #expect(root == nil)
        #expect(summary(diagnostics) == ["yaml/too-deep@1:131"])
    }

    @Test func oversizedScalarIsRefused() {
        let limits = LoaderLimits(maxScalarBytes: 100)
        let (_, diagnostics) = load("a: \"" + String(repeating: "x", count: 101) + "\"\n", limits: limits)
        #expect(summary(diagnostics) == ["yaml/scalar-too-large@1:4"])
    }

    @Test func oversizedFileIsRefused() {
        let (_, diagnostics) = load("a: 1\n", limits: LoaderLimits(maxFileBytes: 3))
        #expect(summary(diagnostics) == ["yaml/file-too-large@1:1"])
    }
}

@Suite struct SyntaxErrorTests {
    @Test func tabIndentationGetsAHint() throws {
        let (_, diagnostics) = load("a:\n\tb: 1\n")
        let d = try #require(diagnostics.first)
        #expect(summary(diagnostics) == ["yaml/syntax@2:1"])
        #expect(d.message == "found character that cannot start any token while scanning for the next token")
        #expect(d.fix == "indent with spaces; YAML does not allow tabs for indentation")
    }

    @Test func unterminatedQuotePointsAtTheOpeningQuote() throws {
        let (_, diagnostics) = load("a:\n  $value: \"abc\nb: 1\n")
        let d = try #require(diagnostics.first)
        #expect(summary(diagnostics) == ["yaml/syntax@2:11"])
        #expect(d.message == "this quoted string is never closed")
        #expect(d.related.first?.location.line == 4)
    }

    @Test func invalidUTF8IsLocated() throws {
        var bytes = Array("a:\n  b: \"x".utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array("y\"\n".utf8)
        let (_, diagnostics) = TokenFileLoader().load(bytes: bytes, path: "t.yaml")
        #expect(summary(diagnostics) == ["yaml/syntax@2:8"])
        #expect(diagnostics[0].message == "invalid leading UTF-8 octet")
        #expect(diagnostics[0].fix == "save the file as UTF-8")
    }

    @Test func nulByteIsLocated() {
        let (_, diagnostics) = TokenFileLoader().load(bytes: Array("a: 1\nb: x\u{0}y\n".utf8), path: "t.yaml")
        #expect(summary(diagnostics) == ["yaml/syntax@2:5"])
        #expect(diagnostics[0].message == "control characters are not allowed")
    }

    @Test func secondDocumentIsAnError() {
        let (_, diagnostics) = load("a: 1\n---\nb: 2\n")
        #expect(summary(diagnostics) == ["yaml/multiple-documents@2:1"])
    }

    @Test func emptyFileHasNoRootAndNoProblems() {
        let (root, diagnostics) = load("# only a comment\n")
        #expect(root == nil)
        #expect(diagnostics.isEmpty)
    }

    @Test func nonStringKeyIsAnError() {
        let (_, diagnostics) = load("? [a, b]\n: 1\n")
        #expect(summary(diagnostics) == ["yaml/non-string-key@1:3"])
    }
}

@Suite struct TrapTests {
    @Test func unquotedHexColorSaysQuoteTheColor() throws {
        let (root, diagnostics) = load("color:\n  blue:\n    $value: #0A84FF\n")
        let d = try #require(diagnostics.first)
        #expect(summary(diagnostics) == ["yaml/unquoted-color@3:13"])
        #expect(d.message == "`#0A84FF` starts a YAML comment here, so this value is empty")
        #expect(d.fix == "quote the color: \"#0A84FF\"")
        #expect(root?["color"]?["blue"]?["$value"]?.string == "#0A84FF")
    }

    @Test func unquotedHexInAListIsFound() {
        let (_, diagnostics) = load("colors:\n  - \"#fff\"\n  - #000\n")
        #expect(summary(diagnostics) == ["yaml/unquoted-color@3:5"])
    }

    @Test func ordinaryCommentsAreNotColors() {
        let (root, diagnostics) = load("a:\n  b: # later\n  c: #abcdefg\n")
        #expect(diagnostics.isEmpty)
        #expect(root?["a"]?["b"]?.scalar == .null)
    }

    @Test func unquotedAliasSaysQuoteTheAlias() throws {
        let (root, diagnostics) = load("link:\n  $value: {color.blue}\n")
        let d = try #require(diagnostics.first)
        #expect(summary(diagnostics) == ["yaml/unquoted-alias@2:11"])
        #expect(d.message == "`{color.blue}` is read as a YAML mapping, not as an alias")
        #expect(d.fix == "quote the alias: \"{color.blue}\"")
        #expect(root?["link"]?["$value"]?.string == "{color.blue}")
    }

    @Test func realFlowMappingsAreNotAliases() {
        let (_, diagnostics) = load("a: { value: 4, unit: px }\nb: {c: 1}\n")
        #expect(diagnostics.isEmpty)
    }
}

@Suite struct JSONTests {
    @Test func surrogatePairsLoadAndColumnsStayTrue() throws {
        let text = "{\"a\": \"\\ud83d\\ude00!\", \"b\": 1}\n"
        let (root, diagnostics) = load(text, path: "t.json")
        #expect(diagnostics.isEmpty)
        #expect(root?["a"]?.string == "😀!")
        let b = try #require(root?.mappingEntries?.last)
        #expect(b.keyLocation.column == 24)
        #expect(b.value.location.column == 29)
    }

    @Test func escapedBackslashBeforeUIsNotASurrogate() {
        let (root, diagnostics) = load("{\"a\": \"\\\\ud83d\\\\ude00\"}", path: "t.json")
        #expect(diagnostics.isEmpty)
        #expect(root?["a"]?.string == "\\ud83d\\ude00")
    }

    @Test func compactJSONLoads() {
        let (root, diagnostics) = load("{\"a\":{\"$value\":1,\"b\":[1,2]}}", path: "t.json")
        #expect(diagnostics.isEmpty)
        #expect(root?["a"]?["b"]?.sequenceItems?.count == 2)
    }
}

@Suite struct CommonNameTests {
    /// A scalar spelling a common name is that name; one byte more, less or different is not.
    @Test func commonNamesAreFoundByTheirExactBytes() {
        func lookUp(_ text: String) -> String? {
            var copy = text
            return copy.withUTF8 { CommonNames.string(for: $0) }
        }
        for name in ["$value", "$type", "light-high-contrast", "dark", "color", "fontWeight"] { #expect(lookUp(name) == name) }
        for other in ["$valu", "$values", "$valuE", "Dark", "light-high-contrasts", "colour", "é"] { #expect(lookUp(other) == nil) }
        // The loaded key is the appearance's own string, so comparing them does not read the bytes.
        let (root, _) = load("c:\n  light-high-contrast: 1\n")
        #expect(root?["c"]?.mappingEntries?.first?.key == Appearance.lightHighContrast)
    }
}

/// `.jsonc` and `.json5` files: JSON with comments, trailing commas, unquoted keys and single-quoted strings.
@Suite struct JSONWithCommentsTests {
    /// Comments read as blank space: what follows a comment (even one holding `é` and `🎨`) keeps the line and
    /// column the file has; comment markers inside strings are text.
    @Test func commentsAreBlankAndLocationsStay() throws {
        let text = """
            /* tokens — é 🎨 */ {
              // the brand's blue
              color: {
                /* ü */ blue: { $value: '#0A84FF', $type: 'color', }, // trailing comma
                url: { $value: "http://example.com/*not a comment*/", $type: "fontFamily" },
              },
            }

            """
        let (root, diagnostics) = load(text, path: "t.jsonc")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let color = try #require(root?["color"])
        let blue = try #require(color.mappingEntries?.first)
        #expect(blue.key == "blue")
        #expect(blue.keyLocation == SourceLocation(file: "t.jsonc", line: 4, column: 13))
        #expect(blue.value["$value"]?.string == "#0A84FF")
        #expect(blue.value["$value"]?.location == SourceLocation(file: "t.jsonc", line: 4, column: 29))
        #expect(color["url"]?["$value"]?.string == "http://example.com/*not a comment*/")
        // The same text as `.json5`; as `.json` the comments are libyaml's syntax errors.
        #expect(load(text, path: "t.json5").1.isEmpty)
        #expect(!load(text, path: "t.json").1.isEmpty)
    }

    /// A comment left open runs to the end of the file; a `/` alone is text.
    @Test func unterminatedCommentAndLoneSlash() {
        #expect(JSONComments.blank(Array("{\"a\": 1} /* open".utf8)) == Array(("{\"a\": 1}" + String(repeating: " ", count: 8)).utf8))
        #expect(JSONComments.blank(Array("{\"a\": \"x/y\"}".utf8)) == nil)
        #expect(JSONComments.blank(Array("{'a\\'//': 1}".utf8)) == nil)
        // Masked byte for byte: a character of two bytes is a space and a hidden byte; the line break stays.
        #expect(JSONComments.mask(Array("1 // é\n2".utf8)) == [0x31, 0x20, 0x20, 0x20, 0x20, 0x20, 0xFF, 0x0A, 0x32])
        #expect(JSONComments.blank(Array("1 // é\n2".utf8)) == Array("1     \n2".utf8))
    }

    /// A key written twice is JSON's warning, not YAML's error.
    @Test func jsonRulesApply() {
        #expect(summary(load("{ a: 1, a: 2 }", path: "t.json5").1) == ["token/duplicate-json-key@1:9"])
    }
}
