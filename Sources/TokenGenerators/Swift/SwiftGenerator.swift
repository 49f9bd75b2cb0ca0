#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TokenModel

/// Writes `swift/Tokens.swift`: a platform-neutral core of token values, rendered from Templates/swift.
public struct SwiftGenerator: Generator {
    /// `swift`.
    public let id = "swift"
    /// The template files by relative path (`swift/Tokens.swift.mustache` …), embedded or the user's own.
    public var templates: [String: String]
    /// The root type's name.
    public var rootName: String
    /// Where each template came from, for error locations (default: `Templates/<path>`).
    public var templateFiles: [String: String]
    /// The partials other outputs' templates include (tokenc.yml's template outputs), which are not unused
    /// even when no Swift template includes them.
    public var partialsIncludedElsewhere: Set<String> = []

    /// Creates the generator with the embedded templates unless others are given.
    public init(templates: [String: String] = EmbeddedTemplates.files, rootName: String = "Tokens",
                templateFiles: [String: String] = [:])
    {
        self.templates = templates
        self.rootName = rootName
        self.templateFiles = templateFiles
    }

    public func generate(_ set: ResolvedTokenSet) -> [GeneratedFile] { render(set).files }

    /// Renders the file, or reports name collisions and template errors instead.
    public func render(_ set: ResolvedTokenSet) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) { render(set, into: nil) }

    /// Renders the file into a sink a chunk at a time (trailing spaces trimmed on the way).
    public func render(_ set: ResolvedTokenSet, sinks: any OutputSinks) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) {
        render(set, into: sinks)
    }

    private func render(_ set: ResolvedTokenSet, into sinks: (any OutputSinks)?) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) {
        var builder = SwiftContextBuilder()
        var context: SwiftFileContext? = builder.build(set, rootName: rootName)
        let diagnostics = builder.diagnostics
        // The context's members hold the builder's memo, so the context is left as its last owner.
        _ = consume builder
        let result = diagnostics.isEmpty ? render(context!, set, into: sinks) : ([], diagnostics)
        // A few objects per token (the memo's formatted colors, the groups' members): freeing them is left to
        // another thread, as the Swift output is often the last job to end (at 10,000 tokens, about 2 ms).
        BackgroundRelease.release(&context)
        return result
    }

    private func render(_ context: SwiftFileContext, _ set: ResolvedTokenSet, into sinks: (any OutputSinks)?)
        -> (files: [GeneratedFile], diagnostics: [Diagnostic])
    {
        let main = "swift/Tokens.swift.mustache"
        guard let source = templates[main] else {
            return ([], [Diagnostic(.templateMissing, severity: .error, message: "the template `\(main)` is missing", location: nil)])
        }
        // Every template compiles before anything renders: a broken partial is an error, never an empty output.
        var problems: [Diagnostic] = []
        var partials: [String: String] = [:]
        for path in templates.keys.sorted() where path.hasPrefix("swift/") {
            do {
                _ = try MustacheTemplate(templates[path]!)
            } catch {
                problems.append(Diagnostic(.templateSyntax, severity: .error, message: error.message,
                                           location: SourceLocation(file: templateFiles[path] ?? "Templates/" + path, line: error.line, column: error.column)))
            }
            partials[String(path.dropFirst("swift/".count).dropLast(".mustache".count))] = templates[path]
        }
        guard problems.isEmpty, let template = try? MustacheTemplate(source) else { return ([], problems) }
        // A user's templates may name fields the context does not have; the built-in ones are tested.
        let mine = templateFiles.filter { $0.key.hasPrefix("swift/") }
        let warnings = MustacheTemplate.unusedFiles(mine, templates: templates, builtIn: Set(EmbeddedTemplates.files.keys.filter { $0.hasPrefix("swift/") }),
                                                    partialFolder: "swift/", includedElsewhere: partialsIncludedElsewhere)
            + mine.keys.sorted().flatMap { path in
                MustacheTemplate.unknownNames(in: templates[path] ?? "", file: mine[path]!, known: SwiftFileContext.allFieldNames)
            }
        // Partial indentation also indents blank lines; trailing whitespace is noise in a diff, so it goes.
        // About 230 bytes a token with the built-in templates (a color's doc lines and one line per appearance).
        do {
            return (try template.renderFile("swift/Tokens.swift", .object(context), partials: partials, expectedBytes: set.tokens.count * 240,
                                            sinks: sinks, trimmingTrailingSpaces: true), warnings)
        } catch {
            return ([], [Diagnostic.templateLimit(error, file: templateFiles[main] ?? "Templates/" + main)])
        }
    }

    /// Partial indentation also indents blank lines; trailing spaces are noise in a diff, so they go.
    static func trimmingTrailingSpaces(_ text: consuming [UInt8]) -> [UInt8] {
        // In place, a line at a time: the text only shrinks, so each kept line moves to or before where it was.
        let count = text.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            let total = buffer.count
            var written = 0, lineStart = 0
            while lineStart < total {
                let newline = memchr(base + lineStart, Int32(UInt8(ascii: "\n")), total - lineStart)
                let end = newline.map { $0.assumingMemoryBound(to: UInt8.self) - base } ?? total
                var kept = end
                while kept > lineStart, base[kept - 1] == UInt8(ascii: " ") { kept -= 1 }
                if written != lineStart { memmove(base + written, base + lineStart, kept - lineStart) }
                written += kept - lineStart
                if end < total {
                    base[written] = UInt8(ascii: "\n")
                    written += 1
                }
                lineStart = end + 1
            }
            return written
        }
        text.removeLast(text.count - count)
        return text
    }
}

