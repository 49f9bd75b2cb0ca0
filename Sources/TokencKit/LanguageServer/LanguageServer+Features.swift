import SourceData
import SourceTree
import TokenColor
import TokenModel
import TokenMigration

extension LanguageServer {
    /// Every `{path}` written in the token files (the open documents' text first), with where: `references` and
    /// `rename` read them. Found in the text, so an alias inside a composite or a mode counts too.
    func aliasOccurrences(of path: String, files: [String]) -> [(file: String, line: Int, from: Int, to: Int)] {
        let needle = "{" + path + "}"
        var found: [(String, Int, Int, Int)] = []
        let wanted = Array(needle.unicodeScalars)
        for file in files {
            let lines = lines(ofPath: file)
            guard lines.text.contains(needle) else { continue }
            for index in 1...lines.count {
                let scalars = Array(lines[index]!.unicodeScalars)
                guard scalars.count >= wanted.count else { continue }
                for start in 0...(scalars.count - wanted.count) where scalars[start..<start + wanted.count].elementsEqual(wanted) {
                    found.append((file, index, start + 1, start + wanted.count + 1))
                }
            }
        }
        return found
    }

    /// `textDocument/references`: every alias to the token at the position, and its definition when asked; on a
    /// resolver document's `$ref`, every `$ref` to the same target.
    func references(_ params: JSONValue, files: [String]) -> JSONValue {
        if let references = referenceReferences(params, files: files) { return references }
        guard let (token, _) = target(params) else { return .null }
        var locations: [JSONValue] = []
        if params["context"]?["includeDeclaration"] == .bool(true) {
            locations.append(definition(of: token))
        }
        for found in aliasOccurrences(of: token.path, files: files) {
            locations.append(.object(["uri": .string(DocumentURI.uri(of: found.file)),
                                      "range": lines(ofPath: found.file).range(line: found.line, from: found.from, to: found.to)]))
        }
        return .array(locations)
    }

    /// `textDocument/rename`: the token's name where it is defined and every alias to it, as one `WorkspaceEdit`.
    /// The new name is the token's last part (`primary`), or its whole path in the same group; a path another
    /// token has, or a name a path cannot hold, is refused with a message.
    func rename(_ params: JSONValue, files: [String], root: String) -> (JSONValue?, String?) {
        guard let (token, _) = target(params), let newName = params["newName"]?.string else { return (nil, "no token at this place to rename") }
        let group = token.path.split(separator: ".").dropLast().joined(separator: ".")
        let last = newName.hasPrefix(group + ".") && !group.isEmpty ? String(newName.dropFirst(group.count + 1)) : newName
        guard !last.isEmpty, !last.contains("."), !last.contains("{"), !last.contains("}"), !last.hasPrefix("$") else {
            return (nil, "`\(newName)` cannot name a token here: give the new last part of \(token.path) (no `.`, `{`, `}` or leading `$`)")
        }
        let newPath = group.isEmpty ? last : group + "." + last
        guard navigation?.tokens[newPath] == nil else { return (nil, "`\(newPath)` is already a token: renaming \(token.path) to it would merge two tokens") }
        var changes: [String: [JSONValue]] = [:]
        let location = token.token.location
        let file = Self.absolute(location.file, in: root)
        let keyLine = lines(ofPath: file)[location.line] ?? ""
        let oldLast = String(token.path.split(separator: ".").last ?? "")
        let keyScalars = Array(keyLine.unicodeScalars)
        // The key as written: plain, or quoted (then the quotes stay).
        let quoted = location.column - 1 < keyScalars.count && (keyScalars[location.column - 1] == "\"" || keyScalars[location.column - 1] == "'")
        let from = location.column + (quoted ? 1 : 0)
        let written = quoted ? last.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") : last
        changes[DocumentURI.uri(of: file), default: []].append(.object([
            "range": lines(ofPath: file).range(line: location.line, from: from, to: from + oldLast.unicodeScalars.count), "newText": .string(written)]))
        for found in aliasOccurrences(of: token.path, files: files) {
            changes[DocumentURI.uri(of: found.file), default: []].append(.object([
                "range": lines(ofPath: found.file).range(line: found.line, from: found.from, to: found.to), "newText": .string("{" + newPath + "}")]))
        }
        return (.object(["changes": .object(changes.mapValues { .array($0) })]), nil)
    }

