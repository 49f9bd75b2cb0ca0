import SourceData
import SourceTree
import TokenModel

extension ResolutionRun {
    /// Checks a surface in `$extensions.tokenc.on`: it must name a token, and one that can be a color (a
    /// declared other type would be skipped by every contrast rule without a word).
    mutating func lookupSurface(_ surface: TokenReference, owner: Int) {
        guard let target = lookup(surface.path, at: surface.location, owner: owner),
              let type = tokens[target].type, type != .color else { return }
        diagnostics.append(Diagnostic(
            .aliasTypeMismatch, severity: .error,
            message: "`on` names `\(surface.path)`, a \(type.rawValue) token; it lists the colors `\(tokens[owner].path)` is drawn on",
            location: surface.location, path: tokens[owner].path,
            related: [RelatedLocation(tokens[target].location, "`\(surface.path)` is defined here")],
            fix: "name the color token of the surface, such as a background"))
    }

    /// `ask` answered by the suggestions, made at the first reference that names no token.
    mutating func suggest<Answer>(_ ask: (inout PathSuggestions) -> Answer) -> Answer {
        if suggestions == nil { suggestions = PathSuggestions(tokens.map(\.path)) }
        return ask(&suggestions!)
    }

    mutating func lookup(_ path: String, at location: SourceLocation, owner: Int) -> Int? {
        if let target = index[path] {
            if let reason = tokens[target].details?.deprecation {
                diagnostics.append(Diagnostic(
                    .tokenDeprecatedUse, severity: .warning,
                    message: "`\(tokens[owner].path)` uses `\(path)`, which is deprecated" + (reason.isEmpty ? "" : ": \(reason)"),
                    location: location, path: tokens[owner].path,
                    related: [RelatedLocation(tokens[target].location, "`\(path)` is marked `$deprecated` here")]))
            }
            return target
        }
        // A token left out for its `$type`, reported where the type is written: naming it is no second mistake.
        if context.leftOut.contains(path) { return nil }
        if suggest({ $0.isGroup(path) }) {
            // The example is another token of the group: the first one may be the alias itself.
            let example = suggest { $0.firstPaths(in: path) }.first { $0 != tokens[owner].path }
            diagnostics.append(Diagnostic(
                .aliasUnresolved, severity: .error,
                message: "`{\(path)}` names a group, not a token", location: location, path: tokens[owner].path,
                fix: example.map { "point at one token of the group, such as `{\($0)}`" }
                    ?? "point at a token; the group holds only `\(tokens[owner].path)`"))
            return nil
        }
        // Style Dictionary's references end in `.value`; a DTCG alias names the token itself.
        let token = path.hasSuffix(".value") ? String(path.dropLast(".value".count)) : nil
        if let token, index[token] != nil {
            diagnostics.append(Diagnostic(
                .aliasUnresolved, severity: .error,
                message: "`{\(path)}` does not name a token", location: location, path: tokens[owner].path,
                fix: "write `{\(token)}`: a DTCG alias names the token, without Style Dictionary's `.value`"))
            return nil
        }
        if let set = context.unlistedSets[path] {
            diagnostics.append(Diagnostic(
                .aliasUnresolved, severity: .error,
                message: "`{\(path)}` is defined in the set `\(set)`, which `resolutionOrder` does not list",
                location: location, path: tokens[owner].path,
                fix: "add `{ \"$ref\": \"#/sets/\(set)\" }` to `resolutionOrder` in the resolver document"))
            return nil
        }
        if let unread = context.unreadFiles.first {
            // Not a mistake of its own until the files it may be in are read.
            let others = context.unreadFiles.count > 1 ? " (and \(context.unreadFiles.count - 1) more)" : ""
            diagnostics.append(Diagnostic(
                .aliasUnresolved, severity: .info,
                message: "`{\(path)}` names no token that was read; `\(unread)`\(others) was not read, and may define it",
                location: location, path: tokens[owner].path, fix: "fix the error in `\(unread)` first"))
            return nil
        }
        let suggestion = suggest { $0.nearest(path) }.map { "did you mean `{\($0)}`?" }
        diagnostics.append(Diagnostic(
            .aliasUnresolved, severity: .error,
            message: "`{\(path)}` does not name a token", location: location, path: tokens[owner].path,
            fix: suggestion ?? Self.systemColorFix(path) ?? "check the spelling of the path"))
        return nil
    }

