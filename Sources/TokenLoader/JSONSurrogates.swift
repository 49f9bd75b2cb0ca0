import TokenModel

/// Rewrites JSON `\uD83D\uDE00` surrogate-pair escapes, which libyaml rejects, into YAML `\U0001F600`.
///
/// Each rewrite shortens its line by two characters; `ColumnShifts` maps libyaml's columns back.
enum JSONSurrogates {
    /// The rewritten bytes and the column corrections, or nil when the text has no surrogate pair.
    static func rewrite(_ bytes: [UInt8]) -> (bytes: [UInt8], shifts: ColumnShifts)? {
        guard containsEscapedSurrogate(bytes) else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var shifts = ColumnShifts()
        var line = 0
        var column = 0  // 0-based, in Unicode scalars, in the rewritten text
        var inString = false
        var i = 0
        let n = bytes.count
        func emit(_ byte: UInt8) {
            output.append(byte)
            if byte == 0x0A {
                line += 1
                column = 0
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        while i < n {
            let byte = bytes[i]
            if !inString {
                if byte == UInt8(ascii: "\"") { inString = true }
                emit(byte)
                i += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = false
                emit(byte)
                i += 1
                continue
            }
            if byte == UInt8(ascii: "\\"), i + 1 < n {
                if bytes[i + 1] == UInt8(ascii: "u"),
                    let high = hexValue(bytes, at: i + 2), (0xD800...0xDBFF).contains(high),
                    i + 11 < n, bytes[i + 6] == UInt8(ascii: "\\"), bytes[i + 7] == UInt8(ascii: "u"),
                    let low = hexValue(bytes, at: i + 8), (0xDC00...0xDFFF).contains(low)
                {
                    let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                    let hex = String(scalar, radix: 16)
                    let escape = "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
                    for b in escape.utf8 { emit(b) }
                    shifts.add(line: line, afterColumn: column, delta: 2)
                    i += 12
                    continue
                }
                emit(byte)
                emit(bytes[i + 1])
                i += 2
                continue
            }
            emit(byte)
            i += 1
        }
        return (output, shifts)
    }

    private static func containsEscapedSurrogate(_ bytes: [UInt8]) -> Bool {
        var i = 0
        while i + 5 < bytes.count {
            if bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u"),
                bytes[i + 2] | 0x20 == UInt8(ascii: "d")
            {
                return true
            }
            i += 1
        }
        return false
    }

    private static func hexValue(_ bytes: [UInt8], at start: Int) -> Int? {
        guard start + 4 <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<start + 4] {
            guard let digit = ASCIIHex.digit(byte) else { return nil }
            value = value * 16 + Int(digit)
        }
        return value
    }
}

/// Column corrections for lines whose text was shortened before parsing.
struct ColumnShifts {
    private var byLine: [Int: [(column: Int, delta: Int)]] = [:]

    mutating func add(line: Int, afterColumn column: Int, delta: Int) {
        byLine[line, default: []].append((column, delta))
    }

    /// The original 0-based column for a 0-based line and column of the rewritten text.
    func originalColumn(line: Int, column: Int) -> Int {
        guard let shifts = byLine[line] else { return column }
        var result = column
        for shift in shifts where shift.column <= column { result += shift.delta }
        return result
    }
}
