import SourceData
import SourceTree

/// Aliases of a rewritten value. Every alias of a YAML anchor reads what the anchored node holds, so once an
/// edit rewrites an anchored scalar (`&b 8px` → `&b { value: 8, unit: px }`), an alias the walk did not rewrite
/// itself — a mapping key (`{ $value, *b }`), a value migrate leaves alone — would read the object instead of
/// the text it read before.
extension MigrationWalk {
    /// Writes, in place of each alias that no edit rewrites, the text its anchored scalar had, wherever an edit
    /// rewrites that scalar: each alias then reads what it read before the migration.
    mutating func keepAliasesOfRewrittenAnchors(_ root: Node) {
        var anchors: [String: [(offset: Int, text: Range<Int>)]] = [:]
        var aliases: [(name: String, range: Range<Int>, location: SourceLocation)] = []
        // A node or key written at `location`: an alias (`*b`), or a scalar after its anchor (`&b`, and a tag).
        func visit(_ location: SourceLocation, scalarText: String?) {
            let start = offset(location)
            guard start < bytes.count else { return }
            if bytes[start] == UInt8(ascii: "*") {
                let end = anchorNameEnd(start + 1)
                aliases.append((String(decoding: bytes[start + 1..<end], as: UTF8.self), start..<end, location))
                return
            }
            guard let scalarText, let name = properties(at: start).anchor else { return }
            anchors[String(decoding: bytes[name], as: UTF8.self), default: []].append((start, scalarExtent(at: start, plain: scalarText)))
        }
        var pending = [root]
        while let node = pending.popLast() {
            visit(node.location, scalarText: node.scalarText)
            switch node.kind {
            case .mapping(let entries):
                for entry in entries {
                    visit(entry.keyLocation, scalarText: entry.key)
                    pending.append(entry.value)
                }
            case .sequence(let items): pending.append(contentsOf: items)
            case .scalar: break
            }
        }
        guard !anchors.isEmpty, !aliases.isEmpty else { return }
        let rewritten = Set(edits.map(\.range))
        for alias in aliases where !edits.contains(where: { $0.range == alias.range || $0.range.contains(alias.range.lowerBound) }) {
            // An alias names the last anchor of its name before it (the tree is not visited in file order).
            guard let anchor = anchors[alias.name]?.filter({ $0.offset < alias.range.lowerBound }).max(by: { $0.offset < $1.offset }),
                  rewritten.contains(anchor.text) else { continue }
            edits.append(TextEdit(range: alias.range, replacement: String(decoding: bytes[anchor.text], as: UTF8.self),
                                  location: alias.location,
                                  reason: "`*\(alias.name)` keeps the text its anchor had: migrate rewrote the anchored value"))
        }
    }
}
