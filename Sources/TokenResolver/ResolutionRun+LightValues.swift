import SourceData
import SourceTree
import TokenModel

extension ResolutionRun {
    /// Resolves a token's `$value`, memoised, so every chain is walked once.
    mutating func resolveLight(_ i: Int) -> State {
        settleLight(i)
        return state(i)
    }

    /// Token `i`'s state as `resolveLight` left it; a literal's value is made here.
    func state(_ i: Int) -> State {
        switch progress[i] {
        case .unvisited: return .unvisited
        case .inProgress: return .inProgress
        case .failed: return .failed
        case .literal: return .resolved(tokens[i].type, tokens[i].value, [])
        case .walked: return walked[Int(walkedSlot[i])]
        }
    }

    /// Works out whether token `i`'s `$value` resolves, once (`resolveLight` without making the value).
    ///
    /// A chain of whole-value aliases is followed in a loop, not by recursion: each alias met on the way down
    /// is marked in progress and kept, and once the chain ends (in a literal, a settled token, a cycle or the
    /// length bound) they are settled from the innermost out, each from its settled target. The order of
    /// every look-up, diagnostic and state change is the recursion's, and a chain 1,000 links long needs no
    /// deeper stack than one of two.
    @discardableResult
    mutating func settleLight(_ i: Int) -> Bool {
        // The whole-value aliases met on the way down, outermost first, with their targets, above `base` in
        // `following` (a JSON Pointer into a part of a value settles its target while a chain is followed).
        let base = following.count
        var j = i
        var settled: Bool
        while true {
            if let known = settledBeforeWalking(j) {
                settled = known
                break
            }
            progress[j] = .inProgress
            stack.append(j)
            if let (target, location) = lightReference(j) {
                if let target {
                    following.append((j, target, location))
                    j = target
                    continue
                }
                settled = finishWalking(j, .failed)
            } else {
                settled = finishWalking(j, ownValue(j))
            }
            break
        }
        while following.count > base {
            let step = following.removeLast()
            settled = finishWalking(step.token, follow(step.target, from: step.token, at: step.location))
        }
        return settled
    }

    /// Token `i`'s outcome when it needs no walk: settled already, met again on the chain that reaches it (a
    /// cycle), past the chain's length bound, or a literal.
    /// Nil when it must be walked.
    private mutating func settledBeforeWalking(_ i: Int) -> Bool? {
        switch progress[i] {
        case .literal, .walked: return true
        case .failed: return false
        case .inProgress:
            reportCycle(from: i)
            return false
        case .unvisited: break
        }
        if stack.count > Self.maximumChainLength {
            // Reported once, at the token the chain starts from; every token on it fails quietly.
            let start = tokens[stack[0]]
            diagnostics.append(Diagnostic(
                .aliasChainTooLong, severity: .error,
                message: "`\(start.path)` starts a chain of more than \(Self.maximumChainLength) aliases (it reaches `\(tokens[i].path)`)",
                location: start.location, path: start.path, fix: "point the alias nearer to the value it means"))
            progress[i] = .failed
            return false
        }
        let kind = flags[i]
        if kind.contains(.literal) {
            if kind.contains(.reports) { diagnostics += literals[i]!.diagnostics }
            progress[i] = kind.contains(.invalid) ? .failed : .literal
            return !kind.contains(.invalid)
        }
        return nil
    }

    /// The light value of token `i`, in progress, that is no whole-value alias: its own value with any
    /// references inside it substituted, checked against its type.
    private mutating func ownValue(_ i: Int) -> State {
        let systemType: TokenType? = tokens[i].value.string.flatMap(ColorValue.systemName) != nil ? .color : nil
        guard let type = tokens[i].type ?? systemType else {
            let token = tokens[i]
            diagnostics.append(Diagnostic(
                .tokenMissingType, severity: .error,
                message: "`\(token.path)` has no type: neither the token nor its groups give `$type`",
                location: token.location, path: token.path,
                fix: Self.missingTypeFix(token.value, file: token.location.file)))
            progress[i] = .failed
            return .failed
        }
        var visiting: Set<Int> = [i]
        if let value = substitute(tokens[i].value, owner: i, visiting: &visiting),
           validate(value, as: type, path: tokens[i].path)
        {
            return .resolved(type, value, [])
        }
        return .failed
    }

