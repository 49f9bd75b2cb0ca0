// Text operations tokenc took from Foundation, which it no longer links on Linux (it links FoundationEssentials
// alone: docs/performance.md). Each gives the result Foundation's version gave.

extension StringProtocol {
    /// The text without the blanks at either end: tabs and the Unicode space separators (category Zs), the set
    /// `CharacterSet.whitespaces` holds, compared scalar by scalar as `trimmingCharacters(in:)` does.
    public func trimmingBlanks() -> String {
        trimming { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// The text without blanks and line breaks at either end (`CharacterSet.whitespacesAndNewlines`: the space
    /// separators, tab, U+000A–U+000D, U+0085 and the line and paragraph separators U+2028 and U+2029).
    public func trimmingWhitespace() -> String {
        trimming { scalar in
            switch scalar.value {
            case 0x09...0x0D, 0x85, 0x2028, 0x2029: true
            default: scalar.properties.generalCategory == .spaceSeparator
            }
        }
    }

    /// The text without the scalars at either end that `isTrimmed` accepts.
    func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }), let last = scalars.lastIndex(where: { !isTrimmed($0) }) else {
            return ""
        }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[first...last])
        return String(kept)
    }

    /// The text with spaces added after it up to `width` characters, or cut to `width` when it is longer
    /// (Foundation's `padding(toLength:withPad: " ", startingAt: 0)`, which counts UTF-16 units: the same for
    /// the ASCII names it pads).
    public func padded(to width: Int) -> String {
        let length = count
        if length >= width { return String(prefix(width)) }
        return String(self) + String(repeating: " ", count: width - length)
    }
}

extension String {
    /// The text with each control character (C0, DEL, C1) and each Unicode line or paragraph separator written as
    /// `\u{…}`: text from token files printed on one line of a report, a comment or a table cannot end that line,
    /// start a forged one, or move a terminal's cursor.
    public var escapingControls: String {
        guard unicodeScalars.contains(where: Self.isControl) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            if Self.isControl(scalar) { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// Whether `escapingControls` writes `scalar` out.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
