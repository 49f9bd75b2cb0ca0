import SourceData
import TokenModel
import TokenColor

extension SwiftContextBuilder {
    /// A token's context: its value formatted, its doc lines (description, values, the alias it follows).
    func tokenContext(_ token: ResolvedToken, swiftName: String) -> SwiftTokenContext {
        // `build` kept only tokens that have a value.
        var value = swiftValue(token) ?? Value(expression: "", type: nil, doc: [])
        // An alias with no appearance of its own is its target's constant: the code says what it follows.
        if let reference = aliasReference(token) { value = Value(expression: reference, type: nil, doc: value.doc) }
        let description = token.token.description
        var docLines: [String]
        if description == nil && token.aliasChain.isEmpty {
            // Most tokens' doc lines are their value's alone: shared, not copied.
            docLines = value.doc
        } else {
            docLines = []
            docLines.reserveCapacity(value.doc.count + 2)
            if let description { docLines += Self.commentLines(description) }
            docLines += value.doc
            if let target = token.aliasChain.first {
                let line = String.concatenating("Alias of `", target, "`.")
                if Self.holdsControlCharacter(target) { docLines += Self.commentLines(line) } else { docLines.append(line) }
            }
        }
        return SwiftTokenContext(path: token.path, type: token.type.rawValue, swiftName: swiftName, value: value, docLines: docLines,
                                 deprecation: token.deprecation, token: token)
    }

    /// AppKit names of UIKit system colors, where AppKit has the same color.
    static let appKitNames: [String: String] = [
        "label": "labelColor", "secondaryLabel": "secondaryLabelColor", "tertiaryLabel": "tertiaryLabelColor",
        "quaternaryLabel": "quaternaryLabelColor", "placeholderText": "placeholderTextColor", "link": "linkColor",
        "separator": "separatorColor", "systemRed": "systemRed", "systemOrange": "systemOrange", "systemYellow": "systemYellow",
        "systemGreen": "systemGreen", "systemMint": "systemMint", "systemTeal": "systemTeal", "systemCyan": "systemCyan",
        "systemBlue": "systemBlue", "systemIndigo": "systemIndigo", "systemPurple": "systemPurple", "systemPink": "systemPink",
        "systemBrown": "systemBrown", "systemGray": "systemGray",
    ]

    /// Adds the names of the system colors `token` references to `names`.
    func collectSystemNames(of token: ResolvedToken, into names: inout Set<String>) {
        switch token.type {
        case .color:
            // Parsed at resolution: a system color reference is a `.system` value (an unknown name does not parse).
            for case .system(let system)? in token.colors { names.insert(system.name) }
        case .accent, .symbol:
            for value in token.typedValues { collectSystemNames(value, into: &names) }
        default: break
        }
    }

    /// The referenced system colors of `names`, sorted, with their UIKit and AppKit names.
    func systemColors(named names: Set<String>) -> [SystemColorContext] {
        names.sorted().compactMap { name in
            guard let system = SystemColors.named(name) else { return nil }
            let macOnly = system.platforms == [.macos]
            return SystemColorContext(name: name, inUIKit: !macOnly, appKitName: macOnly ? name : Self.appKitNames[name])
        }
    }

    /// The system colors an accent's or a symbol's colors name.
    func collectSystemNames(_ value: TokenValue, into names: inout Set<String>) {
        var colors: [ColorValue] = []
        switch value {
        case .accent(let accent):
            colors = [accent.color.value] + accent.surfaces.map(\.value) + (accent.textOnAccent.map { [$0.value] } ?? [])
                + (accent.fixedSidebarIcons ?? []).compactMap(\.color)
        case .symbol(let symbol): colors = symbol.colors.map(\.value)
        default: break
        }
        for case .system(let system) in colors { names.insert(system.name) }
    }

    /// The token folder's own name (`Tokens/`): never an absolute path, so output is the same on every machine.
    static func folder(of file: String) -> String {
        let parts = file.split(separator: "/")
        return parts.count >= 2 ? String(parts[parts.count - 2]) + "/" : file
    }

    /// Reports each member of `node` whose Swift name an earlier member already has.
    mutating func reportMemberCollisions(_ node: GroupNode) {
        // Member names to the index of the token that has them first.
        var seen: [String: Int] = [:]
        seen.reserveCapacity(node.members.count)
        for (i, member) in node.members.enumerated() {
            if let firstIndex = seen[member.swiftName] {
                diagnostics.append(.nameCollision(.swiftNameCollision, member.token, node.members[firstIndex].token,
                                                  becoming: "the Swift name `\(member.swiftName)`"))
            } else {
                seen[member.swiftName] = i
            }
        }
    }

    /// Converts the group tree, reporting two members that map to one Swift name.
    mutating func convert(_ node: GroupNode) -> SwiftGroupContext {
        // Tokens have different paths, so their names differ in a group unless two names make one member name.
        if memo.namesMayCollide { reportMemberCollisions(node) }
        var groups: [SwiftGroupContext] = []
        var typeNames: [String: String] = [:]
        for name in node.order {
            let child = convert(node.children[name]!)
            if let first = typeNames[child.typeName] {
                diagnostics.append(Diagnostic(
                    .swiftNameCollision, severity: .error,
                    message: "the groups `\(child.path)` and `\(first)` both become the Swift type `\(child.typeName)`",
                    location: node.children[name]!.members.first?.token.token.location, path: child.path, fix: "rename one of the two groups"))
            }
            typeNames[child.typeName] = child.path
            // `Tokens.Color.accent` inside a group named like the root would look in that group.
            if child.typeName == memo.rootTypeName { memo.rootTypeName = nil }
            groups.append(child)
        }
        return SwiftGroupContext(path: node.path.joined(separator: "."), typeName: SwiftNamer.type(node.path.last ?? ""),
                                 description: node.description, members: SwiftMembers(entries: node.members, values: self), groups: groups)
    }

    /// The qualified name of the constant of the token at `path` (`Tokens.Palette.Blue._600`), with that token;
    /// nil when it has no constant or another name would shadow the root type.
    func constant(at path: String) -> (reference: String, token: ResolvedToken)? {
        guard let root = memo.rootTypeName else { return nil }
        // The memo's tables read once: each read of a class's stored property is checked for exclusive access
        // as the program runs, once per step of the search.
        let tokens = memo.tokens, constants = memo.constants
        // The tokens are sorted by path (`<`), as the tree stage left them.
        var low = 0, high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].path < path { low = middle + 1 } else { high = middle }
        }
        guard low < tokens.count, tokens[low].path == path, constants[low] != 0 else { return nil }
        let group = memo.groups[Int(constants[low] >> 32)]
        let name = group.members[Int(constants[low] & 0xFFFF_FFFF) - 1].swiftName
        let type: String
        if let known = group.qualifiedName {
            type = known
        } else {
            type = ([root] + group.path.map(SwiftNamer.type)).joined(separator: ".")
            group.qualifiedName = type
        }
        return (String.concatenating(type, ".", name), tokens[low])
    }

    /// The constant a whole alias refers to: a token whose value is `{target}` and that has no appearance of its
    /// own has its target's values exactly, so its target's constant (which has a value too).
    func aliasReference(_ token: ResolvedToken) -> String? {
        guard !token.writesModes, let target = token.aliasChain.first, token.writesAlias(of: target),
              let (reference, referenced) = constant(at: target),
              // A deprecated constant's every use warns; the generated file writes the value rather than warn itself.
              referenced.deprecation == nil else { return nil }
        return reference
    }
}
