/// Bytes appended at the end of a growing buffer: what the template renderer, the JSON writer and the text
/// report write into. Non-copyable, so a large output is never copied by accident.
public struct ByteBuffer: ~Copyable {
    @usableFromInline var storage: [UInt8] = []

    /// How many bytes it holds.
    public var count: Int { storage.count }

    /// Creates an empty buffer with room for `capacity` bytes.
    public init(capacity: Int) {
        storage.reserveCapacity(max(capacity, 16))
    }

    /// Calls `body` with the bytes held, which are valid only inside it.
    @inlinable
    public func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBytes(body)
    }

    /// A copy of the bytes held.
    public var array: [UInt8] { storage }

    /// The bytes held, decoded as UTF-8 into a new string.
    public var string: String { String(decoding: storage, as: UTF8.self) }

    /// The last byte, if any.
    @inlinable
    public var last: UInt8? { storage.last }

    /// Appends a copy of `source`.
    @inlinable
    public mutating func append(_ source: UnsafeBufferPointer<UInt8>) { storage.append(contentsOf: source) }

    /// Appends a copy of `source`.
    @inlinable
    public mutating func append(_ source: ArraySlice<UInt8>) { storage.append(contentsOf: source) }

    /// Appends one byte.
    @inlinable
    public mutating func append(_ byte: UInt8) { storage.append(byte) }

    /// Appends `bytes[range]`. A short run (a template's text between two tags, mostly) is copied byte by byte:
    /// a slice of the array is retained and released around the copy, two atomic operations that took about
    /// 20 ns of the 40 a 4-byte append cost; a longer one is copied whole.
    @inlinable
    public mutating func append(_ bytes: [UInt8], in range: Range<Int>) {
        if range.count <= 16 {
            append(upTo: range.count) { span in for i in range { span.append(bytes[i]) } }
        } else {
            storage.append(contentsOf: bytes[range])
        }
    }

    /// Appends `byte` `times` times.
    @inlinable
    public mutating func append(_ byte: UInt8, times: Int) {
        // Indentation, nearly every call: written into the free space (a copy from a row of spaces cost a call
        // to the array's generic append, 20 ns, where a byte costs about 1).
        guard times > 0 else { return }
        append(upTo: times) { $0.append(repeating: byte, count: times) }
    }

    /// Appends the UTF-8 of `text`.
    @inlinable
    public mutating func append(_ text: String) {
        // A native string's UTF-8 copied in one go; the sequence path went byte by byte.
        if text.utf8.withContiguousStorageIfAvailable({ storage.append(contentsOf: $0) }) == nil {
            storage.append(contentsOf: text.utf8)
        }
    }

    /// Appends a literal's UTF-8: a short one (a key, a separator) byte by byte into the free space, which took
    /// half the time of a call to the array's generic append.
    @inlinable
    public mutating func append(literal: StaticString) {
        literal.withUTF8Buffer { bytes in
            if bytes.count <= 16 {
                append(upTo: bytes.count) { span in for byte in bytes { span.append(byte) } }
            } else {
                storage.append(contentsOf: bytes)
            }
        }
    }

    /// Appends the bytes `body` writes, at most `capacity` of them, straight into the buffer's free space: the
    /// array is checked for being uniquely held and large enough once for them all, where appending them one by
    /// one checked both for each byte (a call into the runtime per byte: 4.5 M of the 10k build's JSON output).
    @inlinable
    public mutating func append(upTo capacity: Int, _ body: (inout OutputSpan<UInt8>) -> Void) {
        storage.append(addingCapacity: capacity, initializingWith: body)
    }

    /// Appends `value` in decimal, written straight in (`String(value)` made a string for each number).
    public mutating func append(decimal value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = storage.count
        repeat {
            storage.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        storage[start...].reverse()
    }

    /// Empties the buffer, keeping its memory.
    @inlinable
    public mutating func removeAll() { storage.removeAll(keepingCapacity: true) }
}

extension ByteBuffer {
    /// The longest text copied a byte at a time while it is checked (`OutputSpan.append(_:unless:)`); a longer
    /// one is scanned first, then copied whole.
    public static var checkedCopyLimit: Int { 64 }
}

extension OutputSpan<UInt8> {
    /// Appends `bytes` unless one of them is `rejected`: then everything this span holds is taken back out (what
    /// was written before `bytes` too) and the answer is false, so the caller writes the text another way.
    @inlinable
    public mutating func append(_ bytes: some Sequence<UInt8>, unless rejected: (UInt8) -> Bool) -> Bool {
        for byte in bytes {
            guard !rejected(byte) else {
                removeAll()
                return false
            }
            append(byte)
        }
        return true
    }
}