    /// `textDocument/documentSymbol`: the tokens defined in the file, each under its group's path.
    func documentSymbols(_ params: JSONValue, set: ResolvedTokenSet, root: String) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.string, let path = DocumentURI.path(of: uri) else { return .null }
        let lines = lines(ofPath: path)
        let symbols = set.tokens.filter { Self.absolute($0.token.location.file, in: root) == path }.map { token -> JSONValue in
            let location = token.token.location
            let parts = token.path.split(separator: ".")
            var members: [String: JSONValue] = [
                "name": .string(String(parts.last ?? "")),
                // A constant: a token is a named value.
                "kind": .integer(14),
                "location": .object(["uri": .string(uri), "range": LSPDiagnostic.range(line: location.line, column: location.column, in: lines)]),
            ]
            if parts.count > 1 { members["containerName"] = .string(parts.dropLast().joined(separator: ".")) }
            if token.deprecation != nil { members["tags"] = .array([.integer(1)]) }
            return .object(members)
        }
        return .array(symbols)
    }

    /// `textDocument/documentColor`: each color written in the file (a token's `$value` and its other
    /// appearances), in sRGB, so editors draw a swatch beside it. An alias is drawn with its target's color.
    func documentColors(_ params: JSONValue, set: ResolvedTokenSet, root: String) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.string, let path = DocumentURI.path(of: uri) else { return .null }
        let lines = lines(ofPath: path)
        var colors: [JSONValue] = []
        for token in set.tokens where token.type == .color && Self.absolute(token.token.location.file, in: root) == path {
            let written = [(Appearance.light, token.token.value)] + token.token.modes.map { ($0.name, $0.value) }
            for (mode, node) in written {
                guard let parsed = token.colorValue(in: mode) else { continue }
                let srgb = parsed.color(in: mode).converted(to: .srgb)
                let c = srgb.components
                func unit(_ value: Double) -> JSONValue { .number(min(1, max(0, (value * 1e6).rounded() / 1e6))) }
                colors.append(.object([
                    "range": LSPDiagnostic.range(line: node.location.line, column: node.location.column, in: lines),
                    "color": .object(["red": unit(c.x), "green": unit(c.y), "blue": unit(c.z), "alpha": unit(srgb.alpha)]),
                ]))
            }
        }
        return .array(colors)
    }

    /// `textDocument/colorPresentation`: the picked color as the hex a token file writes.
    static func colorPresentations(_ params: JSONValue) -> JSONValue {
        func byte(_ key: String) -> Int {
            let value: Double = switch params["color"]?[key] {
            case .number(let value)?: value
            case .integer(let value)?: Double(value)
            default: 1
            }
            return Int((min(1, max(0, value)) * 255).rounded())
        }
        var hex = "#" + ["red", "green", "blue"].map { String(format2: byte($0)) }.joined()
        if byte("alpha") < 255 { hex += String(format2: byte("alpha")) }
        return .array([.object(["label": .string("\"" + hex + "\"")])])
    }
}

private extension String {
    /// A byte as two lowercase hex digits.
    init(format2 byte: Int) {
        let hex = String(byte, radix: 16)
        self = hex.count == 1 ? "0" + hex : hex
    }
}

extension LanguageServer {
    /// `textDocument/codeAction`: each edit `tokenc migrate` would make in the file, within the asked range, as a
    /// quick fix (with the findings it answers), and all of them at once as `source.fixAll`.
    func codeActions(_ params: JSONValue) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.string, let path = DocumentURI.path(of: uri), let text = text(ofPath: path),
              let range = params["range"].flatMap(Self.range) else { return .array([]) }
        let bytes = Array(text.utf8)
        let edits = Migration.plan(file: path, bytes: bytes).edits
        guard !edits.isEmpty else { return .array([]) }
        let offered = context(params)
        func textEdit(_ edit: TextEdit) -> JSONValue {
            .object(["range": .object(["start": Self.position(ofByte: edit.range.lowerBound, in: bytes), "end": Self.position(ofByte: edit.range.upperBound, in: bytes)]),
                     "newText": .string(edit.replacement)])
        }
        var actions: [JSONValue] = []
        for edit in edits {
            let line = edit.location.line - 1
            guard line >= range.start.0, line <= range.end.0 else { continue }
            let answered = offered.filter { $0["range"]?["start"]?["line"]?.integer == line }
            var action: [String: JSONValue] = [
                "title": .string("tokenc: " + edit.reason), "kind": .string("quickfix"),
                "edit": .object(["changes": .object([uri: .array([textEdit(edit)])])]),
            ]
            if !answered.isEmpty {
                action["diagnostics"] = .array(answered)
                action["isPreferred"] = .bool(true)
            }
            actions.append(.object(action))
        }
        actions.append(.object([
            "title": .string("tokenc: every migrate fix in this file (\(edits.count))"), "kind": .string("source.fixAll.tokenc"),
            "edit": .object(["changes": .object([uri: .array(edits.map(textEdit))])]),
        ]))
        return .array(actions)
    }

    /// The findings the editor sent with a code action request (its `context.diagnostics`).
    private func context(_ params: JSONValue) -> [JSONValue] { params["context"]?["diagnostics"]?.array ?? [] }

    /// The protocol position of a byte offset in UTF-8 text: its line and its UTF-16 column.
    static func position(ofByte offset: Int, in bytes: [UInt8]) -> JSONValue {
        var line = 0, lineStart = 0, i = 0
        while i < min(offset, bytes.count) {
            if bytes[i] == UInt8(ascii: "\n") {
                line += 1
                lineStart = i + 1
            } else if bytes[i] == UInt8(ascii: "\r"), i + 1 >= bytes.count || bytes[i + 1] != UInt8(ascii: "\n") {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        let column = String(decoding: bytes[lineStart..<min(offset, bytes.count)], as: UTF8.self).utf16.count
        return .object(["line": .integer(line), "character": .integer(column)])
    }
}
