import Testing
@testable import TokenModel

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

    /// The hash reads every byte: paths that differ in one byte anywhere (in a whole eight-byte word or in the
    /// tail after the last one), or only in length, hash apart, and the table's low bits take many values.
    @Test func hashReadsEveryByte() {
        let base = Array("abcdefghijklmnopqrstuvwx".utf8)
        for length in 0...base.count {
            let path = String(decoding: base.prefix(length), as: UTF8.self)
            #expect(PathIndex.hash(path) == PathIndex.hash(String(decoding: Array(path.utf8), as: UTF8.self)))
            for position in 0..<length {
                var changed = Array(base.prefix(length))
                changed[position] ^= 1
                #expect(PathIndex.hash(String(decoding: changed, as: UTF8.self)) != PathIndex.hash(path), "\(length) \(position)")
            }
            if length > 0 { #expect(PathIndex.hash(String(decoding: base.prefix(length - 1), as: UTF8.self)) != PathIndex.hash(path)) }
        }
        let slots = Set((0..<4096).map { PathIndex.hash("group\($0 % 37).token\($0)") & 4095 })
        #expect(slots.count > 2400, "\(slots.count) of 4096 slots")
    }
}
