import TokenColor

/// The CSS color functions: their arguments, channels, hues and the fixes for their common slips.
extension ColorSyntax {
    static func alphaValue(_ value: Value?, _ text: String) -> Result<Double, Problem> {
        switch value {
        case nil: .success(1)
        // Past either end beyond rounding is a mistake CSS would clamp: `/ 50` (50 meant as 50 %) is opaque.
        case .number(let n)? where n < -1e-6 || n > 1 + 1e-6:
            .failure(Problem(message: "the alpha in `\(text)` must be a number from 0 to 1 or a percentage, found \(Color.shortText(n))",
                             fix: n >= 2 && n <= 100 ? "for \(Color.shortText(n)) %, write \"\(withPercentAlpha(text))\""
                                 : "write an alpha from 0 to 1, or from 0% to 100%"))
        case .number(let n)?: .success(min(1, max(0, n)))
        case .percent(let p)? where p < -1e-4 || p > 100 + 1e-4:
            .failure(Problem(message: "the alpha in `\(text)` must be a percentage from 0% to 100%, found \(Color.shortText(p))%",
                             fix: "write an alpha from 0% to 100%"))
        case .percent(let p)?: .success(min(1, max(0, p / 100)))
        case .none?: .success(0)
        case .angle?: .failure(Problem(message: "the alpha in `\(text)` must be a number from 0 to 1 or a percentage"))
        }
    }

    /// `text` with a `%` after its last argument, the alpha: `rgb(10 132 255 / 50)` → `rgb(10 132 255 / 50%)`.
    static func withPercentAlpha(_ text: String) -> String {
        guard let end = lastArgument(text)?.upperBound else { return text + "%" }
        return inserting("%", at: end, in: text)
    }

    static func count(_ arguments: Arguments, _ text: String) -> Problem? {
        guard arguments.values.count != 3 else { return nil }
        let problem = "`\(text)` needs three components, found \(arguments.values.count)"
        // `rgb(10 132 255 50%)`: an alpha without its `/`.
        if arguments.values.count == 4, arguments.alpha == nil, !arguments.usesCommas, let withSlash = withSlashBeforeAlpha(text),
           (try? parse(withSlash).get()) != nil {
            return Problem(message: problem, fix: "separate the alpha with `/`: write \"\(withSlash)\"")
        }
        return Problem(message: problem)
    }

    /// `text` with a `/` before its last argument: `rgb(10 132 255 50%)` → `rgb(10 132 255 / 50%)`.
    static func withSlashBeforeAlpha(_ text: String) -> String? {
        lastArgument(text).map { inserting("/ ", at: $0.lowerBound, in: text) }
    }

    static func rgb(_ arguments: Arguments, _ text: String) -> Result<Color, Problem> {
        if let problem = count(arguments, text) { return .failure(problem) }
        if let problem = fractionChannelsProblem(arguments, text) { return .failure(problem) }
        var channels: [Double] = []
        for value in arguments.values {
            switch value {
            case .number(let n): channels.append(min(1, max(0, n / 255)))
            case .percent(let p): channels.append(min(1, max(0, p / 100)))
            case .none: channels.append(.nan)
            case .angle: return .failure(Problem(message: "`\(text)`: rgb() channels are numbers from 0 to 255 or percentages"))
            }
        }
        return alphaValue(arguments.alpha, text).map { Color(.srgb, channels[0], channels[1], channels[2], alpha: $0) }
    }

    /// rgb() channels written as 0–1 fractions (`rgb(0.04 0.52 1)`, as UIColor and Figma give them): valid CSS,
    /// and almost black, since rgb() channels run from 0 to 255. Every channel a number from 0 to 1 and one
    /// with a fraction: no one writes a near-black that way, and `color(srgb …)` is what was meant.
    static func fractionChannelsProblem(_ arguments: Arguments, _ text: String) -> Problem? {
        var numbers: [Double] = []
        for value in arguments.values {
            switch value {
            case .number(let n) where n >= 0 && n <= 1: numbers.append(n)
            case .none: numbers.append(.nan)
            default: return nil
            }
        }
        guard numbers.contains(where: { !$0.isNaN && $0 != $0.rounded() }) else { return nil }
        func written(_ value: Double) -> String { value.isNaN ? "none" : value.wholeNumberText ?? String(value) }
        var alphaText = ""
        switch arguments.alpha {
        case .number(let n)?: alphaText = " / " + written(n)
        case .percent(let p)?: alphaText = " / " + written(p) + "%"
        case .none?: alphaText = " / none"
        default: break
        }
        let channels = numbers.map { $0.isNaN ? 0 : $0 / 255 }
        let hex = Color(.srgb, channels[0], channels[1], channels[2]).hex
        return Problem(message: "`\(text)`: rgb() channels run from 0 to 255, so this is almost black (\(hex))",
                       fix: "for components from 0 to 1, write \"color(srgb \(numbers.map(written).joined(separator: " "))\(alphaText))\"")
    }

