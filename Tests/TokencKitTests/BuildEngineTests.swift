import Foundation
import Testing
@testable import TokencKit
import TokenModel
import Locks

/// The build engine in-process: what it writes, replays from the cache, plans under `check`, and refuses to write
/// when a token is wrong, with the lines `tokenc build` prints. Paths are absolute, so no test changes the
/// process's working folder.
@Suite struct BuildEngineTests {
    static let tokens = """
        color:
          $type: color
          accent: { $value: "#0a84ff", $extensions: { mode: { dark: "#409cff" } } }
        space:
          $type: dimension
          small: { $value: { value: 4, unit: px } }

        """

    /// Runs `request` and returns the outcome and everything it printed.
    static func build(_ request: BuildRequest) throws -> (BuildOutcome, String) {
        let printed = LockedValue("")
        let engine = BuildEngine(print: { text in printed.withLock { $0 += text } },
                                 printBytes: { bytes in printed.withLock { $0 += String(decoding: bytes, as: UTF8.self) } },
                                 printOutput: { text in printed.withLock { $0 += text } })
        let outcome = try engine.run(request, configuration: Configuration())
        return (outcome, printed.withLock { $0 })
    }

    /// A request for the sandbox's Tokens/ into its Generated/, Swift and CSS only.
    static func request(_ sandbox: Sandbox) -> BuildRequest {
        var request = BuildRequest()
        request.tokens = sandbox.root.appendingPathComponent("Tokens").path
        request.output = sandbox.root.appendingPathComponent("Generated").path
        request.only = ["swift", "css"]
        request.toolIdentity = "test"
        return request
    }

