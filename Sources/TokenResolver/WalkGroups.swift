import Locks
import SourceTree
import TokenModel

/// The tokens split into groups the alias walk can take on separate cores with the same results as one walk:
/// each group is a union of whole components of the reference graph, so every token a walk from one token can
/// reach (its alias targets, the references in its values and modes, and theirs) is in that token's group, and
/// visiting a group's tokens in index order meets each of them in the order the one walk does. Every token
/// whose values hold a reference that names no token, or a `$ref`, is in one group with everything connected to
/// it: the walk's suggestions for those references are made once and asked in visit order, as they are in one
/// walk.
struct WalkGroups {
    /// Below this many tokens the walk runs as one group: splitting costs more than it saves.
    static let minimumTokens = 4096

    /// How many groups there are (1, or 2 for a split set).
    let count: Int
    /// Each token's group.
    let group: [UInt8]

    /// One group of `count` tokens.
    init(oneGroupOf count: Int) {
        self.init(count: 1, group: Array(repeating: 0, count: count))
    }

    private init(count: Int, group: [UInt8]) {
        self.count = count
        self.group = group
    }

    /// Two groups of `tokens`, from the references each token's values hold.
    init(_ tokens: [Token], flags: [TokenFlags], lightTargets: [Int32], index: PathIndex) {
        // The references of every token that is not a literal, side by side: a whole-value alias looked up ahead
        // is its one reference unless the token has modes of its own; any other is read from its values.
        let chunk = LiteralChunks.size
        let found = Parallel.map((tokens.count + chunk - 1) / chunk) { job -> [(token: Int32, target: Int32)] in
            var edges: [(token: Int32, target: Int32)] = []
            for i in job * chunk..<min(tokens.count, (job + 1) * chunk) {
                // A surface in `on` that names no token is answered with a suggestion too.
                if let details = tokens[i].details, details.facts.on.contains(where: { index[$0.path] == nil }) {
                    edges.append((Int32(i), Int32(tokens.count)))
                }
                if flags[i].contains(.literal) { continue }
                if lightTargets[i] >= 0, !flags[i].contains(.hasModes) {
                    edges.append((Int32(i), lightTargets[i]))
                    continue
                }
                var references = References(index: index)
                references.gather(tokens[i].value)
                for mode in tokens[i].modes { references.gather(mode.value) }
                for target in references.targets { edges.append((Int32(i), Int32(target))) }
                if references.unresolved { edges.append((Int32(i), Int32(tokens.count))) }
            }
            return edges
        }
        // Components by union-find; index `tokens.count` stands for every unresolved reference, so the tokens that
        // hold one end up in one component.
        var parent = Array(0...tokens.count)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        for edges in found {
            for edge in edges {
                let a = root(Int(edge.token)), b = root(Int(edge.target))
                if a != b { parent[max(a, b)] = min(a, b) }
            }
        }
        // Each component goes whole to the group with less work so far, as its first token is met: components
        // are small next to a set large enough to split (an alias and what it names), so the groups come out even.
        // A component's work is its tokens', weighed by what the walk does with each: a literal is settled (about
        // 80 instructions), any other is walked (about 4,000). Counted alike, the 100k set's two walks took about
        // 40 and 23 ms.
        var work = [Int32](repeating: 0, count: tokens.count + 1)
        var rootOf = [Int32](repeating: 0, count: tokens.count)
        for i in tokens.indices {
            let r = root(i)
            rootOf[i] = Int32(r)
            work[r] += flags[i].contains(.literal) ? 1 : 50
        }
        var groupOfRoot = [UInt8](repeating: 2, count: tokens.count + 1)  // 2: not placed yet
        var load = (0, 0)
        var group = [UInt8](repeating: 0, count: tokens.count)
        for i in tokens.indices {
            let r = Int(rootOf[i])
            if groupOfRoot[r] == 2 {
                groupOfRoot[r] = load.0 <= load.1 ? 0 : 1
                if groupOfRoot[r] == 0 { load.0 += Int(work[r]) } else { load.1 += Int(work[r]) }
            }
            group[i] = groupOfRoot[r]
        }
        self.init(count: 2, group: group)
    }
}

/// The token references a value holds, found as the walk finds them: a whole-string alias (`"{a.b}"`, not
/// `{system.…}`) anywhere in it, looked up by path, and the token a `$ref` points at or into. A `$ref` anywhere
/// also makes the value `unresolved` (the walk may answer it with a suggestion), as does an alias that names no
/// token.
private struct References {
    let index: PathIndex
    var targets: [Int] = []
    var unresolved = false

    init(index: PathIndex) { self.index = index }

    /// Adds the references `node` holds, at any depth.
    mutating func gather(_ node: Node) {
        switch node.kind {
        case .scalar(.string(let text), _):
            guard let path = aliasTarget(text), !path.hasPrefix("system.") else { return }
            if let target = index[path] { targets.append(target) } else { unresolved = true }
        case .scalar: return
        case .sequence(let items):
            for item in items { gather(item) }
        case .mapping(let entries):
            for entry in entries {
                if entry.key == "$ref" {
                    unresolved = true
                    if let target = entry.value.string.flatMap({ ResolutionRun.read(pointer: $0, in: index).token }) {
                        targets.append(target)
                    }
                }
                gather(entry.value)
            }
        }
    }
}
