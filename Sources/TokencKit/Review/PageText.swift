import TokenGenerators

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
