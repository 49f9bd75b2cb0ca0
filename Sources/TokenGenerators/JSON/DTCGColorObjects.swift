import TokenColor

/// The JSON output's DTCG color objects: each written once per distinct color and copied after that.
extension DTCGJSONGenerator {
    /// The color objects written so far, by color, so that each distinct color is formatted once: in a real set
    /// most colors are written again (an alias has its target's color, the flat file repeats the nested one),
    /// and formatting one (components, hex, gamut mapping for the fallback) costs some 1,900 instructions, copying
    /// its text back some 250. The colors met lately are also kept in a few slots in front of the table (`recent`),
    /// which stay in the processor's cache: at 100,000 tokens the table outgrew it (8 MB), and nearly every
    /// look-up of a color written again soon (an alias near its target, the flat entry right after the nested
    /// one) waited on memory.
    struct ColorObjects {
        private var recent = RecentColorObjects()
        /// The text of every distinct color object met, one after another.
        private var texts: [UInt8] = []
        /// Each distinct color met (by its bits, so that a color with a `none` component finds itself), and where
        /// its object is in `texts`.
        private var known: [(color: ColorBits, text: Range<Int>)] = []
        /// An open-addressing table over `known` by `ColorBits.folded`: an index into `known` plus one, 0 for an
        /// empty slot; at most half full. (A dictionary hashed each color through SipHash: 9 M instructions of
        /// the 10k build's JSON output, this table about a third of that.)
        private var slots = [Int32](repeating: 0, count: 256)

        /// Writes `color` as `DTCGJSONGenerator.color` does, from the text written for it before when there is one.
        mutating func write(_ color: Color, into writer: inout JSONWriter) {
            let key = ColorBits(color)
            let recentSlot = recent.slot(of: key)
            if recent.write(key, in: recentSlot, into: &writer) { return }
            let start = writer.count
            defer { recent.keep(writer, from: start, for: key, in: recentSlot) }
            let mask = slots.count - 1
            var slot = Self.home(of: key, mask: mask)
            while slots[slot] != 0 {
                let entry = known[Int(slots[slot]) - 1]
                if entry.color == key { return writer.raw(utf8: texts[entry.text]) }
                slot = (slot + 1) & mask
            }
            DTCGJSONGenerator.color(&writer, color)
            let first = texts.count
            writer.withBytes(from: start) { texts.append(contentsOf: $0) }
            known.append((key, first..<texts.count))
            slots[slot] = Int32(known.count)
            if known.count * 2 > slots.count { grow() }
        }

        /// Doubles the table and places every known color again.
        private mutating func grow() {
            slots = [Int32](repeating: 0, count: slots.count * 2)
            let mask = slots.count - 1
            for (k, entry) in known.enumerated() {
                var slot = Self.home(of: entry.color, mask: mask)
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(k + 1)
            }
        }

        /// The slot a color's probe starts from: the high half of its folded bits, masked to the table.
        private static func home(of color: ColorBits, mask: Int) -> Int {
            Int(truncatingIfNeeded: color.folded >> 32) & mask
        }
    }

    /// The color objects met lately, each in the one of a fixed number of slots its bits pick, its text held in
    /// the slot: small enough to stay in the processor's cache (about 200 KB).
    struct RecentColorObjects {
        /// How many slots, and the longest text a slot holds (a longer one is only kept in the table).
        private static let slotCount = 1024, slotBytes = 160
        private var keys = [ColorBits?](repeating: nil, count: slotCount)
        private var lengths = [Int](repeating: 0, count: slotCount)
        private var texts = [UInt8](repeating: 0, count: slotCount * slotBytes)

        /// The slot `key` is kept in.
        func slot(of key: ColorBits) -> Int { Int(truncatingIfNeeded: key.folded >> 40) & (Self.slotCount - 1) }

        /// Writes the text `slot` holds for `key`, if it holds it; whether it did.
        func write(_ key: ColorBits, in slot: Int, into writer: inout JSONWriter) -> Bool {
            guard keys[slot] == key else { return false }
            let start = slot * Self.slotBytes
            writer.raw(utf8: texts[start..<start + lengths[slot]])
            return true
        }

        /// Keeps the text `writer` holds from offset `from` on for `key` in `slot`, replacing what it held.
        mutating func keep(_ writer: borrowing JSONWriter, from: Int, for key: ColorBits, in slot: Int) {
            let length = writer.count - from
            guard length <= Self.slotBytes else { return }
            let start = slot * Self.slotBytes
            writer.withBytes(from: from) { texts.replaceSubrange(start..<start + length, with: $0) }
            keys[slot] = key
            lengths[slot] = length
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
