import TokenModel

/// The template context of the Swift output, version 1 (docs/template-context.md): typed, computed in Swift.
public final class SwiftFileContext: MustacheObject {
    /// The version of this contract; bumped when a field changes meaning or disappears.
    public static let contextVersion = 1
    /// Where the tokens came from, for the header comment.
    public let source: String
    /// The root type's name.
    public let rootName: String
    /// Tokens directly under the root.
    public var tokens: [SwiftTokenContext] { members.tokens() }
    private let members: SwiftMembers
    /// Top-level groups.
    public let groups: [SwiftGroupContext]
    /// The system colors the tokens reference, for the UIKit and AppKit lookups.
    public let systemColors: [SystemColorContext]

    /// Creates the file's context.
    init(source: String, rootName: String, members: SwiftMembers, groups: [SwiftGroupContext], systemColors: [SystemColorContext] = []) {
        self.source = source
        self.rootName = rootName
        self.members = members
        self.groups = groups
        self.systemColors = systemColors
    }
    /// The fields only this context answers (other contexts also have `contextVersion` and `source`).
    static let ownFieldNames: Set<String> = ["uiKitSystemColors", "appKitSystemColors", "rootName", "tokens", "groups"]
    /// Every field this context answers.
    static let fieldNames: Set<String> = ownFieldNames.union(["contextVersion", "source"])
    /// Every field a template rendered with the Swift output's context can read, at any depth (the file, its
    /// groups, tokens and referenced system colors), for checking a user's template for unknown names.
    static let allFieldNames: Set<String> = fieldNames.union(SwiftGroupContext.fieldNames).union(SwiftTokenContext.fieldNames)
        .union(SystemColorContext.fieldNames).union(ModeContext.fieldNames)

    public subscript(key: String) -> MustacheValue? {
        switch key {
        case "uiKitSystemColors": .list(systemColors.filter(\.inUIKit).map { .object($0) })
        case "appKitSystemColors": .list(systemColors.filter { $0.appKitName != nil }.map { .object($0) })
        case "contextVersion": .integer(Self.contextVersion)
        case "source": .string(CommentText.line(source))
        case "rootName": .string(rootName)
        case "tokens": .list(members.objects())
        case "groups": .list(groups.map { .object($0) })
        default: nil
        }
    }
}

/// A group: a nested enum. A class, so a template reading it boxes one reference, not a copy.
public final class SwiftGroupContext: MustacheObject {
    /// The dotted path.
    public let path: String
    /// The Swift type name.
    public let typeName: String
    /// The group's `$description`, if any.
    public let description: String?
    /// Doc-comment lines: the path, then the description, a line of the description a line of its own.
    public var docLines: [String] {
        guard let description else { return ["`\(path)`"] }
        let lines = SwiftContextBuilder.commentLines(description)
        return SwiftContextBuilder.commentLines("`\(path)`" + (lines.first.map { ": " + $0 } ?? "")) + lines.dropFirst()
    }
    /// Its tokens, in path order: made each time they are read, so a whole output's token contexts never
    /// exist at once (at 100,000 tokens they were a quarter of a build's memory).
    public var tokens: [SwiftTokenContext] { members.tokens() }
    private let members: SwiftMembers
    /// Its subgroups, in path order.
    public let groups: [SwiftGroupContext]

    /// Creates a group.
    init(path: String, typeName: String, description: String?, members: SwiftMembers, groups: [SwiftGroupContext]) {
        self.path = path
        self.typeName = typeName
        self.description = description
        self.members = members
        self.groups = groups
    }

    /// Every field this context answers.
    static let fieldNames: Set<String> = ["path", "typeName", "description", "docLines", "tokens", "groups"]

    public subscript(key: String) -> MustacheValue? {
        switch key {
        case "path": .string(path)
        case "typeName": .string(typeName)
        case "description": description.map { .string($0) } ?? .null
        case "docLines": .strings(docLines)
        case "tokens": .list(members.objects())
        case "groups": .list(groups.map { .object($0) })
        default: nil
        }
    }
}

