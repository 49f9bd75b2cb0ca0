#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TokenColor

/// Parses CSS Color 4 color strings: hex, `rgb()`, `hsl()`, `hwb()`, `lab()`, `lch()`, `oklab()`, `oklch()`
/// and `color()` with its predefined spaces.
public enum ColorSyntax {
    /// Why a string is not a color: a sentence that says what was expected.
    public struct Problem: Error, Sendable, Equatable {
        /// The explanation.
        public var message: String
        /// What to write instead, when the problem knows better than a general example.
        public var fix: String?

        /// Creates a problem with its explanation and, if it has one, its own fix.
        public init(message: String, fix: String? = nil) {
            self.message = message
            self.fix = fix
        }
    }

    /// The fix for a text that is no color syntax at all.
    public static let example = "write a color such as \"#0A84FF\", \"rgb(10 132 255)\", \"oklch(0.62 0.19 255)\" or \"{system.systemBlue}\""

    /// Parses `text` as a CSS color.
    public static func parse(_ text: String) -> Result<Color, Problem> {
        if let color = fastHex(text) { return .success(color) }
        let edges = (text.utf8.first, text.utf8.last)
        let padded = edges.0 == UInt8(ascii: " ") || edges.0 == UInt8(ascii: "\t") || edges.1 == UInt8(ascii: " ") || edges.1 == UInt8(ascii: "\t")
            || text.utf8.contains { $0 >= 0x80 }
        let trimmed = padded ? text.trimmingBlanks() : text
        if trimmed.hasPrefix("#") { return parseHex(trimmed) }
        // (An ASCII text of another length cannot lowercase to it; others are lowercased as before.)
        if padded || trimmed.utf8.count == "transparent".utf8.count, trimmed.lowercased() == "transparent" {
            return .success(Color(.srgb, 0, 0, 0, alpha: 0))
        }
        // ASCII with no blank at either end (nearly every color function written) is split on bytes, where a
        // character walk, `lowercased()` and `hasSuffix` cost most of the parse.
        guard let (name, body) = padded ? Self.function(trimmed) : Self.asciiFunction(trimmed) else {
            if let hex = CSSNamedColors.hex[trimmed.lowercased()] {
                return .failure(Problem(message: "`\(trimmed)` is a CSS named color, which token files write as hex", fix: "write \"\(hex)\""))
            }
            return .failure(notAColor(text, trimmed: trimmed))
        }
        guard let arguments = Arguments(body) else {
            return .failure(Problem(message: "`\(text)` has arguments that are not numbers, percentages, angles or `none`"))
        }
        switch name {
        case "rgb", "rgba": return rgb(arguments, text)
        case "hsl", "hsla": return polarSRGB(.hsl, arguments, text)
        case "hwb": return polarSRGB(.hwb, arguments, text)
        case "lab": return perceptual(.lab, arguments, text, lightness: 100, percentScale: 125)
        case "oklab": return perceptual(.oklab, arguments, text, lightness: 1, percentScale: 0.4)
        case "lch": return perceptual(.lch, arguments, text, lightness: 100, percentScale: 150)
        case "oklch": return perceptual(.oklch, arguments, text, lightness: 1, percentScale: 0.4)
        case "color": return colorFunction(arguments, text)
        default:
            // `display-p3(1 0 0)`: a predefined space's name used as a function.
            let asColor = "color(\(name) \(body))"
            let fix = predefined[name] != nil && (try? parse(asColor).get()) != nil ? "write \"\(asColor)\"" : nil
            return .failure(Problem(message: "`\(name)()` is not a CSS color function; use rgb(), hsl(), hwb(), lab(), lch(), oklab(), oklch() or color()",
                                    fix: fix))
        }
    }

