// What the libFuzzer harnesses in Sources/tokenc-fuzz run on each input (docs/fuzzing.md); the tests
// run the inputs fuzzing once found through the same functions (Tests/Fixtures/fuzz-regressions).
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TokencKit
import TokenDiff
import TokenGenerators
import TokenLoader
import TokenModel
import TokenColor
import ImageDecoding

/// The four fuzzing targets: the loader alone, the template renderer alone, the PNG decoder alone and the whole
/// pipeline in memory with the review commands after it.
public enum FuzzTargets {
    /// A small token set whose template context the renderer harness renders into: groups, every kind of
    /// value, appearances, symbols and descriptions, so templates reach every field of the real context.
    static let rendererTokens = Pipeline(rules: .structure).run(files: ["seed.yaml"], sources: ["seed.yaml": Array("""
        color:
          $type: color
          $description: Brand <colors> & "quotes"
          accent:
            $value: "#0A84FF"
            $extensions:
              mode: { dark: "#409CFF", light-high-contrast: "#0040DD" }
              tokenc: { role: interactive }
          text: { $value: "{color.accent}" }
        size:
          $type: dimension
          small: { $value: { value: 4, unit: px } }
          large: { $value: { value: 1.5, unit: rem } }
        font:
          body: { $type: fontFamily, $value: [SF Pro, system-ui] }
          weight: { $type: fontWeight, $value: semibold }
        """.utf8)], render: false).tokens

    /// Decodes bytes as a PNG; a decoded image must hold exactly its pixels' samples.
    @discardableResult
    public static func png(_ bytes: [UInt8]) -> DecodedImage? {
        guard case .success(let image) = PNGDecoder.decode(bytes) else { return nil }
        precondition(image.sampleCount == image.width * image.height * 4, "\(image.width)x\(image.height) with \(image.sampleCount) samples")
        return image
    }

    /// Loads bytes as YAML, JSON and JSON5, and plans `tokenc migrate`'s edits for each; returns the loads'
    /// diagnostics. Stops the run when migrate refuses a file that parses: its own edits broke the file, changed
    /// a value, or would be made again (a file with a key written twice is refused: it is the user's to fix).
    @discardableResult
    public static func loader(_ bytes: [UInt8]) -> [Diagnostic] {
        let loader = TokenFileLoader(limits: LoaderLimits())
        for name in ["fuzz.yaml", "fuzz.json", "fuzz.json5"] {
            let outcome = Migration.plan(file: name, bytes: bytes)
            precondition(outcome.refused == nil || outcome.refused!.hasPrefix("it does not parse")
                || outcome.refused!.hasPrefix("it has a key written twice"), "migrate: \(outcome.refused!)")
        }
        return loader.load(bytes: bytes, path: "fuzz.yaml").diagnostics + loader.load(bytes: bytes, path: "fuzz.json").diagnostics
            + loader.load(bytes: bytes, path: "fuzz.json5").diagnostics
    }

    /// Compiles the input as a template (NUL bytes split off partials `a`, `b`, …) and renders it
    /// into the seed tokens' Swift context, with limits a fuzzing run can afford; returns the rendering's diagnostics.
    @discardableResult
    public static func renderer(_ bytes: [UInt8]) -> [Diagnostic] {
        let parts = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var partials: [String: String] = [:]
        for (index, text) in parts.dropFirst().prefix(26).enumerated() {
            partials[String(UnicodeScalar(UInt8(97 + index)))] = text
        }
        guard let template = try? MustacheTemplate(parts[0]) else { return [] }
        let limits = MustacheTemplate.Limits(maximumOutputBytes: 8 << 20, maximumSteps: 200_000)
        _ = try? template.render(.null, partials: partials, limits: limits)
        var generator = CustomTemplateGenerator(template: parts[0], templatePath: "fuzz.mustache", outputPath: "out.txt", partials: partials)
        generator.limits = limits
        return generator.render(rendererTokens).diagnostics
    }

    /// Runs load → tree → resolve → check → render on one input, as YAML and as JSON, then what the review
    /// commands do with the two builds: `diff` of one against the other in its three formats, and `preview` of
    /// each (written to nowhere); returns both runs' diagnostics.
    @discardableResult
    public static func pipeline(_ bytes: [UInt8]) -> [Diagnostic] {
        var pipeline = Pipeline()
        pipeline.measuresContrast = true
        let sides = ["fuzz.yaml", "fuzz.json"].map { name in
            let result = pipeline.run(files: [name], sources: [name: bytes], render: true)
            requireFiniteColors(result.tokens)
            for cell in result.contrast ?? [] {
                // WCAG's ratio runs from 1 (the same luminance) to 21 (black on white).
                precondition(cell.ratio >= 1 - 1e-9 && cell.ratio <= 21 + 1e-9,
                             "\(cell.foreground) on \(cell.surface) in \(cell.mode): contrast \(cell.ratio)")
            }
            return DiffSide(label: name, tokens: result.tokens, diagnostics: result.diagnostics, contrast: result.contrast ?? [])
        }
        let diff = TokenSetDiff.compare(base: sides[0], head: sides[1])
        // A build compared with itself has nothing to report (a value that is not equal to itself would).
        for side in sides {
            precondition(TokenSetDiff.compare(base: side, head: side).isEmpty, "\(side.label) differs from itself")
        }
        _ = DiffReport.markdown(diff)
        _ = DiffReport.json(diff)
        _ = DiffReport.html(diff, base: sides[0], head: sides[1])
        for side in sides { StyleGuide.write(side, title: side.label, to: DiscardingSink()) }
        return sides.flatMap(\.diagnostics)
    }
}

