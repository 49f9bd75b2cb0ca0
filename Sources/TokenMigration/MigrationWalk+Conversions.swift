import SourceData
import SourceTree
import TokenModel

/// How migrate converts values DTCG 2025.10 writes differently: measures, font weights, references.
extension MigrationWalk {
    /// Converts what DTCG 2025.10 writes as an object or a name: measures (`16px`, `200ms`) by type, the
    /// composite types' measure fields, and Tokens Studio's font weights and numbers written as strings.
    mutating func convert(_ node: Node, keys: [String], type: String, path: String) {
        if ["dimension", "duration", "number"].contains(type), computeMath(node, keys: keys, type: type, path: path) { return }
        switch type {
        case "dimension": measure(node, keys: keys, units: ["px", "rem"], path: path)
        case "duration": measure(node, keys: keys, units: ["ms", "s"], path: path)
        case "typography":
            guard node.mappingEntries != nil else { return }
            for field in ["fontSize"] where node[field] != nil {
                measure(node[field]!, keys: keys + [field], units: ["px", "rem"], path: path)
            }
            if let spacing = node["letterSpacing"] { letterSpacing(spacing, fontSize: node["fontSize"], keys: keys + ["letterSpacing"], path: path) }
            if let height = node["lineHeight"] {
                if format != .dtcg, height.string.map({ Measure.percentFraction($0) != nil || Measure.isNumber($0) }) == true {
                    convert(height, keys: keys + ["lineHeight"], type: "number", path: path)
                } else {
                    lineHeight(height, fontSize: node["fontSize"], keys: keys + ["lineHeight"], path: path)
                }
            }
            if format != .dtcg, let weight = node["fontWeight"] { fontWeight(weight, keys: keys + ["fontWeight"], path: path) }
        case "shadow":
            let layers = node.sequenceItems.map { Array($0.enumerated()) } ?? [(0, node)]
            for (index, layer) in layers where layer.mappingEntries != nil {
                let layerKeys = node.sequenceItems == nil ? keys : keys + [String(index)]
                if format == .tokensStudio { tokensStudioShadowLayer(layer, keys: layerKeys, path: path) }
                for field in ["offsetX", "offsetY", "blur", "spread"] where layer[field] != nil {
                    measure(layer[field]!, keys: layerKeys + [field], units: ["px", "rem"], path: path)
                }
                // DTCG requires `blur` and `spread`; a shadow without one has 0 (CSS's `box-shadow` default).
                for field in ["blur", "spread"] where layer[field] == nil && layer["color"] != nil {
                    guard let insertion = insertMember(named: field, value: measureObject("0", "px"), into: layer,
                                                       reason: "a shadow without `\(field)` has a \(field) of 0px, as CSS's `box-shadow` does") else { continue }
                    edits.append(insertion)
                    expectations.append(MigrationExpectation(keys: layerKeys + [field], value: .measure(0, unit: "px")))
                }
            }
        case "border":
            if let width = node["width"] { measure(width, keys: keys + ["width"], units: ["px", "rem"], path: path) }
        case "strokeStyle":
            for (index, item) in (node["dashArray"]?.sequenceItems ?? []).enumerated() {
                measure(item, keys: keys + ["dashArray", String(index)], units: ["px", "rem"], path: path)
            }
        case "transition":
            for field in ["duration", "delay"] where node[field] != nil {
                measure(node[field]!, keys: keys + [field], units: ["ms", "s"], path: path)
            }
        case "fontWeight" where format != .dtcg:
            fontWeight(node, keys: keys, path: path)
        case "number" where format != .dtcg:
            if let text = node.string, Measure.isNumber(text) { replaceScalarUnquoted(node, with: text, keys: keys, reason: "a number written as a string") }
            // Tokens Studio's line heights and opacities in percent: DTCG's number is the fraction (`150%` → 1.5).
            if let text = node.string, TokenReference.aliasPath(text) == nil, !Measure.isNumber(text) {
                if let fraction = Measure.percentFraction(text) {
                    replaceScalarUnquoted(node, with: fraction, keys: keys, reason: "`\(text)` is the number \(fraction)")
                } else {
                    notes.append(MigrationNote(location: node.location, path: path,
                                               message: "`\(text)` is left as it is: a DTCG number is a number (`AUTO` has none; a line height in `px` needs its font size)"))
                }
            }
        default: return
        }
    }

