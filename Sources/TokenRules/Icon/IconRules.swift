import TokenModel

/// Reads an icon token's fields and the images it names.
struct IconFields {
    let token: ResolvedToken
    let value: Node
    let context: RuleContext

    init(_ token: ResolvedToken, _ context: RuleContext) {
        self.token = token
        self.value = context.value(token, in: Appearance.light)
        self.context = context
    }

    var kind: String? { value["kind"]?.string }
    var platform: String? { value["platform"]?.string }
    func location(_ field: String) -> SourceLocation { token.token.value[field]?.location ?? token.token.location }

    /// An image named by a path string node: its header, or a finding when it cannot be read.
    func image(_ node: Node) -> (header: ImageHeader?, bytes: Int, problem: String?) {
        guard let path = node.string else { return (nil, 0, "an image must be a file path") }
        guard let bytes = context.readFile(path, token.token.location.file) else {
            return (nil, 0, "cannot read `\(path)`: image paths are relative to the token file and stay inside the project")
        }
        guard let header = ImageHeader.read(bytes) else { return (nil, bytes.count, "`\(path)` is not a PNG, GIF or JPEG image") }
        return (header, bytes.count, nil)
    }

    /// `images` entries as (key, node).
    var images: [MappingEntry] { value["images"]?.mappingEntries ?? [] }
    /// Written `images` entries, for locations.
    var writtenImages: [MappingEntry] { token.token.value["images"]?.mappingEntries ?? [] }

    /// Layer image nodes, back to front.
    var layers: [Node]? {
        if let list = value["layers"]?.sequenceItems { return list }
        if let map = value["layers"]?.mappingEntries { return map.map(\.value) }
        return nil
    }

    /// Whether the layers name a background (first in a list, or a `background` key).
    var hasBackgroundLayer: Bool {
        if let map = value["layers"]?.mappingEntries { return map.contains { $0.key == "background" } }
        return (value["layers"]?.sequenceItems?.count ?? 0) > 0
    }

    var size: (width: Double, height: Double)? {
        guard let w = value["size"]?["width"]?.number, let h = value["size"]?["height"]?.number else { return nil }
        return (w, h)
    }

    /// The fields of every icon token of this `kind`, in path order.
    static func icons(_ context: RuleContext, kind: String) -> [IconFields] {
        context.icons(kind: kind).map { IconFields($0, context) }
    }
}

