import TokenModel
import TokenColor

/// One side of a comparison: a token set as built, its findings and its contrast matrix.
public struct DiffSide: Sendable {
    /// What the side is (`main`, `Tokens/`), for headings.
    public var label: String
    /// The resolved tokens.
    public var tokens: ResolvedTokenSet
    /// Every finding the build reported.
    public var diagnostics: [Diagnostic]
    /// The declared contrast pairs, measured.
    public var contrast: [ContrastCell]

    /// Creates a side.
    public init(label: String, tokens: ResolvedTokenSet, diagnostics: [Diagnostic], contrast: [ContrastCell]) {
        self.label = label
        self.tokens = tokens
        self.diagnostics = diagnostics
        self.contrast = contrast
    }
}

/// What changed between two builds of a token set, for design review (`tokenc diff`).
public struct TokenSetDiff: Sendable {
    /// A token present on one side only.
    public struct Entry: Sendable, Equatable {
        /// The dotted path.
        public var path: String
        /// The type.
        public var type: String
        /// The value in each appearance, as text.
        public var values: [ModeValue]
    }

    /// A value in one appearance: its text and, for colors, the sRGB hex a screen shows.
    public struct ModeValue: Sendable, Equatable {
        /// The appearance.
        public var mode: String
        /// The value as written after resolution (`#0b5fc2`, `16px`, `{…}` for composites).
        public var text: String
        /// For colors: `#rrggbb` as shown on sRGB screens.
        public var hex: String?
    }

    /// A token whose path changed while its type and values stayed the same.
    public struct Rename: Sendable, Equatable {
        /// The old path.
        public var from: String
        /// The new path.
        public var to: String
        /// The type.
        public var type: String
    }

    /// A token on both sides whose type, values, deprecation or description differ.
    public struct Change: Sendable, Equatable {
        /// The dotted path.
        public var path: String
        /// The old type, when it changed.
        public var oldType: String?
        /// The type now.
        public var type: String
        /// The appearances whose value changed.
        public var modes: [ModeChange]
        /// When the token was deprecated, or no longer is, or its explanation changed: `$deprecated` before and
        /// after, each nil when not deprecated, else the explanation (empty for `true`).
        public var deprecation: TextChange? = nil
        /// When the token's `$description` was added, removed or rewritten: before and after (nil: none).
        public var tokenDescription: TextChange? = nil
        /// When whether the token's value differs between its modes (beyond its colors) changed, which makes its
        /// Swift constant a `TokenModes` or a plain value: whether it differed before.
        public var differedByModeBefore: Bool? = nil
        /// The token's own `$extensions` (its modes aside) that changed, key by key (`tokenc.role`): what tokenc's
        /// rules know about it, and other tools' data.
        public var extensions: [PartChange] = []
    }

    /// A group whose `$description` or `$extensions` changed (a group on one side only counts when it says something).
    public struct GroupChange: Sendable, Equatable {
        /// The group's dotted path.
        public var path: String
        /// Its `$description` before and after, when it changed.
        public var description: TextChange?
        /// Its `$extensions` that changed, key by key (`tokenc.platforms`).
        public var extensions: [PartChange]
    }

    /// A text field of a token on each side, such as `$description`; nil where that side has none.
    public struct TextChange: Sendable, Equatable {
        /// Before.
        public var old: String?
        /// After.
        public var new: String?
    }

    /// One appearance of a changed token.
    public struct ModeChange: Sendable, Equatable {
        /// The appearance.
        public var mode: String
        /// The old value (nil: the appearance is new).
        public var old: ModeValue?
        /// The new value (nil: the appearance was removed).
        public var new: ModeValue?
        /// For colors on both sides: CIEDE2000 between old and new.
        public var deltaE2000: Double?
        /// For a composite (typography, shadow, border …) that kept some of its parts: the parts that changed,
        /// so a reviewer reads `lineHeight: 1.29 → 1.4` rather than two whole values; empty otherwise.
        public var parts: [PartChange] = []
    }

    /// One part of a composite value that changed: `lineHeight`, or `[1].blur` for a list's second item.
    public struct PartChange: Sendable, Equatable {
        /// The part's key, with the item's index first for a list of composites.
        public var key: String
        /// The old part as text (nil: the part is new).
        public var old: String?
        /// The new part as text (nil: the part was removed).
        public var new: String?
    }

    /// A declared contrast pair whose ratio changed in one appearance.
    public struct ContrastChange: Sendable, Equatable {
        /// The pair and appearance.
        public var foreground: String, surface: String, mode: String
        /// The ratio before and after (nil: the pair did not exist on that side).
        public var oldRatio: Double?, newRatio: Double?
        /// The minimum now (or before, when the pair is gone).
        public var minimum: Double
        /// Whether the pair passed before and passes now.
        public var oldPasses: Bool?, newPasses: Bool?
        /// The colors now (or before), for swatches.
        public var foregroundHex: String, surfaceHex: String
    }

