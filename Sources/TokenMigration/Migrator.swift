import SourceData
import SourceTree
import TokenModel

/// What migrate would change in one file, and what it leaves for the user.
public struct FileMigration: Sendable {
    /// The file's path.
    public var path: String
    /// The format the file is written in.
    public var format: SourceFormat
    /// The edits, in file order; none when the file is DTCG 2025.10 already (or nothing could be converted).
    public var edits: [TextEdit]
    /// Values left as they are, with why.
    public var notes: [MigrationNote]
    /// What the edited values must read as once the edits are applied.
    public var expectations: [MigrationExpectation]
}

/// Works out the textual edits that turn a token file of an older format into DTCG 2025.10: the smallest
/// replacements of keys and values, in the file's own syntax, so order, comments and layout stay.
public struct Migrator: Sendable {
    /// Creates a migrator.
    public init() {}

    /// The migration of `file`, whose bytes are `bytes`; `set` holds what the survey of the whole set found
    /// (`MovedTokenSurvey`): the tokens that move under `$extensions`, so that an alias of one moves too, and
    /// the values that math refers to.
    /// With `movingStructure` false, nothing moves under `$extensions` and no member is removed: only values and
    /// keys are rewritten where they are, and the rest is noted.
    /// With `strictColors`, CSS color strings become DTCG color objects (`--dtcg strict`).
    public func plan(_ file: LoadedFile, bytes: [UInt8], set: SetFacts = SetFacts(), movingStructure: Bool = true,
                     strictColors: Bool = false) -> FileMigration {
        guard let root = file.root else { return FileMigration(path: file.path, format: .dtcg, edits: [], notes: [], expectations: []) }
        var walk = MigrationWalk(bytes: bytes, isJSON: file.isJSON, format: SourceFormat.of(root), set: set,
                                 movesStructure: movingStructure, strictColors: strictColors)
        walk.group(root, keys: [], inheritedType: nil)
        return FileMigration(path: file.path, format: walk.format, edits: TextEdit.inFileOrder(walk.edits),
                             notes: walk.notes, expectations: walk.expectations)
    }

    /// The expectations that `root` (the file read again after its edits) does not meet, as messages.
    public static func unmet(_ expectations: [MigrationExpectation], in root: Node?) -> [String] {
        expectations.compactMap { expectation in
            var node = root
            for key in expectation.keys {
                if let items = node?.sequenceItems, let index = Int(key) {
                    node = index < items.count ? items[index] : nil
                } else {
                    node = node?[key]
                }
            }
            let place = expectation.keys.joined(separator: ".")
            switch expectation.value {
            case .measure(let number, let unit):
                guard let node, node["value"]?.number == number, node["unit"]?.string == unit else {
                    return "`\(place)` does not read as \(Measure.text(number)) \(unit)"
                }
                return nil
            case .text(let text):
                return node?.scalarText == text ? nil : "`\(place)` does not read as `\(text)`"
            case .absent:
                return node == nil ? nil : "`\(place)` is still there"
            case .color(let text):
                guard let node, node.mappingEntries != nil, case .success(let value) = ColorValue.parse(node), case .color(let read) = value,
                      let meant = MigrationExpectation.color(text), read.space == meant.space, read.alpha == meant.alpha,
                      (0..<3).allSatisfy({ read.components[$0] == meant.components[$0] || (read.components[$0].isNaN && meant.components[$0].isNaN) })
                else { return "`\(place)` does not read as the color `\(text)`" }
                return nil
            }
        }
    }
}

/// The walk over one file's tree that collects its edits.
struct MigrationWalk {
    let bytes: [UInt8]
    let isJSON: Bool
    let format: SourceFormat
    /// The paths of the set's tokens that move under `$extensions`.
    let moved: Set<String>
    /// The scalar values of the set's tokens by path, for math.
    let values: [String: String]
    /// Whether members may be removed and tokens and keys moved under `$extensions`.
    let movesStructure: Bool
    /// Whether CSS color strings become color objects (`--dtcg strict`).
    let strictColors: Bool
    /// Where each line starts, counted as the YAML parser counts them: after `\n`, `\r\n`, a lone `\r`, and
    /// the Unicode breaks NEL, LS and PS (a `LineIndex` knows `\n` alone, and an edit must land on its byte).
    let lineStarts: [Int]
    var edits: [TextEdit] = []
    var notes: [MigrationNote] = []
    var expectations: [MigrationExpectation] = []