    /// The fix for an Apple system color written as a token path (`{systemBlue}`, `{System.label}`): its
    /// reference, `{system.systemBlue}`; nil for any other path.
    static func systemColorFix(_ path: String) -> String? {
        let name = path.lowercased().hasPrefix("system.") ? String(path.dropFirst("system.".count)) : path
        return SystemColors.named(ignoringCase: name).map { "a system color is `{system.\($0.name)}`" }
    }

    /// What a `$ref` pointer names, read one way for the walk (which reports why one names nothing), for the modes
    /// a token takes from its target and for the split of the walk (which only want the token).
    enum PointerReading {
        /// A whole token (`#/a/b`) or its whole `$value` (`#/a/b/$value`): a reference to the token.
        case token(Int)
        /// A part of a token's value (`#/a/b/$value/color`): the token and the segments after `$value`.
        case part(Int, [String])
        /// `file.json#/…`: the part before `#`.
        case inFile(Substring)
        /// Not `#/…`.
        case notAPointer
        /// `#/a//b`.
        case emptySegment
        /// No `$value` segment (or one first) and no token of that path: the joined segments.
        case noWholeToken(String)
        /// Segments before `$value` that name no token: their path.
        case noToken(String)

        /// The token the pointer names, whole or in part; nil when it names none.
        var token: Int? {
            switch self {
            case .token(let target), .part(let target, _): target
            default: nil
            }
        }
    }

    /// Reads a `$ref` pointer as the walk resolves it. A pointer at a whole token makes an alias of it (DTCG Format
    /// Module, § Aliases / References: `"$ref": "#/colors/blue"` "references the entire token, making
    /// `semantic.primary` an alias for `colors.blue`").
    static func read(pointer: String, in index: PathIndex) -> PointerReading {
        if let hash = pointer.firstIndex(of: "#"), hash != pointer.startIndex { return .inFile(pointer[..<hash]) }
        guard let segments = JSONPointer.segments(pointer) else { return .notAPointer }
        guard !segments.contains(where: \.isEmpty) else { return .emptySegment }
        guard let valueIndex = segments.firstIndex(of: "$value"), valueIndex > 0 else {
            let path = segments.joined(separator: ".")
            if !segments.contains(where: { $0.hasPrefix("$") }), let target = index[path] { return .token(target) }
            return .noWholeToken(path)
        }
        let path = segments[..<valueIndex].joined(separator: ".")
        guard let target = index[path] else { return .noToken(path) }
        let inner = Array(segments[(valueIndex + 1)...])
        return inner.isEmpty ? .token(target) : .part(target, inner)
    }