    /// The sides' labels.
    public var base: String, head: String
    /// Tokens only in head, only in base, renamed, and changed.
    public var added: [Entry], removed: [Entry], renamed: [Rename], changed: [Change]
    /// Contrast pairs whose ratio moved by at least 0.01, or that appeared or disappeared.
    public var contrast: [ContrastChange]
    /// Groups whose description or extensions changed, by path.
    public var groups: [GroupChange] = []
    /// Findings head has and base had not, and the other way round (compared by rule, path and message).
    public var introduced: [Diagnostic], fixed: [Diagnostic]

    /// Names generated code exposes that the change removes or renames, or whose type changes: each breaks code using it.
    public var breaking: [String] { breakingChanges.map { $0.text { "`\($0)`" } } }

    /// The breaking changes, each with the names it is about kept apart from its words (for reports that must
    /// escape the names: a name can hold a backtick).
    public var breakingChanges: [BreakingChange] {
        removed.map { .removed($0.path) } + renamed.map { .renamed(from: $0.from, to: $0.to) }
            + changed.compactMap { change in change.oldType.map { .typeChanged(change.path, from: $0, to: change.type) } }
            + changed.compactMap { change in
                guard change.oldType == nil, let before = change.differedByModeBefore else { return nil }
                return before ? .noLongerByMode(change.path) : .nowByMode(change.path)
            }
    }

    /// Whether anything differs.
    public var isEmpty: Bool {
        added.isEmpty && removed.isEmpty && renamed.isEmpty && changed.isEmpty && contrast.isEmpty && groups.isEmpty
            && introduced.isEmpty && fixed.isEmpty
    }

