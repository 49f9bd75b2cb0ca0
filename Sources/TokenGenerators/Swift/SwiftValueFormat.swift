import TokenModel
import TokenColor

/// Typed values as Swift: each type's expression in the generated file (`TokenDimension(4, .points)`,
/// `ThemeColor(light: …, dark: …)`), a part written as an alias of a constant kept as that constant.
extension SwiftContextBuilder {
    /// The constant a composite's part refers to, when the token has no appearance of its own and the part is an
    /// alias of a token of `type` with a constant (a number token is a `Double`, so it stands for no font weight).
    func partReference(_ token: ResolvedToken, _ part: WrittenAliases?, _ type: TokenType) -> String? {
        guard !token.writesModes, let path = part?.path else { return nil }
        // A `TokenModes` constant is no value of the part's type.
        guard let (reference, target) = constant(at: path), target.type == type, target.deprecation == nil,
              !target.differsByMode else { return nil }
        return reference
    }

    /// A value as the Swift output writes it: one object, so the color memo and a token's context share it by a
    /// reference (as a struct its five reference-counted fields were copied and destroyed one by one at each step).
    final class Value: Sendable {
        /// The expression of a one-line value; empty for a multi-line one (`constructor` and `arguments`).
        let line: String
        let type: String?
        let doc: [String]
        let constructor: String?
        let arguments: [String]

        init(line: String, constructor: String?, arguments: [String], type: String?, doc: [String]) {
            self.line = line
            self.constructor = constructor
            self.arguments = arguments
            self.type = type
            self.doc = doc
        }

        convenience init(expression: String, type: String?, doc: [String]) {
            self.init(line: expression, constructor: nil, arguments: [], type: type, doc: doc)
        }

        convenience init(constructor: String, arguments: [String], type: String?, doc: [String]) {
            self.init(line: "", constructor: constructor, arguments: arguments, type: type, doc: doc)
        }

        /// The value as one expression (a multi-line value's lines joined).
        var expression: String { SwiftTokenContext.expression(line: line, constructor: constructor, arguments: arguments) }
    }

    /// A token's Swift value: its light value, or a `TokenModes` when another mode's value differs from light's in
    /// more than its colors (`ResolvedToken.differsByMode`; a `ThemeColor` carries the colors in every mode).
    func swiftValue(_ token: ResolvedToken) -> Value? {
        guard let light = swiftValue(token, mode: 0) else { return nil }
        return token.differsByMode ? modalValue(token, light: light) : light
    }

    /// A `TokenModes` of the token's value in each mode (built-in appearances first, in their order, then custom
    /// modes as `themes`).
    func modalValue(_ token: ResolvedToken, light: Value) -> Value {
        var appearances: [(appearance: Int, expression: String)] = [(0, light.expression)]
        var themes: [(name: String, expression: String)] = []
        for index in 1..<token.values.count {
            // A mode whose value makes no Swift value falls back, as a missing mode does.
            guard let value = swiftValue(token, mode: index) else { continue }
            let expression = value.expression, mode = token.values[index].mode
            if let appearance = Appearance.builtInIndex(mode) {
                if appearance != 0 { appearances.append((appearance, expression)) }
            } else {
                themes.append((mode, expression))
            }
        }
        appearances.sort { $0.appearance < $1.appearance }
        var arguments = appearances.map { "\(Self.builtInLabels[$0.appearance]): \($0.expression)," }
        if themes.isEmpty {
            arguments[arguments.count - 1].removeLast()
        } else {
            arguments.append("themes: [")
            arguments += themes.map { "    \(SwiftNamer.string($0.name)): \($0.expression)," }
            arguments.append("]")
        }
        let modes = appearances.map { "\(Self.builtInModes[$0.appearance])" } + themes.map(\.name)
        let readers = "`value(in:)` (SwiftUI), `value(for:)` (UIKit, AppKit)" + (themes.isEmpty ? " or" : ",") + " `value(dark:highContrast:)`"
            + (themes.isEmpty ? "" : " or `theme(_:)`")
        let doc = light.doc + Self.commentLines("A value per mode (\(modes.joined(separator: ", "))): read it with \(readers).")
        // The element type is spelled out: `TokenModes(light: 2, dark: 3)` would be read as `Int` for a number token.
        return Value(constructor: light.type.map { "TokenModes<\($0)>" } ?? "TokenModes", arguments: arguments, type: nil, doc: doc)
    }