    init(bytes: [UInt8], isJSON: Bool, format: SourceFormat, set: SetFacts = SetFacts(), movesStructure: Bool = true,
         strictColors: Bool = false) {
        self.moved = set.moved
        self.values = set.values
        self.movesStructure = movesStructure
        self.strictColors = strictColors
        self.bytes = bytes
        self.isJSON = isJSON
        self.format = format
        lineStarts = Self.lineStarts(bytes)
    }

    /// A group's children: tokens and the groups below, each with the type it inherits.
    mutating func group(_ node: Node, keys: [String], inheritedType: String?) {
        guard let entries = node.mappingEntries else { return }
        for entry in entries where !entry.key.hasPrefix("$") && entry.value.mappingEntries != nil {
            let child = entry.value, childKeys = keys + [entry.key]
            // Style Dictionary 4 writes its own type names in DTCG files too (`$type: fontSize`).
            var written = child["$type"]?.string
            if let typeNode = child["$type"], let name = written, let dtcg = SourceFormat.styleDictionaryOnlyTypes[name] {
                replaceScalar(typeNode, with: dtcg, reason: "Style Dictionary's type `\(name)` is DTCG's `\(dtcg)`")
                expectations.append(MigrationExpectation(keys: childKeys + ["$type"], value: .text(dtcg)))
                written = dtcg
            }
            if child["$value"] != nil {
                dtcgToken(child, keys: childKeys, type: written ?? inheritedType)
            } else if format != .dtcg, child["value"] != nil {
                legacyToken(child, keys: childKeys)
            } else {
                group(child, keys: childKeys, inheritedType: written ?? inheritedType)
            }
        }
    }

    /// A DTCG token of a draft: a `$type` DTCG does not define and tool metadata beside `$value` find a place,
    /// string measures become objects, color fallbacks get six digits.
    mutating func dtcgToken(_ node: Node, keys: [String], type: String?) {
        let path = keys.joined(separator: ".")
        if let typeEntry = node.mappingEntries?.first(where: { $0.key == "$type" }), let written = typeEntry.value.string,
           TokenType(rawValue: written) == nil, SourceFormat.styleDictionaryOnlyTypes[written] == nil
        {
            unknownType(node, typeEntry: typeEntry, keys: keys, path: path)
            return
        }
        // A value with no exact DTCG form, or an alias of one, moves under `$extensions` whole.
        if moved.contains(path) {
            moveWhole(node, keys: keys, path: path, type: type)
            return
        }
        toolMetadata(node, keys: keys, path: path)
        // A type is inferred only where none is written: a `$type` that is no string (`$type:` with nothing) is
        // the user's to fix.
        guard let value = node["$value"],
              let type = type ?? (node["$type"] == nil ? inferType(node, value: value, keys: keys, path: path) : nil) else { return }
        convert(value, keys: keys + ["$value"], type: type, path: path)
        compositeColors(value, keys: keys + ["$value"], type: type, path: path)
        switch type {
        case "typography": typographyFields(value, token: node, keys: keys, path: path)
        case "shadow": shadowAlpha(value, keys: keys + ["$value"], path: path)
        default: break
        }
    }

