import CYAML
import TokenModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns the bytes of one token file into a located node tree, using libyaml's event API.
public struct TokenFileLoader: Sendable {
    /// The bounds applied to every file.
    public var limits: LoaderLimits

    /// Creates a loader with the given limits.
    public init(limits: LoaderLimits = LoaderLimits()) {
        self.limits = limits
    }

    /// Loads one file's bytes; `path` is used in locations, and `.json` files get JSON's rules.
    public func load(bytes: [UInt8], path: String) -> (file: LoadedFile, diagnostics: [Diagnostic]) {
        let isJSON = path.lowercased().hasSuffix(".json")
        if bytes.count > limits.maxFileBytes {
            let diagnostic = Diagnostic(
                .yamlFileTooLarge, severity: .error,
                message: "the file is \(bytes.count) bytes; token files may be at most \(limits.maxFileBytes) bytes",
                location: SourceLocation(file: path, line: 1, column: 1),
                fix: "split the tokens into several files")
            return (LoadedFile(path: path, root: nil, isJSON: isJSON), [diagnostic])
        }
        var input = bytes
        var shifts = ColumnShifts()
        if isJSON, let rewritten = JSONSurrogates.rewrite(bytes) {
            input = rewritten.bytes
            shifts = rewritten.shifts
        }
        var builder = TreeBuilder(path: path, isJSON: isJSON, limits: limits, source: input, shifts: shifts)
        let root = builder.run()
        return (LoadedFile(path: path, root: root, isJSON: isJSON), builder.diagnostics)
    }
}

/// Drives libyaml and assembles nodes; one instance per file.
private struct TreeBuilder {
    let path: String
    /// `path`'s number in the file-name table, for the locations of every node.
    let fileID: UInt32
    let isJSON: Bool
    let limits: LoaderLimits
    let source: [UInt8]
    let shifts: ColumnShifts
    var diagnostics: [Diagnostic] = []

    private enum PendingKey {
        case key(String, SourceLocation, plain: Bool)
        case invalid
    }

    private struct Frame {
        var isMapping: Bool
        var location: SourceLocation
        var anchor: String?
        var isFlow: Bool
        var items: [Node] = []
        /// Where this mapping's entries start in `open` (they are the last ones there while it is the top frame).
        var entriesStart: Int
        /// Entry positions in `open` by key, built only once a mapping grows large (a scan is cheaper for a
        /// token's few keys).
        var keyIndex: [String: Int] = [:]
        var pending: PendingKey?
        var firstKeyPlain = false
        var weight = 1
        /// The mappings a `<<` merge key named, in the order they take precedence (first wins).
        var merges: [Node] = []
    }

    private var frames: [Frame] = []
    /// The entries of every mapping still open, innermost last.
    private let open = OpenEntries()
    private var anchors: [String: (node: Node, weight: Int)] = [:]
    private var expandedNodes = 0
    private var root: Node?
    private var documents = 0
    private var lines: LineIndex?
    private var previousEnd = (line: 0, column: 0)

    init(path: String, isJSON: Bool, limits: LoaderLimits, source: [UInt8], shifts: ColumnShifts) {
        self.path = path
        fileID = SourceFileNames.shared.id(path)
        self.isJSON = isJSON
        self.limits = limits
        self.source = source
        self.shifts = shifts
    }

