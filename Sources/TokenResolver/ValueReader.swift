import SourceData
import SourceTree
import TokenModel
import TokenColor

/// One reason a value does not fit its type, located at the part that is wrong.
struct ValueProblem {
    var message: String
    var location: SourceLocation
    var fix: String?

    /// The error reporting this problem in the value of the token at `path`, of `type`.
    func diagnostic(path: String, type: TokenType) -> Diagnostic {
        Diagnostic(.tokenInvalidValue, severity: .error, message: "`\(path)` is not a valid \(type.rawValue): \(message)",
                   location: location, path: path, fix: fix)
    }
}

/// Reads resolved values into typed values, checking them against the DTCG 2025.10 type definitions and
/// tokenc's own types on the way: a value is parsed once, and what does not fit is reported where it is written.
/// Each type's reading is in its own file under Values/.
struct ValueReader {
    /// What the current value's reading found so far.
    var problems: [ValueProblem] = []

    /// `node` read as a `type` value, or the problems that keep it from being one.
    mutating func read(_ node: Node, as type: TokenType) -> (problems: [ValueProblem], value: TokenValue?) {
        problems = []
        let value = typed(node, as: type)
        return (problems, problems.isEmpty ? value : nil)
    }

    private mutating func typed(_ node: Node, as type: TokenType) -> TokenValue? {
        switch type {
        case .color: color(node).map(TokenValue.color)
        case .dimension: dimension(node).map(TokenValue.dimension)
        case .duration: duration(node).map(TokenValue.duration)
        case .number: number(node).map(TokenValue.number)
        case .fontFamily: fontFamily(node).map(TokenValue.fontFamily)
        case .fontWeight: fontWeight(node).map(TokenValue.fontWeight)
        case .cubicBezier: cubicBezier(node).map(TokenValue.cubicBezier)
        case .strokeStyle: strokeStyle(node).map(TokenValue.strokeStyle)
        case .border: border(node).map(TokenValue.border)
        case .transition: transition(node).map(TokenValue.transition)
        case .shadow: shadow(node).map(TokenValue.shadow)
        case .gradient: gradient(node).map(TokenValue.gradient)
        case .typography: typography(node).map(TokenValue.typography)
        case .symbol: symbol(node).map(TokenValue.symbol)
        case .accent: accent(node).map(TokenValue.accent)
        case .icon: icon(node).map(TokenValue.icon)
        }
    }

    /// Reports a problem at `node`.
    mutating func fail(_ message: String, _ node: Node, fix: String? = nil) {
        problems.append(ValueProblem(message: message, location: node.location, fix: fix))
    }

    /// `make()` when nothing was reported since `count` problems; nil otherwise. Each reading notes the count
    /// when it starts and ends with this, so a part that failed fails its whole.
    func clean<Value>(since count: Int, _ make: () -> Value?) -> Value? {
        problems.count == count ? make() : nil
    }

    /// The number, after reporting infinity and NaN (`1e400`, `.inf`, `.nan`): YAML numbers, but no design value.
    mutating func finite(_ node: Node) -> Double? {
        guard let value = node.number else { return nil }
        guard value.isFinite else {
            fail("`\(node.numberText)` is not a finite number", node, fix: "write a number such as 1.5")
            return nil
        }
        return value
    }

    /// A checked object's fields, read from its entries as they are: most objects have two to five fields, and
    /// a dictionary of them, made for every dimension, symbol and icon, cost more than finding each by scanning.
    struct Fields {
        let entries: [MappingEntry]

        /// The field `key` (keys are unique once loaded).
        subscript(key: String) -> Node? { entries.first { $0.key == key }?.value }
    }

