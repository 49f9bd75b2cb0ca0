import TokenColor
/// Turns token path segments into Swift identifiers that are always valid: one namer for every output.
public enum SwiftNamer {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "false",
        "is", "nil", "self", "super", "throws", "true", "try", "await", "async", "any", "some",
        // What a name without letters or digits becomes: `static let _` binds nothing and `enum _` is an error.
        "_",
    ]
    /// Type names that backticks cannot rescue inside a nested type (`Outer.Type` means the metatype).
    static let reservedTypeNames: Set<String> = ["Type", "Protocol", "Self", "Any"]

    /// The words of a name: split at non-alphanumerics and at lower-to-upper case changes.
    public static func words(_ name: String) -> [String] {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(name) }
        var words: [String] = []
        var current = ""
        var previousIsLower = false
        for scalar in name.unicodeScalars {
            // A letter Swift does not take in an identifier at all (U+2E2F VERTICAL TILDE) separates words, as punctuation does.
            let isAlnum = (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) && isIdentifierCharacter(scalar)
            guard isAlnum else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousIsLower = false
                continue
            }
            if scalar.properties.isUppercase && previousIsLower && !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.unicodeScalars.append(scalar)
            previousIsLower = scalar.properties.isLowercase || ("0"..."9").contains(scalar)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `words` for ASCII names (nearly all of them), on bytes instead of Unicode properties.
    static func asciiWords(_ name: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        var previousIsLower = false
        for byte in name.utf8 {
            let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
            let isLowerOrDigit = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            guard isUpper || isLowerOrDigit else {
                if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
                previousIsLower = false
                continue
            }
            if isUpper && previousIsLower && !current.isEmpty {
                words.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
            current.append(byte)
            previousIsLower = isLowerOrDigit
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    /// `member`'s and `type`'s camel case for ASCII names, in one pass over bytes: the first word
    /// lowercased (or capitalized when `upperFirst`), later words capitalized, a leading digit prefixed
    /// with `_`; nil for other names, and for names without a word (the callers handle both).
    static func asciiIdentifier(_ name: String, upperFirst: Bool) -> String? {
        var name = name
        // Over the contiguous bytes, into a string's own storage: walking the `utf8` view and decoding an
        // array cost 2,700 instructions a name, and an asset catalog names every color token.
        return name.withUTF8 { source -> String? in
            var wordCount = 0
            let identifier = String(unsafeUninitializedCapacity: source.count + 1) { out in
                var count = 0
                var previousIsLower = false, wordStart = true
                for byte in source {
                    guard byte < 0x80 else {
                        wordCount = -1
                        return 0
                    }
                    let isUpper = byte &- UInt8(ascii: "A") < 26
                    let isLower = byte &- UInt8(ascii: "a") < 26
                    let isDigit = byte &- UInt8(ascii: "0") < 10
                    guard isUpper || isLower || isDigit else {
                        wordStart = true
                        previousIsLower = false
                        continue
                    }
                    if isUpper && previousIsLower { wordStart = true }
                    let first = wordStart
                    if wordStart {
                        wordCount += 1
                        wordStart = false
                        if wordCount == 1, isDigit {
                            out[count] = UInt8(ascii: "_")
                            count += 1
                        }
                    }
                    if wordCount == 1 && !upperFirst {
                        out[count] = isUpper ? byte + 32 : byte
                    } else if first && isLower {
                        out[count] = byte - 32
                    } else {
                        out[count] = byte
                    }
                    count += 1
                    previousIsLower = isLower || isDigit
                }
                return count
            }
            return wordCount <= 0 ? nil : identifier
        }
    }

    /// Whether `scalar` may begin a Swift identifier (The Swift Programming Language, "Lexical Structure",
    /// identifier-head): a digit or a combining mark (U+0345, U+1DE7) may not.
    static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            return (0x41...0x5a).contains(value) || (0x61...0x7a).contains(value) || value == 0x5f
        }
        return identifierHeadRanges.contains { $0.contains(value) }
    }

    /// Whether `scalar` may appear in a Swift identifier after its first character (identifier-character).
    static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return isIdentifierHead(scalar) || (0x30...0x39).contains(value) || (0x300...0x36f).contains(value)
            || (0x1dc0...0x1dff).contains(value) || (0x20d0...0x20ff).contains(value) || (0xfe20...0xfe2f).contains(value)
    }

    /// The non-ASCII ranges of the grammar's identifier-head.
    private static let identifierHeadRanges: [ClosedRange<UInt32>] = [
        0xa8...0xa8, 0xaa...0xaa, 0xad...0xad, 0xaf...0xaf, 0xb2...0xb5, 0xb7...0xba, 0xbc...0xbe, 0xc0...0xd6, 0xd8...0xf6,
        0xf8...0xff, 0x100...0x2ff, 0x370...0x167f, 0x1681...0x180d, 0x180f...0x1dbf, 0x1e00...0x1fff, 0x200b...0x200d,
        0x202a...0x202e, 0x203f...0x2040, 0x2054...0x2054, 0x2060...0x206f, 0x2070...0x20cf, 0x2100...0x218f,
        0x2460...0x24ff, 0x2776...0x2793, 0x2c00...0x2dff, 0x2e80...0x2fff, 0x3004...0x3007, 0x3021...0x302f,
        0x3031...0x303f, 0x3040...0xd7ff, 0xf900...0xfd3d, 0xfd40...0xfdcf, 0xfdf0...0xfe1f, 0xfe30...0xfe44,
        0xfe47...0xfffd, 0x10000...0x1fffd, 0x20000...0x2fffd, 0x30000...0x3fffd, 0x40000...0x4fffd, 0x50000...0x5fffd,
        0x60000...0x6fffd, 0x70000...0x7fffd, 0x80000...0x8fffd, 0x90000...0x9fffd, 0xa0000...0xafffd, 0xb0000...0xbfffd,
        0xc0000...0xcfffd, 0xd0000...0xdfffd, 0xe0000...0xefffd,
    ]

    static func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }

    /// `lowerCamelCase` for a member; keywords in backticks, a leading digit prefixed with `_`.
    public static func member(_ name: String) -> String {
        if let identifier = asciiIdentifier(name, upperFirst: false) {
            return keywords.contains(identifier) ? "`\(identifier)`" : identifier
        }
        let parts = words(name)
        guard let first = parts.first else { return "`_`" }
        var identifier = first.lowercased() + parts.dropFirst().map(capitalized).joined()
        if let head = identifier.unicodeScalars.first, !isIdentifierHead(head) { identifier = "_" + identifier }
        return keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// `UpperCamelCase` for a nested type; reserved names get a `_` suffix, a leading digit a `_` prefix.
    public static func type(_ name: String) -> String {
        // An ASCII identifier is never empty and already has its `_` before a leading digit.
        var identifier: String
        if let ascii = asciiIdentifier(name, upperFirst: true) { identifier = ascii } else {
            identifier = words(name).map(capitalized).joined()
            if identifier.isEmpty { identifier = "_" }
            if let head = identifier.unicodeScalars.first, !isIdentifierHead(head) { identifier = "_" + identifier }
        }
        if reservedTypeNames.contains(identifier) { identifier += "_" }
        return keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// A Swift `Double` literal that reads back as the same value.
    public static func literal(_ value: Double) -> String {
        value.wholeNumberText ?? "\(value)"
    }

    /// A Swift string literal.
    public static func string(_ value: String) -> String {
        // Most values (symbol names, font families) need no escape: one byte scan, then one concatenation.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + value + "\""
        }
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
