import TokenModel

/// A spatial hash of colors in CIE Lab: finds every pair closer than a distance without comparing all pairs.
///
/// Cells are `cell` units wide (ΔE76); a query looks at the 27 cells around a point. CIEDE2000 never exceeds
/// twice ΔE76 in practice, so with `cell` = 2 × the ΔE2000 limit no close pair is missed (docs/rules.md).
struct LabGrid<Item> {
    struct Key: Hashable {
        var l: Int, a: Int, b: Int

        /// One word into the hasher, the three folded together: a query looks up 27 cells, and each word fed
        /// in costs a hashing round.
        func hash(into hasher: inout Hasher) {
            hasher.combine(UInt64(bitPattern: Int64(l)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: Int64(a)) &* 0xC2B2_AE3D_27D4_EB4F
                ^ UInt64(bitPattern: Int64(b)) &* 0x1656_67B1_9E37_79F9)
        }
    }

    let cell: Double
    private var cells: [Key: [(lab: SIMD3<Double>, item: Item)]] = [:]

    init(cell: Double) { self.cell = cell }

    private func key(_ lab: SIMD3<Double>) -> Key {
        Key(l: Int((lab.x / cell).rounded(.down)), a: Int((lab.y / cell).rounded(.down)), b: Int((lab.z / cell).rounded(.down)))
    }

    mutating func insert(_ lab: SIMD3<Double>, _ item: Item) {
        cells[key(lab), default: []].append((lab, item))
    }

    /// Calls `body` with each item in the cells around `lab` (the caller applies the exact distance).
    func forEachNeighbour(of lab: SIMD3<Double>, _ body: (Item) -> Void) {
        guard !cells.isEmpty else { return }
        let center = key(lab)
        for dl in -1...1 {
            for da in -1...1 {
                for db in -1...1 {
                    guard let found = cells.index(forKey: Key(l: center.l + dl, a: center.a + da, b: center.b + db)) else { continue }
                    // Read where they are held: a copy of the bucket and of each entry retained every item's
                    // references (a cache miss per neighbour, for items made long before).
                    cells.values[found].withUnsafeBufferPointer { entries in
                        for k in entries.indices { body(entries[k].item) }
                    }
                }
            }
        }
    }
}

extension Color {
    /// CIE Lab D50 components.
    var labComponents: SIMD3<Double> { converted(to: .lab).components }
}
