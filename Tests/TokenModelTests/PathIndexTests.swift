import Testing
import TokenModel

@Suite struct PathIndexTests {
    /// Every path finds its position, a path written twice finds its last one (as `[String: Int]` assignment
    /// does), and paths that are not there find nothing: checked against a dictionary over many paths, so
    /// probes wrap around and collide.
    @Test func findsWhatADictionaryFinds() {
        var paths = (0..<5000).map { "group\($0 % 37).token\($0)" }
        paths += ["group1.token1", "", "é.ü", "group1.token1"]
        var expected: [String: Int] = [:]
        for (position, path) in paths.enumerated() { expected[path] = position }
        let index = PathIndex(paths)
        for path in Set(paths) { #expect(index[path] == expected[path], "\(path)") }
        #expect(index["group1.token1"] == paths.count - 1)
        for missing in ["group1.token5000", "group1", "token1", "group1.token1 ", "e.u"] { #expect(index[missing] == nil, "\(missing)") }
        #expect(PathIndex([])["a"] == nil)
    }
}