    /// A measure written as a string (`"16px"`) becomes a `{value, unit}` object; a unit DTCG does not have
    /// for the type is noted, not guessed.
    mutating func measure(_ node: Node, keys: [String], units: Set<String>, path: String) {
        // `{ value: 0, unit: "" }`: zero is zero in any unit.
        if let unit = node["unit"], unit.string == "", node["value"]?.number == 0 {
            let named = units.contains("px") ? "px" : "ms"
            replaceScalar(unit, with: named, reason: "a zero with no unit is `0\(named)`")
            expectations.append(MigrationExpectation(keys: keys, value: .measure(0, unit: named)))
            return
        }
        if units.contains("px") { androidUnit(node, keys: keys) }
        // A number with no unit, where the format says which unit it means: Style Dictionary's times are
        // milliseconds (its `time/seconds` transform divides them by 1000), Tokens Studio's sizes Figma's pixels
        // (its own transforms add `px`).
        let meant: (unit: String, why: (String) -> String)? = if format == .styleDictionary, units == ["ms", "s"] {
            ("ms", { "Style Dictionary's unitless time `\($0)` is in milliseconds" })
        } else if format == .tokensStudio, units.contains("px") {
            ("px", { "Tokens Studio's unitless `\($0)` is in pixels, Figma's unit" })
        } else {
            nil
        }
        if let meant, let number = node.number.flatMap({ _ in node.scalarText }) ?? node.string.flatMap(Measure.jsonNumber), Measure.isNumber(number) {
            replaceValue(node, with: measureObject(number, meant.unit), reason: meant.why(node.scalarText ?? number))
            expectations.append(MigrationExpectation(keys: keys, value: .measure(Double(number)!, unit: meant.unit)))
            return
        }
        guard let text = node.string, TokenReference.aliasPath(text) == nil else { return }
        // A tag (`!!str 4px`) says what the scalar is; an object in its place would not take it.
        guard bytes.indices.contains(offset(node.location)), !hasTag(node.location) else {
            notes.append(MigrationNote(location: node.location, path: path, message: "`\(text)` is left as it is: it has a YAML tag; remove the tag and run migrate again"))
            return
        }
        if let (number, unit) = Measure.parse(text), unit == "dp", units.contains("px") {
            replaceValue(node, with: measureObject(number, "px"), reason: "`\(text)` becomes `{value, unit}`: " + Self.dpReason)
            expectations.append(MigrationExpectation(keys: keys, value: .measure(Double(number)!, unit: "px")))
            return
        }
        guard let (number, unit) = Measure.parse(text), units.contains(unit) else {
            let unit = Measure.parse(text)?.unit
            let why = if unit == "em" {
                "`em` is relative to a font size the token does not have; write it in `px` (its size at your body text) or keep it as a number"
            } else if Measure.isNumber(text), units.contains("px") {
                "a size without a unit is `px` or `rem` depending on the build (Style Dictionary's `web` transforms add `px`, "
                    + "its `css`, `scss` and `js` ones `rem`); write the unit you build with"
            } else {
                "it is not a number with one of the units \(units.sorted().map { "`\($0)`" }.joined(separator: ", "))"
            }
            notes.append(MigrationNote(location: node.location, path: path, message: "`\(text)` is left as it is: \(why)"))
            return
        }
        replaceValue(node, with: measureObject(number, unit), reason: "`\(text)` becomes a `{value, unit}` object")
        expectations.append(MigrationExpectation(keys: keys, value: .measure(Double(number)!, unit: unit)))
    }

