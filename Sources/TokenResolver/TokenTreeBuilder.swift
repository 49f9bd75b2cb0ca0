import Dispatch
import TokenModel

/// Builds the token tree from loaded files: groups, tokens, inherited types, `$extends`, name rules, duplicates.
/// Each file is read on its own (`read`, side by side for many files); `build` joins them in file order.
public struct TokenTreeBuilder: Sendable {
    /// Creates a tree builder.
    public init() {}

    /// One file's groups and tokens as read alone: what only the join can check (duplicates across
    /// files, `$extends`) waits for `build`.
    public struct FileTree: Sendable {
        /// Sorted by path, stably: the join merges these runs (`SortedRuns`).
        fileprivate var tokens: [Token] = []
        /// The tokens' paths, in the same order (the join takes them without touching each token).
        fileprivate var paths: [String] = []
        fileprivate var groups: [String: (location: SourceLocation, type: TokenType?)] = [:]
        fileprivate var extends: [PendingExtends] = []
        fileprivate var diagnostics: [Diagnostic] = []
        /// Each group's `$description` and `$extensions` by dotted path.
        fileprivate var groupNotes = GroupNotes()

        /// A file with nothing in it.
        public init() {}

        fileprivate init(tokens: [Token] = [], paths: [String] = [],
                         groups: [String: (location: SourceLocation, type: TokenType?)] = [:],
                         extends: [PendingExtends] = [], diagnostics: [Diagnostic], groupNotes: GroupNotes = GroupNotes()) {
            self.tokens = tokens
            self.paths = paths
            self.groups = groups
            self.extends = extends
            self.diagnostics = diagnostics
            self.groupNotes = groupNotes
        }
    }

    /// Reads one file's groups and tokens.
    public func read(_ file: LoadedFile) -> FileTree {
        var walk = TreeWalk()
        guard let root = file.root else { return FileTree() }
        guard let entries = root.mappingEntries else {
            if root.scalar != .null {
                walk.error(.tokenInvalidValue, "a token file must be a mapping of groups and tokens, not \(root.kindDescription)",
                           at: root.location, fix: "start the file with a group name followed by `:`")
            }
            return FileTree(diagnostics: walk.diagnostics)
        }
        walk.group(entries, at: root.location, path: nil, inheritedType: nil, isRoot: true)
        // Sorted here, on the file's own thread, so the join only merges sorted runs. The sort is stable:
        // a path written twice stays in the order it was written.
        let (tokens, paths) = TreeWalk.sortedByPath(walk.tokens)
        return FileTree(tokens: tokens, paths: paths, groups: walk.groups, extends: walk.extends, diagnostics: walk.diagnostics,
                        groupNotes: walk.groupNotes)
    }

    /// What a token moved into the joined list leaves in its file's list (nothing in it to retain).
    private static let movedOut = Token(path: "", type: nil, location: SourceLocation(fileID: 0, line: 0, column: 0),
                                        value: Node(.scalar(.null, text: ""), at: SourceLocation(fileID: 0, line: 0, column: 0)),
                                        modes: [], details: nil)

