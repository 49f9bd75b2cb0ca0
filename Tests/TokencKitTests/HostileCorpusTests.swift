import Foundation
import Testing
import TokenGenerators
import TokenModel
@testable import TokencKit

/// The hostile inputs that must build (or fail) in a particular way beyond "a located error and nothing
/// written" (those are `HostileCase`), atomic outputs under an interruption, and byte-identical output
/// whatever the file order, locale or time zone.
@Suite struct HostileCorpusTests {
    @Test func groupWithAHundredThousandMembersBuilds() throws {
        let members = (0..<100_000).map { "  m\($0): { $value: \($0) }\n" }.joined()
        let sandbox = try Sandbox(["Tokens/g.yaml": "g:\n  $type: number\n" + members])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build", "--only", "swift,css,json"], in: sandbox.root)
        #expect(result.status == 0)
        #expect(result.stderr == "built 100000 tokens from 1 file into Generated/: 4 written, 0 unchanged\n")
        let swift = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/swift/Tokens.swift"), encoding: .utf8)
        #expect(swift.contains("        public static let m99999: Double = 99999\n"))
        let css = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/css/tokens.css"), encoding: .utf8)
        #expect(css.contains("  --g-m99999: 99999;\n"))
        #expect(result.seconds < 60 * TokencProcess.slowdown, "took \(result.seconds) s")
    }

    /// Thousands of modes on one token, and thousands of tokens each with a mode of its own: every stage, `diff`
    /// and `preview` look modes up by name, so none is quadratic (30,000 modes took the release build 2.5 s to
    /// resolve and write as CSS when each mode was found by walking the others; now 0.3 s). The bound only
    /// catches a hang; the benchmark measures speed.
    @Test func thousandsOfModesBuildAndDiff() throws {
        let count = 30_000
        let modes = (0..<count).map { "m\($0): \"#\(String(format: "%06x", $0))\"" }.joined(separator: ", ")
        let single = "c:\n  $type: color\n  a: { $value: \"#000000\", $extensions: { mode: { \(modes) } } }\n"
        let each = (0..<3_000).map { "  t\($0): { $value: \"#000000\", $extensions: { mode: { own\($0): \"#ff0000\" } } }\n" }.joined()
        let sandbox = try Sandbox(["Tokens/c.yaml": single, "Other/c.yaml": single.replacing("m29999: \"#00752f\"", with: "m29999: \"#ffffff\""),
                                   "Each/c.yaml": "c:\n  $type: color\n" + each])
        defer { sandbox.remove() }
        let built = try InProcess.run(["build", "--only", "css,json"], in: sandbox.root)
        #expect(built.status == 0, "\(built.stderr)")
        let css = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/css/tokens.css"), encoding: .utf8)
        #expect(css.contains(":root[data-theme=\"m29999\"] {\n  --c-a: #00752f;\n}\n"))
        let diff = try TokencProcess.run(["diff", "Tokens", "Other", "--format", "json"], in: sandbox.root)
        let changed = try #require((try JSONSerialization.jsonObject(with: Data(diff.stdout.utf8)) as? [String: Any])?["changed"] as? [[String: Any]])
        #expect((changed.first?["modes"] as? [[String: Any]])?.map { $0["mode"] as? String } == ["m29999"])
        let separate = try InProcess.run(["build", "Each", "--only", "css", "--output", "EachOut"], in: sandbox.root)
        #expect(separate.status == 0, "\(separate.stderr)")
        let eachCSS = try String(contentsOf: sandbox.root.appendingPathComponent("EachOut/css/tokens.css"), encoding: .utf8)
        #expect(eachCSS.contains(":root[data-theme=\"own2999\"] {\n  --c-t2999: #ff0000;\n}\n"))
        let guide = try InProcess.run(["preview", "Each", "--output", "each.html"], in: sandbox.root)
        #expect(guide.status == 0, "\(guide.stderr)")
        let seconds = [built, diff, separate, guide].map(\.seconds)
        #expect(seconds.reduce(0, +) < 120 * TokencProcess.slowdown, "took \(seconds) s")
    }

    @Test func negativeZeroIsWrittenAsZero() throws {
        let sandbox = try Sandbox(["Tokens/n.yaml": "n:\n  $type: number\n  z: { $value: -0 }\n  y: { $value: -0.0 }\n"])
        defer { sandbox.remove() }
        #expect(try InProcess.run(["build"], in: sandbox.root).status == 0)
        let css = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/css/tokens.css"), encoding: .utf8)
        #expect(css.contains("  --n-y: 0;\n  --n-z: 0;\n"))
        let swift = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/swift/Tokens.swift"), encoding: .utf8)
        #expect(swift.contains("        public static let y: Double = 0\n") && swift.contains("        public static let z: Double = 0\n"))
        let json = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/json/tokens.json"), encoding: .utf8)
        #expect(!json.contains("-0"))
    }

