import SourceData
import TokenModel
import TokenColor

/// Writes an Xcode asset catalog: a `.colorset` per color token (every appearance, P3 kept, system
/// colors by reference) and `AppIcon.appiconset` for iOS, macOS and watchOS app icons with their images.
public struct AssetCatalogGenerator: Generator {
    /// `xcassets`.
    public let id = "xcassets"
    /// The catalog's name, without `.xcassets`.
    public var catalogName: String
    /// Reads an image named relative to a token file; the composing module does the I/O.
    public var readFile: @Sendable (_ path: String, _ relativeTo: String) -> [UInt8]?

    /// Creates the generator.
    public init(catalogName: String = "Tokens", readFile: @escaping @Sendable (String, String) -> [UInt8]? = { _, _ in nil }) {
        self.catalogName = catalogName
        self.readFile = readFile
    }

    static let info = "\"info\" : {\n    \"author\" : \"tokenc\",\n    \"version\" : 1\n  }"

    public func generate(_ set: ResolvedTokenSet) -> [GeneratedFile] { render(set).files }

    public func render(_ set: ResolvedTokenSet) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) {
        let root = "xcassets/\(catalogName).xcassets"
        var files = [GeneratedFile(relativePath: root + "/Contents.json", contents: Array("{\n  \(Self.info)\n}\n".utf8))]
        var diagnostics: [Diagnostic] = []
        var names: [String: ResolvedToken] = [:]
        var accentWritten = false
        for token in set.tokens {
            let modes: [(String, ColorValue?)]
            var name: String
            switch token.type {
            case .color:
                // The colors the resolver parsed, one per value.
                modes = token.values.indices.map { (token.values[$0].mode, token.colors[$0]) }
                // The namer splits words at dots as at hyphens: `color.on-accent` is `ColorOnAccent`.
                name = SwiftNamer.type(token.path)
            case .accent where !accentWritten:
                // The first accent token becomes Xcode's AccentColor, which the app's tint reads.
                modes = token.values.indices.compactMap { i in
                    guard case .accent(let accent)? = token.typedValue(at: i) else { return nil }
                    return (token.values[i].mode, accent.color.value)
                }
                name = "AccentColor"
                accentWritten = true
            default:
                continue
            }
            if name.utf8.first == UInt8(ascii: "`") { name = String(name.dropFirst().dropLast()) }
            if let first = names[name] {
                diagnostics.append(.nameCollision(.xcassetsNameCollision, token, first, becoming: "the color set `\(name)`"))
                continue
            }
            names[name] = token
            // A folder name is at most 255 bytes on the file systems Xcode projects live on.
            if name.utf8.count + ".colorset".utf8.count > 255 {
                diagnostics.append(Diagnostic(.xcassetsNameTooLong, severity: .error,
                                              message: "`\(token.path)` becomes a color set folder of \(name.utf8.count + ".colorset".utf8.count) bytes, "
                                                  + "longer than the 255 a file name may have",
                                              location: token.token.location, path: token.path,
                                              fix: "shorten the token's path, or build without the asset catalog (`--only swift,css,json`)"))
                continue
            }
            guard let json = colorSet(modes) else { continue }
            // Appended into one reserved string: interpolation grew it three times, 540 instructions an append.
            var path = ""
            path.reserveCapacity(root.utf8.count + name.utf8.count + 24)
            path += root
            path += "/"
            path += name
            path += ".colorset/Contents.json"
            files.append(GeneratedFile(relativePath: path, contents: json))
        }
        let (iconFiles, iconDiagnostics) = appIcons(set, root: root)
        files += iconFiles
        diagnostics += iconDiagnostics
        return diagnostics.contains { $0.severity == .error } ? ([], diagnostics) : (files, diagnostics)
    }

    // MARK: Color sets

    static let appearanceKeys: [String: [(String, String)]] = [
        Appearance.light: [],
        Appearance.dark: [("luminosity", "dark")],
        Appearance.lightHighContrast: [("contrast", "high")],
        Appearance.darkHighContrast: [("luminosity", "dark"), ("contrast", "high")],
    ]

    /// A color set's `Contents.json`, written as bytes (one buffer a set: string interpolation of these
    /// literals cost 37,000 instructions a set, and an `[UInt8]`'s `+= literal.utf8` 148 an append, where
    /// `ByteBuffer` copies the literal from where the binary holds it); nil when no mode has an appearance.
    func colorSet(_ modes: [(String, ColorValue?)]) -> [UInt8]? {
        var out = ByteBuffer(capacity: 1024)
        out.append(literal: "{\n  \"colors\" : [\n")
        var count = 0
        func entry(_ appearances: [(String, String)], gamut: String?, color: (inout ByteBuffer) -> Void) {
            if count > 0 { out.append(literal: ",\n") }
            count += 1
            Self.entry(appearances, gamut: gamut, into: &out, color: color)
        }
        for (mode, parsed) in modes {
            // Custom modes (brand themes) have no asset-catalog appearance; docs/template-context.md says so.
            guard let appearances = Self.appearanceKeys[mode], let parsed else { continue }
            if case .system(let system) = parsed {
                if mode == Appearance.light { entry(appearances, gamut: nil) { Self.reference(system.name, into: &$0) } }
                continue
            }
            let color = parsed.color(in: mode)
            if color.space == .displayP3 || !color.isInGamut(.srgb) {
                // A wide color gets its own sRGB fallback for sRGB screens: a display-gamut pair.
                let p3 = color.isInGamut(.displayP3) ? color.converted(to: .displayP3) : color.gamutMapped(to: .displayP3)
                entry(appearances, gamut: "sRGB") { Self.components("srgb", color.displayedInSRGB, into: &$0) }
                entry(appearances, gamut: "display-P3") { Self.components("display-p3", p3, into: &$0) }
            } else {
                entry(appearances, gamut: nil) { Self.components("srgb", color.converted(to: .srgb), into: &$0) }
            }
        }
        guard count > 0 else { return nil }
        out.append(literal: "\n  ],\n  ")
        out.append(Self.info)
        out.append(literal: "\n}\n")
        return out.array
    }

    /// One entry of a color set's `colors` list; `color` writes its `color` object.
    static func entry(_ appearances: [(String, String)], gamut: String?, into out: inout ByteBuffer, color: (inout ByteBuffer) -> Void) {
        out.append(literal: "    {\n")
        if !appearances.isEmpty {
            out.append(literal: "      \"appearances\" : [\n")
            for (index, appearance) in appearances.enumerated() {
                if index > 0 { out.append(literal: ",\n") }
                out.append(literal: "        {\n          \"appearance\" : \"")
                out.append(appearance.0)
                out.append(literal: "\",\n          \"value\" : \"")
                out.append(appearance.1)
                out.append(literal: "\"\n        }")
            }
            out.append(literal: "\n      ],\n")
        }
        out.append(literal: "      \"color\" : ")
        color(&out)
        if let gamut {
            out.append(literal: ",\n      \"display-gamut\" : \"")
            out.append(gamut)
            out.append(literal: "\"")
        }
        out.append(literal: ",\n      \"idiom\" : \"universal\"\n    }")
    }

    /// Components as decimal strings with six places: never `"1"`, which Xcode reads as an 8-bit integer.
    static func components(_ space: String, _ color: Color, into out: inout ByteBuffer) {
        let c = color.components
        func decimal(_ value: Double) {
            let clamped = min(1, max(0, value.isNaN ? 0 : value))
            let scaled = Int((clamped * 1_000_000).rounded())
            out.append(UInt8(ascii: "0") + UInt8(scaled / 1_000_000))
            out.append(UInt8(ascii: "."))
            var place = 100_000
            while place > 0 {
                out.append(UInt8(ascii: "0") + UInt8(scaled / place % 10))
                place /= 10
            }
        }
        out.append(literal: "{\n        \"color-space\" : \"")
        out.append(space)
        out.append(literal: "\",\n        \"components\" : {\n          \"alpha\" : \"")
        decimal(color.alpha)
        out.append(literal: "\",\n          \"blue\" : \"")
        decimal(c.z)
        out.append(literal: "\",\n          \"green\" : \"")
        decimal(c.y)
        out.append(literal: "\",\n          \"red\" : \"")
        decimal(c.x)
        out.append(literal: "\"\n        }\n      }")
    }

    /// A system color by reference, as Xcode writes one (`systemBlueColor`, `labelColor`).
    static func reference(_ name: String, into out: inout ByteBuffer) {
        out.append(literal: "{\n        \"platform\" : \"universal\",\n        \"reference\" : \"")
        out.append(name)
        out.append(literal: "Color\"\n      }")
    }

    // MARK: App icons

    func appIcons(_ set: ResolvedTokenSet, root: String) -> ([GeneratedFile], [Diagnostic]) {
        var images: [(entry: String, filename: String, bytes: [UInt8])] = []
        var diagnostics: [Diagnostic] = []
        for token in set.tokens where token.type == .icon {
            guard let icon = token.typedValue(at: 0)?.icon, icon.kind == "app-icon", let platform = icon.platform else { continue }
            func add(_ path: String?, idiom: String, size: String, scale: String?, appearance: String?, platform: String?) {
                guard let path else { return }
                guard let bytes = readFile(path, token.token.location.file) else {
                    diagnostics.append(Diagnostic(.xcassetsMissingImage, severity: .error,
                                                  message: "cannot read `\(path)` for the app icon", location: token.writtenValueLocation, path: token.path))
                    return
                }
                let filename = platform.map { "\($0)-" } .map { $0 + size + (scale.map { "@\($0)" } ?? "") + (appearance.map { "-\($0)" } ?? "") + ".png" }
                    ?? "mac-\(size)@\(scale ?? "1x").png"
                var fields: [String] = []
                if let appearance {
                    fields.append("      \"appearances\" : [\n        {\n          \"appearance\" : \"luminosity\",\n          \"value\" : \"\(appearance)\"\n        }\n      ]")
                }
                fields.append("      \"filename\" : \"\(filename)\"")
                fields.append("      \"idiom\" : \"\(idiom)\"")
                if let platform { fields.append("      \"platform\" : \"\(platform)\"") }
                if let scale { fields.append("      \"scale\" : \"\(scale)\"") }
                fields.append("      \"size\" : \"\(size)\"")
                images.append(("    {\n" + fields.joined(separator: ",\n") + "\n    }", filename, bytes))
            }
            switch platform {
            case "ios", "ipados", "watchos":
                let target = platform == "watchos" ? "watchos" : "ios"
                add(icon.image?.path, idiom: "universal", size: "1024x1024", scale: nil, appearance: nil, platform: target)
                if target == "ios" {
                    add(icon.dark?.path, idiom: "universal", size: "1024x1024", scale: nil, appearance: "dark", platform: target)
                    add(icon.tinted?.path, idiom: "universal", size: "1024x1024", scale: nil, appearance: "tinted", platform: target)
                }
            case "macos":
                for entry in icon.images {
                    let parts = entry.key.split(separator: "@")
                    guard parts.count == 2, let points = Double(parts[0]) else { continue }
                    let size = "\(SwiftNamer.literal(points))x\(SwiftNamer.literal(points))"
                    add(entry.image.path, idiom: "mac", size: size, scale: String(parts[1]), appearance: nil, platform: nil)
                }
            default:
                continue  // tvOS and visionOS take layered image stacks, not an appiconset (not written yet).
            }
        }
        guard !images.isEmpty else { return ([], diagnostics) }
        let folder = root + "/AppIcon.appiconset"
        let contents = "{\n  \"images\" : [\n" + images.map(\.entry).joined(separator: ",\n") + "\n  ],\n  \(Self.info)\n}\n"
        var files = [GeneratedFile(relativePath: folder + "/Contents.json", contents: Array(contents.utf8))]
        // Images are copied as they are, never resized.
        for image in images { files.append(GeneratedFile(relativePath: folder + "/" + image.filename, contents: image.bytes)) }
        return (files, diagnostics)
    }
}
