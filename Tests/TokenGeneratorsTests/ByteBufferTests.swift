import Testing
import TokenGenerators

@Suite struct ByteBufferTests {
    /// Random appends of every kind, across many doublings of a buffer that starts small, hold exactly
    /// what the same appends to an array hold; emptying keeps working afterwards.
    @Test func holdsWhatAnArrayWouldAcrossGrowth() {
        var generator = SystemRandomNumberGenerator()
        let texts = ["", "a", "light: ", "TokenColor(.sRGB, ", "é…", String(repeating: "x", count: 300)]
        let literals: [StaticString] = ["", ":", "\"$value\"", "sixteen bytes..", "seventeen bytes..", "TokenColor(.displayP3, "]
        let source = (0..<64).map { UInt8($0) }
        for _ in 0..<50 {
            var buffer = ByteBuffer(capacity: Int.random(in: 0...20, using: &generator))
            var expected: [UInt8] = []
            for _ in 0..<Int.random(in: 0..<400, using: &generator) {
                switch Int.random(in: 0..<7, using: &generator) {
                case 0:
                    let byte = UInt8.random(in: 0...255, using: &generator)
                    buffer.append(byte)
                    expected.append(byte)
                case 1:
                    let text = texts.randomElement(using: &generator)!
                    buffer.append(text)
                    expected += text.utf8
                case 2:
                    let bytes = (0..<Int.random(in: 0..<90, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                    bytes.withUnsafeBufferPointer { buffer.append($0) }
                    expected += bytes
                case 3:
                    let literal = literals.randomElement(using: &generator)!
                    buffer.append(literal: literal)
                    literal.withUTF8Buffer { expected += $0 }
                case 4:
                    let start = Int.random(in: 0...64, using: &generator)
                    let range = start..<Int.random(in: start...64, using: &generator)
                    buffer.append(source, in: range)
                    expected += source[range]
                case 5:
                    // Room for more than is written: only what was written counts.
                    let written = Int.random(in: 0..<20, using: &generator)
                    buffer.append(upTo: written + Int.random(in: 0..<5, using: &generator)) { span in
                        for k in 0..<written { span.append(UInt8(k)) }
                    }
                    expected += (0..<written).map { UInt8($0) }
                default:
                    let times = Int.random(in: 0..<70, using: &generator)
                    buffer.append(UInt8(ascii: " "), times: times)
                    expected += Array(repeating: UInt8(ascii: " "), count: times)
                }
                #expect(buffer.last == expected.last)
            }
            #expect(buffer.count == expected.count)
            #expect(buffer.array == expected)
            #expect(buffer.withBytes { Array($0) } == expected)
            buffer.removeAll()
            #expect(buffer.count == 0 && buffer.last == nil)
            buffer.append("after")
            #expect(buffer.array == Array("after".utf8))
        }
    }
}
