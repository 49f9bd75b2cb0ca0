import TokenDiff
import TokenGenerators
import TokenModel

/// Prints a `TokenDiff` for people (Markdown for a pull-request comment, self-contained HTML with
/// swatches) or for tools (JSON with `schemaVersion`).
public enum DiffReport {
    /// The version of the JSON shape.
    public static let schemaVersion = 1
    /// Markdown tables longer than this fold their remaining rows into `<details>`.
    static let visibleRows = 15

    /// The one-line count of what changed.
    static func headline(_ diff: TokenSetDiff) -> String {
        var parts = ["\(diff.changed.count) changed", "\(diff.added.count) added", "\(diff.removed.count) removed", "\(diff.renamed.count) renamed"]
        if !diff.contrast.isEmpty { parts.append("\(diff.contrast.count) contrast change\(diff.contrast.count == 1 ? "" : "s")") }
        if !diff.groups.isEmpty { parts.append("\(diff.groups.count) group\(diff.groups.count == 1 ? "" : "s") changed") }
        parts.append("findings: \(diff.introduced.count) introduced, \(diff.fixed.count) fixed")
        return parts.joined(separator: " · ")
    }

    static func ratio(_ value: Double?) -> String { value.map { $0.fixed(2) + ":1" } ?? "—" }
    static func passMark(_ passes: Bool?) -> String { passes.map { $0 ? "pass" : "fail" } ?? "" }
    static func where_(_ d: Diagnostic) -> String { d.location.map { "\($0.file):\($0.line):\($0.column)" } ?? "" }

    // MARK: Markdown

    /// A compact comment for a pull request; long lists are folded. Every name, value and message from the token
    /// files is a code span or escaped text (`MarkdownText`): a hostile name can add no HTML, table cell, mention or link.
    public static func markdown(_ diff: TokenSetDiff) -> String {
        let code = MarkdownText.code, prose = MarkdownText.prose
        var out = "### Design tokens: \(code(diff.base, false)) → \(code(diff.head, false))\n\n"
        guard !diff.isEmpty else { return out + "No token, contrast or finding changed.\n" }
        out += "**\(headline(diff))**\n"
        let breaking = diff.breakingChanges
        if !breaking.isEmpty {
            out += "\n#### ⚠️ \(breaking.count) breaking change\(breaking.count == 1 ? "" : "s") (names generated code exposes)\n\n"
            out += breaking.map { "- \($0.text { code($0, false) })\n" }.joined()
        }
        func table(_ title: String, _ header: [String], _ rows: [[String]]) {
            guard !rows.isEmpty else { return }
            out += "\n#### \(title)\n\n"
            func lines(_ rows: ArraySlice<[String]>) -> String {
                "| " + header.joined(separator: " | ") + " |\n|" + String(repeating: " --- |", count: header.count) + "\n"
                    + rows.map { "| " + $0.joined(separator: " | ") + " |\n" }.joined()
            }
            out += lines(rows.prefix(visibleRows))
            if rows.count > visibleRows {
                out += "\n<details><summary>\(rows.count - visibleRows) more</summary>\n\n" + lines(rows.dropFirst(visibleRows)) + "\n</details>\n"
            }
        }
        table("Changed", ["token", "appearance", "before", "after", "ΔE2000"], diff.changed.flatMap(changedRows))
        table("Contrast on declared surfaces", ["foreground on surface", "appearance", "before", "after", "minimum"], diff.contrast.map { c in
            ["\(code(c.foreground, true)) on \(code(c.surface, true))", prose(c.mode), ratio(c.oldRatio) + " " + passMark(c.oldPasses),
             ratio(c.newRatio) + " " + passMark(c.newPasses), ratio(c.minimum)]
        })
        table("Added", ["token", "type", "value"], diff.added.map { [code($0.path, true), prose($0.type), $0.values.map(display).joined(separator: " / ")] })
        table("Removed", ["token", "type", "value"], diff.removed.map { [code($0.path, true), prose($0.type), $0.values.map(display).joined(separator: " / ")] })
        table("Renamed", ["from", "to", "type"], diff.renamed.map { [code($0.from, true), code($0.to, true), prose($0.type)] })
        table("Groups", ["group", "field", "before", "after"], diff.groups.flatMap { group in
            fieldRows(description: group.description, extensions: group.extensions, code: markdownCode, text: markdownText)
                .map { [code(group.path, true), $0.field, $0.old, $0.new] }
        })
        func finding(_ d: Diagnostic) -> [String] { [prose(where_(d)), d.severity.rawValue, MarkdownText.message(d.message), d.id] }
        table("Findings introduced", ["where", "severity", "finding", "rule"], diff.introduced.map(finding))
        table("Findings fixed", ["where", "severity", "finding", "rule"], diff.fixed.map(finding))
        return out
    }