    @Test func keywordsDigitsSeparatorsAndUnicodeBecomeValidNamesInsideTheOutputFolder() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": """
            c:
              $type: color
              "/etc/passwd": { $value: "#fff" }
              class: { $value: "#000" }
              2x: { $value: "#111" }
              "a b": { $value: "#222" }
              ünï: { $value: "#333" }

            """])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build", "--output", "Out"], in: sandbox.root)
        #expect(result.status == 0)
        let swift = try String(contentsOf: sandbox.root.appendingPathComponent("Out/swift/Tokens.swift"), encoding: .utf8)
        for name in ["etcPasswd", "`class`", "_2x", "aB", "ünï"] { #expect(swift.contains("public static let \(name) = ThemeColor(")) }
        let css = try String(contentsOf: sandbox.root.appendingPathComponent("Out/css/tokens.css"), encoding: .utf8)
        for name in ["--c-etc-passwd: #ffffff;", "--c-class: #000000;", "--c-2x: #111111;", "--c-a-b: #222222;", "--c-ünï: #333333;"] {
            #expect(css.contains(name))
        }
        // Every file stays inside Out/, the color sets included.
        #expect(sandbox.listing().filter { !$0.hasPrefix("Out/") } == ["Tokens/c.yaml"])
        #expect(sandbox.listing().filter { $0.hasSuffix(".colorset/Contents.json") }.map { $0.split(separator: "/")[3] }
            == ["C2x.colorset", "CAB.colorset", "CClass.colorset", "CEtcPasswd.colorset", "CÜnï.colorset"])
    }

    /// Numbers no design holds — 1e300, infinities, NaN, a scale of 0 — are findings or errors in every command,
    /// never a trap: the rules' messages, `inspect`, the style guide and the Swift output each turned a whole
    /// double into an `Int` (fuzzing the review commands found the style guide's).
    @Test func hugeAndEndlessNumbersAreFindingsNotTraps() throws {
        let sandbox = try Sandbox([
            "Tokens/i.yaml": """
                i:
                  $type: icon
                  wide: { $value: { kind: toolbar, size: { width: 1e300, height: 22 }, scales: [2, 3] } }
                  endless: { $value: { kind: toolbar, size: { width: .inf, height: 22 }, scales: [1.5, 1e300] } }
                  chat: { $value: { kind: imessage-app, images: { "210x21404@0x": a.png, "nanx3@2x": b.png, "1e300x2@2x": c.png } } }
                c:
                  $type: color
                  far: { $value: "color(srgb 1e300 0 0)" }

