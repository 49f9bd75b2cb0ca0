/// A unified diff of two versions of a file, by lines.
enum UnifiedDiff {
    /// The diff of `before` and `after`, or nothing when they are the same.
    static func text(path: String, before: [UInt8], after: [UInt8], context: Int = 3) -> String {
        let old = lines(before), new = lines(after)
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        let changes = changedLines(old, new)
        guard !changes.isEmpty else { return "" }
        // A file migrate makes (a resolver document) is new: it comes from nothing.
        var text = before.isEmpty ? "--- /dev/null\n+++ b/\(path)\n" : "--- a/\(path)\n+++ b/\(path)\n"
        var i = 0
        while i < changes.count {
            // Changes within twice the context of each other share a hunk.
            var j = i
            while j + 1 < changes.count, changes[j + 1].old.lowerBound - changes[j].old.upperBound <= 2 * context { j += 1 }
            let oldStart = max(0, changes[i].old.lowerBound - context), oldEnd = min(old.count, changes[j].old.upperBound + context)
            let shift = changes[i].new.lowerBound - changes[i].old.lowerBound
            let newStart = oldStart + shift, newEnd = min(new.count, changes[j].new.upperBound + context)
            // An empty side is named by the line before it (`-0,0` for a new file).
            let oldFirst = oldEnd > oldStart ? oldStart + 1 : oldStart, newFirst = newEnd > newStart ? newStart + 1 : newStart
            text += "@@ -\(oldFirst),\(oldEnd - oldStart) +\(newFirst),\(newEnd - newStart) @@\n"
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

    /// The stretches of lines that differ, in order, as ranges of `old` and of `new`: the lines between those
    /// Myers' difference algorithm keeps. Beyond `limit` differing lines, one change from the first differing
    /// line to the last (the search's memory grows with the square of the differences).
    static func changedLines(_ old: [String], _ new: [String], limit: Int = 2000) -> [(old: Range<Int>, new: Range<Int>)] {
        var changes: [(old: Range<Int>, new: Range<Int>)] = []
        guard let kept = commonLines(old, new, limit: limit) else {
            var head = 0
            while head < min(old.count, new.count), old[head] == new[head] { head += 1 }
            var tail = 0
            while tail < min(old.count, new.count) - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
            return [(head..<old.count - tail, head..<new.count - tail)]
        }
        var x = 0, y = 0
        for (i, j) in kept + [(old.count, new.count)] {
            if i > x || j > y { changes.append((x..<i, y..<j)) }
            x = i + 1
            y = j + 1
        }
        return changes
    }

    /// The pairs of equal lines a shortest edit script keeps (Myers, "An O(ND) Difference Algorithm", 1986), in
    /// order; nil when more than `limit` lines differ.
    static func commonLines(_ a: [String], _ b: [String], limit: Int) -> [(Int, Int)]? {
        let n = a.count, m = b.count, offset = n + m + 1
        // The furthest x reached on each diagonal k = x - y, and before each round the diagonals it can reach.
        var furthest = [Int](repeating: 0, count: 2 * offset + 1)
        var rounds: [[Int]] = []
        for d in 0...min(n + m, limit) {
            rounds.append(Array(furthest[offset - d...offset + d]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && furthest[offset + k - 1] < furthest[offset + k + 1])
                    ? furthest[offset + k + 1] : furthest[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                furthest[offset + k] = x
                guard x >= n, y >= m else { continue }
                // Back from the end, round by round: each round's snake is a run of kept lines.
                var kept: [(Int, Int)] = []
                var (px, py) = (n, m)
                for round in stride(from: d, to: 0, by: -1) {
                    let before = rounds[round]
                    func at(_ k: Int) -> Int { before[k + round] }
                    let k = px - py
                    let previous = k == -round || (k != round && at(k - 1) < at(k + 1)) ? k + 1 : k - 1
                    let startX = at(previous), startY = startX - previous
                    let snakeX = previous == k + 1 ? startX : startX + 1, snakeY = snakeX - k
                    while px > snakeX, py > snakeY { px -= 1; py -= 1; kept.append((px, py)) }
                    (px, py) = (startX, startY)
                }
                while px > 0, py > 0 { px -= 1; py -= 1; kept.append((px, py)) }
                return kept.reversed()
            }
        }
        return nil
    }

    private static func lines(_ bytes: [UInt8]) -> [String] {
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
