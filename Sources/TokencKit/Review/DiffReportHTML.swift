import TokenDiff
import TokenGenerators
import TokenModel
import TokenColor

extension DiffReport {
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
