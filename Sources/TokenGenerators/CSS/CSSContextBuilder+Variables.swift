import SourceData
import TokenModel
import TokenColor

extension CSSContextBuilder {
    /// The token a written value aliases as a whole, when the stylesheet has it (a system color is written as its values).
    func aliasTarget(_ written: WrittenAliases, paths: Set<String>) -> String? {
        guard let path = written.path else { return nil }
        return paths.contains(path) ? path : nil
    }

    /// `var(--target)` for each mode the token writes as a whole alias; nil when the token is not an alias.
    /// Modes the token only inherits from its target are left out: the target's own blocks change the variable.
    func variables(_ token: ResolvedToken, slots: [String: Int], format: CSSValueFormat) -> [(String, String, String?)]? {
        guard let light = format.variable(token.writtenValue) else { return nil }
        var out: [(String, String, String?)] = [(Appearance.light, light, nil)]
        // A custom mode by name, as `index(ofMode:)` finds it (walking for each of thousands was quadratic).
        let first = FirstIndexByKey(token.values) { $0.mode }
        for (mode, written) in token.writtenModes where slots[mode] != nil {
            if let target = format.variable(written) {
                out.append((mode, target, nil))
            } else if let index = Appearance.builtInIndex(mode) != nil ? token.index(ofMode: mode) : first.index(of: mode, in: token.values, key: { $0.mode }),
                      let resolved = token.typedValue(at: index), let (plain, wide) = format.value(resolved, mode: mode, written: written) {
                out.append((mode, plain, wide))
            }
        }
        return out
    }

    /// What a typography token's letter-spacing property is called after its own: `--type-body-letter-spacing`.
    var letterSpacingSuffix: String { options.nameCase == .kebab ? "-letter-spacing" : "LetterSpacing" }

    /// `var(…)` texts for a typography token's letter spacing under `--css-alias-variables`: `whole` for a token
    /// that aliases another typography token (that token's letter-spacing property), `part` for a letter
    /// spacing that aliases a dimension token.
    struct LetterSpacingAliases {
        var whole: (WrittenAliases) -> String?
        var part: (WrittenAliases) -> String?
        var format: CSSValueFormat
    }

    /// A typography token's letter spacing in each mode it has a value in. With `aliases`, an alias is its
    /// target's property and a mode written as the light one is left out (the targets' own blocks change it).
    func letterSpacings(_ token: ResolvedToken, aliases: LetterSpacingAliases?) -> [(mode: String, text: String)] {
        var out: [(mode: String, text: String)] = []
        let writtenModes = aliases == nil ? nil : WrittenModes(token)
        for index in token.values.indices {
            let mode = token.values[index].mode
            var text: String?
            if let aliases, let writtenModes {
                let written = writtenModes(mode)
                text = aliases.whole(written) ?? written["letterSpacing"].flatMap(aliases.part)
            }
            guard let text = text ?? {
                if case .typography(let typography)? = token.typedValue(at: index) { CSSValueFormat.dimension(typography.letterSpacing) } else { nil }
            }() else { continue }
            if aliases != nil, mode != Appearance.light, text == out.first?.text { continue }
            out.append((mode, text))
        }
        return out
    }

    /// Colors as `light-dark(light, dark)` in the light block and `light-dark(lhc, dhc)` in the contrast block.
    func lightDark(_ token: ResolvedToken) -> [(String, String, String?)]? {
        func parts(_ mode: String) -> (String, String?)? { token.colorValue(in: mode).map { CSSValueFormat.color($0, mode: mode) } }
        guard let light = parts(Appearance.light), let dark = parts(Appearance.dark) else { return nil }
        var out: [(String, String, String?)] = [(Appearance.light, "light-dark(\(light.0), \(dark.0))",
                                                  light.1 == nil && dark.1 == nil ? nil : "light-dark(\(light.1 ?? light.0), \(dark.1 ?? dark.0))")]
        let hasContrast = token.values.contains { $0.mode == Appearance.lightHighContrast || $0.mode == Appearance.darkHighContrast }
        if hasContrast, let lhc = parts(Appearance.lightHighContrast), let dhc = parts(Appearance.darkHighContrast) {
            out.append(("contrast", "light-dark(\(lhc.0), \(dhc.0))",
                        lhc.1 == nil && dhc.1 == nil ? nil : "light-dark(\(lhc.1 ?? lhc.0), \(dhc.1 ?? dhc.0))"))
        }
        return out
    }

    /// Whether `--css-alias-variables` writes a token of `type` part by part: the composites whose parts can alias other tokens.
    static func hasAliasableParts(_ type: TokenType) -> Bool {
        switch type {
        case .border, .shadow, .gradient, .transition, .typography: true
        default: false
        }
    }

    /// A composite token's value per mode with its alias parts as `var(--target)` (`--css-alias-variables`). A mode
    /// the token does not write itself reads its parts from the light value as written, so a mode whose text equals
    /// the light one is left out: the targets' own blocks change it.
    func partVariables(_ token: ResolvedToken, format: CSSValueFormat) -> [(String, String, String?)] {
        var out: [(String, String, String?)] = []
        var light: (String, String?)?
        let writtenModes = WrittenModes(token)
        for index in token.values.indices {
            let mode = token.values[index].mode
            let written = writtenModes(mode)
            let text: (String, String?)?
            if let whole = format.variable(written) {
                text = (whole, nil)
            } else {
                text = token.typedValue(at: index).flatMap { format.value($0, mode: mode, written: written) }
            }
            guard let text else { continue }
            if mode == Appearance.light {
                light = text
            } else if let light, light == text {
                continue
            }
            out.append((mode, text.0, text.1))
        }
        return out
    }

    /// `text` for inside a CSS comment, which ends at the first `*/`: that pair is written `* /`.
    static func commentText(_ text: String) -> String {
        text.replacing("*/", with: "* /")
    }
}
