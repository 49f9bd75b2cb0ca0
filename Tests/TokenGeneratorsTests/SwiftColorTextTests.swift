import Testing
import SourceData
import TokenModel
@testable import TokenGenerators
import TokenColor

@Suite struct SwiftColorTextTests {
    /// The literal tables the color texts are written from name each built-in appearance as `label` and
    /// `Appearance.builtIn` do, in the same order.
    @Test func literalTablesMatchTheAppearances() {
        #expect(SwiftContextBuilder.builtInLabels.map(\.description) == Appearance.builtIn.map { SwiftContextBuilder.label($0)! })
        #expect(SwiftContextBuilder.builtInModes.map(\.description) == Appearance.builtIn)
    }

    /// Literals appended from where the binary holds them, one-byte literals included (which may be held as a
    /// scalar rather than as bytes), give the same bytes as appending the text.
    @Test func literalAppendsMatchStringAppends() {
        var literal = ByteBuffer(capacity: 4)
        var text = ByteBuffer(capacity: 4)
        literal.append(literal: "TokenColor(.displayP3, ")
        literal.append(literal: ",")
        literal.append(literal: " (sRGB fallback of a Display P3 color)")
        literal.append(literal: "")
        text.append("TokenColor(.displayP3, , (sRGB fallback of a Display P3 color)")
        #expect(literal.array == text.array)
    }

    /// A color's hex written on the stack is the `hex` string's bytes, opaque and not.
    @Test func hexOnTheStackMatchesTheString() {
        for color in [Color(.srgb, 1, 0.5, 0), Color(.srgb, 0.1, 0.2, 0.3, alpha: 0.5), Color(.displayP3, 0, 1, 0)] {
            #expect(color.withHex { Array($0) } == Array(color.hex.utf8))
        }
        #expect(Color(.srgb, 1, 0.5, 0).hex == "#ff8000")
        #expect(Color(.srgb, 0, 0, 0, alpha: 0.5).hex == "#00000080")
    }

    /// The memo of color tokens' values: found only for the same colors' identity, in its slot, made for a
    /// token with the same modes; a kept "no value" is found as such. An alias made by the resolver's
    /// initialiser shares its target's identity; a token with equal colors of its own does not.
    @Test func sharedColorsMemoFindsOnlyWhatWasKeptForTheIdentityAndModes() {
        let location = SourceLocation(file: "memo.yaml", line: 1, column: 1)
        func token(_ path: String, _ modes: [String], sharing target: ResolvedToken? = nil) -> ResolvedToken {
            let values = modes.map { ModeValue($0, .string("#ffffff", at: location)) }
            let written = Token(path: path, type: .color, location: location, value: values[0].value)
            guard let target else { return ResolvedToken(token: written, type: .color, values: values, aliasChain: []) }
            return ResolvedToken(token: written, type: .color, values: values, aliasChain: [target.path], colors: target.colors,
                                 sharingColorsOf: target)
        }
        let target = token("c.target", ["light", "dark"])
        let alias = token("c.alias", ["light", "dark"], sharing: target)
        let aliasOfAlias = token("c.again", ["light", "dark"], sharing: alias)
        let lookalike = token("c.lookalike", ["light", "dark"])
        let other = token("c.other", ["light"])
        #expect(alias.colorsIdentity == target.colorsIdentity && aliasOfAlias.colorsIdentity == target.colorsIdentity)
        #expect(lookalike.colorsIdentity != target.colorsIdentity)
        var memo = SharedColorsMemo<SwiftContextBuilder.Value?>(slots: 8)
        let shared = SharedColorsMemo<SwiftContextBuilder.Value?>.identity(of: alias)!
        let slot = memo.slot(of: shared)
        #expect(memo.value(for: shared, in: slot, sameModesAs: alias) == nil)
        memo.store(SwiftContextBuilder.Value(expression: "x", type: nil, doc: []), madeFor: target, at: shared, in: slot)
        let found = memo.value(for: shared, in: slot, sameModesAs: aliasOfAlias)
        #expect(found??.line == "x")
        #expect(memo.value(for: shared, in: slot, sameModesAs: other) == nil)
        #expect(memo.value(for: lookalike.colorsIdentity!, in: slot, sameModesAs: alias) == nil)
        memo.store(nil, madeFor: target, at: shared, in: slot)
        let none = memo.value(for: shared, in: slot, sameModesAs: alias)
        #expect(none != nil && none! == nil)
    }

    @Test func memoSlotsGrowWithTheSetAsPowersOfTwoFrom64To4096() {
        let expected: [(tokens: Int, slots: Int)] = [
            (0, 64), (100, 64), (1_000, 64), (1_023, 64), (1_024, 128), (8_191, 512), (8_192, 1_024),
            (10_000, 1_024), (32_767, 2_048), (32_768, 4_096), (100_000, 4_096), (10_000_000, 4_096),
        ]
        for (tokens, slots) in expected {
            #expect(MemoSlots.count(forTokens: tokens) == slots, "\(tokens) tokens")
        }
    }
}