    /// Compares base with head.
    public static func compare(base: DiffSide, head: DiffSide) -> TokenSetDiff {
        let old = Dictionary(base.tokens.tokens.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(head.tokens.tokens.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var added = head.tokens.tokens.filter { old[$0.path] == nil }.map(entry)
        var removed = base.tokens.tokens.filter { new[$0.path] == nil }.map(entry)
        // A rename: a removed token whose type and values equal exactly one added token's, and no other removed token's.
        var renamed: [Rename] = []
        let addedBySignature = Dictionary(grouping: added, by: signature)
        let removedBySignature = Dictionary(grouping: removed, by: signature)
        for gone in removed {
            let key = signature(gone)
            guard let candidates = addedBySignature[key], candidates.count == 1, removedBySignature[key]?.count == 1 else { continue }
            renamed.append(Rename(from: gone.path, to: candidates[0].path, type: gone.type))
        }
        let renamedFrom = Set(renamed.map(\.from)), renamedTo = Set(renamed.map(\.to))
        removed.removeAll { renamedFrom.contains($0.path) }
        added.removeAll { renamedTo.contains($0.path) }

        var changed: [Change] = []
        for token in head.tokens.tokens {
            guard let before = old[token.path], !Self.isWrittenTheSame(before, token) else { continue }
            let oldValues = entry(before).values, newValues = entry(token).values
            // Both sides' modes, base's order first. Entries are in the order of the tokens' values, so an
            // entry's index is its value's.
            let (modes, oldIndex, newIndex) = keyedUnion(oldValues, newValues) { $0.mode }
            var modeChanges: [ModeChange] = []
            for mode in modes {
                let x = oldIndex[mode], y = newIndex[mode]
                let a = x.map { oldValues[$0] }, b = y.map { newValues[$0] }
                guard a != b else { continue }
                var deltaE: Double?
                // Both sides' colors were parsed when they were resolved.
                if let x, let y, !before.colors.isEmpty, !token.colors.isEmpty, let p = before.colors[x], let q = token.colors[y] {
                    deltaE = p.color(in: mode).deltaE2000(q.color(in: mode))
                }
                var change = ModeChange(mode: mode, old: a, new: b, deltaE2000: deltaE)
                // A color is one value whatever it is written as: its ΔE says the change, not its object's fields.
                if let x, let y, deltaE == nil {
                    change.parts = Self.changedParts(before.values[x].plain, token.values[y].plain)
                }
                modeChanges.append(change)
            }
            let typeChanged = before.type != token.type
            let deprecation = before.deprecation == token.deprecation ? nil : TextChange(old: before.deprecation, new: token.deprecation)
            let description = before.token.description == token.token.description
                ? nil : TextChange(old: before.token.description, new: token.token.description)
            let modality = before.differsByMode == token.differsByMode ? nil : before.differsByMode
            let extensions = changedLeaves(before.token.extensions, token.token.extensions)
            if typeChanged || !modeChanges.isEmpty || deprecation != nil || description != nil || !extensions.isEmpty {
                changed.append(Change(path: token.path, oldType: typeChanged ? before.type.rawValue : nil, type: token.type.rawValue,
                                      modes: modeChanges, deprecation: deprecation, tokenDescription: description,
                                      differedByModeBefore: modality, extensions: extensions))
            }
        }

        var groups: [GroupChange] = []
        let baseGroups = base.tokens.groups, headGroups = head.tokens.groups
        let groupPaths = Set(baseGroups.descriptions.keys).union(baseGroups.extensions.keys)
            .union(headGroups.descriptions.keys).union(headGroups.extensions.keys)
        for path in groupPaths.sorted() {
            let old = baseGroups.descriptions[path], new = headGroups.descriptions[path]
            let extensions = changedLeaves(baseGroups.extensions[path], headGroups.extensions[path])
            guard old != new || !extensions.isEmpty else { continue }
            groups.append(GroupChange(path: path, description: old == new ? nil : TextChange(old: old, new: new), extensions: extensions))
        }

        var contrast: [ContrastChange] = []
        // Base cells are keyed by their tokens' new names, so a rename does not read as a pair removed and another added.
        let newName = Dictionary(renamed.map { ($0.from, $0.to) }, uniquingKeysWith: { first, _ in first })
        // Keyed by the three names themselves: a key joined into one string was an allocation or three per cell, a
        // fifth of a 100,000-token diff, whose every color is on a declared surface.
        func key(_ cell: ContrastCell) -> CellKey { CellKey(foreground: cell.foreground, surface: cell.surface, mode: cell.mode) }
        func renamedKey(_ cell: ContrastCell) -> CellKey {
            if newName.isEmpty { return key(cell) }
            return CellKey(foreground: newName[cell.foreground] ?? cell.foreground, surface: newName[cell.surface] ?? cell.surface, mode: cell.mode)
        }
        // Each key's first cell, by index (written last to first, so the first stays): a cell is a dozen fields.
        var oldCells: [CellKey: Int] = [:], newKeys = Set<CellKey>()
        oldCells.reserveCapacity(base.contrast.count)
        newKeys.reserveCapacity(head.contrast.count)
        for i in base.contrast.indices.reversed() { oldCells[renamedKey(base.contrast[i])] = i }
        for cell in head.contrast { newKeys.insert(key(cell)) }
        for cell in head.contrast {
            let before = oldCells[key(cell)].map { base.contrast[$0] }
            guard before == nil || abs(before!.ratio - cell.ratio) >= 0.005 || before!.passes != cell.passes else { continue }
            contrast.append(ContrastChange(foreground: cell.foreground, surface: cell.surface, mode: cell.mode, oldRatio: before?.ratio,
                                           newRatio: cell.ratio, minimum: cell.minimum, oldPasses: before?.passes, newPasses: cell.passes,
                                           foregroundHex: cell.foregroundHex, surfaceHex: cell.surfaceHex))
        }
        for cell in base.contrast where !newKeys.contains(renamedKey(cell)) {
            contrast.append(ContrastChange(foreground: cell.foreground, surface: cell.surface, mode: cell.mode, oldRatio: cell.ratio,
                                           newRatio: nil, minimum: cell.minimum, oldPasses: cell.passes, newPasses: nil,
                                           foregroundHex: cell.foregroundHex, surfaceHex: cell.surfaceHex))
        }

        func findingKey(_ d: Diagnostic) -> String { d.id + "\u{0}" + (d.path ?? "") + "\u{0}" + d.message }
        let oldFindings = Set(base.diagnostics.map(findingKey)), newFindings = Set(head.diagnostics.map(findingKey))
        return TokenSetDiff(base: base.label, head: head.label, added: added, removed: removed, renamed: renamed, changed: changed,
                         contrast: contrast, groups: groups,
                         introduced: head.diagnostics.filter { !oldFindings.contains(findingKey($0)) },
                         fixed: base.diagnostics.filter { !newFindings.contains(findingKey($0)) })
    }

    /// A contrast cell's identity: its pair and appearance.
    struct CellKey: Hashable {
        var foreground: String, surface: String, mode: String
    }

    /// Whether a token on both sides has the same type, modes, values as written, deprecation, description and
    /// `$extensions`: nothing of it can differ, so its values are not written out as text to be compared. Most
    /// tokens of a review are unchanged; comparing their texts was most of a 100,000-token `diff`.
    static func isWrittenTheSame(_ a: ResolvedToken, _ b: ResolvedToken) -> Bool {
        guard a.type == b.type, a.values.count == b.values.count, a.deprecation == b.deprecation,
              a.token.description == b.token.description else { return false }
        for i in a.values.indices where a.values[i].mode != b.values[i].mode || !a.values[i].hasSameText(as: b.values[i]) {
            return false
        }
        switch (a.token.extensions, b.token.extensions) {
        case (nil, nil): return true
        case (let x?, let y?): return x.hasSameText(as: y)
        default: return false
        }
    }

    static func signature(_ entry: Entry) -> String {
        entry.type + "\u{0}" + entry.values.map { $0.mode + "=" + $0.text }.joined(separator: "\u{0}")
    }

    static func entry(_ token: ResolvedToken) -> Entry {
        Entry(path: token.path, type: token.type.rawValue, values: token.values.indices.map { i in
            let mode = token.values[i].mode
            let hex = token.colors.isEmpty ? nil : token.colors[i].map { $0.color(in: mode).hex }
            // A DTCG color object reads as the CSS color it is, not as `{colorSpace: …, components: […]}`.
            let written = hex == nil ? nil : token.values[i].colorObjectText
            return ModeValue(mode: mode, text: written ?? token.values[i].text, hex: hex)
        })
    }

    /// The parts two composite values differ in, when they kept at least one part: two mappings key by key, two
    /// lists of as many mappings item by item; empty for anything else, whose whole values say the change.
    static func changedParts(_ old: PlainValue, _ new: PlainValue) -> [PartChange] {
        var parts: [PartChange] = [], kept = 0
        func compare(_ a: [PlainEntry], _ b: [PlainEntry], prefix: String) {
            let (keys, oldIndex, newIndex) = keyedUnion(a, b) { $0.key }
            for key in keys {
                let x = oldIndex[key].map { a[$0].value.text }, y = newIndex[key].map { b[$0].value.text }
                if x == y { kept += 1 } else { parts.append(PartChange(key: prefix + key, old: x, new: y)) }
            }
        }
        switch (old, new) {
        case (.object(let a), .object(let b)):
            compare(a, b, prefix: "")
        case (.list(let a), .list(let b)) where a.count == b.count:
            for i in a.indices {
                guard let x = a[i].entries, let y = b[i].entries else { return [] }
                compare(x, y, prefix: "[\(i)].")
            }
        default:
            return []
        }
        return kept > 0 ? parts : []
    }

    /// The keys of two lists (a mapping's entries, a token's modes), `a`'s in order then those only `b` has, and
    /// each side's first index by key: linear, however many entries a hostile file gives one mapping or token.
    static func keyedUnion<Element>(_ a: [Element], _ b: [Element], key: (Element) -> String)
        -> (keys: [String], old: [String: Int], new: [String: Int])
    {
        let old = Dictionary(a.indices.map { (key(a[$0]), $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(b.indices.map { (key(b[$0]), $0) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<String>(), keys: [String] = []
        for element in a + b where seen.insert(key(element)).inserted { keys.append(key(element)) }
        return (keys, old, new)
    }

    /// Where two `$extensions` mappings differ, key by key down through nested mappings (`tokenc.role`), each
    /// side's part as text; a list or scalar is one part. Either side may be missing.
    static func changedLeaves(_ old: PlainValue?, _ new: PlainValue?, prefix: String = "") -> [PartChange] {
        if let a = old?.entries, let b = new?.entries {
            var parts: [PartChange] = []
            let (keys, x, y) = keyedUnion(a, b) { $0.key }
            for key in keys { parts += changedLeaves(x[key].map { a[$0].value }, y[key].map { b[$0].value }, prefix: prefix + key + ".") }
            return parts
        }
        if old == nil && new == nil { return [] }
        if let old, let new, old.hasSameValue(as: new) { return [] }
        // A whole mapping on one side only reads as its keys, like a changed one.
        if old == nil || new == nil, let entries = (old ?? new)?.entries {
            return entries.flatMap { entry in
                changedLeaves(old == nil ? nil : entry.value, new == nil ? nil : entry.value, prefix: prefix + entry.key + ".")
            }
        }
        return [PartChange(key: String(prefix.dropLast()), old: old?.text, new: new?.text)]
    }
}

/// A change that breaks code using the generated names.
public enum BreakingChange: Sendable, Equatable {
    case removed(String)
    case renamed(from: String, to: String)
    case typeChanged(String, from: String, to: String)
    case noLongerByMode(String)
    case nowByMode(String)

    /// The sentence, with each name and type written by `name` (a code span in Markdown or HTML).
    public func text(_ name: (String) -> String) -> String {
        switch self {
        case .removed(let path): "\(name(path)) is removed"
        case .renamed(let from, let to): "\(name(from)) is renamed to \(name(to))"
        case .typeChanged(let path, let from, let to): "\(name(path)) changes type from \(name(from)) to \(name(to))"
        case .noLongerByMode(let path): "\(name(path)) no longer differs by mode: its Swift constant becomes a plain value"
        case .nowByMode(let path): "\(name(path)) now differs by mode: its Swift constant becomes a TokenModes"
        }
    }
}
