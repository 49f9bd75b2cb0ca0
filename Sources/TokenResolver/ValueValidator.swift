import TokenModel

/// One reason a value does not fit its type, located at the part that is wrong.
struct ValueProblem {
    var message: String
    var location: SourceLocation
    var fix: String?

    /// The error reporting this problem in the value of the token at `path`, of `type`.
    func diagnostic(path: String, type: TokenType) -> Diagnostic {
        Diagnostic(.tokenInvalidValue, severity: .error, message: "`\(path)` is not a valid \(type.rawValue): \(message)",
                   location: location, path: path, fix: fix)
    }
}

/// Checks resolved values against the DTCG 2025.10 type definitions and tokenc's own types.
struct ValueValidator {
    static let dimensionUnits = ["px", "rem", "pt"]
    static let durationUnits = ["ms", "s"]
    static let strokeKeywords = ["solid", "dashed", "dotted", "double", "groove", "ridge", "outset", "inset"]
    static let lineCaps = ["round", "butt", "square"]
    private var problems: [ValueProblem] = []

    mutating func validate(_ node: Node, as type: TokenType) -> [ValueProblem] {
        problems = []
        check(node, as: type)
        return problems
    }

    /// A color value's problems and, when it has none, the color it reads as, so that the resolved token keeps
    /// it instead of parsing the string again. A color string is valid exactly when it parses (`color`), so the
    /// usual case is one parse and nothing else.
    mutating func validateColor(_ node: Node) -> (problems: [ValueProblem], color: ColorValue?) {
        if node.string != nil, case .success(let parsed) = ColorValue.parse(node) { return ([], parsed) }
        let problems = validate(node, as: .color)
        guard problems.isEmpty else { return (problems, nil) }
        return ([], { if case .success(let object) = ColorValue.parse(node) { object } else { nil } }())
    }

    private mutating func fail(_ message: String, _ node: Node, fix: String? = nil) {
        problems.append(ValueProblem(message: message, location: node.location, fix: fix))
    }

    /// Infinity and NaN (`1e400`, `.inf`, `.nan`) parse as YAML numbers but are no design value.
    private mutating func finite(_ node: Node) {
        if let value = node.number, !value.isFinite {
            fail("`\(node.numberText)` is not a finite number", node, fix: "write a number such as 1.5")
        }
    }