    /// The rows of what changed about a token other than its values, or about a group: type, deprecation,
    /// description, extensions; `code` makes a code span and `text` escapes text (Markdown's or HTML's).
    static func fieldRows(type: (old: String, new: String)? = nil, deprecation: TokenSetDiff.TextChange? = nil,
                          description: TokenSetDiff.TextChange?, extensions: [TokenSetDiff.PartChange],
                          code: (String) -> String, text: (String) -> String) -> [(field: String, old: String, new: String)] {
        var rows: [(field: String, old: String, new: String)] = []
        if let type { rows.append(("type", text(type.old), text(type.new))) }
        if let deprecation {
            rows.append(("deprecated", text(deprecationText(deprecation.old)), text(deprecationText(deprecation.new))))
        }
        if let description { rows.append(("description", descriptionCell(description.old, text: text), descriptionCell(description.new, text: text))) }
        if !extensions.isEmpty {
            rows.append(("extensions", parts(extensions, \.old, code: code), parts(extensions, \.new, code: code)))
        }
        return rows
    }

    /// A code span in a Markdown table.
    static func markdownCode(_ text: String) -> String { MarkdownText.code(text, inTable: true) }

    /// Escaped text in Markdown.
    static func markdownText(_ text: String) -> String { MarkdownText.prose(text) }

    /// A code span in HTML.
    static func htmlCode(_ text: String) -> String { "<code>\(HTML.escape(text))</code>" }

    /// A changed token's markdown rows: its type, deprecation, description and extensions when they changed,
    /// then each appearance whose value did.
    static func changedRows(_ change: TokenSetDiff.Change) -> [[String]] {
        let token = markdownCode(change.path)
        var rows = fieldRows(type: change.oldType.map { ($0, change.type) }, deprecation: change.deprecation,
                             description: change.tokenDescription, extensions: change.extensions, code: markdownCode, text: markdownText)
            .map { [token, $0.field, $0.old, $0.new, ""] }
        for mode in change.modes {
            // A composite that kept some parts shows only the parts that changed.
            if !mode.parts.isEmpty {
                rows.append([token, markdownText(mode.mode), parts(mode.parts, \.old, code: markdownCode), parts(mode.parts, \.new, code: markdownCode), ""])
            } else {
                rows.append([token, markdownText(mode.mode), mode.old.map(display) ?? "—", mode.new.map(display) ?? "—",
                             mode.deltaE2000.map { $0.fixed(2) } ?? ""])
            }
        }
        return rows
    }

    /// One side of a deprecation change: `—` when not deprecated, `yes` for `$deprecated: true`, else the explanation.
    static func deprecationText(_ deprecation: String?) -> String {
        deprecation.map { $0.isEmpty ? "yes" : $0 } ?? "—"
    }

