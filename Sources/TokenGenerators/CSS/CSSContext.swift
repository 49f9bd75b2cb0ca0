import TokenModel

/// The CSS output's options (docs/css.md).
public struct CSSOptions: Sendable {
    /// How names are cased: `kebab` (`--color-accent`) or `camel` (`--colorAccent`).
    public enum Case: String, Sendable, CaseIterable { case kebab, camel }
    /// Prepended to every name: `ds-` gives `--ds-color-accent`.
    public var prefix: String
    /// The name case.
    public var nameCase: Case
    /// Write light and dark colors as one `light-dark()` value instead of a dark block.
    public var lightDark: Bool
    /// Write aliases as `var(--target)` so the cascade follows them, instead of their resolved values.
    public var aliasesAsVariables: Bool

    /// Why `prefix` cannot begin custom property names, nil when it can: after `--` a name takes letters, digits,
    /// `-`, `_` and any character beyond ASCII without escapes; anything else (a space, a dot, a quote) would
    /// break every declaration.
    public static func prefixProblem(_ prefix: String) -> String? {
        guard let bad = prefix.unicodeScalars.first(where: { scalar in
            !(("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || scalar == "-" || scalar == "_" || scalar.value >= 0x80)
        }) else { return nil }
        let shown = bad == " " ? "a space" : bad.value < 0x20 || bad.value == 0x7F ? "a control character" : "`\(bad)`"
        return "the CSS prefix `\(prefix)` has \(shown), which a custom property name cannot hold; use letters, digits, `-` and `_`"
    }

    /// Creates options; the defaults give `--color-accent` with resolved values and dark blocks.
    public init(prefix: String = "", nameCase: Case = .kebab, lightDark: Bool = false, aliasesAsVariables: Bool = false) {
        self.prefix = prefix
        self.nameCase = nameCase
        self.lightDark = lightDark
        self.aliasesAsVariables = aliasesAsVariables
    }
}

/// The CSS template context: blocks of declarations, each with its selector and media query.
public final class CSSFileContext: MustacheObject {
    /// The version of this contract.
    public static let contextVersion = 1
    /// Where the tokens came from.
    public let source: String
    /// The blocks in cascade order (later blocks win).
    public let blocks: [CSSBlock]
    /// The Swift output's context (tokens, groups, names): the contract every template shares.
    public let shared: SwiftFileContext?

    /// Creates the file's context.
    public init(source: String, blocks: [CSSBlock], shared: SwiftFileContext? = nil) {
        self.source = source
        self.blocks = blocks
        self.shared = shared
    }

    /// Every field a CSS template can read, at any depth: its own, its blocks' and declarations', and the
    /// Swift output's (`shared`), for checking a user's template for unknown names.
    static let allFieldNames: Set<String> = Set(["contextVersion", "source", "blocks"]).union(CSSBlock.fieldNames)
        .union(CSSDeclaration.fieldNames).union(SwiftFileContext.allFieldNames)

    public subscript(key: String) -> MustacheValue? {
        switch key {
        case "contextVersion": .integer(Self.contextVersion)
        case "source": .string(CommentText.block(source))
        case "blocks": .list(blocks.map { .object($0) })
        default: shared?[key]
        }
    }
}

/// One rule: a selector, an optional media query and its custom properties.
public final class CSSBlock: MustacheObject, MustacheRows {
    /// What the block is for, as a comment.
    public let comment: String?
    /// The media query, without `@media`.
    public let media: String?
    /// The selector.
    public let selector: String
    /// `color-scheme`'s value, declared before the custom properties in blocks that set it.
    let scheme: String?
    /// The custom properties' names and values; blocks of the same appearance share them.
    let list: CSSDeclarationList
    /// `name: value` pairs, made when asked for.
    public var declarations: [CSSDeclaration] { (0..<count).map(declaration) }
    /// How many declarations the block has.
    var count: Int { list.names.count + (scheme == nil ? 0 : 1) }

    /// Creates a block.
    public convenience init(comment: String?, media: String?, selector: String, declarations: [CSSDeclaration]) {
        self.init(comment: comment, media: media, selector: selector, scheme: nil,
                  list: CSSDeclarationList(names: declarations.map(\.name), values: declarations.map(\.value)))
    }

    init(comment: String?, media: String?, selector: String, scheme: String? = nil, list: CSSDeclarationList) {
        self.comment = comment
        self.media = media
        self.selector = selector
        self.scheme = scheme
        self.list = list
    }

    /// The declaration at `index`: `color-scheme` first when the block sets it.
    func declaration(_ index: Int) -> CSSDeclaration {
        guard let scheme else { return CSSDeclaration(list.names[index], list.values[index]) }
        return index == 0 ? CSSDeclaration("color-scheme", scheme) : CSSDeclaration(list.names[index - 1], list.values[index - 1])
    }

    /// Every field a block answers.
    static let fieldNames: Set<String> = ["comment", "media", "selector", "declarations"]

    public subscript(key: String) -> MustacheValue? {
        switch key {
        case "comment": comment.map { .string($0) } ?? .null
        case "media": media.map { .string($0) } ?? .null
        case "selector": .string(selector)
        // A declaration is a row of the block's lists, read as the template reaches it: an object made for each
        // cost an allocation a custom property.
        case "declarations": .items(MustacheItems(count: count) { [self] in .row(self, $0) })
        default: nil
        }
    }

    /// A declaration's fields (`CSSDeclaration`'s), `color-scheme` first when the block sets it.
    public func member(_ key: String, ofRow row: Int) -> MustacheValue? {
        let index = scheme == nil ? row : row - 1
        switch key {
        case "name": return .string(index < 0 ? "color-scheme" : list.names[index])
        case "value": return .string(index < 0 ? scheme ?? "" : list.values[index])
        default: return nil
        }
    }
}

/// One custom property: `name: value;`. A class, so a template reading the list boxes one reference
/// per declaration, not a copy of two strings.
public final class CSSDeclaration: MustacheObject {
    /// The custom property's name, `--color-accent`.
    public let name: String
    /// Its value as CSS.
    public let value: String

    /// Creates a declaration.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// Every field a declaration answers.
    static let fieldNames: Set<String> = ["name", "value"]

    public subscript(key: String) -> MustacheValue? {
        switch key {
        case "name": .string(name)
        case "value": .string(value)
        default: nil
        }
    }
}

/// Custom properties as two parallel lists of strings, in order: 32 bytes a declaration, where an object
/// each cost twice that (135,000 of them at 100,000 tokens).
struct CSSDeclarationList: Sendable {
    var names: [String] = []
    var values: [String] = []

    mutating func append(_ name: String, _ value: String) {
        names.append(name)
        values.append(value)
    }

}

/// The declarations of each mode slot: sRGB values, which the custom properties carry, and the Display P3
/// form of wide colors, for P3 screens.
struct SlotDeclarations {
    var srgb: [CSSDeclarationList]
    var p3: [CSSDeclarationList]

    init(slots: Int) {
        srgb = Array(repeating: CSSDeclarationList(), count: slots)
        p3 = srgb
    }

    mutating func add(_ name: String, _ plain: String, _ wide: String?, slot: Int) {
        srgb[slot].append(name, plain)
        if let wide { p3[slot].append(name, wide) }
    }
}