    /// Reads every file into one list of tokens sorted by path, with the diagnostics found on the way; `lastWins` as
    /// for joining trees.
    public func build(_ files: [LoadedFile], lastWins: Bool = false) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        build(files.map(read), lastWins: lastWins)
    }

    /// Each group's `$description` and `$extensions` by dotted path; where files describe one group, the first
    /// file's (as the join keeps a path's first token).
    public static func groupNotes(_ trees: [FileTree]) -> GroupNotes {
        trees.reduce(into: GroupNotes()) { all, tree in all.merge(tree.groupNotes) }
    }

    /// Joins files read alone, in order: a path defined again is a duplicate of its first definition (with
    /// `lastWins`, the sources of a resolver document: the later definition overrides the earlier, Resolver Module
    /// 2025.10 "Conflict resolution", and notes what it overrode), a group's first place counts, then `$extends`
    /// is applied; the tokens come back sorted by path.
    public func build(_ trees: consuming [FileTree], lastWins: Bool = false) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        var trees = trees
        var walk = TreeWalk()
        // Paths and positions only: a token is moved once, into the result (it is large to copy). The paths
        // are moved out of the files too (taking a copy retained each, a cache miss per token at scale).
        let count = trees.reduce(0) { $0 + $1.tokens.count }
        var positions: [(file: Int32, index: Int32)] = []
        positions.reserveCapacity(count)
        walk.groups.reserveCapacity(trees.reduce(0) { $0 + $1.groups.count })
        // Each file's positions are one sorted run.
        var runs: [Range<Int>] = []
        for file in trees.indices {
            runs.append(positions.count..<positions.count + trees[file].tokens.count)
            walk.diagnostics += trees[file].diagnostics
            for (path, group) in trees[file].groups where walk.groups[path] == nil { walk.groups[path] = group }
            walk.extends += trees[file].extends
            for index in trees[file].tokens.indices { positions.append((Int32(file), Int32(index))) }
        }
        let paths = Self.movedPaths(from: &trees, count: count)
        // Each file's tokens are a sorted run, merged here; among equal paths the earlier file (then the
        // earlier line) comes first, and that first definition is the one kept. Each kept token's place in
        // the result is noted by file, for the move below.
        var places = trees.map { [Int32](repeating: -1, count: $0.tokens.count) }
        var kept = 0
        var keptPosition = -1
        // With `lastWins`: the definitions each kept token overrides, by its place in the result.
        var overridden: [Int32: [SourceLocation]] = [:]
        for k in SortedRuns.merged(paths, runs: runs) {
            let (file, index) = (Int(positions[k].file), Int(positions[k].index))
            if lastWins, keptPosition >= 0, paths[k] == paths[keptPosition] {
                // Ties come in file order: this later definition takes the earlier one's place.
                let (earlierFile, earlierIndex) = (Int(positions[keptPosition].file), Int(positions[keptPosition].index))
                let place = places[earlierFile][earlierIndex]
                overridden[place, default: []].append(trees[earlierFile].tokens[earlierIndex].location)
                places[earlierFile][earlierIndex] = -1
                places[file][index] = place
                keptPosition = k
            } else if keptPosition >= 0, paths[k] == paths[keptPosition] {
                let token = trees[file].tokens[index]
                let first = trees[Int(positions[keptPosition].file)].tokens[Int(positions[keptPosition].index)]
                walk.error(.tokenDuplicate, "the token `\(token.path)` is defined twice", at: token.location, path: token.path,
                           related: [RelatedLocation(first.location, "first definition of `\(token.path)`")],
                           fix: "remove or rename one of the two definitions")
            } else {
                places[file][index] = Int32(kept)
                kept += 1
                keptPosition = k
            }
        }
        walk.tokens = Self.moved(from: &trees, to: places, count: kept)
        for (place, locations) in overridden { walk.tokens[Int(place)].overrides = locations }
        guard !walk.extends.isEmpty else { return (walk.tokens, walk.diagnostics) }
        walk.tokenIndex.reserveCapacity(walk.tokens.count)
        for index in walk.tokens.indices { walk.tokenIndex[walk.tokens[index].path] = index }
        let written = walk.tokens.count
        walk.applyExtends()
        return (walk.tokens.count == written ? walk.tokens : TreeWalk.sortedByPath(walk.tokens).tokens, walk.diagnostics)
    }

    /// Every file's paths moved into one list, in file order, an empty string left in each place: appending
    /// them one by one (or a copy, which retained each) cost 30 ns a path on the one core the join runs on.
    private static func movedPaths(from trees: inout [FileTree], count: Int) -> [String] {
        [String](unsafeUninitializedCapacity: count) { result, initialized in
            initialized = 0
            for file in trees.indices {
                trees[file].paths.withUnsafeMutableBufferPointer { paths in
                    guard let source = paths.baseAddress, initialized + paths.count <= count else { return }
                    (result.baseAddress! + initialized).moveInitialize(from: source, count: paths.count)
                    source.initialize(repeating: "", count: paths.count)
                    initialized += paths.count
                }
            }
        }
    }

    /// The files' tokens moved into one list, each to its place (`places[file][index]`, -1 for one left where
    /// it is), a file at a time on all cores. A placeholder is left behind: copying retained every field of
    /// every token, and freeing the files' lists released them all again.
    private static func moved(from trees: inout [FileTree], to places: [[Int32]], count: Int) -> [Token] {
        [Token](unsafeUninitializedCapacity: count) { result, initialized in
            trees.withUnsafeMutableBufferPointer { files in
                let shared = JoinBuffers(files: files, result: result)
                DispatchQueue.concurrentPerform(iterations: files.count) { file in
                    // Each job owns one file's list and writes only the places of its tokens.
                    shared.files[file].tokens.withUnsafeMutableBufferPointer { tokens in
                        for index in tokens.indices where places[file][index] >= 0 {
                            (shared.result.baseAddress! + Int(places[file][index])).initialize(to: (tokens.baseAddress! + index).move())
                            (tokens.baseAddress! + index).initialize(to: Self.movedOut)
                        }
                    }
                }
            }
            initialized = count
        }
    }
}

