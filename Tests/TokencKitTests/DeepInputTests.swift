import Foundation
import Testing
import TokenModel
@testable import TokencKit
import Locks

/// Input as deep as tokenc allows runs on an ordinary thread: the pipeline keeps the frames of its walks along
/// alias chains, mode references and `$extends` chains on the heap. Each shape runs the whole pipeline (debug
/// build, every rule and output) on a thread with 512 KiB of stack, the size Apple's platforms give a secondary
/// thread; the same shapes once needed the 512 MiB stack the pipeline used to run on.
@Suite struct DeepInputTests {
    /// 512 KiB; three times that under a sanitizer, whose instrumentation makes every frame larger (the
    /// address sanitizer's redzones: a frame's locals can take three times their size).
    static let stackSize = (512 << 10) * (ProcessInfo.processInfo.environment["TOKENC_SANITIZER"] == nil ? 1 : 3)

    /// Runs `body` on a new thread with `stackSize` bytes of stack and waits for it.
    static func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let result = LockedValue<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        return result.withLock { $0! }
    }

    /// The findings of a build of `yaml` as `id` strings, and the resolved tokens by path.
    static func build(_ yaml: String) -> (ids: [String], tokens: [String: ResolvedToken]) {
        let result = onSmallStack {
            Pipeline().run(files: ["t.yaml"], sources: ["t.yaml": Array(yaml.utf8)], render: true)
        }
        return (result.diagnostics.map(\.id), Dictionary(result.tokens.tokens.map { ($0.path, $0) }) { a, _ in a })
    }

    /// 999 aliases, each with a description (so none is resolved ahead of the walk), down to a color with a dark
    /// value: the walk follows the chain in light and in dark.
    @Test func aChainOfAThousandAliasesInEveryMode() {
        var yaml = "c:\n  $type: color\n"
        for i in 0..<999 { yaml += "  a\(i): { $value: '{c.a\(i + 1)}', $description: link \(i) }\n" }
        yaml += "  a999: { $value: '#102030', $extensions: { mode: { dark: '#405060' } } }\n"
        let (ids, tokens) = Self.build(yaml)
        #expect(!ids.contains { $0.hasPrefix("alias/") }, "\(Set(ids))")
        let first = tokens["c.a0"]
        #expect(first?.aliasChain.count == 999)
        #expect(first?.values.map { "\($0.mode) \($0.value.string ?? "")" } == ["light #102030", "dark #405060"])
    }

    /// One link past the bound: `alias/chain-too-long`, once, at the start.
    @Test func aChainPastTheBoundIsOneError() {
        var yaml = "c:\n  $type: color\n"
        for i in 0..<1_001 { yaml += "  a\(i): { $value: '{c.a\(i + 1)}', $description: link \(i) }\n" }
        yaml += "  a1001: { $value: '#102030' }\n"
        let (ids, _) = Self.build(yaml)
        #expect(ids.filter { $0 == "alias/chain-too-long" }.count == 1)
    }

    /// 5,000 tokens whose light values are literals and whose dark values each name the next token: a chain
    /// that exists in dark mode alone, 5,000 links long, and every token ends in the last one's dark value.
    @Test func aChainInOneModeAlone() {
        var yaml = "c:\n  $type: color\n"
        for i in 0..<5_000 { yaml += "  m\(i): { $value: '#ffffff', $extensions: { mode: { dark: '{c.m\(i + 1)}' } } }\n" }
        yaml += "  m5000: { $value: '#000000' }\n"
        let (ids, tokens) = Self.build(yaml)
        #expect(!ids.contains { $0.hasPrefix("alias/") }, "\(Set(ids))")
        #expect(tokens["c.m0"]?.values.map { "\($0.mode) \($0.value.string ?? "")" } == ["light #ffffff", "dark #000000"])
    }

    /// The same chain closed into a circle in dark mode: one `alias/cycle`.
    @Test func aCircleInOneModeAlone() {
        var yaml = "c:\n  $type: color\n"
        for i in 0..<2_000 { yaml += "  m\(i): { $value: '#ffffff', $extensions: { mode: { dark: '{c.m\((i + 1) % 2_000)}' } } }\n" }
        let (ids, _) = Self.build(yaml)
        #expect(ids.filter { $0 == "alias/cycle" }.count == 1)
    }

    /// 5,000 groups, each extending the one before, the first holding one token: every group gets its copy.
    @Test func aChainOfGroupExtends() {
        var yaml = "g0:\n  t: { $type: number, $value: 1 }\n"
        for i in 1...5_000 { yaml += "g\(i):\n  $extends: '{g\(i - 1)}'\n" }
        let (ids, tokens) = Self.build(yaml)
        #expect(!ids.contains { $0.hasPrefix("alias/") }, "\(Set(ids))")
        #expect(tokens.count == 5_001 && tokens["g5000.t"] != nil)
    }

    /// Groups nested as deep as the loader allows.
    @Test func groupsNestedToTheLoadersBound() {
        var yaml = ""
        for depth in 0..<124 { yaml += String(repeating: "  ", count: depth) + "g\(depth):\n" }
        yaml += String(repeating: "  ", count: 124) + "t: { $type: color, $value: '#123456', $extensions: { mode: { dark: '#654321' } } }\n"
        let (ids, tokens) = Self.build(yaml)
        #expect(ids.filter { $0.hasPrefix("yaml/") || $0.hasPrefix("token/") }.isEmpty, "\(Set(ids))")
        #expect(tokens.count == 1)
    }
}
