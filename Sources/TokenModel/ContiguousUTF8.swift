extension String {
    /// Calls `body` with the string's UTF-8 bytes, read in place when it holds them contiguously (native
    /// strings do): `withUTF8` is mutating, so calling it on a copy retained and released the string each
    /// time, and paths and values are read this way for every token in several stages. The generators'
    /// per-string writers (`ByteBuffer.append`, `JSONWriter.string`, the template's escaping, CSS names) call
    /// `utf8.withContiguousStorageIfAvailable` themselves: through this function their closures were not
    /// inlined, 8 M instructions more at 10,000 tokens (docs/performance.md).
    @inlinable @inline(__always)
    public func withContiguousUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }
}

extension String {
    /// `first`, `second` and `third` as one string, made in one allocation: `first + second + third` copies
    /// the first part twice and may allocate twice, and paths (`group` + "." + `name`) are made this way
    /// for every token.
    public static func concatenating(_ first: String, _ second: String, _ third: String) -> String {
        first.withContiguousUTF8 { a in
            second.withContiguousUTF8 { b in
                third.withContiguousUTF8 { c in
                    String(unsafeUninitializedCapacity: a.count + b.count + c.count) { buffer in
                        var written = buffer[...].initialize(fromContentsOf: a)
                        written = buffer[written...].initialize(fromContentsOf: b)
                        return buffer[written...].initialize(fromContentsOf: c)
                    }
                }
            }
        }
    }
}