    /// Why `text` is no color syntax at all, with the fix for the mistakes made most: hex digits without their
    /// `#` or written `0x…`, an Apple system color by its API name (`systemBlue`, `UIColor.label`), a color
    /// function without its closing parenthesis.
    static func notAColor(_ text: String, trimmed: String) -> Problem {
        if let hex = hexMissingItsHash(trimmed) {
            return Problem(message: "`\(text)` is not a color; a hex color starts with `#`", fix: "write \"\(hex)\"")
        }
        let name = ["UIColor.", "NSColor.", "."].first(where: trimmed.hasPrefix).map { trimmed.dropFirst($0.count) } ?? Substring(trimmed)
        if let system = SystemColors.named(String(name)) {
            return Problem(message: "`\(text)` is not a color; a system color is written as a reference",
                           fix: "write \"{system.\(system.name)}\"")
        }
        if trimmed.contains("("), !trimmed.hasSuffix(")"), case .success = parse(trimmed + ")") {
            return Problem(message: "`\(text)` has no closing parenthesis", fix: "write \"\(trimmed))\"")
        }
        return Problem(message: "`\(text)` is not a color", fix: example)
    }

    /// The hex color `text` is when written without its `#` (`0A84FF`, `0x0A84FF` → `#0A84FF`); nil otherwise.
    public static func hexMissingItsHash(_ text: String) -> String? {
        var digits = Substring(text)
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") { digits = digits.dropFirst(2) }
        return [3, 4, 6, 8].contains(digits.count) && digits.allSatisfy(\.isHexDigit) ? "#" + digits : nil
    }

