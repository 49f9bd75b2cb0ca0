import TokenModel

/// Numbers and units as older token formats write them in strings (`"16px"`, `".5rem"`, `"200ms"`), read and
/// multiplied exactly, in decimal.
enum Measure {
    /// The number (as a JSON number's text) and unit of `text`, such as `("16", "px")`; nil when `text` is
    /// not a number followed by letters.
    static func parse(_ text: String) -> (number: String, unit: String)? {
        let unitStart = text.firstIndex { $0.isLetter } ?? text.endIndex
        let number = String(text[..<unitStart]), unit = String(text[unitStart...])
        guard !unit.isEmpty, unit.allSatisfy({ $0.isLetter && $0.isASCII }), let normalised = jsonNumber(number) else { return nil }
        return (normalised, unit)
    }

    /// Whether `text` is a number as JSON writes one (and YAML reads as a number).
    static func isNumber(_ text: String) -> Bool { jsonNumber(text) == text }

    /// `text` as a JSON number's text (`.5` → `0.5`, `-.5` → `-0.5`), or nil when it is no decimal number.
    static func jsonNumber(_ text: String) -> String? {
        var digits = Substring(text)
        let negative = digits.first == "-"
        if negative { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        var whole = String(parts[0])
        if whole.isEmpty { whole = "0" }
        // JSON allows no leading zero before other digits (`016`).
        guard whole == "0" || !whole.hasPrefix("0") else { return nil }
        if parts.count == 2 {
            guard !parts[1].isEmpty else { return nil }
            return (negative ? "-" : "") + whole + "." + parts[1]
        }
        return (negative ? "-" : "") + whole
    }

    /// A percentage's text as the fraction it is, exactly (`150%` → `1.5`, `5%` → `0.05`); nil when `text` is
    /// not a number followed by `%`.
    static func percentFraction(_ text: String) -> String? {
        guard text.hasSuffix("%"), let number = jsonNumber(String(text.dropLast())) else { return nil }
        return product(number, "0.01")
    }

    /// The exact product of two decimal numbers' texts, as a JSON number (`0.05` × `16` = `0.8`); nil when
    /// it has more digits than an `Int` holds.
    static func product(_ a: String, _ b: String) -> String? {
        guard let (x, xScale) = decimal(a), let (y, yScale) = decimal(b) else { return nil }
        let (value, overflow) = x.multipliedReportingOverflow(by: y)
        guard !overflow else { return nil }
        var digits = String(value.magnitude)
        let scale = xScale + yScale
        if digits.count <= scale { digits = String(repeating: "0", count: scale - digits.count + 1) + digits }
        var whole = String(digits.dropLast(scale)), fraction = String(digits.suffix(scale))
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if whole.isEmpty { whole = "0" }
        let sign = value < 0 && (whole != "0" || !fraction.isEmpty) ? "-" : ""
        return sign + whole + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// A decimal number's text as an integer and the count of digits after its point.
    private static func decimal(_ text: String) -> (Int, Int)? {
        guard let number = jsonNumber(text) else { return nil }
        let negative = number.hasPrefix("-")
        let parts = number.drop { $0 == "-" }.split(separator: ".")
        guard let whole = Int(parts.joined()), parts.joined().count <= 17 else { return nil }
        return (negative ? -whole : whole, parts.count == 2 ? parts[1].count : 0)
    }

    /// The shortest decimal text that reads back as `value` (Swift's own), as a JSON number: no exponent.
    static func shortest(_ value: Double) -> String {
        let written = "\(value)"
        guard written.contains("e") else { return written.hasSuffix(".0") ? String(written.dropLast(2)) : written }
        return text(value)
    }

    /// A number's shortest text, for messages.
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Whether YAML reads `text` written plain as the same string (a letter or `$` first; letters, digits, `-`,
    /// `.`, `_` and spaces after it).
    static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "$", text.last != " " else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == " " || $0 == "_" || $0 == "$" }
            && !["true", "false", "null", "yes", "no", "on", "off", "y", "n"].contains(text.lowercased())
    }

    /// Font weight names as Tokens Studio and font files write them (lower-cased, letters only), and DTCG's
    /// name: DTCG's own names without their hyphens (`semibold` → `semi-bold`).
    static let weightNames: [String: String] =
        Dictionary(uniqueKeysWithValues: FontWeight.dtcgNames.keys.map { ($0.replacing("-", with: ""), $0) })
}
