import SourceData

/// Where a scalar's own bytes are in the file: past its anchor and tag, to its closing quote or the end of its
/// text (over line breaks for a plain scalar written on several lines), so that an edit replaces exactly them.
extension MigrationWalk {
    /// The bytes of a scalar written at `start`: a quoted one to its closing quote, a plain one its text's length,
    /// an alias (`*name`) its name. An anchor (`&name`) or a tag (`!!str`) before the scalar is kept: the extent
    /// starts after it.
    func scalarExtent(at start: Int, plain text: String) -> Range<Int> {
        let start = propertiesEnd(start)
        guard start < bytes.count else { return start..<start }
        if bytes[start] == UInt8(ascii: "*") { return start..<anchorNameEnd(start + 1) }
        let quote = bytes[start]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            return start..<(plainEnd(from: start, text: Array(text.utf8)) ?? min(bytes.count, start + text.utf8.count))
        }
        var i = start + 1
        while i < bytes.count {
            if quote == UInt8(ascii: "\""), bytes[i] == UInt8(ascii: "\\") { i += 2; continue }
            if bytes[i] == quote {
                // `''` inside a single-quoted scalar is a quote, not its end.
                if quote == UInt8(ascii: "'"), i + 1 < bytes.count, bytes[i + 1] == quote { i += 2; continue }
                return start..<i + 1
            }
            i += 1
        }
        return start..<bytes.count
    }

    /// Where a plain scalar whose text is `text` ends when it starts at `from`: past its line breaks when it is
    /// written over several lines (a break between two lines reads as a space, each further one as a line
    /// feed; blanks around them are not part of the text). Nil where the bytes are not the text.
    func plainEnd(from: Int, text: [UInt8]) -> Int? {
        // Measured on the bytes as parsed: a JSONC or JSON5 comment reads as blanks, its hidden bytes as nothing.
        let bytes = parsedBytes
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), hidden = JSONComments.hiddenByte
        func breakLength(_ k: Int) -> Int? {
            switch bytes[k] {
            case UInt8(ascii: "\n"): 1
            case UInt8(ascii: "\r"): k + 1 < bytes.count && bytes[k + 1] == UInt8(ascii: "\n") ? 2 : 1
            case 0xC2 where k + 1 < bytes.count && bytes[k + 1] == 0x85: 2
            case 0xE2 where k + 2 < bytes.count && bytes[k + 1] == 0x80 && (bytes[k + 2] == 0xA8 || bytes[k + 2] == 0xA9): 3
            default: nil
            }
        }
        func blanksEnd(_ k: Int) -> Int {
            var k = k
            while k < bytes.count, bytes[k] == space || bytes[k] == tab || (hasComments && bytes[k] == hidden) { k += 1 }
            return k
        }
        var i = from, j = 0
        while j < text.count {
            var k = blanksEnd(i)
            if k < bytes.count, breakLength(k) != nil {
                var breaks = 0
                while k < bytes.count, let length = breakLength(k) {
                    breaks += 1
                    k = blanksEnd(k + length)
                }
                let folded = breaks == 1 ? [space] : [UInt8](repeating: UInt8(ascii: "\n"), count: breaks - 1)
                guard text[j...].starts(with: folded) else { return nil }
                j += folded.count
                i = k
                continue
            }
            if hasComments, i < bytes.count, bytes[i] == hidden {
                i += 1
                continue
            }
            guard i < bytes.count, bytes[i] == text[j] else { return nil }
            i += 1
            j += 1
        }
        return i
    }

    /// Where a tag's name that starts at `from` ends.
    func nameEnd(_ from: Int) -> Int {
        var i = from
        while i < bytes.count, !" \t\r\n,]}".utf8.contains(bytes[i]) { i += 1 }
        return i
    }

    /// Where an anchor's or an alias's name that starts at `from` ends: libyaml's names are ASCII letters, digits,
    /// `_` and `-` (`isAnchorByte`), so `&b:` is the anchor `b` on an empty key, not an anchor named `b:`.
    func anchorNameEnd(_ from: Int) -> Int {
        var i = from
        while i < bytes.count, Self.isAnchorByte(bytes[i]) { i += 1 }
        return i
    }

    /// The properties of a node written at `start` — its anchor's name (`&name`, nil without one) and whether it
    /// has a tag (`!!str`), in either order and on lines of their own or not — and where the node itself begins.
    func properties(at start: Int) -> (anchor: Range<Int>?, tagged: Bool, end: Int) {
        var i = start, anchor: Range<Int>?, tagged = false
        while i < bytes.count, bytes[i] == UInt8(ascii: "&") || bytes[i] == UInt8(ascii: "!") {
            let end: Int
            if bytes[i] == UInt8(ascii: "&") {
                end = anchorNameEnd(i + 1)
                anchor = i + 1..<end
            } else {
                end = nameEnd(i + 1)
                tagged = true
            }
            i = spaceEnd(end)
        }
        return (anchor, tagged, i)
    }

    /// Where a node written at `start` begins after its anchor (`&name`) and tag (`!!str`), if it has them.
    func propertiesEnd(_ start: Int) -> Int { properties(at: start).end }

    /// Whether the node written at `location` has a tag among its properties (`!!str 4px`, and `&a !!str 4px`
    /// with the tag after the anchor, lines below it or not).
    func hasTag(_ location: SourceLocation) -> Bool { properties(at: offset(location)).tagged }

    /// The first byte from `from` that is not a space, a line break or a comment: the scalar after an anchor or
    /// a tag may start lines below it (`&a # note` then `8px`). Read on `parsedBytes`, where a JSONC or JSON5
    /// file's `//` and `/* */` comments are blanks already.
    func spaceEnd(_ from: Int) -> Int {
        let bytes = parsedBytes
        var i = from
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): i += 1
            case JSONComments.hiddenByte where hasComments: i += 1
            case UInt8(ascii: "#"):
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n"), bytes[i] != UInt8(ascii: "\r") { i += 1 }
            default: return i
            }
        }
        return i
    }
}