                """,
            "tokenc.yml": "rules:\n  color/contrast: { text: .inf }\n",
        ])
        defer { sandbox.remove() }
        let configured = try InProcess.run(["validate"], in: sandbox.root)
        #expect(configured.status == 2)
        #expect(configured.stderr.contains("tokenc.yml:2:27: error: `text` must be a number between -10⁹ and 10⁹ [config/invalid]"), "\(configured.stderr)")
        try FileManager.default.removeItem(at: sandbox.root.appendingPathComponent("tokenc.yml"))
        let validated = try InProcess.run(["validate"], in: sandbox.root)
        #expect(validated.status == 1 && validated.endedBy == nil, "\(validated.stderr)")
        let findings = validated.stderr.split(separator: "\n").filter { $0.hasPrefix("Tokens/i.yaml:") && !$0.contains("c.far") }
        let table = "74x55@2x (148x110 px), 71.5x50@2x (143x100 px), 60x45@2x (120x90 px), 60x45@3x (180x135 px), 32x24@2x (64x48 px), 32x24@3x (96x72 px), 27x20@2x (54x40 px), 27x20@3x (81x60 px), 29@2x (58x58 px), 29@3x (87x87 px), 1024@1x (1024x1024 px)"
        #expect(findings == [
            "Tokens/i.yaml:3:42: warning: a toolbar icon of 1e+300 × 22 pt is outside 18–28 pt [icon/bar-size]",
            "Tokens/i.yaml:4:54: error: `i.endless` is not a valid icon: `width` must be a positive number of points [token/invalid-value]",
            "Tokens/i.yaml:4:82: error: `i.endless` is not a valid icon: `scales` must list scale factors 1, 2 or 3, such as [2, 3] [token/invalid-value]",
            "Tokens/i.yaml:5:51: error: `210x21404@0x` is not an iMessage icon size; keys are points and scale, and the table has \(table) [icon/imessage-size]",
            "Tokens/i.yaml:5:74: error: `nanx3@2x` is not an iMessage icon size; keys are points and scale, and the table has \(table) [icon/imessage-size]",
            "Tokens/i.yaml:5:93: error: `1e300x2@2x` is not an iMessage icon size (it reads as 1e+300 × 2 pt at @2x, 2e+300 × 4 px); keys are points and scale, and the table has \(table) [icon/imessage-size]",
        ])
        for command in [["inspect"], ["preview"], ["diff", "Tokens", "Tokens"], ["build", "--only", "swift,css,json"]] {
            let run = try TokencProcess.run(command, in: sandbox.root)
            #expect(run.endedBy == nil && [0, 1].contains(run.status), "\(command): \(run.stderr.suffix(400))")
        }
        let inspected = try InProcess.run(["inspect", "Tokens", "i.wide"], in: sandbox.root)
        #expect(inspected.stdout.contains("{ \"kind\": \"toolbar\", \"size\": { \"width\": 1e+300, \"height\": 22 }, \"scales\": [ 2, 3 ] }"), "\(inspected.stdout)")
        let page = try InProcess.run(["preview"], in: sandbox.root)
        #expect(page.stdout.contains("pt @2x @3x"), "the wide icon's sizes are drawn")
    }

    @Test func configurationOfTheWrongTypesIsLocated() throws {
        let sandbox = try Sandbox([
            "Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#fff\" }\n",
            "tokenc.yml": "tokens: [a, b]\nrules: 5\noutputs: {swift: 1}\nswift-root: {}\n",
        ])
        defer { sandbox.remove() }
        let result = try InProcess.run(["build"], in: sandbox.root)
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").filter { $0.contains("error:") } == [
            "tokenc: error: invalid tokenc.yml:",
            "tokenc.yml:1:9: error: `tokens` must be a folder path [config/invalid]",
            "tokenc.yml:2:8: error: `rules` maps rule ids to a severity or to `{ severity: …, option: value }` [config/invalid]",
            "tokenc.yml:3:10: error: `outputs` is a list of `{ generator: …, destination: … }` or `{ template: …, file: … }` [config/invalid]",
            "tokenc.yml:4:13: error: `swift-root` must be a type name such as `Theme` [config/invalid]",
        ])
        #expect(result.stderr.contains("""
            tokenc.yml:3:10: error: `outputs` is a list of `{ generator: …, destination: … }` or `{ template: …, file: … }` [config/invalid]
                outputs: {swift: 1}
                         ^
              fix: start each output with `- ` on a line of its own under `outputs:`, as in `- { generator: swift, destination: Sources/Theme }`

