#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text files of lines with tab-separated fields (the manifest, the build cache's state), split over their bytes:
/// splitting them as `String`s broke them into characters, some 35,000 instructions a line (330 M for the 9,500
/// lines a 10k build's asset catalogs put in the manifest, 780 M for the cache's).
enum TabSeparatedLines {
    /// Each non-empty line's fields, empty ones kept, at most `limit` of them (the last keeps any further tabs).
    static func fields(_ bytes: ArraySlice<UInt8>, limit: Int = .max) -> [[String]] {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return [] }
            /// The offset of the first `byte` in `from..<to`, or `to` (memchr: a line is found in a few instructions).
            func find(_ byte: UInt8, from: Int, to: Int) -> Int {
                memchr(base + from, Int32(byte), to - from).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? to
            }
            var lines: [[String]] = []
            var start = 0
            while start < buffer.count {
                let end = find(UInt8(ascii: "\n"), from: start, to: buffer.count)
                if end > start {
                    var fields: [String] = []
                    var fieldStart = start
                    while true {
                        let tab = fields.count < limit - 1 ? find(UInt8(ascii: "\t"), from: fieldStart, to: end) : end
                        fields.append(String(decoding: UnsafeBufferPointer(start: base + fieldStart, count: tab - fieldStart), as: UTF8.self))
                        if tab == end { break }
                        fieldStart = tab + 1
                    }
                    lines.append(fields)
                }
                start = end + 1
            }
            return lines
        }
    }
}
