import SourceData
import SourceTree
import TokenModel

extension ResolutionRun {
    struct ModeKey: Hashable {
        var token: Int
        var mode: String
    }

    /// The modes a token has: its own, and those of every token its values reference (an alias follows its
    /// target into dark mode). Memoised; re-entry through a cycle contributes nothing.
    ///
    /// Depth first over the references, as a recursion would go, but with the frames in a list: a chain of
    /// 1,000 aliases is 1,000 frames on the heap, not on the stack.
    mutating func modeNames(of i: Int) -> ModeNames {
        struct Frame {
            var token: Int
            var targets: [Int]
            var next = 0
            var names: ModeNames
        }
        // The usual alias, a whole-value alias with no modes of its own, has its target's modes: known already
        // when the walk made the target first, none when the target is a literal without modes.
        if !flags[i].contains(.hasModes), lightTargets[i] >= 0 {
            if let known = modeNameCache[i] { return known }
            let t = Int(lightTargets[i])
            let known = modeNameCache[t] ?? (flags[t].contains(.literal) && !flags[t].contains(.hasModes) ? ModeNames() : nil)
            if let known {
                modeNameCache[i] = known
                return known
            }
        }
        var frames: [Frame] = []
        // What the last token entered or finished contributes to the frame below it.
        var answer = ModeNames()
        // Starts token `t`: answers at once when it is known or has no modes, else pushes its frame.
        func enter(_ t: Int) -> Bool {
            if let known = modeNameCache[t] {
                answer = known
                return false
            }
            var targets: [Int] = []
            if lightTargets[t] >= 0 { targets.append(Int(lightTargets[t])) } else { collectTargets(tokens[t].value, into: &targets) }
            for mode in tokens[t].modes { collectTargets(mode.value, into: &targets) }
            // A literal value with no modes of its own has none: no set, no cache entry.
            if targets.isEmpty && tokens[t].modes.isEmpty {
                answer = ModeNames()
                return false
            }
            modeNameCache[t] = ModeNames()
            frames.append(Frame(token: t, targets: targets, names: ModeNames(tokens[t].modes.lazy.map(\.name))))
            return true
        }
        guard enter(i) else { return answer }
        while let top = frames.indices.last {
            if frames[top].next < frames[top].targets.count {
                let target = frames[top].targets[frames[top].next]
                frames[top].next += 1
                if !enter(target) { frames[top].names.formUnion(answer) }
            } else {
                let finished = frames.removeLast()
                modeNameCache[finished.token] = finished.names
                answer = finished.names
                if let below = frames.indices.last { frames[below].names.formUnion(answer) }
            }
        }
        return answer
    }

    /// Indexes of the tokens a value references, quietly (diagnostics come from the light pass).
    mutating func collectTargets(_ node: Node, into targets: inout [Int]) {
        if let path = aliasTarget(node.string), !path.hasPrefix("system.") {
            if let target = index[path] { targets.append(target) }
            return
        }
        switch node.kind {
        case .scalar: return
        case .sequence(let items): for item in items { collectTargets(item, into: &targets) }
        case .mapping(let entries):
            if let pointer = node["$ref"]?.string {
                // Read as `pointerTarget` reads it, so a token follows its target into every mode whatever the
                // pointer's form: a whole token (`#/colors/blue`), a `$value`, a name with `/` (`~1`) in it.
                if entries.count == 1, let target = Self.read(pointer: pointer, in: index).token { targets.append(target) }
                return
            }
            for entry in entries { collectTargets(entry.value, into: &targets) }
        }
    }

    /// A token's value in `mode`: its own value for the mode (or the documented fallback), with references
    /// replaced by their targets' values in the same mode.
    mutating func value(of i: Int, in mode: String, type: TokenType, inProgress: inout [ModeKey]) -> Node? {
        let key = ModeKey(token: i, mode: mode)
        if let cached = modeValueCache[key] { return cached }
        if inProgress.count >= Self.deepModeChain {
            settleModeChain(below: i, in: mode, inProgress: &inProgress)
            if let cached = modeValueCache[key] { return cached }
        }
        guard case .resolved(let lightType?, let light?, _) = resolveLight(i) else { return nil }
        guard !inProgress.contains(key) else {
            // A cycle that exists only in this mode (the light pass saw none).
            stack = inProgress.map(\.token)
            reportCycle(from: i)
            stack = []
            return nil
        }
        inProgress.append(key)
        defer { inProgress.removeLast() }
        let own = ownValue(of: i, in: mode)
        let source = own ?? tokens[i].value
        let result: Node?
        if !modeNames(of: i).contains(mode), own == nil {
            result = light
        } else if let resolved = substituteInMode(source, owner: i, mode: mode, inProgress: &inProgress) {
            result = own == nil || validate(resolved, as: lightType, path: tokens[i].path) ? resolved : nil
        } else {
            result = nil
        }
        modeValueCache[key] = result
        return result
    }

