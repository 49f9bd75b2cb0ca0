#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Numbers as text, as Foundation wrote them (tokenc links FoundationEssentials alone: docs/performance.md):
// colors' components and every output's numbers are written with these.

extension Double {
    /// The digits of a whole number (`16`, `-3`) when the number is whole and under 10¹⁵ in size; nil for a
    /// fraction, an infinity, NaN or a larger number (`Int(self)` would trap on the last three, and a token
    /// file can hold any of them).
    public var wholeNumberText: String? {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : nil
    }

    /// The number with `places` digits after the point, rounded as C's `printf("%.*f")` rounds (the exact
    /// binary value, ties to even): what `String(format: "%.2f", value)` wrote.
    public func fixed(_ places: Int) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 352) { buffer in
            let written = withVaList([Int32(places), self]) { arguments in
                vsnprintf(buffer.baseAddress!, buffer.count, "%.*f", arguments)
            }
            let length = min(Int(written), buffer.count - 1)
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress!, count: max(0, length)), as: UTF8.self)
        }
    }
}