    /// Ends the walk of token `i` (the top of `stack`) with `result`, and says whether it resolved.
    private mutating func finishWalking(_ i: Int, _ result: consuming State) -> Bool {
        stack.removeLast()
        // A cycle found on the way, or a missing type, marked this token failed already; that stands.
        guard progress[i] == .inProgress else { return progress[i] != .failed }
        guard case .resolved = result else {
            progress[i] = .failed
            return false
        }
        walkedSlot[i] = Int32(walked.count)
        // Moved in: a copy retained the value and the chain, and releasing the argument released them again.
        walked.append(consume result)
        progress[i] = .walked
        return true
    }

    /// Resolves a whole-value alias of token `i` pointing at `target`, once `settleLight` has settled the target.
    mutating func follow(_ targetIndex: Int, from i: Int, at location: SourceLocation) -> State {
        let targetState = state(targetIndex)
        guard progress[i] == .inProgress else { return state(i) }
        guard case .resolved(let targetType?, let value?, let targetChain) = targetState else { return .failed }
        if !pendingSubValues.isEmpty, var part = pendingSubValues.removeValue(forKey: location) {
            let token = tokens[i], target = tokens[targetIndex]
            // A pointer into part of a composite value: the part must fit this token's own type.
            guard let declared = token.type else {
                diagnostics.append(Diagnostic(
                    .tokenMissingType, severity: .error,
                    message: "`\(token.path)` points into part of `\(target.path)`, so it needs its own `$type`",
                    location: token.location, path: token.path, fix: "add `$type` to the token or its group"))
                return .failed
            }
            part.location = location
            return validate(part, as: declared, path: token.path) ? .resolved(declared, part, [target.path]) : .failed
        }
        if let declared = tokens[i].type, declared != targetType {
            let token = tokens[i], target = tokens[targetIndex]
            diagnostics.append(Diagnostic(
                .aliasTypeMismatch, severity: .error,
                message: "`\(token.path)` is a \(declared.rawValue) token, but its alias `{\(target.path)}` is a \(targetType.rawValue)",
                location: location, path: token.path,
                related: [RelatedLocation(target.location, "`\(target.path)` is defined here")],
                fix: "point the alias at a \(declared.rawValue) token, or change `$type`"))
            return .failed
        }
        var moved = value
        moved.location = location
        return .resolved(targetType, moved, longChains.chain(through: targetIndex, path: tokens[targetIndex].path, then: targetChain))
    }

    /// `reference(in:)` of token `i`'s light value, from the look-up done ahead when it found a target
    /// that is not deprecated (a deprecated one takes the full look-up, which reports it).
    mutating func lightReference(_ i: Int) -> (Int?, SourceLocation)? {
        let target = Int(lightTargets[i])
        if target >= 0, tokens[target].details?.deprecation == nil { return (target, tokens[i].value.location) }
        return reference(in: tokens[i].value, owner: i)
    }

    /// A whole-value reference (`"{a.b}"` or `{$ref: "#/a/b/$value"}`), as the target's index (nil when unresolved).
    mutating func reference(in node: Node, owner: Int) -> (Int?, SourceLocation)? {
        // `{system.NAME}` names an Apple system color, not a token; the color type checks the name.
        if let path = aliasTarget(node.string), !path.hasPrefix("system.") {
            return (lookup(path, at: node.location, owner: owner), node.location)
        }
        if let entries = node.mappingEntries, entries.contains(where: { $0.key == "$ref" }) {
            return (pointerTarget(node, owner: owner), node.location)
        }
        return nil
    }


    /// The fix for a token with no type: the type its value's shape says (a `{value, unit}` in `px` is a
    /// dimension, in `ms` a duration; a color string a color; a typography's, shadow's or border's fields),
    /// written as the file writes keys; no guess where the shape fits several types (a bare number).
    static func missingTypeFix(_ value: Node, file: String) -> String {
        let json = FileSyntax(path: file).isJSON
        func written(_ type: String) -> String { json ? "\"$type\": \"\(type)\"" : "$type: \(type)" }
        let type = ValueShape.type(of: value)?.rawValue
        guard let type else { return "add `\(written("…"))` with the token's type (`color`, `dimension`, `number` …) to the token or its group" }
        return "add `\(written(type))` to the token or its group: its value is written as a \(type)"
    }
}