/// The files and the joined list, shared by the jobs of `TokenTreeBuilder.moved`, each of which touches one
/// file and its own places in the list.
private struct JoinBuffers: @unchecked Sendable {
    let files: UnsafeMutableBufferPointer<TokenTreeBuilder.FileTree>
    let result: UnsafeMutableBufferPointer<Token>
}

/// Merges sorted runs of paths, stably, galloping: files usually hold whole groups, so where one run's
/// paths all come before the other's next path they are found by an exponential then a binary search and
/// taken as a block. Sorting all positions of a 100,000-token set, on one core, made the join 95.7 M
/// instructions; merging makes it 80.0 M. Order and ties are a stable sort's.
enum SortedRuns {
    /// The positions `0..<paths.count` ordered by path; `runs` are consecutive, each already sorted.
    static func merged(_ paths: [String], runs: [Range<Int>]) -> [Int] {
        var runs = runs.filter { !$0.isEmpty }.map { Array($0) }
        guard !runs.isEmpty else { return [] }
        // Adjacent runs pairwise, level by level: the left run always holds the earlier files.
        while runs.count > 1 {
            var next: [[Int]] = []
            next.reserveCapacity((runs.count + 1) / 2)
            for pair in stride(from: 0, to: runs.count, by: 2) {
                next.append(pair + 1 < runs.count ? merge(runs[pair], runs[pair + 1], paths) : runs[pair])
            }
            runs = next
        }
        return runs[0]
    }

