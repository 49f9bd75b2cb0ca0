import TokenDiff
import TokenGenerators
import TokenModel
import TokenColor

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
}
