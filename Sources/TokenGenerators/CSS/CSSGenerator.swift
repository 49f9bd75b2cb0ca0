import SourceData
import TokenModel
import TokenColor

/// Writes `css/tokens.css`: custom properties per appearance, dark by media query and `[data-theme]`,
/// increased contrast by `prefers-contrast: more`, Display P3 inside `@media (color-gamut: p3)`.
public struct CSSGenerator: Generator {
    /// `css`.
    public let id = "css"
    /// Templates by relative path (the embedded ones unless replaced).
    public var templates: [String: String]
    /// How custom properties are named and written.
    public var options: CSSOptions
    /// Where each of the user's templates came from, by relative path (the embedded ones are not listed).
    public var templateFiles: [String: String]

    /// Creates the generator.
    public init(templates: [String: String] = EmbeddedTemplates.files, options: CSSOptions = CSSOptions(),
                templateFiles: [String: String] = [:])
    {
        self.templates = templates
        self.options = options
        self.templateFiles = templateFiles
    }

    public func generate(_ set: ResolvedTokenSet) -> [GeneratedFile] { render(set).files }

    /// A token's value in `mode` as the stylesheet writes it (colors as sRGB), or nil for a type CSS does not
    /// take: what the style guide draws its samples with.
    public static func value(of token: ResolvedToken, in mode: String) -> String? {
        token.typedValue(in: mode).flatMap { CSSValueFormat(variable: { _ in nil }).value($0, mode: mode)?.0 }
    }

    /// A typography token's letter spacing in `mode` as the stylesheet writes it beside the `font` shorthand; nil
    /// for other types.
    public static func letterSpacing(of token: ResolvedToken, in mode: String) -> String? {
        guard case .typography(let typography)? = token.typedValue(in: mode) else { return nil }
        return CSSValueFormat.dimension(typography.letterSpacing)
    }

    /// The built-in template's context for `set` (without the Swift fields), for the template-cost benchmark.
    public func context(for set: ResolvedTokenSet) -> CSSFileContext { CSSContextBuilder(options: options).build(set).context }

    public func render(_ set: ResolvedTokenSet) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) { render(set, into: nil) }

    /// Renders the file into a sink a chunk at a time.
    public func render(_ set: ResolvedTokenSet, sinks: any OutputSinks) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) {
        render(set, into: sinks)
    }

    private func render(_ set: ResolvedTokenSet, into sinks: (any OutputSinks)?) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) {
        let path = "css/tokens.css.mustache"
        guard let source = templates[path] else { return ([], []) }
        let file = templateFiles[path] ?? "Templates/" + path
        let template: MustacheTemplate
        do { template = try MustacheTemplate(source) } catch {
            return ([], [Diagnostic.templateSyntax(error, file: file)])
        }
        // A user's template may name fields the context does not have; the built-in one is tested.
        let warnings = MustacheTemplate.unusedFiles(templateFiles.filter { $0.key.hasPrefix("css/") }, templates: templates, builtIn: [path],
                                                    partialFolder: nil)
            + (templateFiles[path] == nil ? [] : MustacheTemplate.unknownNames(in: source, file: file, known: CSSFileContext.allFieldNames))
        // Two tokens with one property name would be two declarations of it, and the later would win unseen.
        var (context, collisions) = CSSContextBuilder(options: options).build(set)
        guard collisions.isEmpty else { return ([], warnings + collisions) }
        // The Swift fields are there for users' templates; the built-in one reads none, so they are built only when read.
        if template.mayRead(anyOf: SwiftFileContext.ownFieldNames) {
            var swift = SwiftContextBuilder()
            let shared = swift.build(set, rootName: "Tokens")
            if swift.diagnostics.isEmpty { context = CSSFileContext(source: context.source, blocks: context.blocks, shared: shared) }
        }
        do {
            return (try template.renderFile("css/tokens.css", .object(context), expectedBytes: set.tokens.count * 64, sinks: sinks), warnings)
        } catch {
            return ([], [Diagnostic.templateLimit(error, file: file)])
        }
    }
}

