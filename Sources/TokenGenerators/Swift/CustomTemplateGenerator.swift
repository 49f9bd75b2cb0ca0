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

    /// Creates a custom output.
    public init(template: String, templatePath: String, outputPath: String, partials: [String: String] = [:]) {
        self.template = template
        self.templatePath = templatePath
        self.outputPath = outputPath
        self.partials = partials
    }

    public func generate(_ set: ResolvedTokenSet) -> [GeneratedFile] { render(set).files }

    public func render(_ set: ResolvedTokenSet) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) {
        let compiled: MustacheTemplate
        do {
            compiled = try MustacheTemplate(template)
        } catch {
            return ([], [Diagnostic(id: "template/syntax", severity: .error, message: error.message,
                                    location: SourceLocation(file: templatePath, line: error.line, column: error.column))])
        }
        var builder = SwiftContextBuilder()
        let context = builder.build(set, rootName: "Tokens")
        guard builder.diagnostics.isEmpty else { return ([], builder.diagnostics) }
        let text = compiled.render(.object(context), partials: partials)
        return ([GeneratedFile(relativePath: outputPath, contents: Array(text.utf8))], [])
    }
}
