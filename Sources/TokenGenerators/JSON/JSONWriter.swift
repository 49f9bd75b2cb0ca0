import TokenModel

/// Writes JSON text deterministically: keys in the order given, two-space indentation, shortest round-trip numbers.
public struct JSONWriter {
    /// The text written so far.
    public private(set) var text = ""
    private var depth = 0

    /// Creates a writer, reserving room for about `capacity` bytes.
    public init(capacity: Int = 0) { text.reserveCapacity(capacity) }

    /// Appends text as it is.
    public mutating func raw(_ s: String) { text += s }

    /// Starts a new line at the current indentation.
    public mutating func newline() {
        text += "\n"
        text += String(repeating: "  ", count: depth)
    }

    /// Writes a JSON string literal.
    public mutating func string(_ s: String) {
        text += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    /// Writes a number: integers without a fraction, others in shortest round-trip form, non-finite as null.
    public mutating func number(_ value: Double) {
        guard value.isFinite else {
            text += "null"
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            text += String(Int(value))
        } else {
            text += "\(value)"
        }
    }

    /// Writes an object; `body` writes members through `member(_:)`.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        text += "{"
        depth += 1
        let before = text.utf8.count
        body(&self)
        depth -= 1
        if text.utf8.count != before { newline() }
        text += "}"
    }

    /// Starts a member inside `object`: a separator when needed, the key and the colon.
    public mutating func member(_ key: String) {
        if text.last != "{" { text += "," }
        newline()
        string(key)
        text += ": "
    }

    /// Writes an array of `count` items, each written by `item`.
    public mutating func array(_ count: Int, _ item: (inout JSONWriter, Int) -> Void) {
        text += "["
        guard count > 0 else {
            text += "]"
            return
        }
        depth += 1
        for i in 0..<count {
            if i > 0 { text += "," }
            newline()
            item(&self, i)
        }
        depth -= 1
        newline()
        text += "]"
    }

    /// Writes a loaded node as JSON.
    public mutating func node(_ node: Node) {
        switch node.kind {
        case .scalar(let value, _):
            switch value {
            case .null: text += "null"
            case .bool(let b): text += b ? "true" : "false"
            case .integer(let i): text += String(i)
            case .number(let d): number(d)
            case .string(let s): string(s)
            }
        case .sequence(let items):
            array(items.count) { writer, i in writer.node(items[i]) }
        case .mapping(let entries):
            object { writer in
                for entry in entries {
                    writer.member(entry.key)
                    writer.node(entry.value)
                }
            }
        }
    }
}
