import Foundation
import Testing

/// The GitHub Action's steps (script/action, which action.yml runs) against the tokenc under test, in a sandbox
/// that stands in for a runner: its files for GITHUB_PATH and the job summary, a bundle downloaded from a
/// `file://` URL, and a recording stand-in for GitHub's issue-comment API (Tests/Action/fake-github.py).
@Suite struct ActionTests {
    static let script = Golden.packageRoot.appendingPathComponent("script/action").path

    /// Runs the action's `step` in the sandbox with the runner's variables, `environment` and tokenc on the path.
    static func step(_ step: String, in sandbox: Sandbox, _ environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let runner = sandbox.root.appendingPathComponent("runner")
        try FileManager.default.createDirectory(at: runner, withIntermediateDirectories: true)
        var variables = ["RUNNER_TEMP": runner.path, "GITHUB_PATH": runner.appendingPathComponent("path").path,
                         "GITHUB_STEP_SUMMARY": runner.appendingPathComponent("summary.md").path,
                         "PATH": TokencProcess.binary.deletingLastPathComponent().path + ":/usr/local/bin:/usr/bin:/bin", "NO_COLOR": "1"]
        variables.merge(environment) { _, given in given }
        return try SwiftOutputTests.run("/usr/bin/env", ["-i"] + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            + ["bash", script, step], in: sandbox.root)
    }

