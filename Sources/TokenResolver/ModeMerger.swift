import SourceData
import TokenModel

/// Attaches the tokens of each appearance context (from a resolver document) to the base tokens as modes.
public struct ModeMerger: Sendable {
    /// Creates a merger.
    public init() {}

    /// Adds each mode token's value to the base token of the same path; a path the base lacks is reported.
    public func merge(base: [Token], modes: [(mode: String, tokens: [Token])]) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        var tokens = base
        var index: [String: Int] = [:]
        for (i, token) in tokens.enumerated() { index[token.path] = i }
        // A definition the base lacks is one finding, naming every context it is read in (a size context is
        // read again with each appearance: `coarse`, `coarse-dark` …).
        var unmatched: [(token: Token, modes: [String])] = []
        var unmatchedIndex: [SourceLocation: Int] = [:]
        for (mode, modeTokens) in modes {
            for token in modeTokens {
                guard let i = index[token.path] else {
                    if let known = unmatchedIndex[token.location] {
                        unmatched[known].modes.append(mode)
                    } else {
                        unmatchedIndex[token.location] = unmatched.count
                        unmatched.append((token, [mode]))
                    }
                    continue
                }
                tokens[i].modes.removeAll { $0.name == mode }
                tokens[i].modes.append(WrittenMode(name: mode, value: token.value))
            }
        }
        for i in tokens.indices where tokens[i].modes.contains(where: { Appearance.combination($0.name) != nil }) {
            Self.dropInheritedCombinations(&tokens[i])
        }
        let diagnostics = unmatched.map { token, modes in
            let contexts = modes.count == 1 ? "the `\(modes[0])` context" : "the contexts " + modes.map { "`\($0)`" }.joined(separator: ", ")
            return Diagnostic(
                .resolverInvalid, severity: .warning,
                message: "`\(token.path)` is defined only in \(contexts), so it has no default value and is ignored",
                location: token.location, path: token.path, fix: "define it in the default sets too")
        }
        return (tokens, diagnostics)
    }

    /// Drops each theme's appearance (`forest-dark`) whose value is the very definition its fallback gives
    /// (`forest`'s, or `dark`'s): a theme's appearances merge the theme's sources with the appearance's, so a
    /// token only one of them defines would otherwise repeat that value under every combination. Dropping it
    /// changes no value, as the fallback reads the same definition and resolves its aliases in the same mode. A
    /// theme's dark appearance is settled before its dark high contrast one, whose fallback it is.
    static func dropInheritedCombinations(_ token: inout Token) {
        for appearance in Appearance.builtIn.dropFirst() {
            for mode in token.modes.map(\.name) where Appearance.combination(mode)?.appearance == appearance {
                guard let own = token.modes.first(where: { $0.name == mode })?.value else { continue }
                let modes = token.modes
                let inherited = Appearance.fallbacks(for: mode).lazy
                    .compactMap { name in modes.first(where: { $0.name == name })?.value }.first ?? token.value
                if inherited.location == own.location { token.modes.removeAll { $0.name == mode } }
            }
        }
    }
}