    /// A typography value's letter spacing: `em` becomes `px` from the same value's font size in `px`,
    /// multiplied exactly; any other measure as `measure` does it.
    mutating func letterSpacing(_ node: Node, fontSize: Node?, keys: [String], path: String) {
        // A bare 0 is 0 in any unit.
        if node.number == 0, let zero = node.scalarText {
            replaceValue(node, with: measureObject(zero, "px"), reason: "a spacing of 0 becomes `0px`")
            expectations.append(MigrationExpectation(keys: keys, value: .measure(0, unit: "px")))
            return
        }
        // `{ value: 0.05, unit: em }`: the object form of `0.05em`.
        let written: (number: String, unit: String)?
        if let text = node.string {
            written = Measure.parse(text)
        } else if node["unit"]?.string == "em", let value = node["value"]?.scalarText, let number = Measure.jsonNumber(value) {
            written = (number, "em")
        } else {
            written = nil
        }
        guard let (number, unit) = written, unit == "em" else {
            measure(node, keys: keys, units: ["px", "rem"], path: path)
            return
        }
        let text = number + "em"
        let size: String? = {
            if let written = fontSize?.string, let (value, unit) = Measure.parse(written), unit == "px" { return value }
            if let fontSize, fontSize["unit"]?.string == "px", let value = fontSize["value"]?.scalarText, Measure.isNumber(value) { return value }
            return nil
        }()
        // Zero is zero at any font size.
        let isZero = Double(number) == 0
        guard let pixels = isZero ? "0" : size.flatMap({ Measure.product(number, $0) }) else {
            notes.append(MigrationNote(location: node.location, path: path,
                                       message: "`\(text)` is left as it is: its font size is not in `px`, so the spacing in `px` is not known exactly"))
            return
        }
        let reason = isZero ? "`\(text)` is `0px`" : "`\(text)` of a \(size!)px font is \(pixels)px"
        if let valueNode = node["value"], let unitNode = node["unit"] {
            // The object form: its number and unit are replaced where they are written.
            replaceValue(valueNode, with: pixels, reason: reason)
            replaceScalar(unitNode, with: "px", reason: reason)
        } else {
            replaceValue(node, with: measureObject(pixels, "px"), reason: reason)
        }
        expectations.append(MigrationExpectation(keys: keys, value: .measure(Double(pixels)!, unit: "px")))
    }

    /// Tokens Studio's weight names (`Bold`, `Semi Bold`) become DTCG's (`bold`, `semi-bold`); a number written
    /// as a string becomes the number.
    mutating func fontWeight(_ node: Node, keys: [String], path: String) {
        guard let text = node.string, TokenReference.aliasPath(text) == nil else { return }
        if Measure.isNumber(text) {
            replaceScalarUnquoted(node, with: text, keys: keys, reason: "a weight written as a string")
            return
        }
        let squeezed = String(text.lowercased().filter { $0.isLetter })
        guard let name = Measure.weightNames[squeezed] else {
            notes.append(MigrationNote(location: node.location, path: path,
                                       message: "the weight `\(text)` is left as it is: DTCG names weights `thin` … `black` or numbers 1 to 1000"))
            return
        }
        guard name != text else { return }
        replaceScalar(node, with: name, reason: "the weight `\(text)` is DTCG's `\(name)`")
        expectations.append(MigrationExpectation(keys: keys, value: .text(name)))
    }

    /// Style Dictionary's references name the value (`{color.red.value}`); DTCG's name the token.
    mutating func rewriteReferences(_ node: Node, keys: [String]) {
        switch node.kind {
        case .scalar:
            guard let text = node.string, text.contains(".value}") else { return }
            let rewritten = text.replacing(".value}", with: "}")
            replaceScalar(node, with: rewritten, reason: "a reference names the token, not its `.value`")
            expectations.append(MigrationExpectation(keys: keys, value: .text(rewritten)))
        case .sequence(let items):
            for (index, item) in items.enumerated() { rewriteReferences(item, keys: keys + [String(index)]) }
        case .mapping(let entries):
            for entry in entries { rewriteReferences(entry.value, keys: keys + [entry.key]) }
        }
    }
}
