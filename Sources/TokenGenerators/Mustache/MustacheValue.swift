/// A value a template can read: typed structs answer keys with a `switch`, so rendering needs no
/// reflection and no dictionary per token.
public enum MustacheValue: Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case list([MustacheValue])
    case object(any MustacheObject)
    case null

    /// Whether a section shows (false, null and empty lists do not).
    var isTruthy: Bool {
        switch self {
        case .bool(let b): b
        case .null: false
        case .list(let items): !items.isEmpty
        default: true
        }
    }

    /// The text of an interpolation.
    var text: String {
        switch self {
        case .string(let s): s
        case .integer(let i): String(i)
        case .number(let d): d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
        case .bool(let b): b ? "true" : "false"
        case .null: ""
        case .list, .object: ""
        }
    }

    func member(_ key: String) -> MustacheValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }
}

/// Something with named fields a template can read.
public protocol MustacheObject: Sendable {
    /// The field named `key`, or nil when there is none (the lookup then continues down the context stack).
    subscript(key: String) -> MustacheValue? { get }
}

/// A dictionary-backed object, for user data and the specification tests.
public struct MustacheDictionary: MustacheObject {
    /// The fields.
    public var fields: [String: MustacheValue]

    /// Creates an object from fields.
    public init(_ fields: [String: MustacheValue]) { self.fields = fields }

    public subscript(key: String) -> MustacheValue? { fields[key] }
}