    /// One side of a description change in a markdown or HTML table: `—` when there is none, else each line written
    /// by `text` with `<br>` between them (a cell holds one line).
    static func descriptionCell(_ description: String?, text: (String) -> String) -> String {
        description.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map { text(String($0)) }.joined(separator: "<br>") } ?? "—"
    }

    /// Changed parts on one side, `` `lineHeight: 1.29` ``; a part that side lacks is `—`.
    static func parts(_ parts: [TokenSetDiff.PartChange], _ side: KeyPath<TokenSetDiff.PartChange, String?>,
                      code: (String) -> String) -> String {
        parts.map { part in part[keyPath: side].map { code("\(part.key): \($0)") } ?? code(part.key) + ": —" }.joined(separator: ", ")
    }

    /// A value in a Markdown table: a code span, with the hex it maps to when that differs from the text.
    static func display(_ value: TokenSetDiff.ModeValue) -> String {
        if let hex = value.hex, hex != value.text.lowercased() { return "\(markdownCode(value.text)) (\(hex))" }
        return markdownCode(value.text)
    }

    // MARK: JSON

    /// The diff for tools: every list, the breaking changes, and findings in the shape of docs/diagnostics.md (JSON).
    public static func json(_ diff: TokenSetDiff) -> String {
        var w = JSONWriter(capacity: 4096)
        func values(_ w: inout JSONWriter, _ values: [TokenSetDiff.ModeValue]) {
            w.object { w in
                for value in values {
                    w.member(value.mode)
                    modeValue(&w, value)
                }
            }
        }
        func modeValue(_ w: inout JSONWriter, _ value: TokenSetDiff.ModeValue?) {
            guard let value else { return w.raw("null") }
            w.object { w in
                w.member("value")
                w.string(value.text)
                if let hex = value.hex {
                    w.member("hex")
                    w.string(hex)
                }
            }
        }
        func entries(_ w: inout JSONWriter, _ list: [TokenSetDiff.Entry]) {
            w.array(list.count) { w, i in
                w.object { w in
                    w.member("path"); w.string(list[i].path)
                    w.member("type"); w.string(list[i].type)
                    w.member("values"); values(&w, list[i].values)
                }
            }
        }
        func findings(_ w: inout JSONWriter, _ list: [Diagnostic]) {
            w.array(list.count) { w, i in w.raw(JSONReporter.finding(list[i])) }
        }
        func optionalNumber(_ w: inout JSONWriter, _ value: Double?) {
            if let value { w.number((value * 1000).rounded() / 1000) } else { w.raw("null") }
        }
        func optionalBool(_ w: inout JSONWriter, _ value: Bool?) { w.raw(value.map { $0 ? "true" : "false" } ?? "null") }
        func optionalString(_ w: inout JSONWriter, _ value: String?) { if let value { w.string(value) } else { w.raw("null") } }
        func textChange(_ w: inout JSONWriter, _ change: TokenSetDiff.TextChange?) {
            guard let change else { return w.raw("null") }
            w.object { w in
                w.member("old"); optionalString(&w, change.old)
                w.member("new"); optionalString(&w, change.new)
            }
        }
        func partChanges(_ w: inout JSONWriter, _ parts: [TokenSetDiff.PartChange]) {
            w.array(parts.count) { w, k in
                w.object { w in
                    w.member("key"); w.string(parts[k].key)
                    w.member("old"); optionalString(&w, parts[k].old)
                    w.member("new"); optionalString(&w, parts[k].new)
                }
            }
        }
        w.object { w in
            w.member("schemaVersion"); w.number(Double(schemaVersion))
            w.member("base"); w.string(diff.base)
            w.member("head"); w.string(diff.head)
            w.member("summary")
            w.object { w in
                for (key, count) in [("changed", diff.changed.count), ("added", diff.added.count), ("removed", diff.removed.count),
                                     ("renamed", diff.renamed.count), ("contrastChanges", diff.contrast.count), ("groupsChanged", diff.groups.count),
                                     ("breaking", diff.breaking.count),
                                     ("findingsIntroduced", diff.introduced.count), ("findingsFixed", diff.fixed.count)] {
                    w.member(key); w.number(Double(count))
                }
            }
            w.member("breaking")
            let breaking = diff.breaking
            w.array(breaking.count) { w, i in w.string(breaking[i]) }
            w.member("changed")
            w.array(diff.changed.count) { w, i in
                let change = diff.changed[i]
                w.object { w in
                    w.member("path"); w.string(change.path)
                    w.member("type"); w.string(change.type)
                    w.member("oldType"); optionalString(&w, change.oldType)
                    w.member("deprecation"); textChange(&w, change.deprecation)
                    w.member("description"); textChange(&w, change.tokenDescription)
                    w.member("extensions"); partChanges(&w, change.extensions)
                    w.member("modes")
                    w.array(change.modes.count) { w, j in
                        let mode = change.modes[j]
                        w.object { w in
                            w.member("mode"); w.string(mode.mode)
                            w.member("old"); modeValue(&w, mode.old)
                            w.member("new"); modeValue(&w, mode.new)
                            w.member("deltaE2000"); optionalNumber(&w, mode.deltaE2000)
                            w.member("parts"); partChanges(&w, mode.parts)
                        }
                    }
                }
            }
            w.member("added"); entries(&w, diff.added)
            w.member("removed"); entries(&w, diff.removed)
            w.member("renamed")
            w.array(diff.renamed.count) { w, i in
                w.object { w in
                    w.member("from"); w.string(diff.renamed[i].from)
                    w.member("to"); w.string(diff.renamed[i].to)
                    w.member("type"); w.string(diff.renamed[i].type)
                }
            }
            w.member("contrast")
            w.array(diff.contrast.count) { w, i in
                let c = diff.contrast[i]
                w.object { w in
                    w.member("foreground"); w.string(c.foreground)
                    w.member("surface"); w.string(c.surface)
                    w.member("mode"); w.string(c.mode)
                    w.member("oldRatio"); optionalNumber(&w, c.oldRatio)
                    w.member("newRatio"); optionalNumber(&w, c.newRatio)
                    w.member("minimum"); optionalNumber(&w, c.minimum)
                    w.member("oldPasses"); optionalBool(&w, c.oldPasses)
                    w.member("newPasses"); optionalBool(&w, c.newPasses)
                }
            }
            w.member("groups")
            w.array(diff.groups.count) { w, i in
                let group = diff.groups[i]
                w.object { w in
                    w.member("path"); w.string(group.path)
                    w.member("description"); textChange(&w, group.description)
                    w.member("extensions"); partChanges(&w, group.extensions)
                }
            }
            w.member("findings")
            w.object { w in
                w.member("introduced"); findings(&w, diff.introduced)
                w.member("fixed"); findings(&w, diff.fixed)
            }
        }
        w.raw("\n")
        return w.text
    }

    // MARK: HTML

    /// A self-contained page: old and new swatches side by side for every changed color, and the other values
    /// drawn from `base` and `head`, the sides `diff` compared (a shadow on a box, a gradient as a strip).
    public static func html(_ diff: TokenSetDiff, base: DiffSide, head: DiffSide) -> String {
        let baseTokens = Dictionary(base.tokens.tokens.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let headTokens = Dictionary(head.tokens.tokens.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        /// `cell`, with the value drawn above it when it is no color and its side has a picture of it; a composite
        /// that kept some parts is written as the parts that changed.
        func drawnCell(_ value: TokenSetDiff.ModeValue?, parts: [TokenSetDiff.PartChange], token: String, mode: String, side: String) -> String {
            let text = parts.isEmpty ? cell(value, token: token, mode: mode, side: side)
                : Self.parts(parts, side == "base" ? \.old : \.new, code: htmlCode)
            guard value?.hex == nil, let resolved = (side == "base" ? baseTokens : headTokens)[token] else { return text }
            let sample = StyleGuide.sample(resolved, in: mode)
            return sample.isEmpty ? text : sample + "<br>" + text
        }
        var body = "<h1>Design tokens: <code>\(HTML.escape(diff.base))</code> → <code>\(HTML.escape(diff.head))</code></h1>\n"
        body += "<p class=\"headline\">\(HTML.escape(headline(diff)))</p>\n"
        let breaking = diff.breakingChanges
        if !breaking.isEmpty {
            body += "<h2>Breaking changes</h2>\n<ul class=\"breaking\">\n" + breaking.map { "<li>\($0.text(htmlCode))</li>\n" }.joined() + "</ul>\n"
        }
        if !diff.changed.isEmpty {
            body += "<h2>Changed</h2>\n<table>\n<tr><th>token</th><th>appearance</th><th>before</th><th>after</th><th>ΔE2000</th></tr>\n"
            for change in diff.changed {
                for row in fieldRows(type: change.oldType.map { ($0, change.type) }, deprecation: change.deprecation,
                                     description: change.tokenDescription, extensions: change.extensions, code: htmlCode, text: HTML.escape) {
                    body += "<tr><td><code>\(HTML.escape(change.path))</code></td><td>\(row.field)</td><td>\(row.old)</td><td>\(row.new)</td><td></td></tr>\n"
                }
                for mode in change.modes {
                    body += "<tr><td><code>\(HTML.escape(change.path))</code></td><td>\(HTML.escape(mode.mode))</td>"
                    body += "<td>\(drawnCell(mode.old, parts: mode.parts, token: change.path, mode: mode.mode, side: "base"))</td>"
                    body += "<td>\(drawnCell(mode.new, parts: mode.parts, token: change.path, mode: mode.mode, side: "head"))</td>"
                    body += "<td>\(mode.deltaE2000.map { $0.fixed(2) } ?? "")</td></tr>\n"
                }
            }
            body += "</table>\n"
        }
        if !diff.contrast.isEmpty {
            body += "<h2>Contrast on declared surfaces</h2>\n<table>\n<tr><th>pair</th><th>appearance</th><th>before</th><th>after</th><th>minimum</th></tr>\n"
            for c in diff.contrast {
                let pair = HTML.escape(c.foreground + " on " + c.surface)
                body += "<tr><td>\(pair)</td><td>\(HTML.escape(c.mode))</td>"
                body += "<td class=\"\(passMark(c.oldPasses))\">\(ratio(c.oldRatio)) \(passMark(c.oldPasses))</td>"
                body += "<td class=\"\(passMark(c.newPasses))\" data-pair=\"\(HTML.escape(c.foreground))|\(HTML.escape(c.surface))\" data-mode=\"\(HTML.escape(c.mode))\" data-pass=\"\(c.newPasses.map { $0 ? "true" : "false" } ?? "")\">"
                body += "<span class=\"sample\" style=\"color: \(c.foregroundHex); background-color: \(c.surfaceHex)\">Aa</span> \(ratio(c.newRatio)) \(passMark(c.newPasses))</td>"
                body += "<td>\(ratio(c.minimum))</td></tr>\n"
            }
            body += "</table>\n"
        }
        func list(_ title: String, _ entries: [TokenSetDiff.Entry], side: String) {
            guard !entries.isEmpty else { return }
            body += "<h2>\(title)</h2>\n<table>\n<tr><th>token</th><th>type</th><th>value</th></tr>\n"
            for entry in entries {
                body += "<tr><td><code>\(HTML.escape(entry.path))</code></td><td>\(HTML.escape(entry.type))</td><td>"
                body += entry.values.map { "<span class=\"mode\">\(HTML.escape($0.mode))</span> " + drawnCell($0, parts: [], token: entry.path, mode: $0.mode, side: side) }.joined(separator: " ")
                body += "</td></tr>\n"
            }
            body += "</table>\n"
        }
        list("Added", diff.added, side: "head")
        list("Removed", diff.removed, side: "base")
        if !diff.renamed.isEmpty {
            body += "<h2>Renamed</h2>\n<ul>\n" + diff.renamed.map { "<li><code>\(HTML.escape($0.from))</code> → <code>\(HTML.escape($0.to))</code> (\(HTML.escape($0.type)))</li>\n" }.joined() + "</ul>\n"
        }
        if !diff.groups.isEmpty {
            body += "<h2>Groups</h2>\n<table>\n<tr><th>group</th><th>field</th><th>before</th><th>after</th></tr>\n"
            for group in diff.groups {
                for row in fieldRows(description: group.description, extensions: group.extensions, code: htmlCode, text: HTML.escape) {
                    body += "<tr><td><code>\(HTML.escape(group.path))</code></td><td>\(row.field)</td><td>\(row.old)</td><td>\(row.new)</td></tr>\n"
                }
            }
            body += "</table>\n"
        }
        for (title, findings) in [("Findings introduced", diff.introduced), ("Findings fixed", diff.fixed)] where !findings.isEmpty {
            body += "<h2>\(title)</h2>\n<ul class=\"findings\">\n"
            body += findings.map { "<li class=\"\($0.severity.rawValue)\"><code>\(HTML.escape(where_($0)))</code> \(HTML.escape($0.severity.rawValue)): \(HTML.inlineCode($0.message)) <span class=\"rule\">[\(HTML.escape($0.id))]</span></li>\n" }.joined()
            body += "</ul>\n"
        }
        if diff.isEmpty { body += "<p>No token, contrast or finding changed.</p>\n" }
        return HTML.page(title: "tokenc diff \(diff.base) → \(diff.head)", body: body)
    }

    /// A value cell: a swatch for colors (what `tokenc inspect` reports as hex), the text otherwise.
    static func cell(_ value: TokenSetDiff.ModeValue?, token: String, mode: String, side: String) -> String {
        guard let value else { return "—" }
        guard let hex = value.hex else { return "<code>\(HTML.escape(value.text))</code>" }
        return "<span class=\"swatch\" data-token=\"\(HTML.escape(token))\" data-mode=\"\(HTML.escape(mode))\" data-side=\"\(side)\" style=\"background-color: \(hex)\"></span><code>\(HTML.escape(hex))</code>"
    }
}

/// Small HTML helpers shared by the diff page and the style guide.
enum HTML {
    /// `text` with `&`, `<`, `>` and `"` as entities, for element text and attribute values.
    /// Control characters other than tabs and line breaks (NUL, ESC …), which HTML does not allow, are written as `\u{…}`.
    static func escape(_ text: String) -> String {
        // By byte: walking characters, each compared as a string, was a tenth of a 100,000-token style guide's
        // time, and missed a `<` that a combining mark joins into one character.
        let visible = text.utf8.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0a && $0 != 0x0d || $0 == 0x7f || $0 == 0xc2 })
            ? text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.split(separator: "\t", omittingEmptySubsequences: false).map { String($0).escapingControls }.joined(separator: "\t")
            }.joined(separator: "\n") : text
        return visible.escapingASCII { byte in
            switch byte {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            case UInt8(ascii: "\""): "&quot;"
            default: nil
            }
        }
    }

    /// Escapes, then shows `code spans` as <code>.
    static func inlineCode(_ text: String) -> String {
        let parts = escape(text).split(separator: "`", omittingEmptySubsequences: false)
        return parts.enumerated().map { $0.offset % 2 == 1 && $0.offset < parts.count - 1 ? "<code>\($0.element)</code>" : String($0.element) }.joined()
    }

    static let style = """
        body { font: 14px/1.45 -apple-system, system-ui, sans-serif; margin: 24px; color: #1d1d1f; background: #fff; }
        h1 { font-size: 22px; } h2 { font-size: 17px; margin-top: 28px; } h3 { font-size: 15px; }
        table { border-collapse: collapse; margin: 8px 0; } th, td { border-bottom: 1px solid #e5e5ea; padding: 6px 10px; text-align: left; vertical-align: middle; }
        th { font-weight: 600; color: #6e6e73; } code { font: 12px ui-monospace, Menlo, monospace; }
        .swatch { display: inline-block; width: 28px; height: 28px; border-radius: 6px; border: 1px solid rgba(0,0,0,.15); vertical-align: middle; margin-right: 6px; }
        .sample { display: inline-block; padding: 2px 8px; border-radius: 4px; border: 1px solid rgba(0,0,0,.15); font-weight: 600; }
        .pass { color: #1e7a3c; } .fail { color: #c4161c; font-weight: 600; } .deprecated { color: #8a5300; font-weight: 600; }
        .breaking li, li.error { color: #c4161c; } li.warning { color: #8a5300; } .rule, .meta { color: #6e6e73; font-size: 12px; }
        .sample-box { display: inline-block; width: 56px; height: 36px; border-radius: 6px; background: #fff; margin: 6px; vertical-align: middle; }
        .sample-strip { display: inline-block; width: 120px; height: 24px; border-radius: 4px; vertical-align: middle; }
        .sample-line { display: inline-block; width: 120px; height: 0; vertical-align: middle; }
        .sample-bar { display: inline-block; height: 8px; border-radius: 4px; background: #8e8e93; vertical-align: middle; }
        .mode { color: #6e6e73; font-size: 12px; } .icon { display: inline-block; border: 1px solid #8e8e93; background: #f2f2f7; margin: 4px 12px 4px 0; vertical-align: bottom; }
        """

    static func page(title: String, body: String) -> String {
        pageStart(title: title) + body + pageEnd
    }

    /// A page's text up to its body's content: doctype, title, style.
    static func pageStart(title: String) -> String {
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>\(escape(title))</title>\n<style>\n\(style)\n</style>\n</head>\n<body>\n"
    }

    /// A page's text after its body's content.
    static let pageEnd = "</body>\n</html>\n"
}

/// Text made piece by piece (`text += …`) and handed to a sink a chunk at a time: a page of 100,000 tokens
/// is 100 MB, which was made whole, then copied into bytes, before its first byte was written.
struct StreamedText {
    private var buffer = ""
    private let sink: any OutputSink

    /// Text for `sink`; `finish` hands it what is left.
    init(to sink: any OutputSink) {
        self.sink = sink
        buffer.reserveCapacity(outputSinkChunk + 4096)
    }

    /// Appends `more`, handing the text on once a chunk has gathered.
    static func += (text: inout StreamedText, more: String) {
        text.buffer += more
        if text.buffer.utf8.count >= outputSinkChunk { text.flush() }
    }

    /// Hands on what has gathered.
    mutating func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUTF8 { sink.write(UnsafeRawBufferPointer($0)) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Hands on the rest and closes the sink.
    mutating func finish() {
        flush()
        sink.close()
    }
}
