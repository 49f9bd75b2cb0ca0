import Foundation
import Testing
import TokenModel
@testable import TokenGenerators
@testable import TokencKit

/// The `ts` output checked by Node and the TypeScript compiler: every value agrees with the JSON and CSS outputs
/// (Tests/TypeScript/compare.mjs), a consumer file type-checks with `--strict`, and a wrong token name does not.
@Suite struct TypeScriptOutputTests {
    /// The token sets the module is compared on: the example, the plugin's consumer, every type, a clean set.
    static let sets = ["Tokens", "Examples/ThemeConsumer/Sources/ThemeKit/Tokens", "Tests/TypeScript/tokens", "Tests/Fixtures/clean-design-system"]

    /// The JSON, CSS and TypeScript outputs of the token folder `set` (relative to the package), written into a
    /// new sandbox.
    static func build(_ set: String) throws -> (sandbox: Sandbox, result: PipelineResult) {
        let generators: [any Generator] = [DTCGJSONGenerator(), CSSGenerator(), TypeScriptGenerator()]
        let result = try Pipeline(generators: generators).run(path: Golden.packageRoot.appendingPathComponent(set).path, render: true)
        let sandbox = try Sandbox(files: Dictionary(uniqueKeysWithValues: result.outputs.map { ($0.relativePath, $0.contents) }))
        return (sandbox, result)
    }

    /// Whether `tool` is on this machine, else a recorded issue saying how to get it.
    static func has(_ tool: String, package: String) -> Bool {
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/" + tool) { return true }
        Issue.record("\(tool) is not installed: run script/test (it installs it) or `apt-get install \(package)`")
        return false
    }

    static func tsc(_ files: [String], in folder: URL) throws -> (status: Int32, output: String) {
        try SwiftOutputTests.run("/usr/bin/tsc", ["--noEmit", "--strict", "--target", "es2020", "--module", "es2020",
                                                  "--moduleResolution", "node", "--pretty", "false"] + files, in: folder)
    }