    /// Reads `{$ref: "#/a/b"}` or `{$ref: "#/a/b/$value"}`: a pointer at a whole token, or its whole `$value`, is a
    /// reference to that token; one further into the value is a reference to that part.
    mutating func pointerTarget(_ node: Node, owner: Int) -> Int? {
        let owningPath = tokens[owner].path
        guard let entries = node.mappingEntries, entries.count == 1, let pointer = node["$ref"]?.string else {
            diagnostics.append(Diagnostic(
                .aliasUnresolved, severity: .error,
                message: "a `$ref` object must hold exactly one string, `$ref`, and nothing else", location: node.location,
                path: owningPath, fix: "write `{ $ref: \"#/group/token/$value\" }`"))
            return nil
        }
        func bad(_ why: String, fix: String = "write `#/group/token` or `#/group/token/$value`") -> Int? {
            diagnostics.append(Diagnostic(
                .aliasUnresolved, severity: .error, message: "the JSON Pointer `\(pointer)` \(why)",
                location: node.location, path: owningPath, fix: fix))
            return nil
        }
        switch Self.read(pointer: pointer, in: index) {
        case .token(let target): return target
        case .part(let target, let inner): return subValue(of: target, inner, pointer: pointer, at: node.location, owner: owner)
        case .inFile(let file):
            // `other.json#/colors/blue`: every token file of the folder is one set, so a token is named within it.
            return bad("points into the file `\(file)`, but a token's `$ref` names a token of the whole token set, whichever file defines it",
                       fix: "write `\(pointer[file.endIndex...])`, with `\(file)` in the token folder")
        case .notAPointer: return bad("must start with `#/`")
        case .emptySegment: return bad("has an empty segment")
        case .noWholeToken(let path):
            if suggest({ $0.isGroup(path) }) { return bad("points at a group, not a token") }
            return bad("must point at a token (`#/group/token`) or its `$value` (or a part of it)")
        case .noToken(let path):
            if suggest({ $0.isGroup(path) }) { return bad("points at a group, not a token") }
            let suggestion = suggest { $0.nearest(path) }
            diagnostics.append(Diagnostic(
                .aliasUnresolved, severity: .error,
                message: "the JSON Pointer `\(pointer)` does not name a token",
                location: node.location, path: owningPath,
                fix: suggestion.map { "did you mean `#/\($0.replacing(".", with: "/"))/$value`?" }))
            return nil
        }
    }

    /// Pointers into a part of a value (`#/shadow/$value/color`) resolve to that part, kept for `substitute`.
    mutating func subValue(of target: Int, _ segments: [String], pointer: String, at location: SourceLocation, owner: Int) -> Int? {
        guard case .resolved(_, let value?, _) = resolveLight(target) else { return nil }
        var node = value
        for segment in segments {
            if let entries = node.mappingEntries, let next = entries.first(where: { $0.key == segment }) {
                node = next.value
            } else if let items = node.sequenceItems, let index = Int(segment), segment.first != "-", index < items.count,
                      String(index) == segment
            {
                node = items[index]
            } else {
                diagnostics.append(Diagnostic(
                    .aliasUnresolved, severity: .error,
                    message: "the JSON Pointer `\(pointer)` has no `\(segment)` inside `\(tokens[target].path)`",
                    location: location, path: tokens[owner].path))
                return nil
            }
        }
        pendingSubValues[location] = node
        return target
    }

    /// The type a composite's field takes (`fontWeight` of a typography: a fontWeight), for the references in it;
    /// nil where any type may go or the field is not a composite's.
    static func slotType(of owner: TokenType?, field: String?) -> TokenType? {
        guard let owner, let field else { return nil }
        switch (owner, field) {
        case (.typography, "fontFamily"): return .fontFamily
        case (.typography, "fontSize"), (.typography, "letterSpacing"): return .dimension
        case (.typography, "fontWeight"): return .fontWeight
        case (.typography, "lineHeight"), (.gradient, "position"): return .number
        case (.border, "color"), (.shadow, "color"), (.gradient, "color"): return .color
        case (.border, "width"), (.shadow, "offsetX"), (.shadow, "offsetY"), (.shadow, "blur"), (.shadow, "spread"),
             (.border, "dashArray"), (.strokeStyle, "dashArray"): return .dimension
        case (.border, "style"): return .strokeStyle
        case (.transition, "duration"), (.transition, "delay"): return .duration
        case (.transition, "timingFunction"): return .cubicBezier
        default: return nil
        }
    }

