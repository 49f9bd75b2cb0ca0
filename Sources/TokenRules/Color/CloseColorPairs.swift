#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TokenModel

/// Every pair of colors closer than a CIEDE2000 limit, found without comparing all pairs and without missing
/// one (docs/color.md, "Close pairs").
///
/// CIEDE2000 is not a distance in Lab: it divides a chroma difference by up to 7 for saturated colors, so two
/// colors 12 apart in Lab can be 1.8 apart in ΔE2000. A fixed Lab grid missed such pairs. Here each color's
/// search box comes from a bound that holds for every pair (`lowerBound`), and each candidate in it is checked
/// against that bound before the exact difference is worked out.
struct CloseColorPairs {
    /// A color's Lab components and what its search needs.
    private struct Point {
        var lab: SIMD3<Double>
        /// √(a² + b²).
        var chroma: Double
        /// A lower bound of 1 − |R_T|/2 for this color and any color within its reach (see `lowerBound`).
        var kappa: Double
        /// How far from this color, in a and b, a color within the limit can be.
        var reach: Double
    }

    /// The CIEDE2000 limit.
    let limit: Double
    private let points: [Point]
    /// How thick a slab of L is: at least how far apart in L two colors within the limit can be (the limit
    /// times S_L's largest value here), so such colors are in the same slab or next to each other.
    private let slabWidth: Double
    /// The lowest L: slab `k` holds the colors with L from `minimumL + k × slabWidth` up to the next slab's.
    private let minimumL: Double
    /// Each slab's colors, by position, in order of a.
    private let slabs: [[Int32]]

    /// Indexes colors given as CIE Lab components (`none` read as zero).
    init(_ labs: [SIMD3<Double>], limit: Double) {
        self.limit = limit
        // S_L = 1 + 0.015 (L̄ − 50)² / √(20 + (L̄ − 50)²) ≤ 1 + 0.015 |L̄ − 50|, and L̄ lies between the pair's Ls.
        // A color with a component that is not a finite number is close to nothing (it is never indexed).
        let finite = labs.map { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite }
        let farthest = zip(labs, finite).reduce(0) { $1.1 ? max($0, abs($1.0.x - 50)) : $0 }
        minimumL = zip(labs, finite).reduce(Double.infinity) { $1.1 ? min($0, $1.0.x) : $0 }
        let maximumL = zip(labs, finite).reduce(-Double.infinity) { $1.1 ? max($0, $1.0.x) : $0 }
        // At most 4,096 slabs, however small the limit: thicker slabs only hold more candidates.
        slabWidth = max(limit * (1 + 0.015 * farthest), (maximumL - minimumL) / 4096)
        let points = labs.map { Self.point($0, limit: limit) }
        var slabs: [[Int32]] = []
        for (position, point) in points.enumerated() where finite[position] {
            let slab = Self.slab(point.lab.x, from: minimumL, width: slabWidth)
            while slabs.count <= slab { slabs.append([]) }
            slabs[slab].append(Int32(position))
        }
        // In order of a, then of position: `candidates` walks them in this order.
        for k in slabs.indices { slabs[k].sort { (points[Int($0)].lab.y, $0) < (points[Int($1)].lab.y, $1) } }
        self.points = points
        self.slabs = slabs
    }

    /// Every pair of colors that may be within the limit, as positions (earlier, later), ordered by the later
    /// position, then the earlier: every pair that is, and some that are not (the caller works out the exact
    /// difference). With `groups` (one per color), pairs within one group are left out: a rule that only
    /// compares colors of different roles does not hold a list of the others.
    func candidates(groups: [Int]? = nil) -> [(earlier: Int, later: Int)] {
        candidates(groups: groups, atMost: .max)!
    }

    /// How many pairs a rule's search looks at before it stops (`candidates(groups:atMost:)`): about 0.1 s.
    /// The 100,000-token benchmark set's search looks at 377,740; only thousands of distinct colors crowded
    /// within the limit of each other reach it.
    static let budget = 16_000_000

