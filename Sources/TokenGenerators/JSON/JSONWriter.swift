import SourceData
import TokenModel
import TokenColor

/// Writes JSON text deterministically: keys in the order given, two-space indentation, shortest round-trip numbers.
///
/// Non-copyable: it owns the buffer it writes into, so it is passed `inout` and read with `bytes` or `text`
/// when done.
public struct JSONWriter: ~Copyable {
    private var buffer: ByteBuffer
    private var depth = 0
    /// One line: members and items separated by `, `, no line breaks or indentation.
    private let compact: Bool

    /// The UTF-8 bytes written so far (a copy).
    public var bytes: [UInt8] { buffer.array }

    /// The text written so far.
    public var text: String { buffer.string }

    /// Where full chunks go when writing into a sink.
    private var sink: (any OutputSink)?

    /// Creates a writer, reserving room for about `capacity` bytes.
    public init(capacity: Int = 0, compact: Bool = false) {
        buffer = ByteBuffer(capacity: capacity)
        self.compact = compact
    }

    /// Creates a writer that hands its text to `sink` a chunk at a time (`passChunk`, `finish`).
    public init(sink: any OutputSink) {
        self.sink = sink
        buffer = ByteBuffer(capacity: outputSinkChunk + (1 << 12))
        compact = false
    }

    /// Hands the bytes written so far to the sink once they fill a chunk.
    public mutating func passChunk() {
        // The count first: asked after every token, and unwrapping the sink copies an existential.
        guard buffer.count >= outputSinkChunk, let sink else { return }
        buffer.withBytes { sink.write($0) }
        buffer.removeAll()
    }

    /// Hands the rest to the sink and closes it.
    public mutating func finish() {
        guard let sink else { return }
        buffer.withBytes { sink.write($0) }
        buffer.removeAll()
        sink.close()
    }

    /// How many bytes the writer holds: those written since the last chunk went to the sink.
    public var count: Int { buffer.count }

    /// Calls `body` with the bytes held from offset `start` on (`count` before they were written).
    public func withBytes<Result>(from start: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        buffer.withBytes { body(UnsafeRawBufferPointer(rebasing: $0[start...])) }
    }

    /// Appends UTF-8 bytes as they are.
    public mutating func raw(utf8 bytes: UnsafeBufferPointer<UInt8>) { buffer.append(bytes) }

    /// Appends UTF-8 bytes as they are.
    public mutating func raw(utf8 bytes: ArraySlice<UInt8>) { buffer.append(bytes) }

    /// Appends text as it is.
    public mutating func raw(_ s: String) { buffer.append(s) }

    /// Appends a literal as it is (JSON text the caller wrote, such as a quoted name).
    public mutating func raw(literal: StaticString) { buffer.append(literal: literal) }

    /// Starts a new line at the current indentation.
    public mutating func newline() {
        guard !compact else { return }
        let indentation = 2 * depth
        buffer.append(upTo: 1 + indentation) { span in
            span.append(UInt8(ascii: "\n"))
            span.append(repeating: UInt8(ascii: " "), count: indentation)
        }
    }

    /// Writes a JSON string literal.
    public mutating func string(_ s: String) {
        // Most strings need no escaping and are copied whole, scanned as one buffer of UTF-8 read in place
        // (`withUTF8` needs a mutable copy, which retained and released every string written).
        if s.utf8.withContiguousStorageIfAvailable({ string(utf8: $0) }) == nil {
            var copy = s
            copy.withUTF8 { string(utf8: $0) }
        }
    }

