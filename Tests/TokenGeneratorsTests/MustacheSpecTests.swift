import Foundation
import Testing
@testable import TokenGenerators

/// One test of the Mustache specification's core files, read at test time from Tests/Fixtures/mustache-spec.
struct MustacheSpecCase: CustomTestStringConvertible, @unchecked Sendable {
    var file: String
    var name: String
    var template: String
    var data: Any
    var partials: [String: String]
    var expected: String
    var testDescription: String { "\(file): \(name)" }

    static let files = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections"]

    static let all: [MustacheSpecCase] = files.flatMap { file -> [MustacheSpecCase] in
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/mustache-spec/specs/\(file).json")
        guard let data = try? Data(contentsOf: url),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let tests = json["tests"] as? [[String: Any]] else { return [] }
        return tests.map {
            MustacheSpecCase(file: file, name: $0["name"] as! String, template: $0["template"] as! String, data: $0["data"] as Any,
                             partials: $0["partials"] as? [String: String] ?? [:], expected: $0["expected"] as! String)
        }
    }

    /// JSON data as template values (numbers keep integer or decimal form).
    static func value(_ any: Any) -> MustacheValue {
        guard let data = try? JSONSerialization.data(withJSONObject: ["v": any], options: [.fragmentsAllowed]),
              let decoded = try? JSONDecoder().decode([String: JSONValue].self, from: data) else { return .null }
        return decoded["v"]?.mustache ?? .null
    }
}

/// Strict JSON decoding: `true` is a Bool, `1` an Int, `1.5` a Double (JSONSerialization blurs them on Linux).
enum JSONValue: Decodable {
    case bool(Bool), integer(Int), number(Double), string(String), list([JSONValue]), object([String: JSONValue]), null

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let i = try? c.decode(Int.self) { self = .integer(i) }
        else if let d = try? c.decode(Double.self) { self = .number(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let l = try? c.decode([JSONValue].self) { self = .list(l) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    var mustache: MustacheValue {
        switch self {
        case .bool(let b): .bool(b)
        case .integer(let i): .integer(i)
        case .number(let d): .number(d)
        case .string(let s): .string(s)
        case .list(let l): .list(l.map(\.mustache))
        case .object(let o): .object(MustacheDictionary(o.mapValues(\.mustache)))
        case .null: .null
        }
    }
}

@Suite struct MustacheSpecTests {
    @Test func coreSpecificationIsLoaded() {
        #expect(MustacheSpecCase.all.count == 12 + 14 + 42 + 22 + 12 + 34)
    }

    @Test(arguments: MustacheSpecCase.all)
    func rendersAsTheSpecificationSays(_ spec: MustacheSpecCase) throws {
        let template = try MustacheTemplate(spec.template)
        #expect(try template.render(MustacheSpecCase.value(spec.data), partials: spec.partials) == spec.expected)
    }

    @Test func syntaxErrorsAreLocated() {
        #expect(throws: MustacheTemplate.SyntaxError(line: 2, column: 3, message: "`{{/b}}` closes `{{#a}}`, opened at 1:1")) {
            try MustacheTemplate("{{#a}}\n  {{/b}}")
        }
        #expect(throws: MustacheTemplate.SyntaxError(line: 1, column: 4, message: "this tag is never closed with `}}`")) {
            try MustacheTemplate("ab {{name")
        }
        #expect(throws: MustacheTemplate.SyntaxError(line: 1, column: 1, message: "`{{#a}}` is never closed")) {
            try MustacheTemplate("{{#a}} text")
        }
        // Columns count characters, not UTF-8 bytes: "é" and "🎨" are one column each.
        #expect(throws: MustacheTemplate.SyntaxError(line: 2, column: 4, message: "this tag is never closed with `»`")) {
            try MustacheTemplate("é🎨{{=« »=}}\n🎨é «name")
        }
    }

    @Test func nonASCIIDelimitersAndStandaloneLinesKeepTheText() throws {
        let template = try MustacheTemplate("{{=« »=}}\n  «#.»\n– «.» ✓\n  «/.»\nend é")
        #expect(try template.render(.list([.string("à"), .string("日本")])) == "– à ✓\n– 日本 ✓\nend é")
    }

    /// Interpolated text is escaped whatever its length: a short value is copied and checked in one pass (and
    /// taken back out when it holds a character to escape), a long one scanned first.
    @Test func valuesOfEveryLengthAreEscaped() throws {
        let template = try MustacheTemplate("{{a}}|{{{a}}}|{{b}}|{{c}}|{{d}}")
        let a = String(repeating: "x", count: 63) + "<", b = String(repeating: "y", count: 64), c = String(repeating: "z", count: 65) + "&"
        let d = String(repeating: "w", count: 200)
        let context = MustacheDictionary(["a": .string(a), "b": .string(b), "c": .string(c), "d": .string(d)])
        let expected = String(repeating: "x", count: 63) + "&lt;|" + a + "|" + b + "|" + String(repeating: "z", count: 65) + "&amp;|" + d
        #expect(try template.render(.object(context)) == expected)
    }

    /// A partial that includes itself forever stops 1,000 partials deep: the renderer keeps its frames in a
    /// list, so the depth costs no stack.
    @Test func selfIncludingPartialStops() throws {
        let template = try MustacheTemplate("{{>loop}}")
        #expect(try template.render(.null, partials: ["loop": "x{{>loop}}"]) == String(repeating: "x", count: 1_000))
    }

    /// Sections nest at most 100 deep: parsing, flattening and rendering stay shallow whatever the template.
    @Test func sectionsNestAHundredDeep() throws {
        let hundred = String(repeating: "{{#a}}", count: 100) + "x" + String(repeating: "{{/a}}", count: 100)
        #expect(try MustacheTemplate(hundred).render(.object(MustacheDictionary(["a": .integer(1)]))) == "x")
        let deeper = String(repeating: "{{#a}}", count: 101) + "x" + String(repeating: "{{/a}}", count: 101)
        #expect(throws: MustacheTemplate.SyntaxError(line: 1, column: 601,
                                                     message: "`{{#a}}` nests sections more than 100 deep; move the inner part into a partial")) {
            try MustacheTemplate(deeper)
        }
    }

    @Test func partialIncludedTwiceInItselfHitsTheStepLimit() throws {
        // Without a limit this is 2^100 inclusions.
        let template = try MustacheTemplate("{{>twice}}")
        #expect(throws: MustacheTemplate.RenderError(message: "rendering ran more than 100000 template operations; a section nested in itself over a long list, or a partial that includes itself more than once, multiplies the work")) {
            try template.render(.null, partials: ["twice": "{{>twice}}{{>twice}}"], limits: .init(maximumSteps: 100_000))
        }
    }

    @Test func nestedSectionsOverALongListHitTheOutputLimit() throws {
        let items = MustacheValue.list(Array(repeating: .string("abcdefgh"), count: 100))
        let context = MustacheValue.object(MustacheDictionary(["items": items]))
        let template = try MustacheTemplate("{{#items}}{{#items}}{{#items}}{{.}}{{/items}}{{/items}}{{/items}}")
        // 100^3 × 8 bytes = 8 MB; a 1 MiB limit stops it, a larger one lets it through whole.
        #expect(throws: MustacheTemplate.RenderError(message: "the output grew past 1 MiB; a section nested in itself over a long list, or a partial that includes itself more than once, multiplies the output")) {
            try template.render(context, limits: .init(maximumOutputBytes: 1 << 20))
        }
        #expect(try template.render(context).utf8.count == 8_000_000)
    }
}