    /// `candidates(groups:)`, or nil once it has looked at more than `atMost` pairs: 20,000 distinct status
    /// colors within ΔE2000 10 of each other are 2 × 10⁸ pairs to look at, and as many to list.
    func candidates(groups: [Int]?, atMost: Int) -> [(earlier: Int, later: Int)]? {
        var found: [(earlier: Int, later: Int)] = []
        var looked = 0
        for slab in slabs.indices {
            for (rank, member) in slabs[slab].enumerated() {
                let position = Int(member)
                let p = points[position]
                // Each pair once: from the color that comes first in order of a (then of position), to colors
                // up to its reach further on in its own slab and the slabs on either side. Either color's
                // reach bounds a pair within the limit, so the first one's is enough.
                for k in max(0, slab - 1)...min(slabs.count - 1, slab + 1) {
                    let members = slabs[k]
                    var index = rank + 1
                    if k != slab {
                        // The first member after `p` in order of a, then position, by binary search.
                        var low = 0, high = members.count
                        while low < high {
                            let middle = (low + high) / 2
                            let other = Int(members[middle])
                            let a = points[other].lab.y
                            if a < p.lab.y || (a == p.lab.y && other < position) { low = middle + 1 } else { high = middle }
                        }
                        index = low
                    }
                    while index < members.count {
                        let q = Int(members[index])
                        index += 1
                        looked += 1
                        guard looked <= atMost else { return nil }
                        let other = points[q]
                        if other.lab.y > p.lab.y + p.reach { break }
                        guard abs(other.lab.z - p.lab.z) <= p.reach, groups.map({ $0[q] != $0[position] }) ?? true,
                              Self.lowerBound(p, other) < limit * limit else { continue }
                        found.append(q < position ? (q, position) : (position, q))
                    }
                }
            }
        }
        found.sort { ($0.later, $0.earlier) < ($1.later, $1.earlier) }
        return found
    }

    /// A lower bound of the square of CIEDE2000 between two colors, from what each color holds.
    ///
    /// With x = ΔL′/S_L, y = ΔC′/S_C, z = ΔH′/S_H: ΔE² = x² + y² + z² + R_T·y·z ≥ x² + κ(y² + z²), κ = 1 − |R_T|/2.
    /// ΔC′² + ΔH′² is the squared distance in the (a′, b) plane, at least the one in (a, b) since a′ = (1 + G)a
    /// with G ≥ 0, and S_H ≤ S_C (T ≤ 1.58 < 3), so y² + z² ≥ d²/S_C². S_C = 1 + 0.045 C̄′ with C̄′ ≤ (1 + G)C̄ ≤ C̄ + 6.375
    /// (G·C̄ never exceeds 6.374), and S_L ≤ 1 + 0.015 |L̄ − 50|.
    private static func lowerBound(_ p: Point, _ q: Point) -> Double {
        let d = p.lab - q.lab
        let sl = 1 + 0.015 * abs((p.lab.x + q.lab.x) / 2 - 50)
        let sc = 1 + 0.045 * ((p.chroma + q.chroma) / 2 + 6.375)
        return d.x * d.x / (sl * sl) + p.kappa * (d.y * d.y + d.z * d.z) / (sc * sc)
    }

    /// A color's point: its κ and reach for `limit`.
    ///
    /// |R_T| = R_C |sin 2Δθ| with R_C ≤ 2 and Δθ = 30° exp(−((h̄′ − 275°)/25°)²) ≤ 30°, so κ ≥ 1 − sin 60° always,
    /// and near 1 where the pair's mean hue h̄′ is far from 275° (blue). Within a distance d < C of a color of
    /// chroma C, hues differ by at most asin(d/C), so h̄ is within half that of the color's hue, and h̄′ within
    /// 11.54° more (a′ = (1 + G)a turns a hue by at most that).
    /// From x² + κ d²/S_C² < limit², with S_C ≤ 1 + 0.045 (C + d/2 + 6.375): d < k(1 + 0.045 (C + 6.375)) / (1 − 0.0225 k),
    /// k = limit/√κ, when 0.0225 k < 1; otherwise any distance.
    private static func point(_ lab: SIMD3<Double>, limit: Double) -> Point {
        let chroma = (lab.y * lab.y + lab.z * lab.z).squareRoot()
        func reach(_ kappa: Double) -> Double {
            let k = limit / kappa.squareRoot()
            let shrink = 1 - 0.0225 * k
            return shrink > 0 ? k * (1 + 0.045 * (chroma + 6.375)) / shrink : .infinity
        }
        let leastKappa = 1 - (3.0).squareRoot() / 2
        let widest = reach(leastKappa)
        var kappa = leastKappa
        if chroma > 0, widest < chroma {
            let hue = atan2(lab.z, lab.y) * 180 / .pi
            let spread = asin(widest / chroma) * 180 / .pi / 2 + 12
            let fromBlue = abs((hue - 275).truncatingRemainder(dividingBy: 360))
            let distance = max(0, min(fromBlue, 360 - fromBlue) - spread)
            let theta = 30 * exp(-(distance / 25) * (distance / 25))
            kappa = max(leastKappa, 1 - sin(2 * theta * .pi / 180))
        }
        return Point(lab: lab, chroma: chroma, kappa: kappa, reach: reach(kappa))
    }