    /// Whether a reference to `target` in the field `field` of `owner`'s composite value names a token of another
    /// type than the field takes; if so it is reported, at the reference, once.
    mutating func slotMismatch(_ target: Int, targetType: TokenType, owner: Int, field: String?, at location: SourceLocation) -> Bool {
        guard let expected = Self.slotType(of: tokens[owner].type, field: field), expected != targetType else { return false }
        let owning = tokens[owner], targetToken = tokens[target]
        diagnostics.append(Diagnostic(
            .aliasTypeMismatch, severity: .error,
            message: "`\(field!)` of the \(owning.type!.rawValue) `\(owning.path)` takes a \(expected.rawValue), but `{\(targetToken.path)}` is a \(targetType.rawValue)",
            location: location, path: owning.path,
            related: [RelatedLocation(targetToken.location, "`\(targetToken.path)` is defined here")],
            fix: "point `\(field!)` at a \(expected.rawValue) token, or write the value"))
        return true
    }

    /// Replaces nested references inside a composite value by their targets' values; `field` is the composite's
    /// field the node sits in (items of a list keep their list's field), whose type each reference must have.
    mutating func substitute(_ node: Node, owner: Int, visiting: inout Set<Int>, field: String? = nil) -> Node? {
        if let (targetIndex, location) = reference(in: node, owner: owner) {
            guard let targetIndex else { return nil }
            if visiting.contains(targetIndex) || stack.contains(targetIndex) {
                reportCycle(from: targetIndex)
                return nil
            }
            guard case .resolved(let targetType, let whole?, _) = resolveLight(targetIndex) else { return nil }
            // A part of a token (`#/a/$value/width`) has no type of its own to check; a whole token must fit the field.
            if pendingSubValues[location] == nil, let targetType,
               slotMismatch(targetIndex, targetType: targetType, owner: owner, field: field, at: location) { return nil }
            var moved = pendingSubValues.removeValue(forKey: location) ?? whole
            moved.location = location
            return moved
        }
        switch node.kind {
        case .scalar: return node
        case .sequence(let items):
            var out: [Node] = []
            out.reserveCapacity(items.count)
            var ok = true
            for item in items {
                if let value = substitute(item, owner: owner, visiting: &visiting, field: field) { out.append(value) } else { ok = false }
            }
            return ok ? Node(.sequence(out), at: node.location, isFlowOrQuoted: node.isFlowOrQuoted) : nil
        case .mapping(let entries):
            var out: [MappingEntry] = []
            out.reserveCapacity(entries.count)
            var ok = true
            for entry in entries {
                if let value = substitute(entry.value, owner: owner, visiting: &visiting, field: entry.key) {
                    out.append(MappingEntry(key: entry.key, keyLocation: entry.keyLocation, value: value))
                } else { ok = false }
            }
            return ok ? Node(.mapping(out), at: node.location, isFlowOrQuoted: node.isFlowOrQuoted) : nil
        }
    }

    mutating func validate(_ value: Node, as type: TokenType, path: String) -> Bool {
        let problems = validator.read(value, as: type).problems
        diagnostics += problems.map { $0.diagnostic(path: path, type: type) }
        return problems.isEmpty
    }

    /// Reports the cycle that ends at token `i`, once, naming every member.
    mutating func reportCycle(from i: Int) {
        guard let start = stack.lastIndex(of: i) else { return }
        let members = Array(stack[start...])
        let key = members.map { tokens[$0].path }.sorted().joined(separator: "\u{0}")
        for member in members { progress[member] = .failed }
        guard reportedCycles.insert(key).inserted else { return }
        let first = members.min { tokens[$0].path < tokens[$1].path }!
        let rotated = Array(members[members.firstIndex(of: first)!...] + members[..<members.firstIndex(of: first)!])
        let names = (rotated + [first]).map { "`\(tokens[$0].path)`" }.joined(separator: " → ")
        diagnostics.append(Diagnostic(
            .aliasCycle, severity: .error,
            message: "these aliases point at each other in a circle: \(names)",
            location: tokens[first].value.location, path: tokens[first].path,
            related: rotated.dropFirst().map { RelatedLocation(tokens[$0].value.location, "`\(tokens[$0].path)` is part of the cycle") },
            fix: "give one of them a literal value"))
    }
}
