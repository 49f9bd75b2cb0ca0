/// A scalar's value typed by the YAML 1.2 core schema (or by an explicit tag).
public enum ScalarValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)

    /// Whether the value is a string (whose node holds no separate text, see `Node.Kind.scalar`).
    public var isString: Bool {
        if case .string = self { return true }
        return false
    }
}
