import Foundation
import Testing
import TokenGenerators
import TokencKit
import TokenColor

/// Runs the real `tokenc` binary: the one built next to the test bundle, or `TOKENC_BINARY` (script/test points
/// it at the release binary, so the end-to-end tests check what users install).
struct TokencProcess {
    static let binary: URL = {
        if let chosen = ProcessInfo.processInfo.environment["TOKENC_BINARY"], !chosen.isEmpty {
            return URL(fileURLWithPath: chosen)
        }
        let testBundle = URL(fileURLWithPath: CommandLine.arguments[0])
        var folder = testBundle.deletingLastPathComponent()
        if folder.lastPathComponent == "MacOS" || folder.lastPathComponent == "Contents" {
            folder = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        }
        return folder.appendingPathComponent("tokenc")
    }()

    /// How much slower than a debug build the binary may be: 6 under the address sanitizer (script/test sets TOKENC_SANITIZER).
    static let slowdown: Double = ProcessInfo.processInfo.environment["TOKENC_SANITIZER"] == nil ? 1 : 6

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var seconds: Double
        /// The signal the process ended by, if it did not exit.
        var endedBy: Int32? = nil
    }

    /// Runs tokenc with `arguments` in `directory`, with colors off and `extraEnvironment` set; with `signalling`,
    /// sends that signal that many seconds after the start; with `signallingOnceStaged`, sends it as soon as one of
    /// tokenc's temporary files (`.NAME.tokenc-tmp-…`) appears anywhere under `directory`.
    static func run(_ arguments: [String], in directory: URL, extraEnvironment: [String: String] = [:],
                    signalling: (signal: Int32, after: Double)? = nil, signallingOnceStaged: Int32? = nil) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.merge(extraEnvironment) { _, extra in extra }
        process.environment = environment
        // Files, not pipes: a chatty child can never block on a full pipe.
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("tokenc-out-\(UUID().uuidString)")
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("tokenc-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        let start = Date()
        try process.run()
        if let signalling {
            Thread.sleep(forTimeInterval: signalling.after)
            kill(process.processIdentifier, signalling.signal)
        }
        if let signallingOnceStaged {
            while process.isRunning && !holdsTemporaryFile(directory) { usleep(50) }
            if process.isRunning { kill(process.processIdentifier, signallingOnceStaged) }
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        let outData = try Data(contentsOf: outURL), errData = try Data(contentsOf: errURL)
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self), seconds: Date().timeIntervalSince(start),
                      endedBy: process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil)
    }

    /// Whether a file of tokenc's staging, `.NAME.tokenc-tmp-…`, is anywhere under `directory`.
    static func holdsTemporaryFile(_ directory: URL) -> Bool {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return false }
        while let name = enumerator.nextObject() as? String {
            if name.contains(".tokenc-tmp-") { return true }
        }
        return false
    }

    /// Runs tokenc with `arguments` again and again: SIGTERM sent at `spread` moments over a run of `seconds`, then,
    /// up to `staged` times while no run has said it was stopped while writing, as soon as its first temporary file
    /// appears (timed moments alone miss a write of a few milliseconds when the sanitizers and a shared machine
    /// make run lengths jitter by more than that). `prepare` runs before each run, `check` after it with its step;
    /// returns how many runs were stopped while writing.
    static func signalledRuns(_ arguments: [String], in directory: URL, seconds: Double, spread: Int = 8, staged: Int = 12,
                              prepare: () throws -> Void, check: (Result, Int) throws -> Void) throws -> Int {
        var stopped = 0
        for step in 0..<(spread + staged) where step < spread || stopped == 0 {
            try prepare()
            let result = step < spread
                ? try run(arguments, in: directory, signalling: (SIGTERM, seconds * Double(step) / Double(spread - 1)))
                : try run(arguments, in: directory, signallingOnceStaged: SIGTERM)
            try check(result, step)
            if result.stderr.contains("tokenc: error: interrupted (SIGTERM): no output was changed") { stopped += 1 }
        }
        return stopped
    }
}

/// A fresh temporary folder with token files written into `Tokens/`.
struct Sandbox {
    let root: URL

    init(files: [String: [UInt8]]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tokenc-test-\(UUID().uuidString)")
        for (name, bytes) in files {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
    }

    init(_ files: [String: String]) throws {
        try self.init(files: files.mapValues { Array($0.utf8) })
    }

    /// Every file under the sandbox, relative to it, sorted.
    func listing() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var names: [String] = []
        while let name = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isDirectory)
            if exists && !isDirectory.boolValue { names.append(name) }
        }
        return names.sorted()
    }

    /// Every file's text and every folder (as `"<folder>"`), by path: what a build that must change nothing compares.
    func contents() throws -> [String: String] {
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var entries: [String: String] = [:]
        while let name = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isDirectory)
            entries[name] = isDirectory.boolValue ? "<folder>" : try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
        }
        return entries
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

/// A hostile or broken input, the exact first diagnostic line it must produce, and the exit status.
struct HostileCase: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var fileName = "bad.yaml"
    var firstLine: String
    var status: Int32 = 1

    var testDescription: String { name }

    static let all: [HostileCase] = {
        var bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1..<60 { bomb += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n" }
        let deep = "a: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n"
        let bigScalar = "a:\n  $type: fontFamily\n  $value: \"" + String(repeating: "x", count: 30_000_000) + "\"\n"
        func cycle(_ length: Int) -> String {
            "c:\n  $type: color\n" + (0..<length).map { "  t\($0): { $value: \"{c.t\(($0 + 1) % length)}\" }\n" }.joined()
        }
        func members(_ length: Int) -> String {
            (0..<length).map { "`c.t\($0)` → " }.joined() + "`c.t0`"
        }
        let cycles = [1, 2, 10, 1000].map { length in
            HostileCase(name: "alias cycle of \(length)", bytes: Array(cycle(length).utf8),
                        firstLine: "Tokens/bad.yaml:3:17: error: these aliases point at each other in a circle: \(members(length)) [alias/cycle]")
        }
        let sticker = "s:\n  $type: icon\n  $extensions: { tokenc: { platforms: [ios] } }\n  a: { $value: { kind: sticker, size-class: regular, image: IMAGE, description: x } }\n"
        return cycles + [
            HostileCase(name: "alias cycle of 1,002 (past the chain limit)", bytes: Array(cycle(1002).utf8),
                        firstLine: "Tokens/bad.yaml:3:3: error: `c.t0` starts a chain of more than 1000 aliases (it reaches `c.t1001`) [alias/chain-too-long]"),
            HostileCase(name: "image path climbing out of the project",
                        bytes: Array(sticker.replacingOccurrences(of: "IMAGE", with: "../../../../etc/passwd").utf8),
                        firstLine: "Tokens/bad.yaml:4:61: error: cannot read `../../../../etc/passwd`: image paths are relative to the token file and stay inside the project [icon/sticker-file]"),
            HostileCase(name: "absolute image path", bytes: Array(sticker.replacingOccurrences(of: "IMAGE", with: "/etc/hostname").utf8),
                        firstLine: "Tokens/bad.yaml:4:61: error: cannot read `/etc/hostname`: image paths are relative to the token file and stay inside the project [icon/sticker-file]"),
            HostileCase(name: "names with path separators that meet in one Swift name",
                        bytes: Array("c:\n  $type: color\n  \"../a\": { $value: \"#fff\" }\n".utf8),
                        firstLine: "Tokens/bad.yaml:3:3: error: the name `../a` contains `.`, which token names must not [token/invalid-name]"),
            HostileCase(name: "slash and space in names meeting in one CSS property and one Swift name",
                        bytes: Array("c:\n  $type: color\n  \"a/b\": { $value: \"#fff\" }\n  \"a b\": { $value: \"#000\" }\n".utf8),
                        firstLine: "Tokens/bad.yaml:3:3: error: `c.a/b` and `c.a b` both become the CSS custom property `--c-a-b` [css/name-collision]"),
            HostileCase(name: "a group's $root token and a token named root",
                        bytes: Array("c:\n  $type: color\n  $root: { $value: \"#fff\" }\n  root: { $value: \"#000\" }\n".utf8),
                        firstLine: "Tokens/bad.yaml:4:3: error: `c.root` and `c.$root` both become the CSS custom property `--c-root` [css/name-collision]"),
            HostileCase(name: "alias bomb", bytes: Array(bomb.utf8),
                        firstLine: "Tokens/bad.yaml:6:45: error: aliases expand this document to more than 1000000 nodes (an alias bomb?) [yaml/alias-budget]"),
            HostileCase(name: "10,000-deep nesting", bytes: Array(deep.utf8),
                        firstLine: "Tokens/bad.yaml:1:131: error: mappings and lists nest more than 128 levels deep here [yaml/too-deep]"),
            HostileCase(name: "30 MB scalar", bytes: Array(bigScalar.utf8),
                        firstLine: "Tokens/bad.yaml:3:11: error: this scalar is 30000000 bytes; a token file's scalars may be at most 1048576 bytes [yaml/scalar-too-large]"),
            HostileCase(name: "invalid UTF-8", bytes: Array("a:\n  $type: number\n  $value: \"".utf8) + [0xC3, 0x28] + Array("\"\n".utf8),
                        firstLine: "Tokens/bad.yaml:3:12: error: invalid trailing UTF-8 octet [yaml/syntax]"),
            HostileCase(name: "NUL byte", bytes: Array("a:\n  $type: number\n  $value: 1\u{0}\n".utf8),
                        firstLine: "Tokens/bad.yaml:3:12: error: control characters are not allowed [yaml/syntax]"),
            HostileCase(name: "duplicate keys", bytes: Array("a:\n  $type: number\n  $value: 1\n  $value: 2\n".utf8),
                        firstLine: "Tokens/bad.yaml:4:3: error: the key `$value` appears twice in this mapping [token/duplicate]"),
            HostileCase(name: "tab indentation", bytes: Array("a:\n\t$type: number\n".utf8),
                        firstLine: "Tokens/bad.yaml:2:1: error: found character that cannot start any token while scanning for the next token [yaml/syntax]"),
            HostileCase(name: "unterminated quote", bytes: Array("a:\n  $type: color\n  $value: \"#fff\n".utf8),
                        firstLine: "Tokens/bad.yaml:3:11: error: this quoted string is never closed [yaml/syntax]"),
            HostileCase(name: "unquoted hex color", bytes: Array("a:\n  $type: color\n  $value: #0A84FF\n".utf8),
                        firstLine: "Tokens/bad.yaml:3:11: error: `#0A84FF` starts a YAML comment here, so this value is empty [yaml/unquoted-color]"),
            HostileCase(name: "unquoted alias",
                        bytes: Array("a:\n  $type: color\n  $value: \"#fff\"\nb:\n  $value: {a}\n".utf8),
                        firstLine: "Tokens/bad.yaml:5:11: error: `{a}` is read as a YAML mapping, not as an alias [yaml/unquoted-alias]"),
            HostileCase(name: "numbers that are not finite", bytes: Array("n:\n  $type: number\n  big: { $value: 1e400 }\n  nan: { $value: .nan }\n".utf8),
                        firstLine: "Tokens/bad.yaml:3:18: error: `n.big` is not a valid number: `1e400` is not a finite number [token/invalid-value]"),
            HostileCase(name: "unquoted hex inside a flow mapping, BOM and CRLF",
                        bytes: [0xEF, 0xBB, 0xBF] + Array("c:\r\n  $type: color\r\n  a: { $value: \"#fff\" }\r\n  b: { $value: #000 }\r\n".utf8),
                        firstLine: "Tokens/bad.yaml:5:1: error: did not find expected node content while parsing a flow node [yaml/syntax]"),
            HostileCase(name: "JSON surrogate pair with a real error after it",
                        bytes: Array("{\"a\": {\"$type\": \"fontFamily\", \"$value\": \"\\ud83d\\ude00\", \"$description\": 1}}\n".utf8),
                        fileName: "bad.json",
                        firstLine: "Tokens/bad.json:1:73: error: `$description` must be a string, not a number [token/invalid-property]"),
        ]
    }()
}

