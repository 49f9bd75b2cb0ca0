import SourceData
package import SourceTree
/// Data as a token file wrote it, without places: what `$extensions` holds (other tools' data, which tokenc
/// keeps, and its own facts), and a value as `diff` shows it. The JSON output writes it and `diff` compares it;
/// neither needs to know YAML.
public enum PlainValue: Sendable {
    /// A scalar with its typed value and, for one that is not a string, its text as written (`0x1F`, `1.0`).
    case scalar(ScalarValue, text: String)
    /// A list.
    case list([PlainValue])
    /// An object, its entries in the order written.
    case object([PlainEntry])

    /// The data of `node`, its places left out.
    package init(_ node: Node) {
        switch node.kind {
        case .scalar(let value, let text): self = .scalar(value, text: text)
        case .sequence(let items): self = .list(items.map(PlainValue.init))
        case .mapping(let entries): self = .object(entries.map { PlainEntry(key: $0.key, value: PlainValue($0.value)) })
        }
    }

    /// The string when the value is a string scalar.
    public var string: String? {
        if case .scalar(.string(let text), _) = self { return text }
        return nil
    }

    /// The items when the value is a list.
    public var items: [PlainValue]? {
        if case .list(let items) = self { return items }
        return nil
    }

    /// The entries when the value is an object.
    public var entries: [PlainEntry]? {
        if case .object(let entries) = self { return entries }
        return nil
    }

    /// The value for `key` when the value is an object.
    public subscript(key: String) -> PlainValue? { entries?.first { $0.key == key }?.value }

    /// The number when the value is a numeric scalar.
    var number: Double? {
        switch self {
        case .scalar(.integer(let i), _): Double(i)
        case .scalar(.number(let d), _): d
        default: nil
        }
    }

    /// Whether `other` holds the same data: scalars by value (an integer and a number of the same size alike),
    /// lists item by item, objects key by key in any order.
    public func hasSameValue(as other: PlainValue) -> Bool {
        switch (self, other) {
        case (.scalar(let a, _), .scalar(let b, _)):
            if a == b { return true }
            guard let x = number, let y = other.number else { return false }
            return x == y
        case (.list(let a), .list(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.hasSameValue(as: $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { entry in other[entry.key].map { entry.value.hasSameValue(as: $0) } ?? false }
        default:
            return false
        }
    }

    /// Whether `other` is written the same: scalars with the same value and text (`1` is not `1.0`), lists item
    /// by item, objects with the same keys in the same order.
    public func hasSameText(as other: PlainValue) -> Bool {
        switch (self, other) {
        case (.scalar(let a, let x), .scalar(let b, let y)):
            return a == b && x == y
        case (.list(let a), .list(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.hasSameText(as: $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value.hasSameText(as: $1.value) }
        default:
            return false
        }
    }

    /// The value as one line of text: scalars as written, lists and objects in flow style.
    public var text: String {
        switch self {
        case .scalar(let value, let written):
            if case .string(let s) = value { return s }
            return written.isEmpty ? "\(value)" : written
        case .list(let items): return "[" + items.map(\.text).joined(separator: ", ") + "]"
        case .object(let entries): return "{" + entries.map { "\($0.key): \($0.value.text)" }.joined(separator: ", ") + "}"
        }
    }
}

/// One key and value of a `PlainValue` object.
public struct PlainEntry: Sendable {
    /// The key.
    public var key: String
    /// The value.
    public var value: PlainValue

    /// Creates an entry.
    public init(key: String, value: PlainValue) {
        self.key = key
        self.value = value
    }
}