    /// A token written with `value`: its keys renamed to DTCG's, its type to DTCG's name, its references
    /// to DTCG's form, and its value converted as a DTCG draft's would be.
    mutating func legacyToken(_ node: Node, keys: [String]) {
        guard let entries = node.mappingEntries, let value = node["value"] else { return }
        let path = keys.joined(separator: ".")
        let written = node["type"]?.string
        var type = written.flatMap(format.dtcgType)
        // A type with no DTCG equivalent, a value with no exact DTCG form: the token moves under `$extensions` as
        // it is written (left in a file that is DTCG afterwards, each of its keys would be a finding).
        let why: String? = if let written, type == nil {
            "the \(format.rawValue) type `\(written)` has no DTCG equivalent"
        } else if let type {
            Self.inexactReason(value, type: type)
        } else {
            nil
        }
        if let why {
            if movesStructure, wrapInExtensions(node, location: node.location, reason: "\(why): the token moves under `$extensions`") {
                notes.append(MigrationNote(location: node.location, path: path,
                                           message: "\(why): `\(path)` is kept under `$extensions.\(Self.extensionKey)` as written, and is no longer a token"))
            } else {
                notes.append(MigrationNote(location: node.location, path: path,
                                           message: "`\(path)` is left as it is: \(why); write it as a token of a DTCG type, or move it under `$extensions`"))
            }
            return
        }
        if let typeNode = node["type"], let written, let type, type != written {
            replaceScalar(typeNode, with: type, reason: "the \(format.rawValue) type `\(written)` is DTCG's `\(type)`")
        }
        let hasDescription = entries.contains { $0.key == "description" }
        func renamed(_ key: String) -> String? {
            switch key {
            case "value": "$value"
            case "type": "$type"
            case "description": "$description"
            case "comment": hasDescription ? nil : "$description"
            case "attributes": node["$extensions"] == nil ? "$extensions" : nil
            default: nil
            }
        }
        // What has no DTCG name (a second `comment`, `attributes` beside `$extensions`, a tool's own keys) moves
        // under `$extensions.tokenc.migrate` in the same run, `attributes` with it when there is any.
        var leftover = entries.filter { renamed($0.key) == nil && MigrationWalk.isMetadata($0) }
        if !leftover.isEmpty, let attributes = entries.first(where: { $0.key == "attributes" }), renamed("attributes") != nil {
            leftover.append(attributes)
        }
        for entry in entries where !leftover.contains(where: { $0.keyLocation == entry.keyLocation }) {
            if let name = renamed(entry.key) { renameKey(entry, to: name) }
        }
        moveToExtensions(leftover.sorted { offset($0.keyLocation) < offset($1.keyLocation) }, of: node, keys: keys, path: path)
        rewriteReferences(value, keys: keys + ["$value"])
        if node["type"] == nil { type = inferType(node, value: value, keys: keys, path: path) }
        if let type {
            convert(value, keys: keys + ["$value"], type: type, path: path)
            compositeColors(value, keys: keys + ["$value"], type: type, path: path)
        }
        if type == "typography" { typographyFields(value, token: node, keys: keys, path: path) }
    }