    static func hue(_ value: Value, _ text: String) -> Result<Double, Problem> {
        switch value {
        case .number(let n), .angle(let n):
            var h = n.truncatingRemainder(dividingBy: 360)
            if h < 0 { h += 360 }
            return .success(h)
        case .none: return .success(.nan)
        case .percent: return .failure(Problem(message: "`\(text)`: a hue is a number or an angle such as 120deg, not a percentage"))
        }
    }

    static func polarSRGB(_ space: ColorSpace, _ arguments: Arguments, _ text: String) -> Result<Color, Problem> {
        if let problem = count(arguments, text) { return .failure(problem) }
        let h: Double
        switch hue(arguments.values[0], text) {
        case .success(let value): h = value
        case .failure(let problem): return .failure(problem)
        }
        var rest: [Double] = []
        for value in arguments.values.dropFirst() {
            switch value {
            case .percent(let p), .number(let p): rest.append(p)
            case .none: rest.append(.nan)
            case .angle: return .failure(Problem(message: "`\(text)`: only the hue may be an angle"))
            }
        }
        return alphaValue(arguments.alpha, text).map { Color(space, h, rest[0], rest[1], alpha: $0) }
    }

    static func perceptual(_ space: ColorSpace, _ arguments: Arguments, _ text: String,
                           lightness: Double, percentScale: Double) -> Result<Color, Problem>
    {
        if let problem = count(arguments, text) { return .failure(problem) }
        let isPolar = space == .lch || space == .oklch
        var c: [Double] = []
        for (i, value) in arguments.values.enumerated() {
            if isPolar && i == 2 {
                switch hue(value, text) {
                case .success(let h): c.append(h)
                case .failure(let problem): return .failure(problem)
                }
                continue
            }
            switch value {
            case .number(let n): c.append(n)
            case .percent(let p): c.append(p / 100 * (i == 0 ? lightness : percentScale))
            case .none: c.append(.nan)
            case .angle: return .failure(Problem(message: "`\(text)`: only a hue may be an angle"))
            }
        }
        if let problem = lightnessProblem(arguments.values[0], of: space, upTo: lightness, text) { return .failure(problem) }
        // What is left past the ends is rounding (`1.0000000000000002` from a converter): clamped, as CSS does.
        if !c[0].isNaN { c[0] = min(lightness, max(0, c[0])) }
        if isPolar, !c[1].isNaN { c[1] = max(0, c[1]) }
        return alphaValue(arguments.alpha, text).map { Color(space, c[0], c[1], c[2], alpha: $0) }
    }

    /// A lightness written outside its space's range, beyond rounding. CSS clamps it, so `oklch(62 0.19 255)`
    /// (62 meant as 62 %) would be white; a token file means something else, as a DTCG object's range error
    /// says for the same components. A number from 2 to 100 in OKLab or OKLCH gets the percentage as its fix (a
    /// little past 1 is more likely a lightness over the top than a percentage).
    static func lightnessProblem(_ value: Value, of space: ColorSpace, upTo range: Double, _ text: String) -> Problem? {
        let slack = range * 1e-6
        let name = "\(space.rawValue)()", rangeText = range.wholeNumberText ?? String(range)
        switch value {
        case .number(let n) where n < -slack || n > range + slack:
            let message = "`\(text)`: the lightness of \(name) is a number from 0 to \(rangeText) or a percentage, found \(Color.shortText(n))"
            guard range == 1, n >= 2, n <= 100, let fixed = withPercentLightness(text) else {
                return Problem(message: message, fix: "write a lightness from 0 to \(rangeText), or from 0% to 100%")
            }
            return Problem(message: message, fix: "for \(Color.shortText(n)) %, write \"\(fixed)\"")
        case .percent(let p) where p < -1e-4 || p > 100 + 1e-4:
            return Problem(message: "`\(text)`: the lightness of \(name) is a percentage from 0% to 100%, found \(Color.shortText(p))%",
                           fix: "write a lightness from 0% to 100%")
        default:
            return nil
        }
    }

