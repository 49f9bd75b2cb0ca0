/// Suggests the closest known name for a misspelt one, by edit distance.
public enum NearestName {
    /// The nearest candidate within a distance that still looks like a typo, or nil.
    public static func find(_ name: String, in candidates: [String]) -> String? {
        let target = Array(name.unicodeScalars)
        var best: (name: String, distance: Int)?
        let limit = max(2, target.count / 3)
        // One candidate's scalars and the distance's two rows, reused for every candidate.
        var scalars: [Unicode.Scalar] = [], previous: [Int] = [], current: [Int] = []
        for candidate in candidates {
            // A scalar is one to four bytes: a candidate whose byte count rules it out is not decoded.
            let bytes = candidate.utf8.count
            guard bytes + limit >= target.count, bytes <= 4 * (target.count + limit) else { continue }
            scalars.removeAll(keepingCapacity: true)
            scalars.append(contentsOf: candidate.unicodeScalars)
            guard abs(scalars.count - target.count) <= limit else { continue }
            let distance = editDistance(target, scalars, limit: limit, previous: &previous, current: &current)
            // A short name rewritten whole (`zz` for `b`) is within the limit but no typo of it.
            guard distance <= limit, distance < max(target.count, scalars.count) else { continue }
            if best == nil || distance < best!.distance || (distance == best!.distance && candidate < best!.name) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int,
                                     previous: inout [Int], current: inout [Int]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        previous.removeAll(keepingCapacity: true)
        previous.append(contentsOf: 0...b.count)
        current.removeAll(keepingCapacity: true)
        current.append(contentsOf: repeatElement(0, count: b.count + 1))
        for i in 1...a.count {
            current[0] = i
            var rowMin = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMin = min(rowMin, current[j])
            }
            if rowMin > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

/// Suggests the token a misspelt dotted path meant, in a set of any size: the paths in the same group and the
/// paths with the same last name (a typo in a group's name) are tried first, then every path; all the misses of
/// a run share `comparisons`, so thousands of broken references get suggestions until it runs out and then the
/// plain fix. Comparing each miss with every path was quadratic: 20,000 broken aliases in a 20,000-token set
/// took two minutes.
public struct PathSuggestions {
    /// How many paths all the misses of a run may be compared with, in all.
    public static let comparisons = 200_000
    private let paths: [String]
    private var byGroup: [Substring: [String]] = [:]
    private var byName: [Substring: [String]] = [:]
    /// Each group's first two paths at any depth, in the set's order.
    private var firstInGroup: [Substring: [String]] = [:]
    private var indexed = false
    private var comparisonsLeft = Self.comparisons

    /// Suggestions among `paths`; nothing is indexed until the first miss.
    public init(_ paths: [String]) { self.paths = paths }

    /// The group a path is in and its last name (`a.b`, `c` for `a.b.c`).
    private static func split(_ path: String) -> (group: Substring, name: Substring) {
        guard let dot = path.lastIndex(of: ".") else { return ("", path[...]) }
        return (path[..<dot], path[path.index(after: dot)...])
    }

    private mutating func index() {
        guard !indexed else { return }
        indexed = true
        for path in paths {
            let (group, name) = Self.split(path)
            byGroup[group, default: []].append(path)
            byName[name, default: []].append(path)
            var above = group
            while !above.isEmpty {
                let known = firstInGroup[above, default: []]
                // Once a group has two, so have the groups above it.
                guard known.count < 2 else { break }
                firstInGroup[above] = known + [path]
                above = above.lastIndex(of: ".").map { above[..<$0] } ?? ""
            }
        }
    }

    /// Whether `path` names a group of the set: some path continues it with a dot.
    public mutating func isGroup(_ path: String) -> Bool {
        index()
        return firstInGroup[path[...]] != nil
    }

    /// The first two paths inside group `path`, at any depth, in the set's order (none when it is no group).
    public mutating func firstPaths(in path: String) -> [String] {
        index()
        return firstInGroup[path[...]] ?? []
    }

    /// The nearest path to `path` that looks like a typo of it, or nil (also once the comparisons run out).
    public mutating func nearest(_ path: String) -> String? {
        index()
        let (group, name) = Self.split(path)
        let sameGroup = byGroup[group] ?? [], sameName = byName[name] ?? []
        // Counted before the lists are joined: a miss past the budget costs nothing.
        guard sameGroup.count + sameName.count <= comparisonsLeft else { return nil }
        comparisonsLeft -= sameGroup.count + sameName.count
        if let found = NearestName.find(path, in: sameGroup + sameName), Self.isTypo(path, of: found) { return found }
        guard paths.count <= comparisonsLeft else { return nil }
        comparisonsLeft -= paths.count
        return NearestName.find(path, in: paths).flatMap { Self.isTypo(path, of: $0) ? $0 : nil }
    }

    /// Whether `path` looks like a typo of `candidate` in the part that differs, not only over the whole path:
    /// in one group the names must be near each other by themselves, or `palette.blue` (4 edits from
    /// `palette.green`, within a third of the path) would suggest a color the author never meant.
    private static func isTypo(_ path: String, of candidate: String) -> Bool {
        let (group, name) = split(path), (candidateGroup, candidateName) = split(candidate)
        guard group == candidateGroup else { return true }
        return NearestName.find(String(name), in: [String(candidateName)]) != nil
    }
}
