import TokenDiff
import TokenGenerators
import SourceTree
import TokenModel
import TokenColor

/// `tokenc preview`: a self-contained HTML style guide of a token set — colors per appearance side by
/// side, the contrast matrix of declared pairs, the SF Symbols table, icon sizes drawn to scale, and
/// every token's description and source file. Same input, same bytes.
public enum StyleGuide {
    /// The most custom modes the page gives a column each; more are listed in one column, row by row.
    static let maximumModeColumns = 6

    /// Writes the page for `side` (its tokens and contrast cells), titled with `title`, to `sink` as it is made,
    /// a chunk at a time, and closes the sink.
    public static func write(_ side: DiffSide, title: String, to sink: any OutputSink) {
        let tokens = side.tokens.tokens
        let modes = side.tokens.modes
        var body = StreamedText(to: sink)
        body += HTML.pageStart(title: title)
        body += "<h1>\(HTML.escape(title))</h1>\n"
        body += "<p class=\"meta\">\(tokens.count) tokens; appearances: \(modes.map(HTML.escape).joined(separator: ", ")). "
        body += "Swatches show what sRGB screens show; a dimmed swatch is a fallback (the token does not define that appearance).</p>\n"

        // A column per mode while the custom modes are few; past that, the built-in appearances' columns and one
        // more listing the custom modes each row has (a column per mode of thousands made a table of millions of cells).
        let customModes = modes.filter { Appearance.builtInIndex($0) == nil }
        let listsCustomModes = customModes.count > maximumModeColumns
        let columns = listsCustomModes ? modes.filter { Appearance.builtInIndex($0) != nil } : modes
        let header = columns.map { "<th>\(HTML.escape($0))</th>" }.joined() + (listsCustomModes ? "<th>other modes</th>" : "")
        let colors = tokens.filter { $0.type == .color }
        if !colors.isEmpty {
            body += "<h2>Colors</h2>\n<table class=\"colors\">\n<tr><th>token</th>" + header + "<th>description</th><th>source</th></tr>\n"
            for token in colors {
                body += "<tr><td><code>\(HTML.escape(token.path))</code>"
                if let target = token.aliasChain.first { body += "<br><span class=\"meta\">→ \(HTML.escape(target))</span>" }
                body += "</td>"
                func swatch(_ mode: String, labeled: Bool, index: Int? = nil) {
                    // A custom mode listed from the token's own values needs no look-up (thousands did one each).
                    let own = index != nil || token.index(ofMode: mode) != nil
                    guard let parsed = index.map({ token.colors[$0] }) ?? token.colorValue(in: mode) else { return }
                    let color = parsed.color(in: mode)
                    let hex = color.hex
                    if labeled { body += "<span class=\"mode\">\(HTML.escape(mode))</span> " }
                    body += "<span class=\"swatch\" data-token=\"\(HTML.escape(token.path))\" data-mode=\"\(HTML.escape(mode))\""
                    body += own ? "" : " data-fallback=\"true\""
                    body += " style=\"background-color: \(hex)\(own ? "" : "; opacity: 0.35")\"></span><code>\(hex)</code>"
                    if !color.isInGamut(.srgb) { body += "<br><span class=\"meta\">Display P3; sRGB fallback shown</span>" }
                }
                for mode in columns {
                    body += "<td>"
                    swatch(mode, labeled: false)
                    body += "</td>"
                }
                if listsCustomModes {
                    body += "<td>"
                    for (index, entry) in token.values.enumerated() where Appearance.builtInIndex(entry.mode) == nil {
                        swatch(entry.mode, labeled: true, index: index)
                        body += "<br>"
                    }
                    body += "</td>"
                }
                body += "<td>\(about(token))</td><td>\(source(token))</td></tr>\n"
            }
            body += "</table>\n"
        }

        if !side.contrast.isEmpty {
            body += "<h2>Contrast of declared pairs</h2>\n<p class=\"meta\">Each foreground on each surface it declares (<code>on:</code>), "
            body += "in each appearance either defines, alpha composited over the surface, the worse of sRGB and Display P3: what <code>color/contrast</code> checks.</p>\n"
            // Each pair's cells in the order measured, by mode.
            var pairs: [(pair: String, first: ContrastCell)] = []
            var cells: [String: [String: ContrastCell]] = [:]
            for cell in side.contrast {
                let pair = cell.foreground + "|" + cell.surface
                if cells[pair] == nil { pairs.append((pair, cell)) }
                cells[pair, default: [:]][cell.mode] = cell
            }
            body += "<table class=\"contrast\">\n<tr><th>foreground on surface</th><th>needs</th>" + header + "</tr>\n"
            for (pair, any) in pairs {
                let parts = pair.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
                let byMode = cells[pair]!
                body += "<tr><td><code>\(HTML.escape(parts[0]))</code> on <code>\(HTML.escape(parts[1]))</code></td>"
                body += "<td>\(any.minimum.fixed(1) + ":1") (\(HTML.escape(any.kind)))</td>"
                func sample(_ cell: ContrastCell) {
                    let verdict = cell.passes ? "pass" : "fail"
                    body += "<span class=\"sample\" style=\"color: \(cell.foregroundHex); background-color: \(cell.surfaceHex)\">Aa</span> "
                    body += cell.ratio.fixed(2) + ":1" + " \(verdict)"
                }
                for mode in columns {
                    guard let cell = byMode[mode] else {
                        body += "<td></td>"
                        continue
                    }
                    body += "<td class=\"\(cell.passes ? "pass" : "fail")\" data-pair=\"\(HTML.escape(pair))\" data-mode=\"\(HTML.escape(mode))\" data-pass=\"\(cell.passes)\">"
                    sample(cell)
                    body += "</td>"
                }
                if listsCustomModes {
                    body += "<td>"
                    for mode in customModes.count > byMode.count ? byMode.keys.sorted() : customModes {
                        guard Appearance.builtInIndex(mode) == nil, let cell = byMode[mode] else { continue }
                        body += "<span class=\"mode\">\(HTML.escape(mode))</span> "
                        sample(cell)
                        body += "<br>"
                    }
                    body += "</td>"
                }
                body += "</tr>\n"
            }
            body += "</table>\n"
        }

        let symbols = tokens.filter { $0.type == .symbol }
        if !symbols.isEmpty {
            let fields = ["name", "weight", "scale", "rendering", "context"]
            body += "<h2>SF Symbols</h2>\n<table class=\"symbols\">\n<tr><th>token</th>" + fields.map { "<th>\($0)</th>" }.joined()
                + "<th>colors</th><th>description</th><th>source</th></tr>\n"
            for token in symbols {
                let value = token.values[0].value
                body += "<tr><td><code>\(HTML.escape(token.path))</code></td>"
                body += fields.map { "<td>\(HTML.escape(value[$0]?.writtenText ?? ""))</td>" }.joined()
                let colors = (value["colors"]?.sequenceItems ?? []).compactMap { item -> String? in
                    guard case .success(let parsed) = ColorValue.parse(item) else { return nil }
                    let hex = parsed.color(in: Appearance.light).hex
                    return "<span class=\"swatch\" style=\"background-color: \(hex)\"></span><code>\(hex)</code>"
                }
                body += "<td>\(colors.joined(separator: " "))</td><td>\(about(token))</td><td>\(source(token))</td></tr>\n"
            }
            body += "</table>\n"
        }

        let icons = tokens.filter { $0.type == .icon }
        if !icons.isEmpty {
            body += "<h2>Icons</h2>\n<p class=\"meta\">Sizes in points, drawn to scale (1 pt = 1 CSS pixel; sizes above 256 pt drawn at a quarter).</p>\n"
            let byPlatform = Dictionary(grouping: icons) { $0.values[0].value["platform"]?.string ?? ($0.token.facts.platforms.first?.rawValue ?? "any platform") }
            for platform in byPlatform.keys.sorted() {
                body += "<h3>\(HTML.escape(platform))</h3>\n<table class=\"icons\">\n<tr><th>token</th><th>kind</th><th>sizes</th><th>description</th><th>source</th></tr>\n"
                for token in byPlatform[platform]! {
                    let value = token.values[0].value
                    body += "<tr><td><code>\(HTML.escape(token.path))</code></td><td>\(HTML.escape(value["kind"]?.string ?? ""))</td><td>"
                    body += iconSizes(value).map { label, width, height in
                        let scale = max(width, height) > 256 ? 0.25 : 1
                        return "<span class=\"icon\" title=\"\(HTML.escape(label))\" style=\"width: \(format(width * scale))px; height: \(format(height * scale))px\"></span>"
                            + "<span class=\"meta\">\(HTML.escape(label))</span> "
                    }.joined()
                    body += "</td><td>\(about(token, or: value["description"]?.string))</td><td>\(source(token))</td></tr>\n"
                }
                body += "</table>\n"
            }
        }

        let others = tokens.filter { ![.color, .symbol, .icon].contains($0.type) }
        if !others.isEmpty {
            body += "<h2>Other tokens</h2>\n<table class=\"others\">\n<tr><th>token</th><th>type</th><th>sample</th><th>value</th><th>description</th><th>source</th></tr>\n"
            for token in others {
                let values = token.values.map { token.values.count == 1 ? $0.text : "\($0.mode): \($0.text)" }
                body += "<tr><td><code>\(HTML.escape(token.path))</code></td><td>\(HTML.escape(token.type.rawValue))</td><td>\(sample(token))</td>"
                body += "<td><code>\(HTML.escape(values.joined(separator: "; ")))</code></td><td>\(about(token))</td><td>\(source(token))</td></tr>\n"
            }
            body += "</table>\n"
        }
        body += HTML.pageEnd
        body.finish()
    }