    // MARK: Values

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
        guard bytes.indices.contains(offset(node.location)), bytes[offset(node.location)] != UInt8(ascii: "!") else {
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

    // MARK: Edits

    /// `{"value": 16, "unit": "px"}` in JSON, `{ value: 16, unit: px }` in YAML.
    func measureObject(_ number: String, _ unit: String) -> String {
        isJSON ? "{\"value\": \(number), \"unit\": \"\(unit)\"}" : "{ value: \(number), unit: \(unit) }"
    }

    /// Renames a key where it is written, in its quoting.
    mutating func renameKey(_ entry: MappingEntry, to name: String, reason: String? = nil) {
        let start = offset(entry.keyLocation)
        let extent = scalarExtent(at: start, plainLength: entry.key.utf8.count)
        edits.append(TextEdit(range: extent, replacement: quoted(name, like: start), location: entry.keyLocation,
                              reason: reason ?? "`\(entry.key)` is DTCG's `\(name)`"))
    }

    /// Replaces a scalar value by `text`, in the scalar's quoting.
    mutating func replaceScalar(_ node: Node, with text: String, reason: String) {
        let start = offset(node.location)
        let extent = scalarExtent(at: start, plainLength: (node.scalarText ?? "").utf8.count)
        edits.removeAll { $0.range == extent }
        edits.append(TextEdit(range: extent, replacement: quoted(text, like: start), location: node.location, reason: reason))
    }

    /// Replaces a scalar value by `text` written unquoted (a number).
    mutating func replaceScalarUnquoted(_ node: Node, with text: String, keys: [String], reason: String) {
        replaceValue(node, with: text, reason: reason)
        expectations.append(MigrationExpectation(keys: keys, value: .text(text)))
    }

    /// Replaces a scalar value by `text` as it is (an object or a number).
    mutating func replaceValue(_ node: Node, with text: String, reason: String) {
        let start = offset(node.location)
        let extent = scalarExtent(at: start, plainLength: (node.scalarText ?? "").utf8.count)
        edits.removeAll { $0.range == extent }
        edits.append(TextEdit(range: extent, replacement: text, location: node.location, reason: reason))
    }

    /// The byte offset of a location of this file.
    func offset(_ location: SourceLocation) -> Int {
        guard location.line >= 1, location.line <= lineStarts.count else { return bytes.count }
        let start = lineStarts[location.line - 1]
        let end = location.line < lineStarts.count ? lineStarts[location.line] : bytes.count
        return UTF8Columns.offset(ofScalar: location.column - 1, in: bytes, start..<end)
    }

    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        // The parser reads past a byte-order mark without counting it as a column.
        var starts = [bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0]
        var i = starts[0]
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\n"): i += 1
            case UInt8(ascii: "\r"): i += i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "\n") ? 2 : 1
            case 0xC2 where i + 1 < bytes.count && bytes[i + 1] == 0x85: i += 2
            case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9): i += 3
            default:
                i += 1
                continue
            }
            starts.append(i)
        }
        return starts
    }

    /// The bytes of a scalar written at `start`: a quoted one to its closing quote, a plain one its text's length,
    /// an alias (`*name`) its name. An anchor (`&name`) or a tag (`!!str`) before the scalar is kept: the extent
    /// starts after it.
    func scalarExtent(at start: Int, plainLength: Int) -> Range<Int> {
        var start = start
        func nameEnd(_ from: Int) -> Int {
            var i = from
            while i < bytes.count, !" \t\r\n,]}".utf8.contains(bytes[i]) { i += 1 }
            return i
        }
        while start < bytes.count, bytes[start] == UInt8(ascii: "&") || bytes[start] == UInt8(ascii: "!") {
            start = nameEnd(start + 1)
            while start < bytes.count, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
        }
        guard start < bytes.count else { return start..<start }
        if bytes[start] == UInt8(ascii: "*") { return start..<nameEnd(start + 1) }
        let quote = bytes[start]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return start..<min(bytes.count, start + plainLength) }
        var i = start + 1
        while i < bytes.count {
            if quote == UInt8(ascii: "\""), bytes[i] == UInt8(ascii: "\\") { i += 2; continue }
            if bytes[i] == quote {
                // `''` inside a single-quoted scalar is a quote, not its end.
                if quote == UInt8(ascii: "'"), i + 1 < bytes.count, bytes[i + 1] == quote { i += 2; continue }
                return start..<i + 1
            }
            i += 1
        }
        return start..<bytes.count
    }

    /// `text` as a JSON string (what YAML's double quotes read the same): quotes, backslashes and control
    /// characters escaped.
    static func jsonString(_ text: String) -> String { JSONText.quoted(text) }

    /// `text` quoted as the scalar at `start` is: double quotes (JSON's escapes), single quotes, or plain when
    /// the text needs none.
    func quoted(_ text: String, like start: Int) -> String {
        let quote = start < bytes.count ? bytes[start] : 0
        if quote == UInt8(ascii: "'") { return "'" + text.replacing("'", with: "''") + "'" }
        if quote == UInt8(ascii: "\"") || isJSON || !Measure.isPlainSafe(text) { return Self.jsonString(text) }
        return text
    }
}