    /// `text` with a `%` after its first argument: `oklch(62 0.19 255)` → `oklch(62% 0.19 255)`.
    static func withPercentLightness(_ text: String) -> String? {
        firstArgument(text).map { inserting("%", at: $0.upperBound, in: text) }
    }

    /// Where a color function's first argument is written in `text`: after the `(` and any blanks, up to a
    /// blank, comma, slash or the `)`.
    static func firstArgument(_ text: String) -> Range<String.Index>? {
        guard let open = text.firstIndex(of: "("),
              let start = text[text.index(after: open)...].firstIndex(where: { !isArgumentEdge($0) }) else { return nil }
        return start..<(text[start...].firstIndex(where: isArgumentEdge) ?? text.endIndex)
    }

    /// Where a color function's last argument is written in `text`: before the last `)` and any blanks, after a
    /// blank, comma, slash or the `(`.
    static func lastArgument(_ text: String) -> Range<String.Index>? {
        guard let close = text.lastIndex(of: ")"),
              let last = text[..<close].lastIndex(where: { !isArgumentEdge($0) && $0 != "(" }) else { return nil }
        let start = text[..<last].lastIndex(where: { isArgumentEdge($0) || $0 == "(" }).map(text.index(after:)) ?? text.startIndex
        return start..<text.index(after: last)
    }

    /// A character that ends an argument of a color function: a blank, comma, slash or the `)`.
    static func isArgumentEdge(_ character: Character) -> Bool { " \t,/)".contains(character) }

    /// `text` with `insertion` at `index`.
    static func inserting(_ insertion: String, at index: String.Index, in text: String) -> String {
        String(text[..<index]) + insertion + String(text[index...])
    }

    static let predefined: [String: ColorSpace] = [
        "srgb": .srgb, "srgb-linear": .srgbLinear, "display-p3": .displayP3, "a98-rgb": .a98RGB,
        "prophoto-rgb": .prophotoRGB, "rec2020": .rec2020, "xyz": .xyzD65, "xyz-d65": .xyzD65, "xyz-d50": .xyzD50,
    ]

    /// The fix for a color() space name that is none: a misspelling (`dispaly-p3`) or a part of one name only
    /// (`p3`), when the text with that name parses.
    static func spaceFix(_ word: String, _ text: String) -> String? {
        let containing = predefined.keys.filter { $0.contains(word) }
        guard let space = NearestName.find(word, in: Array(predefined.keys)) ?? (containing.count == 1 ? containing.first : nil),
              let range = firstArgument(text) else { return nil }
        var fixed = text
        fixed.replaceSubrange(range, with: space)
        // A text the name is already in (`color(display-p3) 1 0 0)`, whose first word is `display-p3)`) is no
        // fix, and parsing it again would ask for this fix again, forever.
        guard fixed != text else { return nil }
        return (try? parse(fixed).get()) != nil ? "write \"\(fixed)\"" : nil
    }

    static func colorFunction(_ arguments: Arguments, _ text: String) -> Result<Color, Problem> {
        guard let name = arguments.firstWord, let space = predefined[name] else {
            return .failure(Problem(message: "`\(text)`: color() needs a color space first, one of "
                + predefined.keys.sorted().joined(separator: ", "), fix: arguments.firstWord.flatMap { spaceFix($0, text) }))
        }
        if let problem = count(arguments, text) { return .failure(problem) }
        var c: [Double] = []
        for value in arguments.values {
            switch value {
            case .number(let n): c.append(n)
            case .percent(let p): c.append(p / 100)
            case .none: c.append(.nan)
            case .angle: return .failure(Problem(message: "`\(text)`: color() components are numbers or percentages"))
            }
        }
        return alphaValue(arguments.alpha, text).map { Color(space, c[0], c[1], c[2], alpha: $0) }
    }
}