    /// Token `i`'s own value for `mode`, or for the first of the mode's fallbacks it has; nil when it has none
    /// before the light one.
    mutating func ownValue(of i: Int, in mode: String) -> Node? {
        // Fields are read from the list in place: copying a whole token retains every field it holds.
        for candidate in [mode] + Appearance.fallbacks(for: mode) {
            if candidate == Appearance.light { break }
            if let found = tokens[i].modes.first(where: { $0.name == candidate }) { return found.value }
        }
        return nil
    }

    /// How deep `value(of:in:type:inProgress:)` recurses along a chain before it settles the rest of the chain
    /// in a loop: short chains (nearly all) cost no walk of their own, and 16 links of the recursion fit in a
    /// 512 KiB stack even under the address sanitizer, whose frames are about 9 KiB a link (64 did not).
    static let deepModeChain = 16

    /// Works out the values in `mode` of the tokens down the chain of whole-value aliases below token `i`, the
    /// innermost first, so that `value(of:in:type:inProgress:)` for each then goes one link deep instead of
    /// recursing down the rest of the chain. The chain is read quietly (`index`, no diagnostics), and what each
    /// value is does not depend on the order it is worked out in.
    private mutating func settleModeChain(below i: Int, in mode: String, inProgress: inout [ModeKey]) {
        var chain: [Int] = []
        var onChain: Set<Int> = [i]
        var j = i
        var closes: Int?  // the token the chain comes back to, when it is a circle
        while let next = modeAliasTarget(of: j, in: mode), modeValueCache[ModeKey(token: next, mode: mode)] == nil,
              !inProgress.contains(ModeKey(token: next, mode: mode))
        {
            guard onChain.insert(next).inserted else {
                closes = next
                break
            }
            chain.append(next)
            j = next
        }
        guard !chain.isEmpty else { return }
        if let closes {
            // A circle in this mode alone: reported as the recursion would when it came back to `closes`, and
            // every token on the way has no value in the mode.
            stack = inProgress.map(\.token) + [i] + chain
            reportCycle(from: closes)
            stack = []
            for t in [i] + chain { modeValueCache[ModeKey(token: t, mode: mode)] = .some(nil) }
            return
        }
        for t in chain.reversed() {
            guard case .resolved(let type?, _, _) = resolveLight(t) else { continue }
            _ = value(of: t, in: mode, type: type, inProgress: &inProgress)
        }
    }

    /// The token token `i`'s value in `mode` is a whole-value alias of (`{path}`), found quietly; nil for a
    /// value of its own, a pointer, a system color or a path that names no token.
    private mutating func modeAliasTarget(of i: Int, in mode: String) -> Int? {
        let own = ownValue(of: i, in: mode)
        if own == nil, !modeNames(of: i).contains(mode) { return nil }
        guard let path = aliasTarget((own ?? tokens[i].value).string), !path.hasPrefix("system.") else { return nil }
        return index[path]
    }

    /// `substitute` for one mode: references resolve to the target's value in that mode.
    mutating func substituteInMode(_ node: Node, owner: Int, mode: String, inProgress: inout [ModeKey], field: String? = nil) -> Node? {
        if let (targetIndex, location) = reference(in: node, owner: owner) {
            guard let targetIndex else { return nil }
            if let part = pendingSubValues.removeValue(forKey: location) {
                var moved = part
                moved.location = location
                return moved
            }
            guard case .resolved(let targetType?, _, _) = resolveLight(targetIndex),
                  !slotMismatch(targetIndex, targetType: targetType, owner: owner, field: field, at: location),
                  var value = value(of: targetIndex, in: mode, type: targetType, inProgress: &inProgress) else { return nil }
            value.location = location
            return value
        }
        switch node.kind {
        case .scalar: return node
        case .sequence(let items):
            var out: [Node] = []
            for item in items {
                guard let value = substituteInMode(item, owner: owner, mode: mode, inProgress: &inProgress, field: field) else { return nil }
                out.append(value)
            }
            return Node(.sequence(out), at: node.location, isFlowOrQuoted: node.isFlowOrQuoted)
        case .mapping(let entries):
            var out: [MappingEntry] = []
            for entry in entries {
                guard let value = substituteInMode(entry.value, owner: owner, mode: mode, inProgress: &inProgress, field: entry.key) else { return nil }
                out.append(MappingEntry(key: entry.key, keyLocation: entry.keyLocation, value: value))
            }
            return Node(.mapping(out), at: node.location, isFlowOrQuoted: node.isFlowOrQuoted)
        }
    }

}
