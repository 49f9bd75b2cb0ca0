import Foundation
import SourceData
import SourceTree
import Testing
@testable import TokencKit
import TokenRules
import TokenColor

/// `tokenc diff` between two folders and `tokenc preview`, run as a user runs them.
/// The helper that runs git for `tokenc diff`: both pipes drained together.
@Suite struct ChildProcessTests {
    /// A program that writes 200 KB of errors before its output (more than a pipe holds) still finishes;
    /// run on a thread of its own with a deadline, so a deadlock fails the test instead of hanging the suite.
    @Test func aChildFillingStandardErrorFirstDoesNotHang() throws {
        final class Outcome: @unchecked Sendable { var result: (status: Int32, output: [UInt8], errors: [UInt8])? }
        let outcome = Outcome()
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            outcome.result = try? TokencKit.ReviewSide.run("/bin/sh", ["-c", "head -c 200000 /dev/zero >&2; printf ok; exit 3"])
            finished.signal()
        }
        guard finished.wait(timeout: .now() + 30) == .success else {
            Issue.record("the child process never finished: its pipes were not read together")
            return
        }
        let result = try #require(outcome.result)
        #expect(result.status == 3)
        #expect(result.output == Array("ok".utf8))
        #expect(result.errors.count == 200_000)
    }

    /// Input larger than a pipe holds reaches a program that echoes it as it reads (its output read meanwhile, or
    /// both would wait); a program that reads none of it, or closes its input at once, still finishes, its input
    /// left unwritten, and the write to the closed pipe does not end this process by SIGPIPE (which the test
    /// process, unlike tokenc, does not ignore).
    @Test func standardInputIsFedAsTheProgramReads() throws {
        final class Outcome: @unchecked Sendable { var echoed, ignored, closed: (status: Int32, output: [UInt8], errors: [UInt8])? }
        let outcome = Outcome()
        let input = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            outcome.echoed = try? TokencKit.ReviewSide.run("/bin/cat", [], input: input)
            outcome.ignored = try? TokencKit.ReviewSide.run("/bin/sh", ["-c", "printf done"], input: input)
            outcome.closed = try? TokencKit.ReviewSide.run("/bin/sh", ["-c", "exec 0<&-; sleep 0.2; printf done"], input: input)
            finished.signal()
        }
        guard finished.wait(timeout: .now() + 30) == .success else {
            Issue.record("the child process never finished: its input was not fed as it read")
            return
        }
        let echoed = try #require(outcome.echoed), ignored = try #require(outcome.ignored), closed = try #require(outcome.closed)
        #expect(echoed.status == 0 && echoed.output == input)
        #expect(ignored.status == 0 && ignored.output == Array("done".utf8))
        #expect(closed.status == 0 && closed.output == Array("done".utf8))
        #expect(try TokencKit.ReviewSide.run("/bin/cat", [], input: []).output.isEmpty)
    }

    /// A program killed by a signal reports 128 + the signal, as a shell does; one that cannot start says why.
    @Test func signalsAndMissingPrograms() throws {
        #expect(try TokencKit.ReviewSide.run("/bin/sh", ["-c", "kill -9 $$"]).status == 128 + 9)
        #expect(try TokencKit.ReviewSide.run("/bin/sh", ["-c", "printf '%s' \"$0\"", "argument"]).output == Array("argument".utf8))
        do {
            _ = try TokencKit.ReviewSide.run("/no/such/program", [])
            Issue.record("a missing program ran")
        } catch {
            #expect(error.message == "cannot run /no/such/program: No such file or directory")
        }
    }

    #if os(Linux)
    /// A child (git, for `diff`) starts as it would from a shell: with SIGPIPE's default action although tokenc
    /// ignores it, and with the calling thread's blocked signals (before `Interruption.install`, which this
    /// test process never calls).
    @Test func childrenStartWithTheDefaultSIGPIPEAndTheCallersMask() throws {
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let result = try TokencKit.ReviewSide.run("/usr/bin/grep", ["-E", "^Sig(Blk|Ign)", "/proc/self/status"])
        let fields = Dictionary(uniqueKeysWithValues: String(decoding: result.output, as: UTF8.self).split(separator: "\n").map {
            let parts = $0.split(separator: ":")
            return (String(parts[0]), UInt64(parts[1].trimmingCharacters(in: .whitespaces), radix: 16) ?? 0)
        })
        #expect(fields["SigIgn"].map { $0 & (1 << (SIGPIPE - 1)) == 0 } == true, "SIGPIPE is ignored in the child")
        var current = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &current)
        let blocked = (1...31).filter { sigismember(&current, Int32($0)) == 1 }.reduce(UInt64(0)) { $0 | 1 << ($1 - 1) }
        // The mask handed to posix_spawn, read on its own: an optional `sigset_t` read out of the lock came back
        // empty in release builds (script/test's release pass), and children started with nothing blocked.
        var given = Interruption.childSignalMask
        let givenBits = (1...31).filter { sigismember(&given, Int32($0)) == 1 }.reduce(UInt64(0)) { $0 | 1 << ($1 - 1) }
        #expect(givenBits == blocked, "the mask handed to posix_spawn")
        #expect(fields["SigBlk"].map { $0 & 0x7FFF_FFFF } == blocked)
    }
    #endif
}

