import TokenModel

/// Tokens Studio's math in a value (`{size.base}*2`, `({space.m} + 4) / 2`), computed exactly: DTCG has no
/// math, so migrate writes the result. Numbers are fractions of integers, so `{font-size.base}*0.875` of 16 is
/// 14 exactly, and a result that is no finite decimal (`10/3`) is not written.
enum TokenMath {
    /// A number with its unit (`px`, `rem`, `ms`; nil for none), as an exact fraction.
    struct Quantity: Equatable {
        var numerator: Int
        var denominator: Int
        var unit: String?
    }

    /// The value of `text`, references looked up in `values`: nil when `text` is not arithmetic (a plain alias,
    /// a number, a CSS function); `.failure` with why when it is but has no exact value.
    static func evaluate(_ text: String, values: [String: String]) -> Result<Quantity, MathFailure>? {
        // A number or a measure on its own (`-2px`) is a value, not math.
        let trimmed = text.filter { $0 != " " }
        guard Measure.parse(trimmed) == nil, Measure.jsonNumber(trimmed) == nil, let tokens = tokenize(text), tokens.contains(where: { if case .symbol(let s) = $0 { "+-*/".contains(s) } else { false } }),
              tokens.count > 1 else { return nil }
        var parser = Parser(tokens: tokens, values: values, depth: 0)
        return parser.whole()
    }

    /// Why a computation has no exact value.
    struct MathFailure: Error, Equatable {
        let reason: String
    }

    /// The quantity's decimal text (`14`, `0.5`), or nil when it has no finite decimal expansion.
    static func decimalText(_ quantity: Quantity) -> String? {
        // n / 2d is 5n / 10d, n / 5d is 2n / 10d: one more decimal digit each time; any other factor never ends.
        var numerator = quantity.numerator, denominator = quantity.denominator, scale = 0
        while denominator != 1 {
            let factor: Int
            if denominator % 10 == 0 { factor = 1 } else if denominator % 2 == 0 { factor = 5 } else if denominator % 5 == 0 { factor = 2 } else { return nil }
            let (scaled, overflow) = numerator.multipliedReportingOverflow(by: factor)
            guard !overflow else { return nil }
            numerator = scaled
            denominator = denominator * factor / 10
            scale += 1
        }
        var digits = String(numerator.magnitude)
        if digits.count <= scale { digits = String(repeating: "0", count: scale - digits.count + 1) + digits }
        let whole = String(digits.dropLast(scale))
        var fraction = String(digits.suffix(scale))
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (numerator < 0 ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
    }

    enum Token: Equatable {
        case number(String, unit: String?)
        case reference(String)
        case symbol(Character)
    }

    /// `text` as numbers (with units), references and the symbols `+ - * / ( )`; nil when anything else is in it.
    static func tokenize(_ text: String) -> [Token]? {
        var tokens: [Token] = []
        let characters = Array(text)
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c == " " { i += 1; continue }
            if "+-*/()".contains(c) {
                tokens.append(.symbol(c))
                i += 1
            } else if c == "{" {
                guard let end = characters[i...].firstIndex(of: "}") else { return nil }
                let path = String(characters[(i + 1)..<end])
                guard !path.isEmpty, !path.contains("{") else { return nil }
                tokens.append(.reference(path))
                i = end + 1
            } else if c.isNumber || c == "." {
                var j = i
                while j < characters.count, characters[j].isNumber || characters[j] == "." { j += 1 }
                var k = j
                while k < characters.count, characters[k].isLetter, characters[k].isASCII { k += 1 }
                guard let number = Measure.jsonNumber(String(characters[i..<j])) else { return nil }
                tokens.append(.number(number, unit: k > j ? String(characters[j..<k]) : nil))
                i = k
            } else {
                return nil
            }
        }
        return tokens
    }

    /// A recursive-descent reading of the tokens: sums of products of factors.
    struct Parser {
        let tokens: [Token]
        let values: [String: String]
        let depth: Int
        var position = 0

        init(tokens: [Token], values: [String: String], depth: Int) {
            self.tokens = tokens
            self.values = values
            self.depth = depth
        }

        mutating func whole() -> Result<Quantity, MathFailure> {
            let result = sum()
            guard case .success = result else { return result }
            return position == tokens.count ? result : .failure(MathFailure(reason: "it is not arithmetic migrate reads"))
        }

        mutating func sum() -> Result<Quantity, MathFailure> {
            var left: Quantity
            switch product() {
            case .success(let value): left = value
            case .failure(let failure): return .failure(failure)
            }
            while position < tokens.count, case .symbol(let s) = tokens[position], s == "+" || s == "-" {
                position += 1
                let right: Quantity
                switch product() {
                case .success(let value): right = value
                case .failure(let failure): return .failure(failure)
                }
                guard let unit = TokenMath.sharedUnit(left.unit, right.unit) else {
                    return .failure(MathFailure(reason: "it adds `\(left.unit ?? "a number")` to `\(right.unit ?? "a number")`"))
                }
                guard let value = TokenMath.add(left, s == "+" ? right : Quantity(numerator: -right.numerator, denominator: right.denominator, unit: right.unit))
                else { return .failure(MathFailure(reason: "its numbers are too long to compute exactly")) }
                left = Quantity(numerator: value.numerator, denominator: value.denominator, unit: unit)
            }
            return .success(left)
        }