    /// `left` and `right` merged; on equal paths `left`'s come first.
    static func merge(_ left: [Int], _ right: [Int], _ paths: [String]) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(left.count + right.count)
        var i = 0, j = 0
        while i < left.count, j < right.count {
            if paths[right[j]] < paths[left[i]] {
                // Every right path below the next left one goes first.
                let end = gallop(right, from: j) { paths[$0] < paths[left[i]] }
                out += right[j..<end]
                j = end
            } else {
                // Every left path up to (and equal to) the next right one goes first.
                let end = gallop(left, from: i) { !(paths[right[j]] < paths[$0]) }
                out += left[i..<end]
                i = end
            }
        }
        out += left[i...]
        out += right[j...]
        return out
    }

    /// The first index from `start` whose element fails `holds`, which holds for a prefix of the run and
    /// for `run[start]`: steps of 1, 2, 4, … past it, then a binary search between the last two.
    static func gallop(_ run: [Int], from start: Int, _ holds: (Int) -> Bool) -> Int {
        var low = start + 1, step = 1
        var high = low
        while high < run.count, holds(run[high]) {
            low = high + 1
            step *= 2
            high = start + step
        }
        high = min(high, run.count)
        while low < high {
            let middle = (low + high) / 2
            if holds(run[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// Group-level `$extends` waiting for every file to be read.
/// Which tokens each group holds, for `$extends`: a group's tokens are found by walking its subtree instead of
/// testing every token's path, which made each `$extends` cost the whole set.
private struct GroupTree {
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

private struct PendingExtends {
    var groupPath: String
    var target: String
    var location: SourceLocation
    var type: TokenType?
}

private struct TreeWalk {
    var tokens: [Token] = []
    /// The last box made for a token with nothing but facts, for the next such token to share.
    var sharedFacts: TokenDetails?
    var diagnostics: [Diagnostic] = []
    var tokenIndex: [String: Int] = [:]
    var groups: [String: (location: SourceLocation, type: TokenType?)] = [:]
    var extends: [PendingExtends] = []
    /// How many tokens `$extends` has copied so far.
    var copied = 0
    var groupNotes = GroupNotes()
    /// The custom mode names met so far in this file, each checked once for a misspelt built-in appearance.
    var customModes: Set<String> = []

    mutating func error(_ kind: DiagnosticKind, _ message: String, at location: SourceLocation, path: String? = nil,
                        related: [RelatedLocation] = [], fix: String? = nil)
    {
        diagnostics.append(Diagnostic(kind, severity: .error, message: message, location: location,
                                      path: path, related: related, fix: fix))
    }

    /// Warns, once per file and name, when a custom mode name looks like a misspelt built-in appearance
    /// (`drak`, `Dark`, `darkHighContrast`): it would be carried as a brand theme that falls back to light.
    mutating func checkCustomMode(_ name: String, at location: SourceLocation, path: String) {
        guard customModes.insert(name).inserted, let warning = Appearance.misspeltModeWarning(name, at: location, path: path) else { return }
        diagnostics.append(warning)
    }

    /// Reads a group; `path` is its dotted path, nil for a file's top level. A group's `$type`, facts and
    /// `$deprecated` hold for everything inside it that does not say otherwise.
    mutating func group(_ entries: [MappingEntry], at location: SourceLocation, path: String?,
                        inheritedType: TokenType?, isRoot: Bool, inheritedFacts: TokencFacts = TokencFacts(),
                        inheritedDeprecation: String? = nil)
    {
        // Depth first, in document order, as a recursion would go, with the open groups in a list: nesting is
        // bounded by the loader, but a debug build's frame for a group's entry is kilobytes.
        var open = [openGroup(entries, at: location, path: path, inheritedType: inheritedType, isRoot: isRoot,
                              inheritedFacts: inheritedFacts, inheritedDeprecation: inheritedDeprecation)]
        // The group is taken out of the list and put back, not read in place: passing `open[top]` copied it (its
        // entries, path and facts retained and released again) for every entry read.
        while var group = open.popLast() {
            guard group.next < group.entries.count else { continue }
            let index = group.next
            group.next += 1
            let child = readGroupEntry(index, of: group)
            open.append(consume group)
            if let child { open.append(child) }
        }
    }

    /// A group being read: its entries, the next one to read, and what its tokens inherit.
    struct OpenGroup {
        var entries: [MappingEntry]
        var next = 0
        var path: String?
        var dotted: String
        var type: TokenType?
        var facts: TokencFacts
        var deprecation: String?
        var isRoot: Bool
    }

    /// Reads a group's own properties (`$deprecated`, `$extensions.tokenc`, `$type`) and records the group.
    mutating func openGroup(_ entries: [MappingEntry], at location: SourceLocation, path: String?,
                            inheritedType: TokenType?, isRoot: Bool, inheritedFacts: TokencFacts,
                            inheritedDeprecation: String?) -> OpenGroup
    {
        let dotted = path ?? ""
        var type = inheritedType
        var facts = inheritedFacts
        var deprecation = inheritedDeprecation
        if let deprecatedNode = entries.first(where: { $0.key == "$deprecated" })?.value {
            deprecation = checkDeprecated(deprecatedNode, path: dotted)
        }
        if let tokencNode = entries.first(where: { $0.key == "$extensions" })?.value["tokenc"] {
            readFacts(tokencNode, into: &facts, path: dotted)
        }
        if let typeNode = entries.first(where: { $0.key == "$type" })?.value {
            type = parseType(typeNode, path: dotted) ?? inheritedType
        }
        if groups[dotted] == nil { groups[dotted] = (location, type) }
        return OpenGroup(entries: entries, path: path, dotted: dotted, type: type, facts: facts, deprecation: deprecation, isRoot: isRoot)
    }

    /// Reads entry `index` of group `group`: a property, a token, or a child group, which it opens and returns.
    mutating func readGroupEntry(_ index: Int, of group: OpenGroup) -> OpenGroup? {
        let entries = group.entries, path = group.path, dotted = group.dotted, type = group.type
        let facts = group.facts, deprecation = group.deprecation, isRoot = group.isRoot
        let key = entries[index].key
        if key.utf8.first == UInt8(ascii: "$") {  // one byte read, where `hasPrefix` cost some 100 instructions a key
            switch key {
            case "$type": return nil
            case "$description":
                if let text = entries[index].value.string {
                    if !dotted.isEmpty, groupNotes.descriptions[dotted] == nil { groupNotes.descriptions[dotted] = text }
                } else {
                    error(.tokenInvalidProperty, "`$description` must be a string, not \(entries[index].value.kindDescription)",
                          at: entries[index].value.location, path: dotted)
                }
            case "$deprecated": return nil
            case "$extensions":
                if entries[index].value.mappingEntries == nil {
                    error(.tokenInvalidProperty, "`$extensions` must be a mapping, not \(entries[index].value.kindDescription)",
                          at: entries[index].value.location, path: dotted)
                } else if !dotted.isEmpty {
                    if groupNotes.extensions[dotted] == nil { groupNotes.extensions[dotted] = entries[index].value }
                } else if isRoot && path == nil, let own = entries[index].value["dev.tokenc"]?.mappingEntries {
                    // tokenc's JSON output keeps symbol, accent and icon tokens here so the file stays valid DTCG.
                    return openGroup(own, at: entries[index].value.location, path: path, inheritedType: type, isRoot: false,
                                     inheritedFacts: facts, inheritedDeprecation: deprecation)
                }
            case "$extends":
                if let target = aliasTarget(entries[index].value.string) {
                    extends.append(PendingExtends(groupPath: dotted, target: target, location: entries[index].value.location, type: type))
                } else {
                    error(.tokenInvalidProperty, "`$extends` must name a group as \"{group.path}\"",
                          at: entries[index].value.location, path: dotted, fix: "write `$extends: \"{base.group}\"`")
                }
            case "$root":
                guard let children = entries[index].value.mappingEntries, children.contains(where: { $0.key == "$value" }) else {
                    error(.tokenInvalidName, "`$root` is reserved for a token holding the group's own value",
                          at: entries[index].keyLocation, path: dotted, fix: "give `$root` a `$value`, or rename it")
                    return nil
                }
                token(children, name: "$root", keyLocation: entries[index].keyLocation, path: (path.map { $0 + "." } ?? "") + "$root", inheritedType: type,
                      inheritedFacts: facts, inheritedDeprecation: deprecation)
            case "$schema" where isRoot && path == nil: return nil
            default:
                error(.tokenInvalidName, "`\(key)` is not a DTCG property, and names must not start with `$`",
                      at: entries[index].keyLocation, path: dotted, fix: "rename it without the `$`")
            }
            return nil
        }
        guard checkName(key, at: entries[index].keyLocation, path: dotted) else { return nil }
        let childPath = path.map { String.concatenating($0, ".", key) } ?? key
        guard let children = entries[index].value.mappingEntries else {
            // Style Dictionary's older format writes a token's properties without `$`: `{ value, type, comment }`.
            let legacy = ["value": "$value", "type": "$type", "description": "$description", "comment": "$description"][key]
            let fix = legacy != nil && entries.contains(where: { $0.key == "value" })
                ? "rename `\(key)` to `\(legacy!)`: DTCG writes a token's properties with `$` (Style Dictionary's older format has none)"
                : "write `\(key):` followed by `$value: …` on the next line, indented"
            error(.tokenInvalidValue,
                  "`\(key)` must be a group or a token (a mapping with `$value`), not \(entries[index].value.kindDescription)",
                  at: entries[index].value.location, path: childPath, fix: fix)
            return nil
        }
        if children.contains(where: { $0.key == "$value" || $0.key == "$ref" }) {
            token(children, name: key, keyLocation: entries[index].keyLocation, path: childPath, inheritedType: type,
                  inheritedFacts: facts, inheritedDeprecation: deprecation)
        } else {
            return openGroup(children, at: entries[index].keyLocation, path: childPath, inheritedType: type, isRoot: false,
                             inheritedFacts: facts, inheritedDeprecation: deprecation)
        }
        return nil
    }

    /// Reads a token; its own `$deprecated` (`false` among them) replaces its groups'.
    mutating func token(_ entries: [MappingEntry], name: String, keyLocation: SourceLocation, path dotted: String,
                        inheritedType: TokenType?, inheritedFacts: TokencFacts, inheritedDeprecation: String? = nil)
    {
        var type = inheritedType
        var facts = inheritedFacts
        var value: Node?
        var description: String?
        var deprecation = inheritedDeprecation
        var extensions: Node?
        // Labelled as `Token.modes` is: an unlabelled list was converted, element by element, into a new one.
        var modes: [(name: String, value: Node)] = []
        var reference: MappingEntry?
        /// A `light` entry under `$extensions.mode`, which `$value` already is.
        var lightMode: MappingEntry?
        // Read in place by index: binding each entry copied it (its key and value retained, then released).
        for index in entries.indices {
            switch entries[index].key {
            case "$value": value = entries[index].value
            case "$ref": reference = entries[index]
            case "$type":
                type = parseType(entries[index].value, path: dotted)
                // An unknown `$type` is already reported; leave the token out instead of adding "missing type".
                if type == nil { return }
            case "$description":
                if let text = entries[index].value.string { description = text } else {
                    error(.tokenInvalidProperty, "`$description` must be a string, not \(entries[index].value.kindDescription)",
                          at: entries[index].value.location, path: dotted)
                }
            case "$deprecated": deprecation = checkDeprecated(entries[index].value, path: dotted)
            case "$extensions":
                guard let ext = entries[index].value.mappingEntries else {
                    error(.tokenInvalidProperty, "`$extensions` must be a mapping, not \(entries[index].value.kindDescription)",
                          at: entries[index].value.location, path: dotted)
                    continue
                }
                // Kept for the JSON output, without `mode`: its values are the token's `modes`.
                extensions = !ext.contains(where: { $0.key == "mode" }) ? entries[index].value
                    : ext.count == 1 ? nil
                    : Node(.mapping(ext.filter { $0.key != "mode" }), at: entries[index].value.location, isFlowOrQuoted: entries[index].value.isFlowOrQuoted)
                if let tokencNode = entries[index].value["tokenc"] { readFacts(tokencNode, into: &facts, path: dotted) }
                if let modeNode = ext.first(where: { $0.key == "mode" })?.value {
                    if let modeEntries = modeNode.mappingEntries {
                        for mode in modeEntries {
                            if mode.key == Appearance.light {
                                lightMode = mode
                                continue
                            }
                            modes.append((name: mode.key, value: mode.value))
                            if Appearance.builtInIndex(mode.key) == nil { checkCustomMode(mode.key, at: mode.keyLocation, path: dotted) }
                        }
                    } else {
                        error(.tokenInvalidProperty, "`$extensions.mode` must map mode names to values, not \(modeNode.kindDescription)",
                              at: modeNode.location, path: dotted, fix: "write `mode: { dark: …, dark-high-contrast: … }`")
                    }
                }
            default:
                if entries[index].key.hasPrefix("$") {
                    error(.tokenInvalidProperty, "`\(entries[index].key)` is not a token property",
                          at: entries[index].keyLocation, path: dotted,
                          fix: "tokens take `$value`, `$type`, `$description`, `$deprecated` and `$extensions`; put other data under `$extensions`")
                } else {
                    error(.tokenValueAndChildren, "`\(dotted)` has a `$value`, so it cannot also hold `\(entries[index].key)`",
                          at: entries[index].keyLocation, path: dotted,
                          fix: "move `\(entries[index].key)` into a group of its own, or remove the `$value`")
                }
            }
        }
        if let reference {
            if value != nil {
                error(.tokenInvalidProperty, "`\(dotted)` has both `$value` and `$ref`; a token takes one of them",
                      at: reference.keyLocation, path: dotted, fix: "remove `$ref` or `$value`")
                return
            }
            // `$ref` in place of `$value` is a reference to another token's value.
            value = Node(.mapping([reference]), at: reference.value.location)
        }
        guard let value else { return }
        // `$value` is the light appearance; a different `light` mode would be dropped without a word.
        if let lightMode, let written = lightMode.value.scalarText, let own = value.scalarText, written != own {
            error(.tokenInvalidProperty,
                  "`light` under `$extensions.mode` is `\(written)`, but `$value` is the light appearance and is `\(own)`",
                  at: lightMode.keyLocation, path: dotted, fix: "remove `light` from `mode`, or make `\(written)` the `$value`")
        }
        if value.scalar == .null {
            error(.tokenInvalidValue, "`$value` is empty", at: value.location, path: dotted,
                  fix: "give the token a value")
            return
        }
        // Duplicates are found when the files are joined, in file order.
        // Tokens with only their groups' facts share one box per run of equal facts (a group's tokens come together).
        var details: TokenDetails?
        if description == nil, deprecation == nil, extensions == nil, !facts.isEmpty {
            if let shared = sharedFacts, shared.facts == facts {
                details = shared
            } else {
                details = TokenDetails.make(description: nil, deprecation: nil, extensions: nil, facts: facts)
                sharedFacts = details
            }
        } else {
            details = TokenDetails.make(description: description, deprecation: deprecation, extensions: extensions, facts: facts)
        }
        tokens.append(Token(path: dotted, type: type, location: keyLocation, value: value, modes: modes, details: details))
    }

    /// Tokens sorted by path, stably: sorts positions, then moves each token once (sorting the tokens
    /// themselves would move them at every step).
    static func sortedByPath(_ tokens: consuming [Token]) -> (tokens: [Token], paths: [String]) {
        var sorted = tokens
        var paths = sorted.map(\.path)
        let order = paths.indices.sorted { paths[$0] < paths[$1] }
        // Moved into order where they are (a copy retained every field, and freeing the first list released them).
        sorted.permute(order)
        paths.permute(order)
        return (sorted, paths)
    }

    /// Reads `$extensions.tokenc` over inherited facts: keys given here replace the inherited ones, `ignore` adds.
    mutating func readFacts(_ node: Node, into facts: inout TokencFacts, path: String) {
        guard let entries = node.mappingEntries else {
            error(.tokenInvalidProperty, "`$extensions.tokenc` must be a mapping, not \(node.kindDescription)",
                  at: node.location, path: path)
            return
        }
        for entry in entries {
            let value = entry.value
            switch entry.key {
            case "on":
                guard let items = value.sequenceItems else {
                    // One surface written alone, with or without braces: the fix is the list holding it.
                    let surface = value.string.map { $0.hasPrefix("{") ? $0 : "{\($0)}" }
                    error(.tokenInvalidProperty, "`on` must be a list of surfaces such as [\"{color.background.primary}\"]",
                          at: value.location, path: path, fix: surface.map { "write `on: [\"\($0)\"]`" })
                    continue
                }
                facts.on = []
                for item in items {
                    if let target = aliasTarget(item.string) {
                        facts.on.append(TokenReference(path: target, location: item.location))
                    } else {
                        error(.tokenInvalidProperty, "each surface in `on` must be an alias such as \"{color.background.primary}\"",
                              at: item.location, path: path)
                    }
                }
            case "text", "large-text":
                guard case .scalar(.bool(let flag), _) = value.kind else {
                    error(.tokenInvalidProperty, "`\(entry.key)` must be true or false", at: value.location, path: path)
                    continue
                }
                if entry.key == "text" { facts.text = flag } else { facts.largeText = flag }
            case "role":
                guard let name = value.string, let role = ColorRole(rawValue: name) else {
                    let names = ColorRole.allCases.map(\.rawValue)
                    let suggestion = value.string.flatMap { NearestName.find($0, in: names) }
                    error(.tokenInvalidProperty, "`role` must be one of: " + names.joined(separator: ", "),
                          at: value.location, path: path, fix: suggestion.map { "did you mean `\($0)`?" })
                    continue
                }
                facts.role = role
            case "platforms":
                guard let items = value.sequenceItems else {
                    error(.tokenInvalidProperty, "`platforms` must be a list such as [ios, macos]", at: value.location, path: path)
                    continue
                }
                facts.platforms = []
                for item in items {
                    if let name = item.string, let platform = Platform(rawValue: name) {
                        facts.platforms.append(platform)
                    } else {
                        error(.tokenInvalidProperty,
                              "`\(item.string ?? item.kindDescription)` is not a platform; use " + Platform.allCases.map(\.rawValue).joined(separator: ", "),
                              at: item.location, path: path)
                    }
                }
            case "ignore":
                for item in value.sequenceItems ?? [value] {
                    guard let rule = item["rule"]?.string else {
                        error(.tokenInvalidProperty, "each `ignore` entry needs `rule` and `reason`", at: item.location, path: path,
                              fix: "write `ignore: [{ rule: color/contrast, reason: \"…\" }]`")
                        continue
                    }
                    guard let reason = item["reason"]?.string, !reason.isEmpty else {
                        error(.tokenInvalidProperty, "ignoring `\(rule)` needs a `reason`", at: item.location, path: path,
                              fix: "say why the rule does not apply, so reviewers can judge it")
                        continue
                    }
                    facts.ignore.append(IgnoredRule(rule: rule, reason: reason, location: item.location))
                }
            default:
                let keys = ["on", "text", "large-text", "role", "platforms", "ignore"]
                error(.tokenInvalidProperty, "`\(entry.key)` is not a tokenc fact", at: entry.keyLocation, path: path,
                      fix: NearestName.find(entry.key, in: keys).map { "did you mean `\($0)`?" } ?? "use one of: " + keys.joined(separator: ", "))
            }
        }
    }

    @discardableResult
    mutating func checkDeprecated(_ node: Node, path: String) -> String? {
        switch node.scalar {
        case .bool(true): return ""
        case .bool(false): return nil
        case .string(let text): return text
        default:
            error(.tokenInvalidProperty, "`$deprecated` must be true, false or an explanation, not \(node.kindDescription)",
                  at: node.location, path: path)
            return nil
        }
    }

    mutating func parseType(_ node: Node, path: String) -> TokenType? {
        guard let name = node.string else {
            error(.tokenInvalidProperty, "`$type` must be a type name, not \(node.kindDescription)",
                  at: node.location, path: path)
            return nil
        }
        guard let type = TokenType(rawValue: name) else {
            let names = TokenType.allCases.map(\.rawValue)
            let suggestion = NearestName.find(name, in: names).map { "did you mean `\($0)`?" }
            error(.tokenInvalidProperty, "`\(name)` is not a token type", at: node.location, path: path,
                  fix: suggestion ?? "use one of: " + names.joined(separator: ", "))
            return nil
        }
        return type
    }

    mutating func checkName(_ name: String, at location: SourceLocation, path: String) -> Bool {
        // One pass over the name's bytes (three `contains` over its UTF-8 view walked it three times, slowly).
        let found = name.withContiguousUTF8 { utf8 -> (dot: Bool, open: Bool, close: Bool) in
            var found = (dot: false, open: false, close: false)
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "."): found.dot = true
                case UInt8(ascii: "{"): found.open = true
                case UInt8(ascii: "}"): found.close = true
                default: continue
                }
            }
            return found
        }
        guard found.dot || found.open || found.close else { return true }
        let bad = found.dot ? "`.`" : found.open ? "`{`" : "`}`"
        let full = path.isEmpty ? name : String.concatenating(path, ".", name)
        error(.tokenInvalidName, "the name `\(name)` contains \(bad), which token names must not", at: location,
              path: full, fix: "rename it, e.g. `\(name.map { ".{}".contains($0) ? "-" : String($0) }.joined())`")
        return false
    }

    /// The most tokens `$extends` may copy into one set: a chain of groups each extending the last copies the
    /// whole chain into every link (1,000 links of five tokens made 504,500 tokens and took 11 s), so a file a few
    /// kilobytes long could ask for billions; real themes copy thousands.
    static let maximumCopiedTokens = 200_000

    /// Copies the tokens of each `$extends` target into the extending group, children first, cycles reported.
    /// Copies each extended group into the groups extending it, the groups a copy depends on first: the group it
    /// extends, and every extending group inside that one (whose copy is part of what is copied). A circle of
    /// these — `a` extends `b` extends `a`, or a group extending the group that holds it (groups.md: "Groups MUST
    /// NOT create circular inheritance chains") — is `alias/cycle`, and none of its groups is copied.
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

/// The alias target inside `{…}`, or nil when the string is not a whole-value alias.
func aliasTarget(_ text: String?) -> String? { TokenReference.aliasPath(text) }
