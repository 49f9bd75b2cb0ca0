/// A value a template can read: typed structs answer keys with a `switch`, so rendering needs no
/// reflection and no dictionary per token.
public enum MustacheValue: Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case list([MustacheValue])
    /// A list of strings, held as it is: no array of boxed values built each time a template reads it.
    case strings([String])
    case object(any MustacheObject)
    /// A list whose items are made one at a time as a section walks it: a long list (a CSS block's
    /// 100,000 declarations) never exists whole.
    case items(MustacheItems)
    /// One row of a table whose rows answer their fields themselves (`MustacheRows`): a list's item without an
    /// object made for it (a CSS file's declarations, one per custom property).
    case row(any MustacheRows, Int)
    case null

    /// Whether a section shows (false, null and empty lists do not).
    var isTruthy: Bool {
        switch self {
        case .bool(let b): b
        case .null: false
        case .list(let items): !items.isEmpty
        case .strings(let items): !items.isEmpty
        case .items(let items): items.count > 0
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
        case .list, .strings, .object, .items, .row: ""
        }
    }

    func member(_ key: String) -> MustacheValue? {
        switch self {
        case .object(let object): object[key]
        case .row(let rows, let row): rows.member(key, ofRow: row)
        default: nil
        }
    }
}

/// Something with named fields a template can read. Objects are classes: a value holding one copies a
/// reference, where a struct behind an existential is copied and destroyed through its value witnesses.
public protocol MustacheObject: AnyObject, Sendable {
    /// The field named `key`, or nil when there is none (the lookup then continues down the context stack).
    subscript(key: String) -> MustacheValue? { get }
}

/// A table a template reads row by row: each row's fields are answered from the table's own lists, so a section
/// over a long list makes no object per item.
public protocol MustacheRows: AnyObject, Sendable {
    /// The field named `key` of row `row`, or nil when there is none.
    func member(_ key: String, ofRow row: Int) -> MustacheValue?
}

/// A dictionary-backed object, for user data and the specification tests.
public final class MustacheDictionary: MustacheObject {
    /// The fields.
    public let fields: [String: MustacheValue]

    /// Creates an object from fields.
    public init(_ fields: [String: MustacheValue]) { self.fields = fields }

    public subscript(key: String) -> MustacheValue? { fields[key] }
}

/// The items of a list made on demand, by index.
public struct MustacheItems: Sendable {
    /// How many items there are.
    public let count: Int
    /// The item at an index from 0 to `count - 1`.
    public let item: @Sendable (Int) -> MustacheValue

    /// Creates a list of `count` items made by `item`.
    public init(count: Int, item: @escaping @Sendable (Int) -> MustacheValue) {
        self.count = count
        self.item = item
    }
}
