import Foundation
import Testing

/// Reports are read on other people's screens (a diff posted on a pull request, annotations in CI): a hostile token
/// name, value or description adds no element, table cell, mention, issue link or forged diagnostic line.
@Suite struct ReportInjectionTests {
    static let base = """
        g:
          $description: "plain"
          $type: color
          "a`|<img src=x onerror=alert(1)>@octocat #123": { $value: "#ffffff" }
          bg: { $value: "#ffffff" }

        """
    static let head = """
        g:
          $description: "line one @octocat #42 https://evil.example/x www.evil.example\\n| --- | <script>alert(1)</script>"
          $type: color
          "a`|<img src=x onerror=alert(1)>@octocat #123": { $value: "#fefefe" }
          "new``one|@team #7 <b>": { $value: "#777777", $extensions: { tokenc: { text: true, on: ["{g.bg}"] } } }
          bg: { $value: "#ffffff" }

        """

    /// The Markdown diff rendered by cmark-gfm (GitHub's renderer, raw HTML allowed as `--unsafe`): exactly the tables
    /// and rows the diff has, each name whole in its code span, no HTML from the tokens, and no `@name`, `#123` or
    /// address outside code spans.
    @Test func theMarkdownDiffRendersAsExactlyItsTablesAndText() throws {
        let sandbox = try Sandbox(["Base/c.yaml": Self.base, "Head/c.yaml": Self.head])
        defer { sandbox.remove() }
        let diff = try TokencProcess.run(["diff", "Base", "Head", "--format", "markdown", "--output", "out.md"], in: sandbox.root)
        #expect(diff.status == 0, "\(diff.stderr)")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/cmark-gfm") else {
            Issue.record("cmark-gfm is not installed: run script/test (it installs it) or `apt-get install cmark-gfm`")
            return
        }
        let rendered = try SwiftOutputTests.run("/usr/bin/cmark-gfm", ["--unsafe", "-e", "table", "-e", "autolink", "out.md"], in: sandbox.root)
        #expect(rendered.status == 0)
        let html = rendered.output
        #expect(html.components(separatedBy: "<table>").count - 1 == 5)
        #expect(html.components(separatedBy: "<tr>").count - 1 == 12)
        #expect(html.components(separatedBy: "<td>").count - 1 == 5 + 5 + 3 + 4 + 4 * 3)
        for element in ["<img", "<script", "<b>", "<a ", "<a>"] { #expect(!html.contains(element), "\(element)") }
        #expect(html.contains("<td><code>g.a`|&lt;img src=x onerror=alert(1)&gt;@octocat #123</code></td>"))
        #expect(html.contains("<td><code>g.new``one|@team #7 &lt;b&gt;</code> on <code>g.bg</code></td>"))
        #expect(html.contains("<td>line one @\u{200B}octocat #\u{200B}42 https:\u{200B}//evil.example/x www\u{200B}.evil.example<br>| --- | "
            + "&lt;script&gt;alert(1)&lt;/script&gt;</td>"))
        let outsideCode = html.replacingOccurrences(of: "<code>[^<]*</code>", with: "", options: .regularExpression)
        for pattern in ["@[A-Za-z0-9]", "#[0-9]", "https?://", "www\\."] {
            #expect(outsideCode.range(of: pattern, options: .regularExpression) == nil, "\(pattern)")
        }
    }

    /// A name holding a line break cannot forge a `file:line: error:` line in the text or Xcode report.
    @Test func aNameCannotForgeADiagnosticLine() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": """
            c:
              $type: color
              "x\\nTokens/c.yaml:9:9: error: forged [y]": { $value: "#777777", $extensions: { tokenc: { text: true } } }

            """])
        defer { sandbox.remove() }
        for format in ["text", "xcode"] {
            let validate = try InProcess.run(["validate", "--format", format], in: sandbox.root)
            #expect(validate.status == 1)
            let report = validate.stdout + validate.stderr
            #expect(!report.split(separator: "\n").contains { $0.hasPrefix("Tokens/c.yaml:9:9") }, "\(report)")
            #expect(report.contains("Tokens/c.yaml:3:3: error: the name `x\\u{a}Tokens/c.yaml:9:9: error: forged [y]` contains `.`, which token names must not [token/invalid-name]\n"), "\(report)")
        }
    }

    /// NUL and other control characters from the tokens are written as `\u{…}` in the preview page, never as bytes.
    @Test func controlCharactersNeverReachThePreviewAsBytes() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  \"a\\u0000\\u001b[31m\": { $value: \"#777777\", $description: \"d\\u0000e\\u0007\" }\n"])
        defer { sandbox.remove() }
        let preview = try InProcess.run(["preview"], in: sandbox.root)
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(!preview.stdout.utf8.contains { $0 < 0x20 && $0 != 0x0a && $0 != 0x09 }, "a control byte reached the page")
        #expect(preview.stdout.contains("c.a\\u{0}\\u{1b}[31m"))
        #expect(preview.stdout.contains("d\\u{0}e\\u{7}"))
    }
}

/// `tokenc diff` cannot be fooled about its base: a name that is both a folder and a git revision is an error
/// unless the command says which, and a revision from before the token folder existed lists every token as added.
@Suite struct DiffBaseTests {
    static func git(_ arguments: [String], in sandbox: Sandbox) throws {
        let result = try SwiftOutputTests.run("/usr/bin/env", ["git", "-c", "user.email=t@example.com", "-c", "user.name=t"] + arguments, in: sandbox.root)
        #expect(result.status == 0, "\(arguments): \(result.output)")
    }

    @Test func aNameThatIsBothAFolderAndARevisionMustBeSaid() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: number\n  a: { $value: 1 }\n  b: { $value: 2 }\n"])
        defer { sandbox.remove() }
        try Self.git(["init", "-q", "-b", "main"], in: sandbox)
        try Self.git(["add", "Tokens"], in: sandbox)
        try Self.git(["commit", "-qm", "base"], in: sandbox)
        // The pull request removes `c.b` (breaking) and adds a folder named like the base branch, holding its own tokens.
        try Data("c:\n  $type: number\n  a: { $value: 1 }\n".utf8).write(to: sandbox.root.appendingPathComponent("Tokens/c.yaml"))
        try FileManager.default.createDirectory(at: sandbox.root.appendingPathComponent("main"), withIntermediateDirectories: true)
        try Data("c:\n  $type: number\n  a: { $value: 1 }\n".utf8).write(to: sandbox.root.appendingPathComponent("main/c.yaml"))
        let ambiguous = try TokencProcess.run(["diff", "main", "--fail-on", "breaking"], in: sandbox.root)
        #expect(ambiguous.status == 2)
        #expect(ambiguous.stderr == "tokenc: error: `main` is both a folder here and a git revision: say which you mean with --base-folder or "
            + "--base-revision (--head-folder or --head-revision for the head)\n")
        let revision = try TokencProcess.run(["diff", "main", "--base-revision", "--fail-on", "breaking"], in: sandbox.root)
        #expect(revision.status == 1)
        #expect(revision.stderr == "tokenc: 1 breaking change\n")
        let folder = try TokencProcess.run(["diff", "main", "--base-folder", "--fail-on", "breaking"], in: sandbox.root)
        #expect(folder.status == 0, "\(folder.stderr)")
    }

    @Test func aRevisionWithoutTheTokenFolderListsEveryTokenAsAdded() throws {
        let sandbox = try Sandbox(["README.md": "x\n"])
        defer { sandbox.remove() }
        try Self.git(["init", "-q", "-b", "main"], in: sandbox)
        try Self.git(["add", "README.md"], in: sandbox)
        try Self.git(["commit", "-qm", "before tokens"], in: sandbox)
        try FileManager.default.createDirectory(at: sandbox.root.appendingPathComponent("Tokens"), withIntermediateDirectories: true)
        try Data("c:\n  $type: number\n  a: { $value: 1 }\n".utf8).write(to: sandbox.root.appendingPathComponent("Tokens/c.yaml"))
        let diff = try TokencProcess.run(["diff", "main", "--format", "json"], in: sandbox.root)
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stderr == "tokenc: note: `main` has no token files under Tokens: every token counts as added\n")
        #expect(diff.stdout.contains("\"summary\": {\n    \"changed\": 0,\n    \"added\": 1,\n"), "\(diff.stdout)")
        #expect(diff.stdout.contains("\"added\": [\n    {\n      \"path\": \"c.a\",\n"), "\(diff.stdout)")
    }
}
