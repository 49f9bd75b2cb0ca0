import TokenModel
import TokenColor

/// Writes the tokens as DTCG 2025.10 JSON and as a flat map of paths to values per mode.
public struct DTCGJSONGenerator: Generator {
    /// Whether aliases are written as the resolved value or kept as `{path}` references.
    public enum AliasStyle: String, Sendable, CaseIterable {
        case resolved, kept
    }

    /// `json`.
    public let id = "json"
    /// Two files, every color an object: a little longer than the CSS output (100,000 tokens: 110 against 90 ms).
    public var relativeCost: Int { 2 }
    /// How aliases are written in `tokens.json` (the flat map is always resolved).
    public var aliases: AliasStyle

    /// Creates the generator.
    public init(aliases: AliasStyle = .resolved) {
        self.aliases = aliases
    }

    /// Renders `json/tokens.json` (nested DTCG groups) and `json/tokens.flat.json`.
    public func generate(_ set: ResolvedTokenSet) -> [GeneratedFile] {
        var nestedWriter = JSONWriter(capacity: set.tokens.count * 160)
        let flatWriter = write(set, &nestedWriter, flat: JSONWriter(capacity: set.tokens.count * 120))
        return [
            GeneratedFile(relativePath: "json/tokens.json", contents: nestedWriter.bytes),
            GeneratedFile(relativePath: "json/tokens.flat.json", contents: flatWriter.bytes),
        ]
    }