    /// The fields of an object value, or nil after reporting missing, unknown or non-object input. `example` is
    /// a whole value of the kind, for the fixes; `written` is the same value made of what a scalar says, when it
    /// says enough (`4px` for a dimension).
    mutating func object(_ node: Node, required: [String], optional: [String], example: String,
                         written: String? = nil) -> Fields? {
        guard let entries = node.mappingEntries else {
            fail("expected a mapping with " + required.map { "`\($0)`" }.joined(separator: ", ") + ", found \(node.kindDescription)", node,
                 fix: "write `\(written ?? example)`")
            return nil
        }
        let known = required + optional
        for entry in entries where !known.contains(entry.key) {
            let nearest = NearestName.find(entry.key, in: known)
            problems.append(ValueProblem(
                message: "`\(entry.key)` is not a field here; expected " + known.map { "`\($0)`" }.joined(separator: ", "),
                location: entry.keyLocation, fix: nearest.map { "did you mean `\($0)`?" } ?? "remove `\(entry.key)`"))
        }
        let fields = Fields(entries: entries)
        let missing = required.filter { fields[$0] == nil }
        if !missing.isEmpty {
            fail("missing " + missing.map { "`\($0)`" }.joined(separator: ", "), node,
                 fix: "add " + Self.list(missing.map { "`\($0)`" }) + ", as in `\(example)`")
            return nil
        }
        return fields
    }

    /// Names joined for a sentence: `a`, `a and b`, `a, b and c`.
    static func list(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// A string field (`weight`, `platform` …), after reporting one that is not a string.
    mutating func name(_ fields: Fields, _ key: String, _ what: String = "a string") -> Located<String>? {
        guard let field = fields[key] else { return nil }
        guard let text = field.string else {
            fail("`\(key)` must be \(what), found \(field.kindDescription)", field)
            return nil
        }
        return Located(text, at: field.location)
    }
}

/// The component ranges of the 14 DTCG color spaces.
enum ColorSpaceRanges {
    struct Range {
        var name: String
        var low: Double?
        var high: Double?
        var highIsOpen = false

        func contains(_ value: Double) -> Bool {
            guard value.isFinite else { return false }
            if let low, value < low { return false }
            if let high { return highIsOpen ? value < high : value <= high }
            return true
        }

        var text: String {
            switch (low, high) {
            case let (l?, h?): highIsOpen ? "at least \(format(l)) and below \(format(h))" : "from \(format(l)) to \(format(h))"
            case let (l?, nil): "at least \(format(l))"
            default: "a number"
            }
        }

        private func format(_ value: Double) -> String {
            value.wholeNumberText ?? String(value)
        }
    }

    static let unit = [Range(name: "red", low: 0, high: 1), Range(name: "green", low: 0, high: 1), Range(name: "blue", low: 0, high: 1)]
    static let xyz = [Range(name: "x"), Range(name: "y"), Range(name: "z")]
    static let hue = Range(name: "hue", low: 0, high: 360, highIsOpen: true)

    static let table: [String: [Range]] = [
        "srgb": unit, "srgb-linear": unit, "display-p3": unit, "a98-rgb": unit, "prophoto-rgb": unit, "rec2020": unit,
        "xyz-d65": xyz, "xyz-d50": xyz,
        "hsl": [hue, Range(name: "saturation", low: 0, high: 100), Range(name: "lightness", low: 0, high: 100)],
        "hwb": [hue, Range(name: "whiteness", low: 0, high: 100), Range(name: "blackness", low: 0, high: 100)],
        "lab": [Range(name: "lightness", low: 0, high: 100), Range(name: "a"), Range(name: "b")],
        "lch": [Range(name: "lightness", low: 0, high: 100), Range(name: "chroma", low: 0), hue],
        "oklab": [Range(name: "lightness", low: 0, high: 1), Range(name: "a"), Range(name: "b")],
        "oklch": [Range(name: "lightness", low: 0, high: 1), Range(name: "chroma", low: 0), hue],
    ]

    static let names = ["srgb", "srgb-linear", "hsl", "hwb", "lab", "lch", "oklab", "oklch", "display-p3", "a98-rgb",
                        "prophoto-rgb", "rec2020", "xyz-d65", "xyz-d50"]
}

extension Node {
    /// The number as written, for messages.
    var numberText: String {
        if let text = scalarText { return text }
        return kindDescription
    }
}