    /// A token drawn with its own CSS value in `mode`: a box with its shadow or border, a strip of its gradient,
    /// text in its type style, a bar of its length, a line in its stroke style; empty for a type with no picture.
    static func sample(_ token: ResolvedToken, in mode: String = Appearance.light) -> String {
        guard let value = CSSGenerator.value(of: token, in: mode) else { return "" }
        let style: String, kind: String, text: String
        switch token.type {
        case .shadow: (kind, style, text) = ("box", "box-shadow: \(value)", "")
        case .border: (kind, style, text) = ("box", "border: \(value)", "")
        case .gradient: (kind, style, text) = ("strip", "background-image: linear-gradient(to right, \(value))", "")
        case .strokeStyle: (kind, style, text) = ("line", "border-top: 2px \(value) currentColor", "")
        case .dimension: (kind, style, text) = ("bar", "width: min(\(value), 240px)", "")
        case .typography:
            let spacing = CSSGenerator.letterSpacing(of: token, in: mode).map { "; letter-spacing: \($0)" } ?? ""
            (kind, style, text) = ("text", "font: \(value)" + spacing, "Aa Bb 123")
        case .fontFamily: (kind, style, text) = ("text", "font-family: \(value)", "Aa Bb 123")
        case .fontWeight: (kind, style, text) = ("text", "font-weight: \(value)", "Aa Bb 123")
        default: return ""
        }
        return "<span class=\"sample-\(kind)\" data-token=\"\(HTML.escape(token.path))\" style=\"\(HTML.escape(style))\">\(text)</span>"
    }

