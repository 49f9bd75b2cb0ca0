import SourceTree
import TokenModel

extension ValueReader {
    /// The units a duration may be written in.
    static let durationUnits = ["ms", "s"]

    /// A `duration`: `{ value, unit }` with a finite number and `ms` or `s`.
    mutating func duration(_ node: Node) -> DurationValue? {
        let start = problems.count
        guard let fields = object(node, required: ["value", "unit"], optional: [], example: "{ value: 200, unit: ms }",
                                  written: Self.measurement(node, units: Self.durationUnits)) else { return nil }
        let number = fields["value"]!
        var value: Double?
        if number.number == nil {
            fail("`value` must be a number, found \(number.kindDescription)", number, fix: "write a number such as 200")
        } else {
            value = finite(number)
        }
        let unit = fields["unit"]!.string.flatMap(DurationValue.Unit.init(rawValue:))
        if unit == nil { fail("`unit` must be `ms` or `s`", fields["unit"]!, fix: "write `ms` or `s`") }
        return clean(since: start) {
            guard let value, let unit else { return nil }
            return DurationValue(value: value, unit: unit, location: node.location)
        }
    }
}