    /// The token's value in mode `index` of its values (0 is light). Colors inside a composite are a
    /// `ThemeColor` of every mode whichever mode is asked for.
    func swiftValue(_ token: ResolvedToken, mode index: Int) -> Value? {
        if token.type == .color {
            // A token that shares its colors' list has the same colors, and the same modes (checked, as they
            // make the value too).
            let shared = SharedColorsMemo<Value?>.identity(of: token)
            let slot = shared.map { memo.themeColors.slot(of: $0) } ?? 0
            if let shared, let known = memo.themeColors.value(for: shared, in: slot, sameModesAs: token) { return known }
            let value = themeColor(token.values.indices.lazy.map { (token.values[$0].mode, token.colors[$0]) })
            if let shared { memo.themeColors.store(value, madeFor: token, at: shared, in: slot) }
            return value
        }
        guard let shown = token.typedValue(at: index) else { return nil }
        let written = token.writtenValue
        /// A color inside the value in every mode the token has, as one `ThemeColor`.
        func partColor(_ part: (TokenValue) -> ColorValue?) -> String? {
            themeColor(token.values.indices.compactMap { i in
                token.typedValue(at: i).flatMap(part).map { (token.values[i].mode, Optional($0)) }
            })?.expression
        }
        switch shown {
        case .color: return nil
        case .accent:
            let modes = token.values.indices.compactMap { i in
                token.typedValue(at: i)?.accent.map { (token.values[i].mode, Optional($0.color.value)) }
            }
            return modes.isEmpty ? nil : themeColor(modes)
        case .dimension(let dimension):
            return Value(expression: Self.dimension(dimension), type: nil, doc: [])
        case .number(let number):
            return Value(expression: SwiftNamer.literal(number.value), type: "Double", doc: [])
        case .duration(let duration):
            return Value(expression: SwiftNamer.literal(duration.seconds), type: "Double",
                         doc: ["\(SwiftNamer.literal(duration.value)) \(duration.unit.rawValue), in seconds."])
        case .fontWeight(let weight):
            return Value(expression: String(Int(weight.weight)), type: "Int", doc: [])
        case .fontFamily(let family):
            return Value(expression: Self.familyList(family), type: "[String]", doc: [])
        case .cubicBezier(let curve):
            return Value(expression: Self.numberList(curve.points), type: "[Double]", doc: ["Cubic Bézier control points x1, y1, x2, y2."])
        case .typography(let typography):
            func part(_ key: String, _ type: TokenType, _ literal: () -> String) -> String {
                partReference(token, written[key], type) ?? literal()
            }
            let family = part("fontFamily", .fontFamily) { Self.familyList(typography.fontFamily) }
            let size = part("fontSize", .dimension) { Self.dimension(typography.fontSize) }
            let weight = part("fontWeight", .fontWeight) { String(Int(typography.fontWeight.weight)) }
            let spacing = part("letterSpacing", .dimension) { Self.dimension(typography.letterSpacing) }
            let lineHeight = part("lineHeight", .number) { SwiftNamer.literal(typography.lineHeight.value) }
            return Value(expression: "TokenTypography(fontFamily: \(family), fontSize: \(size), fontWeight: \(weight), letterSpacing: \(spacing), lineHeight: \(lineHeight))",
                         type: nil, doc: [])
        case .symbol(let symbol):
            // Palette colors: one ThemeColor per layer, each with the layer's color in every appearance.
            let palette = symbol.colors.indices.compactMap { layer in
                partColor { value in value.symbol.flatMap { layer < $0.colors.count ? $0.colors[layer].value : nil } }
            }
            var arguments = ["name: \(SwiftNamer.string(symbol.name.value)),", "weight: \(SwiftNamer.string(symbol.weight?.value ?? "regular")),",
                             "scale: \(SwiftNamer.string(symbol.scale?.value ?? "medium")),",
                             "rendering: \(SwiftNamer.string(symbol.rendering?.value ?? "monochrome"))"]
            if !palette.isEmpty {
                arguments[arguments.count - 1] += ","
                arguments.append("paletteColors: [" + palette.joined(separator: ", ") + "]")
            }
            return Value(constructor: "TokenSymbol", arguments: arguments,
                         type: nil, doc: symbol.context.map { ["Used in: \($0.value)."] } ?? [])
        case .icon(let icon):
            guard let (width, height) = icon.size else { return nil }
            let scales = icon.scales.map { SwiftNamer.literal(Double($0)) }
            return Value(expression: "TokenIconSize(width: \(SwiftNamer.literal(width)), height: \(SwiftNamer.literal(height)), scales: [\(scales.joined(separator: ", "))])",
                         type: nil, doc: ["A \(icon.kind) icon, in points."])
        case .border(let border):
            let width = partReference(token, written["width"], .dimension) ?? Self.dimension(border.width)
            let style = partReference(token, written["style"], .strokeStyle) ?? Self.strokeStyle(border.style)
            guard let color = partReference(token, written["color"], .color) ?? partColor({
                if case .border(let border) = $0 { border.color.value } else { nil }
            }) else { return nil }
            return Value(constructor: "TokenBorder", arguments: ["color: \(color),", "width: \(width),", "style: \(style)"], type: nil, doc: [])
        case .shadow(let shadow):
            // A shadow is one layer or a list of them; each layer's color has every appearance the token has.
            var layers: [String] = []
            for (index, layer) in shadow.layers.enumerated() {
                let writtenLayer = written.isList ? written.listItem(index) : written
                func dimensionPart(_ key: String, _ resolved: DimensionValue) -> String {
                    partReference(token, writtenLayer?[key], .dimension) ?? Self.dimension(resolved)
                }
                guard let color = partReference(token, writtenLayer?["color"], .color) ?? partColor({
                    if case .shadow(let shadow) = $0, index < shadow.layers.count { shadow.layers[index].color.value } else { nil }
                }) else { return nil }
                let x = dimensionPart("offsetX", layer.offsetX), y = dimensionPart("offsetY", layer.offsetY)
                let blur = dimensionPart("blur", layer.blur), spread = dimensionPart("spread", layer.spread)
                let inset = layer.inset ? ", inset: true" : ""
                layers.append("TokenShadow.Layer(color: \(color), offsetX: \(x), offsetY: \(y), blur: \(blur), spread: \(spread)\(inset))")
            }
            return Value(constructor: "TokenShadow", arguments: Self.commaSeparated(layers), type: nil, doc: [])
        case .transition(let transition):
            func time(_ key: String, _ resolved: DurationValue) -> String {
                partReference(token, written[key], .duration) ?? SwiftNamer.literal(resolved.seconds)
            }
            let duration = time("duration", transition.duration), delay = time("delay", transition.delay)
            let curve = partReference(token, written["timingFunction"], .cubicBezier) ?? Self.numberList(transition.timingFunction.points)
            return Value(expression: "TokenTransition(duration: \(duration), delay: \(delay), timingFunction: \(curve))",
                         type: nil, doc: ["Times in seconds; the timing function's cubic Bézier control points x1, y1, x2, y2."])
        case .gradient(let gradient):
            var stops: [String] = []
            for (index, stop) in gradient.stops.enumerated() {
                let writtenStop = written.listItem(index)
                let position = partReference(token, writtenStop?["position"], .number) ?? SwiftNamer.literal(stop.position.value)
                guard let color = partReference(token, writtenStop?["color"], .color) ?? partColor({
                    if case .gradient(let gradient) = $0, index < gradient.stops.count { gradient.stops[index].color.value } else { nil }
                }) else { return nil }
                stops.append("TokenGradient.Stop(color: \(color), position: \(position))")
            }
            return stops.isEmpty ? nil : Value(constructor: "TokenGradient", arguments: Self.commaSeparated(stops), type: nil, doc: [])
        case .strokeStyle(let style):
            return Value(expression: Self.strokeStyle(style), type: "TokenStrokeStyle", doc: [])
        }
    }