struct CSSContextBuilder {
    /// A value a token wrote in one mode slot: as sRGB and, for a wide color, as Display P3.
    struct WrittenValue {
        var slot: Int
        var plain: String
        var wide: String?
    }

    let options: CSSOptions
    /// `--` and the configured prefix, joined once.
    let namePrefix: String

    init(options: CSSOptions) {
        self.options = options
        namePrefix = "--" + options.prefix
    }

    /// `--color-background-primary` (or `--colorBackgroundPrimary`) from `color.background.primary`.
    func propertyName(_ path: String) -> String {
        if options.nameCase == .kebab, let name = Self.asciiKebab(path, prefix: namePrefix) { return name }
        let words = path.split(separator: ".").flatMap { SwiftNamer.words(String($0)) }.map { $0.lowercased() }
        switch options.nameCase {
        case .kebab: return "--" + options.prefix + words.joined(separator: "-")
        case .camel:
            return "--" + options.prefix + (words.first ?? "") + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }
    }

    /// An error for each token whose custom property name an earlier token (in path order) already has, given
    /// every property's name and its token in that order: the names keep only a path's letters and digits,
    /// split into words and cased, so `color.gray-100` and `color.gray.100` are both `--color-gray-100`.
    static func nameCollisions(_ names: [String], of owners: [ResolvedToken]) -> [Diagnostic] {
        // A name whose last place is its own is not repeated: one look-up each in a table that hashes bytes.
        let index = PathIndex(names)
        guard names.indices.contains(where: { index[names[$0]] != $0 }) else { return [] }
        var first: [String: ResolvedToken] = [:]
        var reported: Set<ObjectIdentifier> = []
        var diagnostics: [Diagnostic] = []
        for (name, token) in zip(names, owners) {
            guard let earlier = first[name] else {
                first[name] = token
                continue
            }
            // One error for a pair of tokens, not one per property they share.
            guard earlier !== token, reported.insert(ObjectIdentifier(token)).inserted else { continue }
            diagnostics.append(.nameCollision(.cssNameCollision, token, earlier, becoming: "the CSS custom property `\(name)`"))
        }
        return diagnostics
    }

