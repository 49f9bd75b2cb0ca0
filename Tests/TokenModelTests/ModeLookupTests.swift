import Testing
import SourceData
import SourceTree
import TokenModel

@Suite struct ModeLookupTests {
    /// Every order of every subset of the built-in appearances and two custom modes, with the light value first
    /// or missing: a token's value in each mode is the one `Appearance.fallbacks(for:)` documents, found by
    /// comparing names (the lookup itself reads each value's appearance from a packed field).
    @Test func valueInAModeFollowsTheDocumentedFallbacks() {
        let names = Appearance.builtIn + ["brand", "brand-dark"]
        let asked = names + ["sepia", "light-high-contrast "]
        for mask in 1..<(1 << names.count) {
            var modes = names.indices.filter { mask & (1 << $0) != 0 }.map { names[$0] }
            for order in [modes, modes.reversed()] {
                modes = order
                let values = modes.enumerated().map { ModeValue($1, Node(.scalar(.integer($0), text: "\($0)"), at: SourceLocation(file: "t", line: 1, column: 1))) }
                let token = ResolvedToken(token: Token(path: "a", type: .number, location: SourceLocation(file: "t", line: 1, column: 1), value: values[0].value),
                                          type: .number, values: values, aliasChain: [])
                for mode in asked {
                    let expected = ([mode] + Appearance.fallbacks(for: mode)).lazy.compactMap { name in modes.firstIndex(of: name) }.first ?? 0
                    #expect(token.value(in: mode).number == Double(expected), "\(modes) in \(mode)")
                    #expect(token.index(ofMode: mode) == modes.firstIndex(of: mode), "\(modes) has \(mode)")
                }
            }
        }
    }

    /// A token with more values than the packed field holds still finds its appearances by name.
    @Test func aTokenWithManyModesFindsEachOne() {
        let modes = (0..<20).map { "custom\($0)" } + ["dark", "light"]
        let values = modes.enumerated().map { ModeValue($1, Node(.scalar(.integer($0), text: "\($0)"), at: SourceLocation(file: "t", line: 1, column: 1))) }
        let token = ResolvedToken(token: Token(path: "a", type: .number, location: SourceLocation(file: "t", line: 1, column: 1), value: values[0].value),
                                  type: .number, values: values, aliasChain: [])
        #expect(token.index(ofMode: "dark") == 20)
        #expect(token.index(ofMode: "light") == 21)
        #expect(token.value(in: "dark-high-contrast").number == 20)
        #expect(token.value(in: "light-high-contrast").number == 21)
        #expect(token.value(in: "custom3").number == 3)
        #expect(token.value(in: "sepia").number == 21)
    }

    /// Look-ups by key find the first item with that key, whether the list is walked (short) or hashed (long),
    /// and nothing for a key the list lacks.
    @Test(arguments: [0, 1, FirstIndexByKey<String>.walked, FirstIndexByKey<String>.walked + 1, 200])
    func firstIndexByKeyFindsTheFirstItemWithTheKey(count: Int) {
        // Keys repeat every seven items, so every key but the first seven's is a later duplicate.
        let items = (0..<count).map { (name: "m\($0 % 7)", position: $0) }
        let lookup = FirstIndexByKey(items) { $0.name }
        for key in (0..<9).map({ "m\($0)" }) {
            #expect(lookup.index(of: key, in: items) { $0.name } == items.firstIndex { $0.name == key }, "\(key) of \(count)")
        }
    }
}
