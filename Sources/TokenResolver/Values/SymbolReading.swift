import SourceTree
import TokenModel

extension ValueReader {
    /// A `symbol`: `{ name, weight?, scale?, rendering?, colors?, context?, text-weight?, variable-color?, custom?,
    /// accessibility-label? }`. Which
    /// weights, scales and renderings exist is the rules' business (they say which names Apple has).
    mutating func symbol(_ node: Node) -> SymbolValue? {
        let start = problems.count
        guard let fields = object(node, required: ["name"],
                                  optional: ["weight", "scale", "rendering", "colors", "context", "text-weight", "variable-color", "custom",
                                             "accessibility-label"],
                                  example: "{ name: house.fill, weight: regular }")
        else { return nil }
        let nameNode = fields["name"]!
        if nameNode.string?.isEmpty != false { fail("`name` must be an SF Symbols name such as `house.fill`", nameNode) }
        let weight = name(fields, "weight", "a name")
        let scale = name(fields, "scale", "a name")
        let rendering = name(fields, "rendering", "a name")
        let context = name(fields, "context", "a name")
        var colors: [Located<ColorValue>] = []
        if let list = fields["colors"] {
            if let items = list.sequenceItems { for item in items { if let color = locatedColor(item) { colors.append(color) } } } else {
                fail("`colors` must be a list of colors", list)
            }
        }
        let textWeight = fields["text-weight"].flatMap { fontWeight($0) }
        var flags: [String: Located<Bool>] = [:]
        for key in ["variable-color", "custom"] {
            guard let flag = fields[key] else { continue }
            if case .scalar(.bool(let on), _) = flag.kind { flags[key] = Located(on, at: flag.location) } else {
                fail("`\(key)` must be true or false", flag)
            }
        }
        var label: Located<String>?
        if let written = fields["accessibility-label"] {
            if let text = written.string, !text.isEmpty { label = Located(text, at: written.location) } else {
                fail("`accessibility-label` must be text, what VoiceOver says for the symbol", written)
            }
        }
        return clean(since: start) {
            SymbolValue(name: Located(nameNode.string!, at: nameNode.location), weight: weight, scale: scale, rendering: rendering,
                        context: context, colors: colors, textWeight: textWeight, variableColor: flags["variable-color"],
                        custom: flags["custom"], accessibilityLabel: label, location: node.location)
        }
    }
}
