import SourceData
import SourceTree
import TokenLoader
import TokenMigration
import TokenModel

/// `tokenc migrate`: the edits that turn a folder's token files of older formats into DTCG 2025.10, each file's
/// checked by reading it again before it is shown or written.
public enum Migration {
    /// One file's outcome.
    public struct FileOutcome: Sendable {
        /// The file's path.
        public var path: String
        /// The format it is written in.
        public var format: SourceFormat
        /// The checked edits (none when there is nothing to do, or when they could not be checked).
        public var edits: [TextEdit]
        /// The file as it is, and as the edits leave it.
        public var before: [UInt8]
        public var after: [UInt8]
        /// Values left as they are, and why.
        public var notes: [MigrationNote]
        /// Why the file's edits were dropped, when the check after them failed.
        public var refused: String?
    }

    /// Every token file under `path`, planned and checked; nothing is written.
    public static func plan(_ path: String) throws(ToolError) -> [FileOutcome] {
        try TokenSources.discover(path).map { file throws(ToolError) in try plan(file: file, bytes: TokenSources.read(file)) }
    }

    /// One file's edits, checked: the file read again after them parses, every converted value reads as what
    /// it was meant to be, and planning again finds nothing more to do.
    public static func plan(file: String, bytes: [UInt8]) -> FileOutcome {
        let (loaded, problems) = TokenFileLoader().load(bytes: bytes, path: file)
        let planned = Migrator().plan(loaded, bytes: bytes)
        var outcome = FileOutcome(path: file, format: planned.format, edits: planned.edits, before: bytes, after: bytes,
                                  notes: planned.notes, refused: nil)
        if let error = problems.first(where: { $0.severity == .error }) {
            outcome.edits = []
            outcome.refused = "it does not parse (\(error.message)); fix that first"
            return outcome
        }
        guard !planned.edits.isEmpty else { return outcome }
        let after = TextEdit.apply(planned.edits, to: bytes)
        let (reloaded, reloadProblems) = TokenFileLoader().load(bytes: after, path: file)
        let unmet = Migrator.unmet(planned.expectations, in: reloaded.root)
        let again = Migrator().plan(reloaded, bytes: after)
        let why: String? = if let error = reloadProblems.first(where: { $0.severity == .error }) {
            "the edited file would not parse: \(error.message)"
        } else if let first = unmet.first {
            "a value would change: \(first)"
        } else if !again.edits.isEmpty {
            "a second run would edit it again (`\(again.edits[0].reason)`)"
        } else {
            nil
        }
        if let why {
            outcome.edits = []
            outcome.refused = why + "; the file is left as it is"
        } else {
            outcome.after = after
        }
        return outcome
    }

    /// Writes each file that has edits, whole or not at all.
    public static func write(_ outcomes: [FileOutcome]) throws(ToolError) {
        for outcome in outcomes where !outcome.edits.isEmpty {
            try OutputWriter.atomicWrite(outcome.after, to: outcome.path)
        }
    }

    /// The edits as a unified diff (`--- a/FILE`, `+++ b/FILE`, hunks with three lines of context).
    public static func diff(_ outcomes: [FileOutcome]) -> String {
        var text = ""
        for outcome in outcomes where !outcome.edits.isEmpty {
            text += UnifiedDiff.text(path: outcome.path, before: outcome.before, after: outcome.after)
        }
        return text
    }
}

/// A unified diff of two versions of a file, by lines.
enum UnifiedDiff {
    /// The diff of `before` and `after`, or nothing when they are the same.
    static func text(path: String, before: [UInt8], after: [UInt8], context: Int = 3) -> String {
        let old = lines(before), new = lines(after)
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        // The changed stretch of lines: common lines are trimmed from both ends; in between, the old and new
        // lines are compared one to one (migrate's edits keep the count of lines), else shown as one change.
        var changes: [(old: Range<Int>, new: Range<Int>)] = []
        if old.count == new.count {
            var k = 0
            while k < old.count {
                guard old[k] != new[k] else { k += 1; continue }
                let start = k
                while k < old.count, old[k] != new[k] { k += 1 }
                changes.append((start..<k, start..<k))
            }
        } else {
            var head = 0
            while head < min(old.count, new.count), old[head] == new[head] { head += 1 }
            var tail = 0
            while tail < min(old.count, new.count) - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
            changes.append((head..<old.count - tail, head..<new.count - tail))
        }
        guard !changes.isEmpty else { return "" }
        var text = "--- a/\(path)\n+++ b/\(path)\n"
        var i = 0
        while i < changes.count {
            // Changes within twice the context of each other share a hunk.
            var j = i
            while j + 1 < changes.count, changes[j + 1].old.lowerBound - changes[j].old.upperBound <= 2 * context { j += 1 }
            let oldStart = max(0, changes[i].old.lowerBound - context), oldEnd = min(old.count, changes[j].old.upperBound + context)
            let shift = changes[i].new.lowerBound - changes[i].old.lowerBound
            let newStart = oldStart + shift, newEnd = min(new.count, changes[j].new.upperBound + context)
            text += "@@ -\(oldStart + 1),\(oldEnd - oldStart) +\(newStart + 1),\(newEnd - newStart) @@\n"
            var at = oldStart
            for change in changes[i...j] {
                for line in old[at..<change.old.lowerBound] { text += " " + line + "\n" }
                for line in old[change.old] { text += "-" + line + "\n" }
                for line in new[change.new] { text += "+" + line + "\n" }
                at = change.old.upperBound
            }
            for line in old[at..<oldEnd] { text += " " + line + "\n" }
            i = j + 1
        }
        return text
    }

    private static func lines(_ bytes: [UInt8]) -> [String] {
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

extension Pipeline {
    /// The one finding for a file of an older format, at its first token written the older way.
    static func olderFormat(_ format: SourceFormat, root: Node) -> Diagnostic {
        let path = root.location.file
        // The first `value` key in the file (the earliest location of any).
        var first: SourceLocation?
        var pending = [root]
        while let node = pending.popLast() {
            guard let entries = node.mappingEntries else { continue }
            for entry in entries {
                if entry.key == "value", first.map({ entry.keyLocation < $0 }) ?? true { first = entry.keyLocation }
                pending.append(entry.value)
            }
        }
        let keys = format == .tokensStudio ? "`value`, `type` and Tokens Studio's type names" : "`value`, `type` and `comment`"
        return Diagnostic(
            .tokenOlderFormat, severity: .error,
            message: "`\(path)` is written in \(format == .tokensStudio ? "Tokens Studio's format" : "Style Dictionary's format before DTCG") (\(keys)), so its tokens are not read",
            location: first ?? root.location, path: nil,
            fix: "run `tokenc migrate \(path)` to see the edits that make it DTCG 2025.10, then `tokenc migrate --write \(path)`")
    }
}
