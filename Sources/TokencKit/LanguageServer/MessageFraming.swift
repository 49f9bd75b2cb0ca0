import TokenModel

/// The Language Server Protocol's base protocol: each message is `Content-Length: N`, a blank line, and N bytes
/// of JSON. Bytes arrive in pieces; `next()` hands out each complete message once.
public struct MessageFraming: Sendable {
    private var buffer: [UInt8] = []

    /// The largest message taken (a whole token file sent on open, with room): a longer header is refused.
    public static let largestMessage = 64 << 20

    /// What `next()` found.
    public enum Next: Equatable, Sendable {
        /// A complete message's body.
        case message([UInt8])
        /// Not a whole message yet.
        case incomplete
        /// A header that is not the protocol's: the stream cannot be read further.
        case malformed(String)
    }

    /// Creates an empty reader.
    public init() {}

    /// Adds bytes read from the stream.
    public mutating func append(_ bytes: some Sequence<UInt8>) { buffer.append(contentsOf: bytes) }

    /// The next complete message, taken out of the buffer.
    public mutating func next() -> Next {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = Self.find(separator, in: buffer) else {
            return buffer.count > 8192 ? .malformed("a header of over 8 KB without its blank line") : .incomplete
        }
        let header = String(decoding: buffer[..<end], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { return .malformed("the header line `\(line)` has no `:`") }
            if parts[0].lowercased() == "content-length" {
                guard let value = Int(parts[1].trimmingBlanks()), value >= 0, value <= Self.largestMessage else {
                    return .malformed("Content-Length `\(parts[1].trimmingBlanks())` is not a length up to \(Self.largestMessage) bytes")
                }
                length = value
            }
        }
        guard let length else { return .malformed("a message without Content-Length") }
        let start = end + separator.count
        guard buffer.count - start >= length else { return .incomplete }
        let body = Array(buffer[start..<start + length])
        buffer.removeFirst(start + length)
        return .message(body)
    }

    /// `body` with its header, ready to write.
    public static func framed(_ body: [UInt8]) -> [UInt8] { Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body }

    /// Where `needle` first starts in `haystack`, compared in place; only the first 8 KB and the needle are searched
    /// (a header is never longer), so a large body arriving in pieces is not scanned again with each piece.
    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        let last = min(haystack.count, 8192 + needle.count) - needle.count
        guard last >= 0 else { return nil }
        for i in 0...last where haystack[i] == needle[0] {
            var k = 1
            while k < needle.count, haystack[i + k] == needle[k] { k += 1 }
            if k == needle.count { return i }
        }
        return nil
    }
}