/// Builds the typed context: names through `SwiftNamer`, values formatted as Swift literals.
struct SwiftContextBuilder {
    var diagnostics: [Diagnostic] = []
    /// Texts worked out once: aliases, and the palette colors semantic tokens reuse in several appearances,
    /// repeat the same few values, groups repeat the same few token names, and formatting one costs more
    /// than finding it.
    let memo = FormattedTexts()

    /// Each color's `ThemeColor` argument (with and without the comma that separates it from the next) and
    /// doc line, by built-in appearance and color; member names by token name. One output's builder owns it,
    /// and one thread renders that output.
    final class FormattedTexts {
        /// The color by its bits and the appearance by its index in `Appearance.builtIn`, which folds into a
        /// slot faster than its name.
        struct Key: Equatable {
            var appearance: Int
            var color: ColorBits

            /// The key's slot among `slots`: the lanes folded together by multiplication, the high bits taken.
            func slot(among slots: Int) -> Int {
                let bits = color.bits
                let folded = (bits.x &* 0x9E37_79B9_7F4A_7C15) ^ (bits.y &* 0xC2B2_AE3D_27D4_EB4F)
                    ^ (bits.z &* 0x1656_67B1_9E37_79F9) ^ (bits.w ^ UInt64(appearance)) &* 0x27D4_EB2F_1656_67C5
                return Int(truncatingIfNeeded: folded >> 40) & (slots - 1)
            }
        }
        /// Formatted colors by key, each in its key's slot (a color met again soon, as an alias's or another
        /// appearance's, is found there; an older one may have been replaced).
        /// (One slot until `build` sizes the memos to the set.)
        var colors = FormattedColorSlots(slots: 1)
        /// Member names by token name (see `memberName`).
        var memberNames: [String: String] = [:]
        /// Every member name made so far, and whether two token names made the same one or a token's name
        /// may match another's in its group (`$root` is `root`): only then are a group's members checked.
        var memberNamesMade: Set<String> = []
        var namesMayCollide = false
        /// A color token's value by the identity of its parsed colors, with the token it was made for: an alias
        /// shares its target's colors (the resolver's doing), and so has the target's value.
        var themeColors = SharedColorsMemo<Value?>(slots: 1)
        /// Bytes `formatted` writes a color's texts into, kept between colors.
        var scratch = ByteBuffer(capacity: 128)
        /// The root type's Swift name, which every reference to another constant starts from; nil when a
        /// group's type has the same name and would shadow it, so no constant refers to another.
        var rootTypeName: String?
        /// The set's tokens, in path order (a referenced token is found by binary search), and where each one's
        /// constant is, by its place among them: its group's place in `groups` and its own among the group's
        /// members, packed into one word (0 for a token without a constant; 8 bytes a token, not a table of paths).
        var tokens: [ResolvedToken] = []
        var constants: [UInt64] = []
        var groups: [GroupNode] = []
    }

    /// One appearance's color as the Swift output writes it.
    struct FormattedColor {
        /// `light: TokenColor(…)`.
        var argument: String
        /// The same followed by a comma, for every argument but the last.
        var argumentWithComma: String
        /// `- light: `#rrggbb``.
        var doc: String
    }

    /// A group as `build` gathers it, on one thread.
    final class GroupNode {
        var path: [String]
        var description: String?
        /// The tokens and their member names, in path order.
        var members: [(token: ResolvedToken, swiftName: String)] = []
        var children: [String: GroupNode] = [:]
        var order: [String] = []
        /// The child found last: tokens come in path order, so the next token's group is nearly always it.
        var lastChild: GroupNode?
        /// The group's qualified type name (`Tokens.Color.Background`), made when a constant of it is first referenced.
        var qualifiedName: String?
        /// Its place in `FormattedTexts.groups` once it has a member; -1 before.
        var index = -1
        init(path: [String]) { self.path = path }

        /// The child group `name`, created on first use.
        func child(_ name: String) -> GroupNode {
            if let lastChild, lastChild.path.last == name { return lastChild }
            let found: GroupNode
            if let known = children[name] {
                found = known
            } else {
                found = GroupNode(path: path + [name])
                children[name] = found
                order.append(name)
            }
            lastChild = found
            return found
        }
    }

    /// `SwiftNamer.member` of a token's last name, each name worked out once: groups repeat the same few names.
    func memberName(_ leaf: String) -> String {
        if let known = memo.memberNames[leaf] { return known }
        let name = SwiftNamer.member(leaf)
        memo.memberNames[leaf] = name
        // Two names that become one member (`my-name`, `myName`) may collide in a group.
        if !memo.memberNamesMade.insert(name).inserted { memo.namesMayCollide = true }
        return name
    }