    /// Writes both files into sinks a chunk at a time.
    public func render(_ set: ResolvedTokenSet, sinks: any OutputSinks) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) {
        var nestedWriter = JSONWriter(sink: sinks.open("json/tokens.json"))
        var flatWriter = write(set, &nestedWriter, flat: JSONWriter(sink: sinks.open("json/tokens.flat.json")))
        nestedWriter.finish()
        flatWriter.finish()
        return ([], [])
    }

    /// Writes the nested file into `writer` and the flat file into `flat`, which it gives back.
    private func write(_ set: ResolvedTokenSet, _ writer: inout JSONWriter, flat: consuming JSONWriter) -> JSONWriter {
        var beside = Beside(flat: flat, tokens: set.tokens)
        nested(set, &writer, &beside)
        return beside.finish()
    }

    /// What the nested file's walk carries besides its writer: the color objects written so far, and the flat
    /// file, whose entries are written as the walk meets their tokens. A token's colors are then written to the
    /// flat file right after the nested one, and found in the memo while its entry is still in the processor's
    /// cache: a second walk over the set met each color again cold (at 100,000 tokens the memo's look-ups were
    /// the JSON output's largest cost).
    private struct Beside: ~Copyable {
        var colors: ColorObjects
        private var flat: JSONWriter
        /// The set's tokens, in path order, and how many have their flat entry written.
        private let tokens: [ResolvedToken]
        private var next = 0

        init(flat: consuming JSONWriter, tokens: [ResolvedToken]) {
            self.flat = flat
            self.tokens = tokens
            colors = ColorObjects(sets: ColorObjects.sets(forTokens: tokens.count))
            self.flat.openObject()
        }

        /// Writes the flat entries of the tokens up to `token` and its own. The nested file's standard tokens come
        /// in the flat file's order, tokenc's own types (written after them, under `$extensions`) among them.
        mutating func writeFlat(through token: ResolvedToken) {
            while next < tokens.count {
                let current = tokens[next]
                next += 1
                DTCGJSONGenerator.flatEntry(&flat, &colors, current)
                if current === token { return }
            }
        }

        /// Writes the entries left and ends the flat file.
        consuming func finish() -> JSONWriter {
            while next < tokens.count {
                DTCGJSONGenerator.flatEntry(&flat, &colors, tokens[next])
                next += 1
            }
            flat.closeObject(hadMembers: !tokens.isEmpty)
            flat.raw("\n")
            return flat
        }
    }

    private func nested(_ set: ResolvedTokenSet, _ writer: inout JSONWriter, _ beside: inout Beside) {
        // tokenc's own types go under the root's `$extensions["dev.tokenc"]`, so the file stays valid DTCG. One pass
        // sorts them out: each token's type is a read of the token, which a large set has long left the cache.
        var standard: [ResolvedToken] = [], own: [ResolvedToken] = []
        standard.reserveCapacity(set.tokens.count)
        for token in set.tokens {
            // Moved into its list: a copy retained the token once more, and the loop's end released it.
            if token.type.isTokencExtension { own.append(consume token) } else { standard.append(consume token) }
        }
        let groups = set.groups
        writer.object { writer in
            writeMembers(&writer, &beside, standard, PathShape(standard), range: 0..<standard.count, depth: 0, groups: groups)
            if !own.isEmpty {
                writer.member(literal: "$extensions")
                writer.object { writer in
                    writer.member("dev.tokenc")
                    writeGroup(&writer, &beside, own, PathShape(own), range: 0..<own.count, depth: 0, groups: groups)
                }
            }
        }
        writer.raw("\n")
    }

    /// A type's DTCG name as a JSON string, written as it is: making `rawValue` and scanning it for escapes
    /// cost some 250 instructions per token and file (a test holds these to `rawValue`).
    static func quotedName(_ type: TokenType) -> StaticString {
        switch type {
        case .color: "\"color\""
        case .dimension: "\"dimension\""
        case .fontFamily: "\"fontFamily\""
        case .fontWeight: "\"fontWeight\""
        case .duration: "\"duration\""
        case .cubicBezier: "\"cubicBezier\""
        case .number: "\"number\""
        case .strokeStyle: "\"strokeStyle\""
        case .border: "\"border\""
        case .transition: "\"transition\""
        case .shadow: "\"shadow\""
        case .gradient: "\"gradient\""
        case .typography: "\"typography\""
        case .symbol: "\"symbol\""
        case .accent: "\"accent\""
        case .icon: "\"icon\""
        }
    }

    /// Where each token's path sits among its neighbours, worked out once from the paths' bytes instead of
    /// splitting every path into names: tokens are sorted by path, so a group's tokens are contiguous.
    struct PathShape {
        /// How many leading names each path shares with the one before it (0 for the first).
        var shared: [Int]
        /// How many names each path has.
        var names: [Int]

        init(_ tokens: [ResolvedToken]) {
            shared = []
            names = []
            shared.reserveCapacity(tokens.count)
            names.reserveCapacity(tokens.count)
            let dot = UInt8(ascii: ".")
            var previous = ""
            for (i, token) in tokens.enumerated() {
                let path = token.path
                let (count, common) = path.withContiguousUTF8 { b in
                    var dots = 0
                    for byte in b where byte == dot { dots += 1 }
                    guard i > 0 else { return (dots + 1, 0) }
                    return previous.withContiguousUTF8 { a in
                        // Names that end at the same byte in both paths, every byte before them equal.
                        var common = 0, j = 0
                        while j < a.count, j < b.count, a[j] == b[j] {
                            if a[j] == dot { common += 1 }
                            j += 1
                        }
                        if (j == a.count || a[j] == dot) && (j == b.count || b[j] == dot) { common += 1 }
                        return (dots + 1, common)
                    }
                }
                names.append(count)
                shared.append(common)
                previous = path
            }
        }

        /// Calls `body` with the UTF-8 bytes of the name at `depth` of a path (names split at each `.` byte, as
        /// `TokenPath.segments`), read in place: a name made a string was allocated for every member written.
        static func withName<Result>(of path: String, at depth: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            path.withContiguousUTF8 { bytes in
                var start = 0, seen = 0
                for i in 0...bytes.count where i == bytes.count || bytes[i] == UInt8(ascii: ".") {
                    if seen == depth { return body(UnsafeBufferPointer(rebasing: bytes[start..<i])) }
                    seen += 1
                    start = i + 1
                }
                return body(UnsafeBufferPointer(rebasing: bytes[bytes.count...]))
            }
        }
    }

    /// A group's object: its `$description` and `$extensions` (`groups`, by path), then its members.
    private func writeGroup(_ writer: inout JSONWriter, _ beside: inout Beside, _ tokens: [ResolvedToken], _ shape: PathShape,
                            range: Range<Int>, depth: Int, groups: GroupNotes)
    {
        writer.object { writer in
            if depth > 0, !groups.isEmpty {
                let path = Self.prefix(of: tokens[range.lowerBound].path, names: depth)
                if let description = groups.descriptions[path] {
                    writer.member(literal: "$description")
                    writer.string(description)
                }
                if let extensions = groups.extensions[path] {
                    writer.member(literal: "$extensions")
                    writer.plain(extensions)
                }
            }
            writeMembers(&writer, &beside, tokens, shape, range: range, depth: depth, groups: groups)
        }
    }

    /// The first `names` names of a dotted path, `color.background` of `color.background.primary` for two.
    static func prefix(of path: String, names: Int) -> String {
        var dots = 0
        for index in path.utf8.indices where path.utf8[index] == UInt8(ascii: ".") {
            dots += 1
            if dots == names { return String(path[..<index]) }
        }
        return path
    }

    /// Tokens are sorted by path, so a group's tokens are contiguous: groups are written as the walk meets them.
    /// Inside a range that shares `depth` names, a token has the same name at `depth` as the one before it
    /// exactly when the two share more than `depth` names.
    private func writeMembers(_ writer: inout JSONWriter, _ beside: inout Beside, _ tokens: [ResolvedToken], _ shape: PathShape,
                              range: Range<Int>, depth: Int, groups: GroupNotes)
    {
        var i = range.lowerBound
        while i < range.upperBound {
            var end = i + 1
            while end < range.upperBound, shape.shared[end] > depth { end += 1 }
            PathShape.withName(of: tokens[i].path, at: depth) { writer.member(utf8: $0) }
            if shape.names[i] == depth + 1 {
                // A token and a group never share a path: the tree stage rejects it.
                writeToken(&writer, &beside, tokens[i])
            } else {
                writeGroup(&writer, &beside, tokens, shape, range: i..<end, depth: depth + 1, groups: groups)
            }
            i = end
        }
    }

    private func writeToken(_ writer: inout JSONWriter, _ beside: inout Beside, _ token: ResolvedToken) {
        let source = token.token
        defer {
            writer.passChunk()
            // tokenc's own types are written after the others, and their flat entries were written on the way.
            if !token.type.isTokencExtension { beside.writeFlat(through: token) }
        }
        writer.object { writer in
            writer.member(literal: "$type")
            writer.raw(literal: Self.quotedName(token.type))
            writer.member(literal: "$value")
            if aliases == .kept {
                Self.value(&writer, &beside.colors, token.writtenPlainValue, type: token.type, mode: Appearance.light)
            } else {
                Self.resolvedValue(&writer, &beside.colors, token, 0)
            }
            if let description = source.description {
                writer.member(literal: "$description")
                writer.string(description)
            }
            if let deprecation = source.deprecation {
                writer.member(literal: "$deprecated")
                if deprecation.isEmpty { writer.raw("true") } else { writer.string(deprecation) }
            }
            // The other modes are written from where they are, by index: gathering them as (mode, value)
            // pairs copied every pair of every token through the runtime's generic tuple copy.
            let otherModes = aliases == .kept ? (token.writesModes ? token.writtenModes.count : 0) : token.values.count - 1
            let extensions = source.extensions?.entries?.filter { $0.key != "mode" } ?? []
            if otherModes > 0 || !extensions.isEmpty {
                writer.member(literal: "$extensions")
                writer.object { writer in
                    for entry in extensions {
                        writer.member(entry.key)
                        writer.plain(entry.value)
                    }
                    if otherModes > 0 {
                        writer.member(literal: "mode")
                        writer.object { writer in
                            if aliases == .kept {
                                for (name, written) in token.writtenPlainModes {
                                    writer.member(name)
                                    Self.value(&writer, &beside.colors, written, type: token.type, mode: name)
                                }
                            } else {
                                let values = token.values
                                for k in 1..<values.count {
                                    writer.member(values[k].mode)
                                    Self.resolvedValue(&writer, &beside.colors, token, k)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// A token's value in `mode` (its light value when it has none of its own) as one line of JSON, spelled as
    /// the JSON output spells it: colors as DTCG color objects, `pt` as `px`, aliases resolved.
    public static func value(of token: ResolvedToken, in mode: String) -> String {
        let k = token.values.firstIndex { $0.mode == mode } ?? 0
        var writer = JSONWriter(compact: true)
        var colors = ColorObjects()
        resolvedValue(&writer, &colors, token, k)
        return writer.text
    }

    /// Writes `token`'s value `k` as `value` does, a parsed color straight from its color: the value's node is
    /// read (as a `PlainValue`, and for an alias's text) only for a value that is not one.
    static func resolvedValue(_ writer: inout JSONWriter, _ colors: inout ColorObjects, _ token: ResolvedToken, _ k: Int) {
        let values = token.values
        if !token.colors.isEmpty, let parsed = token.colors[k] { return colors.write(parsed.color(in: values[k].mode), into: &writer) }
        value(&writer, &colors, values[k].plain, type: token.type, mode: values[k].mode)
    }

    /// Writes a value as DTCG 2025.10 spells it: a color — a token's, or a border's, shadow's or gradient stop's
    /// `color` — as a color object, whatever CSS syntax the token file used; a reference stays a reference, and
    /// everything else is written as it is.
    static func value(_ writer: inout JSONWriter, _ colors: inout ColorObjects, _ value: PlainValue, type: TokenType?, mode: String) {
        switch (type, value) {
        case (.color?, .list(let items)):
            writer.array(items.count) { writer, i in Self.value(&writer, &colors, items[i], type: type, mode: mode) }
        case (.color?, _):
            if let text = value.string, TokenReference.isAlias(text), ColorValue.systemName(text) == nil { return writer.plain(value) }
            guard case .success(let parsed) = ColorValue.parse(value) else { return writer.plain(value) }
            colors.write(parsed.color(in: mode), into: &writer)
        case (.dimension?, .object(let entries)) where value["unit"]?.string == "pt":
            // tokenc reads 1pt as 1px (Apple's point, CSS's reference pixel); DTCG has only px and rem.
            writer.object { writer in
                for entry in entries {
                    writer.member(entry.key)
                    if entry.key == "unit" { writer.string("px") } else { writer.plain(entry.value) }
                }
            }
        case (.dimension?, .list(let items)):
            writer.array(items.count) { writer, i in Self.value(&writer, &colors, items[i], type: type, mode: mode) }
        case (.border?, .object(let entries)), (.shadow?, .object(let entries)), (.gradient?, .object(let entries)),
             (.typography?, .object(let entries)), (.strokeStyle?, .object(let entries)):
            writer.object { writer in
                for entry in entries {
                    writer.member(entry.key)
                    Self.value(&writer, &colors, entry.value, type: Self.fieldType(entry.key), mode: mode)
                }
            }
        case (.shadow?, .list(let items)), (.gradient?, .list(let items)):
            writer.array(items.count) { writer, i in Self.value(&writer, &colors, items[i], type: type, mode: mode) }
        case (.accent?, .object(let entries)), (.symbol?, .object(let entries)):
            // tokenc's own types, with their colors in the same form, so a file read back writes the same bytes.
            writer.object { writer in
                for entry in entries {
                    writer.member(entry.key)
                    let holdsColors = ["color", "surfaces", "text-on-accent", "colors"].contains(entry.key)
                    if entry.key == "fixed-sidebar-icons", let icons = entry.value.entries {
                        writer.object { writer in
                            for icon in icons {
                                writer.member(icon.key)
                                Self.value(&writer, &colors, icon.value, type: .color, mode: mode)
                            }
                        }
                    } else {
                        Self.value(&writer, &colors, entry.value, type: holdsColors ? .color : nil, mode: mode)
                    }
                }
            }
        default:
            writer.plain(value)
        }
    }

    /// The type of a composite's field where DTCG spells a value differently from tokenc's leniencies: colors and
    /// dimensions (a list of them for `dashArray`, a stroke style for `style`).
    static func fieldType(_ field: String) -> TokenType? {
        switch field {
        case "color": .color
        case "width", "offsetX", "offsetY", "blur", "spread", "fontSize", "letterSpacing", "dashArray": .dimension
        case "style": .strokeStyle
        default: nil
        }
    }

    /// A token's entry in the flat file: its type and its value in each mode, aliases resolved.
    static func flatEntry(_ writer: inout JSONWriter, _ colors: inout ColorObjects, _ token: ResolvedToken) {
        writer.member(token.path)
        writer.object { writer in
            writer.member(literal: "type")
            writer.raw(literal: Self.quotedName(token.type))
            for k in token.values.indices {
                writer.member(token.values[k].mode)
                Self.resolvedValue(&writer, &colors, token, k)
            }
        }
        writer.passChunk()
    }
}