/// The tokens of one group as the Swift output names them, with what makes their contexts when read.
/// Unchecked: the formatter's memo changes as values are formatted, and each output's context is made by
/// its own builder and rendered by one thread.
struct SwiftMembers: @unchecked Sendable {
    /// Each token and its member name, in path order.
    var entries: [SwiftContextBuilder.Member]
    /// Formats values (shared by the whole output, with its memo of formatted colors).
    let values: SwiftContextBuilder

    /// The token contexts, made now.
    func tokens() -> [SwiftTokenContext] {
        entries.map { values.tokenContext($0.token, swiftName: $0.swiftName) }
    }

    /// The token contexts, made now, as a template reads them (one list, not a list of contexts mapped again).
    func objects() -> [MustacheValue] {
        entries.map { .object(values.tokenContext($0.token, swiftName: $0.swiftName)) }
    }
}

/// A token: a static constant. A class, so a template reading it boxes one reference, not a copy.
public final class SwiftTokenContext: MustacheObject {
    /// The dotted path.
    public let path: String
    /// The token type's DTCG name.
    public let type: String
    /// The member name (valid Swift, keywords escaped).
    public let swiftName: String
    /// The value as the Swift output writes it, shared with the output's memo of colors.
    let value: SwiftContextBuilder.Value
    /// The declared type, when the literal alone does not say it.
    public var swiftType: String? { value.type }
    /// The Swift expression of the value.
    public var swiftValue: String { value.expression }
    /// For values written over several lines: the type being constructed, and one argument per line (commas included).
    public var constructor: String? { value.constructor }
    /// The arguments of a multi-line value, one per line.
    public var arguments: [String] { value.arguments }
    /// Doc-comment lines: the description, then each appearance's value.
    public let docLines: [String]
    /// `$deprecated`: nil when the token is not deprecated, else its explanation (empty for `true`).
    public let deprecation: String?
    /// The resolved token, for the fields other formats read (`cssValue`, `modes`); nil for a context made by hand.
    let token: ResolvedToken?
    /// The Swift attribute that makes every use of a deprecated token's constant a compiler warning,
    /// `@available(*, deprecated, message: "…")`; nil when the token is not deprecated.
    public var deprecationAttribute: String? {
        deprecation.map { $0.isEmpty ? "@available(*, deprecated)" : "@available(*, deprecated, message: \(SwiftNamer.string($0)))" }
    }

    /// Creates a token.
    public convenience init(path: String, type: String, swiftName: String, swiftType: String?, swiftValue: String,
                constructor: String? = nil, arguments: [String] = [], docLines: [String], deprecation: String? = nil) {
        let value = SwiftContextBuilder.Value(line: swiftValue, constructor: constructor, arguments: arguments, type: swiftType, doc: [])
        self.init(path: path, type: type, swiftName: swiftName, value: value, docLines: docLines, deprecation: deprecation, token: nil)
    }

    /// Creates a token's context from its resolved token and its value.
    init(path: String, type: String, swiftName: String, value: SwiftContextBuilder.Value, docLines: [String], deprecation: String?,
         token: ResolvedToken?) {
        self.path = path
        self.type = type
        self.swiftName = swiftName
        self.value = value
        self.docLines = docLines
        self.deprecation = deprecation
        self.token = token
    }

    /// The token's `$description`.
    public var description: String? { token?.token.description }

    /// The token's CSS custom property name as the CSS output names it by default (`--color-background-primary`).
    public var cssName: String { CSSContextBuilder(options: CSSOptions()).propertyName(path) }

    /// Its light value as CSS writes it (colors as sRGB hex); nil for a type CSS does not take.
    public var cssValue: String? { token.flatMap { CSSGenerator.value(of: $0, in: Appearance.light) } }

    /// Its light value as one line of JSON, as the JSON output spells it (colors as DTCG color objects).
    public var jsonValue: String? { token.map { DTCGJSONGenerator.value(of: $0, in: Appearance.light) } }

