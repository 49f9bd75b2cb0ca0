import SourceData
import SourceTree
import TokenModel

/// A token with no reference in any value, resolved on its own: exactly what the alias walk would find.
struct LiteralResolution {
    /// The resolved token, nil when the light value (the token's own `$value`) is invalid.
    var token: ResolvedToken?
    /// What validation found, in the order the walk would report it.
    var diagnostics: [Diagnostic]

    /// Resolves `token` when it is literal and typed; nil otherwise (the walk handles it).
    static func resolve(_ token: Token, validator: inout ValueReader) -> LiteralResolution? {
        guard let type = token.type, isLiteral(token.value), token.modes.allSatisfy({ isLiteral($0.value) }) else { return nil }
        var diagnostics: [Diagnostic] = []
        // The value each check read is kept: a color token's colors, any other token's typed values (parsing the
        // strings again for the resolved token went through the shared memo and its lock, for all but hex).
        var colors: [ColorValue?] = []
        var typed: [TokenValue] = []
        if type == .color { colors.reserveCapacity(1 + token.modes.count) } else { typed.reserveCapacity(1 + token.modes.count) }
        func valid(_ value: Node) -> Bool {
            let read = validator.read(value, as: type)
            if let value = read.value {
                if case .color(let color) = value { colors.append(color) } else { typed.append(value) }
                return true
            }
            diagnostics += read.problems.map { $0.diagnostic(path: token.path, type: type) }
            return false
        }
        guard valid(token.value) else { return LiteralResolution(token: nil, diagnostics: diagnostics) }
        // The modes in the walk's order; a mode value that is not valid is left out, as the walk leaves it.
        // Sized for every mode before the first value goes in: a list made of the first value and then grown for the
        // modes was allocated twice.
        var values: [ModeValue] = []
        values.reserveCapacity(1 + token.modes.count)
        values.append(ModeValue(Appearance.light, ResolutionRun.pointsAsPixels(token.value)))
        if !token.modes.isEmpty {
            // A hostile token's thousands of modes by name (walking them for each was quadratic).
            let byName = FirstIndexByKey(token.modes) { $0.name }
            for mode in ModeNames(token.modes.lazy.map(\.name)).ordered where mode != Appearance.light {
                guard let index = byName.index(of: mode, in: token.modes, key: { $0.name }), case let own = token.modes[index].value,
                      valid(own) else { continue }
                values.append(ModeValue(mode, ResolutionRun.pointsAsPixels(own)))
            }
        }
        return LiteralResolution(token: ResolvedToken(token: token, type: type, values: values, aliasChain: [], colors: colors,
                                                      typed: typed),
                                 diagnostics: diagnostics)
    }

    /// Whether a value holds no alias and no `$ref` anywhere (`{system.…}` counts as an alias here: the walk decides).
    static func isLiteral(_ node: Node) -> Bool {
        switch node.kind {
        case .scalar(.string(let text), _): return !TokenReference.isAlias(text)
        case .scalar: return true
        case .sequence(let items): return items.allSatisfy(isLiteral)
        case .mapping(let entries): return entries.allSatisfy { $0.key != "$ref" && isLiteral($0.value) }
        }
    }
}