/// An app-icon size that is not in the platform's table, or a shape the platform does not take.
struct AppIconSizeRule: Rule {
    static let description = RuleDescription(
        kind: .iconAppIconSize, name: "App icon size",
        rationale: "HIG, App icons (App icon sizes): each platform lists the sizes it takes; iOS, iPadOS, macOS, visionOS and watchOS icons are square, tvOS icons are 1280x768 px rectangles.",
        triggering: [RuleExample("icon:\n  $type: icon\n  mac: { $value: { kind: app-icon, platform: macos, images: { ↓\"48@1x\": mac-16.png } } }\n")],
        nonTriggering: [RuleExample("icon:\n  $type: icon\n  mac: { $value: { kind: app-icon, platform: macos, images: { \"16@1x\": mac-16.png } } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for icon in IconFields.icons(context, kind: "app-icon") {
            guard let platform = icon.platform else { continue }
            guard let table = IconTables.appIconSizes[platform == "ipados" ? "ios" : platform] else {
                findings.append(Finding(path: icon.token.path, location: icon.location("platform"),
                                        message: "`\(platform)` is not a platform that takes app icons; use " + IconTables.appIconPlatforms.joined(separator: ", ")))
                continue
            }
            for entry in icon.writtenImages where table[entry.key] == nil {
                findings.append(Finding(path: icon.token.path, location: entry.keyLocation,
                                        message: "`\(entry.key)` is not a \(platform) app-icon size; the table has " + table.keys.sorted().joined(separator: ", ")))
            }
            if let image = icon.value["image"], let header = icon.image(image).header {
                let expected = IconTables.appStoreIcon[platform]!
                if IconTables.squarePlatforms.contains(platform), header.width != header.height {
                    findings.append(Finding(path: icon.token.path, location: icon.location("image"),
                                            message: "\(platform) app icons are square, but `\(image.string!)` is \(header.width)x\(header.height)"))
                } else if platform == "tvos", header.width * 768 != header.height * 1280 {
                    findings.append(Finding(path: icon.token.path, location: icon.location("image"),
                                            message: "tvOS app icons are \(expected) rectangles, but `\(image.string!)` is \(header.width)x\(header.height)"))
                }
            }
        }
        return findings
    }
}

/// macOS or tvOS without every size they require.
struct AppIconSetCompleteRule: Rule {
    static let description = RuleDescription(
        kind: .iconAppIconSetComplete, name: "App icon set complete",
        rationale: "HIG, App icons: \"For macOS and tvOS, you need to supply all sizes\".",
        triggering: [RuleExample("icon:\n  $type: icon\n  ↓mac: { $value: { kind: app-icon, platform: macos, images: { \"16@1x\": mac-16.png } } }\n")],
        nonTriggering: [RuleExample("icon:\n  $type: icon\n  phone: { $value: { kind: app-icon, platform: ios, image: ios-1024.png } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        IconFields.icons(context, kind: "app-icon").compactMap { icon in
            guard let platform = icon.platform, let required = IconTables.requiredSizes[platform] else { return nil }
            let present = Set(icon.images.map(\.key))
            let missing = required.filter { !present.contains($0) }
            guard !missing.isEmpty else { return nil }
            return Finding(path: icon.token.path, location: icon.token.token.location,
                           message: "the \(platform) app icon is missing " + missing.map { "`\($0)`" }.joined(separator: ", "),
                           fix: "add every size to `images`; Xcode does not derive \(platform) sizes")
        }
    }
}

/// A referenced image that is not PNG, has the wrong pixel size, or has alpha where the platform takes none.
struct AppIconImageRule: Rule {
    static let description = RuleDescription(
        kind: .iconAppIconImage, name: "App icon image",
        rationale: "HIG, App icons: icons are PNG at the listed pixel sizes; iOS, iPadOS, watchOS and tvOS icons take no transparency; visionOS wants \"a full-bleed, non-transparent image for the background layer\". The iOS dark variant may be transparent.",
        triggering: [RuleExample("icon:\n  $type: icon\n  phone: { $value: { kind: app-icon, platform: ios, image: ↓ios-transparent.png } }\n")],
        nonTriggering: [RuleExample("icon:\n  $type: icon\n  phone: { $value: { kind: app-icon, platform: ios, image: ios-1024.png, dark: ios-transparent.png } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for icon in IconFields.icons(context, kind: "app-icon") {
            guard let platform = icon.platform, let table = IconTables.appIconSizes[platform == "ipados" ? "ios" : platform] else { continue }
            var checks: [(node: Node, location: SourceLocation, expected: IconTables.PixelSize?, opaque: Bool)] = []
            if let image = icon.value["image"] {
                checks.append((image, icon.location("image"), IconTables.appStoreIcon[platform], IconTables.opaquePlatforms.contains(platform)))
            }
            if let dark = icon.value["dark"] { checks.append((dark, icon.location("dark"), IconTables.appStoreIcon[platform], false)) }
            for (entry, written) in zip(icon.images, icon.writtenImages) {
                checks.append((entry.value, written.value.location, table[entry.key], IconTables.opaquePlatforms.contains(platform)))
            }
            if let layers = icon.layers, let first = layers.first {
                checks.append((first, first.location, nil, true))
            }
            for check in checks {
                let (header, _, problem) = icon.image(check.node)
                if let problem {
                    findings.append(Finding(path: icon.token.path, location: check.location, message: problem))
                    continue
                }
                guard let header else { continue }
                let name = check.node.string ?? ""
                if header.format != .png {
                    findings.append(Finding(path: icon.token.path, location: check.location,
                                            message: "`\(name)` is \(header.format.rawValue.uppercased()); app icons are PNG"))
                } else if let expected = check.expected, header.width != expected.width || header.height != expected.height {
                    findings.append(Finding(path: icon.token.path, location: check.location,
                                            message: "`\(name)` is \(header.width)x\(header.height) px; this slot takes \(expected) px",
                                            fix: "export the icon at \(expected) px; tokenc never resizes images"))
                } else if check.opaque && header.hasAlpha {
                    findings.append(Finding(path: icon.token.path, location: check.location,
                                            message: "`\(name)` has an alpha channel, but \(platform) app icons are opaque",
                                            fix: "export without transparency (flatten onto the background)"))
                }
            }
        }
        return findings
    }
}

/// A PNG whose color space is not sRGB, Gray Gamma 2.2 or Display P3 (visionOS: no P3).
struct AppIconColorSpaceRule: Rule {
    static let description = RuleDescription(
        kind: .iconAppIconColorSpace, name: "App icon color space",
        rationale: "HIG, App icons: app icons use sRGB (color), Gray Gamma 2.2 (grayscale) or Display P3 on iOS, iPadOS, macOS, tvOS and watchOS.",
        triggering: [RuleExample("icon:\n  $type: icon\n  phone: { $value: { kind: app-icon, platform: ios, image: ↓ios-adobe.png } }\n")],
        nonTriggering: [RuleExample("icon:\n  $type: icon\n  phone: { $value: { kind: app-icon, platform: ios, image: ios-1024.png } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for icon in IconFields.icons(context, kind: "app-icon") {
            let platform = icon.platform ?? ""
            var nodes: [(Node, SourceLocation)] = []
            for field in ["image", "dark", "tinted"] { if let node = icon.value[field] { nodes.append((node, icon.location(field))) } }
            for (entry, written) in zip(icon.images, icon.writtenImages) { nodes.append((entry.value, written.value.location)) }
            for (node, location) in nodes {
                guard let header = icon.image(node).header, header.format == .png else { continue }
                var problem: String?
                switch header.profile {
                case .icc(let name):
                    let lower = name.lowercased()
                    if lower.contains("p3") {
                        if platform == "visionos" { problem = "visionOS app icons take sRGB, not Display P3" }
                    } else if !(lower.contains("srgb") || lower.contains("gray gamma 2.2")) {
                        problem = "the embedded profile `\(name)` is not sRGB, Gray Gamma 2.2 or Display P3"
                    }
                case .gamma(let gamma) where abs(gamma - 45455) > 500:
                    problem = "the gamma \(Double(gamma) / 100000) is not sRGB's"
                default: break
                }
                if let problem {
                    findings.append(Finding(path: icon.token.path, location: location, message: "`\(node.string ?? "")`: \(problem)",
                                            fix: "export with an sRGB or Display P3 profile"))
                }
            }
        }
        return findings
    }
}

/// The iOS tinted variant is not an opaque grayscale image.
struct TintedGrayscaleRule: Rule {
    static let description = RuleDescription(
        kind: .iconTintedGrayscale, name: "Tinted icon grayscale",
        rationale: "HIG, App icons (dark and tinted variants, June 10, 2024): the system applies the tint to a grayscale version of the icon; it must be opaque grayscale for the tint to read. tokenc reads this from the PNG header: the file must be stored as grayscale without alpha (color type 0); an RGB file with gray pixels is reported too, with the fix to export it as Gray.",
        triggering: [RuleExample("icon:\n  $type: icon\n  phone: { $value: { kind: app-icon, platform: ios, image: ios-1024.png, tinted: ↓ios-1024.png } }\n")],
        nonTriggering: [RuleExample("icon:\n  $type: icon\n  phone: { $value: { kind: app-icon, platform: ios, image: ios-1024.png, tinted: ios-tinted.png } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        IconFields.icons(context, kind: "app-icon").compactMap { icon in
            guard let tinted = icon.value["tinted"], let header = icon.image(tinted).header else { return nil }
            guard !header.isGrayscale || header.hasAlpha else { return nil }
            let why = header.hasAlpha ? "is transparent" : "stores color (PNG color type \(header.pngColorType ?? -1))"
            return Finding(path: icon.token.path, location: icon.location("tinted"),
                           message: "the tinted variant `\(tinted.string ?? "")` \(why); it must be an opaque grayscale image",
                           fix: "export it as an opaque grayscale PNG (Gray Gamma 2.2)")
        }
    }
}

/// tvOS or visionOS layer counts.
struct LayerCountRule: Rule {
    static let description = RuleDescription(
        kind: .iconLayerCount, name: "Layer count",
        rationale: "HIG, App icons: \"tvOS app icons use between two and five layers\"; a visionOS icon \"includes a background layer and one or two layers on top\".",
        triggering: [RuleExample("icon:\n  $type: icon\n  tv: { $value: { kind: app-icon, platform: tvos, layers: ↓[tv-back.png] } }\n")],
        nonTriggering: [RuleExample("icon:\n  $type: icon\n  tv: { $value: { kind: app-icon, platform: tvos, layers: [tv-back.png, tv-front.png] } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        IconFields.icons(context, kind: "app-icon").compactMap { icon in
            guard let platform = icon.platform, let range = IconTables.layers[platform], let layers = icon.layers else { return nil }
            if platform == "visionos" && !icon.hasBackgroundLayer {
                return Finding(path: icon.token.path, location: icon.location("layers"), message: "a visionOS app icon needs a background layer")
            }
            guard !range.contains(layers.count) else { return nil }
            let expected = platform == "tvos" ? "two to five layers" : "a background and one or two layers above it"
            return Finding(path: icon.token.path, location: icon.location("layers"),
                           message: "the \(platform) app icon has \(layers.count) layer\(layers.count == 1 ? "" : "s"); it takes \(expected)")
        }
    }
}

/// A toolbar or navigation-bar icon outside 18–28 pt.
struct BarSizeRule: Rule {
    static let description = RuleDescription(
        kind: .iconBarSize, name: "Bar icon size",
        rationale: "HIG (2014), Bar button icons: \"create a toolbar or navigation bar icon in the following sizes: About 44 x 44 pixels; About 22 x 22 pixels (standard resolution)\".",
        triggering: [RuleExample("icon:\n  $type: icon\n  share: { $value: { kind: toolbar, size: ↓{ width: 32, height: 32 } } }\n")],
        nonTriggering: [RuleExample("icon:\n  $type: icon\n  share: { $value: { kind: toolbar, size: { width: 22, height: 22 } } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        (IconFields.icons(context, kind: "toolbar") + IconFields.icons(context, kind: "navigation-bar")).compactMap { icon in
            guard let size = icon.size else { return nil }
            let range = IconTables.barIconPoints
            guard !range.contains(size.width) || !range.contains(size.height) else { return nil }
            return Finding(path: icon.token.path, location: icon.location("size"),
                           message: "a \(icon.kind!) icon of \(RuleContext.format(size.width)) × \(RuleContext.format(size.height)) pt is outside 18–28 pt",
                           fix: "draw it at about 22 × 22 pt")
        }
    }
}

/// A tab-bar icon above 48 × 32 pt, or outside 20–30 pt when square.
struct TabBarSizeRule: Rule {
    static let description = RuleDescription(
        kind: .iconTabBarSize, name: "Tab bar icon size",
        rationale: "HIG (2014), Bar button icons: tab bar icons \"About 25 x 25 pixels (48 x 32 pixels maximum) for standard resolution\".",
        triggering: [RuleExample("icon:\n  $type: icon\n  home: { $value: { kind: tab-bar, size: ↓{ width: 50, height: 30 } } }\n")],
        nonTriggering: [RuleExample("icon:\n  $type: icon\n  home: { $value: { kind: tab-bar, size: { width: 25, height: 25 } } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        IconFields.icons(context, kind: "tab-bar").compactMap { icon in
            guard let size = icon.size else { return nil }
            let tooBig = size.width > IconTables.tabBarMaximum.width || size.height > IconTables.tabBarMaximum.height
            let badSquare = size.width == size.height && !IconTables.tabBarSquarePoints.contains(size.width)
            guard tooBig || badSquare else { return nil }
            return Finding(path: icon.token.path, location: icon.location("size"),
                           message: "a tab-bar icon of \(RuleContext.format(size.width)) × \(RuleContext.format(size.height)) pt is "
                            + (tooBig ? "above the 48 × 32 pt maximum" : "outside 20–30 pt"),
                           fix: "draw it at about 25 × 25 pt")
        }
    }
}

/// An iMessage app icon size that is not in the table.
struct IMessageSizeRule: Rule {
    static let description = RuleDescription(
        kind: .iconImessageSize, name: "iMessage icon size",
        rationale: "HIG, iMessage apps and stickers (Icon sizes): \"create a square-cornered icon in the following sizes\".",
        triggering: [RuleExample("icon:\n  $type: icon\n  chat: { $value: { kind: imessage-app, images: { ↓\"100x75@2x\": mac-16.png } } }\n")],
        nonTriggering: [RuleExample("icon:\n  $type: icon\n  chat: { $value: { kind: imessage-app, images: { \"148x110@2x\": imessage-148x110.png } } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for icon in IconFields.icons(context, kind: "imessage-app") {
            for (entry, written) in zip(icon.images, icon.writtenImages) {
                let dims = entry.key.split(separator: "@").first?.split(separator: "x").compactMap { Int($0) } ?? []
                let size = dims.count == 2 ? IconTables.PixelSize(dims[0], dims[1]) : nil
                guard let size, IconTables.iMessageSizes.contains(size) else {
                    findings.append(Finding(path: icon.token.path, location: written.keyLocation,
                                            message: "`\(entry.key)` is not an iMessage icon size (pixels, e.g. \"148x110@2x\")"))
                    continue
                }
                if let header = icon.image(entry.value).header, header.width != size.width || header.height != size.height {
                    findings.append(Finding(path: icon.token.path, location: written.value.location,
                                            message: "`\(entry.value.string ?? "")` is \(header.width)x\(header.height) px, not \(size)"))
                }
            }
        }
        return findings
    }
}

/// Stickers: size per size class, one size per pack.
struct StickerSizeRule: Rule {
    static let description = RuleDescription(
        kind: .iconStickerSize, name: "Sticker size",
        rationale: "HIG, iMessage apps and stickers: \"prepare all of your stickers at that size; don't mix sizes within a single sticker pack\" — small 300x300, regular 408x408, large 618x618 px @3x.",
        triggering: [RuleExample("stickers:\n  $type: icon\n  party: { $value: { kind: sticker, size-class: regular, image: ↓sticker-300.png, description: Party } }\n")],
        nonTriggering: [RuleExample("stickers:\n  $type: icon\n  party: { $value: { kind: sticker, size-class: regular, image: sticker-408.png, description: Party } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        var packs: [String: [(IconFields, String)]] = [:]
        for icon in IconFields.icons(context, kind: "sticker") {
            let sizeClass = icon.value["size-class"]?.string ?? "regular"
            let pack = icon.token.path.split(separator: ".").dropLast().joined(separator: ".")
            packs[pack, default: []].append((icon, sizeClass))
            guard let side = IconTables.stickerSizes[sizeClass] else {
                findings.append(Finding(path: icon.token.path, location: icon.location("size-class"),
                                        message: "`\(sizeClass)` is not a sticker size; use small, regular or large"))
                continue
            }
            guard let image = icon.value["image"], let header = icon.image(image).header else { continue }
            if header.width != side || header.height != side {
                findings.append(Finding(path: icon.token.path, location: icon.location("image"),
                                        message: "`\(image.string ?? "")` is \(header.width)x\(header.height) px; \(sizeClass) stickers are \(side)x\(side) px @3x"))
            }
        }
        for (_, members) in packs.sorted(by: { $0.key < $1.key }) {
            let first = members[0]
            for (icon, sizeClass) in members.dropFirst() where sizeClass != first.1 {
                findings.append(Finding(path: icon.token.path, location: icon.location("size-class"),
                                        message: "`\(icon.token.path)` is \(sizeClass), but `\(first.0.token.path)` in the same pack is \(first.1)",
                                        fix: "use one size for the whole pack"))
            }
        }
        return findings
    }
}

/// Sticker files over 500 KB or in a format that cannot carry what they use.
struct StickerFileRule: Rule {
    static let description = RuleDescription(
        kind: .iconStickerFile, name: "Sticker file",
        rationale: "HIG, iMessage apps and stickers: \"A sticker file must be 500 KB or smaller in size\"; PNG and APNG carry 8-bit transparency, GIF single-color transparency, JPEG none.",
        triggering: [RuleExample("stickers:\n  $type: icon\n  party: { $value: { kind: sticker, size-class: regular, image: ↓sticker-16bit.png, description: Party } }\n")],
        nonTriggering: [RuleExample("stickers:\n  $type: icon\n  party: { $value: { kind: sticker, size-class: regular, image: sticker-408.png, description: Party } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        IconFields.icons(context, kind: "sticker").compactMap { icon in
            guard let image = icon.value["image"] else { return nil }
            let (header, bytes, problem) = icon.image(image)
            let name = image.string ?? ""
            if let problem { return Finding(path: icon.token.path, location: icon.location("image"), message: problem) }
            if bytes > IconTables.stickerMaximumBytes {
                return Finding(path: icon.token.path, location: icon.location("image"),
                               message: "`\(name)` is \(bytes) bytes; a sticker file must be 500 KB (500,000 bytes) or smaller",
                               data: ["bytes": .integer(bytes)])
            }
            if let header, (header.format == .png || header.format == .apng), header.bitDepth > 8 {
                return Finding(path: icon.token.path, location: icon.location("image"),
                               message: "`\(name)` uses \(header.bitDepth)-bit channels; sticker PNGs carry 8-bit color and transparency",
                               fix: "export as 8-bit PNG")
            }
            return nil
        }
    }
}

/// A sticker without a description.
struct StickerDescriptionRule: Rule {
    static let description = RuleDescription(
        kind: .iconStickerDescription, name: "Sticker description",
        rationale: "HIG, iMessage apps and stickers: \"For each sticker, provide a localized alternative description\".",
        triggering: [RuleExample("stickers:\n  $type: icon\n  ↓party: { $value: { kind: sticker, size-class: regular, image: sticker-408.png } }\n")],
        nonTriggering: [RuleExample("stickers:\n  $type: icon\n  party: { $value: { kind: sticker, size-class: regular, image: sticker-408.png, description: \"Party popper\" } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        IconFields.icons(context, kind: "sticker").compactMap { icon in
            guard (icon.value["description"]?.string ?? "").isEmpty, (icon.token.token.description ?? "").isEmpty else { return nil }
            return Finding(path: icon.token.path, location: icon.token.token.location,
                           message: "the sticker `\(icon.token.path)` has no description for VoiceOver",
                           fix: "add `description: \"…\"` saying what the sticker shows")
        }
    }
}

/// Stickers scoped to a platform other than iOS or iPadOS.
struct StickerPlatformRule: Rule {
    static let description = RuleDescription(
        kind: .iconStickerPlatform, name: "Sticker platform",
        rationale: "HIG, iMessage apps and stickers: \"Not supported in macOS, tvOS, visionOS, or watchOS\".",
        triggering: [RuleExample("stickers:\n  $type: icon\n  ↓party: { $value: { kind: sticker, image: sticker-408.png, description: Party }, $extensions: { tokenc: { platforms: [macos] } } }\n")],
        nonTriggering: [RuleExample("stickers:\n  $type: icon\n  party: { $value: { kind: sticker, image: sticker-408.png, description: Party }, $extensions: { tokenc: { platforms: [ios, ipados] } } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        IconFields.icons(context, kind: "sticker").compactMap { icon in
            let other = icon.token.facts.platforms.filter { $0 != .ios && $0 != .ipados }
            guard !other.isEmpty else { return nil }
            return Finding(path: icon.token.path, location: icon.token.token.location,
                           message: "stickers work on iOS and iPadOS only, but `\(icon.token.path)` is scoped to " + other.map(\.rawValue).joined(separator: ", "),
                           fix: "limit `platforms` to [ios, ipados]")
        }
    }
}
