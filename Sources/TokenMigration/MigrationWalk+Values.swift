import SourceTree
import TokenModel

/// What migrate does with values DTCG 2025.10 can hold only after a change of form: a token with no type whose
/// value says what it is, Android's `dp`, a typography value with fields of its own or without the letter
/// spacing DTCG asks for, a shadow layer's `alpha` — and the values that have no exact form at all, whose tokens
/// move under `$extensions` (`MovedTokenSurvey`).
extension MigrationWalk {
    /// The typography fields DTCG 2025.10 defines.
    static let typographyFields: Set<String> = ["fontFamily", "fontSize", "fontWeight", "letterSpacing", "lineHeight"]

    /// The token paths a value refers to: the value itself when it is an alias, and every alias inside a
    /// composite value.
    static func references(in value: Node) -> [String] {
        switch value.kind {
        case .scalar: value.string.flatMap(TokenReference.aliasPath).map { [$0] } ?? []
        case .sequence(let items): items.flatMap(references(in:))
        case .mapping(let entries): entries.flatMap { references(in: $0.value) }
        }
    }

    /// Why a value of `type` has no exact DTCG form, so that its token moves under `$extensions`: a dimension
    /// relative to a font size or the viewport, or in a unit DTCG has no conversion for, and a shadow whose
    /// layer's `alpha` applies to an aliased color. Nil when it has one (or is left to a note).
    static func inexactReason(_ value: Node, type: String?) -> String? {
        switch type {
        case "dimension":
            let written: (number: String, unit: String)?
            if let text = value.string, TokenReference.aliasPath(text) == nil {
                written = Measure.parse(text)
            } else if let unit = value["unit"]?.string, let number = value["value"]?.scalarText, !unit.isEmpty {
                written = (number, unit)
            } else {
                written = nil
            }
            guard let (number, unit) = written, !["px", "rem", "pt", "dp"].contains(unit) else { return nil }
            let text = number + unit
            return switch unit {
            case "em":
                "`\(text)` is relative to a font size the token does not have, so it has no exact size in `px` "
                    + "(to keep it a token, write its size at your body text in `px`)"
            case "vw", "vh", "vmin", "vmax", "svh", "lvh", "dvh", "svw", "lvw", "dvw":
                "`\(text)` is relative to the viewport, so it has no size in `px` or `rem` (to keep it a token, write the size it should have)"
            default: "`\(text)` is in `\(unit)`, a unit DTCG's dimension does not have (to keep it a token, write it in `px` or `rem`)"
            }
        case "typography":
            // CSS's `normal` line height (Tokens Studio's `AUTO`) is the font's own, which DTCG's number cannot say.
            guard value.mappingEntries != nil else { return nil }
            guard let height = value["lineHeight"] else {
                return "the typography value has no line height: DTCG requires one, and CSS's `normal` is the font's own "
                    + "(to keep it a token, add a `lineHeight`, a multiple of the font size such as 1.2)"
            }
            if let text = height.string, ["auto", "normal"].contains(text.lowercased()) {
                return "the line height `\(text)` is the font's own, which DTCG's line height (a multiple of the font size) cannot say "
                    + "(to keep it a token, write the multiple, such as 1.2)"
            }
            return nil
        case "shadow":
            let layers = value.sequenceItems ?? [value]
            for layer in layers where layer["alpha"] != nil {
                if let color = layer["color"]?.string, TokenReference.aliasPath(color) != nil {
                    return "a layer's `alpha` has no DTCG field, and the color it applies to is the alias `\(color)`: "
                        + "the shadow has no exact DTCG form (to keep it a token, write the layer's color with its alpha, `rgb(… / a)`, in each appearance)"
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// Why a token has no exact DTCG form: its value has none (`inexactReason(_:type:)`), or it has a tool's
    /// `alpha` beside a `$value` that is an alias (Primer's: the alpha applies to the aliased color).
    static func inexactReason(token: Node, type: String?) -> String? {
        guard let value = token["$value"] else { return nil }
        if token["alpha"] != nil, let alias = value.string, TokenReference.aliasPath(alias) != nil {
            return "`alpha` beside `$value` has no DTCG field, and the color it applies to is the alias `\(alias)`: "
                + "the color has no exact DTCG form (to keep it a token, write the color with that alpha, `rgb(… / a)`, in each appearance)"
        }
        return inexactReason(value, type: type)
    }

    /// A token whose value has no exact DTCG form, or which refers to one that moves: the whole token moves
    /// under `$extensions.tokenc.migrate`, its value kept, and a note says why.
    mutating func moveWhole(_ node: Node, keys: [String], path: String, type: String?) {
        let why: String
        if let reason = Self.inexactReason(token: node, type: type) {
            why = reason
        } else {
            let target = node["$value"].map(Self.references(in:))?.first { moved.contains($0) } ?? ""
            why = "it refers to `{\(target)}`, which moves under `$extensions`"
        }
        guard movesStructure, wrapInExtensions(node, location: node.location, reason: "\(why): the token moves under `$extensions`") else {
            notes.append(MigrationNote(location: node.location, path: path, message: "`\(path)` is left as it is: \(why); move it under `$extensions`"))
            return
        }
        if let scalar = node["$value"]?.scalarText {
            expectations.append(MigrationExpectation(keys: keys + ["$extensions", Self.extensionKey, "$value"], value: .text(scalar)))
        }
        notes.append(MigrationNote(location: node.location, path: path,
                                   message: "\(why): `\(path)` is kept under `$extensions.\(Self.extensionKey)`, and is no longer a token"))
    }

    /// The type a token with none (neither its own nor its groups') has by its value alone (`ValueShape`), and
    /// for a measure written as a string (`"8px"`, `"200ms"`) by its unit.
    static func inferredType(_ value: Node) -> String? {
        if let type = ValueShape.type(of: value) { return type.rawValue }
        guard let text = value.string, TokenReference.aliasPath(text) == nil, let (_, unit) = Measure.parse(text) else { return nil }
        return ValueShape.measureType(unit)?.rawValue
    }

    /// Gives a token with no type the one its value shows (`inferredType`), written first among its members.
    /// Returns the type, or nil when the value does not show one.
    mutating func inferType(_ node: Node, value: Node, keys: [String], path: String) -> String? {
        guard let type = Self.inferredType(value) else { return nil }
        let shown = value.mappingEntries == nil ? "`\(value.string ?? "")`"
            : type == "color" ? "a color object" : ["dimension", "duration"].contains(type) ? "a `{value, unit}` object" : "a \(type) object"
        guard let insertion = insertMember(named: "$type", value: jsonQuoted(type), into: node,
                                           reason: "`\(path)` has no type; its value, \(shown), is a \(type)") else { return nil }
        edits.append(insertion)
        expectations.append(MigrationExpectation(keys: keys + ["$type"], value: .text(type)))
        return type
    }

    /// A typography value's fields DTCG does not define (`WebkitFontSmoothing`) move under the token's
    /// `$extensions.tokenc.migrate`; a missing `letterSpacing` is `0px`, the spacing CSS Text 3 means by `normal`.
    mutating func typographyFields(_ value: Node, token: Node, keys: [String], path: String) {
        guard let entries = value.mappingEntries, TokenReference.aliasPath(value.string ?? "") == nil else { return }
        let extra = entries.filter { !Self.typographyFields.contains($0.key) }
        if !extra.isEmpty { moveValueFields(extra, of: value, token: token, keys: keys, path: path) }
        let present = Set(entries.map(\.key))
        guard !present.contains("letterSpacing"), present.contains("fontFamily"), present.contains("fontSize") else { return }
        guard let insertion = insertMember(named: "letterSpacing", value: measureObject("0", "px"), into: value,
                                           reason: "a typography value needs `letterSpacing`: CSS's `normal` spacing is `0px`")
        else {
            notes.append(MigrationNote(location: value.location, path: path, message: "the typography value has no `letterSpacing`; add `{value: 0, unit: px}`"))
            return
        }
        edits.append(insertion)
        expectations.append(MigrationExpectation(keys: keys + ["$value", "letterSpacing"], value: .measure(0, unit: "px")))
    }

    /// A typography value's line height written as a measure (`{value: 41, unit: px}`) becomes the multiple of
    /// the font size DTCG's line height is, when the font size is in the same unit: the shortest number that,
    /// multiplied by the size, gives the height again (41px of a 34px font is 1.2058823529411764).
    mutating func lineHeight(_ node: Node, fontSize: Node?, keys: [String], path: String) {
        func measure(_ node: Node?) -> (Double, String)? {
            guard let node else { return nil }
            if let text = node.string, let (number, unit) = Measure.parse(text), let value = Double(number) { return (value, unit) }
            guard let unit = node["unit"]?.string, let value = node["value"]?.number else { return nil }
            return (value, unit)
        }
        guard let (height, unit) = measure(node) else { return }
        let written = node.string ?? "\(Measure.text(height))\(unit)"
        guard let (size, sizeUnit) = measure(fontSize), sizeUnit == unit, size > 0, height >= 0 else {
            notes.append(MigrationNote(location: node.location, path: path,
                                       message: "the line height `\(written)` is left as it is: DTCG's is a multiple of the font size, which is not in `\(unit)`"))
            return
        }
        // The quotient, or a neighbour of it, whose product with the size is the height again; failing that (25px
        // of a 22px font), the quotient, whose product is the height to 15 significant digits: well below what
        // any layout resolves (CSS lays out in 1/64 px).
        let quotient = height / size
        let exact = [quotient, quotient.nextDown, quotient.nextUp].first { $0 * size == height }
        guard let ratio = exact ?? (abs(quotient * size - height) <= height * 1e-15 ? quotient : nil) else {
            notes.append(MigrationNote(location: node.location, path: path,
                                       message: "the line height `\(written)` is left as it is: no number times \(Measure.text(size))\(unit) gives it exactly"))
            return
        }
        let text = Measure.shortest(ratio)
        guard let extent = valueExtent(node) else { return }
        edits.removeAll { $0.range.overlaps(extent) }
        edits.append(TextEdit(range: extent, replacement: text, location: node.location,
                              reason: "a line height of `\(written)` with a \(Measure.text(size))\(unit) font is \(text) times the font size"
                                  + (exact == nil ? " (\(Measure.text(height))\(unit) to 15 significant digits)" : "")))
        expectations.append(MigrationExpectation(keys: keys, value: .text(text)))
    }

    /// Moves the fields `fields` of the composite value `value` under the token's `$extensions.tokenc.migrate`,
    /// as written, in an object of their own (`{"WebkitFontSmoothing": "antialiased"}`).
    mutating func moveValueFields(_ fields: [MappingEntry], of value: Node, token: Node, keys: [String], path: String) {
        let names = fields.map { "`\($0.key)`" }.joined(separator: ", ")
        let reason = "\(names) \(fields.count == 1 ? "is not a field" : "are not fields") of DTCG's value: "
            + "\(fields.count == 1 ? "it moves" : "they move") under `$extensions.\(Self.extensionKey)`"
        func leave() {
            notes.append(MigrationNote(location: fields[0].keyLocation, path: path,
                                       message: "\(names) in the value \(fields.count == 1 ? "is" : "are") not DTCG's; move \(fields.count == 1 ? "it" : "them") under `$extensions`"))
        }
        var members: [String] = [], extents: [(MappingEntry, Range<Int>)] = []
        for field in fields {
            guard movesStructure, !field.key.isEmpty, field.key.utf8.allSatisfy({ Self.isKeyByte($0) }),
                  let extent = valueExtent(field.value), !extent.isEmpty, let member = memberExtent(field, in: value) else { return leave() }
            members.append(jsonQuoted(field.key) + ": " + String(decoding: bytes[extent], as: UTF8.self))
            extents.append((field, member))
        }
        let object = "{" + members.joined(separator: ", ") + "}"
        let existing = token.mappingEntries?.first { $0.key == "$extensions" }
        let insertion: TextEdit?
        if let existing {
            guard existing.value.mappingEntries?.contains(where: { $0.key == Self.extensionKey }) == false else { return leave() }
            insertion = insertMember(named: Self.extensionKey, value: object, into: existing.value, reason: reason)
        } else {
            insertion = insertMember(named: "$extensions", value: "{" + jsonQuoted(Self.extensionKey) + ": " + object + "}", into: token, reason: reason)
        }
        guard let insertion, let removals = merged(extents, clearOf: insertion.range) else { return leave() }
        edits.append(insertion)
        for (field, extent) in removals { edits.append(TextEdit(range: extent, replacement: "", location: field.keyLocation, reason: reason)) }
        for field in fields {
            expectations.append(MigrationExpectation(keys: keys + ["$value", field.key], value: .absent))
            if let scalar = field.value.scalarText {
                expectations.append(MigrationExpectation(keys: keys + ["$extensions", Self.extensionKey, field.key], value: .text(scalar)))
            }
        }
    }

    /// A shadow layer's `alpha` (a field of Primer's) applied to the layer's color where that is written out:
    /// `#0d1117` with `alpha: 0.8` is `rgb(13 17 23 / 0.8)`, and `alpha` goes. (An aliased color makes the
    /// whole token move: `inexactReason`.)
    mutating func shadowAlpha(_ value: Node, keys: [String], path: String) {
        let layers = value.sequenceItems.map { Array($0.enumerated()) } ?? [(0, value)]
        for (index, layer) in layers {
            guard let entry = layer.mappingEntries?.first(where: { $0.key == "alpha" }), let colorNode = layer["color"],
                  let color = colorNode.string, TokenReference.aliasPath(color) == nil else { continue }
            let layerKeys = value.sequenceItems == nil ? keys : keys + [String(index)]
            guard let alpha = entry.value.scalarText, let number = Measure.jsonNumber(alpha), let fraction = Double(number),
                  (0...1).contains(fraction), let folded = Self.color(color, withAlpha: number),
                  let extent = memberExtent(entry, in: layer) else {
                notes.append(MigrationNote(location: entry.keyLocation, path: path,
                                           message: "the layer's `alpha` is left as it is: write its color with that alpha and remove `alpha`"))
                continue
            }
            let reason = "the layer's `alpha: \(alpha)` is written into its color, `\(folded)`"
            replaceScalar(colorNode, with: folded, reason: reason)
            edits.append(TextEdit(range: extent, replacement: "", location: entry.keyLocation, reason: reason))
            expectations.append(MigrationExpectation(keys: layerKeys + ["color"], value: .text(folded)))
            expectations.append(MigrationExpectation(keys: layerKeys + ["alpha"], value: .absent))
        }
    }

    /// A tool's `alpha` beside a written-out color (Primer's) applied to it: a CSS color string gets the alpha
    /// written into it, a color object its `alpha` member; `alpha` goes. Returns whether it was applied.
    mutating func tokenAlpha(_ node: Node, alpha entry: MappingEntry, keys: [String], path: String) -> Bool {
        guard let value = node["$value"], let alpha = entry.value.scalarText, let number = Measure.jsonNumber(alpha),
              let fraction = Double(number), (0...1).contains(fraction), let extent = memberExtent(entry, in: node) else { return false }
        if let text = value.string {
            guard TokenReference.aliasPath(text) == nil, let folded = Self.color(text, withAlpha: number) else { return false }
            let reason = "`alpha: \(alpha)` beside `$value` is written into the color, `\(folded)`"
            replaceScalar(value, with: folded, reason: reason)
            edits.append(TextEdit(range: extent, replacement: "", location: entry.keyLocation, reason: reason))
            expectations.append(MigrationExpectation(keys: keys + ["$value"], value: .text(folded)))
        } else {
            guard value["colorSpace"] != nil, value["components"] != nil else { return false }
            let reason = "`alpha: \(alpha)` beside `$value` is the color object's `alpha`"
            if let own = value["alpha"] {
                guard own.number == 1 else { return false }
                replaceValue(own, with: number, reason: reason)
            } else {
                guard let insertion = insertMember(named: "alpha", value: number, into: value, reason: reason) else { return false }
                edits.append(insertion)
            }
            edits.append(TextEdit(range: extent, replacement: "", location: entry.keyLocation, reason: reason))
            expectations.append(MigrationExpectation(keys: keys + ["$value", "alpha"], value: .text(number)))
        }
        expectations.append(MigrationExpectation(keys: keys + ["alpha"], value: .absent))
        return true
    }

    /// An opaque CSS color string with `alpha` (a JSON number's text) written into it, exactly: a six-digit hex
    /// as `rgb()`, a function without an alpha with `/ alpha` before its parenthesis. Nil for other forms.
    static func color(_ text: String, withAlpha alpha: String) -> String? {
        guard let parsed = MigrationExpectation.color(text), parsed.alpha == 1 else { return nil }
        let digits = Array(text.dropFirst().utf8)
        if text.hasPrefix("#"), digits.count == 6 {
            let channels = stride(from: 0, to: 6, by: 2).compactMap { Int(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16) }
            guard channels.count == 3 else { return nil }
            return "rgb(\(channels[0]) \(channels[1]) \(channels[2]) / \(alpha))"
        }
        guard text.hasSuffix(")"), !text.contains("/"), !text.contains(","), text.contains("(") else { return nil }
        return String(text.dropLast()) + " / \(alpha))"
    }

    /// Tokens Studio's math in a value (`{size.base}*2`) becomes its result, computed exactly from the set's
    /// values (`TokenMath`): DTCG has no math. Returns whether the value was math (converted or noted).
    mutating func computeMath(_ node: Node, keys: [String], type: String, path: String) -> Bool {
        guard let text = node.string, let computed = TokenMath.evaluate(text, values: values) else { return false }
        // A tag (`!!str`) says what the scalar is; a number or an object in its place would not take it.
        guard bytes.indices.contains(offset(node.location)), !hasTag(node.location) else {
            notes.append(MigrationNote(location: node.location, path: path, message: "`\(text)` is left as it is: it has a YAML tag; remove the tag and run migrate again"))
            return true
        }
        let result: TokenMath.Quantity
        switch computed {
        case .failure(let failure):
            notes.append(MigrationNote(location: node.location, path: path,
                                       message: "`\(text)` is left as it is: DTCG has no math, and \(failure.reason); write its value"))
            return true
        case .success(let quantity): result = quantity
        }
        let units: Set<String> = type == "dimension" ? ["px", "rem"] : type == "duration" ? ["ms", "s"] : []
        // A number where a size is meant is Tokens Studio's pixels.
        let unit = result.unit ?? (type == "dimension" && format == .tokensStudio ? "px" : nil)
        guard let number = TokenMath.decimalText(result), Measure.isNumber(number),
              type == "number" ? unit == nil : unit.map(units.contains) == true else {
            let why = TokenMath.decimalText(result) == nil ? "its result has no finite decimal" : "its result is not a \(type)"
            notes.append(MigrationNote(location: node.location, path: path, message: "`\(text)` is left as it is: DTCG has no math, and \(why); write its value"))
            return true
        }
        let reason = "DTCG has no math: `\(text)` is \(number)\(unit ?? "") (it no longer follows the tokens it names)"
        if let unit {
            replaceValue(node, with: measureObject(number, unit), reason: reason)
            expectations.append(MigrationExpectation(keys: keys, value: .measure(Double(number)!, unit: unit)))
        } else {
            replaceValue(node, with: number, reason: reason)
            expectations.append(MigrationExpectation(keys: keys, value: .text(number)))
        }
        return true
    }

    /// A layer of Tokens Studio's `boxShadow`: `x` and `y` are DTCG's `offsetX` and `offsetY` (their sizes
    /// converted as the other fields'), `type: dropShadow` goes, and `type: innerShadow` is `inset: true`.
    mutating func tokensStudioShadowLayer(_ layer: Node, keys: [String], path: String) {
        for entry in layer.mappingEntries ?? [] {
            switch entry.key {
            case "x", "y":
                let name = entry.key == "x" ? "offsetX" : "offsetY"
                guard layer[name] == nil else { continue }
                renameKey(entry, to: name)
                measure(entry.value, keys: keys + [name], units: ["px", "rem"], path: path)
            case "type":
                switch entry.value.string {
                case "dropShadow":
                    guard let extent = memberExtent(entry, in: layer) else { continue }
                    edits.append(TextEdit(range: extent, replacement: "", location: entry.keyLocation, reason: "a `dropShadow` is DTCG's shadow, not `inset`"))
                    expectations.append(MigrationExpectation(keys: keys + ["type"], value: .absent))
                case "innerShadow":
                    renameKey(entry, to: "inset")
                    replaceValue(entry.value, with: "true", reason: "an `innerShadow` is DTCG's `inset: true`")
                    expectations.append(MigrationExpectation(keys: keys + ["inset"], value: .text("true")))
                default:
                    notes.append(MigrationNote(location: entry.keyLocation, path: path, message: "the shadow type `\(entry.value.scalarText ?? "")` is left as it is"))
                }
            default: continue
            }
        }
    }

    /// Android's `dp` in a dimension object (`{value: 4, unit: dp}`) is CSS's `px`: a web view on Android draws
    /// one CSS pixel per dp, as one per point on Apple's platforms.
    mutating func androidUnit(_ node: Node, keys: [String]) {
        guard node.mappingEntries != nil, let unit = node["unit"], unit.string == "dp", let number = node["value"]?.number else { return }
        replaceScalar(unit, with: "px", reason: Self.dpReason)
        expectations.append(MigrationExpectation(keys: keys, value: .measure(number, unit: "px")))
    }

    /// Why `dp` becomes `px`.
    static let dpReason = "Android's `dp` is CSS's `px` (a web view draws one CSS pixel per dp)"
}
