import SourceData
/// A located node of a token file: what the loader hands to the tree stage.
public struct Node: Sendable {
    /// The shape and content of a node.
    public enum Kind: Sendable {
        /// A scalar with its typed value and, for a value that is not a string, the text as written
        /// (`0x1F`, `~`). A string's text is its value and is not held twice: `text` is empty for it, and
        /// `Node.scalarText` reads either. (Every copy of a node retained both, and token values are copied
        /// from the loader to the outputs several times.)
        case scalar(ScalarValue, text: String)
        /// A sequence of nodes.
        case sequence([Node])
        /// A mapping with its entries in source order; keys are unique after loading.
        case mapping([MappingEntry])
    }

    /// What the node holds.
    public var kind: Kind
    /// Where the node starts.
    public var location: SourceLocation
    /// Whether the node was written in flow style (`[a, b]`, `{a: 1}`) or quoted.
    public var isFlowOrQuoted: Bool

    /// Creates a node.
    public init(_ kind: Kind, at location: SourceLocation, isFlowOrQuoted: Bool = false) {
        self.kind = kind
        self.location = location
        self.isFlowOrQuoted = isFlowOrQuoted
    }

    /// The entries when the node is a mapping.
    public var mappingEntries: [MappingEntry]? {
        if case .mapping(let entries) = kind { return entries }
        return nil
    }

    /// The items when the node is a sequence.
    public var sequenceItems: [Node]? {
        if case .sequence(let items) = kind { return items }
        return nil
    }

    /// The typed value when the node is a scalar.
    public var scalar: ScalarValue? {
        if case .scalar(let value, _) = kind { return value }
        return nil
    }

    /// A scalar string node: its text is its value (`Kind.scalar`).
    public static func string(_ text: String, at location: SourceLocation, isFlowOrQuoted: Bool = false) -> Node {
        Node(.scalar(.string(text), text: ""), at: location, isFlowOrQuoted: isFlowOrQuoted)
    }

    /// The scalar's text as written (a string's own text); nil when the node is not a scalar.
    public var scalarText: String? {
        switch kind {
        case .scalar(.string(let text), _): text
        case .scalar(_, let text): text
        default: nil
        }
    }

    /// The string when the node is a string scalar.
    public var string: String? {
        if case .scalar(.string(let s), _) = kind { return s }
        return nil
    }

    /// The number when the node is a numeric scalar.
    public var number: Double? {
        switch kind {
        case .scalar(.integer(let i), _): return Double(i)
        case .scalar(.number(let d), _): return d
        default: return nil
        }
    }

    /// The value for `key` when the node is a mapping.
    public subscript(key: String) -> Node? {
        // Read in place by index: `first(where:)` copied the entry it found, key and value retained.
        guard case .mapping(let entries) = kind else { return nil }
        for index in entries.indices where entries[index].key == key { return entries[index].value }
        return nil
    }

    /// Whether `other` holds the same value wherever each is written: scalars by value (an integer and a number
    /// of the same size alike), lists item by item, mappings key by key in any order, leaving out the entries
    /// whose key is in `ignoredKeys` at every depth.
    public func hasSameValue(as other: Node, ignoringKeys ignoredKeys: Set<String> = []) -> Bool {
        switch (kind, other.kind) {
        case (.scalar(let a, _), .scalar(let b, _)):
            if a == b { return true }
            guard let x = number, let y = other.number else { return false }
            return x == y
        case (.sequence(let a), .sequence(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.hasSameValue(as: $1, ignoringKeys: ignoredKeys) }
        case (.mapping(let a), .mapping(let b)):
            let kept = a.filter { !ignoredKeys.contains($0.key) }
            guard kept.count == b.count(where: { !ignoredKeys.contains($0.key) }) else { return false }
            return kept.allSatisfy { entry in other[entry.key].map { entry.value.hasSameValue(as: $0, ignoringKeys: ignoredKeys) } ?? false }
        default:
            return false
        }
    }

    /// Whether `other` is written the same, locations aside: scalars with the same value and text (`1` is not
    /// `1.0`), lists item by item, mappings with the same keys in the same order. Wherever this holds, a value's
    /// text (`tokenc diff`'s) is the same on both sides.
    public func hasSameText(as other: Node) -> Bool {
        switch (kind, other.kind) {
        case (.scalar(let a, let x), .scalar(let b, let y)):
            return a == b && x == y
        case (.sequence(let a), .sequence(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.hasSameText(as: $1) }
        case (.mapping(let a), .mapping(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value.hasSameText(as: $1.value) }
        default:
            return false
        }
    }

    /// The value as one line of text: scalars as written, lists and mappings in flow style.
    public var writtenText: String {
        switch kind {
        case .scalar(let value, let written):
            if case .string(let s) = value { return s }
            return written.isEmpty ? "\(value)" : written
        case .sequence(let items): return "[" + items.map(\.writtenText).joined(separator: ", ") + "]"
        case .mapping(let entries): return "{" + entries.map { "\($0.key): \($0.value.writtenText)" }.joined(separator: ", ") + "}"
        }
    }

    /// A short name for the node's kind, for messages ("a mapping", "a string").
    public var kindDescription: String {
        switch kind {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .scalar(.null, _): "null"
        case .scalar(.bool, _): "a boolean"
        case .scalar(.integer, _), .scalar(.number, _): "a number"
        case .scalar(.string, _): "a string"
        }
    }
}

/// One key and value of a mapping, each with its own location.
public struct MappingEntry: Sendable {
    /// The key as a string (token files only have string keys).
    public var key: String
    /// Where the key is written.
    public var keyLocation: SourceLocation
    /// The value.
    public var value: Node

    /// Creates an entry.
    public init(key: String, keyLocation: SourceLocation, value: Node) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}

/// A loaded token file: its root node (nil when the file is empty) and its source text.
public struct LoadedFile: Sendable {
    /// The file's path as the user named it.
    public var path: String
    /// The root node, nil for an empty file or one that failed to parse.
    public var root: Node?
    /// Whether the file is JSON (duplicate keys warn instead of failing).
    public var isJSON: Bool

    /// Creates a loaded file.
    public init(path: String, root: Node?, isJSON: Bool) {
        self.path = path
        self.root = root
        self.isJSON = isJSON
    }
}
