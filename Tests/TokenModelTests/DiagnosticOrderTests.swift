import Testing
import SourceData
@testable import TokenModel

/// The report's order, and the moves that put findings in it without copying them.
@Suite struct DiagnosticOrderTests {
    func finding(_ id: String, _ file: String?, _ line: Int, _ column: Int, _ message: String) -> Diagnostic {
        Diagnostic(id: id, severity: .warning, message: message,
                   location: file.map { SourceLocation(file: $0, line: line, column: column) }, path: "p.\(message)",
                   related: [RelatedLocation(SourceLocation(file: "z.yaml", line: 1, column: 1), "see \(message)")])
    }

    @Test func sortsByFileNameLineColumnThenIdKeepingTiesInOrder() {
        // Files numbered out of name order, cycles of several lengths, a fixed point and two exact ties.
        _ = SourceLocation(file: "order-b.yaml", line: 1, column: 1)
        let found = [
            finding("x/b", "order-b.yaml", 2, 1, "0"),
            finding("x/a", "order-a.yaml", 9, 1, "1"),
            finding("x/a", nil, 0, 0, "2"),
            finding("x/b", "order-a.yaml", 9, 1, "3"),
            finding("x/a", "order-b.yaml", 2, 1, "4"),
            finding("x/a", "order-a.yaml", 1, 5, "5"),
            finding("x/a", "order-b.yaml", 2, 1, "6"),
            finding("x/a", "order-a.yaml", 1, 4, "7"),
        ]
        let sorted = Diagnostic.sortedForReport(found)
        #expect(sorted.map(\.message) == ["2", "7", "5", "1", "3", "4", "6", "0"])
        // Every field came along with its finding.
        for diagnostic in sorted {
            #expect(diagnostic.path == "p.\(diagnostic.message)")
            #expect(diagnostic.related.map(\.message) == ["see \(diagnostic.message)"])
        }
        // The caller's list is its own copy, untouched.
        #expect(found.map(\.message) == (0..<8).map(String.init))
    }

    @Test func sortsEmptyAndSingleLists() {
        #expect(Diagnostic.sortedForReport([]).isEmpty)
        #expect(Diagnostic.sortedForReport([finding("x/a", "one.yaml", 1, 1, "only")]).map(\.message) == ["only"])
    }

    @Test func appendByMovingKeepsOrderAndLeavesSharedListsAlone() {
        var all = [finding("x/a", "m.yaml", 1, 1, "a")]
        let shared = [finding("x/a", "m.yaml", 2, 1, "b"), finding("x/a", "m.yaml", 3, 1, "c")]
        all.appendByMoving(shared)
        #expect(all.map(\.message) == ["a", "b", "c"])
        #expect(shared.map(\.message) == ["b", "c"])
        var empty: [Diagnostic] = []
        empty.appendByMoving([finding("x/a", "m.yaml", 4, 1, "d"), finding("x/a", "m.yaml", 5, 1, "e")])
        #expect(empty.map(\.message) == ["d", "e"])
        var bag = DiagnosticBag()
        bag.add(contentsOf: all)
        bag.add(contentsOf: empty)
        #expect(bag.takeAll().map(\.message) == ["a", "b", "c", "d", "e"])
        #expect(bag.all.isEmpty)
    }

    @Test func permuteMovesEachElementToItsPlace() {
        // Cycles of one, two and three, of strings held on the heap.
        var words = (0..<6).map { "word number \($0), long enough to be held on the heap" }
        let original = words
        let order = [0, 2, 1, 4, 5, 3]
        words.permute(order)
        #expect(words == order.map { original[$0] })
        var none: [String] = []
        none.permute([])
        #expect(none.isEmpty)
    }
}