@Suite struct ReviewCommandTests {
    /// An icon's `images` keys read as sizes in points; a key with no size (``, `@`, `@2x`, `10x0@0x`) is left
    /// out, never read past its parts.
    @Test func iconImageKeysThatAreNoSizeAreLeftOut() {
        let at = SourceLocation(file: "i.yaml", line: 1, column: 1)
        let images = ["16@2x", "74x55@2x", "", "@", "@2x", "10x0@0x"].map {
            MappingEntry(key: $0, keyLocation: at, value: .string("a.png", at: at, isFlowOrQuoted: false))
        }
        let icon = Node(.mapping([MappingEntry(key: "images", keyLocation: at, value: Node(.mapping(images), at: at, isFlowOrQuoted: false))]),
                        at: at, isFlowOrQuoted: false)
        #expect(StyleGuide.iconSizes(icon).map { "\($0.0) \($0.1)×\($0.2)" } == ["16@2x 16.0×16.0", "74x55@2x 74.0×55.0"])
    }

    static let base = "c:\n  $type: color\n  bg: { $value: \"#ffffff\" }\n  old: { $value: \"#123456\" }\n  fg:\n    $value: \"#333333\"\n    $extensions: { tokenc: { text: true, on: [\"{c.bg}\"] } }\nsize:\n  $type: dimension\n  gap: { $value: { value: 4, unit: px } }\n"
    static let head = "c:\n  $type: color\n  bg: { $value: \"#ffffff\" }\n  renamed: { $value: \"#123456\" }\n  fg:\n    $value: \"#999999\"\n    $extensions: { tokenc: { text: true, on: [\"{c.bg}\"] } }\n  new: { $value: \"#00ff00\" }\n"

