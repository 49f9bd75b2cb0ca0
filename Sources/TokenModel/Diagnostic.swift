import SourceData
/// How much a finding matters: errors fail `validate` and `build`, warnings fail only with `--strict`.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    case error, warning, info

    private var rank: Int {
        switch self {
        case .error: 2
        case .warning: 1
        case .info: 0
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A second place a diagnostic points at, such as the first definition of a duplicate.
public struct RelatedLocation: Hashable, Sendable {
    /// Where the related place is.
    public var location: SourceLocation
    /// What the related place is, in a few words.
    public var message: String

    /// Creates a related location with its explanation.
    public init(_ location: SourceLocation, _ message: String) {
        self.location = location
        self.message = message
    }
}

/// A measurement attached to a finding (a contrast ratio, a limit, a mode name).
public enum DiagnosticValue: Hashable, Sendable {
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
}

/// One problem found in the user's tokens: a value handed to a collector, never thrown.
public struct Diagnostic: Hashable, Sendable {
    /// The stable rule or check id, such as `token/duplicate` or `yaml/syntax`.
    public var id: String
    /// How much it matters.
    public var severity: Severity
    /// One sentence saying what is wrong and what was expected.
    public var message: String
    /// Where it is; nil only for problems that belong to no file.
    public var location: SourceLocation?
    /// The dotted path of the token concerned, when there is one.
    public var path: String?
    /// Other places that explain the problem.
    public var related: [RelatedLocation]
    /// How to fix it, when tokenc can say.
    public var fix: String?
    /// Measurements behind the finding, keyed by name.
    public var data: [String: DiagnosticValue]
    /// Whether `tokenc migrate` makes the edit that fixes it (found by `validate --format json`, which plans
    /// migrate's edits and checks the finding is gone after them).
    public var machineApplicable = false

    /// Creates a diagnostic of `kind`, at the kind's severity unless `severity` says otherwise.
    public init(
        _ kind: DiagnosticKind,
        severity: Severity? = nil,
        message: String,
        location: SourceLocation?,
        path: String? = nil,
        related: [RelatedLocation] = [],
        fix: String? = nil,
        data: [String: DiagnosticValue] = [:]
    ) {
        self.init(id: kind.id, severity: severity ?? kind.severity, message: message, location: location, path: path,
                  related: related, fix: fix, data: data)
    }

    /// Creates a diagnostic with an id of its own (a reporter's test input); tokenc's stages use a `DiagnosticKind`.
    public init(
        id: String,
        severity: Severity,
        message: String,
        location: SourceLocation?,
        path: String? = nil,
        related: [RelatedLocation] = [],
        fix: String? = nil,
        data: [String: DiagnosticValue] = [:]
    ) {
        self.id = id
        self.severity = severity
        self.message = message
        self.location = location
        self.path = path
        self.related = related
        self.fix = fix
        self.data = data
    }
}

/// Collects diagnostics as a stage runs, so one run reports every problem it can find.
public struct DiagnosticBag: Sendable {
    /// Everything collected so far, in the order it was found.
    public private(set) var all: [Diagnostic] = []
    /// Severities configured in place of a diagnostic's own, by id; a nil severity drops it (a rule turned off).
    private let overrides: [String: Severity?]

    /// Creates an empty bag that gives diagnostics with the ids in `overrides` the severity configured there.
    public init(overrides: [String: Severity?] = [:]) { self.overrides = overrides }

    /// Adds one diagnostic.
    public mutating func add(_ diagnostic: Diagnostic) {
        if overrides.isEmpty { all.append(diagnostic) } else if let kept = overridden(diagnostic) { all.append(kept) }
    }

    /// Adds several diagnostics, moved out of the list when it is the only copy.
    public mutating func add(contentsOf diagnostics: consuming [Diagnostic]) {
        guard !overrides.isEmpty else { return all.appendByMoving(diagnostics) }
        for diagnostic in diagnostics { if let kept = overridden(diagnostic) { all.append(kept) } }
    }

    /// `diagnostic` with its configured severity, or nil when its rule is off.
    private func overridden(_ diagnostic: Diagnostic) -> Diagnostic? {
        guard let override = overrides[diagnostic.id] else { return diagnostic }
        guard let severity = override else { return nil }
        var changed = diagnostic
        changed.severity = severity
        return changed
    }

    /// Everything collected, taken out of the bag (which is left empty), so that the caller holds the only copy.
    public mutating func takeAll() -> [Diagnostic] {
        var taken: [Diagnostic] = []
        swap(&taken, &all)
        return taken
    }

    /// Whether any error-level diagnostic was collected.
    public var hasErrors: Bool { all.contains { $0.severity == .error } }
}

extension Diagnostic {
    /// The most findings of one rule a report shows.
    public static let reportedPerRule = 500

    /// `diagnostics` (in report order) with at most `limit` of each id; for each id with more, one more finding
    /// of that id, as severe as the worst it stands for and at the first one's place, counts the rest. A report is
    /// read by people and tools: a million findings of one rule helps neither, and costs gigabytes to print.
    public static func cappedPerRule(_ diagnostics: [Diagnostic], limit: Int = reportedPerRule) -> [Diagnostic] {
        var counts: [String: Int] = [:]
        for diagnostic in diagnostics { counts[diagnostic.id, default: 0] += 1 }
        guard counts.values.contains(where: { $0 > limit }) else { return diagnostics }
        var kept: [Diagnostic] = []
        var shown: [String: Int] = [:]
        var rest: [String: (count: Int, severity: Severity, first: Diagnostic)] = [:]
        for diagnostic in diagnostics {
            let count = shown[diagnostic.id, default: 0]
            // A finding that says work was left undone (pairs not measured) is always shown.
            if diagnostic.data["unmeasured"] != nil {
                kept.append(diagnostic)
            } else if count < limit {
                shown[diagnostic.id] = count + 1
                kept.append(diagnostic)
            } else if let summary = rest[diagnostic.id] {
                rest[diagnostic.id] = (summary.count + 1, max(summary.severity, diagnostic.severity), summary.first)
            } else {
                rest[diagnostic.id] = (1, diagnostic.severity, diagnostic)
            }
        }
        for (id, summary) in rest.sorted(by: { $0.key < $1.key }) {
            kept.append(Diagnostic(
                id: id, severity: summary.severity,
                message: "\(summary.count) more finding\(summary.count == 1 ? "" : "s") of this rule, from here on, not shown: a report shows the first \(limit) of each rule",
                location: summary.first.location, path: summary.first.path,
                fix: "fix the findings shown and run tokenc again; `tokenc inspect TOKEN` shows one token's findings"))
        }
        return kept
    }

    /// Orders diagnostics by file, line, column, then id, so reports are deterministic.
    public static func sortedForReport(_ diagnostics: consuming [Diagnostic]) -> [Diagnostic] {
        var sorted = diagnostics
        // Each file's place in name order is worked out once: comparing locations in two files looked both
        // names up (under the table's lock) at every comparison, 48 M instructions for 11,000 findings.
        var fileIDs: Set<UInt32> = []
        for diagnostic in sorted { if let location = diagnostic.location { fileIDs.insert(location.fileID) } }
        var rank: [UInt32: Int] = [:]
        for (place, id) in fileIDs.sorted(by: { SourceFileNames.shared.name($0) < SourceFileNames.shared.name($1) }).enumerated() {
            rank[id] = place
        }
        let keys = sorted.map { diagnostic in diagnostic.location.map { (rank[$0.fileID]!, $0.line, $0.column) } }
        // Positions are sorted, not the diagnostics themselves (each is 104 bytes to move).
        let order = sorted.indices.sorted { a, b in
            switch (keys[a], keys[b]) {
            case let (x?, y?) where x != y: return x < y
            case (nil, _?): return true
            case (_?, nil): return false
            default:
                if sorted[a].id != sorted[b].id { return sorted[a].id < sorted[b].id }
                return a < b
            }
        }
        // Then moved into that order where they are: a copy retained every string of every finding, and
        // freeing the unsorted list released them again (11,000 findings at 100,000 tokens, on one core
        // after the rules).
        sorted.permute(order)
        return sorted
    }
}

extension Array {
    /// Puts the element at `order[k]` at `k`, for every `k` (`order` holds each index once), by swapping the
    /// elements where they are, one cycle of the permutation at a time: nothing is retained or released, as
    /// building the ordered copy and freeing this one would (reference counts are atomic, and cold at scale).
    public mutating func permute(_ order: [Int]) {
        precondition(order.count == count, "one place per element")
        var placed = [Bool](repeating: false, count: order.count)
        for start in order.indices where !placed[start] {
            placed[start] = true
            // Each swap puts one element of the cycle in its place and carries `start`'s element on.
            var target = start
            while order[target] != start {
                let source = order[target]
                swapAt(target, source)
                placed[source] = true
                target = source
            }
        }
    }

    /// Appends `other`'s elements by moving them out of it: when it is the only copy, nothing is retained or
    /// released, as copying elements that hold strings and lists would (their reference counts are atomic).
    public mutating func appendByMoving(_ other: consuming [Element]) {
        var rest = other
        if isEmpty {
            swap(&self, &rest)
            return
        }
        reserveCapacity(count + rest.count)
        rest.reverse()
        while let element = rest.popLast() { append(element) }
    }
}
