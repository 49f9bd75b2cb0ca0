#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The byte offsets where each line of a file starts, for turning offsets into lines and back.
public struct LineIndex: Sendable {
    /// Offset of the first byte of each line; the first is always 0.
    public let starts: [Int]
    /// Total byte count of the text.
    public let count: Int

    /// Indexes `bytes` with `memchr`, fast even for very long files. Lines end as libyaml ends them, at `\n`,
    /// `\r\n` or a lone `\r`, so its line numbers find their lines here.
    public init(_ bytes: [UInt8]) {
        var starts = [0]
        // Sized for lines of 32 bytes (a token file's are about 40): grown as found, the list was copied a dozen times.
        starts.reserveCapacity(bytes.count / 32 + 1)
        let hasCarriageReturn = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            guard memchr(base, 0x0D, buffer.count) == nil else { return true }
            var offset = 0
            while offset < buffer.count,
                  let hit = memchr(base + offset, 0x0A, buffer.count - offset)
            {
                let index = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                starts.append(index + 1)
                offset = index + 1
            }
            return false
        }
        // A file with carriage returns (Windows' or old Mac line ends) is read byte by byte.
        if hasCarriageReturn {
            for (index, byte) in bytes.enumerated() where byte == 0x0A || byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A) {
                starts.append(index + 1)
            }
        }
        self.starts = starts
        self.count = bytes.count
    }

    /// The byte range of a 0-based line, without its line break (`\n`, `\r\n` or `\r`), or nil past the end.
    public func byteRange(ofLine line: Int, in bytes: [UInt8]) -> Range<Int>? {
        guard line >= 0, line < starts.count else { return nil }
        var end = line + 1 < starts.count ? starts[line + 1] - 1 : count
        if end > starts[line], bytes[end - 1] == 0x0D { end -= 1 }
        return starts[line]..<max(starts[line], end)
    }

    /// The 0-based line holding byte `offset`.
    public func line(containing offset: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }
}

/// Counting and slicing UTF-8 text by Unicode scalars without decoding all of it.
public enum UTF8Columns {
    /// The number of scalars in `bytes[range]` (counts lead bytes; invalid bytes count as one each).
    public static func scalarCount(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var n = 0
            var i = range.lowerBound
            while i < range.upperBound {
                if buffer[i] & 0xC0 != 0x80 { n += 1 }
                i += 1
            }
            return n
        }
    }

    /// The byte offset of scalar number `column` (0-based) in `bytes[range]`, clamped to the range.
    public static func offset(ofScalar column: Int, in bytes: [UInt8], _ range: Range<Int>) -> Int {
        // A scalar is at least a byte: past the range's byte count there is none to find.
        guard column < range.count else { return range.upperBound }
        return bytes.withUnsafeBufferPointer { buffer in
            var seen = -1
            var i = range.lowerBound
            while i < range.upperBound {
                if buffer[i] & 0xC0 != 0x80 {
                    seen += 1
                    if seen == column { return i }
                }
                i += 1
            }
            return range.upperBound
        }
    }
}