            """), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("Generated").path))
    }

    @Test func missingAndBrokenTemplatesAreErrorsAndWriteNothing() throws {
        let sandbox = try Sandbox([
            "Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#fff\" }\n",
            "Broken/swift/token.mustache": "{{#tokens}}\n",
        ])
        defer { sandbox.remove() }
        let missingFolder = try InProcess.run(["build", "--templates", "Nope"], in: sandbox.root)
        #expect(missingFolder.status == 2)
        #expect(missingFolder.stderr == "tokenc: error: no template folder at Nope\n")
        let broken = try InProcess.run(["build", "--templates", "Broken"], in: sandbox.root)
        #expect(broken.status == 1)
        #expect(broken.stderr.hasPrefix("Broken/swift/token.mustache:1:1: error: `{{#tokens}}` is never closed [template/syntax]\n"))
        try Data("outputs:\n  - template: missing.mustache\n    file: x.txt\n".utf8).write(to: sandbox.root.appendingPathComponent("tokenc.yml"))
        let missingFile = try InProcess.run(["build"], in: sandbox.root)
        #expect(missingFile.status == 2)
        #expect(missingFile.stderr.contains(
            "tokenc.yml:2:15: error: the template `missing.mustache` does not exist or cannot be read [config/invalid]\n"))
        #expect(missingFile.stderr.contains("  fix: template paths are relative to tokenc.yml's folder\n"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("Generated").path))
    }

    // MARK: Atomic outputs

    @Test func interruptedWriteLeavesEachFileOldOrNewNeverPartial() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tokenc-fault-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let old = (0..<6).map { GeneratedFile(relativePath: "f\($0).txt", contents: Array(String(repeating: "old \($0) ", count: 1000).utf8)) }
        let new = (0..<6).map { GeneratedFile(relativePath: "f\($0).txt", contents: Array(String(repeating: "new \($0) ", count: 2000).utf8)) }
        let writer = OutputWriter(folder: folder)
        _ = try writer.write(old)
        for fault in 0..<6 {
            _ = try writer.write(old)
            #expect(throws: ToolError.self) { try writer.write(new, faultAfter: fault) }
            for (index, file) in new.enumerated() {
                let onDisk = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + file.relativePath)))
                #expect(onDisk == (index < fault ? file.contents : old[index].contents), "file \(index) after a fault at \(fault)")
            }
            // No temporary file is left behind, and the manifest still lists what tokenc wrote.
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            #expect(names == [".tokenc-manifest"] + (0..<6).map { "f\($0).txt" })
        }
    }

    /// A failed build whose report goes to a reader that stops after the first line (`2>&1 | head -1`) still
    /// removes what it staged and exits 1: the closed pipe once killed it mid-report (SIGPIPE), leaving the
    /// staged files and the folders made for them.
    @Test func aReportIntoAClosedPipeStillCleansUp() throws {
        // Names that collide only in the outputs: found while the outputs are rendered and staged, and a report
        // larger than a pipe holds.
        let colliding = (0..<2_000).map { "  t\($0)-a: { $value: 1 }\n  t\($0):\n    a: { $value: 2 }\n" }.joined()
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: number\n" + colliding])
        defer { sandbox.remove() }
        let script = "'\(TokencProcess.binary.path)' build --only swift,css,json 2>&1 | head -1 > first.txt; echo \"${PIPESTATUS[0]}\" > status.txt"
        let run = try SwiftOutputTests.run("/bin/bash", ["-c", script], in: sandbox.root)
        #expect(run.status == 0, "\(run.output)")
        #expect(try String(contentsOf: sandbox.root.appendingPathComponent("status.txt"), encoding: .utf8) == "1\n")
        #expect(try String(contentsOf: sandbox.root.appendingPathComponent("first.txt"), encoding: .utf8).hasPrefix("Tokens/c.yaml:5:5: error: `c.t0.a` and `c.t0-a` both become the CSS custom property `--c-t0-a`"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("Generated").path))
    }

    /// Two generators make `Generated/json` and `Generated/css` side by side; the one that created `Generated`
    /// can note it after the other noted `Generated/css`. A failed build must still remove all three.
    @Test func aFailedBuildRemovesFoldersNotedChildFirst() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tokenc-dirs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let generated = root + "/Generated"
        for folder in [generated, generated + "/json", generated + "/css"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        }
        let log = DirectoryLog()
        log.record([generated + "/css"], for: generated + "/css")
        log.record([generated, generated + "/json"], for: generated + "/json")
        log.removeCreated()
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == [])
    }

    // MARK: Determinism

    /// Every output file of a build of the example tokens, by path.
    static func outputs(under folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let name = enumerator?.nextObject() as? String {
            guard !name.hasPrefix(".tokenc-cache") else { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
            }
        }
        return files
    }

    @Test func outputIsByteIdenticalWhateverLocaleAndTimeZone() throws {
        let tokens = Golden.packageRoot.appendingPathComponent("Tokens").path
        let sandbox = try Sandbox([:])
        defer { sandbox.remove() }
        try FileManager.default.createDirectory(at: sandbox.root, withIntermediateDirectories: true)
        let plain = try TokencProcess.run(["build", tokens, "--output", "A", "--no-cache"], in: sandbox.root,
                                          extraEnvironment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TZ": "UTC"])
        let turkish = try TokencProcess.run(["build", tokens, "--output", "B", "--no-cache"], in: sandbox.root,
                                            extraEnvironment: ["LANG": "tr_TR.UTF-8", "LC_ALL": "tr_TR.UTF-8", "TZ": "Pacific/Chatham"])
        #expect(plain.status == 0 && turkish.status == 0)
        let a = try Self.outputs(under: sandbox.root.appendingPathComponent("A"))
        let b = try Self.outputs(under: sandbox.root.appendingPathComponent("B"))
        #expect(a.count > 40)
        #expect(a == b)
    }

    @Test func outputIsByteIdenticalWhateverTheFileOrder() throws {
        let folder = Golden.packageRoot.appendingPathComponent("Tokens").path
        let files = try TokenSources.discover(folder)
        var sources: [String: [UInt8]] = [:]
        for file in files { sources[file] = try TokenSources.read(file) }
        let reference = Pipeline().run(files: files, sources: sources, render: true)
        #expect(reference.outputs.count > 40)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5 {
            let shuffled = files.shuffled(using: &generator)
            let result = Pipeline().run(files: shuffled, sources: sources, render: true)
            #expect(result.outputs.map(\.relativePath) == reference.outputs.map(\.relativePath))
            #expect(result.outputs.map(\.contents) == reference.outputs.map(\.contents))
            #expect(result.diagnostics.map(\.message) == reference.diagnostics.map(\.message))
        }
    }
}