    @Test(arguments: sets)
    func everyValueAgreesWithTheJSONAndTheStylesheet(_ set: String) throws {
        guard Self.has("node", package: "nodejs") else { return }
        let (sandbox, result) = try Self.build(set)
        defer { sandbox.remove() }
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics.map(\.message))")
        // The web outputs leave out tokenc's Apple-only types and icons without a size, as the stylesheet does.
        let written = result.tokens.tokens.filter { token in
            switch token.typedValue(in: Appearance.light) {
            case .symbol?, .accent?: false
            case .icon(let icon)?: icon.size != nil
            default: true
            }
        }
        let script = Golden.packageRoot.appendingPathComponent("Tests/TypeScript/compare.mjs").path
        let run = try SwiftOutputTests.run("/usr/bin/node", [script, sandbox.root.path], in: sandbox.root)
        #expect(run.status == 0)
        #expect(run.output == "\(written.count) tokens agree\n")
        #expect(written.count > 0)
    }

    @Test(arguments: sets)
    func theDeclarationsCompile(_ set: String) throws {
        guard Self.has("tsc", package: "node-typescript") else { return }
        let (sandbox, _) = try Self.build(set)
        defer { sandbox.remove() }
        let run = try Self.tsc(["ts/tokens.d.ts"], in: sandbox.root)
        #expect(run.status == 0, "\(run.output)")
    }

    @Test func aConsumerTypeChecksAndAWrongNameDoesNot() throws {
        guard Self.has("tsc", package: "node-typescript") else { return }
        let (sandbox, _) = try Self.build("Tokens")
        defer { sandbox.remove() }
        let consumer = try String(contentsOf: Golden.packageRoot.appendingPathComponent("Tests/TypeScript/consumer.ts"), encoding: .utf8)
        try consumer.write(to: sandbox.root.appendingPathComponent("ts/consumer.ts"), atomically: true, encoding: .utf8)
        let run = try Self.tsc(["consumer.ts"], in: sandbox.root.appendingPathComponent("ts"))
        #expect(run.status == 0, "\(run.output)")
        // Without the markers, each marked line is an error: the markers are what make the file compile.
        let unmarked = consumer.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("@ts-expect-error") }
        try unmarked.joined(separator: "\n").write(to: sandbox.root.appendingPathComponent("ts/unmarked.ts"), atomically: true, encoding: .utf8)
        let wrong = try Self.tsc(["unmarked.ts"], in: sandbox.root.appendingPathComponent("ts"))
        #expect(wrong.status == 2)
        let errors = wrong.output.split(separator: "\n").map { $0.replacing(#/ on type .*|of type '.*/#, with: "") }
        #expect(errors == [
            "unmarked.ts(13,25): error TS2551: Property 'color.acent' does not exist",
            "unmarked.ts(14,24): error TS2345: Argument ",
            "unmarked.ts(15,24): error TS2540: Cannot assign to 'light' because it is a read-only property.",
        ])
    }

    @Test func namesAndCommentsAreEscapedInBothFiles() throws {
        let source = """
        c:
          $type: color
          "quote\\"d\\\\":
            $value: "#336699"
            $description: "ends */ here\\u2028and\\nthere"
            $deprecated: "use {c.b} */"
          b: { $value: "#000000", $deprecated: true }

        """
        let result = Pipeline(generators: [TypeScriptGenerator()]).run(files: ["t.yaml"], sources: ["t.yaml": Array(source.utf8)], render: true)
        let module = try #require(result.outputs.first { $0.relativePath == "ts/tokens.js" })
        let declarations = try #require(result.outputs.first { $0.relativePath == "ts/tokens.d.ts" })
        let js = String(decoding: module.contents, as: UTF8.self), dts = String(decoding: declarations.contents, as: UTF8.self)
        #expect(js.contains("\n  \"c.quote\\\"d\\\\\": \"#336699\",\n"))
        #expect(js.contains("\n  \"c.quote\\\"d\\\\\": \"--c-quote-d\",\n"))
        #expect(dts.contains("""
          readonly "c.b": "#000000";
          /**
           * ends *\\/ here\\u{2028}and\\u{a}there
           * @deprecated use {c.b} *\\/
           */
          readonly "c.quote\\"d\\\\": "#336699";

        """))
        #expect(dts.contains("""
          /**
           * @deprecated
           */
          readonly "c.b"
        """))
    }

    @Test func tokencYmlSelectsTheOutputAndItNamesPropertiesAsTheStylesheetDoes() throws {
        let sandbox = try Sandbox([
            "Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\", $extensions: { mode: { dark: \"#000000\" } } }\n",
            "tokenc.yml": """
            outputs:
              - { generator: css, destination: web, options: { prefix: ds-, case: camel } }
              - { generator: ts, destination: web }

            """,
        ])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build"], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        let module = try String(contentsOf: sandbox.root.appendingPathComponent("web/ts/tokens.js"), encoding: .utf8)
        #expect(module.contains("\n  \"c.a\": { \"light\": \"#ffffff\", \"dark\": \"#000000\" },\n"))
        #expect(module.contains("\n  \"c.a\": \"--ds-cA\",\n"))
        let css = try String(contentsOf: sandbox.root.appendingPathComponent("web/css/tokens.css"), encoding: .utf8)
        #expect(css.contains("\n  --ds-cA: #ffffff;\n"))
        // --only picks it like any output.
        let only = try InProcess.run(["build", "--only", "ts"], in: sandbox.root)
        #expect(only.stderr == "built 1 token from 1 file into web/: 0 written, 2 unchanged\n")
    }

    @Test func aTemplateFolderReplacesTheModuleAndItsUnknownNamesAreLocated() throws {
        let sandbox = try Sandbox([
            "Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n",
            "Mine/ts/tokens.js.mustache": "{{#tokens}}export const {{name}} = {{{value}}}; // {{quotedname}}\n{{/tokens}}",
        ])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build", "--templates", "Mine", "--only", "ts"], in: sandbox.root)
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("""
            Mine/ts/tokens.js.mustache:1:52: warning: `quotedname` is not in the template context, so it renders as nothing [template/unknown-name]
            """))
        #expect(result.stderr.contains("  fix: did you mean `quotedName`?\n"))
        let module = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/ts/tokens.js"), encoding: .utf8)
        #expect(module == "export const c.a = \"#ffffff\"; // \n")
    }

    @Test func numbersAreJavaScriptLiterals() {
        #expect(WebValue.numberText(8) == "8")
        #expect(WebValue.numberText(-0.41) == "-0.41")
        #expect(WebValue.numberText(1e-7) == "1e-7")
        #expect(WebValue.numberText(2.5e-12) == "2.5e-12")
        #expect(WebValue.numberText(0.1) == "0.1")
    }
}