extension FuzzTargets {
    /// Stops the run (libFuzzer keeps the input) when a color's sRGB or Display P3 form is not finite: the
    /// outputs would carry `nan`, as CSS once got `color(display-p3 nan nan nan)` for `color(srgb 1e300 0 0)`.
    /// (The harness also stops on a contrast ratio outside WCAG's 1–21, and on a build that `diff` finds
    /// different from itself.)
    static func requireFiniteColors(_ tokens: ResolvedTokenSet) {
        for token in tokens.tokens {
            for mode in tokens.modes {
                guard let color = token.colorValue(in: mode)?.color(in: mode) else { continue }
                for target in [ColorSpace.srgb, .displayP3] {
                    // A color already in the target keeps its `none` components (nan), as written.
                    let c = color.gamutMapped(to: target).components
                    let kept = color.space == target ? color.components : SIMD3(repeating: 0)
                    for lane in 0..<3 {
                        precondition(c[lane].isFinite || (c[lane].isNaN && kept[lane].isNaN),
                                     "\(token.path) in \(mode): \(color) maps to \(c) in \(target)")
                    }
                }
            }
        }
    }
}


extension FuzzTargets {
    /// The project the language-server harness serves: a token folder with one small file, made once.
    static let serverRoot: String = {
        let root = FileManager.default.temporaryDirectory.path + "/tokenc-fuzz-lsp"
        try? FileManager.default.createDirectory(atPath: root + "/Tokens", withIntermediateDirectories: true)
        try? OutputWriter.atomicWrite(Array("c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n  b: { $value: \"{c.a}\" }\n".utf8), to: root + "/Tokens/c.yaml")
        return root
    }()

    /// Drives `tokenc lsp`'s server with a sequence of editor messages the input spells: NUL bytes split it into
    /// steps, the first byte of a step choosing the message (an edit of a random range, a whole new text, hover,
    /// definition, references, rename, completion, code actions, colors, symbols, raw bytes as a message) and the
    /// rest giving its position and text; checks run between them. Every reply must be JSON that reads back; the
    /// replies are returned.
    @discardableResult
    public static func languageServer(_ bytes: [UInt8]) -> [JSONValue] {
        let server = LanguageServer(version: "fuzz")
        let uri = DocumentURI.uri(of: serverRoot + "/Tokens/c.yaml")
        var replies: [JSONValue] = server.handle(message(["jsonrpc": .string("2.0"), "id": .integer(1), "method": .string("initialize"),
                                                          "params": .object(["rootUri": .string("file://" + serverRoot)])]))
        let steps = bytes.split(separator: 0, omittingEmptySubsequences: false)
        let first = String(decoding: steps.first ?? [], as: UTF8.self)
        replies += server.handle(message(["jsonrpc": .string("2.0"), "method": .string("textDocument/didOpen"),
                                          "params": .object(["textDocument": .object(["uri": .string(uri), "version": .integer(1), "text": .string(first)])])]))
        for (index, step) in steps.dropFirst().prefix(64).enumerated() {
            let op = step.first ?? 0
            let numbers = step.dropFirst().prefix(4).map { Int($0 % 40) } + [0, 0, 0, 0]
            let text = String(decoding: step.dropFirst(5), as: UTF8.self)
            let position: JSONValue = .object(["line": .integer(numbers[0]), "character": .integer(numbers[1])])
            let document: JSONValue = .object(["uri": .string(uri), "version": .integer(index + 2)])
            let range: JSONValue = .object(["start": position, "end": .object(["line": .integer(numbers[2]), "character": .integer(numbers[3])])])
            func request(_ method: String, _ params: [String: JSONValue]) -> [UInt8] {
                message(["jsonrpc": .string("2.0"), "id": .integer(index + 2), "method": .string(method),
                         "params": .object(params.merging(["textDocument": document]) { $1 })])
            }
            switch op % 12 {
            case 0:
                replies += server.handle(message(["jsonrpc": .string("2.0"), "method": .string("textDocument/didChange"),
                                                  "params": .object(["textDocument": document, "contentChanges": .array([.object(["range": range, "text": .string(text)])])])]))
            case 1:
                replies += server.handle(message(["jsonrpc": .string("2.0"), "method": .string("textDocument/didChange"),
                                                  "params": .object(["textDocument": document, "contentChanges": .array([.object(["text": .string(text)])])])]))
            case 2: replies += server.handle(request("textDocument/hover", ["position": position]))
            case 3: replies += server.handle(request("textDocument/definition", ["position": position]))
            case 4: replies += server.handle(request("textDocument/references", ["position": position, "context": .object(["includeDeclaration": .bool(true)])]))
            case 5: replies += server.handle(request("textDocument/rename", ["position": position, "newName": .string(text)]))
            case 6: replies += server.handle(request("textDocument/completion", ["position": position]))
            case 7: replies += server.handle(request("textDocument/codeAction", ["range": range]))
            case 8: replies += server.handle(request("textDocument/documentColor", [:]))
            case 9: replies += server.handle(request("textDocument/documentSymbol", [:]))
            case 10: replies += server.handle(Array(step.dropFirst()))
            default: replies += server.check()
            }
        }
        replies += server.check()
        for reply in replies {
            precondition(JSONValue.parse(reply.bytes)?.bytes == reply.bytes, "a reply does not read back as itself: \(String(decoding: reply.bytes, as: UTF8.self))")
        }
        return replies
    }

    static func message(_ members: [String: JSONValue]) -> [UInt8] { JSONValue.object(members).bytes }
}