@Suite struct CommandLineTests {
    @Test(arguments: HostileCase.all)
    func hostileInputGivesALocatedErrorQuicklyAndWritesNothing(_ hostile: HostileCase) throws {
        let sandbox = try Sandbox(files: ["Tokens/\(hostile.fileName)": hostile.bytes])
        defer { sandbox.remove() }
        let before = sandbox.listing()
        let result = try InProcess.run(["build", "Tokens", "--output", "Out"], in: sandbox.root)
        #expect(result.status == hostile.status)
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == hostile.firstLine)
        #expect(result.stderr.hasSuffix("nothing was written\n"))
        if hostile.name.hasPrefix("unquoted hex inside") {
            #expect(result.stderr.contains("fix: `#000` starts a YAML comment, which hides the rest of its line; quote the color: \"#000\""))
        }
        #expect(result.seconds < 10 * TokencProcess.slowdown, "took \(result.seconds) s; the bar is 2 s in a release build")
        #expect(sandbox.listing() == before)
    }

    @Test func tokensAtTheRootSitInTheRootTypeBesideGroups() throws {
        let sandbox = try Sandbox([
            "Tokens/t.yaml": "a:\n  $type: color\n  $value: \"#ffffff\"\nb:\n  $type: color\n  $value: \"{a}\"\ng:\n  c: { $type: number, $value: 1 }\nz: { $type: number, $value: 2 }\n",
        ])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build", "Tokens", "--output", "Out", "--only", "swift"], in: sandbox.root)
        #expect(result.status == 0)
        let swift = try String(contentsOf: sandbox.root.appendingPathComponent("Out/swift/Tokens.swift"), encoding: .utf8)
        let members = swift.split(separator: "\n").drop { !$0.hasPrefix("public enum Tokens {") }
            .filter { $0.contains("public static let") || $0.contains("public enum") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(members == [
            // `b` aliases `a` with no appearance of its own: it is `a`'s constant.
            "public enum Tokens {", "public static let a = ThemeColor(", "public static let b = Tokens.a",
            "public static let z: Double = 2", "public enum G {", "public static let c: Double = 1",
        ])
    }

    /// Groups whose names start alike (`b`, `b2`, `bc`; `a`, `ab`), an empty name and a non-ASCII one each
    /// nest under their own group in the DTCG file.
    @Test func nestedJSONKeepsGroupsWhoseNamesStartAlikeApart() throws {
        let sandbox = try Sandbox([
            "Tokens/t.json": """
            {"a": {"$type": "number", "b": {"c": {"$value": 1}, "d": {"$value": 2}}, "bc": {"d": {"$value": 3}}, "b2": {"$value": 4}},
             "ab": {"$type": "number", "$value": 5},
             "z": {"$type": "number", "": {"$value": 6}, "y": {"x": {"$value": 7}}},
             "é": {"$type": "number", "f": {"$value": 8}}}
            """,
        ])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build", "Tokens", "--output", "Out", "--only", "json"], in: sandbox.root)
        #expect(result.status == 0)
        let json = try String(contentsOf: sandbox.root.appendingPathComponent("Out/json/tokens.json"), encoding: .utf8)
        func token(_ value: Int, _ indent: String) -> String {
            "{\n\(indent)  \"$type\": \"number\",\n\(indent)  \"$value\": \(value)\n\(indent)}"
        }
        let expected = """
            {
              "a": {
                "b": {
                  "c": \(token(1, "      ")),
                  "d": \(token(2, "      "))
                },
                "b2": \(token(4, "    ")),
                "bc": {
                  "d": \(token(3, "      "))
                }
              },
              "ab": \(token(5, "  ")),
              "z": {
                "": \(token(6, "    ")),
                "y": {
                  "x": \(token(7, "      "))
                }
              },
              "é": {
                "f": \(token(8, "    "))
              }
            }

            """
        #expect(json == expected)
    }

    @Test func cleanBuildWritesOnlyIntoTheOutputFolderAndIsIdempotent() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n  b: { $value: \"{c.a}\" }\n"])
        defer { sandbox.remove() }
        let first = try InProcess.run(["build", "Tokens", "--output", "Out"], in: sandbox.root)
        #expect(first.status == 0)
        #expect(first.stderr == "built 2 tokens from 1 file into Out/: 9 written, 0 unchanged\n")
        #expect(sandbox.listing() == [
            "Out/.tokenc-cache/.gitignore", "Out/.tokenc-cache/state", "Out/.tokenc-manifest", "Out/css/tokens.css", "Out/json/tokens.flat.json", "Out/json/tokens.json", "Out/swift/Tokens.swift", "Out/ts/tokens.d.ts", "Out/ts/tokens.js",
            "Out/xcassets/Tokens.xcassets/CA.colorset/Contents.json", "Out/xcassets/Tokens.xcassets/CB.colorset/Contents.json",
            "Out/xcassets/Tokens.xcassets/Contents.json", "Tokens/c.yaml",
        ])
        let second = try InProcess.run(["build", "Tokens", "--output", "Out"], in: sandbox.root)
        #expect(second.stderr == "built 2 tokens from 1 file into Out/: 0 written, 9 unchanged\n")
    }

    /// `--only` builds and cleans up its own outputs and leaves the others' files, on disk and in the manifest:
    /// `--only css` after a full build once removed the Swift, JSON and asset-catalog files as stale.
    @Test func onlyLeavesTheOtherOutputsFilesAlone() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n  b: { $value: \"#000000\" }\n"])
        defer { sandbox.remove() }
        #expect(try InProcess.run(["build", "--output", "Out"], in: sandbox.root).status == 0)
        let all = sandbox.listing()
        let manifest = sandbox.root.appendingPathComponent("Out/.tokenc-manifest")
        // A line per file: the output, the file's size and content hash, its path.
        let lines = try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(lines.map { "\($0[0])\t\($0[3])" } == [
            "css\tcss/tokens.css", "json\tjson/tokens.flat.json", "json\tjson/tokens.json", "swift\tswift/Tokens.swift", "ts\tts/tokens.d.ts", "ts\tts/tokens.js",
            "xcassets\txcassets/Tokens.xcassets/CA.colorset/Contents.json", "xcassets\txcassets/Tokens.xcassets/CB.colorset/Contents.json",
            "xcassets\txcassets/Tokens.xcassets/Contents.json",
        ])
        for line in lines {
            let size = try FileManager.default.attributesOfItem(atPath: sandbox.root.appendingPathComponent("Out/" + line[3]).path)[.size] as? Int
            #expect(Int(line[1]) == size)
            #expect(line[2].count == 16 && line[2].allSatisfy(\.isHexDigit))
        }
        let css = try InProcess.run(["build", "--output", "Out", "--only", "css"], in: sandbox.root)
        #expect(css.stderr == "built 2 tokens from 1 file into Out/: 0 written, 1 unchanged\n")
        #expect(sandbox.listing() == all)
        // A color token removed: --only xcassets removes its color set (its own stale file) and nothing else.
        try Data("c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n".utf8).write(to: sandbox.root.appendingPathComponent("Tokens/c.yaml"))
        let check = try InProcess.run(["build", "--output", "Out", "--only", "xcassets", "--check"], in: sandbox.root)
        #expect(check.status == 1)
        #expect(check.stderr.hasSuffix("stale: Out/xcassets/Tokens.xcassets/CB.colorset/Contents.json\n0 to write, 1 to remove, 2 up to date\n"),
                "\(check.stderr)")
        let xcassets = try InProcess.run(["build", "--output", "Out", "--only", "xcassets"], in: sandbox.root)
        #expect(xcassets.stderr == "built 1 token from 1 file into Out/: 0 written, 2 unchanged, 1 removed\n")
        #expect(sandbox.listing() == all.filter { !$0.contains("CB.colorset") })
        // A manifest from before outputs were named (paths alone): with --only nothing in it is anyone's to remove.
        try Data("css/tokens.css\nswift/Tokens.swift\n".utf8).write(to: manifest)
        #expect(try InProcess.run(["build", "--output", "Out", "--only", "css"], in: sandbox.root).status == 0)
        #expect(FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("Out/swift/Tokens.swift").path))
        let rewritten = try String(contentsOf: manifest, encoding: .utf8)
        #expect(rewritten.hasPrefix("css\t") && rewritten.hasSuffix("\tcss/tokens.css\nswift/Tokens.swift\n"), "\(rewritten)")
    }

    @Test func failedBuildLeavesPreviousOutputsUntouched() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n"])
        defer { sandbox.remove() }
        #expect(try InProcess.run(["build"], in: sandbox.root).status == 0)
        let output = sandbox.root.appendingPathComponent("Generated/json/tokens.json")
        let before = try Data(contentsOf: output)
        try Data("c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n  b: { $value: \"{c.z}\" }\n".utf8)
            .write(to: sandbox.root.appendingPathComponent("Tokens/c.yaml"))
        let failed = try InProcess.run(["build"], in: sandbox.root)
        #expect(failed.status == 1)
        #expect(failed.stderr.hasPrefix("Tokens/c.yaml:4:16: error: `{c.z}` does not name a token [alias/unresolved]\n"))
        #expect(try Data(contentsOf: output) == before)
    }

    @Test func structureWarningsTakeALevelAndStructureErrorsStayErrors() throws {
        let sandbox = try Sandbox(["Tokens/a.yaml": "old: { $type: number, $value: 1, $deprecated: \"x\" }\nx: { $value: \"{old}\" }\n"])
        defer { sandbox.remove() }
        /// `validate` with `rules:` set to this one rule and level (none for nil).
        func validate(_ rule: String?) throws -> TokencProcess.Result {
            try (rule.map { "rules:\n  \($0)\n" } ?? "").write(to: sandbox.root.appendingPathComponent("tokenc.yml"), atomically: true, encoding: .utf8)
            return try InProcess.run(["validate"], in: sandbox.root)
        }
        let plain = try validate(nil)
        #expect(plain.status == 0)
        #expect(plain.stderr.hasSuffix("1 file, 2 tokens: 1 warning\n"))
        let off = try validate("token/deprecated-use: off")
        #expect(off.status == 0)
        #expect(off.stderr == "1 file, 2 tokens: no problems\n")
        let raised = try validate("token/deprecated-use: error")
        #expect(raised.status == 1)
        #expect(raised.stderr.contains("error: `x` uses `old`, which is deprecated: x [token/deprecated-use]"))
        let lowered = try validate("alias/cycle: warning")
        #expect(lowered.status == 2)
        #expect(lowered.stderr.contains("tokenc.yml:2:16: error: `alias/cycle` is a structure error and stays one: the token it names cannot be built [config/invalid]"))
    }

    @Test func exitCodesFollowTheDesign() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n"])
        defer { sandbox.remove() }
        #expect(try TokencProcess.run(["validate"], in: sandbox.root).status == 0)
        let missing = try TokencProcess.run(["validate", "Nowhere"], in: sandbox.root)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("tokenc: error: no such file or folder: Nowhere"))
        let badOption = try TokencProcess.run(["validate", "--rules", "everything"], in: sandbox.root)
        #expect(badOption.status == 2)
        #expect(badOption.stderr.contains("--rules"))
        #expect(try TokencProcess.run(["frobnicate"], in: sandbox.root).status == 2)
        // A misspelt output would select nothing and write nothing.
        let badOutput = try TokencProcess.run(["build", "--only", "swft,css"], in: sandbox.root)
        #expect(badOutput.status == 2)
        #expect(badOutput.stderr == "tokenc: error: `swft` is not an output; did you mean `swift`? --only takes css, custom, json, swift, ts, xcassets (comma-separated)\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("Generated").path))
        // An empty --output (`-o "$UNSET"`) would write into the working folder: refused, for each command that has one.
        for command in [["build"], ["preview"], ["diff", "Tokens", "Tokens"]] {
            let empty = try TokencProcess.run(command + ["-o", ""], in: sandbox.root)
            #expect(empty.status == 2)
            #expect(empty.stderr.hasPrefix("Error: --output is empty; give it a \(command == ["build"] ? "folder" : "file"), or leave it out\n"))
        }
        #expect(sandbox.listing().allSatisfy { $0.hasPrefix("Tokens/") }, "\(sandbox.listing())")
        let emptyPath = try TokencProcess.run(["validate", ""], in: sandbox.root)
        #expect(emptyPath.status == 2)
        #expect(emptyPath.stderr == "tokenc: error: the token path is empty (give a folder of token files, or leave it out for Tokens/)\n")
        let emptyTemplates = try TokencProcess.run(["build", "--templates", ""], in: sandbox.root)
        #expect(emptyTemplates.status == 2)
        #expect(emptyTemplates.stderr.hasPrefix("tokenc: error: --templates is empty (give a folder of templates, or leave it out)"), "\(emptyTemplates.stderr)")
        #expect(try TokencProcess.run(["--help"], in: sandbox.root).status == 0)
        #expect(try TokencProcess.run(["--version"], in: sandbox.root).stdout == "0.1.0\n")
    }

    /// `tokenc build` is parsed as a command of its own (`Tokenc.parseCommand`); its help and its usage errors are
    /// still those of `build` under `tokenc`.
    @Test func buildParsedAloneKeepsTheRootsHelpAndErrors() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n"])
        defer { sandbox.remove() }
        let help = try TokencProcess.run(["build", "--help"], in: sandbox.root)
        #expect(help.status == 0)
        #expect(help.stdout == (try TokencProcess.run(["help", "build"], in: sandbox.root)).stdout)
        #expect(help.stdout.contains("USAGE: tokenc build [<options>] [<path>]\n"), "\(help.stdout)")
        let mistake = try TokencProcess.run(["build", "--no-such-option"], in: sandbox.root)
        #expect(mistake.status == 2)
        #expect(mistake.stderr == "Error: Unknown option '--no-such-option'\nUsage: tokenc build [<options>] [<path>]\n"
            + "  See 'tokenc build --help' for more information.\n")
        #expect(sandbox.listing() == ["Tokens/c.yaml"])
        let built = try TokencProcess.run(["build", "--only", "json"], in: sandbox.root)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(sandbox.listing().contains("Generated/json/tokens.json"), "\(sandbox.listing())")
    }

    /// A word where the command goes gets the command it probably meant: another tool's word for it, a typo of
    /// one, or a folder someone meant to build. ArgumentParser alone said only "Unexpected argument".
    @Test func aWordInTheCommandsPlaceSuggestsACommand() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n"])
        defer { sandbox.remove() }
        let commands = "build, validate, inspect, diff, preview, rules, explain, init, migrate, lsp"
        let cases = [
            ("check", "`check` is not a command; did you mean `validate`? The commands are \(commands)"),
            ("chek", "`chek` is not a command; did you mean `validate`? The commands are \(commands)"),
            ("Build", "`Build` is not a command; did you mean `build`? The commands are \(commands)"),
            ("generate", "`generate` is not a command; did you mean `build`? The commands are \(commands)"),
            ("Tokens", "`Tokens` is not a command; to build it, run `tokenc build Tokens` (or `tokenc validate Tokens` to check it only)"),
            ("frobnicate", "`frobnicate` is not a command; the commands are \(commands) (`tokenc --help` says what each does)"),
            ("version", "`version` is not a command; `tokenc --version` prints the version"),
        ]
        for (word, message) in cases {
            let result = try TokencProcess.run([word], in: sandbox.root)
            #expect(result.status == 2, "\(word)")
            #expect(result.stderr == "tokenc: error: \(message)\n")
        }
        #expect(try TokencProcess.run(["help", "build"], in: sandbox.root).stdout.hasPrefix("OVERVIEW: Check the tokens and write every output."))
        #expect(try InProcess.run(["validate"], in: sandbox.root).status == 0)
    }

    /// Every command's help reads as written in an 80-column terminal: paragraphs are wrapped by the parser (one
    /// logical line each in the source), and an example with its note fits a line, so none breaks mid-sentence
    /// at the left margin. (ArgumentParser's own usage line may be longer; it is its layout.)
    @Test func helpFitsEightyColumns() throws {
        let sandbox = try Sandbox(["README.md": "A folder to run in.\n"])
        defer { sandbox.remove() }
        for command in ["", "build", "validate", "inspect", "diff", "preview", "rules", "explain", "init", "lsp"] {
            let help = try TokencProcess.run(command.isEmpty ? ["--help"] : ["help", command], in: sandbox.root,
                                             extraEnvironment: ["COLUMNS": "80"])
            #expect(help.status == 0)
            let text = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            let usage = try #require(text.firstIndex { $0.hasPrefix("USAGE:") }, "\(help.stdout)")
            for line in text[...usage] {
                #expect(line.count <= 80, "tokenc \(command) --help: \(line)")
            }
            // A usage line written by hand (validate, diff) names the same arguments as the ARGUMENTS list.
            if let arguments = text.firstIndex(of: "ARGUMENTS:") {
                let listed = text[(arguments + 1)...].prefix { !$0.isEmpty }.compactMap { line in
                    line.hasPrefix("  <") ? line.split(separator: " ").first.map(String.init) : nil
                }
                // Words in angle brackets, but not an option's value (`--format <format>`).
                let words = text[usage].split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) }
                let named = zip([""] + words, words).filter { before, word in
                    word.hasPrefix("<") && !before.hasPrefix("-") && word != "<options>" && word != "<subcommand>"
                }.map(\.1)
                #expect(named == listed, "tokenc \(command) --help: \(text[usage])")
            }
            // A paragraph's continuation starts in lower case only when the parser wrapped it mid-sentence at a
            // hard line break of ours: then the line before it ends well short of the width.
            for (above, line) in zip(text[..<usage], text[..<usage].dropFirst()) where line.first?.isLowercase == true {
                #expect(above.count > 60, "tokenc \(command) --help breaks early before: \(line)")
            }
            // Each example is one line: a note too long for the width would wrap to the left margin.
            let examples = try #require(text.firstIndex(of: "Examples:"), "tokenc \(command) --help has examples")
            for line in text[(examples + 1)...].prefix(while: { !$0.isEmpty }) {
                #expect(line.hasPrefix("  tokenc "), "tokenc \(command) --help: an example wrapped: \(line)")
            }
        }
    }

    /// An output --only names that the build has none of would build nothing for it, silently: a usage error
    /// naming what the outputs are and the entry to add, before anything is read or written.
    @Test func onlyAnOutputTheBuildDoesNotHaveIsAUsageError() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n",
                                   "tokenc.yml": "outputs:\n  - { generator: swift, destination: Gen }\n"])
        defer { sandbox.remove() }
        let css = try InProcess.run(["build", "--only", "css"], in: sandbox.root)
        #expect(css.status == 2)
        #expect(css.stderr == "tokenc: error: --only names `css`, which tokenc.yml's `outputs` do not have (they have swift): add `{ generator: css, destination: … }` to tokenc.yml's `outputs`, or leave it out of --only\n")
        let two = try InProcess.run(["build", "--only", "swift,custom,json", "--check"], in: sandbox.root)
        #expect(two.status == 2)
        #expect(two.stderr == "tokenc: error: --only names `custom`, `json`, which tokenc.yml's `outputs` do not have (they have swift): add `{ template: …, file: … }` and `{ generator: json, destination: … }` to tokenc.yml's `outputs`, or leave them out of --only\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("Gen").path))
        #expect(try InProcess.run(["build", "--only", "swift"], in: sandbox.root).status == 0)
        #expect(FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("Gen/swift/Tokens.swift").path))
        try FileManager.default.removeItem(at: sandbox.root.appendingPathComponent("tokenc.yml"))
        let custom = try InProcess.run(["build", "--only", "custom"], in: sandbox.root)
        #expect(custom.status == 2)
        #expect(custom.stderr == "tokenc: error: --only names `custom`, which the default outputs do not have (they have css, json, swift, ts, xcassets): add `{ template: …, file: … }` to tokenc.yml's `outputs`, or leave it out of --only\n")
    }

    @Test func strictTurnsWarningsIntoFailures() throws {
        let sandbox = try Sandbox(["Tokens/c.json": "{\"c\": {\"$type\": \"number\", \"$value\": 1}, \"c\": {\"$type\": \"number\", \"$value\": 2}}"])
        defer { sandbox.remove() }
        #expect(try InProcess.run(["validate"], in: sandbox.root).status == 0)
        #expect(try InProcess.run(["validate", "--strict"], in: sandbox.root).status == 1)
    }

    @Test func diagnosticsPrintLikeACompiler() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "color:\n  $type: color\n  blue:\n    $value: #0A84FF\n"])
        defer { sandbox.remove() }
        let result = try InProcess.run(["validate"], in: sandbox.root)
        #expect(result.stderr == """
            Tokens/c.yaml:4:13: error: `#0A84FF` starts a YAML comment here, so this value is empty [yaml/unquoted-color]
                    $value: #0A84FF
                            ^
              fix: quote the color: "#0A84FF"
            \(GuidelineCoverageText.none)
            1 file, 1 token: 1 error

            """)
    }

    @Test func jsonFindingsHaveTheDesignShape() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n  a: { $value: \"#000000\" }\n"])
        defer { sandbox.remove() }
        let result = try InProcess.run(["validate", "--format", "json"], in: sandbox.root)
        #expect(result.status == 1)
        #expect(result.stdout == """
            {
              "schemaVersion": 1,
              "findings": [
                {"rule": "token/duplicate", "severity": "error", "message": "the key `a` appears twice in this mapping", "path": null, "file": "Tokens/c.yaml", "line": 4, "column": 3, "related": [{"file": "Tokens/c.yaml", "line": 3, "column": 3, "message": "first `a` is here"}], "fix": "remove or rename one of the two `a` keys", "data": {}}
              ],
              "summary": {"errors": 1, "warnings": 0, "infos": 0}
            }

            """)
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect((parsed?["findings"] as? [Any])?.count == 1)
    }
}

@Suite struct InspectTests {
    static let tokens = """
        c:
          $type: color
          red: { $value: "color(display-p3 1 0 0)" }
          gray: { $value: "#777777", $extensions: { mode: { dark: "{system.systemGray}" } } }
          link: { $value: "{c.gray}" }
        """

    @Test func jsonShowsEachAppearanceAsWrittenAndAsShown() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": Self.tokens])
        defer { sandbox.remove() }
        let result = try InProcess.run(["inspect", "Tokens", "c.red", "c.link", "--format", "json"], in: sandbox.root)
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 1)
        let tokens = try #require(json["tokens"] as? [[String: Any]])
        #expect(tokens.map { $0["path"] as? String } == ["c.red", "c.link"])
        let red = try #require((tokens[0]["modes"] as? [String: Any])?["light"] as? [String: Any])
        // Expected values from coloraide 8.13.1: oklch of P3 red and its CSS Color 4 gamut-mapped sRGB hex.
        #expect(red["colorSpace"] as? String == "display-p3")
        #expect(red["hex"] as? String == "#ff0b0c")
        #expect(red["inSRGB"] as? Bool == false)
        let oklch = try #require(red["oklch"] as? [Double])
        #expect(zip(oklch, [0.648574, 0.299485, 28.958133]).allSatisfy { abs($0 - $1) < 1e-5 })
        #expect(tokens[0]["line"] as? Int == 3 && tokens[0]["column"] as? Int == 3)
        let link = tokens[1]
        #expect(link["aliasChain"] as? [String] == ["c.gray"])
        let dark = try #require((link["modes"] as? [String: Any])?["dark"] as? [String: Any])
        #expect(dark["system"] as? String == "systemGray")
        #expect(dark["hex"] as? String == "#8e8e93")
    }

    @Test func textNamesTheAliasChainAndTheFallback() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": Self.tokens])
        defer { sandbox.remove() }
        let result = try InProcess.run(["inspect", "Tokens", "c.red"], in: sandbox.root)
        #expect(result.stdout == """
            c.red  color  Tokens/c.yaml:3:3
              light  #ff0b0c  oklch(0.649 0.299 28.958)  outside sRGB (display-p3; sRGB fallback shown)
              info: `c.red` is outside sRGB; sRGB screens get the fallback light → #ff0b0c [color/out-of-gamut]


            """)
    }

    /// `tokenc inspect c.red` names a token when nothing called `c.red` is on disk: the default folder is read.
    /// A missing file with a token file's extension, or a path with a slash, is still a path.
    @Test func aTokenNameMayComeFirst() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": Self.tokens])
        defer { sandbox.remove() }
        let named = try InProcess.run(["inspect", "c.red"], in: sandbox.root)
        let withFolder = try InProcess.run(["inspect", "Tokens", "c.red"], in: sandbox.root)
        #expect(named.status == 0)
        #expect(named.stdout.hasPrefix("c.red  color  Tokens/c.yaml:3:3\n"), "\(named.stdout)")
        #expect(named.stdout == withFolder.stdout)
        let misspelt = try InProcess.run(["inspect", "c.rd"], in: sandbox.root)
        #expect(misspelt.status == 2)
        #expect(misspelt.stderr == "tokenc: error: no token or group named `c.rd`; did you mean `c.red`?\n")
        let file = try InProcess.run(["inspect", "other.yaml"], in: sandbox.root)
        #expect(file.status == 2)
        #expect(file.stderr.hasPrefix("tokenc: error: no such file or folder: other.yaml"), "\(file.stderr)")
    }

    /// A deprecated token says so under its description, with the explanation; `true` says only `deprecated`.
    @Test func deprecatedTokensSaySo() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  old: { $value: \"#ff0000\", $deprecated: \"Use c.new.\", $description: Old red. }\n  gone: { $value: \"#00ff00\", $deprecated: true }\n"])
        defer { sandbox.remove() }
        let result = try InProcess.run(["inspect", "Tokens", "c.old", "c.gone"], in: sandbox.root)
        #expect(result.stdout == """
            c.old  color  Tokens/c.yaml:3:3
              Old red.
              deprecated: Use c.new.
              light  #ff0000  oklch(0.628 0.258 29.234)

            c.gone  color  Tokens/c.yaml:4:3
              deprecated
              light  #00ff00  oklch(0.866 0.295 142.495)


            """)
        let json = try InProcess.run(["inspect", "Tokens", "c.old", "c.gone", "--format", "json"], in: sandbox.root)
        let tokens = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["tokens"] as? [[String: Any]])
        #expect(tokens.map { $0["deprecated"] as? String } == ["Use c.new.", ""])
    }

    /// A token's declared pairs are measured per appearance beside its values (a pair a group declares too): the
    /// surfaces it is drawn on, the foregrounds drawn on it, the kind and minimum (tokenc.yml's), and which ratios
    /// fall below it; the JSON has every cell. Ratios checked against WCAG's formula: #8a8a8a on white is 3.45:1.
    @Test func declaredPairsAreMeasuredPerAppearance() throws {
        let sandbox = try Sandbox([
            "Tokens/c.yaml": """
                c:
                  $type: color
                  text:
                    $extensions: { tokenc: { text: true, on: ["{c.surface}"] } }
                    body: { $value: "#8a8a8a", $extensions: { mode: { dark: "#f0f0f0" } } }
                  surface: { $value: "#ffffff", $extensions: { mode: { dark: "#000000" } } }

                """,
            "tokenc.yml": "rules:\n  color/contrast: { text: 3 }\n",
        ])
        defer { sandbox.remove() }
        let result = try InProcess.run(["inspect", "Tokens", "c.text.body", "c.surface"], in: sandbox.root)
        #expect(result.stdout == """
            c.text.body  color  Tokens/c.yaml:5:5
              light  #8a8a8a  oklch(0.633 0 0)
              dark   #f0f0f0  oklch(0.955 0 0)
              on c.surface (text, needs 3:1)  light 3.45:1  dark 18.43:1
              warning: `c.text.body` on `c.surface` is 3.45:1 and has no increased-contrast value; text aims for 7:1 [color/high-contrast-variant]

            c.surface  color  Tokens/c.yaml:6:3
              light  #ffffff  oklch(1 0 0)
              dark   #000000  oklch(0 0 0)
              under c.text.body (text, needs 3:1)  light 3.45:1  dark 18.43:1


            """, "\(result.stdout)")
        try Data("".utf8).write(to: sandbox.root.appendingPathComponent("tokenc.yml"))
        #expect(try InProcess.run(["inspect", "Tokens", "c.text.body"], in: sandbox.root).stdout
            .contains("  on c.surface (text, needs 4.5:1)  light 3.45:1 below  dark 18.43:1\n"))
        let json = try InProcess.run(["inspect", "Tokens", "c.text.body", "--format", "json"], in: sandbox.root)
        let tokens = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["tokens"] as? [[String: Any]])
        let cells = try #require(tokens.first?["contrast"] as? [[String: Any]])
        #expect(cells.map { "\($0["surface"]!) \($0["mode"]!) \($0["kind"]!) \($0["minimum"]!) \($0["passes"]!)" }
            == ["c.surface light text 4.5 0", "c.surface dark text 4.5 1"])
        let light = try #require(cells.first?["ratio"] as? Double)
        #expect(abs(light - 3.4523) < 0.001)
    }

    @Test func unknownTokenIsAUsageErrorWithASuggestion() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": Self.tokens])
        defer { sandbox.remove() }
        let result = try InProcess.run(["inspect", "Tokens", "c.lnk"], in: sandbox.root)
        #expect(result.status == 2)
        #expect(result.stderr == "tokenc: error: no token or group named `c.lnk`; did you mean `c.link`?\n")
    }

    @Test func aGroupsPathShowsEveryTokenInIt() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": """
            c:
              $type: color
              a: { $value: "#111111" }
              inner: { b: { $value: "#222222" } }
            c-other: { $type: color, $value: "#333333" }
            d: { $type: number, $value: 1 }
            """])
        defer { sandbox.remove() }
        let group = try InProcess.run(["inspect", "Tokens", "c"], in: sandbox.root)
        #expect(group.status == 0)
        // Every token under `c.` in path order, and nothing that only starts like it.
        #expect(group.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.isEmpty }.map { String($0.split(separator: " ")[0]) }
            == ["c.a", "c.inner.b"])
    }

    @Test func findingsDoNotChangeTheExitStatus() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#fff\" }\n  b: { $value: \"{c.zz}\" }\n"])
        defer { sandbox.remove() }
        #expect(try InProcess.run(["inspect"], in: sandbox.root).status == 0)
    }
}

@Suite struct ConfigurationTests {
    static let tokens = """
        c:
          $type: color
          bg: { $value: "#fff", $extensions: { mode: { dark: "#000" } } }
          fg:
            $value: "#777"
            $extensions: { mode: { dark: "#eee", light-high-contrast: "#000", dark-high-contrast: "#fff" }, tokenc: { text: true, on: ["{c.bg}"] } }
        """

    @Test func defaultsFailTheContrastRule() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": Self.tokens])
        defer { sandbox.remove() }
        let result = try InProcess.run(["validate"], in: sandbox.root)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Tokens/c.yaml:6:128: error: `c.fg` on `c.bg` is 4.48:1 in light; text needs 4.5:1 [color/contrast]\n"))
    }

    @Test func severityAndOptionsComeFromTokencYml() throws {
        let lowered = try Sandbox(["Tokens/c.yaml": Self.tokens, "tokenc.yml": "rules:\n  color/contrast: { severity: warning, text: 4.4 }\n"])
        defer { lowered.remove() }
        #expect(try InProcess.run(["validate"], in: lowered.root).status == 0)
        let warning = try Sandbox(["Tokens/c.yaml": Self.tokens, "tokenc.yml": "rules:\n  color/contrast: warning\n"])
        defer { warning.remove() }
        let result = try InProcess.run(["validate"], in: warning.root)
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: `c.fg` on `c.bg` is 4.48:1 in light"))
        #expect(try InProcess.run(["validate", "--strict"], in: warning.root).status == 1)
        let off = try Sandbox(["Tokens/c.yaml": Self.tokens, "tokenc.yml": "rules:\n  color/contrast: off\n"])
        defer { off.remove() }
        #expect(!(try InProcess.run(["validate"], in: off.root).stderr.contains("color/contrast")))
    }

    @Test func unknownKeysAreUsageErrorsWithSuggestions() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": Self.tokens, "tokenc.yml": "rulez:\n  color/contrast: off\n"])
        defer { sandbox.remove() }
        let result = try InProcess.run(["validate"], in: sandbox.root)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("tokenc: error: invalid tokenc.yml:\ntokenc.yml:1:1: error: `rulez` is not a tokenc.yml key [config/invalid]\n"))
        #expect(result.stderr.contains("fix: did you mean `rules`?"))
        let badRule = try Sandbox(["Tokens/c.yaml": Self.tokens, "tokenc.yml": "rules:\n  color/contrst: off\n  color/contrast: { txt: 3 }\n"])
        defer { badRule.remove() }
        let second = try InProcess.run(["validate"], in: badRule.root)
        #expect(second.status == 2)
        #expect(second.stderr.contains("tokenc.yml:2:3: error: `color/contrst` is not a rule [config/invalid]"))
        #expect(second.stderr.contains("fix: did you mean `color/contrast`?"))
        #expect(second.stderr.contains("tokenc.yml:3:21: error: `color/contrast` has no option `txt` [config/invalid]"))
        // A finding of the catalogue that is no rule is named as such, not as unknown.
        let notARule = try Sandbox(["Tokens/c.yaml": Self.tokens, "tokenc.yml": "rules:\n  yaml/syntax: off\n"])
        defer { notARule.remove() }
        let notARuleRun = try InProcess.run(["validate"], in: notARule.root)
        #expect(notARuleRun.status == 2)
        #expect(notARuleRun.stderr.contains("tokenc.yml:2:3: error: `yaml/syntax` is not a rule but a finding tokenc always reports (error): "
            + "its severity cannot change [config/invalid]\n"), "\(notARuleRun.stderr)")
        #expect(notARuleRun.stderr.contains("fix: remove it from `rules`"))
        let misspelt = try Sandbox(["Tokens/c.yaml": Self.tokens, "tokenc.yml": """
            rules:
              color/contrast: warn
              color/dark-variant: { severity: Eror }
            outputs:
              - { generator: css, destinaton: Out }
            """])
        defer { misspelt.remove() }
        let third = try InProcess.run(["validate"], in: misspelt.root)
        #expect(third.status == 2)
        #expect(third.stderr.contains("""
            tokenc.yml:2:19: error: `warn` is not a severity; use off, info, warning, error [config/invalid]
                  color/contrast: warn
                                  ^
              fix: did you mean `warning`?
            """))
        #expect(third.stderr.contains("tokenc.yml:3:35: error: `severity` must be one of off, info, warning, error [config/invalid]"))
        #expect(third.stderr.contains("fix: did you mean `error`?"))
        #expect(third.stderr.contains("tokenc.yml:5:23: error: `destinaton` is not an output key [config/invalid]"))
        #expect(third.stderr.contains("fix: did you mean `destination`?"))
    }

    @Test func tokensFolderComesFromTokencYml() throws {
        let sandbox = try Sandbox(["Design/c.yaml": "n: { $type: number, $value: 1 }\n", "tokenc.yml": "tokens: Design\n"])
        defer { sandbox.remove() }
        let result = try InProcess.run(["validate"], in: sandbox.root)
        #expect(result.status == 0)
        #expect(result.stderr == "1 file, 1 token: no problems\n")
    }
}

@Suite struct IncrementalWriteTests {
    static let two = "c:\n  $type: color\n  a: { $value: \"#fff\" }\n  b: { $value: \"#000\" }\n"
    static let one = "c:\n  $type: color\n  a: { $value: \"#fff\" }\n"

    @Test func unchangedFilesKeepTheirModificationTime() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": Self.two])
        defer { sandbox.remove() }
        #expect(try InProcess.run(["build"], in: sandbox.root).status == 0)
        let swift = sandbox.root.appendingPathComponent("Generated/swift/Tokens.swift").path
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: swift)
        let again = try InProcess.run(["build"], in: sandbox.root)
        #expect(again.stderr == "built 2 tokens from 1 file into Generated/: 0 written, 9 unchanged\n")
        #expect((try FileManager.default.attributesOfItem(atPath: swift)[.modificationDate] as? Date) == old)
    }

    @Test func checkDryRunAndStaleOutputs() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": Self.two])
        defer { sandbox.remove() }
        #expect(try InProcess.run(["build"], in: sandbox.root).status == 0)
        #expect(try InProcess.run(["build", "--check"], in: sandbox.root).status == 0)
        try Data(Self.one.utf8).write(to: sandbox.root.appendingPathComponent("Tokens/c.yaml"))
        try Data("mine\n".utf8).write(to: sandbox.root.appendingPathComponent("Generated/mine.txt"))
        let before = sandbox.listing()
        let check = try InProcess.run(["build", "--check"], in: sandbox.root)
        #expect(check.status == 1)
        #expect(check.stderr.contains("stale: Generated/xcassets/Tokens.xcassets/CB.colorset/Contents.json\n"))
        #expect(check.stderr.hasSuffix("6 to write, 1 to remove, 2 up to date\n"))
        let dry = try InProcess.run(["build", "--dry-run"], in: sandbox.root)
        #expect(dry.status == 0)
        #expect(dry.stderr.contains("would remove: Generated/xcassets/Tokens.xcassets/CB.colorset/Contents.json\n"))
        #expect(sandbox.listing() == before)
        let build = try InProcess.run(["build"], in: sandbox.root)
        #expect(build.stderr == "built 1 token from 1 file into Generated/: 6 written, 2 unchanged, 1 removed\n")
        let listing = sandbox.listing()
        #expect(!listing.contains { $0.contains("CB.colorset") })
        #expect(listing.contains("Generated/mine.txt"))  // never touches files it did not write
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("Generated/xcassets/Tokens.xcassets/CB.colorset").path))
    }

    /// A file at an output's path that tokenc did not write (not in the manifest, no tokenc header) is not
    /// replaced without `--overwrite`: a hand-written theme file, or a catalog Xcode made, in the output folder.
    @Test func aBuildRefusesToReplaceFilesItDidNotWrite() throws {
        let xcodeCatalog = "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
        let sandbox = try Sandbox([
            "Tokens/c.yaml": Self.two, "Generated/swift/Tokens.swift": "// Our own theme.\n",
            "Generated/xcassets/Tokens.xcassets/Contents.json": xcodeCatalog, "Generated/notes.txt": "mine\n",
        ])
        defer { sandbox.remove() }
        let before = try sandbox.contents()
        let refusal = "tokenc: error: Generated/swift/Tokens.swift, Generated/xcassets/Tokens.xcassets/Contents.json were not written by "
            + "tokenc (Generated/.tokenc-manifest does not list them and they have no tokenc header), and building would replace "
            + "them: move them away, give the outputs another destination, or pass --overwrite to replace them\n"
        for options in [[], ["--check"], ["--dry-run"]] {
            let refused = try TokencProcess.run(["build"] + options, in: sandbox.root)
            #expect(refused.status == 2)
            #expect(refused.stderr == refusal)
            #expect(try sandbox.contents() == before, "a refused build changes nothing, and leaves no folder it made")
        }
        // One file: the message says it.
        let swiftOnly = try InProcess.run(["build", "--only", "swift"], in: sandbox.root)
        #expect(swiftOnly.stderr == "tokenc: error: Generated/swift/Tokens.swift was not written by tokenc (Generated/.tokenc-manifest "
            + "does not list it and it has no tokenc header), and building would replace it: move it away, give the output another "
            + "destination, or pass --overwrite to replace it\n")
        let overwritten = try InProcess.run(["build", "--overwrite"], in: sandbox.root)
        #expect(overwritten.stderr == "built 2 tokens from 1 file into Generated/: 9 written, 0 unchanged\n")
        #expect(try sandbox.contents()["Generated/notes.txt"] == "mine\n")
        // Generated files a build does not find in the manifest (it was lost) carry tokenc's header and are replaced;
        // the JSON outputs, which have no header, are refused.
        try FileManager.default.removeItem(at: sandbox.root.appendingPathComponent("Generated/.tokenc-manifest"))
        try Data(Self.one.utf8).write(to: sandbox.root.appendingPathComponent("Tokens/c.yaml"))
        let headed = try InProcess.run(["build", "--only", "swift,css,xcassets"], in: sandbox.root)
        #expect(headed.stderr == "built 1 token from 1 file into Generated/: 2 written, 2 unchanged\n")
        let json = try InProcess.run(["build", "--only", "json"], in: sandbox.root)
        #expect(json.status == 2)
        #expect(json.stderr.hasPrefix("tokenc: error: Generated/json/tokens.flat.json, Generated/json/tokens.json were not written by tokenc"))
    }
}

@Suite struct InitTests {
    @Test func initThenBuildIsClean() throws {
        let sandbox = try Sandbox([:])
        try FileManager.default.createDirectory(at: sandbox.root, withIntermediateDirectories: true)
        defer { sandbox.remove() }
        let created = try TokencProcess.run(["init"], in: sandbox.root)
        #expect(created.status == 0)
        #expect(created.stderr == "created tokenc.yml\ncreated Tokens/color.yaml\ncreated Tokens/layout.yaml\nnext: tokenc build\n")
        let build = try InProcess.run(["build"], in: sandbox.root)
        #expect(build.status == 0)
        #expect(build.stderr == "built 6 tokens from 2 files into Generated/: 10 written, 0 unchanged\n")
        #expect(try InProcess.run(["validate", "--strict"], in: sandbox.root).status == 0)
        let again = try TokencProcess.run(["init"], in: sandbox.root)
        #expect(again.status == 2)
        #expect(again.stderr.contains("already exist"))
    }

    /// `init` writes all of its files or none: one it cannot write removes those it wrote before it.
    @Test func initThatCannotWriteAFileLeavesNone() throws {
        let sandbox = try Sandbox([:])
        defer { sandbox.remove() }
        try FileManager.default.createDirectory(at: sandbox.root, withIntermediateDirectories: true)
        do {
            _ = try Scaffold.create(in: sandbox.root.path, faultAt: Scaffold.files.count - 1)
            Issue.record("init wrote every file")
        } catch {
            #expect(error.message == "cannot write \(sandbox.root.path)/Tokens/layout.yaml: fault injected")
        }
        #expect(sandbox.listing().isEmpty, "\(sandbox.listing())")
    }
}

@Suite struct BuildCacheTests {
    static let tokens = "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n  b: { $value: \"#FFFFFF\", $extensions: { tokenc: { role: label } } }\n"
    static let report = "Tokens/c.yaml:4:3: error: `c.b` is used in UI but has no dark appearance [color/dark-variant]\n"

    /// The stage lines of a `--verbose` build: `cache` alone when the cache answered.
    static func stages(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map { String($0.prefix(8)).trimmingCharacters(in: .whitespaces) }
            .filter { ["cache", "load", "tree", "resolve", "check", "render", "write"].contains($0) }
    }

    @Test func unchangedRebuildReplaysTheReportWithoutRunningTheStages() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n  b: { $value: \"#FFFFFE\", $deprecated: true }\n  d: { $value: \"{c.b}\" }\n"])
        defer { sandbox.remove() }
        let first = try InProcess.run(["build", "--verbose"], in: sandbox.root)
        #expect(Self.stages(first.stderr) == ["load", "tree", "resolve", "check", "render", "write"])
        let warning = "Tokens/c.yaml:5:16: warning: `c.d` uses `c.b`, which is deprecated [token/deprecated-use]"
        #expect(first.stderr.contains(warning))
        let second = try InProcess.run(["build", "--verbose"], in: sandbox.root)
        #expect(Self.stages(second.stderr) == ["cache"])
        #expect(second.stderr.contains(warning))
        #expect(second.stderr.hasSuffix("built 3 tokens from 1 file into Generated/: 0 written, 10 unchanged (1 warning)\n"))
        // The replayed report is the one the first build printed, word for word.
        let firstLines = first.stderr.split(separator: "\n"), secondLines = second.stderr.split(separator: "\n")
        #expect(secondLines.count == 7 && firstLines.count == 12)
        #expect(secondLines.dropFirst().prefix(4) == firstLines.prefix(4))
        #expect(try String(contentsOf: sandbox.root.appendingPathComponent("Generated/.tokenc-cache/.gitignore"), encoding: .utf8)
            == "# tokenc's build cache: machine-specific, never commit it.\n*\n")
        // --no-cache runs every stage and finds the same.
        let third = try InProcess.run(["build", "--verbose", "--no-cache"], in: sandbox.root)
        #expect(Self.stages(third.stderr) == ["load", "tree", "resolve", "check", "render", "write"])
        #expect(third.stderr.hasSuffix("built 3 tokens from 1 file into Generated/: 0 written, 10 unchanged (1 warning)\n"))
    }

    @Test func changedTokensOptionsOrOutputsRunTheStagesAgain() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n"])
        defer { sandbox.remove() }
        #expect(try InProcess.run(["build"], in: sandbox.root).status == 0)
        // A token file changes.
        try Data("c:\n  $type: color\n  a: { $value: \"#000000\" }\n".utf8).write(to: sandbox.root.appendingPathComponent("Tokens/c.yaml"))
        var rebuilt = try InProcess.run(["build", "--verbose"], in: sandbox.root)
        #expect(Self.stages(rebuilt.stderr).first == "load")
        #expect(rebuilt.stderr.hasSuffix("into Generated/: 7 written, 1 unchanged\n"))
        // An output is edited by hand: it is written again.
        let css = sandbox.root.appendingPathComponent("Generated/css/tokens.css")
        let good = try Data(contentsOf: css)
        try Data("edited".utf8).write(to: css)
        rebuilt = try InProcess.run(["build", "--verbose"], in: sandbox.root)
        #expect(Self.stages(rebuilt.stderr).first == "load")
        #expect(rebuilt.stderr.hasSuffix("into Generated/: 1 written, 7 unchanged\n"))
        #expect(try Data(contentsOf: css) == good)
        // An output is deleted.
        try FileManager.default.removeItem(at: css)
        rebuilt = try InProcess.run(["build", "--verbose"], in: sandbox.root)
        #expect(rebuilt.stderr.hasSuffix("into Generated/: 1 written, 7 unchanged\n"))
        // Different options.
        // The stylesheet and the TypeScript module, which names its custom properties.
        rebuilt = try InProcess.run(["build", "--verbose", "--css-prefix", "ds-"], in: sandbox.root)
        #expect(Self.stages(rebuilt.stderr).first == "load")
        #expect(rebuilt.stderr.hasSuffix("into Generated/: 3 written, 5 unchanged\n"))
        // tokenc.yml appears.
        try Data("rules:\n  color/dark-variant: off\n".utf8).write(to: sandbox.root.appendingPathComponent("tokenc.yml"))
        rebuilt = try InProcess.run(["build", "--verbose", "--css-prefix", "ds-"], in: sandbox.root)
        #expect(Self.stages(rebuilt.stderr).first == "load")
    }

    @Test func changedImageRunsTheStagesAgain() throws {
        let png = try [UInt8](Data(contentsOf: Golden.packageRoot.appendingPathComponent("Tokens/Stickers/party.png")))
        let sandbox = try Sandbox(files: [
            "Tokens/i.yaml": Array("s:\n  $type: icon\n  $extensions: { tokenc: { platforms: [ios] } }\n  party: { $value: { kind: sticker, size-class: regular, image: party.png, description: Party } }\n".utf8),
            "Tokens/party.png": png,
        ])
        defer { sandbox.remove() }
        #expect(try InProcess.run(["build"], in: sandbox.root).status == 0)
        #expect(Self.stages(try InProcess.run(["build", "--verbose"], in: sandbox.root).stderr) == ["cache"])
        // The same image, one byte longer: a changed input even though no token file changed.
        try Data(png + [0]).write(to: sandbox.root.appendingPathComponent("Tokens/party.png"))
        #expect(Self.stages(try InProcess.run(["build", "--verbose"], in: sandbox.root).stderr).first == "load")
    }

    @Test func failedBuildForgetsTheCache() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n"])
        defer { sandbox.remove() }
        #expect(try InProcess.run(["build"], in: sandbox.root).status == 0)
        let state = sandbox.root.appendingPathComponent("Generated/.tokenc-cache/state")
        #expect(FileManager.default.fileExists(atPath: state.path))
        try Data(Self.tokens.utf8).write(to: sandbox.root.appendingPathComponent("Tokens/c.yaml"))
        let failed = try InProcess.run(["build"], in: sandbox.root)
        #expect(failed.status == 1)
        #expect(failed.stderr.hasPrefix(Self.report))
        #expect(!FileManager.default.fileExists(atPath: state.path))
    }
}

@Suite struct StagedOutputTests {
    /// Outputs are written beside their targets while the rules still run: a build the rules fail must
    /// leave the earlier outputs byte for byte, no temporary file, and no folder it made.
    @Test func aBuildTheRulesFailChangesNothingOnDisk() throws {
        let good = "ink:\n  $type: color\n  a: { $value: \"#112233\", $extensions: { mode: { dark: \"#ddeeff\" } } }\n"
        // `role: label` asks for a dark appearance: an error the rules find after rendering has begun.
        let bad = "ink:\n  $type: color\n  a: { $value: \"#445566\", $extensions: { tokenc: { role: label } } }\n"
        let sandbox = try Sandbox(["Tokens/c.yaml": good])
        defer { sandbox.remove() }
        let first = try InProcess.run(["build", "--no-cache"], in: sandbox.root)
        #expect(first.status == 0, "\(first.stderr)")
        let before = sandbox.listing().filter { $0.hasPrefix("Generated/") }
        #expect(before.count > 5)
        let bytes = try before.map { try Data(contentsOf: sandbox.root.appendingPathComponent($0)) }
        try Data(bad.utf8).write(to: sandbox.root.appendingPathComponent("Tokens/c.yaml"))
        let failed = try InProcess.run(["build", "--no-cache"], in: sandbox.root)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("[color/dark-variant]"))
        #expect(failed.stderr.hasSuffix("nothing was written\n"))
        let after = sandbox.listing().filter { $0.hasPrefix("Generated/") }
        #expect(after == before)
        #expect(try after.map { try Data(contentsOf: sandbox.root.appendingPathComponent($0)) } == bytes)
        // Into a folder that does not exist yet: it is not left behind, nor any folder under it.
        let fresh = try InProcess.run(["build", "--no-cache", "--output", "New/Deep"], in: sandbox.root)
        #expect(fresh.status == 1)
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("New").path))
    }
}

extension StagedOutputTests {
    /// A token file whose outputs span several stream chunks: 3,000 colors in nested groups (the Swift
    /// partials indent blank lines, whose spaces the streamed output trims chunk by chunk), with dark values
    /// and descriptions. `marker` changes one color near the end.
    static func manyTokens(groups: Int = 30, marker: String = "#123456") -> String {
        var text = ""
        for g in 0..<groups {
            text += "g\(g):\n  $type: color\n  $description: Group \(g).\n  inner:\n"
            for t in 0..<100 {
                let light = g == groups - 1 && t == 90 ? marker : "#\(String(format: "%02x%02x%02x", g * 7 % 256, t * 2, (g + t) % 256))"
                text += "    c\(t): { $value: \"\(light)\", $description: \"Color \(t) of \(g)\", $extensions: { mode: { dark: \"#eeeeee\" } } }\n"
            }
        }
        return text
    }

    /// The outputs streamed to disk by `tokenc build` are byte for byte the files rendered in memory, after a
    /// first build, an unchanged one, a change near the end, a shorter set and a longer one again.
    @Test func streamedOutputsEqualRenderedOutputs() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": Self.manyTokens()])
        defer { sandbox.remove() }
        func check(_ step: String, written: Int) throws {
            let build = try InProcess.run(["build", "--no-cache", "--only", "swift,css,json,ts"], in: sandbox.root)
            #expect(build.status == 0, "\(step): \(build.stderr)")
            #expect(build.stderr.contains(": \(written) written, \(6 - written) unchanged"), "\(step): \(build.stderr)")
            let rendered = try Pipeline().run(path: sandbox.root.appendingPathComponent("Tokens").path, render: true)
            let files = rendered.outputs.filter { !$0.relativePath.hasPrefix("xcassets/") }
            #expect(files.count == 6)
            let swiftBytes = files.first { $0.relativePath == "swift/Tokens.swift" }?.contents.count ?? 0
            #expect(swiftBytes > 3 * outputSinkChunk)
            for file in files {
                let onDisk = try [UInt8](Data(contentsOf: sandbox.root.appendingPathComponent("Generated/" + file.relativePath)))
                // The first differing byte, rather than two arrays of megabytes in the failure message.
                let common = min(onDisk.count, file.contents.count)
                let difference = (0..<common).first { onDisk[$0] != file.contents[$0] } ?? (onDisk.count == file.contents.count ? nil : common)
                #expect(difference == nil, "\(step): \(file.relativePath) differs from the rendered file at byte \(difference ?? 0)")
            }
            #expect(!sandbox.listing().contains { $0.contains("tokenc-tmp") }, "\(step): a temporary file was left")
        }
        try check("first build", written: 6)
        try check("unchanged", written: 0)
        try Data(Self.manyTokens(marker: "#654321").utf8).write(to: sandbox.root.appendingPathComponent("Tokens/c.yaml"))
        try check("one color changed", written: 6)
        try Data(Self.manyTokens(groups: 29).utf8).write(to: sandbox.root.appendingPathComponent("Tokens/c.yaml"))
        try check("shorter", written: 6)
        try Data(Self.manyTokens().utf8).write(to: sandbox.root.appendingPathComponent("Tokens/c.yaml"))
        try check("longer again", written: 6)
    }

    /// A build stopped by a signal at any moment leaves no staged file and no half set of outputs: it removes
    /// what it staged and ends by the signal, or, signalled while putting outputs in place, finishes that
    /// first. SIGTERM, not SIGINT: a shell starts background jobs with SIGINT ignored, and tokenc keeps it so.
    @Test func aSignalledBuildLeavesNoStagedFiles() throws {
        let tokens = "c:\n  $type: color\n" + (0..<1500).map {
            "  t\($0): { $value: \"#\(String(0x100000 + $0 * 977, radix: 16).suffix(6))\", $extensions: { mode: { dark: \"#0a0b0c\" } } }\n"
        }.joined()
        let sandbox = try Sandbox(["Tokens/c.yaml": tokens])
        defer { sandbox.remove() }
        let generated = sandbox.root.appendingPathComponent("Generated")
        let full = try TokencProcess.run(["build", "--no-cache"], in: sandbox.root)
        #expect(full.status == 0, "\(full.stderr)")
        let complete = sandbox.listing().filter { $0.hasPrefix("Generated/") }
        #expect(complete.count > 1500)
        let stoppedWhileStaging = try TokencProcess.signalledRuns(["build", "--no-cache"], in: sandbox.root, seconds: full.seconds,
                                                                  prepare: { try? FileManager.default.removeItem(at: generated) }) { run, step in
            let left = sandbox.listing().filter { $0.hasPrefix("Generated/") }
            #expect(!sandbox.listing().contains { $0.contains(".tokenc-tmp") }, "step \(step): a staged file was left")
            #expect(left.isEmpty || left == complete, "step \(step): \(left.count) of \(complete.count) outputs")
            if run.endedBy == nil {
                #expect(run.status == 0 && left == complete, "step \(step): \(run.stderr.suffix(300))")
            } else {
                #expect(run.endedBy == SIGTERM)
            }
            if run.stderr.contains("tokenc: error: interrupted (SIGTERM): no output was changed") {
                #expect(left.isEmpty && !FileManager.default.fileExists(atPath: generated.path), "step \(step): the folder staging made is removed")
            }
        }
        #expect(stoppedWhileStaging > 0, "no signal arrived while the build was staging its outputs")
    }
}

@Suite struct VerboseTests {
    @Test func verbosePrintsEachStageWithCounts() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#fff\" }\n"])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build", "--verbose"], in: sandbox.root)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.map { String($0.prefix(8)) } == ["load    ", "tree    ", "resolve ", "check   ", "render  ", "write   ", "built 1 "])
        #expect(lines[0].hasSuffix(" ms  1 files, 42 bytes, read into tokens"))
        #expect(lines[1].hasSuffix(" ms  1 tokens joined"))
        #expect(lines[2].hasSuffix(" ms  1 tokens, 1 modes"))
        // Each generator's time, in generator order, then the time the rules and the generators took together.
        let render = try Regex(#"^render +[0-9.]+ ms  8 files, [0-9]+ bytes written beside: json [0-9.]+, swift [0-9.]+, css [0-9.]+, ts [0-9.]+, xcassets [0-9.]+ ms \(run beside check: [0-9.]+ ms for both\)$"#)
        #expect(lines[4].wholeMatch(of: render) != nil, "\(lines[4])")
        #expect(lines[5].hasSuffix(" ms  8 written, 0 unchanged"))
    }
}

@Suite struct AllocatorTests {
    /// The default build needs libyaml and zlib (the PNG decoder's; the release binary has them linked in) and nothing
    /// else: no libmimalloc among the libraries the binary asks the loader for (`readelf -d`), and the C library's
    /// malloc serving it (mimalloc prints statistics at exit
    /// when asked; glibc's malloc ignores the variable). With TOKENC_MIMALLOC=1 (Package.swift) both flip.
    @Test func theDefaultBinaryLinksNoMimalloc() throws {
        #if os(Linux)
        let optedIn = ProcessInfo.processInfo.environment["TOKENC_MIMALLOC"] == "1"
            && ProcessInfo.processInfo.environment["TOKENC_SANITIZER"] == nil
        let readelf = Process()
        readelf.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        readelf.arguments = ["readelf", "-d", TokencProcess.binary.path]
        let pipe = Pipe()
        readelf.standardOutput = pipe
        try readelf.run()
        let dynamic = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        readelf.waitUntilExit()
        #expect(readelf.terminationStatus == 0)
        let needed = dynamic.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        if ProcessInfo.processInfo.environment["TOKENC_BINARY"] == nil {
            // The debug build links the system's shared libyaml and zlib.
            #expect(needed.contains { $0.contains("libyaml") } && needed.contains { $0.contains("libz.so") }, "\(needed)")
        } else {
            // The release binary (script/build-release) has them linked in: the C library, libm and the loader only.
            let others = needed.filter { line in !["libc.so.", "libm.so.", "ld-linux", "libmimalloc"].contains { line.contains($0) } }
            #expect(others.isEmpty, "\(needed)")
        }
        #expect(needed.contains { $0.contains("libmimalloc") } == optedIn, "\(needed)")

        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#fff\" }\n"])
        defer { sandbox.remove() }
        let result = try TokencProcess.run(["build", "--no-cache"], in: sandbox.root, extraEnvironment: ["MIMALLOC_SHOW_STATS": "1"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("heap stats:") == optedIn, "\(result.stderr.suffix(400))")
        #endif
    }
}

@Suite struct WatchTests {
    /// Waits up to `seconds` for `condition`.
    static func eventually(_ seconds: Double = 20, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return condition()
    }

    @Test func watchRebuildsOnChangeAndSurvivesErrors() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#ffffff\" }\n"])
        defer { sandbox.remove() }
        let process = Process()
        process.executableURL = TokencProcess.binary
        process.arguments = ["build", "--watch"]
        process.currentDirectoryURL = sandbox.root
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // SIGKILL when the test ends early: it ends the process whatever it does with other signals.
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        let css = sandbox.root.appendingPathComponent("Generated/css/tokens.css")
        let tokens = sandbox.root.appendingPathComponent("Tokens/c.yaml")
        func cssContains(_ text: String) -> Bool { ((try? String(contentsOf: css, encoding: .utf8)) ?? "").contains(text) }
        #expect(Self.eventually { cssContains("--c-a: #ffffff;") })
        try Data("c:\n  $type: color\n  a: { $value: \"#123456\" }\n".utf8).write(to: tokens)
        #expect(Self.eventually { cssContains("--c-a: #123456;") }, "a change is picked up")
        try Data("c:\n  $type: color\n  a: { $value: #654321 }\n".utf8).write(to: tokens)
        Thread.sleep(forTimeInterval: 1.5)
        #expect(process.isRunning, "an error does not stop the watch")
        #expect(cssContains("--c-a: #123456;"), "a failed build leaves the outputs as they were")
        try Data("c:\n  $type: color\n  a: { $value: \"#654321\" }\n".utf8).write(to: tokens)
        #expect(Self.eventually { cssContains("--c-a: #654321;") }, "the fix is picked up")
        // Waiting for changes, it has nothing staged: a signal ends it at once, and by that signal.
        kill(process.processIdentifier, SIGTERM)
        #expect(Self.eventually(5) { !process.isRunning }, "SIGTERM ends the watch")
        if !process.isRunning {
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
        }
    }
}