    private mutating func check(_ node: Node, as type: TokenType) {
        switch type {
        case .color: color(node)
        case .dimension: dimension(node)
        case .duration: duration(node)
        case .number:
            if node.number == nil { fail("expected a number, found \(node.kindDescription)", node, fix: "write a number such as 1.5") } else { finite(node) }
        case .fontFamily: fontFamily(node)
        case .fontWeight: fontWeight(node)
        case .cubicBezier: cubicBezier(node)
        case .strokeStyle: strokeStyle(node)
        case .border:
            guard let fields = object(node, required: ["color", "width", "style"], optional: [],
                                      example: ##"{ color: "#1C1C1E", width: { value: 1, unit: px }, style: solid }"##) else { return }
            color(fields["color"]!)
            dimension(fields["width"]!)
            strokeStyle(fields["style"]!)
        case .transition:
            guard let fields = object(node, required: ["duration", "delay", "timingFunction"], optional: [],
                                      example: "{ duration: { value: 200, unit: ms }, delay: { value: 0, unit: ms }, timingFunction: [0.25, 0.1, 0.25, 1] }")
            else { return }
            duration(fields["duration"]!)
            duration(fields["delay"]!)
            cubicBezier(fields["timingFunction"]!)
        case .shadow:
            if let items = node.sequenceItems {
                if items.isEmpty { fail("expected at least one shadow", node) }
                for item in items { shadow(item) }
            } else {
                shadow(node)
            }
        case .gradient: gradient(node)
        case .typography:
            guard let fields = object(node, required: ["fontFamily", "fontSize", "fontWeight", "letterSpacing", "lineHeight"],
                                      optional: [],
                                      example: "{ fontFamily: SF Pro, fontSize: { value: 17, unit: px }, fontWeight: regular, letterSpacing: { value: 0, unit: px }, lineHeight: 1.3 }")
            else { return }
            fontFamily(fields["fontFamily"]!)
            dimension(fields["fontSize"]!)
            fontWeight(fields["fontWeight"]!)
            dimension(fields["letterSpacing"]!)
            if !(fields["lineHeight"]!.number?.isFinite ?? false) {
                fail("`lineHeight` must be a number (a multiple of the font size), found \(fields["lineHeight"]!.kindDescription)",
                     fields["lineHeight"]!)
            }
        case .symbol:
            guard let fields = object(node, required: ["name"],
                                      optional: ["weight", "scale", "rendering", "colors", "context", "text-weight", "variable-color"],
                                      example: "{ name: house.fill, weight: regular }")
            else { return }
            if fields["name"]!.string?.isEmpty != false { fail("`name` must be an SF Symbols name such as `house.fill`", fields["name"]!) }
            for key in ["weight", "scale", "rendering", "context"] {
                if let field = fields[key], field.string == nil { fail("`\(key)` must be a name, found \(field.kindDescription)", field) }
            }
            if let colors = fields["colors"] {
                if let items = colors.sequenceItems { for item in items { color(item) } } else {
                    fail("`colors` must be a list of colors", colors)
                }
            }
            if let weight = fields["text-weight"] { fontWeight(weight) }
            if let variable = fields["variable-color"], case .scalar(.bool, _) = variable.kind {} else if let variable = fields["variable-color"] {
                fail("`variable-color` must be true or false", variable)
            }
        case .accent:
            guard let fields = object(node, required: ["color"],
                                      optional: ["surfaces", "text-on-accent", "applies-to", "fixed-sidebar-icons"],
                                      example: ##"{ color: "{color.brand}" }"##) else { return }
            color(fields["color"]!)
            if let surfaces = fields["surfaces"] {
                if let items = surfaces.sequenceItems { for item in items { color(item) } } else {
                    fail("`surfaces` must be a list of colors", surfaces)
                }
            }
            if let text = fields["text-on-accent"] { color(text) }
            if let applies = fields["applies-to"], applies.sequenceItems?.allSatisfy({ $0.string != nil }) != true {
                fail("`applies-to` must be a list such as [buttons, selection, sidebar-icons]", applies)
            }
            if let fixed = fields["fixed-sidebar-icons"], fixed.mappingEntries == nil {
                fail("`fixed-sidebar-icons` must map sidebar items to colors", fixed)
            }
        case .icon:
            guard let fields = object(node, required: ["kind"],
                                      optional: ["platform", "image", "dark", "tinted", "images", "layers", "size", "scales",
                                                 "size-class", "description"],
                                      example: "{ kind: app-icon, platform: ios, image: AppIcon-1024.png }") else { return }
            for key in ["kind", "platform", "image", "dark", "tinted", "size-class", "description"] {
                if let field = fields[key], field.string == nil { fail("`\(key)` must be a string, found \(field.kindDescription)", field) }
            }
            if let images = fields["images"], images.mappingEntries?.allSatisfy({ $0.value.string != nil }) != true {
                fail("`images` must map sizes such as \"16@2x\" to image paths", images)
            }
            if let layers = fields["layers"], layers.sequenceItems == nil && layers.mappingEntries == nil {
                fail("`layers` must list the image layers, back to front", layers)
            }
            if let size = fields["size"], let sizeFields = object(size, required: ["width", "height"], optional: [],
                                                                  example: "{ width: 24, height: 24 }") {
                for key in ["width", "height"] where !(sizeFields[key]!.number.map { $0 > 0 && $0.isFinite } ?? false) {
                    fail("`\(key)` must be a positive number of points", sizeFields[key]!)
                }
            }
            // Apple's image scales are @1x, @2x and @3x; the Swift output lists them as `Int`s.
            if let scales = fields["scales"], scales.sequenceItems?.allSatisfy({ [1, 2, 3].contains($0.number ?? 0) }) != true {
                fail("`scales` must list scale factors 1, 2 or 3, such as [2, 3]", scales)
            }
        }
    }

    /// A checked object's fields, read from its entries as they are: most objects have two to five fields, and
    /// a dictionary of them, made for every dimension, symbol and icon, cost more than finding each by scanning.
    struct Fields {
        let entries: [MappingEntry]

        /// The field `key` (keys are unique once loaded).
        subscript(key: String) -> Node? { entries.first { $0.key == key }?.value }
    }

    /// The fields of an object value, or nil after reporting missing, unknown or non-object input. `example` is
    /// a whole value of the kind, for the fixes; `written` is the same value made of what a scalar says, when it
    /// says enough (`4px` for a dimension).
    private mutating func object(_ node: Node, required: [String], optional: [String], example: String,
                                 written: String? = nil) -> Fields? {
        guard let entries = node.mappingEntries else {
            fail("expected a mapping with " + required.map { "`\($0)`" }.joined(separator: ", ") + ", found \(node.kindDescription)", node,
                 fix: "write `\(written ?? example)`")
            return nil
        }
        let known = required + optional
        for entry in entries where !known.contains(entry.key) {
            let nearest = NearestName.find(entry.key, in: known)
            problems.append(ValueProblem(
                message: "`\(entry.key)` is not a field here; expected " + known.map { "`\($0)`" }.joined(separator: ", "),
                location: entry.keyLocation, fix: nearest.map { "did you mean `\($0)`?" } ?? "remove `\(entry.key)`"))
        }
        let fields = Fields(entries: entries)
        let missing = required.filter { fields[$0] == nil }
        if !missing.isEmpty {
            fail("missing " + missing.map { "`\($0)`" }.joined(separator: ", "), node,
                 fix: "add " + Self.list(missing.map { "`\($0)`" }) + ", as in `\(example)`")
            return nil
        }
        return fields
    }

    /// Names joined for a sentence: `a`, `a and b`, `a, b and c`.
    static func list(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// `{ value: 4, unit: px }` for a scalar written the older way, as one string (`4px`, `200 ms`), or as a bare
    /// number (given the first of `units`); nil when the text is no number followed by one of `units`.
    static func measurement(_ node: Node, units: [String]) -> String? {
        if node.number != nil, node.number!.isFinite { return "{ value: \(node.numberText), unit: \(units[0]) }" }
        guard let text = node.string else { return nil }
        let body = text.trimmingBlanks()
        let number = body.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }
        let unit = body.dropFirst(number.count).trimmingBlanks()
        guard !number.isEmpty, Double(number) != nil, units.contains(unit) else { return nil }
        return "{ value: \(number), unit: \(unit) }"
    }

    private mutating func dimension(_ node: Node) {
        guard let fields = object(node, required: ["value", "unit"], optional: [], example: "{ value: 16, unit: px }",
                                  written: Self.measurement(node, units: Self.dimensionUnits)) else {
            return
        }
        if fields["value"]!.number == nil {
            fail("`value` must be a number, found \(fields["value"]!.kindDescription)", fields["value"]!, fix: "write a number such as 16")
        } else {
            finite(fields["value"]!)
        }
        guard let unit = fields["unit"]!.string, Self.dimensionUnits.contains(unit) else {
            let nearest = fields["unit"]!.string.flatMap { NearestName.find($0, in: Self.dimensionUnits) }
            fail("`unit` must be `px` or `rem` (`pt` is read as `px`)", fields["unit"]!,
                 fix: nearest.map { "did you mean `\($0)`?" } ?? "write `px` or `rem`")
            return
        }
    }

    private mutating func duration(_ node: Node) {
        guard let fields = object(node, required: ["value", "unit"], optional: [], example: "{ value: 200, unit: ms }",
                                  written: Self.measurement(node, units: Self.durationUnits)) else { return }
        if fields["value"]!.number == nil {
            fail("`value` must be a number, found \(fields["value"]!.kindDescription)", fields["value"]!, fix: "write a number such as 200")
        } else {
            finite(fields["value"]!)
        }
        if let unit = fields["unit"]!.string, Self.durationUnits.contains(unit) {} else {
            fail("`unit` must be `ms` or `s`", fields["unit"]!, fix: "write `ms` or `s`")
        }
    }

    private mutating func fontFamily(_ node: Node) {
        if node.string != nil { return }
        if let items = node.sequenceItems, !items.isEmpty {
            for item in items where item.string == nil {
                fail("every font family name must be a string, found \(item.kindDescription)", item)
            }
            return
        }
        fail("expected a font family name or a list of names, found \(node.kindDescription)", node)
    }

    private mutating func fontWeight(_ node: Node) {
        if let number = node.number {
            if !(number >= 1 && number <= 1000) { fail("a font weight must be between 1 and 1000, found \(node.numberText)", node) }
            return
        }
        if let name = node.string {
            if FontWeight.dtcgNames[name] == nil {
                let suggestion = NearestName.find(name.lowercased(), in: Array(FontWeight.dtcgNames.keys))
                fail("`\(name)` is not a font weight name", node,
                     fix: suggestion.map { "did you mean `\($0)`?" } ?? "use a number from 1 to 1000 or a name such as `bold`")
            }
            return
        }
        fail("expected a number from 1 to 1000 or a weight name, found \(node.kindDescription)", node)
    }

    private mutating func cubicBezier(_ node: Node) {
        guard let items = node.sequenceItems, items.count == 4 else {
            fail("expected four numbers [x1, y1, x2, y2]", node)
            return
        }
        for (i, item) in items.enumerated() {
            guard let value = item.number, value.isFinite else {
                fail(item.number == nil ? "expected a number, found \(item.kindDescription)" : "`\(item.numberText)` is not a finite number", item)
                continue
            }
            if i % 2 == 0, !(value >= 0 && value <= 1) {
                fail("x\(i / 2 + 1) must be between 0 and 1", item)
            }
        }
    }

    private mutating func strokeStyle(_ node: Node) {
        if let keyword = node.string {
            if !Self.strokeKeywords.contains(keyword) {
                fail("`\(keyword)` is not a stroke style", node, fix: "use one of: " + Self.strokeKeywords.joined(separator: ", "))
            }
            return
        }
        guard let fields = object(node, required: ["dashArray", "lineCap"], optional: [],
                                  example: "{ dashArray: [{ value: 4, unit: px }], lineCap: round }") else { return }
        let dashes = fields["dashArray"]!
        if let items = dashes.sequenceItems, !items.isEmpty {
            for item in items { dimension(item) }
        } else {
            fail("`dashArray` must be a non-empty list of dimensions", dashes)
        }
        if let cap = fields["lineCap"]!.string, Self.lineCaps.contains(cap) {} else {
            fail("`lineCap` must be `round`, `butt` or `square`", fields["lineCap"]!)
        }
    }

    private mutating func shadow(_ node: Node) {
        guard let fields = object(node, required: ["color", "offsetX", "offsetY", "blur", "spread"], optional: ["inset"],
                                  example: ##"{ color: "#00000033", offsetX: { value: 0, unit: px }, offsetY: { value: 2, unit: px }, blur: { value: 8, unit: px }, spread: { value: 0, unit: px } }"##)
        else { return }
        color(fields["color"]!)
        for key in ["offsetX", "offsetY", "blur", "spread"] { dimension(fields[key]!) }
        if let inset = fields["inset"], case .scalar(.bool, _) = inset.kind {} else if let inset = fields["inset"] {
            fail("`inset` must be true or false", inset)
        }
    }

    private mutating func gradient(_ node: Node) {
        guard let stops = node.sequenceItems, !stops.isEmpty else {
            fail("expected a non-empty list of stops with `color` and `position`", node)
            return
        }
        for stop in stops {
            guard let fields = object(stop, required: ["color", "position"], optional: [], example: ##"{ color: "#0A84FF", position: 0 }"##)
            else { continue }
            color(fields["color"]!)
            if !(fields["position"]!.number?.isFinite ?? false) {
                fail("`position` must be a number from 0 to 1", fields["position"]!)
            }
        }
    }

    private mutating func color(_ node: Node) {
        if node.string != nil {
            if case .failure(let problem) = ColorValue.parse(node) {
                fail(problem.message, node, fix: problem.fix ?? ColorSyntax.example)
            }
            return
        }
        // `$value: 0x0A84FF` or `$value: 336699` unquoted: YAML reads a number, the color's hex digits.
        if node.number != nil, let text = node.scalarText, let hex = ColorSyntax.hexMissingItsHash(text) {
            fail("`\(text)` is a number here, not a color; a hex color starts with `#` and is quoted", node, fix: "write \"\(hex)\"")
            return
        }
        guard let fields = object(node, required: ["colorSpace", "components"], optional: ["alpha", "hex"],
                                  example: "{ colorSpace: srgb, components: [0.04, 0.52, 1] }") else { return }
        guard let space = fields["colorSpace"]!.string, let ranges = ColorSpaceRanges.table[space] else {
            fail("`colorSpace` must be one of " + ColorSpaceRanges.names.joined(separator: ", "), fields["colorSpace"]!)
            return
        }
        guard let components = fields["components"]!.sequenceItems, components.count == 3 else {
            fail("`components` must be a list of three numbers for \(space)", fields["components"]!)
            return
        }
        // Components that look like 0–255 channels (`[255, 128, 0]` in srgb): the fix gives them divided by 255.
        // Worked out only for a color with a component out of range.
        func bytesFix() -> String? {
            let written = components.map { $0.string == "none" ? Double.nan : $0.number ?? -1 }
            guard let space = ColorSpace(rawValue: space),
                  let scaled = Color(space, written[0], written[1], written[2]).byteChannelsComponents else { return nil }
            return "components run from 0 to 1; 0–255 channels divided by 255 are [\(scaled.map { $0 == "none" ? "\"none\"" : $0 }.joined(separator: ", "))]"
        }
        for (component, range) in zip(components, ranges) {
            if component.string == "none" { continue }
            guard let value = component.number else {
                fail("a component must be a number or \"none\", found \(component.kindDescription)", component)
                continue
            }
            if !range.contains(value) {
                fail("\(range.name) must be \(range.text) in \(space), found \(component.numberText)", component, fix: bytesFix())
            }
        }
        if let alpha = fields["alpha"] {
            if let value = alpha.number, value >= 0, value <= 1 {} else {
                fail("`alpha` must be a number from 0 to 1", alpha)
            }
        }
        if let hex = fields["hex"] {
            let ok = hex.string.map { $0.count == 7 && $0.first == "#" && $0.dropFirst().allSatisfy(\.isHexDigit) } ?? false
            if !ok { fail("`hex` must be a 6-digit sRGB fallback such as \"#0a84ff\"", hex) }
        }
    }
}

/// The component ranges of the 14 DTCG color spaces.
enum ColorSpaceRanges {
    struct Range {
        var name: String
        var low: Double?
        var high: Double?
        var highIsOpen = false

