import Foundation
import Testing
@testable import TokencKit
@testable import tokenc
import TokencFuzzing

/// `tokenc lsp`: recorded exchanges with the server, message by message (exact JSON replies), and one over the
/// real binary's standard input and output.
@Suite struct LanguageServerTests {
    /// A message from the editor as the protocol frames its body.
    static func message(_ json: String) -> [UInt8] { Array(json.utf8) }

    /// The replies as JSON texts.
    static func texts(_ replies: [JSONValue]) -> [String] { replies.map { String(decoding: $0.bytes, as: UTF8.self) } }

    static let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{},"rootUri":"ROOT"}}"#

    /// A server initialized on the folder `root`, with the editor's `initializationOptions` (a JSON object) if any.
    static func started(at root: String, options: String? = nil) -> LanguageServer {
        let server = LanguageServer(version: "test")
        let params = options.map { #","initializationOptions":\#($0)}"# } ?? "}"
        _ = server.handle(message(initialize.replacing("ROOT", with: "file://" + root).replacing(#""rootUri":"file://\#(root)"}"#, with: #""rootUri":"file://\#(root)""# + params)))
        return server
    }

    @Test func initializeShutdownAndExit() {
        let server = LanguageServer(version: "test")
        #expect(Self.texts(server.handle(Self.message(Self.initialize.replacing("ROOT", with: "file:///nowhere")))) == [
            #"{"id":1,"jsonrpc":"2.0","result":{"capabilities":{"codeActionProvider":{"codeActionKinds":["quickfix","source.fixAll.tokenc"]},"colorProvider":true,"completionProvider":{"triggerCharacters":["{","."]},"definitionProvider":true,"documentSymbolProvider":true,"hoverProvider":true,"positionEncoding":"utf-16","referencesProvider":true,"renameProvider":true,"textDocumentSync":{"change":2,"openClose":true,"save":true}},"serverInfo":{"name":"tokenc","version":"test"}}}"#,
        ])
        #expect(server.root == "/nowhere")
        #expect(Self.texts(server.handle(Self.message(#"{"jsonrpc":"2.0","id":"h","method":"textDocument/formatting","params":{}}"#))) == [
            #"{"error":{"code":-32601,"message":"tokenc's language server does not handle textDocument/formatting"},"id":"h","jsonrpc":"2.0"}"#,
        ])
        #expect(Self.texts(server.handle(Self.message("{not json"))) == [
            #"{"error":{"code":-32700,"message":"the message is not JSON"},"id":null,"jsonrpc":"2.0"}"#,
        ])
        #expect(server.handle(Self.message(#"{"jsonrpc":"2.0","method":"unknown/notification"}"#)).isEmpty)
        #expect(Self.texts(server.handle(Self.message(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#))) == [#"{"id":2,"jsonrpc":"2.0","result":null}"#])
        #expect(server.handle(Self.message(#"{"jsonrpc":"2.0","method":"exit"}"#)).isEmpty)
        #expect(server.exitStatus == 0)
        let abrupt = LanguageServer(version: "test")
        _ = abrupt.handle(Self.message(#"{"jsonrpc":"2.0","method":"exit"}"#))
        #expect(abrupt.exitStatus == 1)
    }

    @Test func unsavedTextIsCheckedAndAFixedFileIsCleared() throws {
        let sandbox = try Sandbox([
            "Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n  b: { $value: \"{c.a}\" }\n",
            "Tokens/d.yaml": "d:\n  $type: number\n  n: { $value: 1 }\n",
        ])
        defer { sandbox.remove() }
        let root = sandbox.root.path
        let uri = "file://" + root + "/Tokens/c.yaml"
        let server = Self.started(at: root)
        let text = try String(contentsOf: sandbox.root.appendingPathComponent("Tokens/c.yaml"), encoding: .utf8)
        let open = ["jsonrpc": "2.0", "method": "textDocument/didOpen",
                    "params": ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": text]]] as [String: Any]
        #expect(server.handle(Array(try JSONSerialization.data(withJSONObject: open))).isEmpty)
        #expect(server.needsCheck)
        #expect(Self.texts(server.check()) == [
            #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"diagnostics":[],"uri":"\#(uri)"}}"#,
        ])
        // An unsaved edit: `{c.a}` becomes `{c.nope}` (line 3, columns 15 to 22 in UTF-16).
        let edit = #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"range":{"start":{"line":3,"character":15},"end":{"line":3,"character":22}},"text":"\"{c.nope}\""}]}}"#
        _ = server.handle(Self.message(edit))
        #expect(Self.texts(server.check()) == [
            #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"diagnostics":[{"code":"alias/unresolved","message":"`{c.nope}` does not name a token\nfix: check the spelling of the path","range":{"end":{"character":25,"line":3},"start":{"character":15,"line":3}},"severity":1,"source":"tokenc"}],"uri":"\#(uri)"}}"#,
        ])
        // The file on disk is unchanged: the finding is the unsaved text's.
        #expect(try String(contentsOf: sandbox.root.appendingPathComponent("Tokens/c.yaml"), encoding: .utf8) == text)
        // Fixed: the file's list is published empty.
        let fix = #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":3},"contentChanges":[{"text":"\#(text.replacing("\n", with: "\\n").replacing("\"", with: "\\\""))"}]}}"#
        _ = server.handle(Self.message(fix))
        #expect(Self.texts(server.check()) == [
            #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"diagnostics":[],"uri":"\#(uri)"}}"#,
        ])
        // Nothing changed since: nothing is sent again.
        #expect(server.check().isEmpty)
    }

    @Test func aFindingInAnotherFileIsPublishedThereAndClearedWhenGone() throws {
        let sandbox = try Sandbox([
            "Tokens/a.yaml": "a:\n  $type: number\n  n: { $value: 1 }\n",
            "Tokens/b.yaml": "b:\n  $type: number\n  m: { $value: \"{a.n}\" }\n",
        ])
        defer { sandbox.remove() }
        let root = sandbox.root.path
        let server = Self.started(at: root)
        let a = "file://" + root + "/Tokens/a.yaml", b = "file://" + root + "/Tokens/b.yaml"
        _ = server.handle(Self.message(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(a)","version":1,"text":"a:\n  $type: number\n  x: { $value: 1 }\n"}}}"#))
        // Renaming `a.n` (unsaved) breaks the alias in b.yaml, which is not open.
        let stale = server.check()
        // A check the loop found stale is withdrawn: the next one sends the same findings again.
        server.withdraw(stale)
        let found = Self.texts(server.check())
        #expect(found == Self.texts(stale))
        #expect(found.count == 2)
        #expect(found[0] == #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"diagnostics":[],"uri":"\#(a)"}}"#)
        #expect(found[1].hasPrefix(#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"diagnostics":[{"code":"alias/unresolved","message":"`{a.n}` does not name a token"#))
        #expect(found[1].contains(#""range":{"end":{"character":22,"line":2},"start":{"character":15,"line":2}}"#))
        _ = server.handle(Self.message(#"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"\#(a)"}}}"#))
        // Closed: the file on disk counts again, and b.yaml's list is published empty.
        #expect(Self.texts(server.check()) == [
            #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"diagnostics":[],"uri":"\#(b)"}}"#,
        ])
    }

    @Test func hoverShowsWhatInspectSaysAndDefinitionFindsTheAliasTarget() throws {
        let sandbox = try Sandbox([
            "Tokens/a.yaml": "a:\n  $type: color\n  \"base 😀\": { $value: \"#0B5FC2\", $description: Brand blue, $extensions: { mode: { dark: \"#6CB4FF\" } } }\n",
            "Tokens/b.yaml": "b:\n  $type: color\n  link: { $value: \"{a.base 😀}\", $deprecated: Use a.base. }\n",
        ])
        defer { sandbox.remove() }
        let root = sandbox.root.path
        let server = Self.started(at: root)
        _ = server.check()
        let b = "file://" + root + "/Tokens/b.yaml"
        func ask(_ method: String, line: Int, character: Int) -> String {
            Self.texts(server.handle(Self.message(#"{"jsonrpc":"2.0","id":7,"method":"\#(method)","params":{"textDocument":{"uri":"\#(b)"},"position":{"line":\#(line),"character":\#(character)}}}"#)))[0]
        }
        // On the alias: the target's report (its OKLCH checked against Ottosson's OKLab matrices in Python:
        // #0b5fc2 → 0.5 0.171 257.086, #6cb4ff → 0.754 0.131 250.832); the range is the braces, the emoji two
        // UTF-16 units.
        #expect(ask("textDocument/hover", line: 2, character: 26) == #"{"id":7,"jsonrpc":"2.0","result":{"contents":{"kind":"markdown","value":"```text\na.base 😀  color  Tokens/a.yaml:3:3\n  Brand blue\n  light  #0b5fc2  oklch(0.5 0.171 257.086)\n  dark   #6cb4ff  oklch(0.754 0.131 250.832)\n```"},"range":{"end":{"character":30,"line":2},"start":{"character":19,"line":2}}}}"#)
        // On the token's own name: its report, with its deprecation and alias chain.
        let own = ask("textDocument/hover", line: 2, character: 3)
        #expect(own.contains(#"b.link  color  Tokens/b.yaml:3:3\n  deprecated: Use a.base.\n  alias: → a.base 😀\n"#), "\(own)")
        #expect(own.hasSuffix(#""range":{"end":{"character":6,"line":2},"start":{"character":2,"line":2}}}}"#), "\(own)")
        // Elsewhere: null.
        #expect(ask("textDocument/hover", line: 1, character: 4) == #"{"id":7,"jsonrpc":"2.0","result":null}"#)
        #expect(ask("textDocument/definition", line: 2, character: 20) == #"{"id":7,"jsonrpc":"2.0","result":{"range":{"end":{"character":11,"line":2},"start":{"character":2,"line":2}},"uri":"file://\#(root)/Tokens/a.yaml"}}"#)
    }

    @Test func referencesRenameSymbolsColorsAndCompletion() throws {
        let sandbox = try Sandbox([
            "Tokens/a.yaml": "a:\n  $type: color\n  base: { $value: \"#FF8000\", $extensions: { mode: { dark: \"#00000080\" } } }\n  other: { $value: \"#0000FF\" }\n",
            "Tokens/b.yaml": "b:\n  $type: color\n  link: { $value: \"{a.base}\", $deprecated: true }\n  \"two words\": { $value: \"{a.base}\" }\n",
        ])
        defer { sandbox.remove() }
        let root = sandbox.root.path
        let server = Self.started(at: root)
        let a = "file://" + root + "/Tokens/a.yaml", b = "file://" + root + "/Tokens/b.yaml"
        func ask(_ method: String, _ uri: String, _ extra: String = "") -> String {
            Self.texts(server.handle(Self.message(#"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":{"textDocument":{"uri":"\#(uri)"}\#(extra)}}"#))).last!
        }
        // The first question checks the set (nothing to publish: no document open, no finding).
        #expect(ask("textDocument/references", a, #","position":{"line":2,"character":3},"context":{"includeDeclaration":true}"#)
            == #"{"id":1,"jsonrpc":"2.0","result":[{"range":{"end":{"character":6,"line":2},"start":{"character":2,"line":2}},"uri":"\#(a)"},{"range":{"end":{"character":27,"line":2},"start":{"character":19,"line":2}},"uri":"\#(b)"},{"range":{"end":{"character":34,"line":3},"start":{"character":26,"line":3}},"uri":"\#(b)"}]}"#)
        #expect(ask("textDocument/rename", b, ##","position":{"line":2,"character":20},"newName":"brand""##)
            == #"{"id":1,"jsonrpc":"2.0","result":{"changes":{"\#(a)":[{"newText":"brand","range":{"end":{"character":6,"line":2},"start":{"character":2,"line":2}}}],"\#(b)":[{"newText":"{a.brand}","range":{"end":{"character":27,"line":2},"start":{"character":19,"line":2}}},{"newText":"{a.brand}","range":{"end":{"character":34,"line":3},"start":{"character":26,"line":3}}}]}}}"#)
        // A quoted key keeps its quotes; a name another token has is refused, as is one a path cannot hold.
        #expect(ask("textDocument/rename", b, ##","position":{"line":3,"character":4},"newName":"b.new \"one\"""##)
            == #"{"id":1,"jsonrpc":"2.0","result":{"changes":{"\#(b)":[{"newText":"new \\\"one\\\"","range":{"end":{"character":12,"line":3},"start":{"character":3,"line":3}}}]}}}"#)
        #expect(ask("textDocument/rename", a, ##","position":{"line":2,"character":3},"newName":"other""##)
            == #"{"error":{"code":-32803,"message":"`a.other` is already a token: renaming a.base to it would merge two tokens"},"id":1,"jsonrpc":"2.0"}"#)
        #expect(ask("textDocument/rename", a, ##","position":{"line":2,"character":3},"newName":"x.y""##)
            == #"{"error":{"code":-32803,"message":"`x.y` cannot name a token here: give the new last part of a.base (no `.`, `{`, `}` or leading `$`)"},"id":1,"jsonrpc":"2.0"}"#)
        #expect(ask("textDocument/documentSymbol", b)
            == #"{"id":1,"jsonrpc":"2.0","result":[{"containerName":"b","kind":14,"location":{"range":{"end":{"character":6,"line":2},"start":{"character":2,"line":2}},"uri":"\#(b)"},"name":"link","tags":[1]},{"containerName":"b","kind":14,"location":{"range":{"end":{"character":13,"line":3},"start":{"character":2,"line":3}},"uri":"\#(b)"},"name":"two words"}]}"#)
        // #FF8000 is (1, 128/255, 0); the dark #00000080 has alpha 128/255 = 0.501961.
        #expect(ask("textDocument/documentColor", a)
            == #"{"id":1,"jsonrpc":"2.0","result":[{"color":{"alpha":1,"blue":0,"green":0.501961,"red":1},"range":{"end":{"character":27,"line":2},"start":{"character":18,"line":2}}},{"color":{"alpha":0.501961,"blue":0,"green":0,"red":0},"range":{"end":{"character":69,"line":2},"start":{"character":58,"line":2}}},{"color":{"alpha":1,"blue":1,"green":0,"red":0},"range":{"end":{"character":28,"line":3},"start":{"character":19,"line":3}}}]}"#)
        #expect(ask("textDocument/colorPresentation", a, #","color":{"red":1,"green":0.5,"blue":0,"alpha":0.5},"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}}"#)
            == ##"{"id":1,"jsonrpc":"2.0","result":[{"label":"\"#ff800080\""}]}"##)
        // Inside `"{a.` on b.link's line: the tokens whose path starts so, not b.link itself.
        #expect(ask("textDocument/completion", b, #","position":{"line":2,"character":21}"#)
            == #"{"id":1,"jsonrpc":"2.0","result":{"isIncomplete":false,"items":[{"detail":"color","kind":16,"label":"a.base","sortText":"0a.base","textEdit":{"newText":"a.base","range":{"end":{"character":21,"line":2},"start":{"character":20,"line":2}}}},{"detail":"color","kind":16,"label":"a.other","sortText":"0a.other","textEdit":{"newText":"a.other","range":{"end":{"character":21,"line":2},"start":{"character":20,"line":2}}}}]}}"#)
    }

    /// A project whose tokenc.yml names the token folder and whose folder is read through a resolver document:
    /// an unsaved edit to a mode's file is checked through the document, and go to definition follows `$ref`s to a
    /// file, to a set of the document itself, and to a group of a file.
    @Test func aResolverDocumentInTheConfiguredFolderIsFollowed() throws {
        let resolver = """
            version: "2025.10"
            sets:
              base: { sources: [{ $ref: "palette.yaml" }] }
              themes:
                sources:
                  - $ref: "themes.yaml#/ocean"
            modifiers:
              appearance:
                contexts:
                  light: []
                  dark: [{ $ref: "dark.yaml" }]
            resolutionOrder:
              - $ref: "#/sets/base"
              - $ref: "#/modifiers/appearance"

            """
        let sandbox = try Sandbox([
            "tokenc.yml": "tokens: Design\n",
            "Design/theme.resolver.yaml": resolver,
            "Design/palette.yaml": "color:\n  $type: color\n  ink: { $value: \"#101010\" }\n  text: { $value: \"{color.ink}\" }\n",
            "Design/dark.yaml": "color:\n  ink: { $value: \"#F0F0F0\" }\n",
            "Design/themes.yaml": "sunset:\n  color: { $type: color, ink: { $value: \"#301000\" } }\nocean:\n  color: { $type: color, ink: { $value: \"#001030\" } }\n",
        ])
        defer { sandbox.remove() }
        let root = sandbox.root.path
        let server = Self.started(at: root)
        let design = "file://" + root + "/Design/"
        #expect(server.check().isEmpty)
        // The mode's file, edited unsaved, is read through the document: its broken alias is found there.
        _ = server.handle(Self.message(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(design)dark.yaml","version":1,"text":"color:\n  ink: { $value: \"{color.nope}\" }\n"}}}"#))
        let found = Self.texts(server.check())
        #expect(found.count == 1)
        #expect(found.first?.contains(#""code":"alias/unresolved","message":"`{color.nope}` does not name a token"#) == true, "\(found)")
        #expect(found.first?.contains(#""range":{"end":{"character":31,"line":1},"start":{"character":17,"line":1}}"#) == true, "\(found)")
        func definition(line: Int, after prefix: String) -> String {
            let text = resolver.split(separator: "\n", omittingEmptySubsequences: false)[line]
            let character = try! #require(text.range(of: prefix)).upperBound.utf16Offset(in: text)
            return Self.texts(server.handle(Self.message(#"{"jsonrpc":"2.0","id":2,"method":"textDocument/definition","params":{"textDocument":{"uri":"\#(design)theme.resolver.yaml"},"position":{"line":\#(line),"character":\#(character)}}}"#)))[0]
        }
        #expect(definition(line: 2, after: "$ref: \"pal") == #"{"id":2,"jsonrpc":"2.0","result":{"range":{"end":{"character":0,"line":0},"start":{"character":0,"line":0}},"uri":"\#(design)palette.yaml"}}"#)
        #expect(definition(line: 5, after: "themes.yaml#/oc") == #"{"id":2,"jsonrpc":"2.0","result":{"range":{"end":{"character":0,"line":2},"start":{"character":0,"line":2}},"uri":"\#(design)themes.yaml"}}"#)
        #expect(definition(line: 12, after: "#/sets/b") == #"{"id":2,"jsonrpc":"2.0","result":{"range":{"end":{"character":2,"line":2},"start":{"character":2,"line":2}},"uri":"\#(design)theme.resolver.yaml"}}"#)
        #expect(definition(line: 13, after: "#/modifiers/app") == #"{"id":2,"jsonrpc":"2.0","result":{"range":{"end":{"character":2,"line":7},"start":{"character":2,"line":7}},"uri":"\#(design)theme.resolver.yaml"}}"#)
        // Not on a `$ref`'s value: no definition.
        #expect(definition(line: 1, after: "se") == #"{"id":2,"jsonrpc":"2.0","result":null}"#)
        // References on a `$ref`: the target when asked for the declaration, then every `$ref` naming it.
        let references = Self.texts(server.handle(Self.message(#"{"jsonrpc":"2.0","id":4,"method":"textDocument/references","params":{"textDocument":{"uri":"\#(design)theme.resolver.yaml"},"position":{"line":12,"character":14},"context":{"includeDeclaration":true}}}"#)))
        #expect(references == [#"{"id":4,"jsonrpc":"2.0","result":[{"range":{"end":{"character":2,"line":2},"start":{"character":2,"line":2}},"uri":"\#(design)theme.resolver.yaml"},{"range":{"end":{"character":22,"line":12},"start":{"character":11,"line":12}},"uri":"\#(design)theme.resolver.yaml"}]}"#])
    }

    /// With `hoverSwatches`, a color's hover ends with one swatch image per appearance; a description holding
    /// backticks stays inside the report's fence.
    @Test func hoverSwatchesAreImagesAndTheReportStaysText() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#0B5FC2\", $description: \"```x\", $extensions: { mode: { dark: \"#6CB4FF\" } } }\n"])
        defer { sandbox.remove() }
        let root = sandbox.root.path
        let server = Self.started(at: root, options: #"{"hoverSwatches":true}"#)
        #expect(server.hoverSwatches)
        let reply = server.handle(Self.message(#"{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"textDocument":{"uri":"file://\#(root)/Tokens/c.yaml"},"position":{"line":2,"character":2}}}"#)).last!
        let swatch = { (hex: String) in "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20width='16'%20height='16'%3E%3Crect%20width='16'%20height='16'%20rx='3'%20fill='%23\(hex)'%20stroke='gray'/%3E%3C/svg%3E" }
        #expect(reply["result"]?["contents"]?["value"]?.string == """
            ````text
            c.a  color  Tokens/c.yaml:3:3
              ```x
              light  #0b5fc2  oklch(0.5 0.171 257.086)
              dark   #6cb4ff  oklch(0.754 0.131 250.832)
            ````

            ![light #0b5fc2](\(swatch("0b5fc2"))) light ![dark #6cb4ff](\(swatch("6cb4ff"))) dark
            """)
        #expect(LanguageServer.markdownEscaped("a](x) *b*") == #"a\]\(x\) \*b\*"#)
    }

    /// Each finding links to its rule: in the reference the server writes, once per version, into its rules folder,
    /// or at the address the editor gives (`rulesDocumentation`).
    @Test func findingsLinkToTheirRule() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  b: { $value: \"{c.x}\" }\n"])
        defer { sandbox.remove() }
        let root = sandbox.root.path
        let folder = root + "/cache/tokenc/9.9"
        let server = LanguageServer(version: "9.9", rulesFolder: folder)
        _ = server.handle(Self.message(Self.initialize.replacing("ROOT", with: "file://" + root)))
        #expect(server.rulesDocumentation == "file://\(folder)/rules.md")
        #expect(try String(contentsOfFile: folder + "/rules.md", encoding: .utf8) == RuleCatalog.markdown())
        #expect(Self.texts(server.check()).first?.contains(#""codeDescription":{"href":"file://\#(folder)/rules.md#aliasunresolved"}"#) == true)
        let told = Self.started(at: root, options: #"{"rulesDocumentation":"https://example.com/rules.md"}"#)
        #expect(Self.texts(told.check()).first?.contains(#""codeDescription":{"href":"https://example.com/rules.md#aliasunresolved"}"#) == true)
    }

    /// A JSON token file, as the editor has it unsaved: its broken alias found at the quoted string, `$type`
    /// completed inside the quotes, and a hover on an alias.
    @Test func jsonTokenFilesAreServedAsYAMLOnesAre() throws {
        let saved = "{\n  \"c\": {\n    \"$type\": \"color\",\n    \"a\": { \"$value\": \"#FFFFFF\" },\n    \"b\": { \"$value\": \"{c.a}\" }\n  }\n}\n"
        let sandbox = try Sandbox(["Tokens/c.json": saved])
        defer { sandbox.remove() }
        let root = sandbox.root.path
        let server = Self.started(at: root)
        let uri = "file://" + root + "/Tokens/c.json"
        let broken = saved.replacing("{c.a}", with: "{c.x}")
        let escaped = broken.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("\n", with: "\\n")
        _ = server.handle(Self.message(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"json","version":1,"text":"\#(escaped)"}}}"#))
        #expect(Self.texts(server.check()) == [
            #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"diagnostics":[{"code":"alias/unresolved","message":"`{c.x}` does not name a token\nfix: check the spelling of the path","range":{"end":{"character":28,"line":4},"start":{"character":21,"line":4}},"severity":1,"source":"tokenc"}],"uri":"\#(uri)"}}"#,
        ])
        let completion = server.handle(Self.message(#"{"jsonrpc":"2.0","id":2,"method":"textDocument/completion","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":2,"character":16}}}"#)).last!
        #expect(completion["result"]?["items"]?.array?.compactMap { $0["label"]?.string } == ["color"])
        _ = server.handle(Self.message(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"range":{"start":{"line":4,"character":25},"end":{"line":4,"character":26}},"text":"a"}]}}"#))
        let hover = server.handle(Self.message(#"{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":4,"character":24}}}"#))
        // The edit's check comes first (the file is clean again), then the hover on the target.
        #expect(Self.texts(Array(hover.prefix(1))) == [#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"diagnostics":[],"uri":"\#(uri)"}}"#])
        #expect(hover.last?["result"]?["contents"]?["value"]?.string == "```text\nc.a  color  Tokens/c.json:4:5\n  light  #ffffff  oklch(1 0 0)\n```")
    }

    /// Completion of what tokenc knows besides aliases: `$type` values, `$extensions.tokenc` keys and roles,
    /// platforms in a list, a symbol's weight and context, an icon's kind, a token's `$` keys, block and flow.
    @Test func completionOffersTypesFactsRolesWeightsAndKinds() throws {
        let text = """
            c:
              $type: color
              fg:
                $value: "#000000"
                $extensions:
                  tokenc:
                    role: label
                    platforms: [ios, macos]
            s:
              $type: symbol
              go: { $value: { name: house, weight: semibold, context: tab-bar } }
            i:
              $type: icon
              bar: { $value: { kind: navigation-bar } }

            """
        let sandbox = try Sandbox(["Tokens/c.yaml": text])
        defer { sandbox.remove() }
        let root = sandbox.root.path
        let server = Self.started(at: root)
        let uri = "file://" + root + "/Tokens/c.yaml"
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // The labels offered right after `prefix` on `line`, with the range the first one replaces.
        func offered(line: Int, after prefix: String) -> String {
            let character = try! #require(lines[line].range(of: prefix)).upperBound.utf16Offset(in: lines[line])
            let reply = server.handle(Self.message(#"{"jsonrpc":"2.0","id":1,"method":"textDocument/completion","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":\#(line),"character":\#(character)}}}"#)).last!
            let items = reply["result"]?["items"]?.array ?? []
            let range = items.first?["textEdit"]?["range"].map { "\($0["start"]?["character"]?.integer ?? -1)-\($0["end"]?["character"]?.integer ?? -1)" } ?? ""
            return items.compactMap { $0["label"]?.string }.joined(separator: " ") + " @" + range
        }
        #expect(offered(line: 1, after: "$type: ") == "color dimension fontFamily fontWeight duration cubicBezier number strokeStyle border transition shadow gradient typography symbol accent icon @9-9")
        #expect(offered(line: 1, after: "$type: co") == "color @9-11")
        #expect(offered(line: 6, after: "ro") == "role @8-10")
        #expect(offered(line: 6, after: "role: ") == "background elevated label fill separator interactive destructive success warning info focus @14-14")
        #expect(offered(line: 7, after: "[ios, ma") == "macos @25-27")
        #expect(offered(line: 7, after: "[i") == "ios ipados @20-21")
        #expect(offered(line: 4, after: "$ex") == "$extensions @4-7")
        #expect(offered(line: 5, after: "tok") == "tokenc @6-9")
        #expect(offered(line: 10, after: "weight: semi") == "semibold @39-43")
        #expect(offered(line: 10, after: "context: ") == "tab-bar toolbar navigation-bar sidebar list menu swipe-action inline @58-58")
        #expect(offered(line: 10, after: "{ $v") == "$value @8-10")
        #expect(offered(line: 13, after: "kind: na") == "navigation-bar @25-27")
        // Not where tokenc knows the values: a color's `$value`, an icon's own name.
        #expect(offered(line: 3, after: "$value: \"#00") == " @")
        #expect(offered(line: 13, after: "  ba") == " @")
        // Nor in a comment; a `#` inside quotes is not one.
        #expect(CompletionPlace.of("  # role: la", line: 1, in: LineTexts("")) == nil)
        #expect(CompletionPlace.of("  a: { $value: \"#1\", role: la", line: 1, in: LineTexts("")) == .value(key: "role", typed: "la"))
    }

    /// A keystroke's check runs the rules; the outputs' checks (name collisions) run at the start and on save.
    @Test func outputChecksRunOnSave() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "color:\n  $type: color\n  gray-100: { $value: \"#EEEEEE\" }\n"])
        defer { sandbox.remove() }
        let root = sandbox.root.path
        let uri = "file://" + root + "/Tokens/c.yaml"
        let server = Self.started(at: root)
        _ = server.handle(Self.message(##"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\##(uri)","version":1,"text":"color:\n  $type: color\n  gray-100: { $value: \"#EEEEEE\" }\n"}}}"##))
        #expect(Self.texts(server.check()) == [#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"diagnostics":[],"uri":"\#(uri)"}}"#])
        // `color.gray.100` is typed: both would be `--color-gray-100`, which only the CSS output's check finds.
        _ = server.handle(Self.message(##"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\##(uri)","version":2},"contentChanges":[{"range":{"start":{"line":3,"character":0},"end":{"line":3,"character":0}},"text":"  gray:\n    100: { $value: \"#DDDDDD\" }\n"}]}}"##))
        #expect(Self.texts(server.check()) == [#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"diagnostics":[],"uri":"\#(uri)"}}"#])
        _ = server.handle(Self.message(#"{"jsonrpc":"2.0","method":"textDocument/didSave","params":{"textDocument":{"uri":"\#(uri)"}}}"#))
        let saved = Self.texts(server.check())
        #expect(saved.count == 1)
        #expect(saved[0].contains(#""code":"css/name-collision""#), "\(saved)")
        // The next keystroke (a group named `a` with a plain value, a finding of its own) keeps the outputs' findings of that check.
        _ = server.handle(Self.message(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":3},"contentChanges":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"text":"a: 1\n"}]}}"#))
        #expect(Self.texts(server.check()).first?.contains(#""code":"css/name-collision""#) == true)
    }

    @Test func migrateEditsAreQuickFixes() throws {
        let sandbox = try Sandbox(["Tokens/s.yaml": "space:\n  $type: dimension\n  gap: { $value: \"16px\" }\n  pad: { $value: \"4px\" }\n"])
        defer { sandbox.remove() }
        let root = sandbox.root.path
        let server = Self.started(at: root)
        let uri = "file://" + root + "/Tokens/s.yaml"
        let request = #"{"jsonrpc":"2.0","id":3,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"\#(uri)"},"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":0}},"context":{"diagnostics":[{"range":{"start":{"line":2,"character":17},"end":{"line":2,"character":23}},"message":"m","code":"token/invalid-value"}]}}}"#
        #expect(Self.texts(server.handle(Self.message(request))) == [
            #"{"id":3,"jsonrpc":"2.0","result":[{"diagnostics":[{"code":"token/invalid-value","message":"m","range":{"end":{"character":23,"line":2},"start":{"character":17,"line":2}}}],"edit":{"changes":{"\#(uri)":[{"newText":"{ value: 16, unit: px }","range":{"end":{"character":23,"line":2},"start":{"character":17,"line":2}}}]}},"isPreferred":true,"kind":"quickfix","title":"tokenc: `16px` becomes a `{value, unit}` object"},{"edit":{"changes":{"\#(uri)":[{"newText":"{ value: 16, unit: px }","range":{"end":{"character":23,"line":2},"start":{"character":17,"line":2}}},{"newText":"{ value: 4, unit: px }","range":{"end":{"character":22,"line":3},"start":{"character":17,"line":3}}}]}},"kind":"source.fixAll.tokenc","title":"tokenc: every migrate fix in this file (2)"}]}"#,
        ])
    }

    /// The fuzzing harness (script/fuzz lsp) on hand-made sequences: every kind of step, positions past the end,
    /// bytes that are not UTF-8, lone carriage returns, a rename to nothing, a message without a method. (NUL bytes
    /// split steps, so the steps here hold none: 12 is an edit, 40 a position of 0.)
    @Test func theFuzzHarnessTakesEditSequences() {
        let steps: [[UInt8]] = [
            Array("c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n  b: { $value: \"{c.a}\" }\n".utf8),
            [12, 3, 20, 3, 20] + Array("{c.".utf8), [6, 3, 22], [2, 3, 17], [3, 3, 17], [4, 2, 3], [5, 2, 3, 40, 40],
            [12, 39, 39, 40, 40, 0xFF, 0xFE, 0x0D], [1, 40, 40, 40, 40] + Array("\r\r{{}}\u{1F600}".utf8), [7, 40, 40, 39, 39], [8], [9],
            [10] + Array("{\"id\":1,\"method\":7}".utf8), [11],
        ]
        let input: [UInt8] = steps.enumerated().flatMap { step -> [UInt8] in step.offset == 0 ? step.element : [0] + step.element }
        // Each reply as its id and whether it is a result or an error, or the file a notification publishes for.
        func summary(_ replies: [JSONValue]) -> [String] {
            replies.map { reply in
                if let uri = reply["params"]?["uri"]?.string { return "publish \(uri.split(separator: "/").last ?? "")" }
                return "\(reply["id"]?.integer ?? -1) " + (reply["error"] != nil ? "error" : "result")
            }
        }
        // A question after an edit is answered after the check it waited for; the rename to nothing is refused; the
        // message without a method gets no reply; the step's check and the harness's own find what was last sent,
        // so they send nothing.
        #expect(summary(FuzzTargets.languageServer(input)) == [
            "1 result", "publish c.yaml", "3 result", "4 result", "5 result", "6 result", "7 error", "10 result", "publish c.yaml",
            "11 result", "12 result",
        ])
        #expect(summary(FuzzTargets.languageServer([])) == ["1 result", "publish c.yaml"])
    }

    @Test func editsCountColumnsInUTF16() {
        var document = TextDocument(text: "a: \"😀x\"\nb: 1\r\nc: 2\n", version: 1)
        // 😀 is two UTF-16 units: column 6 is after it.
        document.apply("y", range: ((0, 6), (0, 7)), version: 2)
        #expect(document.text == "a: \"😀y\"\nb: 1\r\nc: 2\n")
        // `\r\n` ends one line; a column past a line's end is its end.
        document.apply("!", range: ((2, 40), (2, 40)), version: 3)
        #expect(document.text == "a: \"😀y\"\nb: 1\r\nc: 2!\n")
        #expect(LineTexts(document.text).utf16(line: 1, column: 7) == 7)
        #expect(LineTexts(document.text)[2] == "b: 1" && LineTexts(document.text).count == 4)
        #expect(document.version == 3)
    }

    @Test func framingTakesMessagesInPiecesAndRefusesABrokenHeader() {
        var framing = MessageFraming()
        let one = MessageFraming.framed(Array(#"{"a":1}"#.utf8)), two = MessageFraming.framed(Array(#"{"b":"ü"}"#.utf8))
        framing.append(one.prefix(10))
        #expect(framing.next() == .incomplete)
        framing.append(one.dropFirst(10) + two)
        #expect(framing.next() == .message(Array(#"{"a":1}"#.utf8)))
        #expect(framing.next() == .message(Array(#"{"b":"ü"}"#.utf8)))
        #expect(framing.next() == .incomplete)
        framing.append(Array("Content-Type: x\r\n\r\n".utf8))
        #expect(framing.next() == .malformed("a message without Content-Length"))
        var huge = MessageFraming()
        huge.append(Array("Content-Length: 99999999999\r\n\r\n".utf8))
        #expect(huge.next() == .malformed("Content-Length `99999999999` is not a length up to 67108864 bytes"))
    }

    @Test func documentURIsRoundTripPathsWithSpacesAndNonASCII() {
        #expect(DocumentURI.uri(of: "/a b/ü#.yaml") == "file:///a%20b/%C3%BC%23.yaml")
        #expect(DocumentURI.path(of: "file:///a%20b/%C3%BC%23.yaml") == "/a b/ü#.yaml")
        #expect(DocumentURI.path(of: "file://localhost/x") == "/x")
        #expect(DocumentURI.path(of: "file://elsewhere/x") == nil)
        #expect(DocumentURI.path(of: "untitled:1") == nil)
    }

    /// The real binary over standard input and output: the exchange an editor has.
    @Test func theBinaryServesOverStandardInputAndOutput() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n  b: { $value: \"{c.x}\" }\n"])
        defer { sandbox.remove() }
        let process = Process()
        process.executableURL = TokencProcess.binary
        process.arguments = ["lsp"]
        process.currentDirectoryURL = sandbox.root
        // The rules' reference goes into the sandbox, not the user's cache.
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": sandbox.root.path + "/cache"]) { $1 }
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        func send(_ json: String) { input.fileHandleForWriting.write(Data(MessageFraming.framed(Array(json.utf8)))) }
        var framing = MessageFraming()
        func receive() -> String? {
            while true {
                if case .message(let body) = framing.next() { return String(decoding: body, as: UTF8.self) }
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { return nil }
                framing.append(data)
            }
        }
        let root = sandbox.root.path
        send(Self.initialize.replacing("ROOT", with: "file://" + root))
        #expect(receive()?.hasPrefix(#"{"id":1,"jsonrpc":"2.0","result":{"capabilities""#) == true)
        send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        // No document is open: the check publishes the file with findings.
        let reference = "file://\(root)/cache/tokenc/\(Tokenc.version)/rules.md"
        #expect(receive() == #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"diagnostics":[{"code":"alias/unresolved","codeDescription":{"href":"\#(reference)#aliasunresolved"},"message":"`{c.x}` does not name a token\nfix: check the spelling of the path","range":{"end":{"character":22,"line":3},"start":{"character":15,"line":3}},"severity":1,"source":"tokenc"}],"uri":"file://\#(root)/Tokens/c.yaml"}}"#)
        send(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
        #expect(receive() == #"{"id":2,"jsonrpc":"2.0","result":null}"#)
        send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// Neovim's built-in LSP client (Debian's 0.7.2, headless) against the binary on the repository's Tokens/: a
    /// user breaks an alias in semantic.yaml and Neovim shows the finding at its range (the file's one note stays);
    /// putting it back clears it; a hover on the alias shows palette.gray.0's hex (#FFFFFF in palette.yaml), go to
    /// definition opens palette.yaml on its key; a quick fix applies (Tests/Editors/neovim.lua).
    @Test func neovimShowsAFindingAsItIsTypedAndClearsItWhenFixed() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/nvim") else {
            Issue.record("nvim is not installed: run script/test (it installs it) or `apt-get install neovim`")
            return
        }
        // The repository's own Tokens/, copied so the edits stay in the sandbox, and one file for the quick fix.
        let sandbox = try Sandbox(["Tokens/legacy.yaml": "legacy:\n  $type: dimension\n  gap: { $value: \"16px\" }\n"])
        defer { sandbox.remove() }
        let tokens = Golden.packageRoot.appendingPathComponent("Tokens")
        for name in try FileManager.default.contentsOfDirectory(atPath: tokens.path) {
            try FileManager.default.copyItem(at: tokens.appendingPathComponent(name), to: sandbox.root.appendingPathComponent("Tokens/" + name))
        }
        let out = sandbox.root.appendingPathComponent("neovim.txt")
        let script = Golden.packageRoot.appendingPathComponent("Tests/Editors/neovim.lua").path
        let run = try SwiftOutputTests.run("/usr/bin/env", ["TOKENC_BIN=" + TokencProcess.binary.path, "TOKENC_ROOT=" + sandbox.root.path,
                                                            "TOKENC_OUT=" + out.path, "XDG_CACHE_HOME=" + sandbox.root.appendingPathComponent("cache").path,
                                                            "nvim", "--headless", "-u", "NONE", "-c", "luafile " + script],
                                           in: sandbox.root)
        #expect(run.status == 0, "\(run.output)")
        #expect(try String(contentsOf: out, encoding: .utf8) == """
            initialized true
            before 1 1
            found true
            6:14-6:30 1 `{palette.nope}` does not name a token | fix: check the spelling of the path
            cleared true
            hover ```text
            hover palette.gray.0  color  Tokens/palette.yaml:20:5
            hover   light  #ffffff  oklch(1 0 0)
            hover ```
            definition palette.yaml 20:4
            legacy.yaml findings 1
            fix tokenc: `16px` becomes a `{value, unit}` object
            line   gap: { $value: { value: 16, unit: px } }
            fixed true

            """)
    }
}
