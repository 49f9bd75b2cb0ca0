import Testing
import TokenModel

/// Line starts as libyaml counts lines: `\n`, `\r\n` and a lone `\r` each end one, so a finding's line number
/// finds its source line whatever the file's line ends.
@Suite struct LineIndexTests {
    @Test func everyLineEndCountsOnce() {
        let bytes = Array("a\r\nbb\rc\nd".utf8)
        let index = LineIndex(bytes)
        #expect(index.starts == [0, 3, 6, 8])
        let lines = (0..<4).map { index.byteRange(ofLine: $0, in: bytes).map { String(decoding: bytes[$0], as: UTF8.self) } }
        #expect(lines == ["a", "bb", "c", "d"])
        #expect(index.byteRange(ofLine: 4, in: bytes) == nil)
        #expect(index.line(containing: 4) == 1 && index.line(containing: 6) == 2)
    }

    @Test func newlinesAloneAndATrailingBreak() {
        let bytes = Array("x\ny\n".utf8)
        #expect(LineIndex(bytes).starts == [0, 2, 4])
        #expect(LineIndex(Array("\r".utf8)).starts == [0, 1])
        #expect(LineIndex([]).starts == [0])
    }
}
