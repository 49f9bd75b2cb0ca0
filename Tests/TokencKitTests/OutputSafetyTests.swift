import Foundation
import Testing
import TokencKit
import TokenModel
#if canImport(Glibc)
import Glibc
#endif
import Locks

/// What a build may remove, where it may write, and how two builds into one folder share it: the manifest is
/// committed (a pull request can edit it), and CI machines run builds side by side and kill them.
@Suite struct OutputSafetyTests {
    static let tokens = "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n  b: { $value: \"#000000\" }\n"

    /// A sandbox built once, and the manifest line of its CSS file (size and hash of bytes tokenc wrote), to forge
    /// lines from: a forged line with the right size and hash is the strongest a pull request can write.
    static func built() throws -> (sandbox: Sandbox, cssLine: [String]) {
        let sandbox = try Sandbox(["Tokens/c.yaml": tokens])
        let build = try InProcess.run(["build"], in: sandbox.root)
        #expect(build.status == 0, "\(build.stderr)")
        let manifest = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/.tokenc-manifest"), encoding: .utf8)
        let css = try #require(manifest.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
            .first { $0.last == "css/tokens.css" })
        try #require(css.count == 4, "\(manifest)")
        return (sandbox, css)
    }

    func append(_ lines: [String], to sandbox: Sandbox) throws {
        let url = sandbox.root.appendingPathComponent("Generated/.tokenc-manifest")
        let text = try String(contentsOf: url, encoding: .utf8) + lines.map { $0 + "\n" }.joined()
        try Data(text.utf8).write(to: url)
    }

    /// The repro of a pull request's manifest: a line through a link to a folder elsewhere, a line naming a folder of
    /// hand-written files, `.`, a link, an old-style line without size and hash, and an edited file. Nothing is
    /// removed, each is named with its reason, and the lines leave the manifest.
    @Test func staleRemovalDeletesOnlyUnchangedRegularFilesInsideTheFolder() throws {
        let (sandbox, css) = try Self.built()
        defer { sandbox.remove() }
        let fm = FileManager.default
        let elsewhere = fm.temporaryDirectory.appendingPathComponent("tokenc-elsewhere-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: elsewhere) }
        try fm.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let cssBytes = try Data(contentsOf: sandbox.root.appendingPathComponent("Generated/css/tokens.css"))
        try cssBytes.write(to: elsewhere.appendingPathComponent("precious.txt"))
        let generated = sandbox.root.appendingPathComponent("Generated")
        try fm.createSymbolicLink(atPath: generated.appendingPathComponent("x").path, withDestinationPath: elsewhere.path)
        try fm.createSymbolicLink(atPath: generated.appendingPathComponent("link.css").path,
                                  withDestinationPath: elsewhere.appendingPathComponent("precious.txt").path)
        try fm.createDirectory(at: generated.appendingPathComponent("hand"), withIntermediateDirectories: true)
        try cssBytes.write(to: generated.appendingPathComponent("hand/a.css"))
        try (cssBytes + Data("/* mine */\n".utf8)).write(to: generated.appendingPathComponent("edited.css"))
        let (size, hash) = (css[1], css[2])
        try append([
            "css\t\(size)\t\(hash)\tx/precious.txt", "css\t\(size)\t\(hash)\thand", "json\t.", "css\t\(size)\t\(hash)\t.",
            "css\t\(size)\t\(hash)\tlink.css", "css\tx/precious.txt", "css\t\(size)\t\(hash)\tedited.css",
            "css\t\(size)\t\(hash)\t.tokenc-manifest", "css\t\(size)\t\(hash)\ta/../hand/a.css",
        ], to: sandbox)
        let build = try InProcess.run(["build"], in: sandbox.root)
        #expect(build.status == 0)
        #expect(build.stderr == """
            tokenc: warning: left Generated/edited.css in place although the manifest lists it as stale: its bytes are not the ones tokenc wrote (it was edited, or the manifest was)
            tokenc: warning: left Generated/hand in place although the manifest lists it as stale: it is not a regular file
            tokenc: warning: left Generated/link.css in place although the manifest lists it as stale: it is a link
            tokenc: warning: left Generated/x/precious.txt in place although the manifest lists it as stale: `x` on its way is a link or not a folder
            tokenc: warning: left Generated/x/precious.txt in place although the manifest lists it as stale: the manifest records no size and hash for it (written by an older tokenc); remove it by hand if it is stale
            built 2 tokens from 1 file into Generated/: 0 written, 9 unchanged

            """)
        #expect(try Data(contentsOf: elsewhere.appendingPathComponent("precious.txt")) == cssBytes)
        #expect(try Data(contentsOf: generated.appendingPathComponent("hand/a.css")) == cssBytes)
        #expect(fm.fileExists(atPath: generated.appendingPathComponent("edited.css").path))
        #expect((try? fm.destinationOfSymbolicLink(atPath: generated.appendingPathComponent("link.css").path)) != nil)
        let manifest = try String(contentsOf: generated.appendingPathComponent(".tokenc-manifest"), encoding: .utf8)
        #expect(manifest.split(separator: "\n").count == 9, "\(manifest)")
        #expect(!manifest.contains("precious") && !manifest.contains("hand") && !manifest.contains("edited"))
        // A dry run says the same and removes nothing.
        try append(["css\t\(size)\t\(hash)\thand"], to: sandbox)
        let dry = try InProcess.run(["build", "--dry-run"], in: sandbox.root)
        #expect(dry.stderr.hasSuffix("would leave in place: Generated/hand: it is not a regular file\n0 to write, 0 to remove, 9 up to date\n"), "\(dry.stderr)")
    }

    /// A stale file whose bytes are the ones recorded is removed, with the folders it leaves empty; the build cache,
    /// which replays an unchanged build, does not hide a manifest edited since (here: a line added for it).
    @Test func aRecordedStaleFileIsRemovedAndTheCacheSeesAnEditedManifest() throws {
        let (sandbox, css) = try Self.built()
        defer { sandbox.remove() }
        let generated = sandbox.root.appendingPathComponent("Generated")
        try FileManager.default.createDirectory(at: generated.appendingPathComponent("old/deeper"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: generated.appendingPathComponent("css/tokens.css"), to: generated.appendingPathComponent("old/deeper/tokens.css"))
        try append(["css\t\(css[1])\t\(css[2])\told/deeper/tokens.css"], to: sandbox)
        let build = try InProcess.run(["build"], in: sandbox.root)
        #expect(build.stderr == "built 2 tokens from 1 file into Generated/: 0 written, 9 unchanged, 1 removed\n")
        #expect(!FileManager.default.fileExists(atPath: generated.appendingPathComponent("old").path))
    }

    /// A file a resolver document names outside the token folder is an input the cache watches: an edit to it was
    /// replayed as "0 written" with the old outputs.
    @Test func theCacheSeesFilesAResolverDocumentReadsOutsideTheTokenFolder() throws {
        let sandbox = try Sandbox([
            "Tokens/tokens.resolver.yaml": "version: \"2025.10\"\nsets:\n  base:\n    sources:\n      - $ref: \"../common/base.yaml\"\n"
                + "resolutionOrder:\n  - $ref: \"#/sets/base\"\n",
            "common/base.yaml": "c:\n  $type: number\n  a: { $value: 1 }\n",
        ])
        defer { sandbox.remove() }
        #expect(try TokencProcess.run(["build"], in: sandbox.root).stderr == "built 1 token from 1 file into Generated/: 7 written, 0 unchanged\n")
        try Data("c:\n  $type: number\n  a: { $value: 2 }\n".utf8).write(to: sandbox.root.appendingPathComponent("common/base.yaml"))
        let rebuilt = try TokencProcess.run(["build"], in: sandbox.root)
        #expect(rebuilt.stderr == "built 1 token from 1 file into Generated/: 6 written, 1 unchanged\n")
        let json = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/json/tokens.flat.json"), encoding: .utf8)
        #expect(json.contains("\"light\": 2\n"), "\(json)")
    }

    /// No output may be written over tokenc's own files: the manifest, the cache, the lock, a temporary file.
    @Test func anOutputCannotBeNamedLikeTokencsOwnFiles() throws {
        for name in [".tokenc-manifest", ".tokenc-cache/state", ".tokenc-lock", "css/.tokens.css.tokenc-tmp-1-1", "a/./b", "."] {
            let sandbox = try Sandbox(["Tokens/c.yaml": Self.tokens,
                                       "tokenc.yml": "outputs:\n  - { template: t.mustache, file: \"\(name)\" }\n", "t.mustache": "x\n"])
            defer { sandbox.remove() }
            let build = try TokencProcess.run(["build"], in: sandbox.root)
            #expect(build.status == 2, "\(name)")
            #expect(build.stderr.hasPrefix("tokenc: error: invalid tokenc.yml:\ntokenc.yml:2:35: error: "), "\(build.stderr)")
            #expect(build.stderr.contains("`\(name)` is not a file tokenc may write"), "\(build.stderr)")
            #expect(sandbox.listing() == ["Tokens/c.yaml", "t.mustache", "tokenc.yml"])
        }
    }

    /// An output folder reached through a link inside the output folder is refused: the build would write elsewhere.
    @Test func aBuildDoesNotWriteThroughALinkedFolder() throws {
        let (sandbox, _) = try Self.built()
        defer { sandbox.remove() }
        let fm = FileManager.default
        let elsewhere = fm.temporaryDirectory.appendingPathComponent("tokenc-elsewhere-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: elsewhere) }
        try fm.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let css = sandbox.root.appendingPathComponent("Generated/css")
        try fm.removeItem(at: css)
        try fm.createSymbolicLink(atPath: css.path, withDestinationPath: elsewhere.path)
        let build = try InProcess.run(["build", "--no-cache"], in: sandbox.root)
        #expect(build.status == 2)
        #expect(build.stderr == "tokenc: error: refusing to write Generated/css/tokens.css: Generated/css is a link or not a folder, and outputs "
            + "stay inside Generated; remove it (the build makes the folders it needs)\n")
        #expect(try fm.contentsOfDirectory(atPath: elsewhere.path) == [])
    }

    /// Builds into one folder at the same time take turns: every one succeeds, and the outputs are whole and the
    /// same as one build's (they were spliced from both, and the manifest lost, with fixed temporary names).
    @Test func concurrentBuildsIntoOneFolderNeverSpliceFiles() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": Self.manyTokens(1500)])
        defer { sandbox.remove() }
        #expect(try TokencProcess.run(["build", "--output", "Single"], in: sandbox.root).status == 0)
        var changed = Self.manyTokens(1500).replacingOccurrences(of: "#1", with: "#2")
        for round in 0..<2 {
            let results = Results()
            let group = DispatchGroup()
            for index in 0..<4 {
                group.enter()
                DispatchQueue.global().async {
                    defer { group.leave() }
                    let result = try? TokencProcess.run(["build", "--output", "Shared", "--no-cache"], in: sandbox.root)
                    results.add(index, result)
                }
            }
            group.wait()
            for result in results.all {
                #expect(result?.status == 0, "\(result?.stderr ?? "did not run")")
            }
            let shared = sandbox.listing().filter { $0.hasPrefix("Shared/") }.map { String($0.dropFirst(7)) }
            let single = sandbox.listing().filter { $0.hasPrefix("Single/") && !$0.contains(".tokenc-cache") }.map { String($0.dropFirst(7)) }
            #expect(shared == single)
            for name in single {
                #expect(try Data(contentsOf: sandbox.root.appendingPathComponent("Shared/" + name))
                    == Data(contentsOf: sandbox.root.appendingPathComponent("Single/" + name)), "\(name)")
            }
            // The second round changes every file, so each build really writes.
            try Data(changed.utf8).write(to: sandbox.root.appendingPathComponent("Tokens/c.yaml"))
            #expect(try TokencProcess.run(["build", "--output", "Single"], in: sandbox.root).status == 0)
            changed = Self.manyTokens(1500)
            _ = round
        }
    }

    /// A build that finds the folder locked waits, says for whom, and goes on once the lock is let go.
    @Test func aLockedFolderMakesTheBuildWaitAndSayForWhom() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": Self.tokens])
        defer { sandbox.remove() }
        try FileManager.default.createDirectory(at: sandbox.root.appendingPathComponent("Generated"), withIntermediateDirectories: true)
        let lockPath = sandbox.root.appendingPathComponent("Generated/.tokenc-lock").path
        let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o644)
        #expect(descriptor >= 0)
        #expect(flock(descriptor, LOCK_EX) == 0)
        let holder = Array("4242\n".utf8)
        _ = holder.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
        let finished = Results()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            finished.add(0, try? InProcess.run(["build"], in: sandbox.root))
            group.leave()
        }
        #expect(group.wait(timeout: .now() + 1.5) == .timedOut)
        // Let go the way a holder does: the file goes first, so a waiting build sees that its lock locks nothing.
        unlink(lockPath)
        close(descriptor)
        group.wait()
        let result = finished.all[0]
        #expect(result?.status == 0)
        #expect(result?.stderr == "tokenc: waiting for tokenc (process 4242), which is writing Generated/ (Generated/.tokenc-lock)\n"
            + "built 2 tokens from 1 file into Generated/: 9 written, 0 unchanged\n")
        #expect(!FileManager.default.fileExists(atPath: lockPath))
    }

    /// After a build killed with SIGKILL (its lock file still names it), the next build removes every temporary file
    /// it left and every folder that held only those; a hand-written file beside a temporary one stays.
    @Test func theBuildAfterAKilledOneRemovesItsTemporaryFiles() throws {
        let (sandbox, _) = try Self.built()
        defer { sandbox.remove() }
        let before = sandbox.listing()
        let generated = sandbox.root.appendingPathComponent("Generated")
        let leftovers = ["xcassets/Tokens.xcassets/CZ.colorset/.Contents.json.tokenc-tmp-99999-3", "css/.tokens.css.tokenc-tmp-99999-1",
                         "deep/er/.x.tokenc-tmp-99999-2", "mine/.y.tokenc-tmp-99999-4", ".tokenc-manifest.tokenc-tmp-99999-5"]
        for path in leftovers + ["mine/keep.txt"] {
            try FileManager.default.createDirectory(at: generated.appendingPathComponent(path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("partial".utf8).write(to: generated.appendingPathComponent(path))
        }
        try Data("99999\n".utf8).write(to: generated.appendingPathComponent(".tokenc-lock"))
        let build = try InProcess.run(["build"], in: sandbox.root)
        #expect(build.status == 0)
        #expect(sandbox.listing() == (before + ["Generated/mine/keep.txt"]).sorted())
        #expect(!FileManager.default.fileExists(atPath: generated.appendingPathComponent("deep").path))
        #expect(!FileManager.default.fileExists(atPath: generated.appendingPathComponent("xcassets/Tokens.xcassets/CZ.colorset").path))
        // A real SIGKILL at moments across a build: whatever it left, the next build leaves no temporary file.
        try Data(Self.manyTokens(1500).utf8).write(to: sandbox.root.appendingPathComponent("Tokens/c.yaml"))
        for moment in [0.05, 0.15, 0.3, 0.5] {
            _ = try TokencProcess.run(["build", "--no-cache"], in: sandbox.root, signalling: (SIGKILL, moment * TokencProcess.slowdown))
            let next = try InProcess.run(["build"], in: sandbox.root)
            #expect(next.status == 0, "\(next.stderr)")
            #expect(sandbox.listing().filter { $0.contains(".tokenc-tmp") || $0.hasSuffix(".tokenc-lock") } == [])
            try Data((moment == 0.3 ? Self.tokens : Self.manyTokens(1500)).utf8).write(to: sandbox.root.appendingPathComponent("Tokens/c.yaml"))
        }
    }

    /// Previews into one file take turns: each succeeds and the file is one whole page (they shared a fixed
    /// temporary name, and all but one failed to rename it, exit 2).
    @Test func concurrentPreviewsIntoOneFileNeverSplice() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": Self.manyTokens(3000)])
        defer { sandbox.remove() }
        #expect(try TokencProcess.run(["preview", "--output", "single.html"], in: sandbox.root).status == 0)
        // Started one right after another, so that they overlap.
        for _ in 0..<3 {
            let processes = (0..<4).map { _ in
                let process = Process()
                process.executableURL = TokencProcess.binary
                process.arguments = ["preview", "--output", "guide.html"]
                process.currentDirectoryURL = sandbox.root
                process.standardError = FileHandle.nullDevice
                return process
            }
            for process in processes { try process.run() }
            for process in processes {
                process.waitUntilExit()
                #expect(process.terminationStatus == 0)
            }
        }
        #expect(try Data(contentsOf: sandbox.root.appendingPathComponent("guide.html")) == Data(contentsOf: sandbox.root.appendingPathComponent("single.html")))
        #expect(sandbox.listing() == ["Tokens/c.yaml", "guide.html", "single.html"])
    }

    /// `count` color tokens with distinct values, in one group.
    static func manyTokens(_ count: Int) -> String {
        "c:\n  $type: color\n" + (0..<count).map { index in
            let value = String(format: "#1%05x", index * 97 % 0xfffff)
            return "  t\(index): { $value: \"\(value)\" }\n"
        }.joined()
    }
}

/// Results gathered from threads, under a lock.
final class Results: Sendable {
    private let results = LockedValue<[Int: TokencProcess.Result?]>([:])
    func add(_ index: Int, _ result: TokencProcess.Result?) { results.withLock { $0[index] = result } }
    var all: [TokencProcess.Result?] { results.withLock { stored in stored.keys.sorted().map { stored[$0]! } } }
}

/// Generated code that compiles and comments that stay comments, whatever the token files are named.
@Suite struct GeneratedTextSafetyTests {
    /// A name starting with a character Swift allows only later in an identifier (combining marks U+0345, U+1DE7),
    /// or nowhere (U+2E2F), still gives Swift that parses: `swiftc -parse` failed while the build exited 0.
    @Test func namesSwiftDoesNotTakeFirstStillGiveSwiftThatParses() throws {
        let names = ["\u{345}a", "\u{1DE7}b", "\u{2E2F}c", "d\u{2E2F}e", "\u{20D0}", "²x"]
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: number\n" + names.enumerated().map { "  \"\($1)\": { $value: \($0) }\n" }.joined()])
        defer { sandbox.remove() }
        let build = try InProcess.run(["build", "--only", "swift"], in: sandbox.root)
        #expect(build.status == 0, "\(build.stderr)")
        let swift = try String(contentsOf: sandbox.root.appendingPathComponent("Generated/swift/Tokens.swift"), encoding: .utf8)
        for (value, member) in ["_\u{345}a", "_\u{1DE7}b", "c", "dE", "`_`", "x"].enumerated() {
            #expect(swift.contains("public static let \(member): Double = \(value)\n"), "\(member)")
        }
        let parse = try SwiftOutputTests.run("/usr/bin/env", ["swiftc", "-parse", "Generated/swift/Tokens.swift"], in: sandbox.root)
        #expect(parse.status == 0, "\(parse.output)")
    }

    /// The token folder's name is escaped for the comment it is printed in: `star*` closed the CSS header comment
    /// (dropping `:root`), a newline broke the Swift header, and `&` printed as `&amp;`.
    @Test func theFolderNameStaysInsideTheHeaderComments() throws {
        let cases: [(folder: String, css: String, swift: String)] = [
            ("star*", "star*\\/", "star*/"),
            ("a\nb", "a\\u{a}b/", "a\\u{a}b/"),
            ("x&y", "x&y/", "x&y/"),
            ("q\u{2028}*", "q\\u{2028}*\\/", "q\\u{2028}*/"),
        ]
        for (folder, css, swift) in cases {
            let sandbox = try Sandbox(["\(folder)/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n"])
            defer { sandbox.remove() }
            let build = try InProcess.run(["build", folder, "--output", "Out"], in: sandbox.root)
            #expect(build.status == 0, "\(build.stderr)")
            let cssText = try String(contentsOf: sandbox.root.appendingPathComponent("Out/css/tokens.css"), encoding: .utf8)
            #expect(cssText.hasPrefix("/* Generated by tokenc from \(css). Do not edit: change the tokens and run `tokenc build`. */\n"
                + "/* Template context version 1. */\n"), "\(cssText.prefix(200))")
            let swiftText = try String(contentsOf: sandbox.root.appendingPathComponent("Out/swift/Tokens.swift"), encoding: .utf8)
            #expect(swiftText.hasPrefix("// Generated by tokenc from \(swift). Do not edit: change the tokens and run `tokenc build`.\n"
                + "// Template context version 1.\n"), "\(swiftText.prefix(200))")
            let parse = try SwiftOutputTests.run("/usr/bin/env", ["swiftc", "-parse", "Out/swift/Tokens.swift"], in: sandbox.root)
            #expect(parse.status == 0, "\(parse.output)")
            for file in ["Out/ts/tokens.js", "Out/ts/tokens.d.ts"] {
                let text = try String(contentsOf: sandbox.root.appendingPathComponent(file), encoding: .utf8)
                #expect(text.hasPrefix("// Generated by tokenc from \(swift). Do not edit: change the tokens and run `tokenc build`.\n"), "\(text.prefix(200))")
            }
            // Node parses the module: the header cannot end its comment or start a line of code.
            if TypeScriptOutputTests.has("node", package: "nodejs") {
                let check = try SwiftOutputTests.run("/usr/bin/node", ["--check", "Out/ts/tokens.js"], in: sandbox.root)
                #expect(check.status == 0, "\(check.output)")
            }
        }
    }
}
