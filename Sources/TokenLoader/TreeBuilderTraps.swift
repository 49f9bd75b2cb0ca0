import CYAML
import SourceData
import SourceTree
import TokenModel

/// The tree builder's tags, the traps it recognises (an unquoted color, an alias written bare) and its
/// errors and locations.
extension TreeBuilder {
    // MARK: Tags

    mutating func resolveTagged(_ text: String, tag: String, at location: SourceLocation) -> ScalarValue? {
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

    func displayTag(_ tag: String) -> String {
        tag.hasPrefix("tag:yaml.org,2002:") ? "!!" + tag.dropFirst("tag:yaml.org,2002:".count) : tag
    }

    // MARK: Known traps

    /// An empty value followed by `#RRGGBB` on its line: the color became a comment.
    mutating func unquotedColor(near mark: yaml_mark_t) -> (text: String, location: SourceLocation)? {
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
    mutating func unquotedAlias(_ frame: Frame, _ entries: [MappingEntry]) -> Node? {
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
    mutating func unquotedHexNear(line: Int) -> String? {
        for candidate in stride(from: line, through: max(0, line - 2), by: -1) {
            let scalars = Array(lineText(candidate).unicodeScalars)
            if let range = Self.commentedColor(in: scalars, from: 0) { return String(String.UnicodeScalarView(scalars[range])) }
        }
        return nil
    }

    mutating func reportParserError(_ parser: yaml_parser_t) {
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

    mutating func fail(_ kind: DiagnosticKind, _ message: String, at location: SourceLocation, fix: String? = nil) {
        diagnostics.append(Diagnostic(kind, severity: .error, message: message, location: location, fix: fix))
    }

    func location(_ mark: yaml_mark_t) -> SourceLocation {
        let line = Int(mark.line)
        return SourceLocation(fileID: fileID, line: line + 1, column: shifts.originalColumn(line: line, column: Int(mark.column)) + 1)
    }

    mutating func locationOfByte(_ offset: Int) -> SourceLocation {
        let index = lineIndex()
        let clamped = min(max(0, offset), source.count)
        let line = index.line(containing: clamped)
        let column = UTF8Columns.scalarCount(source, index.starts[line]..<clamped)
        return SourceLocation(fileID: fileID, line: line + 1, column: shifts.originalColumn(line: line, column: column) + 1)
    }

    mutating func lineIndex() -> LineIndex {
        if let lines { return lines }
        let index = LineIndex(source)
        lines = index
        return index
    }

    /// The text of a 0-based line, at most the first few hundred bytes (enough for the hints).
    mutating func lineText(_ line: Int) -> String {
        guard let range = lineIndex().byteRange(ofLine: line, in: source) else { return "" }
        let end = min(range.upperBound, range.lowerBound + 4096)
        return String(decoding: source[range.lowerBound..<end], as: UTF8.self)
    }

    func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int) -> String {
        guard let pointer, length > 0 else { return "" }
        let bytes = UnsafeBufferPointer(start: pointer, count: length)
        return CommonNames.string(for: bytes) ?? String(decoding: bytes, as: UTF8.self)
    }

    func optionalString(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    func optionalString(_ pointer: UnsafePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }
}