    /// Writes a JSON string literal of UTF-8 bytes (a name read out of a longer string, without making it one).
    public mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        if utf8.count <= ByteBuffer.checkedCopyLimit {
            // Copied and checked in one pass, quotes included; taken back out if a byte needs escaping.
            var plain = true
            buffer.append(upTo: utf8.count + 2) { span in
                span.append(UInt8(ascii: "\""))
                plain = span.append(utf8, unless: Self.needsEscaping)
                if plain { span.append(UInt8(ascii: "\"")) }
            }
            if plain { return }
        } else if !utf8.contains(where: Self.needsEscaping) {
            buffer.append(UInt8(ascii: "\""))
            buffer.append(utf8)
            buffer.append(UInt8(ascii: "\""))
            return
        }
        buffer.append(UInt8(ascii: "\""))
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case UInt8(ascii: "\n"): raw("\\n")
            case UInt8(ascii: "\r"): raw("\\r")
            case UInt8(ascii: "\t"): raw("\\t")
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                raw("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// Whether a byte is written escaped in a JSON string: a control character, `"` or `\`.
    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Writes a number: integers without a fraction, others in shortest round-trip form, non-finite as null.
    public mutating func number(_ value: Double) {
        guard value.isFinite else {
            raw("null")
            return
        }
        raw(value.wholeNumberText ?? "\(value)")
    }

    /// Writes an object; `body` writes members through `member(_:)`.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        buffer.append(UInt8(ascii: "{"))
        depth += 1
        let before = buffer.count
        body(&self)
        depth -= 1
        if buffer.count != before { newline() }
        buffer.append(UInt8(ascii: "}"))
    }

    /// Opens an object whose members are written across several calls (`member`, then its value); `closeObject`
    /// ends it.
    public mutating func openObject() {
        buffer.append(UInt8(ascii: "{"))
        depth += 1
    }

    /// Ends an object `openObject` opened, on a line of its own when it had members.
    public mutating func closeObject(hadMembers: Bool) {
        depth -= 1
        if hadMembers { newline() }
        buffer.append(UInt8(ascii: "}"))
    }

    /// Starts a member inside `object`: a separator when needed, the key and the colon.
    public mutating func member(_ key: String) {
        if key.utf8.withContiguousStorageIfAvailable({ member(utf8: $0) }) == nil {
            memberStart()
            string(key)
            memberEnd()
        }
    }

    /// `member` with a key given as UTF-8 bytes.
    public mutating func member(utf8 key: UnsafeBufferPointer<UInt8>) {
        let separated = buffer.last != UInt8(ascii: "{"), compact = compact, indentation = compact ? 0 : 2 * depth
        // A short key that needs no escaping (nearly all: names, paths, modes) goes in with what comes before and
        // after it in one write; one that does is taken back out and written the long way.
        if key.count <= ByteBuffer.checkedCopyLimit {
            var plain = true
            buffer.append(upTo: 7 + indentation + key.count) { span in
                Self.memberStart(&span, separated: separated, compact: compact, indentation: indentation)
                span.append(UInt8(ascii: "\""))
                plain = span.append(key, unless: Self.needsEscaping)
                guard plain else { return }
                span.append(UInt8(ascii: "\""))
                span.append(UInt8(ascii: ":"))
                span.append(UInt8(ascii: " "))
            }
            if plain { return }
        }
        memberStart()
        string(utf8: key)
        memberEnd()
    }

    /// `member` with a literal key that needs no escaping (`$value`, `$type`): written as it is, unscanned.
    public mutating func member(literal key: StaticString) {
        let separated = buffer.last != UInt8(ascii: "{"), compact = compact, indentation = compact ? 0 : 2 * depth
        // The separator, the line's start, the quoted key and the colon in one write into the buffer.
        key.withUTF8Buffer { key in
            buffer.append(upTo: 6 + indentation + key.count) { span in
                Self.memberStart(&span, separated: separated, compact: compact, indentation: indentation)
                span.append(UInt8(ascii: "\""))
                for byte in key { span.append(byte) }
                span.append(UInt8(ascii: "\""))
                span.append(UInt8(ascii: ":"))
                span.append(UInt8(ascii: " "))
            }
        }
    }

    private mutating func memberStart() {
        let separated = buffer.last != UInt8(ascii: "{"), compact = compact, indentation = compact ? 0 : 2 * depth
        buffer.append(upTo: 3 + indentation) { span in
            Self.memberStart(&span, separated: separated, compact: compact, indentation: indentation)
        }
    }

    /// Writes what goes before a member's key: `,` after another member (`, ` on one line), then the line's start.
    private static func memberStart(_ span: inout OutputSpan<UInt8>, separated: Bool, compact: Bool, indentation: Int) {
        if separated {
            span.append(UInt8(ascii: ","))
            if compact { span.append(UInt8(ascii: " ")) }
        }
        guard !compact else { return }
        span.append(UInt8(ascii: "\n"))
        span.append(repeating: UInt8(ascii: " "), count: indentation)
    }

    private mutating func separator() {
        buffer.append(UInt8(ascii: ","))
        if compact { buffer.append(UInt8(ascii: " ")) }
    }

    private mutating func memberEnd() {
        buffer.append(upTo: 2) { span in
            span.append(UInt8(ascii: ":"))
            span.append(UInt8(ascii: " "))
        }
    }

    /// Writes an array of `count` items, each written by `item`.
    public mutating func array(_ count: Int, _ item: (inout JSONWriter, Int) -> Void) {
        buffer.append(UInt8(ascii: "["))
        guard count > 0 else {
            buffer.append(UInt8(ascii: "]"))
            return
        }
        depth += 1
        for i in 0..<count {
            if i > 0 { separator() }
            newline()
            item(&self, i)
        }
        depth -= 1
        newline()
        buffer.append(UInt8(ascii: "]"))
    }

    /// Writes an array of `count` scalars on one line, `[0.2, 0.4, 0.6]`: a color's components read as one value.
    public mutating func inlineArray(_ count: Int, _ item: (inout JSONWriter, Int) -> Void) {
        buffer.append(UInt8(ascii: "["))
        for i in 0..<count {
            if i > 0 {
                buffer.append(UInt8(ascii: ","))
                buffer.append(UInt8(ascii: " "))
            }
            item(&self, i)
        }
        buffer.append(UInt8(ascii: "]"))
    }

    /// Writes plain data (a value, `$extensions`) as JSON.
    public mutating func plain(_ value: PlainValue) {
        switch value {
        case .scalar(let value, _): scalar(value)
        case .list(let items):
            array(items.count) { writer, i in writer.plain(items[i]) }
        case .object(let entries):
            object { writer in
                for entry in entries {
                    writer.member(entry.key)
                    writer.plain(entry.value)
                }
            }
        }
    }

    /// Writes a scalar as JSON.
    mutating func scalar(_ value: ScalarValue) {
        switch value {
        case .null: raw("null")
        case .bool(let b): raw(b ? "true" : "false")
        case .integer(let i): raw(String(i))
        case .number(let d): number(d)
        case .string(let s): string(s)
        }
    }
}
