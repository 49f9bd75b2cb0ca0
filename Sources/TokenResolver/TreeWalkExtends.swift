import SourceData
import TokenModel

/// Which tokens each group holds, for `$extends`: a group's tokens are found by walking its subtree instead of
/// testing every token's path, which made each `$extends` cost the whole set.
struct GroupTree {
    /// Token indices by the group directly holding them ("" for the root).
    var members: [String: [Int]] = [:]
    /// Each group's groups.
    var subgroups: [String: [String]] = [:]
    /// The groups already listed under their parent.
    var known: Set<String> = []

    /// The group holding `path`: everything before its last dot.
    static func parent(_ path: Substring) -> Substring {
        path.lastIndex(of: ".").map { path[..<$0] } ?? ""
    }

    /// Notes the token at `index`, whose path is `path`, and any group above it not noted yet.
    mutating func add(_ path: String, index: Int) {
        var group = Self.parent(path[...])
        members[String(group), default: []].append(index)
        while !group.isEmpty, known.insert(String(group)).inserted {
            let above = Self.parent(group)
            subgroups[String(above), default: []].append(String(group))
            group = above
        }
    }

    /// The indices of every token inside `group`, at any depth, in index order.
    func tokens(under group: String) -> [Int] {
        var found: [Int] = [], pending = [group]
        while let next = pending.popLast() {
            found += members[next] ?? []
            pending += subgroups[next] ?? []
        }
        return found.sorted()
    }
}

/// Group-level `$extends` waiting for every file to be read.
struct PendingExtends {
    var groupPath: String
    var target: String
    var location: SourceLocation
    var type: TokenType?
}

/// Group-level `$extends`, applied once every file is read.
extension TreeWalk {
    /// Copies the tokens of each `$extends` target into the extending group, children first, cycles reported.
    /// Copies each extended group into the groups extending it, the groups a copy depends on first: the group it
    /// extends, and every extending group inside that one (whose copy is part of what is copied). A circle of
    /// these — `a` extends `b` extends `a`, or a group extending the group that holds it (DTCG Format Module,
    /// § Groups: "Groups MUST NOT create circular inheritance chains") — is `alias/cycle`, and none of its groups
    /// is copied.
    mutating func applyExtends() {
        guard !extends.isEmpty else { return }
        var tree = GroupTree()
        for index in tokens.indices { tree.add(tokens[index].path, index: index) }
        var byGroup: [String: PendingExtends] = [:]
        for entry in extends { byGroup[entry.groupPath] = entry }
        let extending = byGroup.keys.sorted()
        /// The extending groups `entry`'s copy waits for, each with why (for a circle's message).
        func dependencies(_ entry: PendingExtends) -> [(group: String, holds: Bool)] {
            var found: [(group: String, holds: Bool)] = []
            if byGroup[entry.target] != nil { found.append((entry.target, false)) }
            let prefix = entry.target + "."
            for group in extending where group.hasPrefix(prefix) { found.append((group, true)) }
            return found
        }
        var state: [String: Int] = [:]  // 1 while being visited, 2 once done
        var inCircle: Set<String> = []
        var reportedCycle: Set<String> = []
        var stack: [(group: String, holds: Bool)] = []
        // Depth first from each extending group, as a recursion would go, with the frames in a list: a chain of
        // 100,000 empty groups, each extending the one before, is 100,000 frames on the heap, not on the stack.
        struct Frame {
            var group: String
            var dependencies: [(group: String, holds: Bool)]
            var next = 0
            var blocked = false
        }
        var frames: [Frame] = []
        func enter(_ group: String, holds: Bool) {
            state[group] = 1
            stack.append((group, holds))
            frames.append(Frame(group: group, dependencies: dependencies(byGroup[group]!)))
        }
        func reportCircle(reaching dependency: (group: String, holds: Bool)) {
            // A circle: the groups on the stack from the dependency on.
            let start = stack.firstIndex { $0.group == dependency.group }!
            let members = Array(stack[start...])
            for member in members { inCircle.insert(member.group) }
            guard reportedCycle.insert(members.map(\.group).sorted().joined(separator: ",")).inserted else { return }
            // Each member extends its target, which is the next member or holds it.
            let nexts = members.dropFirst().map { $0 } + [dependency]
            let names = zip(members, nexts).map { member, next in
                let target = byGroup[member.group]!.target
                return next.holds ? "`\(member.group)` extends `\(target)`, which holds `\(next.group)`"
                    : "`\(member.group)` extends `\(target)`"
            }.joined(separator: "; ")
            let first = byGroup[members[0].group]!
            error(.aliasCycle, "these groups extend each other in a circle: \(names)",
                  at: first.location, path: first.groupPath,
                  related: members.dropFirst().map { RelatedLocation(byGroup[$0.group]!.location, "`\($0.group)` extends `\(byGroup[$0.group]!.target)` here") },
                  fix: "remove one of the `$extends`; a group cannot extend a group that holds it")
        }
        func visit(_ root: String) {
            enter(root, holds: false)
            while let top = frames.indices.last {
                if frames[top].next < frames[top].dependencies.count {
                    let dependency = frames[top].dependencies[frames[top].next]
                    frames[top].next += 1
                    switch state[dependency.group] {
                    case 1:
                        reportCircle(reaching: dependency)
                        frames[top].blocked = true
                    case nil:
                        enter(dependency.group, holds: dependency.holds)
                    default:
                        if inCircle.contains(dependency.group) { frames[top].blocked = true }
                    }
                    continue
                }
                let done = frames.removeLast()
                stack.removeLast()
                state[done.group] = 2
                if done.blocked { inCircle.insert(done.group) }
                if !inCircle.contains(done.group) { copyGroup(byGroup[done.group]!, tree: &tree) }
                // The group that waited for this one is blocked when this one is in a circle.
                if let below = frames.indices.last, inCircle.contains(done.group) { frames[below].blocked = true }
            }
        }
        for group in extending where state[group] == nil { visit(group) }
    }

