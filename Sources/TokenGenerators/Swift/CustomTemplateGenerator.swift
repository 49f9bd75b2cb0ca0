import SourceData
import TokenModel

/// Renders a user's own template with the same context as the Swift output (`outputs:` in tokenc.yml).
public struct CustomTemplateGenerator: Generator {
    /// `custom`.
    public let id = "custom"
    /// The template text.
    public var template: String
    /// Where the template is, for error locations.
    public var templatePath: String
    /// The file to write, relative to the output folder.
    public var outputPath: String
    /// Partials the template may use (the built-in Swift partials unless replaced).
    public var partials: [String: String]
    /// How much work rendering may do before it stops with an error.
    public var limits = MustacheTemplate.Limits()
    /// The partials the template includes (`token` of `{{> token}}`).
    public var includedPartials: Set<String> { Set(MustacheTemplate.partialNames(in: template)) }

    /// Creates a custom output.
    public init(template: String, templatePath: String, outputPath: String, partials: [String: String] = [:]) {
        self.template = template
        self.templatePath = templatePath
        self.outputPath = outputPath
        self.partials = partials
    }

    public func generate(_ set: ResolvedTokenSet) -> [GeneratedFile] { render(set).files }

    public func render(_ set: ResolvedTokenSet) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) { render(set, into: nil) }

    /// Renders the file into a sink a chunk at a time.
    public func render(_ set: ResolvedTokenSet, sinks: any OutputSinks) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) {
        render(set, into: sinks)
    }

    private func render(_ set: ResolvedTokenSet, into sinks: (any OutputSinks)?) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) {
        let compiled: MustacheTemplate
        do {
            compiled = try MustacheTemplate(template)
        } catch {
            return ([], [Diagnostic.templateSyntax(error, file: templatePath)])
        }
        var builder = SwiftContextBuilder()
        let context = builder.build(set, rootName: "Tokens")
        guard builder.diagnostics.isEmpty else { return ([], builder.diagnostics) }
        let warnings = MustacheTemplate.unknownNames(in: template, file: templatePath, known: SwiftFileContext.allFieldNames)
        do { return (try compiled.renderFile(outputPath, .object(context), partials: partials, limits: limits, sinks: sinks), warnings) } catch {
            return ([], [Diagnostic.templateLimit(error, file: templatePath)])
        }
    }
}