    private static func slab(_ l: Double, from minimum: Double, width: Double) -> Int {
        guard width > 0, (l - minimum).isFinite else { return 0 }
        return max(0, Int(((l - minimum) / width).rounded(.down)))
    }
}

/// Items grouped by an identical key (a role and a color): a pair search runs on one item of each group, and a
/// pair it finds stands for every pair of the two groups' members (`earlierPartners`). Hundreds of tokens
/// sharing a few colors made a pair of every two of them, same color or not: 20,000 status tokens over 256
/// colors took 30 s and 1.1 GB.
struct IdenticalGroups<Key: Hashable> {
    /// The first item of each group, in order of first appearance.
    private(set) var representatives: [Int] = []
    /// Each group's items, in order.
    private(set) var members: [[Int]] = []

    /// Groups `keys` (one per item) by equality.
    init(_ keys: [Key]) {
        var group: [Key: Int] = [:]
        for (item, key) in keys.enumerated() {
            if let known = group[key] {
                members[known].append(item)
            } else {
                group[key] = representatives.count
                representatives.append(item)
                members.append([item])
            }
        }
    }

    /// For every item with a close item before it in another group, the closest of those and how many there
    /// are, in item order: what a pair rule reports once at the later item of its pairs, however many there
    /// are. `close` names pairs of groups (positions in `representatives`) with their difference and a tag (a
    /// rule's simulation); a pair named twice counts once, at its smallest difference, then smallest tag. The
    /// work is one step for each item and close group, never one for each pair of items: two groups of 10,000
    /// identical colors are 20,000 steps, not 10⁸ findings.
    func earlierPartners(_ close: [(a: Int, b: Int, difference: Double, tag: Int)], listing: Int) -> [EarlierPartners] {
        var neighbours = [[EarlierPartners.Partner]](repeating: [], count: members.count)
        for pair in close where pair.a != pair.b {
            neighbours[pair.a].append(.init(item: pair.b, difference: pair.difference, tag: pair.tag))
            neighbours[pair.b].append(.init(item: pair.a, difference: pair.difference, tag: pair.tag))
        }
        var found: [EarlierPartners] = []
        for group in members.indices where !neighbours[group].isEmpty {
            // One entry a close group: `item` is the group here, the smallest difference and tag first.
            neighbours[group].sort { ($0.item, $0.difference, $0.tag) < ($1.item, $1.difference, $1.tag) }
            var near: [EarlierPartners.Partner] = []
            for neighbour in neighbours[group] where near.last?.item != neighbour.item { near.append(neighbour) }
            for item in members[group] {
                var count = 0
                var closest: [EarlierPartners.Partner] = []
                for neighbour in near {
                    let others = members[neighbour.item]
                    // How many of the group's items come before `item` (the list is in item order).
                    var low = 0, high = others.count
                    while low < high {
                        let middle = (low + high) / 2
                        if others[middle] < item { low = middle + 1 } else { high = middle }
                    }
                    count += low
                    for other in others.prefix(min(low, listing)) {
                        let partner = EarlierPartners.Partner(item: other, difference: neighbour.difference, tag: neighbour.tag)
                        let rank = closest.firstIndex { (partner.difference, partner.item) < ($0.difference, $0.item) } ?? closest.count
                        if rank < listing { closest.insert(partner, at: rank) }
                        if closest.count > listing { closest.removeLast() }
                    }
                }
                if count > 0 { found.append(EarlierPartners(item: item, closest: closest, count: count)) }
            }
        }
        found.sort { $0.item < $1.item }
        return found
    }
}

/// The close items before one item, as a pair rule reports them in one finding.
struct EarlierPartners {
    /// A close item before it, how close and under which tag.
    struct Partner {
        var item: Int
        var difference: Double
        var tag: Int
    }

    /// The item the finding is about.
    var item: Int
    /// The closest items before it, closest first, then in item order; at most the listing asked for.
    var closest: [Partner]
    /// How many items before it are close, listed or not.
    var count: Int
}