    /// Each mode the token has a value in, with that value as CSS and JSON write it.
    public var modes: [ModeContext] {
        guard let token else { return [] }
        return token.values.map { ModeContext(token: token, mode: $0.mode) }
    }

    /// A value's single expression: the one-line form, or a multi-line value's lines joined.
    static func expression(line: String, constructor: String?, arguments: [String]) -> String {
        guard let constructor, !arguments.isEmpty else { return line }
        return constructor + "(" + arguments.joined(separator: " ") + ")"
    }

    /// Every field this context answers.
    static let fieldNames: Set<String> = ["docLines", "multiline", "swiftName", "arguments", "swiftType", "constructor", "swiftValue",
                                          "path", "type", "deprecation", "deprecationAttribute", "description", "cssName", "cssValue",
                                          "jsonValue", "modes"]

    public subscript(key: String) -> MustacheValue? {
        // Keys are told apart by length first, which a string knows without reading it: a template reads
        // about ten keys per token, and a string switch compares against every case before the match.
        switch key.utf8.count {
        case 8 where key == "docLines": .strings(docLines)
        case 9:
            switch key {
            case "multiline": .bool(!arguments.isEmpty)
            case "swiftName": .string(swiftName)
            case "arguments": .strings(arguments)
            case "swiftType": swiftType.map { .string($0) } ?? .null
            case "jsonValue": jsonValue.map { .string($0) } ?? .null
            default: nil
            }
        case 11:
            switch key {
            case "constructor": constructor.map { .string($0) } ?? .null
            case "deprecation": deprecation.map { .string($0) } ?? .null
            case "description": description.map { .string($0) } ?? .null
            default: nil
            }
        case 20 where key == "deprecationAttribute": deprecationAttribute.map { .string($0) } ?? .null
        case 10 where key == "swiftValue": .string(swiftValue)
        case 7 where key == "cssName": .string(cssName)
        case 8 where key == "cssValue": cssValue.map { .string($0) } ?? .null
        case 5 where key == "modes": .list(modes.map { .object($0) })
        case 4:
            switch key {
            case "path": .string(path)
            case "type": .string(type)
            default: nil
            }
        default: nil
        }
    }
}

/// A referenced system color and its names in UIKit and AppKit.
public final class SystemColorContext: MustacheObject {
    /// The name tokens use (UIKit's, or AppKit's for macOS-only colors).
    public let name: String
    /// Whether UIKit has a color of this name.
    public let inUIKit: Bool
    /// The AppKit name, when AppKit has an equivalent.
    public let appKitName: String?

    /// Creates a referenced system color.
    public init(name: String, inUIKit: Bool, appKitName: String?) {
        self.name = name
        self.inUIKit = inUIKit
        self.appKitName = appKitName
    }

    /// Every field this context answers.
    static let fieldNames: Set<String> = ["name", "appKitName"]

    public subscript(key: String) -> MustacheValue? {
        switch key {
        case "name": .string(name)
        case "appKitName": appKitName.map { .string($0) } ?? .null
        default: nil
        }
    }
}

/// One mode of a token and its value in it, as other formats than Swift write it.
public final class ModeContext: MustacheObject {
    /// The mode's name (`light`, `dark`, a brand theme).
    public let mode: String
    private let token: ResolvedToken

    /// Creates a mode's context; its values are formatted when a template reads them.
    init(token: ResolvedToken, mode: String) {
        self.token = token
        self.mode = mode
    }

    /// The value as CSS writes it; nil for a type CSS does not take.
    public var cssValue: String? { CSSGenerator.value(of: token, in: mode) }

    /// The value as one line of JSON, as the JSON output spells it.
    public var jsonValue: String { DTCGJSONGenerator.value(of: token, in: mode) }

    /// Every field this context answers.
    static let fieldNames: Set<String> = ["mode", "cssValue", "jsonValue"]

    public subscript(key: String) -> MustacheValue? {
        switch key {
        case "mode": .string(mode)
        case "cssValue": cssValue.map { .string($0) } ?? .null
        case "jsonValue": .string(jsonValue)
        default: nil
        }
    }
}