    /// A font family value (one name or a list) as a `[String]` literal.
    static func familyList(_ family: FontFamilyValue) -> String {
        "[" + family.names.map(SwiftNamer.string).joined(separator: ", ") + "]"
    }

    /// Numbers as a `[Double]` literal.
    static func numberList(_ numbers: [Double]) -> String {
        "[" + numbers.map(SwiftNamer.literal).joined(separator: ", ") + "]"
    }

    /// `items` as arguments, one per line, each but the last followed by a comma.
    static func commaSeparated(_ items: [String]) -> [String] {
        items.enumerated().map { $0.offset == items.count - 1 ? $0.element : $0.element + "," }
    }

    /// A stroke style: a CSS line-style keyword (`.solid`) or dashes with their line cap.
    static func strokeStyle(_ style: StrokeStyleValue) -> String {
        switch style.form {
        case .keyword(let keyword): "." + keyword.rawValue
        case .dashes(let dashes, let cap): ".dashes([" + dashes.map(dimension).joined(separator: ", ") + "], lineCap: .\(cap.rawValue))"
        }
    }

    /// A dimension: points (an Apple point is a CSS pixel) or rem.
    static func dimension(_ dimension: DimensionValue) -> String {
        "TokenDimension(\(SwiftNamer.literal(dimension.value)), .\(dimension.unit == .rem ? "rem" : "points"))"
    }