    /// A token's description cell: its `$description` (else `fallback`), and a deprecated token's explanation
    /// marked `deprecated`.
    static func about(_ token: ResolvedToken, or fallback: String? = nil) -> String {
        let text = HTML.escape(token.token.description ?? fallback ?? "")
        guard let deprecation = Inspector.deprecationNote(token) else { return text }
        let note = "<span class=\"deprecated\">\(HTML.escape(deprecation))</span>"
        return text.isEmpty ? note : text + "<br>" + note
    }

    static func source(_ token: ResolvedToken) -> String {
        "<code>\(HTML.escape(token.token.location.file)):\(token.token.location.line)</code>"
    }

    static func format(_ value: Double) -> String { value.wholeNumberText ?? value.fixed(1) }

    /// The sizes an icon declares, in points: `size`, `images` keys (`16@2x`, `400x240@1x`, `74x55@2x`), or a sticker's size class.
    static func iconSizes(_ value: Node) -> [(String, Double, Double)] {
        if let w = value["size"]?["width"]?.number, let h = value["size"]?["height"]?.number {
            let scales = (value["scales"]?.sequenceItems ?? []).compactMap(\.number).map { "@\($0.wholeNumberText ?? String($0))x" }.joined(separator: " ")
            return [("\(format(w))×\(format(h)) pt \(scales)", w, h)]
        }
        if let images = value["images"]?.mappingEntries {
            return images.compactMap { entry in
                // Empty parts kept: `@` alone, or `@2x` with no size, is one empty size, not a missing one.
                let parts = entry.key.split(separator: "@", omittingEmptySubsequences: false)
                let scale = parts.count == 2 ? Double(parts[1].dropLast()) ?? 1 : 1
                let dims = parts[0].split(separator: "x").compactMap { Double($0) }
                // A key that is no size (`10x0@0x`, `infxnan@2x`, `@`) has nothing to draw.
                guard let w = dims.first, scale.isFinite, scale > 0, dims.allSatisfy(\.isFinite) else { return nil }
                // Keys are points and scale for every kind (`74x55@2x` is 74×55 pt, 148×110 px).
                return (entry.key, w, dims.count > 1 ? dims[1] : w)
            }
        }
        if value["kind"]?.string == "sticker" {
            let side: Double = ["small": 100, "regular": 136, "large": 206][value["size-class"]?.string ?? "regular"] ?? 136
            return ["\(format(side))×\(format(side)) pt (\(value["size-class"]?.string ?? "regular"))"].map { ($0, side, side) }
        }
        if value["image"] != nil { return [("1024×1024 px", 1024, 1024)] }
        return []
    }
}