        mutating func product() -> Result<Quantity, MathFailure> {
            var left: Quantity
            switch factor() {
            case .success(let value): left = value
            case .failure(let failure): return .failure(failure)
            }
            while position < tokens.count, case .symbol(let s) = tokens[position], s == "*" || s == "/" {
                position += 1
                let right: Quantity
                switch factor() {
                case .success(let value): right = value
                case .failure(let failure): return .failure(failure)
                }
                let unit: String?
                if s == "*" {
                    guard left.unit == nil || right.unit == nil else { return .failure(MathFailure(reason: "it multiplies two measures")) }
                    unit = left.unit ?? right.unit
                } else {
                    guard right.numerator != 0 else { return .failure(MathFailure(reason: "it divides by zero")) }
                    guard right.unit == nil || right.unit == left.unit else { return .failure(MathFailure(reason: "it divides by a measure")) }
                    unit = right.unit == nil ? left.unit : nil
                }
                let divisor = s == "*" ? right : Quantity(numerator: right.denominator, denominator: right.numerator, unit: nil)
                guard let value = TokenMath.multiply(left, divisor) else { return .failure(MathFailure(reason: "its numbers are too long to compute exactly")) }
                left = Quantity(numerator: value.numerator, denominator: value.denominator, unit: unit)
            }
            return .success(left)
        }

        mutating func factor() -> Result<Quantity, MathFailure> {
            guard position < tokens.count else { return .failure(MathFailure(reason: "it ends in an operator")) }
            let token = tokens[position]
            position += 1
            switch token {
            case .number(let text, let unit):
                guard let value = TokenMath.fraction(text) else { return .failure(MathFailure(reason: "`\(text)` has too many digits")) }
                return .success(Quantity(numerator: value.0, denominator: value.1, unit: unit))
            case .reference(let path):
                return TokenMath.value(of: path, values: values, depth: depth)
            case .symbol("-"):
                guard case .success(let value) = factor() else { return .failure(MathFailure(reason: "it is not arithmetic migrate reads")) }
                return .success(Quantity(numerator: -value.numerator, denominator: value.denominator, unit: value.unit))
            case .symbol("("):
                let inner = sum()
                guard case .success = inner else { return inner }
                guard position < tokens.count, tokens[position] == .symbol(")") else { return .failure(MathFailure(reason: "a parenthesis is not closed")) }
                position += 1
                return inner
            case .symbol:
                return .failure(MathFailure(reason: "it is not arithmetic migrate reads"))
            }
        }
    }

    /// The value of the token `path`: its number or measure, or its own math or alias computed in turn.
    static func value(of path: String, values: [String: String], depth: Int) -> Result<Quantity, MathFailure> {
        guard depth < 32 else { return .failure(MathFailure(reason: "its references go round in a circle")) }
        guard let text = values[path] else {
            return .failure(MathFailure(reason: "`{\(path)}` has no single number in the set (it is missing, not a number, or differs between sets)"))
        }
        if let target = TokenReference.aliasPath(text) { return value(of: target, values: values, depth: depth + 1) }
        if let tokens = tokenize(text), !tokens.isEmpty {
            var parser = Parser(tokens: tokens, values: values, depth: depth + 1)
            return parser.whole()
        }
        return .failure(MathFailure(reason: "`{\(path)}` is `\(text)`, not a number"))
    }

    /// The units of two added quantities: the same unit, or a number beside pixels (Tokens Studio's unitless
    /// numbers are pixels); nil when they differ.
    static func sharedUnit(_ a: String?, _ b: String?) -> String?? {
        switch (a, b) {
        case let (x?, y?) where x == y: x
        case (nil, nil): .some(nil)
        case ("px", nil), (nil, "px"): "px"
        default: nil
        }
    }

    static func fraction(_ text: String) -> (Int, Int)? {
        let negative = text.hasPrefix("-")
        let parts = text.drop { $0 == "-" }.split(separator: ".")
        let digits = parts.joined()
        guard digits.count <= 15, let whole = Int(digits) else { return nil }
        var denominator = 1
        for _ in 0..<(parts.count == 2 ? parts[1].count : 0) { denominator *= 10 }
        return reduced(negative ? -whole : whole, denominator)
    }

    static func multiply(_ a: Quantity, _ b: Quantity) -> (numerator: Int, denominator: Int)? {
        let (n, o1) = a.numerator.multipliedReportingOverflow(by: b.numerator)
        let (d, o2) = a.denominator.multipliedReportingOverflow(by: b.denominator)
        guard !o1, !o2, d != 0 else { return nil }
        return reduced(d < 0 ? -n : n, abs(d))
    }

    static func add(_ a: Quantity, _ b: Quantity) -> (numerator: Int, denominator: Int)? {
        let (x, o1) = a.numerator.multipliedReportingOverflow(by: b.denominator)
        let (y, o2) = b.numerator.multipliedReportingOverflow(by: a.denominator)
        let (n, o3) = x.addingReportingOverflow(y)
        let (d, o4) = a.denominator.multipliedReportingOverflow(by: b.denominator)
        guard !o1, !o2, !o3, !o4 else { return nil }
        return reduced(n, d)
    }

    static func reduced(_ numerator: Int, _ denominator: Int) -> (Int, Int) {
        var a = numerator.magnitude, b = UInt(denominator)
        while b != 0 { (a, b) = (b, a % b) }
        let divisor = Int(max(a, 1))
        return (numerator / divisor, denominator / divisor)
    }
}