    /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` read straight from UTF-8: most token colors are hex.
    static func fastHex(_ text: String) -> Color? {
        let count = text.utf8.count - 1
        guard count == 3 || count == 4 || count == 6 || count == 8 else { return nil }
        // Up to eight hex digits, packed four bits each, read from the string's contiguous bytes.
        let packed = text.withContiguousUTF8 { bytes -> UInt32? in
            guard bytes[0] == UInt8(ascii: "#") else { return nil }
            var packed: UInt32 = 0
            for byte in bytes[1...] {
                guard let digit = ASCIIHex.digit(byte) else { return nil }
                packed = packed << 4 | UInt32(digit)
            }
            return packed
        }
        guard let packed else { return nil }
        let short = count <= 4
        let channels = short ? count : count / 2
        func channel(_ i: Int) -> Double {
            let shift = UInt32((channels - 1 - i) * (short ? 4 : 8))
            return short ? Double((packed >> shift & 0xF) * 17) / 255 : Double(packed >> shift & 0xFF) / 255
        }
        return Color(.srgb, channel(0), channel(1), channel(2), alpha: channels == 4 ? channel(3) : 1)
    }

    /// `name(arguments)`: the name lowercased and the text between the parentheses; nil without a `(` or with
    /// no `)` at the end.
    static func function(_ text: String) -> (name: String, arguments: String)? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        return (text[..<open].lowercased(), String(text[text.index(after: open)..<text.index(before: text.endIndex)]))
    }

    /// `function` of an ASCII text, on its bytes.
    static func asciiFunction(_ text: String) -> (name: String, arguments: String)? {
        text.withContiguousUTF8 { bytes in
            guard let open = bytes.firstIndex(of: UInt8(ascii: "(")), bytes.last == UInt8(ascii: ")") else { return nil }
            let name = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(open, 1)) { lowered in
                for i in 0..<open {
                    let byte = bytes[i]
                    lowered[i] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
                }
                return String(decoding: UnsafeBufferPointer(rebasing: lowered[..<open]), as: UTF8.self)
            }
            // The `)` is last and the `(` is not, so the arguments lie between them (perhaps none).
            return (name, String(decoding: UnsafeBufferPointer(rebasing: bytes[(open + 1)..<(bytes.count - 1)]), as: UTF8.self))
        }
    }

    static func parseHex(_ text: String) -> Result<Color, Problem> {
        let digits = Array(text.dropFirst())
        let wrong = digits.first { !$0.isHexDigit }
        // The right length with a character that is no hex digit (`#0A84FG`, `#00O` with the letter O): say which.
        if [3, 4, 6, 8].contains(digits.count), let wrong, !wrong.isWhitespace {
            return .failure(Problem(message: "`\(text)` is not a hex color: `\(wrong)` is not a hex digit (0–9, A–F)"))
        }
        guard [3, 4, 6, 8].contains(digits.count), wrong == nil else {
            return .failure(Problem(message: "`\(text)` is not a hex color; expected #RGB, #RGBA, #RRGGBB or #RRGGBBAA"))
        }
        let expanded = digits.count <= 4 ? digits.flatMap { [$0, $0] } : digits
        var bytes: [Double] = []
        var i = 0
        while i < expanded.count {
            bytes.append(Double(Int(String(expanded[i...i + 1]), radix: 16)!) / 255)
            i += 2
        }
        return .success(Color(.srgb, bytes[0], bytes[1], bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1))
    }

    /// One argument of a color function.
    enum Value: Equatable {
        case number(Double)
        case percent(Double)
        case angle(Double)  // in degrees
        case none
    }

    /// The arguments of a color function: up to the `/`, and the alpha after it; commas for legacy syntax.
    struct Arguments {
        var values: [Value] = []
        var alpha: Value?
        var usesCommas = false
        var firstWord: String?

        init?(_ body: String) {
            var words: [String] = []
            var sawSlash = false
            var beforeSlash: [String] = []
            var body = body
            // Split at ASCII separators, read as bytes: a separator byte is never part of a longer UTF-8
            // sequence, and a word holding anything else is not a number, whichever way it was split.
            let split = body.withUTF8 { bytes -> Bool in
                var start = -1
                func flush(_ end: Int) {
                    if start >= 0 { words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)) }
                    start = -1
                }
                for i in 0..<bytes.count {
                    switch bytes[i] {
                    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"): flush(i)
                    case UInt8(ascii: ","): flush(i); usesCommas = true
                    case UInt8(ascii: "/"):
                        flush(i)
                        guard !sawSlash else { return false }
                        sawSlash = true
                        beforeSlash = words
                        words = []
                    default: if start < 0 { start = i }
                    }
                }
                flush(bytes.count)
                return true
            }
            guard split else { return nil }
            var main = sawSlash ? beforeSlash : words
            if let first = main.first, first.first?.isLetter == true, first != "none" {
                firstWord = first.lowercased()
                main.removeFirst()
            }
            guard let parsed = Self.values(main) else { return nil }
            values = parsed
            if sawSlash {
                guard words.count == 1, let alpha = Self.values(words)?.first else { return nil }
                self.alpha = alpha
            } else if usesCommas, values.count == 4 {
                alpha = values.removeLast()
            }
        }

        static let units: [(String, Double)] = [("deg", 1), ("grad", 0.9), ("rad", 180 / .pi), ("turn", 360)]

        static func values(_ words: [String]) -> [Value]? {
            var out: [Value] = []
            out.reserveCapacity(words.count)
            for word in words {
                // A plain number (nearly every component) reads as it is; lowercasing changes none of its bytes.
                if word.utf8.allSatisfy({ ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".")
                        || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }),
                    let n = Double(word), n.isFinite
                {
                    out.append(.number(n))
                    continue
                }
                let lower = word.lowercased()
                if lower == "none" { out.append(.none); continue }
                if lower.hasSuffix("%"), let n = Double(lower.dropLast()) { out.append(.percent(n)); continue }
                if let unit = units.first(where: { lower.hasSuffix($0.0) }), let n = Double(lower.dropLast(unit.0.count)) {
                    out.append(.angle(n * unit.1))
                    continue
                }
                guard let n = Double(lower), n.isFinite else { return nil }
                out.append(.number(n))
            }
            return out
        }
    }

}

/// Hexadecimal digits read as ASCII bytes, for the readers that parse hex without making strings.
public enum ASCIIHex {
    /// The value of a hex digit byte (`0`–`9`, `a`–`f`, `A`–`F`), or nil.
    @inlinable public static func digit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