    /// `label` and the mode's own name of each built-in appearance, by its index in `Appearance.builtIn`, as
    /// literals the color texts are appended from (a test holds them to `label` and `Appearance.builtIn`).
    static let builtInLabels: [StaticString] = ["light", "dark", "lightHighContrast", "darkHighContrast"]
    static let builtInModes: [StaticString] = ["light", "dark", "light-high-contrast", "dark-high-contrast"]

    /// The Swift argument label of a built-in appearance.
    static func label(_ mode: String) -> String? {
        switch mode {
        case Appearance.light: "light"
        case Appearance.dark: "dark"
        case Appearance.lightHighContrast: "lightHighContrast"
        case Appearance.darkHighContrast: "darkHighContrast"
        default: nil
        }
    }

    /// Whether `themeColor` makes a value of these colors: one is a system color, or the first color of a
    /// built-in appearance is the light one.
    static func makesThemeColor(_ modes: some Sequence<(String, ColorValue?)>) -> Bool {
        var first: Int?
        for (mode, parsed) in modes {
            guard let appearance = Appearance.builtInIndex(mode), let parsed else { continue }
            if case .system = parsed { return true }
            if first == nil { first = appearance }
        }
        return first == 0
    }

    /// A `ThemeColor` of parsed colors per mode (a color token's colors are parsed once, at resolution).
    func themeColor(_ modes: some Collection<(String, ColorValue?)>) -> Value? {
        // Each mode's built-in appearance is looked up once (a custom mode has none and is left out); a
        // referenced system color, if any, makes the whole value.
        var colors: [(appearance: Int, color: Color)] = []
        colors.reserveCapacity(modes.count)
        var system: SystemColor?
        // Custom modes (brand themes), in the token's order: rare, so made only when met.
        var themes: [(name: String, color: Color)] = []
        for (mode, parsed) in modes {
            guard let parsed else { continue }
            guard let appearance = Appearance.builtInIndex(mode) else {
                // A system color in a theme's own appearance (`forest-dark`) is its value in that appearance.
                themes.append((mode, parsed.color(in: Appearance.combination(mode)?.appearance ?? Appearance.light)))
                continue
            }
            switch parsed {
            case .system(let referenced): system = referenced
            case .color(let color): colors.append((appearance, color))
            }
        }
        if let system {
            // Referenced system colors carry all four documented values, and their name for the native API.
            var arguments = Appearance.builtIn.map { "\(Self.label($0)!): \(tokenColor(system.value(for: $0)))," }
                + ["systemName: \(SwiftNamer.string(system.name))"]
            var doc = ["The system color `\(system.name)`; these are its documented values."]
            if !themes.isEmpty { appendThemes(themes, to: &arguments, doc: &doc) }
            return Value(constructor: "ThemeColor", arguments: arguments, type: nil, doc: doc)
        }
        // `makesThemeColor`: the first built-in appearance with a color must be the light one.
        guard let first = colors.first, first.appearance == 0 else { return nil }
        // One appearance per line, so a reviewer sees each value at a glance; commas between them.
        var arguments: [String] = []
        var doc: [String] = []
        arguments.reserveCapacity(colors.count)
        doc.reserveCapacity(colors.count)
        for (i, entry) in colors.enumerated() {
            let text = formatted(entry.color, appearance: entry.appearance)
            arguments.append(i == colors.count - 1 ? text.argument : text.argument + ",")
            doc.append(text.doc)
        }
        if !themes.isEmpty { appendThemes(themes, to: &arguments, doc: &doc) }
        return Value(constructor: "ThemeColor", arguments: arguments, type: nil, doc: doc)
    }

    /// The `themes:` argument, a line per custom mode, and a doc line each (`- ocean: #hex`).
    func appendThemes(_ themes: [(name: String, color: Color)], to arguments: inout [String], doc: inout [String]) {
        if let last = arguments.last, !last.hasSuffix(",") { arguments[arguments.count - 1] = last + "," }
        arguments.append("themes: [")
        for (name, color) in themes {
            arguments.append("    \(SwiftNamer.string(name)): \(tokenColor(color)),")
            doc += Self.commentLines("- \(name): `\(color.hex)`" + (color.isInGamut(.srgb) ? "" : " (sRGB fallback of a Display P3 color)"))
        }
        arguments.append("]")
    }

