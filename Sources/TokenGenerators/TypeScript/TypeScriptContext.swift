import TokenModel

/// The TypeScript output's template context: every token the stylesheet has, with its value as a JavaScript
/// literal and as a literal type (docs/template-context.md, "TypeScript").
public final class TypeScriptFileContext: MustacheObject {
    /// The version of this contract.
    public static let contextVersion = 1
    /// Where the tokens came from.
    public let source: String
    /// The tokens in path order.
    public let tokens: [TypeScriptToken]

    /// Creates the file's context.
    public init(source: String, tokens: [TypeScriptToken]) {
        self.source = source
        self.tokens = tokens
    }

    /// Every field a template can read, at any depth, for checking a user's template for unknown names.
    static let allFieldNames: Set<String> = Set(["contextVersion", "source", "tokens"]).union(TypeScriptToken.fieldNames)

    public subscript(key: String) -> MustacheValue? {
        switch key {
        case "contextVersion": .integer(Self.contextVersion)
        case "source": .string(CommentText.line(source))
        case "tokens": .items(MustacheItems(count: tokens.count) { [tokens] in .object(tokens[$0]) })
        default: nil
        }
    }
}

/// One token of the TypeScript output. Every text is ready for its place: literals quoted and escaped, comment
/// text unable to end its comment.
public final class TypeScriptToken: MustacheObject {
    /// The token's path, `color.accent`, as written (for a template that makes its own names).
    public let name: String
    /// The path as a JavaScript string literal.
    public let quotedName: String
    /// The value as a JavaScript expression: one value, or an object of values by appearance.
    public let value: String
    /// The value's literal type, every member `readonly`.
    public let type: String
    /// The custom property css/tokens.css declares for the token, as a string literal.
    public let quotedVariable: String
    /// `$description` as comment text; nil when the token has none.
    public let description: String?
    /// Why the token is deprecated, as comment text (empty for `$deprecated: true`, which templates read as null); nil
    /// when it is not.
    public let deprecation: String?

    /// Creates a token's entry.
    public init(name: String, quotedName: String, value: String, type: String, quotedVariable: String, description: String?,
                deprecation: String?) {
        self.name = name
        self.quotedName = quotedName
        self.value = value
        self.type = type
        self.quotedVariable = quotedVariable
        self.description = description
        self.deprecation = deprecation
    }

    /// Every field a token answers.
    static let fieldNames: Set<String> = ["name", "quotedName", "value", "type", "quotedVariable", "doc", "description",
                                                 "deprecated", "deprecation"]

    public subscript(key: String) -> MustacheValue? {
        switch key {
        case "name": .string(name)
        case "quotedName": .string(quotedName)
        case "value": .string(value)
        case "type": .string(type)
        case "quotedVariable": .string(quotedVariable)
        // Whether the token has a doc comment: a description, a deprecation or both.
        case "doc": .bool(description != nil || deprecation != nil)
        case "description": description.map { .string($0) } ?? .null
        case "deprecated": .bool(deprecation != nil)
        case "deprecation": deprecation.flatMap { $0.isEmpty ? nil : .string($0) } ?? .null
        default: nil
        }
    }
}
