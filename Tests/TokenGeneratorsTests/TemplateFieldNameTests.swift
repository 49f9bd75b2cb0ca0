import Foundation
import Testing
import SourceData
import SourceTree
import TokenModel
@testable import TokenGenerators

/// The field lists a user's templates are checked against: each listed field is one its context answers,
/// and docs/template-context.md names each one.
@Suite struct TemplateFieldNameTests {
    /// A color in a group, a system color and a number in a subgroup: every kind of context object.
    static let set: ResolvedTokenSet = {
        let at = SourceLocation(file: "fields.yaml", line: 1, column: 1)
        func token(_ path: String, _ type: TokenType, _ values: [ModeValue]) -> ResolvedToken {
            let written = Token(path: path, type: type, location: at, value: values[0].value)
            guard type == .number else { return ResolvedToken(token: written, type: type, values: values, aliasChain: []) }
            // A number's typed values, as the resolver reads them.
            return ResolvedToken(token: written, type: type, values: values, aliasChain: [], colors: [],
                                 typed: values.map { .number(NumberValue($0.value.number!, location: at)) })
        }
        return ResolvedTokenSet(tokens: [
            token("g.a", .color, [ModeValue("light", .string("#ffffff", at: at)), ModeValue("dark", .string("#000000", at: at))]),
            token("g.inner.n", .number, [ModeValue("light", Node(.scalar(.integer(2), text: "2"), at: at))]),
            token("g.system", .color, [ModeValue("light", .string("{system.systemBlue}", at: at))]),
        ], modes: ["light", "dark"])
    }()

    /// The first item of a list field: an object, or a row of a table.
    func first(_ value: MustacheValue?) -> MustacheValue? {
        switch value {
        case .list(let items)?: return items.first
        case .items(let items)?: return items.count > 0 ? items.item(0) : nil
        default: return nil
        }
    }

    func expectAnswers(_ value: MustacheValue?, _ names: Set<String>, _ what: String) {
        guard let value else {
            Issue.record("no \(what) to ask")
            return
        }
        for name in names.sorted() { #expect(value.member(name) != nil, "\(what) does not answer `\(name)`") }
        #expect(value.member("noSuchField") == nil)
    }

    @Test func everyListedFieldIsAnswered() {
        var builder = SwiftContextBuilder()
        let file = builder.build(Self.set, rootName: "Tokens")
        expectAnswers(.object(file), SwiftFileContext.fieldNames, "the Swift file")
        let group = first(file["groups"])
        expectAnswers(group, SwiftGroupContext.fieldNames, "a group")
        expectAnswers(first(group?.member("tokens")), SwiftTokenContext.fieldNames, "a token")
        expectAnswers(first(file["uiKitSystemColors"]), SystemColorContext.fieldNames, "a system color")
        let css = CSSContextBuilder(options: CSSOptions()).build(Self.set).context
        expectAnswers(.object(css), ["contextVersion", "source", "blocks"], "the CSS file")
        let block = first(css["blocks"])
        expectAnswers(block, CSSBlock.fieldNames, "a block")
        expectAnswers(first(block?.member("declarations")), CSSDeclaration.fieldNames, "a declaration")
    }

    @Test func docsNameEveryField() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let docs = try String(contentsOf: root.appendingPathComponent("docs/template-context.md"), encoding: .utf8)
        for name in CSSFileContext.allFieldNames.sorted() {
            #expect(docs.contains("`\(name)`") || docs.contains("{\(name),") || docs.contains(", \(name)}"),
                    "docs/template-context.md does not name `\(name)`")
        }
    }

    @Test func aUsersTemplateThatNothingReadsIsAWarningWithTheNearestBuiltInName() {
        let mine = ["swift/tokens.mustache": "x", "swift/extra.mustache": "y", "swift/shared.mustache": "z", "swift/token.mustache": "{{> extra}}"]
        let files = Dictionary(uniqueKeysWithValues: mine.keys.map { ($0, "Mine/" + $0) })
        let builtIn = Set(EmbeddedTemplates.files.keys.filter { $0.hasPrefix("swift/") })
        let warnings = MustacheTemplate.unusedFiles(files, templates: EmbeddedTemplates.files.merging(mine) { _, user in user },
                                                    builtIn: builtIn, partialFolder: "swift/", includedElsewhere: ["shared"])
        // `token` replaces a built-in one, `extra` is included by it, `shared` by another output's template.
        #expect(warnings.map { "\($0.location!.file):\($0.location!.line) \($0.message) | \($0.fix ?? "-")" } == [
            "Mine/swift/tokens.mustache:1 `swift/tokens.mustache` replaces no built-in template and no template includes it (`{{> tokens}}`) | did you mean `swift/token.mustache`?",
        ])
        let css = MustacheTemplate.unusedFiles(["css/colors.mustache": "Mine/css/colors.mustache"], templates: [:],
                                               builtIn: ["css/tokens.css.mustache"], partialFolder: nil)
        #expect(css.map { "\($0.message) | \($0.fix ?? "-")" } == [
            "`css/colors.mustache` replaces no built-in template | name it after a built-in template: css/tokens.css.mustache",
        ])
    }

    @Test func unknownNamesInAUsersTemplateAreWarnedOnceWithTheNearestField() {
        let template = "{{#tokens}}{{swiftname}}{{/tokens}}\n{{#groups}}{{typeName}}{{.}}{{swiftname}}{{/groups}}\n{{{nothing.here}}}{{! swiftnam }}"
        let warnings = MustacheTemplate.unknownNames(in: template, file: "t.mustache", known: SwiftFileContext.allFieldNames)
        #expect(warnings.map { "\($0.location!.line):\($0.location!.column) \($0.message) | \($0.fix ?? "-")" } == [
            "1:12 `swiftname` is not in the template context, so it renders as nothing | did you mean `swiftName`?",
            "3:1 `nothing` is not in the template context, so it renders as nothing | see docs/template-context.md for the fields",
        ])
        #expect(warnings.allSatisfy { $0.id == "template/unknown-name" && $0.severity == .warning })
    }
}