    /// `label: TokenColor(…)` and the doc line `- mode: #hex` of one appearance's color, each formatted once.
    /// Written as bytes and made a `String` once: appending piece by piece to a `String` costs several
    /// times more, and there are tens of thousands of these.
    func formatted(_ color: Color, appearance: Int) -> FormattedColor {
        let key = FormattedTexts.Key(appearance: appearance, color: ColorBits(color))
        // One access to the memo (a class's property, checked for exclusivity at run time on each access).
        if let known = memo.colors.value(for: key) { return known }
        // Written into the memo's one scratch buffer, borrowed once for the whole color (each access of a memo
        // field is a check; a buffer of its own was an allocation per color).
        let text = memo.withScratch { scratch in
            scratch.removeAll()
            scratch.append(literal: Self.builtInLabels[appearance])
            scratch.append(literal: ": ")
            // Whether the color fits sRGB decides both texts; worked out once.
            let inSRGB = color.isInGamut(.srgb)
            Self.appendTokenColor(color, inSRGB: inSRGB, to: &scratch)
            let argument = scratch.string
            scratch.removeAll()
            scratch.append(literal: "- ")
            scratch.append(literal: Self.builtInModes[appearance])
            scratch.append(literal: ": `")
            color.withHex { scratch.append($0) }
            scratch.append(UInt8(ascii: "`"))
            if !inSRGB { scratch.append(literal: " (sRGB fallback of a Display P3 color)") }
            return FormattedColor(argument: argument, doc: scratch.string)
        }
        // Bounded: the colors aliases repeat are met again soon, and an unbounded memo held every color's strings
        // for a 100,000-token set (19 MB, three strings a color then) until the output was done.
        memo.colors.store(text, for: key)
        return text
    }

    /// sRGB when the color fits sRGB and was not written as Display P3; Display P3 otherwise (gamut-mapped into P3).
    func tokenColor(_ color: Color) -> String {
        var bytes = ByteBuffer(capacity: 96)
        Self.appendTokenColor(color, inSRGB: color.isInGamut(.srgb), to: &bytes)
        return bytes.string
    }

    /// Appends `TokenColor(.sRGB, …)` or `TokenColor(.displayP3, …)` (see `tokenColor`); `inSRGB` is
    /// `color.isInGamut(.srgb)`.
    static func appendTokenColor(_ color: Color, inSRGB: Bool, to bytes: inout ByteBuffer) {
        let c: SIMD3<Double>
        let srgb = color.space != .displayP3 && inSRGB
        if srgb {
            c = color.converted(to: .srgb).components
            bytes.append(literal: "TokenColor(.sRGB, ")
        } else {
            c = (color.isInGamut(.displayP3) ? color.converted(to: .displayP3) : color.gamutMapped(to: .displayP3)).components
            bytes.append(literal: "TokenColor(.displayP3, ")
        }
        appendComponent(c.x, srgb: srgb, to: &bytes)
        bytes.append(literal: ", ")
        appendComponent(c.y, srgb: srgb, to: &bytes)
        bytes.append(literal: ", ")
        appendComponent(c.z, srgb: srgb, to: &bytes)
        if color.alpha != 1 {
            bytes.append(literal: ", alpha: ")
            // A short decimal (`0.2`) as it is; an 8-bit alpha that is not one (`#00000026`) as `38 / 255`.
            let literal = SwiftNamer.literal(color.alpha)
            let byte = (color.alpha * 255).rounded()
            if literal.utf8.count > 6, abs(color.alpha * 255 - byte) < 1e-9, byte > 0, byte < 255 {
                bytes.append(decimal: Int(byte))
                bytes.append(literal: " / 255")
            } else {
                bytes.append(literal)
            }
        }
        bytes.append(UInt8(ascii: ")"))
    }

    /// Appends a component as a literal; 8-bit sRGB values are written as `n / 255`, which is exact and readable.
    static func appendComponent(_ value: Double, srgb: Bool, to bytes: inout ByteBuffer) {
        let clamped = min(1, max(0, value))
        let byte = (clamped * 255).rounded()
        if srgb, abs(clamped * 255 - byte) < 1e-9, byte != 0, byte != 255 {
            let n = Int(byte)
            if n >= 100 { bytes.append(UInt8(48 + n / 100)) }
            if n >= 10 { bytes.append(UInt8(48 + n / 10 % 10)) }
            bytes.append(UInt8(48 + n % 10))
            bytes.append(literal: " / 255")
            return
        }
        bytes.append(SwiftNamer.literal((clamped * 1e9).rounded() / 1e9))
    }
}
