import SourceData
import TokenModel

/// Types plain scalars by the YAML 1.2 core schema: `no` stays a string and `010` is ten.
enum CoreSchema {
    /// Resolves the text of an untagged plain scalar.
    static func resolvePlain(_ text: String) -> ScalarValue {
        // Most plain scalars are names and words: only these first bytes can start a null, a bool or a number.
        guard let lead = text.utf8.first else { return .null }
        switch lead {
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"),
             UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            break
        default:
            return .string(text)
        }
        // The words are at most five bytes and none starts with a digit (most plain scalars that get this
        // far are numbers): a string switch compares against each of its twenty-odd cases before giving up.
        if !isDigit(lead), text.utf8.count <= 5 {
            switch text {
            case "", "~", "null", "Null", "NULL": return .null
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .number(.infinity)
            case "-.inf", "-.Inf", "-.INF": return .number(-.infinity)
            case ".nan", ".NaN", ".NAN": return .number(.nan)
            default: break
            }
        }
        return text.withContiguousUTF8 { utf8 in number(text, utf8) }
    }

    /// The number a plain scalar's text writes (its UTF-8 bytes `utf8`), or the text as a string.
    private static func number(_ text: String, _ utf8: UnsafeBufferPointer<UInt8>) -> ScalarValue {
        guard let first = utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
            || first == UInt8(ascii: ".") || isDigit(first)
        else { return .string(text) }

        if utf8.count > 2, utf8[0] == UInt8(ascii: "0") {
            if utf8[1] == UInt8(ascii: "o"), utf8[2...].allSatisfy({ $0 >= 0x30 && $0 <= 0x37 }) {
                if let value = Int(text.dropFirst(2), radix: 8) { return .integer(value) }
                return .string(text)
            }
            if utf8[1] == UInt8(ascii: "x"), utf8[2...].allSatisfy(isHexDigit) {
                if let value = Int(text.dropFirst(2), radix: 16) { return .integer(value) }
                return .string(text)
            }
        }
        if isDecimalInteger(utf8) {
            if let value = Int(text) { return .integer(value) }
            if let value = Double(text) { return .number(value) }
        }
        if isFloat(utf8), let value = Double(text) { return .number(value) }
        return .string(text)
    }

    /// `[-+]?[0-9]+`
    private static func isDecimalInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var digits = bytes[...]
        if let first = digits.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            digits = digits.dropFirst()
        }
        return !digits.isEmpty && digits.allSatisfy(isDigit)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isFloat(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        if i < n, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
        var mantissaDigits = 0
        while i < n, isDigit(bytes[i]) { i += 1; mantissaDigits += 1 }
        if i < n, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, isDigit(bytes[i]) { i += 1; mantissaDigits += 1 }
        }
        guard mantissaDigits > 0 else { return false }
        if i < n, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < n, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
            var exponentDigits = 0
            while i < n, isDigit(bytes[i]) { i += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { return false }
        }
        return i == n
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }
}