    /// Whether `path` holds only lowercase ASCII letters, digits and dots, and, for camel case, no name after
    /// the first starts with a digit (`a.b.2c` and `a.b2c` would both be `aB2c`).
    static func namesItselfUniquely(_ path: String, camel: Bool) -> Bool {
        var afterDot = false
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): afterDot = false
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if camel && afterDot { return false }
                afterDot = false
            case UInt8(ascii: "."): afterDot = true
            default: return false
            }
        }
        return true
    }

    /// `prefix` + the kebab-case words of an ASCII path, in one pass over its bytes: the same words as
    /// `SwiftNamer.words` (split at anything not a letter or digit, and before an uppercase letter that
    /// follows a lowercase letter or digit), lowercased and joined by `-`. Nil for non-ASCII paths.
    static func asciiKebab(_ path: String, prefix: String) -> String? {
        // Both read in place (`withUTF8` needs mutable copies, which retained and released the path).
        if let name = path.utf8.withContiguousStorageIfAvailable({ bytes in
            prefix.utf8.withContiguousStorageIfAvailable { prefixBytes in asciiKebab(bytes, prefix: prefixBytes) }
        }) {
            return name ?? nil
        }
        var path = path, prefix = prefix
        return prefix.withUTF8 { prefixBytes in path.withUTF8 { bytes in asciiKebab(bytes, prefix: prefixBytes) } }
    }

    /// `asciiKebab` of a path's and a prefix's UTF-8 bytes.
    private static func asciiKebab(_ bytes: UnsafeBufferPointer<UInt8>, prefix prefixBytes: UnsafeBufferPointer<UInt8>) -> String? {
        // Written into scratch space (at most one `-` per byte is added, so twice the path's length always
        // fits), then made a string of exactly its length: 100,000 names are kept while the CSS renders.
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: prefixBytes.count + 2 * bytes.count) { out in
            var count = 0
            for byte in prefixBytes {
                out[count] = byte
                count += 1
            }
            let start = count
            var inWord = false, previousIsLowerOrDigit = false
            for byte in bytes {
                let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
                let isLowerOrDigit = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                guard isUpper || isLowerOrDigit else {
                    inWord = false
                    previousIsLowerOrDigit = false
                    continue
                }
                if (!inWord || (isUpper && previousIsLowerOrDigit)) && count > start {
                    out[count] = UInt8(ascii: "-")
                    count += 1
                }
                out[count] = isUpper ? byte + 32 : byte
                count += 1
                inWord = true
                previousIsLowerOrDigit = isLowerOrDigit
            }
            return String(decoding: UnsafeBufferPointer(rebasing: out[..<count]), as: UTF8.self)
        }
    }

    /// The stylesheet's context, and an error for each token whose property name another token has.
    func build(_ set: ResolvedTokenSet) -> (context: CSSFileContext, collisions: [Diagnostic]) {
        let modes = Appearance.builtIn + set.modes.filter { !Appearance.builtIn.contains($0) }
        // Values per mode, sRGB (fallback) and P3 (only where they differ), by the mode's place in `modes`; one
        // more slot holds light-dark()'s contrast pair (`contrast`, unless a custom mode has that name).
        var slots: [String: Int] = [:]
        for (slot, mode) in modes.enumerated() { slots[mode] = slot }
        if slots["contrast"] == nil { slots["contrast"] = modes.count }
        var declared = SlotDeclarations(slots: modes.count + 1)
        let paths = options.aliasesAsVariables ? Set(set.tokens.map(\.path)) : []
        // `var(--target)` for a written value that aliases a token the stylesheet has (made once, not per token).
        let variable = { (written: WrittenAliases) in self.aliasTarget(written, paths: paths).map { "var(\(self.propertyName($0)))" } }
        let format = CSSValueFormat(variable: variable)
        var colorTexts = SharedColorsMemo<[WrittenValue]>(slots: MemoSlots.count(forTokens: set.tokens.count))
        // A typography token's letter spacing, which the `font` shorthand has no place for, in a property after it.
        let spacingAliases = options.aliasesAsVariables ? LetterSpacingAliases(
            whole: { self.aliasTarget($0, paths: paths).map { "var(\(self.propertyName($0) + self.letterSpacingSuffix))" } },
            part: variable, format: format) : nil
        // A path of lowercase letters, digits and dots is its name with each dot a `-` (or the next letter
        // uppercased), so distinct paths make distinct names; only a set with another path can collide. (A
        // typography token's letter-spacing name could only meet the name of a token inside it, which a token
        // cannot hold.)
        let camel = options.nameCase == .camel
        let checksNames = !set.tokens.allSatisfy { Self.namesItselfUniquely($0.path, camel: camel) }
        var names: [String] = [], owners: [ResolvedToken] = []
        if checksNames {
            names.reserveCapacity(set.tokens.count)
            owners.reserveCapacity(set.tokens.count)
        }
        for token in set.tokens {
            let name = propertyName(token.path)
            if checksNames, token.type != .symbol, token.type != .accent {
                names.append(name)
                owners.append(token)
                if token.type == .typography {
                    names.append(name + letterSpacingSuffix)
                    owners.append(token)
                }
            }
            defer {
                if token.type == .typography {
                    for (mode, text) in letterSpacings(token, aliases: spacingAliases) {
                        if let slot = slots[mode] { declared.add(name + letterSpacingSuffix, text, nil, slot: slot) }
                    }
                }
            }
            if options.aliasesAsVariables {
                if let variables = variables(token, slots: slots, format: format)
                    ?? (Self.hasAliasableParts(token.type) ? partVariables(token, format: format) : nil)
                {
                    for (mode, plain, wide) in variables { if let slot = slots[mode] { declared.add(name, plain, wide, slot: slot) } }
                    continue
                }
            }
            if options.lightDark, token.type == .color, let merged = lightDark(token) {
                for (mode, plain, wide) in merged { if let slot = slots[mode] { declared.add(name, plain, wide, slot: slot) } }
                // light-dark() covers the built-in appearances; each theme's values (`forest`, `forest-dark`) are
                // written in its own blocks, as without the option. A mode written twice is read at its first value.
                if modes.count > Appearance.builtIn.count {
                    let first = FirstIndexByKey(token.values) { $0.mode }
                    for (i, entry) in token.values.enumerated() where Appearance.builtInIndex(entry.mode) == nil {
                        guard let slot = slots[entry.mode], first.index(of: entry.mode, in: token.values, key: { $0.mode }) == i,
                              let (plain, wide) = token.colors[i].map({ CSSValueFormat.color($0, mode: entry.mode) }) else { continue }
                        declared.add(name, plain, wide, slot: slot)
                    }
                }
                continue
            }
            // A color token that shares its colors' list (an alias and its target) with the same modes writes
            // the same values: they are kept by the list's address and written again.
            let shared = token.type == .color ? SharedColorsMemo<[WrittenValue]>.identity(of: token) : nil
            let memoSlot = shared.map { colorTexts.slot(of: $0) } ?? 0
            if let shared, let known = colorTexts.value(for: shared, in: memoSlot, sameModesAs: token) {
                for value in known { declared.add(name, value.plain, value.wide, slot: value.slot) }
                continue
            }
            var written: [WrittenValue] = []
            // Kept for the memo: one allocation for the usual at most one value per built-in appearance, where
            // growing the list from empty took up to three.
            if shared != nil { written.reserveCapacity(Appearance.builtIn.count) }
            // Whether the light value names a system color, worked out once a token misses a built-in mode.
            var namesSystemColor: Bool?
            func write(slot: Int, mode: String, index known: Int?) {
                var index = known
                // A system color is dynamic: it has a documented value in every appearance, defined or not.
                // (The built-in appearances are the first slots.)
                if index == nil, slot < Appearance.builtIn.count {
                    if namesSystemColor == nil {
                        namesSystemColor = if case .system? = token.colors.first { true } else { false }
                    }
                    if namesSystemColor == true { index = 0 }
                }
                guard let index else { return }
                // A color token's colors were parsed when it was resolved.
                let value = token.type == .color
                    ? token.colors[index].map { CSSValueFormat.color($0, mode: mode) } : token.typedValue(at: index).flatMap { format.value($0, mode: mode) }
                guard let (plain, wide) = value else { return }
                declared.add(name, plain, wide, slot: slot)
                if shared != nil { written.append(WrittenValue(slot: slot, plain: plain, wide: wide)) }
            }
            // The built-in appearances' slots, then the custom modes the token has: a set of thousands of custom
            // modes, each on one token, would otherwise ask every token for every mode.
            for slot in 0..<Appearance.builtIn.count { write(slot: slot, mode: modes[slot], index: token.index(ofMode: modes[slot])) }
            if modes.count > Appearance.builtIn.count {
                // A mode written twice is read at its first value, as `index(ofMode:)` finds it.
                let first = FirstIndexByKey(token.values) { $0.mode }
                for (i, entry) in token.values.enumerated() where Appearance.builtInIndex(entry.mode) == nil {
                    guard let slot = slots[entry.mode], first.index(of: entry.mode, in: token.values, key: { $0.mode }) == i else { continue }
                    write(slot: slot, mode: entry.mode, index: i)
                }
            }
            if let shared { colorTexts.store(written, madeFor: token, at: shared, in: memoSlot) }
        }
        var blocks: [CSSBlock] = []
        let dark = "(prefers-color-scheme: dark)", light = "(prefers-color-scheme: light)"
        let more = "(prefers-contrast: more)", gamut = "(color-gamut: p3)"
        let systemDark = ":root:not([data-theme=\"light\"])", systemLight = ":root:not([data-theme=\"dark\"])"
        let forcedDark = ":root[data-theme=\"dark\"]", forcedLight = ":root[data-theme=\"light\"]"
        // Every block but the first has the same specificity, so the cascade order below decides:
        // light, dark (system or forced), then increased contrast; each sRGB block is followed by its P3 form.
        func add(_ mode: String, comment: String, media: String?, selector: String, scheme: String? = nil) {
            let slot = slots[mode]!
            let plain = declared.srgb[slot], wide = declared.p3[slot]
            if scheme != nil || !plain.names.isEmpty {
                blocks.append(CSSBlock(comment: comment, media: media, selector: selector, scheme: scheme, list: plain))
            }
            if !wide.names.isEmpty {
                blocks.append(CSSBlock(comment: comment + ", Display P3", media: media.map { "\($0) and \(gamut)" } ?? gamut,
                                       selector: selector, list: wide))
            }
        }
        add(Appearance.light, comment: "Light (default)", media: nil, selector: ":root", scheme: "light dark")
        add(Appearance.dark, comment: "Dark, when the system asks and no [data-theme=\"light\"] says otherwise", media: dark, selector: systemDark)
        add(Appearance.dark, comment: "Dark, chosen by [data-theme=\"dark\"]", media: nil, selector: forcedDark, scheme: "dark")
        blocks.append(CSSBlock(comment: "Light, chosen by [data-theme=\"light\"]", media: nil, selector: forcedLight, scheme: "light",
                               list: CSSDeclarationList()))
        add(Appearance.lightHighContrast, comment: "Increased contrast", media: "\(more) and \(light)", selector: systemLight)
        add(Appearance.lightHighContrast, comment: "Increased contrast, light chosen by [data-theme=\"light\"]", media: more, selector: forcedLight)
        add(Appearance.darkHighContrast, comment: "Dark with increased contrast", media: "\(more) and \(dark)", selector: systemDark)
        add(Appearance.darkHighContrast, comment: "Dark with increased contrast, chosen by [data-theme=\"dark\"]", media: more, selector: forcedDark)
        // light-dark() colors: the contrast pair follows color-scheme, so one block serves both appearances.
        add("contrast", comment: "Increased contrast (light-dark)", media: more, selector: ":root")
        // Each theme's block, then its own appearances (`forest-dark`) under the media queries of the built-in
        // ones, later in the cascade: a theme follows the system's appearance (`data-theme` names the theme, so it
        // cannot force light or dark as well).
        var themes: [String] = []
        var seen: Set<String> = []
        for mode in modes where Appearance.builtInIndex(mode) == nil {
            let theme = Appearance.combination(mode)?.theme ?? mode
            if seen.insert(theme).inserted { themes.append(theme) }
        }
        for theme in themes {
            let selector = ":root[data-theme=\(CSSValueFormat.quoted(theme))]", name = Self.commentText(theme)
            if slots[theme] != nil { add(theme, comment: "The \(name) theme", media: nil, selector: selector) }
            for (appearance, media, what) in [(Appearance.dark, dark, "dark"), (Appearance.lightHighContrast, "\(more) and \(light)", "increased contrast"),
                                              (Appearance.darkHighContrast, "\(more) and \(dark)", "dark with increased contrast")] {
                let mode = Appearance.combined(theme: theme, appearance: appearance)
                if slots[mode] != nil { add(mode, comment: "The \(name) theme, \(what)", media: media, selector: selector) }
            }
        }
        let source = set.tokens.first.map { SwiftContextBuilder.folder(of: $0.token.location.file) } ?? "tokens"
        return (CSSFileContext(source: source, blocks: blocks), checksNames ? Self.nameCollisions(names, of: owners) : [])
    }
}
