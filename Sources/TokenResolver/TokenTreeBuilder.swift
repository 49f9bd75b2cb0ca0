import SourceData
import SourceTree
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
        public fileprivate(set) var paths: [String] = []
        fileprivate var groups: [String: (location: SourceLocation, type: TokenType?)] = [:]
        fileprivate var extends: [PendingExtends] = []
        fileprivate var diagnostics: [Diagnostic] = []
        /// Each group's `$description` and `$extensions` by dotted path.
        fileprivate var groupNotes = GroupNotes()
        /// The paths of the tokens left out for a `$type` that is not a type (reported once, where it is written):
        /// an alias of one is not reported again as naming nothing, and the summary counts them as read.
        public fileprivate(set) var leftOut: [String] = []

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
        // Taken out of the walk, so the sort finds its list unshared and sorts it in place (passing
        // `walk.tokens` left the walk a reference, and the sort copied every token first).
        let (tokens, paths) = TreeWalk.sortedByPath(walk.takeTokens())
        var tree = FileTree(tokens: tokens, paths: paths, groups: walk.groups, extends: walk.extends, diagnostics: walk.diagnostics,
                            groupNotes: walk.groupNotes)
        tree.leftOut = walk.leftOut
        return tree
    }

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
        var walk = TreeWalk()
        // Paths and positions only: a token is copied once, into the result.
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
        let paths = trees.flatMap(\.paths)
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
        walk.tokens = Self.joined(consume trees, places: places, count: kept)
        for (place, locations) in overridden { walk.tokens[Int(place)].overrides = locations }
        guard !walk.extends.isEmpty else { return (walk.tokens, walk.diagnostics) }
        walk.tokenIndex.reserveCapacity(walk.tokens.count)
        for index in walk.tokens.indices { walk.tokenIndex[walk.tokens[index].path] = index }
        let written = walk.tokens.count
        walk.applyExtends()
        return (walk.tokens.count == written ? walk.tokens : TreeWalk.sortedByPath(walk.takeTokens()).tokens, walk.diagnostics)
    }

    /// The files' kept tokens in one list, each at its place (`places[file][index]`, -1 for one left out),
    /// moved out of the files (each swapped for an empty token). Copied instead, on all cores, every field of
    /// every token was retained, and freeing the files released them all again on one core: the tree stage
    /// took 17–18 ms at 100,000 tokens, with the moves 14–16 ms.
    private static func joined(_ trees: consuming [FileTree], places: [[Int32]], count: Int) -> [Token] {
        var trees = trees
        var sources = [(file: Int32, index: Int32)](repeating: (0, 0), count: count)
        for file in places.indices {
            for (index, place) in places[file].enumerated() where place >= 0 { sources[Int(place)] = (Int32(file), Int32(index)) }
        }
        let location = SourceLocation(fileID: 0, line: 0, column: 0)
        let vacated = Token(path: "", type: nil, location: location, value: Node(.scalar(.null, text: ""), at: location), modes: [], details: nil)
        var tokens: [Token] = []
        tokens.reserveCapacity(count)
        for (file, index) in sources {
            var token = vacated
            swap(&token, &trees[Int(file)].tokens[Int(index)])
            tokens.append(token)
        }
        return tokens
    }
}

/// The alias target inside `{…}`, or nil when the string is not a whole-value alias.
func aliasTarget(_ text: String?) -> String? { TokenReference.aliasPath(text) }
