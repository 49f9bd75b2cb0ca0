/// Bytes appended at the end of a buffer that doubles when full: what the template renderer, the JSON
/// writer and the text report write into.
///
/// Not an `[UInt8]`: an array's generic `append(contentsOf:)` cost 147 instructions a call, and the Swift
/// output of 100,000 tokens appends a million and a half template texts; here an append is a capacity check
/// and a copy. Non-copyable, as it owns its memory.
public struct ByteBuffer: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// How many bytes it holds.
    public var count: Int { held }
    /// `count`, settable by the inlinable appends.
    @usableFromInline var held = 0

    /// Creates an empty buffer with room for `capacity` bytes.
    public init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes held, valid until the next change.
    @inlinable
    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// A copy of the bytes held.
    public var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The bytes held, decoded as UTF-8 into a new string.
    public var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// The last byte, if any.
    @inlinable
    public var last: UInt8? { count > 0 ? base[count - 1] : nil }

    /// Appends a copy of `source`.
    @inlinable
    public mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let start = source.baseAddress, source.count > 0 else { return }
        if count + source.count > capacity { grow(toHold: count + source.count) }
        (base + count).update(from: start, count: source.count)
        held += source.count
    }

    /// Appends one byte.
    @inlinable
    public mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        held += 1
    }

    /// Appends `byte` `times` times.
    @inlinable
    public mutating func append(_ byte: UInt8, times: Int) {
        guard times > 0 else { return }
        if count + times > capacity { grow(toHold: count + times) }
        (base + count).update(repeating: byte, count: times)
        held += times
    }

    /// Appends the UTF-8 of `text`, read in place: `withUTF8` needs a mutable copy, which retained and
    /// released the string at each of the million appends of a large output.
    @inlinable
    public mutating func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) != nil { return }
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends a literal's UTF-8, read where the binary holds it: a short `String` literal is stored inline
    /// and has to be copied out before it can be read as bytes, which cost some 70 instructions an append.
    @inlinable
    public mutating func append(literal: StaticString) {
        guard literal.hasPointerRepresentation else { return literal.withUTF8Buffer { append($0) } }
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends `value` in decimal, written straight in (`String(value)` made a string for each number).
    public mutating func append(decimal value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // At most 20 digits; written from the end of a small buffer, then copied.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var first = 20
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            append(UnsafeBufferPointer(rebasing: digits[first...]))
        }
    }

    /// Empties the buffer, keeping its memory.
    @inlinable
    public mutating func removeAll() { held = 0 }

    @usableFromInline mutating func grow(toHold needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }
}
