import Testing
import TokenModel
@testable import TokenGenerators

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

    /// The memo of color tokens' values: found only for the same list address, in its slot, made for a token
    /// with the same modes; a kept "no value" is found as such.
    @Test func sharedColorsMemoFindsOnlyWhatWasKeptForTheAddressAndModes() {
        func token(_ path: String, _ modes: [String]) -> ResolvedToken {
            let location = SourceLocation(file: "memo.yaml", line: 1, column: 1)
            let values = modes.map { ModeValue($0, .string("#ffffff", at: location)) }
            return ResolvedToken(token: Token(path: path, type: .color, location: location, value: values[0].value),
                                 type: .color, values: values, aliasChain: [])
        }
        let target = token("c.target", ["light", "dark"]), alias = token("c.alias", ["light", "dark"])
        let other = token("c.other", ["light"])
        var memo = SharedColorsMemo<SwiftContextBuilder.Value?>(slots: 8)
        let first = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
        let second = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
        defer { first.deallocate(); second.deallocate() }
        let slot = memo.slot(ofAddress: first)
        #expect(memo.value(for: first, in: slot, sameModesAs: alias) == nil)
        memo.store(SwiftContextBuilder.Value(expression: "x", type: nil, doc: []), madeFor: target, at: first, in: slot)
        let found = memo.value(for: first, in: slot, sameModesAs: alias)
        #expect(found??.line == "x")
        #expect(memo.value(for: first, in: slot, sameModesAs: other) == nil)
        #expect(memo.value(for: second, in: slot, sameModesAs: alias) == nil)
        memo.store(nil, madeFor: target, at: first, in: slot)
        let none = memo.value(for: first, in: slot, sameModesAs: alias)
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