    @Test func aBuildWritesThenReplaysThenChecks() throws {
        let sandbox = try Sandbox(["Tokens/a.yaml": Self.tokens])
        defer { sandbox.remove() }
        let request = Self.request(sandbox)
        let output = request.output!
        let (first, printed) = try Self.build(request)
        #expect(first.status == 0)
        #expect(first.ending == .written(WriteSummary(written: ["\(output)/swift/Tokens.swift", "\(output)/css/tokens.css"])))
        #expect(printed == "built 2 tokens from 1 file into \(output)/: 2 written, 0 unchanged\n")
        #expect(sandbox.listing() == ["Generated/.tokenc-cache/.gitignore", "Generated/.tokenc-cache/state", "Generated/.tokenc-manifest",
                                      "Generated/css/tokens.css", "Generated/swift/Tokens.swift", "Tokens/a.yaml"])
        // Nothing changed: the cache answers with the last summary, and the pipeline does not run.
        let (second, replayed) = try Self.build(request)
        #expect(second.ending == .replayed && second.result == nil)
        #expect(replayed == "built 2 tokens from 1 file into \(output)/: 0 written, 2 unchanged\n")
        // `--verbose` changes no output, so it is the same build; another rule selection is not.
        var verbose = request
        verbose.verbose = true
        #expect(try Self.build(verbose).0.ending == .replayed)
        var structure = request
        structure.rules = .structure
        #expect(try Self.build(structure).0.ending == .written(WriteSummary(unchanged: ["\(output)/swift/Tokens.swift", "\(output)/css/tokens.css"])))
        // A changed token: `check` lists the file it would write and fails; nothing is written.
        try Data(Self.tokens.replacingOccurrences(of: "value: 4", with: "value: 6").utf8)
            .write(to: sandbox.root.appendingPathComponent("Tokens/a.yaml"))
        var check = request
        check.mode = .check
        let (planned, listed) = try Self.build(check)
        #expect(planned.status == 1)
        #expect(planned.ending == .planned(WriteSummary(written: ["\(output)/swift/Tokens.swift", "\(output)/css/tokens.css"])))
        #expect(listed == "out of date: \(output)/swift/Tokens.swift\nout of date: \(output)/css/tokens.css\n2 to write, 0 to remove, 0 up to date\n",
                "\(listed)")
        let css = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/css/tokens.css"), encoding: .utf8)
        #expect(css.contains("--space-small: 4px;"))
    }

    /// An image a token names is an input too: the build's own log of the files it read (no process-wide one)
    /// puts it in the cache's stamps, so a changed image is a new build, not a replay.
    @Test func aChangedImageIsNotReplayed() throws {
        let png = try Data(contentsOf: Golden.packageRoot.appendingPathComponent("Tokens/Assets/watch-1024.png"))
        let sandbox = try Sandbox(files: [
            "Tokens/icons.yaml": Array("icon:\n  $type: icon\n  watch: { $value: { kind: app-icon, platform: watchos, image: Assets/watch.png } }\n".utf8),
            "Tokens/Assets/watch.png": [UInt8](png),
        ])
        defer { sandbox.remove() }
        var request = Self.request(sandbox)
        request.only = ["xcassets"]
        let first = try Self.build(request).0
        #expect(first.status == 0)
        #expect(first.filesRead == [sandbox.root.appendingPathComponent("Tokens/Assets/watch.png").path])
        #expect(try Self.build(request).0.ending == .replayed)
        try (png + Data([0])).write(to: sandbox.root.appendingPathComponent("Tokens/Assets/watch.png"))
        #expect(try Self.build(request).0.ending != .replayed)
    }

    @Test func aBuildWithAnErrorWritesNothing() throws {
        let sandbox = try Sandbox(["Tokens/a.yaml": "color:\n  $type: color\n  accent: { $value: \"{color.missing}\" }\n"])
        defer { sandbox.remove() }
        let (outcome, printed) = try Self.build(Self.request(sandbox))
        #expect(outcome.status == 1 && outcome.ending == .failed)
        #expect(printed.hasSuffix("build failed: 1 error (1 token read, 1 rejected); nothing was written\n"), "\(printed)")
        #expect(printed.contains("Tokens/a.yaml:3:21: error: `{color.missing}` does not name a token [alias/unresolved]\n"), "\(printed)")
        #expect(sandbox.listing() == ["Tokens/a.yaml"])
    }

    /// A run given the loads of an earlier one reuses a file's load only while its bytes are the same: what it finds
    /// is what a run from nothing finds, the edit in the changed file included.
    @Test func reusedLoadsFindWhatAFreshRunFinds() {
        let files = ["/t/a.yaml", "/t/b.yaml"]
        var sources: [String: [UInt8]] = [
            "/t/a.yaml": Array("color:\n  $type: color\n  base: { $value: \"#0a84ff\" }\n".utf8),
            "/t/b.yaml": Array("alias:\n  $type: color\n  link: { $value: \"{color.base}\" }\n".utf8),
        ]
        func findings(_ result: PipelineResult) -> [String] { result.diagnostics.map { "\($0.location?.description ?? "") \($0.id)" } }
        var pipeline = Pipeline(generators: [])
        pipeline.reusableLoads = FileLoads()
        let first = pipeline.run(files: files, sources: sources, render: false)
        #expect(findings(first) == [])
        // a.yaml renames the token b.yaml names; b.yaml's load is reused.
        sources["/t/a.yaml"] = Array("color:\n  $type: color\n  other: { $value: \"#0a84ff\" }\n".utf8)
        pipeline.reusableLoads = first.loads
        let second = pipeline.run(files: files, sources: sources, render: false)
        pipeline.reusableLoads = nil
        let fresh = pipeline.run(files: files, sources: sources, render: false)
        #expect(findings(second) == ["/t/b.yaml:3:19 alias/unresolved"])
        #expect(findings(second) == findings(fresh))
        #expect(second.tokens.tokens.map(\.path) == fresh.tokens.tokens.map(\.path))
        #expect(fresh.loads == nil)
    }

    /// The render-and-check stage starts the Swift output first, then the rules' context, then the other outputs
    /// by cost (same cost: their own order), then the rules; every job exactly once, results in the jobs' order.
    @Test func theLongestJobStartsFirst() {
        // Jobs: 0 the context, 1-5 the built-in outputs (json, swift, css, ts, xcassets), 6-8 three rules.
        let costs = Pipeline.generators().map(\.relativeCost)
        #expect(Pipeline.generators().map(\.id) == ["json", "swift", "css", "ts", "xcassets"])
        let schedule = Pipeline.longestFirst(jobCount: 9, contextJob: 0, generatorJobs: 1..<6, costs: costs)
        #expect(schedule == [2, 0, 1, 3, 4, 5, 6, 7, 8])
        // Without the rules (no context job), and with the rules but no outputs (`tokenc validate`'s checks aside).
        #expect(Pipeline.longestFirst(jobCount: 5, contextJob: nil, generatorJobs: 0..<5, costs: costs) == [1, 0, 2, 3, 4])
        #expect(Pipeline.longestFirst(jobCount: 4, contextJob: 0, generatorJobs: 1..<1, costs: costs) == [0, 1, 2, 3])
        let results = schedule.map { JobResult(files: [], diagnostics: [], fileCount: $0) }
        #expect(Pipeline.inJobOrder(schedule, results).map(\.fileCount) == Array(0..<9))
    }
}
