import SourceTree
import TokenModel
import TokenColor

extension ValueReader {
    /// A `color` placed where it is written (a part of a composite).
    mutating func locatedColor(_ node: Node) -> Located<ColorValue>? {
        color(node).map { Located($0, at: node.location) }
    }

    /// A `color`: a CSS color string, `{system.NAME}`, or a DTCG color object `{ colorSpace, components, alpha?,
    /// hex? }` with each component in its space's range. A string is valid exactly when it parses, so the usual
    /// case is one parse and nothing else.
    mutating func color(_ node: Node) -> ColorValue? {
        if node.string != nil {
            switch ColorValue.parse(node) {
            case .success(let color): return color
            case .failure(let problem):
                fail(problem.message, node, fix: problem.fix ?? ColorSyntax.example)
                return nil
            }
        }
        // `$value: 0x0A84FF` or `$value: 336699` unquoted: YAML reads a number, the color's hex digits.
        if node.number != nil, let text = node.scalarText, let hex = ColorSyntax.hexMissingItsHash(text) {
            fail("`\(text)` is a number here, not a color; a hex color starts with `#` and is quoted", node, fix: "write \"\(hex)\"")
            return nil
        }
        let start = problems.count
        guard let fields = object(node, required: ["colorSpace", "components"], optional: ["alpha", "hex"],
                                  example: "{ colorSpace: srgb, components: [0.04, 0.52, 1] }") else { return nil }
        guard let space = fields["colorSpace"]!.string, let ranges = ColorSpaceRanges.table[space] else {
            fail("`colorSpace` must be one of " + ColorSpaceRanges.names.joined(separator: ", "), fields["colorSpace"]!)
            return nil
        }
        guard let components = fields["components"]!.sequenceItems, components.count == 3 else {
            fail("`components` must be a list of three numbers for \(space)", fields["components"]!)
            return nil
        }
        // Components that look like 0–255 channels (`[255, 128, 0]` in srgb): the fix gives them divided by 255.
        // Worked out only for a color with a component out of range.
        func bytesFix() -> String? {
            let written = components.map { $0.string == "none" ? Double.nan : $0.number ?? -1 }
            guard let space = ColorSpace(rawValue: space),
                  let scaled = Color(space, written[0], written[1], written[2]).byteChannelsComponents else { return nil }
            return "components run from 0 to 1; 0–255 channels divided by 255 are [\(scaled.map { $0 == "none" ? "\"none\"" : $0 }.joined(separator: ", "))]"
        }
        for (component, range) in zip(components, ranges) {
            if component.string == "none" { continue }
            guard let value = component.number else {
                fail("a component must be a number or \"none\", found \(component.kindDescription)", component)
                continue
            }
            if !range.contains(value) {
                fail("\(range.name) must be \(range.text) in \(space), found \(component.numberText)", component, fix: bytesFix())
            }
        }
        if let alpha = fields["alpha"] {
            if let value = alpha.number, value >= 0, value <= 1 {} else {
                fail("`alpha` must be a number from 0 to 1", alpha)
            }
        }
        if let hex = fields["hex"] {
            let ok = hex.string.map { $0.count == 7 && $0.first == "#" && $0.dropFirst().allSatisfy(\.isHexDigit) } ?? false
            if !ok { fail("`hex` must be a 6-digit sRGB fallback such as \"#0a84ff\"", hex) }
        }
        return clean(since: start) { if case .success(let color) = ColorValue.parse(node) { color } else { nil } }
    }
}
