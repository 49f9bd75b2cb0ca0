import CYAML
import SourceData
import SourceTree
import TokenModel

/// Turns the bytes of one token file into a located node tree, using libyaml's event API.
public struct TokenFileLoader: Sendable {
    /// The bounds applied to every file.
    public var limits: LoaderLimits

    /// Creates a loader with the given limits.
    public init(limits: LoaderLimits = LoaderLimits()) {
        self.limits = limits
    }

    /// Loads one file's bytes; `path` is used in locations, and `.json`, `.jsonc` and `.json5` files get JSON's
    /// rules (the last two after their comments are blanked).
    public func load(bytes: [UInt8], path: String) -> (file: LoadedFile, diagnostics: [Diagnostic]) {
        let syntax = FileSyntax(path: path)
        let isJSON = syntax.isJSON
        if bytes.count > limits.maxFileBytes {
            let diagnostic = Diagnostic(
                .yamlFileTooLarge, severity: .error,
                message: "the file is \(bytes.count) bytes; token files may be at most \(limits.maxFileBytes) bytes",
                location: SourceLocation(file: path, line: 1, column: 1),
                fix: "split the tokens into several files")
            return (LoadedFile(path: path, root: nil, isJSON: isJSON), [diagnostic])
        }
        var input = bytes
        if syntax == .jsonWithComments, let blanked = JSONComments.blank(bytes) { input = blanked }
        var shifts = ColumnShifts()
        if isJSON, let rewritten = JSONSurrogates.rewrite(input) {
            input = rewritten.bytes
            shifts = rewritten.shifts
        }
        var builder = TreeBuilder(path: path, isJSON: isJSON, limits: limits, source: input, shifts: shifts)
        let root = builder.run()
        return (LoadedFile(path: path, root: root, isJSON: isJSON), builder.diagnostics)
    }
}

/// Drives libyaml and assembles nodes; one instance per file.
struct TreeBuilder {
    let path: String
    /// `path`'s number in the file-name table, for the locations of every node.
    let fileID: UInt32
    let isJSON: Bool
    let limits: LoaderLimits
    let source: [UInt8]
    let shifts: ColumnShifts
    var diagnostics: [Diagnostic] = []

    enum PendingKey {
        case key(String, SourceLocation, plain: Bool)
        case invalid
    }

    struct Frame {
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

    var frames: [Frame] = []
    /// The entries of every mapping still open, innermost last.
    var open = OpenEntries()
    var anchors: [String: (node: Node, weight: Int)] = [:]
    var expandedNodes = 0
    var root: Node?
    var documents = 0
    var lines: LineIndex?
    var previousEnd = (line: 0, column: 0)

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

    mutating func handle(_ event: inout yaml_event_t) -> Bool {
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
    static func take<Element>(_ list: inout [Element]) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &list)
        return taken
    }

    /// Hands a finished node to its parent, or makes it the root.
    mutating func complete(_ node: consuming Node, weight: Int, anchor: String?, plainKey: Bool) -> Bool {
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
    mutating func merge(_ node: Node, at keyLocation: SourceLocation, into top: Int) -> Bool {
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
    static func mergedEntries(_ merges: [Node], into entries: [MappingEntry]) -> [MappingEntry] {
        var taken = Set(entries.map(\.key))
        var merged: [MappingEntry] = []
        for source in merges {
            for entry in source.mappingEntries ?? [] where taken.insert(entry.key).inserted { merged.append(entry) }
        }
        return merged
    }

    /// Where `key` already is among the entries of the mapping `frames[top]`, as a position in `open`.
    func index(of key: String, in top: Int) -> Int? {
        if !frames[top].keyIndex.isEmpty { return frames[top].keyIndex[key] }
        var position = frames[top].entriesStart
        while position < open.count {
            if open[position].key == key { return position }
            position += 1
        }
        return nil
    }

}