    /// A bundle of the tokenc under test, laid out as script/release lays it out, zipped; and its SHA-256.
    static func bundle(in sandbox: Sandbox) throws -> (url: String, checksum: String) {
        let folder = sandbox.root.appendingPathComponent("release/tokenc.artifactbundle")
        let bin = folder.appendingPathComponent("tokenc-test-linux/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TokencProcess.binary, to: bin.appendingPathComponent("tokenc"))
        let info = """
            {"schemaVersion": "1.0", "artifacts": {"tokenc": {"version": "test", "type": "executable", "variants": [
              {"path": "tokenc-test-linux/bin/tokenc", "supportedTriples": ["x86_64-unknown-linux-gnu", "aarch64-unknown-linux-gnu"]}]}}}
            """
        try Data(info.utf8).write(to: folder.appendingPathComponent("info.json"))
        let release = sandbox.root.appendingPathComponent("release")
        #expect(try SwiftOutputTests.run("/usr/bin/env", ["zip", "-q", "-r", "tokenc.artifactbundle.zip", "tokenc.artifactbundle"], in: release).status == 0)
        let sum = try SwiftOutputTests.run("/usr/bin/env", ["sha256sum", "tokenc.artifactbundle.zip"], in: release)
        return ("file://" + release.appendingPathComponent("tokenc.artifactbundle.zip").path, String(sum.output.prefix(64)))
    }

    @Test func installAddsTheBundledBinaryToThePathOnlyWhenItsChecksumMatches() throws {
        let sandbox = try Sandbox([:])
        defer { sandbox.remove() }
        let (url, checksum) = try Self.bundle(in: sandbox)
        let wrong = String(repeating: "0", count: 64)
        let refused = try Self.step("install", in: sandbox, ["TOKENC_BUNDLE_URL": url, "TOKENC_BUNDLE_SHA256": wrong])
        #expect(refused.status == 1)
        #expect(refused.output == "::error::the downloaded bundle's SHA-256 is \(checksum), not the checksum input: refusing to run it\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("runner/path").path))
        let malformed = try Self.step("install", in: sandbox, ["TOKENC_BUNDLE_URL": url, "TOKENC_BUNDLE_SHA256": "$(touch x)"])
        #expect(malformed.output == "::error::the checksum input must be the bundle's SHA-256, 64 hex digits (script/release writes it)\n")
        let installed = try Self.step("install", in: sandbox, ["TOKENC_BUNDLE_URL": url, "TOKENC_BUNDLE_SHA256": checksum])
        #expect(installed.status == 0, "\(installed.output)")
        #expect(installed.output == "tokenc 0.1.0 from the bundle\n")
        let path = try String(contentsOf: sandbox.root.appendingPathComponent("runner/path"), encoding: .utf8)
        #expect(path == sandbox.root.appendingPathComponent("runner/tokenc-bundle/tokenc.artifactbundle/tokenc-test-linux/bin").path + "\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("x").path))
    }

    @Test func validateAnnotatesAndCheckFailsOnStaleOutputs() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n  b: { $value: \"{c.x}\" }\n"])
        defer { sandbox.remove() }
        let validate = try Self.step("validate", in: sandbox)
        #expect(validate.status == 1)
        #expect(validate.output.hasPrefix("::error file=Tokens/c.yaml,line=4,col=16,"), "\(validate.output)")
        try Data("c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n".utf8).write(to: sandbox.root.appendingPathComponent("Tokens/c.yaml"))
        #expect(try Self.step("validate", in: sandbox, ["TOKENC_TOKENS": "Tokens"]).status == 0)
        let stale = try Self.step("check", in: sandbox)
        #expect(stale.status == 1)
        #expect(stale.output.contains("out of date: Generated/css/tokens.css\n"))
        #expect(try TokencProcess.run(["build"], in: sandbox.root).status == 0)
        #expect(try Self.step("check", in: sandbox).status == 0)
    }

    @Test func commentIsWrittenOnceThenEditedAndFailOnFails() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: number\n  a: { $value: 1 }\n  b: { $value: 2 }\n",
                                   "comments.json": "[{\"id\": 7, \"body\": \"Looks good\"}]"])
        defer { sandbox.remove() }
        for arguments in [["init", "-q", "-b", "main"], ["add", "Tokens"], ["commit", "-qm", "base"]] { try DiffBaseTests.git(arguments, in: sandbox) }
        try Data("c:\n  $type: number\n  a: { $value: 3 }\n".utf8).write(to: sandbox.root.appendingPathComponent("Tokens/c.yaml"))
        // The stand-in for GitHub, on a port of its own.
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let portFile = sandbox.root.appendingPathComponent("port"), log = sandbox.root.appendingPathComponent("requests.log")
        server.arguments = ["python3", Golden.packageRoot.appendingPathComponent("Tests/Action/fake-github.py").path, portFile.path,
                            sandbox.root.appendingPathComponent("comments.json").path, log.path]
        // Its own output goes nowhere: a pipe it inherited would keep the test runner waiting for it to close.
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            // SIGKILL: the test process blocks SIGTERM in its threads for tokenc's signal handling, and a child
            // inherits the blocked set.
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        var port = ""
        for _ in 0..<200 where port.isEmpty {
            usleep(25_000)
            port = (try? String(contentsOf: portFile, encoding: .utf8)) ?? ""
        }
        let github = ["TOKENC_BASE": "main", "TOKENC_PULL_REQUEST": "12", "GITHUB_TOKEN": "secret", "GITHUB_REPOSITORY": "org/app",
                      "GITHUB_API_URL": "http://127.0.0.1:\(port)"]
        let first = try Self.step("comment", in: sandbox, github)
        #expect(first.status == 0, "\(first.output)")
        #expect(first.output == "commented on the pull request\n")
        let second = try Self.step("comment", in: sandbox, github.merging(["TOKENC_FAIL_ON": "breaking"]) { $1 })
        #expect(second.status == 1)
        #expect(second.output == "updated the pull request's comment 1000\ntokenc: 1 breaking change\n")
        let requests = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(requests.map { "\($0["method"]!) \($0["path"]!)" } == [
            "GET /repos/org/app/issues/12/comments?per_page=100&page=1", "POST /repos/org/app/issues/12/comments",
            "GET /repos/org/app/issues/12/comments?per_page=100&page=1", "PATCH /repos/org/app/issues/comments/1000",
        ])
        #expect(requests.allSatisfy { $0["authorization"] as? String == "Bearer secret" })
        let body = try #require((requests[1]["body"] as? [String: Any])?["body"] as? String)
        let report = try TokencProcess.run(["diff", "main", "--format", "markdown"], in: sandbox.root).stdout
        #expect(body == "<!-- tokenc design review -->\n" + report)
        #expect(try String(contentsOf: sandbox.root.appendingPathComponent("runner/summary.md"), encoding: .utf8) == report + report)
    }
}
