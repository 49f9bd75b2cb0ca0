import SourceTree
import TokenModel

extension ValueReader {
    /// The units a dimension may be written in: `pt` is a synonym of `px` (one Apple point is one CSS pixel).
    static let dimensionUnits = ["px", "rem", "pt"]

    /// `{ value: 4, unit: px }` for a scalar written the older way, as one string (`4px`, `200 ms`), or as a bare
    /// number (given the first of `units`); nil when the text is no number followed by one of `units`.
    static func measurement(_ node: Node, units: [String]) -> String? {
        if node.number != nil, node.number!.isFinite { return "{ value: \(node.numberText), unit: \(units[0]) }" }
        guard let text = node.string else { return nil }
        let body = text.trimmingBlanks()
        let number = body.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }
        let unit = body.dropFirst(number.count).trimmingBlanks()
        guard !number.isEmpty, Double(number) != nil, units.contains(unit) else { return nil }
        return "{ value: \(number), unit: \(unit) }"
    }

    /// The letters after the number in a measure written as one string (`em` of `0.05em`); nil when the text
    /// does not start with a number.
    static func unitWritten(_ text: String) -> String? {
        let body = text.trimmingBlanks()
        let number = body.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }
        guard !number.isEmpty, Double(number) != nil else { return nil }
        let unit = body.dropFirst(number.count).trimmingBlanks()
        return unit.allSatisfy({ $0.isASCII && $0.isLetter }) ? String(unit) : nil
    }

    /// A `dimension`: `{ value, unit }` with a finite number and `px`, `rem` or `pt`.
    mutating func dimension(_ node: Node) -> DimensionValue? {
        let start = problems.count
        // A string in a unit a dimension does not have (`0.05em`, `2vw`): the fix names the unit, not an example.
        if let text = node.string, Self.measurement(node, units: Self.dimensionUnits) == nil,
           let unit = Self.unitWritten(text), !unit.isEmpty {
            fail("expected a mapping with `value`, `unit`, found a string", node, fix: unit == "em"
                ? "DTCG has no `em`: write the size in `px` (its size at your body text; in a typography value, `tokenc migrate` does it from the font size)"
                : "DTCG's dimension has no `\(unit)`: write the size in `px` or `rem`")
            return nil
        }
        guard let fields = object(node, required: ["value", "unit"], optional: [], example: "{ value: 16, unit: px }",
                                  written: Self.measurement(node, units: Self.dimensionUnits)) else { return nil }
        let number = fields["value"]!
        var value: Double?
        if number.number == nil {
            fail("`value` must be a number, found \(number.kindDescription)", number, fix: "write a number such as 16")
        } else {
            value = finite(number)
        }
        let unitNode = fields["unit"]!
        guard let unitText = unitNode.string, Self.dimensionUnits.contains(unitText) else {
            // `em` is relative to the element's own font size, `rem` to the root's: not a typo of it.
            let nearest = unitNode.string.flatMap { $0 == "em" ? nil : NearestName.find($0, in: Self.dimensionUnits) }
            let fix = unitNode.string == "em"
                ? "DTCG has no `em`: write the size in `px` (in a typography value, `tokenc migrate` does it from the font size)"
                : nearest.map { "did you mean `\($0)`?" } ?? "write `px` or `rem`"
            fail("`unit` must be `px` or `rem` (`pt` is read as `px`)", unitNode, fix: fix)
            return nil
        }
        return clean(since: start) {
            value.map { DimensionValue(value: $0, unit: unitText == "rem" ? .rem : .px, location: node.location) }
        }
    }
}
