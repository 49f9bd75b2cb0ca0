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
        var diagnostics: [Diagnostic] = []
        for (mode, modeTokens) in modes {
            for token in modeTokens {
                guard let i = index[token.path] else {
                    diagnostics.append(Diagnostic(
                        id: "resolver/invalid", severity: .warning,
                        message: "`\(token.path)` is defined only in the `\(mode)` context, so it has no default value and is ignored",
                        location: token.location, path: token.path, fix: "define it in the default sets too"))
                    continue
                }
                tokens[i].modes.removeAll { $0.name == mode }
                tokens[i].modes.append((mode, token.value))
            }
        }
        return (tokens, diagnostics)
    }
}
