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
        var walk = MigrationWalk(bytes: bytes, isJSON: file.isJSON, hasComments: FileSyntax(path: file.path) == .jsonWithComments,
                                 format: SourceFormat.of(root), set: set, movesStructure: movingStructure, strictColors: strictColors)
        walk.group(root, keys: [], inheritedType: nil)
        walk.keepAliasesOfRewrittenAnchors(root)
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
    /// Whether `//` and `/* */` are comments (`.jsonc`, `.json5`).
    let hasComments: Bool
    /// The bytes as the parser reads them, offset for offset: a JSONC or JSON5 file's comments masked (see
    /// `JSONComments.mask`), so that a scalar written over a commented line is measured as it was read.
    let parsedBytes: [UInt8]
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

    init(bytes: [UInt8], isJSON: Bool, hasComments: Bool = false, format: SourceFormat, set: SetFacts = SetFacts(),
         movesStructure: Bool = true, strictColors: Bool = false) {
        self.hasComments = hasComments
        self.moved = set.moved
        self.values = set.values
        self.movesStructure = movesStructure
        self.strictColors = strictColors
        self.bytes = bytes
        parsedBytes = hasComments ? JSONComments.mask(bytes) ?? bytes : bytes
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
        var type = type
        if let typeEntry = node.mappingEntries?.first(where: { $0.key == "$type" }), let written = typeEntry.value.string,
           TokenType(rawValue: written) == nil, SourceFormat.styleDictionaryOnlyTypes[written] == nil
        {
            // A token that stays one (an alias, a color) is migrated on as a token of its new type, in this run.
            guard case .some(let kept) = unknownType(node, typeEntry: typeEntry, keys: keys, path: path) else { return }
            type = kept
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
        // A `$type` written beside `value` is the token's type, Style Dictionary's names read as DTCG's, and a
        // `type` beside it is a tool's key (a second `$type` would break the file).
        let hasOwnType = node["$type"] != nil
        let written = hasOwnType ? nil : node["type"]?.string
        let own = node["$type"]?.string.map { SourceFormat.styleDictionaryOnlyTypes[$0] ?? $0 }
        var type = written.flatMap(format.dtcgType) ?? own.flatMap { TokenType(rawValue: $0) == nil ? nil : $0 }
        // A type with no DTCG equivalent, a value with no exact DTCG form: the token moves under `$extensions` as
        // it is written (left in a file that is DTCG afterwards, each of its keys would be a finding).
        let why: String? = if let written, type == nil {
            "the \(format.rawValue) type `\(written)` has no DTCG equivalent"
        } else if let own, type == nil {
            "`$type: \(own)` is not a DTCG type"
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
            case "type": hasOwnType ? nil : "$type"
            case "description": node["$description"] == nil ? "$description" : nil
            case "comment": hasDescription || node["$description"] != nil ? nil : "$description"
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
        // A type is inferred only where none is written.
        if node["type"] == nil, node["$type"] == nil { type = inferType(node, value: value, keys: keys, path: path) }
        if let type {
            convert(value, keys: keys + ["$value"], type: type, path: path)
            compositeColors(value, keys: keys + ["$value"], type: type, path: path)
        }
        if type == "typography" { typographyFields(value, token: node, keys: keys, path: path) }
    }

    // MARK: Edits

    /// `{"value": 16, "unit": "px"}` in JSON, `{ value: 16, unit: px }` in YAML.
    func measureObject(_ number: String, _ unit: String) -> String {
        isJSON ? "{\"value\": \(number), \"unit\": \"\(unit)\"}" : "{ value: \(number), unit: \(unit) }"
    }

    /// Renames a key where it is written, in its quoting.
    mutating func renameKey(_ entry: MappingEntry, to name: String, reason: String? = nil) {
        let start = offset(entry.keyLocation)
        let extent = scalarExtent(at: start, plain: entry.key)
        edits.append(TextEdit(range: extent, replacement: quoted(name, like: start), location: entry.keyLocation,
                              reason: reason ?? "`\(entry.key)` is DTCG's `\(name)`"))
    }

    /// Replaces a scalar value by `text`, in the scalar's quoting.
    mutating func replaceScalar(_ node: Node, with text: String, reason: String) {
        let start = offset(node.location)
        let extent = scalarExtent(at: start, plain: node.scalarText ?? "")
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
        let extent = scalarExtent(at: start, plain: node.scalarText ?? "")
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
