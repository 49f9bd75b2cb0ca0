import Testing
import TokenModel
@testable import TokenRules
import TokenColor

/// The close-pair search of the color-distance rules against comparing every pair.
@Suite struct CloseColorPairsTests {
    /// Colors in clusters around saturated and neutral sRGB colors, so that many pairs are close in CIEDE2000
    /// while far apart in Lab (saturated colors), and blues (where CIEDE2000's rotation term is largest) are
    /// among them. A fixed generator, so every run checks the same colors.
    static func clusteredLabs(count: Int) -> [SIMD3<Double>] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var labs: [SIMD3<Double>] = []
        while labs.count < count {
            // A center on the sRGB gamut's surface (one channel 0 or 1) or inside it, then a cluster around it.
            var center = SIMD3(next(), next(), next())
            if labs.count % 3 != 2 { center[Int(next() * 3) % 3] = next() < 0.5 ? 0 : 1 }
            for _ in 0..<6 {
                let offset = SIMD3(next() - 0.5, next() - 0.5, next() - 0.5) * 0.06
                let rgb = (center + offset).clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
                labs.append(Color(.srgb, rgb).converted(to: .lab).resolvedComponents)
            }
        }
        return labs
    }

    /// Every pair within the limit, found by comparing all of them.
    static func bruteForce(_ labs: [SIMD3<Double>], limit: Double) -> Set<[Int]> {
        var pairs: Set<[Int]> = []
        for p in labs.indices {
            for q in 0..<p where Color.deltaE2000(labs[p], labs[q]) < limit { pairs.insert([q, p]) }
        }
        return pairs
    }

    /// Searching one color of each identical group finds, at every item, the same close items before it as a
    /// comparison of all pairs of items: how many, and the closest (then the first) of them; groups (roles)
    /// leave their own pairs out.
    @Test func identicalColorsAreSearchedOnceAndGroupsKeptApart() {
        let distinct = Self.clusteredLabs(count: 120)
        // Each color three times over, and a group (0 or 1) for each item.
        let labs = (0..<3).flatMap { _ in distinct }
        let identical = IdenticalGroups(labs.map { [$0.x, $0.y, $0.z] })
        #expect(identical.representatives == Array(0..<120))
        let representatives = identical.representatives.map { labs[$0] }
        let close = CloseColorPairs(representatives, limit: 5).candidates().compactMap { pair -> (a: Int, b: Int, difference: Double, tag: Int)? in
            let difference = Color.deltaE2000(representatives[pair.earlier], representatives[pair.later])
            return difference < 5 ? (pair.earlier, pair.later, difference, 0) : nil
        }
        let found = identical.earlierPartners(close, listing: 4)
        var expected: [[Int]] = []
        for item in labs.indices {
            let before = (0..<item).filter { labs[$0] != labs[item] && Color.deltaE2000(labs[$0], labs[item]) < 5 }
                .sorted { (Color.deltaE2000(labs[$0], labs[item]), $0) < (Color.deltaE2000(labs[$1], labs[item]), $1) }
            if !before.isEmpty { expected.append([item, before.count] + before.prefix(4)) }
        }
        #expect(found.map { [$0.item, $0.count] + $0.closest.map(\.item) } == expected)
        #expect(expected.count > 200 && expected.contains { $0[1] > 4 })

        let groups = labs.indices.map { ($0 / 7) % 2 }
        let apart = CloseColorPairs(labs, limit: 5).candidates(groups: groups)
        #expect(apart.map { [$0.earlier, $0.later] }
                    == CloseColorPairs(labs, limit: 5).candidates().filter { groups[$0.earlier] != groups[$0.later] }.map { [$0.earlier, $0.later] })
        #expect(!apart.isEmpty)
    }

    /// A search may look at each pair once: given that many it lists every close pair, and it gives up once it
    /// has looked at more than it may (at least as many as it lists).
    @Test func searchStopsPastItsBudget() {
        let labs = Self.clusteredLabs(count: 300)
        let all = CloseColorPairs(labs, limit: 5).candidates()
        #expect(all.count > 10)
        #expect(CloseColorPairs(labs, limit: 5).candidates(groups: nil, atMost: 300 * 299 / 2)?.map { [$0.earlier, $0.later] }
                    == all.map { [$0.earlier, $0.later] })
        #expect(CloseColorPairs(labs, limit: 5).candidates(groups: nil, atMost: all.count - 1) == nil)
    }

    /// A pair of groups named under several tags (a rule's simulations) counts once, at its smallest difference
    /// and then its first tag; two groups of 10,000 items make one entry for each later item, not 10⁸.
    @Test func groupPairsCountOnceAtTheirSmallestDifference() {
        let identical = IdenticalGroups([7, 8, 7, 9, 8])
        let found = identical.earlierPartners([(0, 1, 3, 0), (1, 0, 2, 1), (0, 1, 2, 2), (1, 2, 1, 0), (0, 0, 0, 0)], listing: 2)
        #expect(found.map { [$0.item, $0.count] } == [[1, 1], [2, 1], [3, 1], [4, 3]])
        #expect(found.map { $0.closest.map { [$0.item, Int($0.difference), $0.tag] } }
                    == [[[0, 2, 1]], [[1, 2, 1]], [[1, 1, 0]], [[3, 1, 0], [0, 2, 1]]])

        let many = IdenticalGroups((0..<20_000).map { $0 % 2 })
        let pairs = many.earlierPartners([(0, 1, 4, 0)], listing: 3)
        #expect(pairs.count == 19_999 && pairs.last!.count == 10_000 && pairs.last!.closest.map(\.item) == [0, 2, 4])
    }

    @Test(arguments: [2.0, 5.0, 10.0])
    func findsExactlyThePairsAComparisonOfAllFinds(limit: Double) {
        let labs = Self.clusteredLabs(count: 900)
        let search = CloseColorPairs(labs, limit: limit)
        let candidates = search.candidates()
        // Each pair once, earlier before later, ordered by the later then the earlier.
        #expect(candidates.allSatisfy { $0.earlier < $0.later })
        #expect(zip(candidates, candidates.dropFirst()).allSatisfy { ($0.later, $0.earlier) < ($1.later, $1.earlier) })
        var found: Set<[Int]> = []
        for (q, p) in candidates where Color.deltaE2000(labs[p], labs[q]) < limit { found.insert([q, p]) }
        let expected = Self.bruteForce(labs, limit: limit)
        let missed = expected.subtracting(found), extra = found.subtracting(expected)
        #expect(missed.count == 0, "missed, for example \(Array(missed.prefix(3)))")
        #expect(extra.count == 0, "found beyond the limit, for example \(Array(extra.prefix(3)))")
        #expect(!expected.isEmpty)
        // The colors hold pairs a Lab grid of twice the limit missed: closer than the limit in CIEDE2000,
        // more than twice as far apart in Lab.
        let farInLab = expected.filter { pair in
            let d = labs[pair[0]] - labs[pair[1]]
            return (d * d).sum().squareRoot() > 2 * limit
        }
        #expect(farInLab.count > 10, "only \(farInLab.count) pairs farther than \(2 * limit) in Lab")
    }

    /// Far fewer candidates than pairs: the search is not a comparison of all pairs in disguise.
    @Test func looksAtAFewCandidatesPerColor() {
        let labs = Self.clusteredLabs(count: 900)
        let search = CloseColorPairs(labs, limit: 2)
        let candidates = search.candidates().count
        #expect(candidates < labs.count * (labs.count - 1) / 2 / 20, "\(candidates) candidates")
    }

    /// Colors that are not finite numbers are close to nothing, and a search over none or one color finds nothing.
    @Test func oddInputsFindNothing() {
        let labs: [SIMD3<Double>] = [SIMD3(50, 10, 10), SIMD3(.nan, 0, 0), SIMD3(50, 10, 10.5), SIMD3(.infinity, 1, 1)]
        #expect(CloseColorPairs(labs, limit: 2).candidates().map { [$0.earlier, $0.later] } == [[0, 2]])
        #expect(CloseColorPairs([], limit: 2).candidates().isEmpty)
        #expect(CloseColorPairs([SIMD3(50, 0, 0)], limit: 2).candidates().isEmpty)
        #expect(CloseColorPairs(labs, limit: 0).candidates().isEmpty)
    }
}
