#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SourceData
import TokenModel
import TokenColor

/// Writes `swift/Tokens.swift`: a platform-neutral core of token values, rendered from Templates/swift.
public struct SwiftGenerator: Generator {
    /// `swift`.
    public let id = "swift"
    /// A context and a template run a token, each value formatted as a Swift literal: about three times the CSS
    /// output's time (100,000 tokens: 290 against 90 ms).
    public var relativeCost: Int { 3 }
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
        let context = builder.build(set, rootName: rootName)
        let diagnostics = builder.diagnostics
        // The context's members hold the builder's memo, so the context is left as its last owner.
        _ = consume builder
        return diagnostics.isEmpty ? render(context, set, into: sinks) : ([], diagnostics)
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
                problems.append(Diagnostic.templateSyntax(error, file: templateFiles[path] ?? "Templates/" + path))
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

            /// The key's slot among `slots`: the color's folded bits with the appearance mixed in, the high bits taken.
            func slot(among slots: Int) -> Int {
                let folded = color.folded ^ UInt64(appearance) &* 0x27D4_EB2F_1656_67C5
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
        /// The bytes a color's texts are written into before they become strings (`formatted`).
        private var scratch = ByteBuffer(capacity: 128)

        /// Calls `body` with the scratch buffer, borrowed for the whole call.
        func withScratch<Result>(_ body: (inout ByteBuffer) -> Result) -> Result { body(&scratch) }

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
        /// `light: TokenColor(…)` (every argument but the last is followed by a comma where it is written).
        var argument: String
        /// `- light: `#rrggbb``.
        var doc: String
    }

    /// A token of a group and its member name. A struct, not a tuple: a list of tuples is destroyed through the
    /// runtime's generic tuple functions, one call per element.
    struct Member {
        let token: ResolvedToken
        let swiftName: String
    }

    /// A group as `build` gathers it, on one thread.
    final class GroupNode {
        var path: [String]
        var description: String?
        /// The tokens and their member names, in path order.
        var members: [Member] = []
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
        // The system colors referenced, gathered in the same walk: a large set's tokens have left the processor's
        // cache by the end of it, and a walk of its own read each one from memory again.
        var systemNames: Set<String> = []
        for (position, token) in set.tokens.enumerated() {
            collectSystemNames(of: token, into: &systemNames)
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
            node.members.append(Member(token: token, swiftName: memberName(leaf == "$root" ? "root" : leaf)))
        }
        if !set.groups.descriptions.isEmpty { Self.describe(root, from: set.groups.descriptions) }
        let context = convert(root)
        return SwiftFileContext(source: set.tokens.first.map { Self.folder(of: $0.token.location.file) } ?? "tokens",
                                rootName: SwiftNamer.type(rootName), members: SwiftMembers(entries: root.members, values: self),
                                groups: context.groups, systemColors: systemColors(named: systemNames))
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
}

/// Formatted colors by key, each in its key's slot (see `FormattedTexts.colors`), kept as `SharedColorsMemo`
/// keeps its values.
struct FormattedColorSlots {
    private var keys: [SwiftContextBuilder.FormattedTexts.Key?]
    private var texts: [SwiftContextBuilder.FormattedColor?]

    /// Creates empty slots; `slots` must be a power of two.
    init(slots: Int) {
        precondition(slots > 0 && slots & (slots - 1) == 0, "a power of two")
        keys = Array(repeating: nil, count: slots)
        texts = Array(repeating: nil, count: slots)
    }

    /// The texts kept for `key`, if its slot still holds them.
    func value(for key: SwiftContextBuilder.FormattedTexts.Key) -> SwiftContextBuilder.FormattedColor? {
        let slot = key.slot(among: keys.count)
        return keys[slot] == key ? texts[slot] : nil
    }

    /// Keeps `text` for `key` in its slot, replacing what the slot held.
    mutating func store(_ text: SwiftContextBuilder.FormattedColor, for key: SwiftContextBuilder.FormattedTexts.Key) {
        let slot = key.slot(among: keys.count)
        keys[slot] = key
        texts[slot] = text
    }
}