    @Test func markdownDiffOfTwoFolders() throws {
        let sandbox = try Sandbox(["A/t.yaml": Self.base, "B/t.yaml": Self.head])
        defer { sandbox.remove() }
        let result = try TokencProcess.run(["diff", "A", "B"], in: sandbox.root)
        #expect(result.status == 0)
        // ΔE2000 of #333333 → #999999 is 38.13 (coloraide 8.13: 38.1274); 12.63:1 and 2.85:1 are WCAG ratios of #333 and #999 on white.
        #expect(result.stdout == """
### Design tokens: `A` → `B`

**1 changed · 1 added · 1 removed · 1 renamed · 1 contrast change · findings: 1 introduced, 0 fixed**

#### ⚠️ 2 breaking changes (names generated code exposes)

- `size.gap` is removed
- `c.old` is renamed to `c.renamed`

#### Changed

| token | appearance | before | after | ΔE2000 |
| --- | --- | --- | --- | --- |
| `c.fg` | light | `#333333` | `#999999` | 38.13 |

#### Contrast on declared surfaces

| foreground on surface | appearance | before | after | minimum |
| --- | --- | --- | --- | --- |
| `c.fg` on `c.bg` | light | 12.63:1 pass | 2.85:1 fail | 4.50:1 |

#### Added

| token | type | value |
| --- | --- | --- |
| `c.new` | color | `#00ff00` |

#### Removed

| token | type | value |
| --- | --- | --- |
| `size.gap` | dimension | `{value: 4, unit: px}` |

#### Renamed

| from | to | type |
| --- | --- | --- |
| `c.old` | `c.renamed` | color |

#### Findings introduced

| where | severity | finding | rule |
| --- | --- | --- | --- |
| B/t.yaml:7:47 | error | `c.fg` on `c.bg` is 2.85:1 in light; text needs 4.5:1 | color/contrast |

""")
    }

    /// A composite that kept some parts shows the parts that changed (a list's items by index); one that changed
    /// every part, or whose lists differ in length, shows both whole values. The JSON carries the parts too.
    @Test func compositesShowTheirChangedParts() throws {
        let before = """
            t:
              body: { $type: typography, $value: { fontFamily: Georgia, fontSize: { value: 17, unit: px }, fontWeight: 400, letterSpacing: { value: 0, unit: px }, lineHeight: 1.29 } }
              card: { $type: shadow, $value: [{ color: "#00000033", offsetX: { value: 0, unit: px }, offsetY: { value: 1, unit: px }, blur: { value: 2, unit: px }, spread: { value: 0, unit: px } }, { color: "#00000026", offsetX: { value: 0, unit: px }, offsetY: { value: 4, unit: px }, blur: { value: 8, unit: px }, spread: { value: 0, unit: px } }] }
              line: { $type: border, $value: { color: "#000000", width: { value: 1, unit: px }, style: solid } }

            """
        let after = before.replacingOccurrences(of: "lineHeight: 1.29", with: "lineHeight: 1.4")
            .replacingOccurrences(of: "blur: { value: 8, unit: px }", with: "blur: { value: 12, unit: px }")
            .replacingOccurrences(of: "{ color: \"#000000\", width: { value: 1, unit: px }, style: solid }",
                                  with: "{ color: \"#111111\", width: { value: 2, unit: px }, style: dashed }")
        let sandbox = try Sandbox(["A/t.yaml": before, "B/t.yaml": after])
        defer { sandbox.remove() }
        let result = try TokencProcess.run(["diff", "A", "B"], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("""
            | `t.body` | light | `lineHeight: 1.29` | `lineHeight: 1.4` |  |
            | `t.card` | light | `[1].blur: {value: 8, unit: px}` | `[1].blur: {value: 12, unit: px}` |  |
            | `t.line` | light | `{color: #000000, width: {value: 1, unit: px}, style: solid}` | `{color: #111111, width: {value: 2, unit: px}, style: dashed}` |  |

            """), "\(result.stdout)")
        let json = try TokencProcess.run(["diff", "A", "B", "--format", "json"], in: sandbox.root)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let changed = try #require(object["changed"] as? [[String: Any]])
        let parts = changed.map { (($0["modes"] as? [[String: Any]])?.first?["parts"] as? [[String: String]]) ?? [] }
        #expect(parts == [[["key": "lineHeight", "old": "1.29", "new": "1.4"]],
                          [["key": "[1].blur", "old": "{value: 8, unit: px}", "new": "{value: 12, unit: px}"]], []])
    }

    /// A token deprecated, or no longer deprecated, or given another explanation, is a change though its values
    /// stayed: a reviewer sees it in the table (and tools in the JSON), and it is not breaking.
    @Test func deprecationChangesAreChanges() throws {
        let before = "c:\n  $type: color\n  old: { $value: \"#ff0000\" }\n  was: { $value: \"#00ff00\", $deprecated: true }\n"
        let after = "c:\n  $type: color\n  old: { $value: \"#ff0000\", $deprecated: \"Use <c.new>.\" }\n  was: { $value: \"#00ff00\" }\n"
        let sandbox = try Sandbox(["A/t.yaml": before, "B/t.yaml": after])
        defer { sandbox.remove() }
        let result = try TokencProcess.run(["diff", "A", "B"], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("""
            **2 changed · 0 added · 0 removed · 0 renamed · findings: 0 introduced, 0 fixed**

            #### Changed

            | token | appearance | before | after | ΔE2000 |
            | --- | --- | --- | --- | --- |
            | `c.old` | deprecated | — | Use \\<c.new\\>. |  |
            | `c.was` | deprecated | yes | — |  |

            """), "\(result.stdout)")
        // JSON null (not deprecated) read as "null" here; "" is `$deprecated: true`.
        #expect(try Self.textChanges("deprecation", diffing: sandbox) == [["null", "Use <c.new>."], ["", "null"]])
        let failing = try TokencProcess.run(["diff", "A", "B", "--fail-on", "breaking"], in: sandbox.root)
        #expect(failing.status == 0)
    }

    /// A description added, removed or rewritten is a change a reviewer reads (a row per token, escaped for HTML and
    /// its lines joined by `<br>` in the markdown table and the page), though no value moved; the JSON has both
    /// sides as written. A token whose description stayed is not listed.
    @Test func descriptionChangesAreChanges() throws {
        let before = "c:\n  $type: color\n  a: { $value: \"#ff0000\" }\n  b: { $value: \"#00ff00\", $description: Links. }\n"
            + "  c: { $value: \"#0000ff\", $description: Same. }\n"
        let after = "c:\n  $type: color\n  a: { $value: \"#ff0000\", $description: \"Errors <b> | alerts.\\nNot for text.\" }\n"
            + "  b: { $value: \"#00ff00\" }\n  c: { $value: \"#0000ff\", $description: Same. }\n"
        let sandbox = try Sandbox(["A/t.yaml": before, "B/t.yaml": after])
        defer { sandbox.remove() }
        let result = try TokencProcess.run(["diff", "A", "B"], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("""
            **2 changed · 0 added · 0 removed · 0 renamed · findings: 0 introduced, 0 fixed**

            #### Changed

            | token | appearance | before | after | ΔE2000 |
            | --- | --- | --- | --- | --- |
            | `c.a` | description | — | Errors \\<b\\> \\| alerts.<br>Not for text. |  |
            | `c.b` | description | Links. | — |  |

            """), "\(result.stdout)")
        let page = try TokencProcess.run(["diff", "A", "B", "--format", "html"], in: sandbox.root)
        #expect(page.stdout.contains("<tr><td><code>c.a</code></td><td>description</td><td>—</td><td>Errors &lt;b&gt; | alerts.<br>Not for text.</td><td></td></tr>"),
                "\(page.stdout)")
        #expect(try Self.textChanges("description", diffing: sandbox) == [["null", "Errors <b> | alerts.\nNot for text."], ["Links.", "null"]])
        #expect(try Self.textChanges("deprecation", diffing: sandbox) == [["null", "null"], ["null", "null"]])
    }

    /// A DTCG color object reads as the CSS color it is, with its ΔE2000, not as changed `components`; a token's
    /// own `$extensions` and a group's description and extensions are changes too, key by key. Hexes and ΔE2000
    /// from coloraide 8.13.1: oklch(0.6 0.15 250) #2784d5, oklch(0.55 0.15 250) #0f74c5, ΔE 5.9209;
    /// hsl(210 50% 40%) at 0.5 and 0.4 alpha #33669980 and #33669966, ΔE 0 (alpha is not in ΔE2000).
    @Test func colorObjectsExtensionsAndGroups() throws {
        let before = """
            {
              "c": {
                "$type": "color",
                "$description": "Colors.",
                "$extensions": { "com.example": { "owner": "web" } },
                "blue": { "$value": { "colorSpace": "oklch", "components": [0.6, 0.15, 250] } },
                "veil": {
                  "$value": { "colorSpace": "hsl", "components": [210, 50, 40], "alpha": 0.5 },
                  "$extensions": { "tokenc": { "role": "fill" }, "com.example": { "id": "1:2" } }
                }
              }
            }

            """
        let after = """
            {
              "c": {
                "$type": "color",
                "$description": "All colors.",
                "blue": { "$value": { "colorSpace": "oklch", "components": [0.55, 0.15, 250] } },
                "veil": {
                  "$value": { "colorSpace": "hsl", "components": [210, 50, 40], "alpha": 0.4 },
                  "$extensions": { "tokenc": { "role": "fill", "platforms": ["ios"] } }
                }
              }
            }

            """
        let sandbox = try Sandbox(["A/t.tokens.json": before, "B/t.tokens.json": after])
        defer { sandbox.remove() }
        let result = try TokencProcess.run(["diff", "A", "B"], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            ### Design tokens: `A` → `B`

            **2 changed · 0 added · 0 removed · 0 renamed · 1 group changed · findings: 0 introduced, 0 fixed**

            #### Changed

            | token | appearance | before | after | ΔE2000 |
            | --- | --- | --- | --- | --- |
            | `c.blue` | light | `oklch(0.6 0.15 250)` (#2784d5) | `oklch(0.55 0.15 250)` (#0f74c5) | 5.92 |
            | `c.veil` | extensions | `tokenc.platforms`: —, `com.example.id: 1:2` | `tokenc.platforms: [ios]`, `com.example.id`: — |  |
            | `c.veil` | light | `hsl(210 50% 40% / 0.5)` (#33669980) | `hsl(210 50% 40% / 0.4)` (#33669966) | 0.00 |

            #### Groups

            | group | field | before | after |
            | --- | --- | --- | --- |
            | `c` | description | Colors. | All colors. |
            | `c` | extensions | `com.example.owner: web` | `com.example.owner`: — |

            """, "\(result.stdout)")
        let page = try TokencProcess.run(["diff", "A", "B", "--format", "html"], in: sandbox.root)
        #expect(page.stdout.contains("<tr><td><code>c</code></td><td>extensions</td><td><code>com.example.owner: web</code></td><td><code>com.example.owner</code>: —</td></tr>"),
                "\(page.stdout)")
        let json = try TokencProcess.run(["diff", "A", "B", "--format", "json"], in: sandbox.root)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["summary"] as? [String: Int])?["groupsChanged"] == 1)
        let group = try #require((object["groups"] as? [[String: Any]])?.first)
        #expect(group["path"] as? String == "c")
        #expect((group["description"] as? [String: String]) == ["old": "Colors.", "new": "All colors."])
        let veil = try #require((object["changed"] as? [[String: Any]])?.last)
        let parts = try #require(veil["extensions"] as? [[String: Any]])
        #expect(parts.map { "\($0["key"]!) \($0["old"] as? String ?? "null") \($0["new"] as? String ?? "null")" }
                    == ["tokenc.platforms null [ios]", "com.example.id 1:2 null"])
    }

    /// A token other than a color that starts or stops differing by mode changes its Swift constant's type (a
    /// `TokenModes` or a plain value): breaking. A composite whose color alone gains a dark value is not: its
    /// colors were a `ThemeColor` of every mode already.
    @Test func startingToDifferByModeIsBreaking() throws {
        let before = """
            ring: { $type: dimension, $value: { value: 2, unit: px } }
            wide: { $type: dimension, $value: { value: 4, unit: px }, $extensions: { mode: { dark: { value: 5, unit: px } } } }
            line: { $type: border, $value: { color: "#000000", width: { value: 1, unit: px }, style: solid } }

            """
        let after = """
            ring: { $type: dimension, $value: { value: 2, unit: px }, $extensions: { mode: { light-high-contrast: { value: 3, unit: px } } } }
            wide: { $type: dimension, $value: { value: 4, unit: px } }
            line: { $type: border, $value: { color: "#000000", width: { value: 1, unit: px }, style: solid }, $extensions: { mode: { dark: { color: "#ffffff", width: { value: 1, unit: px }, style: solid } } } }

            """
        let sandbox = try Sandbox(["A/t.yaml": before, "B/t.yaml": after])
        defer { sandbox.remove() }
        let result = try TokencProcess.run(["diff", "A", "B"], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("""
            #### ⚠️ 2 breaking changes (names generated code exposes)

            - `ring` now differs by mode: its Swift constant becomes a TokenModes
            - `wide` no longer differs by mode: its Swift constant becomes a plain value

            """), "\(result.stdout)")
        let failing = try TokencProcess.run(["diff", "A", "B", "--fail-on", "breaking"], in: sandbox.root)
        #expect(failing.status == 1)
        #expect(failing.stderr == "tokenc: 2 breaking changes\n")
    }

    /// A token written again elsewhere (another line, another file, other quoting of a key) with the same values is no
    /// change; a number written `1.0` instead of `1`, or a mapping's keys in another order, reads differently and is
    /// listed, as the values' texts are compared. (Unchanged tokens are skipped without writing their texts out.)
    @Test func onlyValuesThatReadDifferentlyAreChanges() throws {
        let before = "n:\n  $type: number\n  one: { $value: 1 }\n  half: { $value: 0.5 }\n  pad: { $type: dimension, $value: { value: 4, unit: px } }\n"
            + "  gap: { $type: dimension, $value: { value: 8, unit: px } }\n  fg: { $type: color, $value: \"#336699\", $description: Text. }\n"
        let after = "# moved down a line\nn:\n  $type: number\n  one: { $value: 1.0 }\n  \"half\": { $value: 0.5 }\n"
            + "  pad: { $type: dimension, $value: { unit: px, value: 4 } }\n"
        let elsewhere = "n:\n  gap:\n    $type: dimension\n    $value: { value: 8, unit: px }\n  fg: { $type: color, $value: \"#336699\", $description: Text. }\n"
        let sandbox = try Sandbox(["A/t.yaml": before, "B/t.yaml": after, "B/u.yaml": elsewhere])
        defer { sandbox.remove() }
        let result = try TokencProcess.run(["diff", "A", "B"], in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("""
            **2 changed · 0 added · 0 removed · 0 renamed · findings: 0 introduced, 0 fixed**

            #### Changed

            | token | appearance | before | after | ΔE2000 |
            | --- | --- | --- | --- | --- |
            | `n.one` | light | `1` | `1.0` |  |
            | `n.pad` | light | `{value: 4, unit: px}` | `{unit: px, value: 4}` |  |

            """), "\(result.stdout)")
    }

    /// `diff` and `inspect` take the declared pairs' measurements from the rules' run (`measuresContrast`): the same
    /// cells `ContrastMatrix.cells` measures on its own, with tokenc.yml's minimums; a pipeline not asked has none.
    @Test func theRulesMeasurementsOfContrastAreTheMatrixOwn() throws {
        let source = Array(Self.base.utf8) + Array("  big:\n    $type: color\n    $value: \"#777777\"\n    $extensions: { tokenc: { large-text: true, on: [\"{c.bg}\"] } }\n".utf8)
        var configuration = RuleConfiguration()
        configuration.options["color/contrast"] = ["large-text": 4]
        var pipeline = Pipeline(generators: [])
        pipeline.ruleConfiguration = configuration
        pipeline.measuresContrast = true
        let measured = pipeline.run(files: ["t.yaml"], sources: ["t.yaml": source], render: false)
        let cells = try #require(measured.contrast)
        #expect(cells.map(\.foreground) == ["c.fg", "size.big"])
        #expect(cells.map(\.minimum) == [4.5, 4])
        #expect(cells == ContrastMatrix.cells(measured.tokens, configuration: configuration))
        pipeline.measuresContrast = false
        #expect(pipeline.run(files: ["t.yaml"], sources: ["t.yaml": source], render: false).contrast == nil)
    }

    /// `diff A B --format json`'s `key` (`deprecation`, `description`) of each changed token as `[old, new]`, a JSON
    /// null (or no change to it) read as "null".
    static func textChanges(_ key: String, diffing sandbox: Sandbox) throws -> [[String]] {
        let json = try TokencProcess.run(["diff", "A", "B", "--format", "json"], in: sandbox.root)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let changed = try #require(object["changed"] as? [[String: Any]])
        return changed.map { change in ["old", "new"].map { ((change[key] as? [String: Any])?[$0] as? String) ?? "null" } }
    }

    @Test func failOnBreakingAndFindings() throws {
        let sandbox = try Sandbox(["A/t.yaml": Self.base, "B/t.yaml": Self.head, "C/t.yaml": Self.base])
        defer { sandbox.remove() }
        let breaking = try TokencProcess.run(["diff", "A", "B", "--fail-on", "breaking"], in: sandbox.root)
        #expect(breaking.status == 1)
        #expect(breaking.stderr == "tokenc: 2 breaking changes\n")
        let findings = try TokencProcess.run(["diff", "A", "B", "--fail-on", "findings"], in: sandbox.root)
        #expect(findings.status == 1)
        #expect(findings.stderr == "tokenc: 1 finding introduced\n")
        let same = try TokencProcess.run(["diff", "A", "C", "--fail-on", "breaking", "--fail-on", "findings"], in: sandbox.root)
        #expect(same.status == 0)
        #expect(same.stdout == "### Design tokens: `A` → `C`\n\nNo token, contrast or finding changed.\n")
        let missing = try TokencProcess.run(["diff", "nope"], in: sandbox.root,
                                            extraEnvironment: ["GIT_CEILING_DIRECTORIES": sandbox.root.deletingLastPathComponent().path])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("tokenc: error: `nope` is no folder, and this folder is not in a git repository"))
    }

    @Test func jsonDiffCarriesSchemaVersionAndFindingsInTheDesignShape() throws {
        let sandbox = try Sandbox(["A/t.yaml": Self.base, "B/t.yaml": Self.head])
        defer { sandbox.remove() }
        let result = try TokencProcess.run(["diff", "A", "B", "--format", "json"], in: sandbox.root)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 1)
        #expect(json["breaking"] as? [String] == ["`size.gap` is removed", "`c.old` is renamed to `c.renamed`"])
        let changed = try #require((json["changed"] as? [[String: Any]])?.first)
        let mode = try #require((changed["modes"] as? [[String: Any]])?.first)
        #expect(mode["deltaE2000"] as? Double == 38.127)  // coloraide 8.13: 38.127378
        let introduced = try #require((json["findings"] as? [String: Any])?["introduced"] as? [[String: Any]])
        #expect(introduced.count == 1)  // below AA, so `color/high-contrast-variant` leaves it to `color/contrast`
        #expect(Set(introduced[0].keys) == ["rule", "severity", "message", "path", "file", "line", "column", "related", "fix", "data"])
        #expect(introduced[0]["rule"] as? String == "color/contrast")
        #expect(introduced[0]["line"] as? Int == 7 && introduced[0]["column"] as? Int == 47)
    }

    /// A revision's token files are read with one git (`cat-file --batch`): the report against `HEAD` is the report
    /// against a copy of HEAD's files, whatever the files are named (spaces, accents, folders, from a subfolder);
    /// a name with a line break, which cannot be a line of that batch, is read on its own.
    @Test func aRevisionReadsAsACopyOfItsFiles() throws {
        let files = ["Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#ff0000\" }\n",
                     "Tokens/two words.yaml": "d:\n  $type: dimension\n  gap: { $value: { value: 4, unit: px } }\n",
                     "Tokens/Brand/café.json": "{ \"e\": { \"$type\": \"number\", \"ratio\": { \"$value\": 1.5 } } }\n"]
        let sandbox = try Sandbox(files.merging(files.map { ("Base/" + $0.key.dropFirst("Tokens/".count), $0.value) }) { a, _ in a })
        defer { sandbox.remove() }
        for arguments in [["init", "-q"], ["add", "Tokens"], ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "base"]] {
            #expect(try SwiftOutputTests.run("/usr/bin/env", ["git"] + arguments, in: sandbox.root).status == 0)
        }
        try Data("c:\n  $type: color\n  a: { $value: \"#00ff00\" }\n".utf8).write(to: sandbox.root.appendingPathComponent("Tokens/c.yaml"))
        try Data("{ \"e\": { \"$type\": \"number\", \"ratio\": { \"$value\": 2 } } }\n".utf8)
            .write(to: sandbox.root.appendingPathComponent("Tokens/Brand/café.json"))
        let revision = try TokencProcess.run(["diff", "HEAD"], in: sandbox.root)
        let folder = try TokencProcess.run(["diff", "Base", "Tokens"], in: sandbox.root)
        #expect(revision.status == 0 && folder.status == 0, "\(revision.stderr)\(folder.stderr)")
        #expect(revision.stdout.contains("**2 changed · 0 added · 0 removed · 0 renamed"), "\(revision.stdout)")
        #expect(revision.stdout.replacingOccurrences(of: "`HEAD` →", with: "`Base` →") == folder.stdout)
        let inside = try TokencProcess.run(["diff", "HEAD", "--tokens", "."], in: sandbox.root.appendingPathComponent("Tokens"))
        #expect(inside.stdout.replacingOccurrences(of: "`HEAD` → `.`", with: "`Base` → `Tokens`") == folder.stdout, "\(inside.stderr)")

        try Data("f:\n  $type: number\n  odd: { $value: 7 }\n".utf8).write(to: sandbox.root.appendingPathComponent("Tokens/odd\nname.yaml"))
        for arguments in [["add", "Tokens"], ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "more"]] {
            #expect(try SwiftOutputTests.run("/usr/bin/env", ["git"] + arguments, in: sandbox.root).status == 0)
        }
        let unchanged = try TokencProcess.run(["diff", "HEAD", "--format", "json"], in: sandbox.root)
        #expect(unchanged.status == 0, "\(unchanged.stderr)")
        #expect(unchanged.stdout.contains("\"changed\": 0,"), "\(unchanged.stdout.prefix(400))")
        let before = try TokencProcess.run(["diff", "HEAD~1", "--format", "json"], in: sandbox.root)
        #expect(before.stdout.contains("\"path\": \"f.odd\""), "the file with a line break in its name was read at HEAD~1's side only: \(before.stdout.prefix(600))")
    }

    /// `git cat-file --batch`'s output split into its objects' contents by their sizes (contents may hold line
    /// breaks, or be empty); output that is cut short, names an object missing, or gives an impossible size is
    /// an error naming the file, never a read past the end.
    @Test func batchOutputIsSplitBySize() throws {
        func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
        let two = bytes("1a2b blob 10\nc:\n  a: 1\n\n3c4d blob 0\n\n")
        #expect(try ReviewSide.batchContents(two, names: ["HEAD:./c.yaml", "HEAD:./e.yaml"]) == [bytes("c:\n  a: 1\n"), []])
        let broken: [(String, String)] = [
            ("1a2b blob 12\nc:\n  a: 1\n", "git cannot read HEAD:./c.yaml: 1a2b blob 12"),
            ("HEAD:./c.yaml missing\n", "git cannot read HEAD:./c.yaml: HEAD:./c.yaml missing"),
            ("1a2b blob 9223372036854775807\nc\n", "git cannot read HEAD:./c.yaml: 1a2b blob 9223372036854775807"),
            ("1a2b blob -1\n\n", "git cannot read HEAD:./c.yaml: 1a2b blob -1"),
            ("", "git cat-file --batch stopped before HEAD:./c.yaml"),
        ]
        for (output, message) in broken {
            #expect(throws: ToolError.self) { try ReviewSide.batchContents(bytes(output), names: ["HEAD:./c.yaml"]) }
            do { _ = try ReviewSide.batchContents(bytes(output), names: ["HEAD:./c.yaml"]) } catch { #expect(error.message == message) }
        }
    }

    /// A revision named outside any git repository is reported as that, not as a wrong name; inside one, a name
    /// that is no revision is.
    @Test func aRevisionOutsideARepositorySaysSo() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#ff0000\" }\n"])
        defer { sandbox.remove() }
        let outside = try TokencProcess.run(["diff", "HEAD"], in: sandbox.root, extraEnvironment: ["GIT_CEILING_DIRECTORIES": sandbox.root.deletingLastPathComponent().path])
        #expect(outside.status == 2)
        #expect(outside.stderr == "tokenc: error: `HEAD` is no folder, and this folder is not in a git repository, so it cannot be a revision "
            + "(run tokenc diff inside the repository, or give two folders: tokenc diff OLD NEW)\n")
        #expect(try SwiftOutputTests.run("/usr/bin/env", ["git", "init", "-q"], in: sandbox.root).status == 0)
        let inside = try TokencProcess.run(["diff", "nosuchrev"], in: sandbox.root)
        #expect(inside.stderr == "tokenc: error: `nosuchrev` is neither a folder nor a git revision (give a folder, a branch, a tag or a commit)\n")
    }

    /// `--output` with a bare file name writes it in the current folder (its folder is no path at all, which the
    /// atomic writer once failed to create: "cannot write guide.html: No such file or directory"), and leaves no
    /// temporary file beside it.
    @Test func outputToABareFileNameIsWrittenHere() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#ff0000\", $description: Red., $deprecated: Use c.b. }\n"])
        defer { sandbox.remove() }
        for arguments in [["preview", "--output", "guide.html"], ["diff", "Tokens", "Tokens", "--format", "html", "--output", "diff.html"],
                          ["diff", "Tokens", "Tokens", "--output", "diff.md"]] {
            let result = try TokencProcess.run(arguments, in: sandbox.root)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path).sorted()
        #expect(written == ["Tokens", "diff.html", "diff.md", "guide.html"])
        let guide = try String(contentsOf: sandbox.root.appendingPathComponent("guide.html"), encoding: .utf8)
        #expect(guide.hasPrefix("<!doctype html>"))
        // The style guide marks a deprecated token beside its description.
        #expect(guide.contains("<td>Red.<br><span class=\"deprecated\">deprecated: Use c.b.</span></td>"), "\(guide)")
    }

    /// Up to six custom modes get a column each; with more, the built-in appearances keep theirs and one "other
    /// modes" column lists the modes each row has, labeled (a column per mode of thousands made millions of cells).
    @Test func manyCustomModesAreListedInOneColumn() throws {
        let themes = (1...7).map { "t\($0): \"#0000ff\"" }.joined(separator: ", ")
        let sandbox = try Sandbox([
            "Tokens/c.yaml": """
                c:
                  $type: color
                  bg: { $value: "#ffffff" }
                  a: { $value: "#000000", $extensions: { mode: { dark: "#ffffff", \(themes) }, tokenc: { on: ["{c.bg}"], text: true } } }
                  b: { $value: "#ff0000" }

                """,
            "Few/c.yaml": "c:\n  $type: color\n  a: { $value: \"#000000\", $extensions: { mode: { t1: \"#0000ff\" } } }\n",
        ])
        defer { sandbox.remove() }
        let many = try InProcess.run(["preview", "Tokens"], in: sandbox.root)
        #expect(many.status == 0, "\(many.stderr)")
        #expect(many.stdout.contains("<tr><th>token</th><th>light</th><th>dark</th><th>other modes</th><th>description</th>"), "\(many.stdout)")
        #expect(many.stdout.contains("<tr><th>foreground on surface</th><th>needs</th><th>light</th><th>dark</th><th>other modes</th></tr>"),
                "\(many.stdout)")
        #expect(many.stdout.contains(#"<td><span class="mode">t1</span> <span class="swatch" data-token="c.a" data-mode="t1" style="background-color: #0000ff"></span><code>#0000ff</code><br><span class="mode">t2</span> "#),
                "\(many.stdout)")
        #expect(many.stdout.contains(#"<span class="mode">t7</span> <span class="swatch" data-token="c.a" data-mode="t7" style="background-color: #0000ff"></span><code>#0000ff</code><br></td><td></td><td><code>Tokens/c.yaml:4</code></td></tr>"#),
                "\(many.stdout)")
        // A token with no custom mode has an empty cell there.
        #expect(many.stdout.contains(#"<code>#ff0000</code></td><td></td><td></td><td><code>Tokens/c.yaml:5</code></td></tr>"#), "\(many.stdout)")
        let few = try InProcess.run(["preview", "Few"], in: sandbox.root)
        #expect(few.stdout.contains("<tr><th>token</th><th>light</th><th>t1</th><th>description</th><th>source</th></tr>"), "\(few.stdout)")
    }

    @Test func previewIsTheSameBytesEveryTime() throws {
        let folder = Golden.packageRoot.appendingPathComponent("Tokens").path
        let first = try InProcess.run(["preview", folder], in: Golden.packageRoot)
        let second = try InProcess.run(["preview", folder], in: Golden.packageRoot)
        #expect(first.status == 0 && first.stdout == second.stdout)
        #expect(first.stdout.hasPrefix("<!doctype html>"))
        #expect(!first.stdout.contains("http://") && !first.stdout.contains("https://"), "self-contained: no external resources")
    }

    /// 3,000 colors with a dark value each, on a declared surface every tenth: a page of many 256 KB chunks.
    static let manyColors = "c:\n  $type: color\n  bg: { $value: \"#ffffff\" }\n" + (0..<3000).map { index in
        let hex = String(0x100000 + index * 977, radix: 16).suffix(6)
        let on = index % 10 == 0 ? ", tokenc: { on: [\"{c.bg}\"] }" : ""
        return "  t\(index): { $value: \"#\(hex)\", $description: Color \(index) <of 3000>., $extensions: { mode: { dark: \"#0a0b0c\" }\(on) } }\n"
    }.joined()

    /// The page is written as it is made, a chunk at a time: to standard output, or to a hidden file renamed onto
    /// `--output` once whole; both are the same bytes. A path that cannot be written is an error naming it, with
    /// nothing left behind.
    @Test func previewStreamsTheSamePageToAFileAsToStandardOutput() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": Self.manyColors])
        defer { sandbox.remove() }
        let printed = try TokencProcess.run(["preview"], in: sandbox.root)
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout.utf8.count > 4 << 18, "several chunks")
        #expect(printed.stdout.hasSuffix("</table>\n</body>\n</html>\n"))
        #expect(printed.stdout.contains("Color 2999 &lt;of 3000&gt;."))
        let written = try TokencProcess.run(["preview", "-o", "Site/guide.html"], in: sandbox.root)
        #expect(written.status == 0 && written.stdout.isEmpty, "\(written.stderr)")
        #expect(try String(contentsOf: sandbox.root.appendingPathComponent("Site/guide.html"), encoding: .utf8) == printed.stdout)
        let refused = try TokencProcess.run(["preview", "-o", "Tokens/c.yaml/guide.html"], in: sandbox.root)
        #expect(refused.status == 2)
        #expect(refused.stderr == "tokenc: error: cannot write Tokens/c.yaml/guide.html: Not a directory\n")
        #expect(sandbox.listing() == ["Site/guide.html", "Tokens/c.yaml"])
    }

    /// A preview stopped by a signal while it writes its page leaves the page it replaces as it was, and no hidden
    /// file: the process ends by the signal, or, stopped while writing, says so and removes what it wrote.
    @Test func aSignalledPreviewLeavesThePageItReplaces() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": Self.manyColors, "guide.html": "the old page\n"])
        defer { sandbox.remove() }
        let page = sandbox.root.appendingPathComponent("guide.html")
        let timing = try TokencProcess.run(["preview", "-o", "timing.html"], in: sandbox.root)
        #expect(timing.status == 0, "\(timing.stderr)")
        let complete = try String(contentsOf: sandbox.root.appendingPathComponent("timing.html"), encoding: .utf8)
        try FileManager.default.removeItem(at: sandbox.root.appendingPathComponent("timing.html"))
        let stoppedWhileWriting = try TokencProcess.signalledRuns(["preview", "-o", "guide.html"], in: sandbox.root, seconds: timing.seconds,
                                                                  prepare: { try Data("the old page\n".utf8).write(to: page) }) { run, step in
            let now = try String(contentsOf: page, encoding: .utf8)
            #expect(sandbox.listing() == ["Tokens/c.yaml", "guide.html"], "step \(step): a hidden file was left")
            #expect(now == "the old page\n" || now == complete, "step \(step): a page of \(now.utf8.count) bytes")
            if run.endedBy == nil {
                #expect(run.status == 0 && now == complete, "step \(step): \(run.stderr.suffix(300))")
            } else {
                #expect(run.endedBy == SIGTERM)
            }
            if run.stderr.contains("tokenc: error: interrupted (SIGTERM): no output was changed") {
                #expect(now == "the old page\n" && run.endedBy == SIGTERM, "step \(step)")
            }
        }
        #expect(stoppedWhileWriting > 0, "no signal arrived while the page was being written")
    }
}