        func contains(_ value: Double) -> Bool {
            guard value.isFinite else { return false }
            if let low, value < low { return false }
            if let high { return highIsOpen ? value < high : value <= high }
            return true
        }

        var text: String {
            switch (low, high) {
            case let (l?, h?): highIsOpen ? "at least \(format(l)) and below \(format(h))" : "from \(format(l)) to \(format(h))"
            case let (l?, nil): "at least \(format(l))"
            default: "a number"
            }
        }

        private func format(_ value: Double) -> String {
            value.wholeNumberText ?? String(value)
        }
    }

    static let unit = [Range(name: "red", low: 0, high: 1), Range(name: "green", low: 0, high: 1), Range(name: "blue", low: 0, high: 1)]
    static let xyz = [Range(name: "x"), Range(name: "y"), Range(name: "z")]
    static let hue = Range(name: "hue", low: 0, high: 360, highIsOpen: true)

    static let table: [String: [Range]] = [
        "srgb": unit, "srgb-linear": unit, "display-p3": unit, "a98-rgb": unit, "prophoto-rgb": unit, "rec2020": unit,
        "xyz-d65": xyz, "xyz-d50": xyz,
        "hsl": [hue, Range(name: "saturation", low: 0, high: 100), Range(name: "lightness", low: 0, high: 100)],
        "hwb": [hue, Range(name: "whiteness", low: 0, high: 100), Range(name: "blackness", low: 0, high: 100)],
        "lab": [Range(name: "lightness", low: 0, high: 100), Range(name: "a"), Range(name: "b")],
        "lch": [Range(name: "lightness", low: 0, high: 100), Range(name: "chroma", low: 0), hue],
        "oklab": [Range(name: "lightness", low: 0, high: 1), Range(name: "a"), Range(name: "b")],
        "oklch": [Range(name: "lightness", low: 0, high: 1), Range(name: "chroma", low: 0), hue],
    ]

    static let names = ["srgb", "srgb-linear", "hsl", "hwb", "lab", "lch", "oklab", "oklch", "display-p3", "a98-rgb",
                        "prophoto-rgb", "rec2020", "xyz-d65", "xyz-d50"]
}

extension Node {
    /// The number as written, for messages.
    var numberText: String {
        if let text = scalarText { return text }
        return kindDescription
    }
}
