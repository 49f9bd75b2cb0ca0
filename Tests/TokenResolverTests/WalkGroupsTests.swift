import Testing
import TokenLoader
import SourceData
import SourceTree
import TokenModel
@testable import TokenResolver

/// The alias walk split into groups that go side by side finds exactly what one walk over every token finds.
@Suite struct WalkGroupsTests {
    /// Blocks of tokens with every kind of reference the walk follows — chains, cycles, aliases across blocks, with
    /// modes and in modes, inside a composite, a `$ref`, surfaces in `on` — and, in every fifth block, references
    /// that name nothing, so the walk's suggestions are asked in several places.
    static func files(blocks: Int) -> [String: String] {
        var files: [String: String] = [:]
        for b in 0..<blocks {
            let next = (b + 1) % blocks
            var text = """
                b\(b):
                  palette:
                    $type: color
                    c0: { $value: "#1\(b % 10)2233" }
                    c1: { $value: "#445566", $extensions: { mode: { dark: "#000000" } } }
                    c2: { $value: "not a color" }
                    old: { $value: "#abcdef", $deprecated: "use c0" }
                  alias:
                    $type: color
                    a0: { $value: "{b\(b).palette.c0}" }
                    a1: { $value: "{b\(b).alias.a0}" }
                    a2: { $value: "{b\(b).palette.c2}" }
                    a3: { $value: "{b\(b).palette.old}" }
                    a4: { $value: "{b\(b).alias.a5}" }
                    a5: { $value: "{b\(b).alias.a4}" }
                    a6: { $value: "{b\(next).palette.c1}" }
                    a7: { $value: "#ffffff", $extensions: { mode: { dark: "{b\(b).palette.c1}" } } }
                    m0: { $value: "{b\(b).palette.c1}", $extensions: { mode: { dark: "{b\(b).palette.c0}" } } }
                  size:
                    $type: dimension
                    s0: { $value: { value: 4, unit: px } }
                    s1: { $value: "{b\(b).size.s0}" }
                    s2: { $value: "{b\(b).palette.c0}" }
                  type:
                    $type: typography
                    t0: { $value: { fontFamily: Inter, fontSize: "{b\(b).size.s0}", fontWeight: 400, lineHeight: 1.2, letterSpacing: { value: 0, unit: px } } }
                  surface:
                    $type: color
                    bg: { $value: "#ffffff" }
                  label:
                    $type: color
                    l0: { $value: "#000000", $extensions: { tokenc: { role: label, text: true, on: ["{b\(b).surface.bg}"] } } }

                """
            if b % 5 == 0 {
                text += """
                      broken:
                        $type: color
                        x0: { $value: "{b\(b).palette.c9}" }
                        x1: { $value: "{b\(b).broken.x0}" }
                        x2: { $value: { $ref: "#/b\(b)/palette/c0/$value" } }
                        x3: { $value: "#000000", $extensions: { tokenc: { role: label, text: true, on: ["{b\(b).surface.none}"] } } }
                        x4: { $value: "{b\(b).palette}" }
                        x5: { $value: { $ref: "#/b\(b)/broken/lone" } }
                        lone: { $value: "#123456" }

                    """
            }
            files["tokens-\(b).yaml"] = text
        }
        return files
    }

    static func tokens(blocks: Int) -> [Token] {
        let loader = TokenFileLoader()
        let files = Self.files(blocks: blocks)
        let loaded = files.keys.sorted().map { loader.load(bytes: Array(files[$0]!.utf8), path: $0).file }
        return TokenTreeBuilder().build(loaded).tokens
    }

    /// Everything a resolution says, as text: each finding in order, each token with its values and chain.
    static func described(_ result: (set: ResolvedTokenSet, diagnostics: [Diagnostic])) -> [String] {
        result.diagnostics.map { d in
            "\(d.id) \(d.severity) \(d.location.map { "\($0.file):\($0.line):\($0.column)" } ?? "-") \(d.message) | \(d.fix ?? "-") | "
                + d.related.map { "\($0.location.file):\($0.location.line) \($0.message)" }.joined(separator: "; ")
        } + result.set.tokens.map { token in
            "\(token.path) \(token.type.rawValue) [\(token.aliasChain.joined(separator: ", "))] "
                + token.values.map { "\($0.mode)=\($0.value.writtenText)@\($0.value.location.line):\($0.value.location.column)" }.joined(separator: " ")
                + " colors \(token.colors.count) typed \(token.typedValues.count)"
        } + ["modes: " + result.set.modes.joined(separator: ", ")]
    }

    @Test func splitWalksFindWhatOneWalkFinds() {
        let tokens = Self.tokens(blocks: 23)
        var one = AliasResolver()
        one.splitsWalkFrom = .max
        var split = AliasResolver()
        split.splitsWalkFrom = 0
        let oneWalk = Self.described(one.resolve(tokens)), splitWalks = Self.described(split.resolve(tokens))
        #expect(oneWalk.count == splitWalks.count)
        for (a, b) in zip(oneWalk, splitWalks) where a != b {
            Issue.record("one walk: \(a)\nsplit:    \(b)")
            break
        }
        // The set exercises what it is meant to: findings of each kind, in many blocks.
        let ids = Set(oneWalk.compactMap { $0.split(separator: " ").first.map(String.init) })
        for id in ["alias/unresolved", "alias/cycle", "alias/type-mismatch", "token/deprecated-use"] {
            #expect(ids.contains(id), "no \(id) finding")
        }
    }

    @Test func eachComponentIsInOneGroupAndTheBrokenReferencesShareOne() {
        let tokens = Self.tokens(blocks: 23)
        let ahead = AliasResolver.resolveAhead(tokens)
        let groups = WalkGroups(tokens, flags: ahead.flags, lightTargets: ahead.lightTargets, index: ahead.index)
        #expect(groups.count == 2)
        #expect(groups.group.contains(0) && groups.group.contains(1))
        func group(_ path: String) -> UInt8 { groups.group[ahead.index[path]!] }
        // An alias goes with its target, across blocks too; a chain and a cycle stay together.
        #expect(group("b3.alias.a0") == group("b3.palette.c0"))
        #expect(group("b3.alias.a1") == group("b3.palette.c0"))
        #expect(group("b3.alias.a6") == group("b4.palette.c1"))
        #expect(group("b3.alias.a4") == group("b3.alias.a5"))
        #expect(group("b3.type.t0") == group("b3.size.s0"))
        #expect(group("b3.alias.m0") == group("b3.palette.c0"))
        // A `$ref` goes with the token it points at, as an alias does (`lone` is named by nothing else).
        for b in stride(from: 0, to: 23, by: 5) { #expect(group("b\(b).broken.x5") == group("b\(b).broken.lone")) }
        // Every token with a reference that names nothing, a `$ref` or an unknown surface is in one group.
        let broken = (0..<23).filter { $0 % 5 == 0 }.flatMap { b in ["x0", "x2", "x3", "x4"].map { "b\(b).broken.\($0)" } }
        #expect(Set(broken.map(group)).count == 1)
    }
}