    mutating func run() -> Node? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            fail(.yamlSyntax, "libyaml could not start", at: SourceLocation(fileID: fileID, line: 1, column: 1))
            return nil
        }
        defer { yaml_parser_delete(&parser) }
        let ok = source.withUnsafeBufferPointer { buffer -> Bool in
            // libyaml reads from the pointer while parsing, so parse inside this closure.
            let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
            yaml_parser_set_input_string(&parser, base, buffer.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    reportParserError(parser)
                    return false
                }
                let done = event.type == YAML_STREAM_END_EVENT
                let keepGoing = handle(&event)
                previousEnd = (Int(event.end_mark.line), Int(event.end_mark.column))
                yaml_event_delete(&event)
                if !keepGoing { return false }
                if done { return true }
            }
        }
        return ok ? root : nil
    }

    // MARK: Events

    private mutating func handle(_ event: inout yaml_event_t) -> Bool {
        let location = self.location(event.start_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                fail(
                    .yamlMultipleDocuments,
                    "a token file holds one YAML document, but a second one starts here",
                    at: location, fix: "move the second document (after `---`) into a file of its own")
                return false
            }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let length = Int(scalar.length)
            if length > limits.maxScalarBytes {
                fail(
                    .yamlScalarTooLarge,
                    "this scalar is \(length) bytes; a token file's scalars may be at most \(limits.maxScalarBytes) bytes",
                    at: location, fix: "shorten the value; large data belongs in a separate asset")
                return false
            }
            let isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE
            // A key (the next scalar of a mapping waiting for one) is only its text and where it is written:
            // no typed value and no node, which `complete` would take apart again. Half of a token file's
            // scalars are keys. Tagged, anchored and empty keys go the general way (a tag is checked, an
            // anchor names a node, an empty one may be a color YAML read as a comment).
            if let top = frames.indices.last, frames[top].isMapping, frames[top].pending == nil,
               scalar.tag == nil, scalar.anchor == nil, length > 0
            {
                frames[top].weight += 1
                if open.count == frames[top].entriesStart { frames[top].firstKeyPlain = isPlain }
                frames[top].pending = .key(string(scalar.value, length: length), location, plain: isPlain)
                return true
            }
            let text = string(scalar.value, length: length)
            let tag = optionalString(scalar.tag)
            let value: ScalarValue
            if let tag, tag != "!" {
                guard let typed = resolveTagged(text, tag: tag, at: location) else { return false }
                value = typed
            } else if isPlain && tag == nil {
                value = CoreSchema.resolvePlain(text)
            } else {
                value = .string(text)
            }
            var node = Node(.scalar(value, text: value.isString ? "" : text), at: location, isFlowOrQuoted: !isPlain)
            if isPlain, text.isEmpty, tag == nil, let recovered = unquotedColor(near: event.start_mark) {
                node = .string(recovered.text, at: recovered.location, isFlowOrQuoted: true)
            }
            return complete(node, weight: 1, anchor: optionalString(scalar.anchor), plainKey: isPlain)
        case YAML_ALIAS_EVENT:
            let name = optionalString(event.data.alias.anchor) ?? ""
            guard let target = anchors[name] else {
                fail(.yamlUndefinedAnchor, "the alias `*\(name)` names no anchor defined before it", at: location,
                     fix: "define `&\(name)` on a value above this line")
                return false
            }
            expandedNodes += target.weight
            if expandedNodes > limits.maxExpandedNodes {
                fail(
                    .yamlAliasBudget,
                    "aliases expand this document to more than \(limits.maxExpandedNodes) nodes (an alias bomb?)",
                    at: location, fix: "reference shared values with token aliases (\"{group.token}\") instead of YAML anchors")
                return false
            }
            var node = target.node
            node.location = location
            return complete(node, weight: target.weight, anchor: nil, plainKey: false)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            if frames.count >= limits.maxDepth {
                fail(
                    .yamlTooDeep,
                    "mappings and lists nest more than \(limits.maxDepth) levels deep here",
                    at: location, fix: "flatten the structure; token groups rarely need more than a dozen levels")
                return false
            }
            let tag = optionalString(isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag)
            let expectedTag = isMapping ? "tag:yaml.org,2002:map" : "tag:yaml.org,2002:seq"
            if let tag, tag != "!", tag != expectedTag {
                fail(.yamlUnknownTag, "the tag `\(displayTag(tag))` is not supported on \(isMapping ? "a mapping" : "a list")",
                     at: location, fix: "remove the tag")
                return false
            }
            let anchor = optionalString(isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
            let isFlow = isMapping
                ? event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
                : event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
            frames.append(Frame(isMapping: isMapping, location: location, anchor: anchor, isFlow: isFlow, entriesStart: open.count))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            var frame = frames.removeLast()
            if frame.isMapping {
                // The entries move out of `open` into a list of exactly their count.
                var entries = open.take(from: frame.entriesStart)
                if !frame.merges.isEmpty { entries += Self.mergedEntries(frame.merges, into: entries) }
                if let recovered = unquotedAlias(frame, entries) {
                    return complete(recovered, weight: 1, anchor: frame.anchor, plainKey: false)
                }
                let node = Node(.mapping(entries), at: frame.location, isFlowOrQuoted: frame.isFlow)
                return complete(node, weight: frame.weight, anchor: frame.anchor, plainKey: false)
            }
            // The list moves into the node (taken, not copied: a copy retained it, and the frame's end released
            // it again, once per list of the file).
            let node = Node(.sequence(Self.take(&frame.items)), at: frame.location, isFlowOrQuoted: frame.isFlow)
            return complete(node, weight: frame.weight, anchor: frame.anchor, plainKey: false)
        default:
            break
        }
        return true
    }

    /// `list`'s elements, leaving it empty.
    private static func take<Element>(_ list: inout [Element]) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &list)
        return taken
    }

    /// Hands a finished node to its parent, or makes it the root.
    private mutating func complete(_ node: consuming Node, weight: Int, anchor: String?, plainKey: Bool) -> Bool {
        if let anchor { anchors[anchor] = (node, weight) }
        guard !frames.isEmpty else {
            root = node
            return true
        }
        let top = frames.count - 1
        frames[top].weight += weight
        if !frames[top].isMapping {
            frames[top].items.append(node)
            return true
        }
        guard let pending = frames[top].pending else {
            if let text = node.scalarText {
                if open.count == frames[top].entriesStart { frames[top].firstKeyPlain = plainKey }
                frames[top].pending = .key(text, node.location, plain: plainKey)
            } else {
                fail(.yamlNonStringKey, "a mapping key must be a string, not \(node.kindDescription)",
                     at: node.location, fix: "write the key as a plain name")
                frames[top].pending = .invalid
            }
            return true
        }
        frames[top].pending = nil
        guard case .key(let key, let keyLocation, let plain) = pending else { return true }
        // (The length first: a two-byte key is rare, and reading a string's length costs less than comparing it.)
        if plain, key.utf8.count == 2, key == "<<", !isJSON { return merge(node, at: keyLocation, into: top) }
        if let existing = index(of: key, in: top) {
            let first = open[existing].keyLocation
            if isJSON {
                diagnostics.append(Diagnostic(
                    .tokenDuplicateJsonKey, severity: .warning,
                    message: "the key `\(key)` appears twice in this object; the last one wins",
                    location: keyLocation, related: [RelatedLocation(first, "first `\(key)` is here")],
                    fix: "remove one of the two `\(key)` keys"))
                open[existing] = MappingEntry(key: key, keyLocation: keyLocation, value: node)
            } else {
                diagnostics.append(Diagnostic(
                    .tokenDuplicate, severity: .error,
                    message: "the key `\(key)` appears twice in this mapping",
                    location: keyLocation, related: [RelatedLocation(first, "first `\(key)` is here")],
                    fix: "remove or rename one of the two `\(key)` keys"))
            }
            return true
        }
        if !frames[top].keyIndex.isEmpty { frames[top].keyIndex[key] = open.count }
        open.append(MappingEntry(key: key, keyLocation: keyLocation, value: node))
        if frames[top].keyIndex.isEmpty, open.count - frames[top].entriesStart == 16 {
            frames[top].keyIndex.reserveCapacity(64)
            for position in frames[top].entriesStart..<open.count { frames[top].keyIndex[open[position].key] = position }
        }
        return true
    }

    /// Takes the value of a plain `<<` key (YAML 1.1's merge key, which most YAML tools still read): a mapping,
    /// or a list of mappings, whose entries the mapping gets where it does not set the key itself; the mapping
    /// ends before they are added (`mergedEntries`). Anything else is an error.
    private mutating func merge(_ node: Node, at keyLocation: SourceLocation, into top: Int) -> Bool {
        let sources = node.mappingEntries != nil ? [node] : node.sequenceItems ?? []
        guard !sources.isEmpty, sources.allSatisfy({ $0.mappingEntries != nil }) else {
            fail(.yamlInvalidMerge, "`<<` merges a mapping or a list of mappings into this one, not \(node.kindDescription)",
                 at: node.location, fix: "write `<<: *name` with an anchored mapping (`name: &name { … }`), or quote \"<<\" for a key of that name")
            return true
        }
        frames[top].merges += sources
        return true
    }

    /// The entries a mapping's `<<` keys merge in: each key of each merged mapping that neither the mapping
    /// itself nor an earlier merged mapping sets, in order.
    private static func mergedEntries(_ merges: [Node], into entries: [MappingEntry]) -> [MappingEntry] {
        var taken = Set(entries.map(\.key))
        var merged: [MappingEntry] = []
        for source in merges {
            for entry in source.mappingEntries ?? [] where taken.insert(entry.key).inserted { merged.append(entry) }
        }
        return merged
    }

    /// Where `key` already is among the entries of the mapping `frames[top]`, as a position in `open`.
    private func index(of key: String, in top: Int) -> Int? {
        if !frames[top].keyIndex.isEmpty { return frames[top].keyIndex[key] }
        var position = frames[top].entriesStart
        while position < open.count {
            if open[position].key == key { return position }
            position += 1
        }
        return nil
    }

    // MARK: Tags

    private mutating func resolveTagged(_ text: String, tag: String, at location: SourceLocation) -> ScalarValue? {
        let core = "tag:yaml.org,2002:"
        switch tag {
        case core + "str": return .string(text)
        case core + "null": return .null
        case core + "bool", core + "int", core + "float":
            let value = CoreSchema.resolvePlain(text)
            switch (tag, value) {
            case (core + "bool", .bool), (core + "int", .integer), (core + "float", .number): return value
            case (core + "float", .integer(let i)): return .number(Double(i))
            default:
                fail(.yamlInvalidTaggedValue, "`\(text)` is not a valid \(displayTag(tag)) value",
                     at: location, fix: "remove the tag or correct the value")
                return nil
            }
        default:
            fail(.yamlUnknownTag, "the tag `\(displayTag(tag))` is not supported on a scalar",
                 at: location, fix: "remove the tag; token values are plain YAML")
            return nil
        }
    }

    private func displayTag(_ tag: String) -> String {
        tag.hasPrefix("tag:yaml.org,2002:") ? "!!" + tag.dropFirst("tag:yaml.org,2002:".count) : tag
    }

    // MARK: Known traps

    /// An empty value followed by `#RRGGBB` on its line: the color became a comment.
    private mutating func unquotedColor(near mark: yaml_mark_t) -> (text: String, location: SourceLocation)? {
        let candidates = [(previousEnd.line, previousEnd.column), (Int(mark.line), 0)]
        for (line, fromColumn) in candidates {
            let scalars = Array(lineText(line).unicodeScalars)
            guard let range = Self.commentedColor(in: scalars, from: fromColumn) else { continue }
            let text = String(String.UnicodeScalarView(scalars[range]))
            let location = SourceLocation(fileID: fileID, line: line + 1, column: shifts.originalColumn(line: line, column: range.lowerBound) + 1)
            diagnostics.append(Diagnostic(
                .yamlUnquotedColor, severity: .error,
                message: "`\(text)` starts a YAML comment here, so this value is empty",
                location: location, fix: "quote the color: \"\(text)\""))
            return (text, location)
        }
        return nil
    }

    /// Where a line's comment begins with what looks like a color (`#RGB` … `#RRGGBBAA`): the first `#` outside
    /// quotes after a blank, followed by 3, 4, 6 or 8 hex digits and then a blank, `,`, `}`, `]` or the line's end.
    static func commentedColor(in scalars: [Unicode.Scalar], from start: Int) -> Range<Int>? {
        var quote: Unicode.Scalar?
        var i = max(0, start)
        while i < scalars.count {
            let c = scalars[i]
            if let open = quote {
                if c == open { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "#", i == 0 || scalars[i - 1] == " " || scalars[i - 1] == "\t" {
                var j = i + 1
                while j < scalars.count, scalars[j].properties.isASCIIHexDigit { j += 1 }
                let ends = j == scalars.count || [" ", "\t", "\r", ",", "}", "]"].contains(scalars[j])
                return ends && [3, 4, 6, 8].contains(j - i - 1) ? i..<j : nil
            }
            i += 1
        }
        return nil
    }

    /// A flow mapping `{color.blue}` with one key and no value: an alias written without quotes.
    private mutating func unquotedAlias(_ frame: Frame, _ entries: [MappingEntry]) -> Node? {
        // The key is looked at first: most one-entry flow mappings are `{ $value: … }`, and matching the value
        // first copied it.
        guard frame.isFlow, frame.firstKeyPlain, entries.count == 1, entries[0].key.utf8.first != UInt8(ascii: "$"),
            case .scalar(.null, let valueText) = entries[0].value.kind, valueText.isEmpty
        else { return nil }
        let key = entries[0].key
        guard !key.isEmpty, !key.contains(":"), !key.contains(",") else { return nil }
        let text = "{\(key)}"
        diagnostics.append(Diagnostic(
            .yamlUnquotedAlias, severity: .error,
            message: "`\(text)` is read as a YAML mapping, not as an alias",
            location: frame.location, fix: "quote the alias: \"\(text)\""))
        return .string(text, at: frame.location, isFlowOrQuoted: true)
    }

    // MARK: Errors and locations

    /// An unquoted `#hex` comment on the error's line or the two before it.
    private mutating func unquotedHexNear(line: Int) -> String? {
        for candidate in stride(from: line, through: max(0, line - 2), by: -1) {
            let scalars = Array(lineText(candidate).unicodeScalars)
            if let range = Self.commentedColor(in: scalars, from: 0) { return String(String.UnicodeScalarView(scalars[range])) }
        }
        return nil
    }

    private mutating func reportParserError(_ parser: yaml_parser_t) {
        let problem = optionalString(parser.problem) ?? "libyaml could not parse the file"
        let context = optionalString(parser.context)
        var location: SourceLocation
        if parser.error == YAML_READER_ERROR {
            var offset = Int(parser.problem_offset)
            if problem.contains("trailing"), offset <= source.count {
                // libyaml points at the bad trailing byte; people look for the character that starts there.
                while offset > 0, source[offset - 1] & 0xC0 == 0x80 { offset -= 1 }
                if offset > 0, source[offset - 1] & 0xC0 == 0xC0 { offset -= 1 }
            }
            location = locationOfByte(offset)
        } else {
            location = self.location(parser.problem_mark)
        }
        var message = problem
        if let context { message += " " + context }
        if problem == "found unexpected end of stream", context == "while scanning a quoted scalar" {
            // Point where the string opens, not at the end of the file where libyaml noticed.
            let opening = self.location(parser.context_mark)
            diagnostics.append(Diagnostic(
                .yamlSyntax, severity: .error, message: "this quoted string is never closed",
                location: opening, related: [RelatedLocation(location, "the file ends here, still inside the string")],
                fix: "close the quote"))
            return
        }
        var related: [RelatedLocation] = []
        if let context, parser.error != YAML_READER_ERROR {
            let contextLocation = self.location(parser.context_mark)
            if contextLocation != location {
                let what = context.hasPrefix("while ") ? String(context.dropFirst("while ".count)) : context
                related.append(RelatedLocation(contextLocation, what + " starts here"))
            }
        }
        var fix: String?
        if let hex = unquotedHexNear(line: location.line - 1) {
            // Inside `{ … }` an unquoted color comments out the rest of the line, closing brace included.
            fix = "`\(hex)` starts a YAML comment, which hides the rest of its line; quote the color: \"\(hex)\""
        } else if problem.contains("UTF-8") || problem.contains("Unicode") {
            fix = "save the file as UTF-8"
        } else if problem.contains("control characters") {
            fix = "remove the control character (a NUL byte or similar); token files are text"
        } else if problem.contains("found unexpected end of stream"), context?.contains("quoted scalar") == true {
            fix = "close the quote"
        } else if lineText(location.line - 1).unicodeScalars.dropFirst(max(0, location.column - 1)).first == "\t"
            || (problem.contains("cannot start any token") && lineText(location.line - 1).hasPrefix("\t"))
        {
            fix = "indent with spaces; YAML does not allow tabs for indentation"
        } else if problem.contains("mapping values are not allowed") {
            fix = "quote the value if it contains `: `"
        }
        diagnostics.append(Diagnostic(
            .yamlSyntax, severity: .error, message: message, location: location,
            related: related, fix: fix))
    }

    private mutating func fail(_ kind: DiagnosticKind, _ message: String, at location: SourceLocation, fix: String? = nil) {
        diagnostics.append(Diagnostic(kind, severity: .error, message: message, location: location, fix: fix))
    }

    private func location(_ mark: yaml_mark_t) -> SourceLocation {
        let line = Int(mark.line)
        return SourceLocation(fileID: fileID, line: line + 1, column: shifts.originalColumn(line: line, column: Int(mark.column)) + 1)
    }

    private mutating func locationOfByte(_ offset: Int) -> SourceLocation {
        let index = lineIndex()
        let clamped = min(max(0, offset), source.count)
        let line = index.line(containing: clamped)
        let column = UTF8Columns.scalarCount(source, index.starts[line]..<clamped)
        return SourceLocation(fileID: fileID, line: line + 1, column: shifts.originalColumn(line: line, column: column) + 1)
    }

    private mutating func lineIndex() -> LineIndex {
        if let lines { return lines }
        let index = LineIndex(source)
        lines = index
        return index
    }

    /// The text of a 0-based line, at most the first few hundred bytes (enough for the hints).
    private mutating func lineText(_ line: Int) -> String {
        guard let range = lineIndex().byteRange(ofLine: line, in: source) else { return "" }
        let end = min(range.upperBound, range.lowerBound + 4096)
        return String(decoding: source[range.lowerBound..<end], as: UTF8.self)
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int) -> String {
        guard let pointer, length > 0 else { return "" }
        let bytes = UnsafeBufferPointer(start: pointer, count: length)
        return CommonNames.string(for: bytes) ?? String(decoding: bytes, as: UTF8.self)
    }

    private func optionalString(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private func optionalString(_ pointer: UnsafePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }
}

/// The entries of every mapping a loader has open, innermost last, in one buffer that grows to the file's
/// widest nesting: each mapping's entries are moved out into a list of exactly their count when it ends.
/// Appending to a list per mapping grew it one step at a time (a token's three keys allocated twice).
private final class OpenEntries {
    private var base: UnsafeMutablePointer<MappingEntry>
    private var capacity: Int
    /// How many entries are open.
    private(set) var count = 0

    init() {
        capacity = 64
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// The entry at `position` (below `count`), read in place.
    subscript(position: Int) -> MappingEntry {
        _read { yield base[position] }
        _modify { yield &base[position] }
    }

    /// Adds `entry` on top, moved in.
    func append(_ entry: consuming MappingEntry) {
        if count == capacity {
            let grown = UnsafeMutablePointer<MappingEntry>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        (base + count).initialize(to: entry)
        count += 1
    }

    /// The entries from `start` up, moved into a list; `count` goes back to `start`.
    func take(from start: Int) -> [MappingEntry] {
        // Reserved and appended: `Array(unsafeUninitializedCapacity:)` looked its storage type up at run
        // time on every call (a generic path the optimizer left unspecialized), twice the cost of the list.
        var list: [MappingEntry] = []
        list.reserveCapacity(count - start)
        for position in start..<count { list.append((base + position).move()) }
        count = start
        return list
    }
}

/// The names nearly every token file repeats (DTCG's keys, the appearances, the types), each made once: a
/// scalar that is one of them is that string, found by its length and bytes, instead of a new string checked
/// as UTF-8 (half a file's scalars are these keys). A name held this way is the very string the stages
/// compare it with (`Appearance.lightHighContrast`), which `==` finds equal without reading the bytes.
enum CommonNames {
    /// The names, with their UTF-8, grouped by length.
    private static let byLength: [[(bytes: [UInt8], string: String)]] = {
        let names = ["$value", "$type", "$description", "$extensions", "$deprecated", "$schema", "$root", "$ref",
                     "mode", "tokenc", "on", "text", "large-text", "role", "platforms", "ignore", "rule", "reason",
                     "value", "unit", "px", "rem", "ms", "s"]
            + Appearance.builtIn + TokenType.allCases.map(\.rawValue)
        var groups = [[(bytes: [UInt8], string: String)]](repeating: [], count: 24)
        for name in names where name.utf8.count < groups.count && !groups[name.utf8.count].contains(where: { $0.string == name }) {
            groups[name.utf8.count].append((Array(name.utf8), name))
        }
        return groups
    }()

    /// The common name these bytes spell, if they spell one.
    static func string(for bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count < byLength.count else { return nil }
        for candidate in byLength[bytes.count] where candidate.bytes[0] == bytes[0] {
            if candidate.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) {
                return candidate.string
            }
        }
        return nil
    }
}
