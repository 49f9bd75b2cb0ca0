import TokenColor

/// The JSON output's DTCG color objects: formatted once, and copied while a slot keeps them.
extension DTCGJSONGenerator {
    /// Color objects written lately, by color, so that a color met again is copied rather than formatted again:
    /// in a real set most colors are (an alias has its target's color, the flat file writes each token right
    /// after the nested one, a few colors recur all over), and formatting one (components, hex, gamut mapping for
    /// the fallback) costs some 1,900 instructions, copying its text back some 250.
    ///
    /// A fixed number of sets of two slots, each color in the set its bits pick, the older of the two replaced
    /// (a color met long after its slot was taken is only formatted again): at 10,000 tokens 6,096 colors are
    /// formatted for 6,027 distinct, at 100,000 60,485 for 47,577. A table of every distinct color formatted each
    /// exactly once, but at 100,000 tokens it held 12 MB that no cache kept (each look-up waited on memory) until
    /// the output was done; one slot per set, without the second, formatted 9,924 colors at 10,000 tokens, as two
    /// colors used all over the set took each other's slot.
    struct ColorObjects {
        /// The longest text a slot holds (a longer one, with `none` components and an alpha, is formatted each time).
        private static let slotBytes = 160
        private let sets: Int
        /// Each slot's color and its text's length, two slots a set; the texts, `slotBytes` apart.
        private var keys: [ColorBits?]
        private var lengths: [Int]
        private var texts: [UInt8]
        /// Per set, the slot (0 or 1) used last: the other is replaced first.
        private var used: [UInt8]

        /// Creates the slots: `sets` must be a power of two; one set for a color or two, 1,024 for a whole set.
        init(sets: Int = 1) {
            precondition(sets > 0 && sets & (sets - 1) == 0, "a power of two")
            self.sets = sets
            keys = Array(repeating: nil, count: 2 * sets)
            lengths = Array(repeating: 0, count: 2 * sets)
            texts = Array(repeating: 0, count: 2 * sets * Self.slotBytes)
            used = Array(repeating: 0, count: sets)
        }

        /// The sets for an output of `tokens` tokens: `MemoSlots.count`, at most 1,024 (about 500 KB).
        static func sets(forTokens tokens: Int) -> Int { min(1024, MemoSlots.count(forTokens: tokens)) }

        /// Writes `color` as `DTCGJSONGenerator.color` does, from the text a slot holds for it when one does.
        mutating func write(_ color: Color, into writer: inout JSONWriter) {
            let key = ColorBits(color)
            let set = Int(truncatingIfNeeded: key.folded >> 40) & (sets - 1)
            for way in 0..<2 where keys[2 * set + way] == key {
                let slot = 2 * set + way, start = slot * Self.slotBytes
                used[set] = UInt8(way)
                return writer.raw(utf8: texts[start..<start + lengths[slot]])
            }
            let before = writer.count
            DTCGJSONGenerator.color(&writer, color)
            let length = writer.count - before
            guard length <= Self.slotBytes else { return }
            let way = 1 - Int(used[set]), slot = 2 * set + way, start = slot * Self.slotBytes
            writer.withBytes(from: before) { texts.replaceSubrange(start..<start + length, with: $0) }
            keys[slot] = key
            lengths[slot] = length
            used[set] = UInt8(way)
        }
    }

    /// A DTCG color object: the color's own space and components (hsl() and hwb() as sRGB, whose DTCG components
    /// are not CSS's), `alpha` when not 1, and the sRGB `hex` a reader without that space shows.
    static func color(_ writer: inout JSONWriter, _ color: Color) {
        var written = color.space == .hsl || color.space == .hwb ? color.converted(to: .srgb) : color
        if written.space != color.space {
            // The conversion's floating-point noise (1.0000000000000002) would put an in-gamut color out of 0…1.
            func snapped(_ value: Double) -> Double { abs(value) < 1e-9 ? 0 : abs(value - 1) < 1e-9 ? 1 : value }
            written.components = SIMD3(snapped(written.components.x), snapped(written.components.y), snapped(written.components.z))
        }
        // One line per color: a changed color is a changed line in a review's diff.
        writer.raw(literal: "{\"colorSpace\": \"")
        // Space names are plain ASCII: written as they are, without the string writer's escaping scan.
        written.space.rawValue.utf8.withContiguousStorageIfAvailable { writer.raw(utf8: $0) } ?? writer.raw(written.space.rawValue)
        writer.raw(literal: "\", \"components\": ")
        let components = written.components
        writer.inlineArray(3) { writer, i in
            if components[i].isNaN { writer.string("none") } else { Self.component(&writer, components[i]) }
        }
        if written.alpha != 1 {
            writer.raw(literal: ", \"alpha\": ")
            Self.component(&writer, written.alpha)
        }
        writer.raw(literal: ", \"hex\": \"")
        // `#rrggbb` (the alpha has its own member): hex digits, written from the stack as they are.
        written.withHex { writer.raw(utf8: UnsafeBufferPointer(rebasing: $0.prefix(7))) }
        writer.raw(literal: "\"}")
    }

    /// The JSON texts of k/255 for k from 0 to 255, as `JSONWriter.number` writes them: the components of a
    /// color written in hex, formatted once instead of once per token.
    static let byteFractionTexts: [String] = (0...255).map { k in
        var writer = JSONWriter()
        writer.number(Double(k) / 255)
        return writer.text
    }

    /// Writes a component or an alpha as `JSONWriter.number` would, from the table when it is a whole number
    /// of 255ths (every channel of a hex color).
    static func component(_ writer: inout JSONWriter, _ value: Double) {
        let scaled = value * 255
        if scaled >= 0, scaled <= 255 {
            let k = Int(scaled.rounded())
            if Double(k) / 255 == value {
                writer.raw(byteFractionTexts[k])
                return
            }
        }
        writer.number(value)
    }
}