    /// The context of the whole output. Names and collisions are worked out here; each token's value is
    /// formatted when a template reads it (`tokenContext`), so only one group's token contexts exist at a time.
    mutating func build(_ set: ResolvedTokenSet, rootName: String) -> SwiftFileContext {
        let slots = MemoSlots.count(forTokens: set.tokens.count)
        memo.colors = FormattedColorSlots(slots: slots)
        memo.themeColors = SharedColorsMemo(slots: slots)
        memo.tokens = set.tokens
        memo.constants = Array(repeating: 0, count: set.tokens.count)
        memo.rootTypeName = SwiftNamer.type(rootName)
        let root = GroupNode(path: [])
        // Tokens come in path order, so a token's group is nearly always the previous token's: the path up to
        // its last dot is compared as bytes before a name is split off or looked up.
        var previous: (path: String, cut: Int, node: GroupNode)?
        for (position, token) in set.tokens.enumerated() {
            guard hasSwiftValue(token) else { continue }
            let path = token.path
            let cut = path.withContiguousUTF8(Self.lastDot)
            let node: GroupNode
            let leaf: String
            if let known = previous, known.cut == cut, Self.sameGroup(known.path, path, cut: cut) {
                node = known.node
                leaf = path.withContiguousUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[(cut + 1)...]), as: UTF8.self) }
            } else {
                // A name that is the empty string (`"": {…}` in JSON) is left out of the path; with no name
                // left the member is `_`. Such a token may share its member with its group's other tokens.
                let segments = TokenPath.segments(token.path, omittingEmpty: true)
                var walked = root
                for segment in segments.dropLast() { walked = walked.child(segment) }
                node = walked
                leaf = segments.last ?? ""
                if cut == Self.hasEmptyName {
                    memo.namesMayCollide = true
                    previous = nil
                } else {
                    previous = (path, cut, walked)
                }
            }
            if leaf == "$root" { memo.namesMayCollide = true }
            if node.index < 0 {
                node.index = memo.groups.count
                memo.groups.append(node)
            }
            memo.constants[position] = UInt64(node.index) << 32 | UInt64(node.members.count + 1)
            node.members.append((token, memberName(leaf == "$root" ? "root" : leaf)))
        }
        if !set.groups.descriptions.isEmpty { Self.describe(root, from: set.groups.descriptions) }
        let context = convert(root)
        return SwiftFileContext(source: set.tokens.first.map { Self.folder(of: $0.token.location.file) } ?? "tokens",
                                rootName: SwiftNamer.type(rootName), members: SwiftMembers(entries: root.members, values: self),
                                groups: context.groups, systemColors: systemColorsUsed(set))
    }

    /// Gives `node`'s subgroups, at every depth, their `$description`s.
    static func describe(_ node: GroupNode, from descriptions: [String: String]) {
        for child in node.children.values {
            child.description = descriptions[child.path.joined(separator: ".")]
            describe(child, from: descriptions)
        }
    }

    /// What `lastDot` answers for a path with an empty name (empty, or a dot at either end or next to another).
    static let hasEmptyName = -2

    /// The offset of a path's last dot (-1 when it has none), or `hasEmptyName`.
    static func lastDot(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let dot = UInt8(ascii: ".")
        guard let first = bytes.first, first != dot, bytes.last != dot else { return hasEmptyName }
        var last = -1
        for i in bytes.indices where bytes[i] == dot {
            if i == last + 1 { return hasEmptyName }
            last = i
        }
        return last
    }

    /// Whether two paths with no empty name, both with their last dot at `cut` (-1: none, the root group),
    /// have the same group.
    static func sameGroup(_ known: String, _ path: String, cut: Int) -> Bool {
        guard cut > 0 else { return true }
        return known.withContiguousUTF8 { a in
            path.withContiguousUTF8 { b in
                for i in 0..<cut where a[i] != b[i] { return false }
                return true
            }
        }
    }

    /// Whether the Swift output has a constant for `token` (`swiftValue` is not nil), without formatting a color.
    func hasSwiftValue(_ token: ResolvedToken) -> Bool {
        switch token.type {
        case .color: return Self.makesThemeColor(token.values.indices.lazy.map { (token.values[$0].mode, token.colors[$0]) })
        // What `swiftValue` requires, without formatting a symbol's palette or an icon's size.
        case .symbol: return token.typedValue(at: 0)?.symbol != nil
        case .icon: return token.typedValue(at: 0)?.icon?.size != nil
        default: return swiftValue(token) != nil
        }
    }

    /// `text` as doc-comment lines: a line comment ends at a line break, so each line of a multi-line description
    /// is a line of its own (the blanks ending a line and the empty lines ending the text dropped), and another
    /// control character (a name may hold one) is a space.
    static func commentLines(_ text: String) -> [String] {
        guard Self.holdsControlCharacter(text) else { return [text] }
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }.map { line in
            var kept = String(line.unicodeScalars.map { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F ? " " : Character($0) })
            while let last = kept.last, last == " " || last == "\t" { kept.removeLast() }
            return kept
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Whether `text` holds a control character other than a tab (a line break among them), read as bytes.
    static func holdsControlCharacter(_ text: String) -> Bool {
        text.withContiguousUTF8 { bytes in bytes.contains { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F } }
    }

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
        return SwiftTokenContext(path: token.path, type: token.type.rawValue, swiftName: swiftName, swiftType: value.type,
                                 swiftValue: value.line, constructor: value.constructor, arguments: value.arguments, docLines: docLines,
                                 deprecation: token.deprecation)
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

    func systemColorsUsed(_ set: ResolvedTokenSet) -> [SystemColorContext] {
        var names: Set<String> = []
        for token in set.tokens {
            switch token.type {
            case .color:
                // Parsed at resolution: a system color reference is a `.system` value (an unknown name does not parse).
                for case .system(let system)? in token.colors { names.insert(system.name) }
            case .accent, .symbol:
                for value in token.typedValues { collectSystemNames(value, into: &names) }
            default: break
            }
        }
        return names.sorted().compactMap { name in
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
        // The tokens are sorted by path (`<`), as the tree stage left them.
        var low = 0, high = memo.tokens.count
        while low < high {
            let middle = (low + high) / 2
            if memo.tokens[middle].path < path { low = middle + 1 } else { high = middle }
        }
        guard low < memo.tokens.count, memo.tokens[low].path == path, memo.constants[low] != 0 else { return nil }
        let group = memo.groups[Int(memo.constants[low] >> 32)]
        let name = group.members[Int(memo.constants[low] & 0xFFFF_FFFF) - 1].swiftName
        let type: String
        if let known = group.qualifiedName {
            type = known
        } else {
            type = ([root] + group.path.map(SwiftNamer.type)).joined(separator: ".")
            group.qualifiedName = type
        }
        return (String.concatenating(type, ".", name), memo.tokens[low])
    }

    /// The constant a whole alias refers to: a token whose value is `{target}` and that has no appearance of its
    /// own has its target's values exactly, so its target's constant (which has a value too).
    func aliasReference(_ token: ResolvedToken) -> String? {
        guard !token.writesModes, let target = token.aliasChain.first, token.writtenValue.path == target,
              let (reference, referenced) = constant(at: target),
              // A deprecated constant's every use warns; the generated file writes the value rather than warn itself.
              referenced.deprecation == nil else { return nil }
        return reference
    }

    /// The constant a composite's part refers to, when the token has no appearance of its own and the part is an
    /// alias of a token of `type` with a constant (a number token is a `Double`, so it stands for no font weight).
    func partReference(_ token: ResolvedToken, _ part: WrittenAliases?, _ type: TokenType) -> String? {
        guard !token.writesModes, let path = part?.path else { return nil }
        // A `TokenModes` constant is no value of the part's type.
        guard let (reference, target) = constant(at: path), target.type == type, target.deprecation == nil,
              !target.differsByMode else { return nil }
        return reference
    }

    struct Value {
        /// The expression of a one-line value; empty for a multi-line one (`constructor` and `arguments`).
        var line: String
        var type: String?
        var doc: [String]
        var constructor: String? = nil
        var arguments: [String] = []

        init(expression: String, type: String?, doc: [String]) {
            line = expression
            self.type = type
            self.doc = doc
        }

        init(constructor: String, arguments: [String], type: String?, doc: [String]) {
            line = ""
            self.constructor = constructor
            self.arguments = arguments
            self.type = type
            self.doc = doc
        }

        /// The value as one expression (a multi-line value's lines joined).
        var expression: String { SwiftTokenContext.expression(line: line, constructor: constructor, arguments: arguments) }
    }

    /// A token's Swift value: its light value, or a `TokenModes` when another mode's value differs from light's in
    /// more than its colors (`ResolvedToken.differsByMode`; a `ThemeColor` carries the colors in every mode).
    func swiftValue(_ token: ResolvedToken) -> Value? {
        guard let light = swiftValue(token, mode: 0) else { return nil }
        return token.differsByMode ? modalValue(token, light: light) : light
    }

    /// A `TokenModes` of the token's value in each mode (built-in appearances first, in their order, then custom
    /// modes as `themes`).
    func modalValue(_ token: ResolvedToken, light: Value) -> Value {
        var appearances: [(appearance: Int, expression: String)] = [(0, light.expression)]
        var themes: [(name: String, expression: String)] = []
        for index in 1..<token.values.count {
            // A mode whose value makes no Swift value falls back, as a missing mode does.
            guard let value = swiftValue(token, mode: index) else { continue }
            let expression = value.expression, mode = token.values[index].mode
            if let appearance = Appearance.builtInIndex(mode) {
                if appearance != 0 { appearances.append((appearance, expression)) }
            } else {
                themes.append((mode, expression))
            }
        }
        appearances.sort { $0.appearance < $1.appearance }
        var arguments = appearances.map { "\(Self.builtInLabels[$0.appearance]): \($0.expression)," }
        if themes.isEmpty {
            arguments[arguments.count - 1].removeLast()
        } else {
            arguments.append("themes: [")
            arguments += themes.map { "    \(SwiftNamer.string($0.name)): \($0.expression)," }
            arguments.append("]")
        }
        let modes = appearances.map { "\(Self.builtInModes[$0.appearance])" } + themes.map(\.name)
        let readers = "`value(in:)` (SwiftUI), `value(for:)` (UIKit, AppKit)" + (themes.isEmpty ? " or" : ",") + " `value(dark:highContrast:)`"
            + (themes.isEmpty ? "" : " or `theme(_:)`")
        let doc = light.doc + Self.commentLines("A value per mode (\(modes.joined(separator: ", "))): read it with \(readers).")
        // The element type is spelled out: `TokenModes(light: 2, dark: 3)` would be read as `Int` for a number token.
        return Value(constructor: light.type.map { "TokenModes<\($0)>" } ?? "TokenModes", arguments: arguments, type: nil, doc: doc)
    }

    /// The token's value in mode `index` of its values (0 is light). Colors inside a composite are a
    /// `ThemeColor` of every mode whichever mode is asked for.
    func swiftValue(_ token: ResolvedToken, mode index: Int) -> Value? {
        if token.type == .color {
            // A token that shares its colors' list has the same colors, and the same modes (checked, as they
            // make the value too).
            let shared = SharedColorsMemo<Value?>.identity(of: token)
            let slot = shared.map { memo.themeColors.slot(of: $0) } ?? 0
            if let shared, let known = memo.themeColors.value(for: shared, in: slot, sameModesAs: token) { return known }
            let value = themeColor(token.values.indices.lazy.map { (token.values[$0].mode, token.colors[$0]) })
            if let shared { memo.themeColors.store(value, madeFor: token, at: shared, in: slot) }
            return value
        }
        guard let shown = token.typedValue(at: index) else { return nil }
        let written = token.writtenValue
        /// A color inside the value in every mode the token has, as one `ThemeColor`.
        func partColor(_ part: (TokenValue) -> ColorValue?) -> String? {
            themeColor(token.values.indices.compactMap { i in
                token.typedValue(at: i).flatMap(part).map { (token.values[i].mode, Optional($0)) }
            })?.expression
        }
        switch shown {
        case .color: return nil
        case .accent:
            let modes = token.values.indices.compactMap { i in
                token.typedValue(at: i)?.accent.map { (token.values[i].mode, Optional($0.color.value)) }
            }
            return modes.isEmpty ? nil : themeColor(modes)
        case .dimension(let dimension):
            return Value(expression: Self.dimension(dimension), type: nil, doc: [])
        case .number(let number):
            return Value(expression: SwiftNamer.literal(number.value), type: "Double", doc: [])
        case .duration(let duration):
            return Value(expression: SwiftNamer.literal(duration.seconds), type: "Double",
                         doc: ["\(SwiftNamer.literal(duration.value)) \(duration.unit.rawValue), in seconds."])
        case .fontWeight(let weight):
            return Value(expression: String(Int(weight.weight)), type: "Int", doc: [])
        case .fontFamily(let family):
            return Value(expression: Self.familyList(family), type: "[String]", doc: [])
        case .cubicBezier(let curve):
            return Value(expression: Self.numberList(curve.points), type: "[Double]", doc: ["Cubic Bézier control points x1, y1, x2, y2."])
        case .typography(let typography):
            func part(_ key: String, _ type: TokenType, _ literal: () -> String) -> String {
                partReference(token, written[key], type) ?? literal()
            }
            let family = part("fontFamily", .fontFamily) { Self.familyList(typography.fontFamily) }
            let size = part("fontSize", .dimension) { Self.dimension(typography.fontSize) }
            let weight = part("fontWeight", .fontWeight) { String(Int(typography.fontWeight.weight)) }
            let spacing = part("letterSpacing", .dimension) { Self.dimension(typography.letterSpacing) }
            let lineHeight = part("lineHeight", .number) { SwiftNamer.literal(typography.lineHeight.value) }
            return Value(expression: "TokenTypography(fontFamily: \(family), fontSize: \(size), fontWeight: \(weight), letterSpacing: \(spacing), lineHeight: \(lineHeight))",
                         type: nil, doc: [])
        case .symbol(let symbol):
            // Palette colors: one ThemeColor per layer, each with the layer's color in every appearance.
            let palette = symbol.colors.indices.compactMap { layer in
                partColor { value in value.symbol.flatMap { layer < $0.colors.count ? $0.colors[layer].value : nil } }
            }
            var arguments = ["name: \(SwiftNamer.string(symbol.name.value)),", "weight: \(SwiftNamer.string(symbol.weight?.value ?? "regular")),",
                             "scale: \(SwiftNamer.string(symbol.scale?.value ?? "medium")),",
                             "rendering: \(SwiftNamer.string(symbol.rendering?.value ?? "monochrome"))"]
            if !palette.isEmpty {
                arguments[arguments.count - 1] += ","
                arguments.append("paletteColors: [" + palette.joined(separator: ", ") + "]")
            }
            return Value(constructor: "TokenSymbol", arguments: arguments,
                         type: nil, doc: symbol.context.map { ["Used in: \($0.value)."] } ?? [])
        case .icon(let icon):
            guard let (width, height) = icon.size else { return nil }
            let scales = icon.scales.map { SwiftNamer.literal(Double($0)) }
            return Value(expression: "TokenIconSize(width: \(SwiftNamer.literal(width)), height: \(SwiftNamer.literal(height)), scales: [\(scales.joined(separator: ", "))])",
                         type: nil, doc: ["A \(icon.kind) icon, in points."])
        case .border(let border):
            let width = partReference(token, written["width"], .dimension) ?? Self.dimension(border.width)
            let style = partReference(token, written["style"], .strokeStyle) ?? Self.strokeStyle(border.style)
            guard let color = partReference(token, written["color"], .color) ?? partColor({
                if case .border(let border) = $0 { border.color.value } else { nil }
            }) else { return nil }
            return Value(constructor: "TokenBorder", arguments: ["color: \(color),", "width: \(width),", "style: \(style)"], type: nil, doc: [])
        case .shadow(let shadow):
            // A shadow is one layer or a list of them; each layer's color has every appearance the token has.
            var layers: [String] = []
            for (index, layer) in shadow.layers.enumerated() {
                let writtenLayer = written.isList ? written.listItem(index) : written
                func dimensionPart(_ key: String, _ resolved: DimensionValue) -> String {
                    partReference(token, writtenLayer?[key], .dimension) ?? Self.dimension(resolved)
                }
                guard let color = partReference(token, writtenLayer?["color"], .color) ?? partColor({
                    if case .shadow(let shadow) = $0, index < shadow.layers.count { shadow.layers[index].color.value } else { nil }
                }) else { return nil }
                let x = dimensionPart("offsetX", layer.offsetX), y = dimensionPart("offsetY", layer.offsetY)
                let blur = dimensionPart("blur", layer.blur), spread = dimensionPart("spread", layer.spread)
                let inset = layer.inset ? ", inset: true" : ""
                layers.append("TokenShadow.Layer(color: \(color), offsetX: \(x), offsetY: \(y), blur: \(blur), spread: \(spread)\(inset))")
            }
            return Value(constructor: "TokenShadow", arguments: Self.commaSeparated(layers), type: nil, doc: [])
        case .transition(let transition):
            func time(_ key: String, _ resolved: DurationValue) -> String {
                partReference(token, written[key], .duration) ?? SwiftNamer.literal(resolved.seconds)
            }
            let duration = time("duration", transition.duration), delay = time("delay", transition.delay)
            let curve = partReference(token, written["timingFunction"], .cubicBezier) ?? Self.numberList(transition.timingFunction.points)
            return Value(expression: "TokenTransition(duration: \(duration), delay: \(delay), timingFunction: \(curve))",
                         type: nil, doc: ["Times in seconds; the timing function's cubic Bézier control points x1, y1, x2, y2."])
        case .gradient(let gradient):
            var stops: [String] = []
            for (index, stop) in gradient.stops.enumerated() {
                let writtenStop = written.listItem(index)
                let position = partReference(token, writtenStop?["position"], .number) ?? SwiftNamer.literal(stop.position.value)
                guard let color = partReference(token, writtenStop?["color"], .color) ?? partColor({
                    if case .gradient(let gradient) = $0, index < gradient.stops.count { gradient.stops[index].color.value } else { nil }
                }) else { return nil }
                stops.append("TokenGradient.Stop(color: \(color), position: \(position))")
            }
            return stops.isEmpty ? nil : Value(constructor: "TokenGradient", arguments: Self.commaSeparated(stops), type: nil, doc: [])
        case .strokeStyle(let style):
            return Value(expression: Self.strokeStyle(style), type: "TokenStrokeStyle", doc: [])
        }
    }

    /// A font family value (one name or a list) as a `[String]` literal.
    static func familyList(_ family: FontFamilyValue) -> String {
        "[" + family.names.map(SwiftNamer.string).joined(separator: ", ") + "]"
    }

    /// Numbers as a `[Double]` literal.
    static func numberList(_ numbers: [Double]) -> String {
        "[" + numbers.map(SwiftNamer.literal).joined(separator: ", ") + "]"
    }

    /// `items` as arguments, one per line, each but the last followed by a comma.
    static func commaSeparated(_ items: [String]) -> [String] {
        items.enumerated().map { $0.offset == items.count - 1 ? $0.element : $0.element + "," }
    }

    /// A stroke style: a CSS line-style keyword (`.solid`) or dashes with their line cap.
    static func strokeStyle(_ style: StrokeStyleValue) -> String {
        switch style.form {
        case .keyword(let keyword): "." + keyword.rawValue
        case .dashes(let dashes, let cap): ".dashes([" + dashes.map(dimension).joined(separator: ", ") + "], lineCap: .\(cap.rawValue))"
        }
    }

    /// A dimension: points (an Apple point is a CSS pixel) or rem.
    static func dimension(_ dimension: DimensionValue) -> String {
        "TokenDimension(\(SwiftNamer.literal(dimension.value)), .\(dimension.unit == .rem ? "rem" : "points"))"
    }

    /// `label` and the mode's own name of each built-in appearance, by its index in `Appearance.builtIn`, as
    /// literals the color texts are appended from (a test holds them to `label` and `Appearance.builtIn`).
    static let builtInLabels: [StaticString] = ["light", "dark", "lightHighContrast", "darkHighContrast"]
    static let builtInModes: [StaticString] = ["light", "dark", "light-high-contrast", "dark-high-contrast"]

    /// The Swift argument label of a built-in appearance.
    static func label(_ mode: String) -> String? {
        switch mode {
        case Appearance.light: "light"
        case Appearance.dark: "dark"
        case Appearance.lightHighContrast: "lightHighContrast"
        case Appearance.darkHighContrast: "darkHighContrast"
        default: nil
        }
    }

    /// Whether `themeColor` makes a value of these colors: one is a system color, or the first color of a
    /// built-in appearance is the light one.
    static func makesThemeColor(_ modes: some Sequence<(String, ColorValue?)>) -> Bool {
        var first: Int?
        for (mode, parsed) in modes {
            guard let appearance = Appearance.builtInIndex(mode), let parsed else { continue }
            if case .system = parsed { return true }
            if first == nil { first = appearance }
        }
        return first == 0
    }

    /// A `ThemeColor` of parsed colors per mode (a color token's colors are parsed once, at resolution).
    func themeColor(_ modes: some Collection<(String, ColorValue?)>) -> Value? {
        // Each mode's built-in appearance is looked up once (a custom mode has none and is left out); a
        // referenced system color, if any, makes the whole value.
        var colors: [(appearance: Int, color: Color)] = []
        colors.reserveCapacity(modes.count)
        var system: SystemColor?
        // Custom modes (brand themes), in the token's order: rare, so made only when met.
        var themes: [(name: String, color: Color)] = []
        for (mode, parsed) in modes {
            guard let parsed else { continue }
            guard let appearance = Appearance.builtInIndex(mode) else {
                // A system color in a theme's own appearance (`forest-dark`) is its value in that appearance.
                themes.append((mode, parsed.color(in: Appearance.combination(mode)?.appearance ?? Appearance.light)))
                continue
            }
            switch parsed {
            case .system(let referenced): system = referenced
            case .color(let color): colors.append((appearance, color))
            }
        }
        if let system {
            // Referenced system colors carry all four documented values, and their name for the native API.
            var arguments = Appearance.builtIn.map { "\(Self.label($0)!): \(tokenColor(system.value(for: $0)))," }
                + ["systemName: \(SwiftNamer.string(system.name))"]
            var doc = ["The system color `\(system.name)`; these are its documented values."]
            if !themes.isEmpty { appendThemes(themes, to: &arguments, doc: &doc) }
            return Value(constructor: "ThemeColor", arguments: arguments, type: nil, doc: doc)
        }
        // `makesThemeColor`: the first built-in appearance with a color must be the light one.
        guard let first = colors.first, first.appearance == 0 else { return nil }
        // One appearance per line, so a reviewer sees each value at a glance; commas between them.
        var arguments: [String] = []
        var doc: [String] = []
        arguments.reserveCapacity(colors.count)
        doc.reserveCapacity(colors.count)
        for (i, entry) in colors.enumerated() {
            let text = formatted(entry.color, appearance: entry.appearance)
            arguments.append(i == colors.count - 1 ? text.argument : text.argumentWithComma)
            doc.append(text.doc)
        }
        if !themes.isEmpty { appendThemes(themes, to: &arguments, doc: &doc) }
        return Value(constructor: "ThemeColor", arguments: arguments, type: nil, doc: doc)
    }

    /// The `themes:` argument, a line per custom mode, and a doc line each (`- ocean: #hex`).
    func appendThemes(_ themes: [(name: String, color: Color)], to arguments: inout [String], doc: inout [String]) {
        if let last = arguments.last, !last.hasSuffix(",") { arguments[arguments.count - 1] = last + "," }
        arguments.append("themes: [")
        for (name, color) in themes {
            arguments.append("    \(SwiftNamer.string(name)): \(tokenColor(color)),")
            doc += Self.commentLines("- \(name): `\(color.hex)`" + (color.isInGamut(.srgb) ? "" : " (sRGB fallback of a Display P3 color)"))
        }
        arguments.append("]")
    }

    /// `label: TokenColor(…)` and the doc line `- mode: #hex` of one appearance's color, each formatted once.
    /// Written as bytes and made a `String` once: appending piece by piece to a `String` costs several
    /// times more, and there are tens of thousands of these.
    func formatted(_ color: Color, appearance: Int) -> FormattedColor {
        let key = FormattedTexts.Key(appearance: appearance, color: ColorBits(color))
        let slot = key.slot(among: memo.colors.slots)
        if let known = memo.colors.value(for: key, in: slot) { return known }
        // The memo's scratch bytes, one buffer for every color rather than one allocated per color.
        memo.scratch.removeAll()
        memo.scratch.append(literal: Self.builtInLabels[appearance])
        memo.scratch.append(literal: ": ")
        // Whether the color fits sRGB decides both texts; worked out once.
        let inSRGB = color.isInGamut(.srgb)
        Self.appendTokenColor(color, inSRGB: inSRGB, to: &memo.scratch)
        let argument = memo.scratch.string
        memo.scratch.append(UInt8(ascii: ","))
        let argumentWithComma = memo.scratch.string
        memo.scratch.removeAll()
        memo.scratch.append(literal: "- ")
        memo.scratch.append(literal: Self.builtInModes[appearance])
        memo.scratch.append(literal: ": `")
        color.withHex { memo.scratch.append($0) }
        memo.scratch.append(UInt8(ascii: "`"))
        if !inSRGB { memo.scratch.append(literal: " (sRGB fallback of a Display P3 color)") }
        let text = FormattedColor(argument: argument, argumentWithComma: argumentWithComma, doc: memo.scratch.string)
        // Bounded: the colors aliases repeat are met again soon, and an unbounded memo held three strings for
        // every color of a 100,000-token set (19 MB) until the output was done.
        memo.colors.store(text, for: key, in: slot)
        return text
    }

    /// sRGB when the color fits sRGB and was not written as Display P3; Display P3 otherwise (gamut-mapped into P3).
    func tokenColor(_ color: Color) -> String {
        var bytes = ByteBuffer(capacity: 96)
        Self.appendTokenColor(color, inSRGB: color.isInGamut(.srgb), to: &bytes)
        return bytes.string
    }

    /// Appends `TokenColor(.sRGB, …)` or `TokenColor(.displayP3, …)` (see `tokenColor`); `inSRGB` is
    /// `color.isInGamut(.srgb)`.
    static func appendTokenColor(_ color: Color, inSRGB: Bool, to bytes: inout ByteBuffer) {
        let c: SIMD3<Double>
        let srgb = color.space != .displayP3 && inSRGB
        if srgb {
            c = color.converted(to: .srgb).components
            bytes.append(literal: "TokenColor(.sRGB, ")
        } else {
            c = (color.isInGamut(.displayP3) ? color.converted(to: .displayP3) : color.gamutMapped(to: .displayP3)).components
            bytes.append(literal: "TokenColor(.displayP3, ")
        }
        appendComponent(c.x, srgb: srgb, to: &bytes)
        bytes.append(literal: ", ")
        appendComponent(c.y, srgb: srgb, to: &bytes)
        bytes.append(literal: ", ")
        appendComponent(c.z, srgb: srgb, to: &bytes)
        if color.alpha != 1 {
            bytes.append(literal: ", alpha: ")
            // A short decimal (`0.2`) as it is; an 8-bit alpha that is not one (`#00000026`) as `38 / 255`.
            let literal = SwiftNamer.literal(color.alpha)
            let byte = (color.alpha * 255).rounded()
            if literal.utf8.count > 6, abs(color.alpha * 255 - byte) < 1e-9, byte > 0, byte < 255 {
                bytes.append(decimal: Int(byte))
                bytes.append(literal: " / 255")
            } else {
                bytes.append(literal)
            }
        }
        bytes.append(UInt8(ascii: ")"))
    }

    /// Appends a component as a literal; 8-bit sRGB values are written as `n / 255`, which is exact and readable.
    static func appendComponent(_ value: Double, srgb: Bool, to bytes: inout ByteBuffer) {
        let clamped = min(1, max(0, value))
        let byte = (clamped * 255).rounded()
        if srgb, abs(clamped * 255 - byte) < 1e-9, byte != 0, byte != 255 {
            let n = Int(byte)
            if n >= 100 { bytes.append(UInt8(48 + n / 100)) }
            if n >= 10 { bytes.append(UInt8(48 + n / 10 % 10)) }
            bytes.append(UInt8(48 + n % 10))
            bytes.append(literal: " / 255")
            return
        }
        bytes.append(SwiftNamer.literal((clamped * 1e9).rounded() / 1e9))
    }
}

/// Formatted colors by key, each in its key's slot (see `FormattedTexts.colors`), kept as `SharedColorsMemo`
/// keeps its values.
struct FormattedColorSlots {
    private var keys: [SwiftContextBuilder.FormattedTexts.Key?]
    private var texts: [SwiftContextBuilder.FormattedColor?]

    /// How many slots there are (a power of two, so a slot is picked with a mask).
    var slots: Int { keys.count }

    /// Creates empty slots; `slots` must be a power of two.
    init(slots: Int) {
        precondition(slots > 0 && slots & (slots - 1) == 0, "a power of two")
        keys = Array(repeating: nil, count: slots)
        texts = Array(repeating: nil, count: slots)
    }

    /// The texts kept for `key`, if its slot still holds them.
    func value(for key: SwiftContextBuilder.FormattedTexts.Key, in slot: Int) -> SwiftContextBuilder.FormattedColor? {
        keys[slot] == key ? texts[slot] : nil
    }

    /// Keeps `text` for `key` in `slot`, replacing what the slot held.
    mutating func store(_ text: SwiftContextBuilder.FormattedColor, for key: SwiftContextBuilder.FormattedTexts.Key, in slot: Int) {
        keys[slot] = key
        texts[slot] = text
    }
}