    mutating func copyGroup(_ step: PendingExtends, tree: inout GroupTree) {
        if tokenIndex[step.target] != nil {
            error(.aliasTypeMismatch, "`$extends` must name a group, but `\(step.target)` is a token",
                  at: step.location, path: step.groupPath, fix: "extend the group that holds `\(step.target)`")
            return
        }
        guard groups[step.target] != nil else {
            let suggestion = NearestName.find(step.target, in: Array(groups.keys)).map { "did you mean `{\($0)}`?" }
            error(.aliasUnresolved, "`$extends` names `\(step.target)`, which is not a group", at: step.location,
                  path: step.groupPath, fix: suggestion)
            return
        }
        let prefix = step.target + "."
        let ownPrefix = step.groupPath + "."
        // The extending group's own tokens inherit types from the matching place in the base group.
        for i in tree.tokens(under: step.groupPath) where tokens[i].type == nil {
            let relative = tokens[i].path.dropFirst(ownPrefix.count).split(separator: ".").map(String.init)
            if let base = tokenIndex[prefix + relative.joined(separator: ".")], let type = tokens[base].type {
                tokens[i].type = type
                continue
            }
            var parts = relative.dropLast()
            while true {
                let groupPath = parts.isEmpty ? step.target : prefix + parts.joined(separator: ".")
                if let type = groups[groupPath]?.type {
                    tokens[i].type = type
                    break
                }
                if parts.isEmpty { break }
                parts = parts.dropLast()
            }
        }
        // Past the bound, the first `$extends` that would cross it says so and no later one copies anything.
        guard copied <= Self.maximumCopiedTokens else { return }
        let inherited = tree.tokens(under: step.target)
        guard copied + inherited.count <= Self.maximumCopiedTokens else {
            defer { copied = Self.maximumCopiedTokens + 1 }
            error(.aliasExtendsTooLarge, "`$extends` of `\(step.target)` would copy \(inherited.count) more tokens into `\(step.groupPath)`, "
                      + "past the \(Self.maximumCopiedTokens) a set's `$extends` may copy in all (\(copied) so far); no later `$extends` is applied",
                  at: step.location, path: step.groupPath,
                  fix: "extend smaller groups, or do not extend a group that itself extends a chain of others")
            return
        }
        for index in inherited {
            var copy = tokens[index]
            let newPath = step.groupPath + "." + copy.path.dropFirst(prefix.count)
            guard tokenIndex[newPath] == nil else { continue }
            copy.path = newPath
            if copy.type == nil { copy.type = step.type }
            tokenIndex[newPath] = tokens.count
            tree.add(newPath, index: tokens.count)
            tokens.append(copy)
            copied += 1
        }
    }
}
