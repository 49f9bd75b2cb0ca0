import SourceData
import TokenModel
import TokenColor
import ImageDecoding

/// An app-icon size that is not in the platform's table, or a shape the platform does not take.
struct AppIconSizeRule: Rule {
    static let description = RuleDescription(
        kind: .iconAppIconSize, name: "App icon size",
        rationale: "HIG, App icons › Specifications › App icon sizes: \"For the App Store, create an app icon that measures 1024x1024 px.\" (tvOS: \"For the App Store, create an app icon that measures 1280x768 px.\") and, under Best practices, \"Design your icon as a square image.\" Each platform's table lists the sizes it takes; tokenc writes each as points and scale, as Xcode does (`60@2x` is 120 × 120 px, `400x240@2x` is 800 × 480 px).",
        exemptions: "An app icon with no `platform` (nothing to compare with).",
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
            for entry in icon.writtenImages where table[IconTables.normalized(entry.key)] == nil {
                let read = IconTables.SizeKey(entry.key)
                findings.append(Finding(path: icon.token.path, location: entry.keyLocation,
                                        message: "`\(entry.key)` is not a \(platform) app-icon size" + (read.map { " (it reads as \($0.described))" } ?? "")
                                            + "; keys are points and scale, and the table has " + table.keys.sorted(by: IconTables.SizeKey.ordered).joined(separator: ", ")))
            }
            if let image = icon.value.image, let header = icon.image(image).header {
                let expected = IconTables.appStoreIcon[platform]!
                if IconTables.squarePlatforms.contains(platform), header.width != header.height {
                    findings.append(Finding(path: icon.token.path, location: icon.location("image"),
                                            message: "\(platform) app icons are square, but `\(image.path!)` is \(header.width)x\(header.height)"))
                } else if platform == "tvos", header.width * 768 != header.height * 1280 {
                    findings.append(Finding(path: icon.token.path, location: icon.location("image"),
                                            message: "tvOS app icons are \(expected) rectangles, but `\(image.path!)` is \(header.width)x\(header.height)"))
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
        rationale: "HIG, App icons › Best practices: \"For iOS, iPadOS, and watchOS, you can tell Xcode to generate all sizes from your 1024×1024 px App Store icon, or you can provide assets for some or all individual icon sizes. For macOS and tvOS, you need to supply all sizes; for visionOS, you supply a single 1024x1024 px asset.\"",
        exemptions: "iOS, iPadOS, watchOS and visionOS, whose sizes Xcode makes from the 1024 px App Store icon.",
        triggering: [RuleExample("icon:\n  $type: icon\n  ↓mac: { $value: { kind: app-icon, platform: macos, images: { \"16@1x\": mac-16.png } } }\n")],
        nonTriggering: [RuleExample("icon:\n  $type: icon\n  phone: { $value: { kind: app-icon, platform: ios, image: ios-1024.png } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        IconFields.icons(context, kind: "app-icon").compactMap { icon in
            guard let platform = icon.platform, let required = IconTables.requiredSizes[platform] else { return nil }
            let present = Set(icon.value.images.map { IconTables.normalized($0.key) })
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
        rationale: "HIG, App icons › Specifications › App icon attributes: \"App icons in all platforms use the PNG format\", and the attributes table gives iOS, iPadOS, tvOS and watchOS icons no transparency; for visionOS, \"Use a full-bleed, non-transparent image for the background layer of your icon.\"",
        exemptions: "Opacity of the iOS dark variant (\"Note that the dark variants of iOS and iPadOS icons omit a solid background because the system provides one automatically.\") and of macOS icons and visionOS layers above the background, whose transparency the attributes table allows \"as appropriate\".",
        triggering: [RuleExample("icon:\n  $type: icon\n  phone: { $value: { kind: app-icon, platform: ios, image: ↓ios-transparent.png } }\n")],
        nonTriggering: [RuleExample("icon:\n  $type: icon\n  phone: { $value: { kind: app-icon, platform: ios, image: ios-1024.png, dark: ios-transparent.png } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for icon in IconFields.icons(context, kind: "app-icon") {
            guard let platform = icon.platform, let table = IconTables.appIconSizes[platform == "ipados" ? "ios" : platform] else { continue }
            var checks: [(image: IconValue.Image, location: SourceLocation, expected: IconTables.PixelSize?, opaque: Bool)] = []
            if let image = icon.value.image {
                checks.append((image, icon.location("image"), IconTables.appStoreIcon[platform], IconTables.opaquePlatforms.contains(platform)))
            }
            if let dark = icon.value.dark { checks.append((dark, icon.location("dark"), IconTables.appStoreIcon[platform], false)) }
            for entry in icon.writtenImages {
                checks.append((entry.image, entry.image.location, table[IconTables.normalized(entry.key)], IconTables.opaquePlatforms.contains(platform)))
            }
            if let layers = icon.layers, let first = layers.first {
                checks.append((first, first.location, nil, true))
            }
            for check in checks {
                let (header, _, problem) = icon.image(check.image)
                if let problem {
                    findings.append(Finding(path: icon.token.path, location: check.location, message: problem))
                    continue
                }
                guard let header else { continue }
                let name = check.image.path ?? ""
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
        rationale: "HIG, App icons › Specifications › App icon attributes: \"App icons in all platforms use the PNG format and support the following color spaces\" — sRGB (color) and Gray Gamma 2.2 (grayscale) — and \"In addition, app icons in iOS, iPadOS, macOS, tvOS, and watchOS support Display P3 (wide-gamut color).\" visionOS takes no Display P3.",
        exemptions: "Images that are not PNG (`icon/app-icon-image` reports them) and PNGs with no color profile or gamma chunk (read as sRGB).",
        triggering: [RuleExample("icon:\n  $type: icon\n  phone: { $value: { kind: app-icon, platform: ios, image: ↓ios-adobe.png } }\n")],
        nonTriggering: [RuleExample("icon:\n  $type: icon\n  phone: { $value: { kind: app-icon, platform: ios, image: ios-1024.png } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for icon in IconFields.icons(context, kind: "app-icon") {
            let platform = icon.platform ?? ""
            var images: [(IconValue.Image, SourceLocation)] = []
            for (field, image) in [("image", icon.value.image), ("dark", icon.value.dark), ("tinted", icon.value.tinted)] {
                if let image { images.append((image, icon.location(field))) }
            }
            for entry in icon.writtenImages { images.append((entry.image, entry.image.location)) }
            for (image, location) in images {
                guard let header = icon.image(image).header, header.format == .png else { continue }
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
                    findings.append(Finding(path: icon.token.path, location: location, message: "`\(image.path ?? "")`: \(problem)",
                                            fix: "export with an sRGB or Display P3 profile"))
                }
            }
        }
        return findings
    }
}

/// The iOS dark variant with its background drawn in.
struct DarkTransparentRule: Rule {
    static let description = RuleDescription(
        kind: .iconDarkTransparent, name: "Dark icon transparent",
        rationale: "HIG, App icons › Platform considerations › iOS, iPadOS: \"Use your light app icon as a basis for your dark icon. Choose complementary colors that reflect the default design, and avoid excessively bright images. For guidance, see Dark Mode colors. To look at home on the platform, omit the background so the system-provided background can show through.\" and \"You provide a transparent dark icon.\" tokenc decodes the image and reads its four corners, a square of 1/32 of its side each: the background shows there if anywhere (a pixel is opaque above the `alpha` option, of 255).",
        exemptions: "Icons with no `dark` variant, platforms other than iOS and iPadOS, and a dark image that cannot be decoded (`icon/app-icon-image` reports it).",
        triggering: [RuleExample("icon:\n  $type: icon\n  phone: { $value: { kind: app-icon, platform: ios, image: ios-1024.png, dark: ↓ios-1024.png } }\n")],
        nonTriggering: [RuleExample("icon:\n  $type: icon\n  phone: { $value: { kind: app-icon, platform: ios, image: ios-1024.png, dark: ios-transparent.png } }\n")],
        options: ["alpha": 8])

    func check(_ context: RuleContext) -> [Finding] {
        let tolerance = context.configuration.option("alpha", of: Self.description)
        return IconFields.icons(context, kind: "app-icon").compactMap { icon in
            guard icon.platform == "ios" || icon.platform == "ipados", let dark = icon.value.dark else { return nil }
            let (image, problem) = icon.decoded(dark, at: icon.location("dark"), pngOnly: true)
            if let problem { return problem }
            guard let image, let corner = IconFields.corner(of: image, opaque: true, tolerance: tolerance) else { return nil }
            return Finding(path: icon.token.path, location: icon.location("dark"),
                           message: "the dark variant `\(dark.path ?? "")` is opaque at its \(corner.name) corner (alpha \(RuleContext.format(corner.alpha.rounded())) of 255 at \(corner.x), \(corner.y)); the dark icon's background must be transparent",
                           fix: "export the dark icon without its background: the system draws one behind it")
        }
    }
}

/// A macOS app icon drawn to the square's corners, not in its rounded-rectangle shape.
struct MacOSShapeRule: Rule {
    static let description = RuleDescription(
        kind: .iconMacosShape, name: "macOS icon shape",
        rationale: "HIG, App icons › Platform considerations › macOS: \"In macOS, app icons share a common set of visual attributes, including a rounded-rectangle shape, front-facing perspective, level position, and uniform drop shadow.\" and, under Best practices, \"you need to create your macOS app icon in the correct rounded shape\". The system does not mask a macOS icon: an image opaque at its corners shows a square. tokenc reads each image's four corners (a pixel is opaque above the `alpha` option, of 255).",
        exemptions: "Images that cannot be decoded (`icon/app-icon-image` reports them), and other platforms, whose system applies the mask.",
        triggering: [RuleExample("icon:\n  $type: icon\n  mac: { $value: { kind: app-icon, platform: macos, images: { \"16@1x\": ↓mac-16.png } } }\n")],
        nonTriggering: [RuleExample("icon:\n  $type: icon\n  mac: { $value: { kind: app-icon, platform: macos, images: { \"16@1x\": mac-16-rounded.png } } }\n")],
        options: ["alpha": 8])

    func check(_ context: RuleContext) -> [Finding] {
        let tolerance = context.configuration.option("alpha", of: Self.description)
        var findings: [Finding] = []
        for icon in IconFields.icons(context, kind: "app-icon") where icon.platform == "macos" {
            var images = icon.writtenImages.map { ($0.image, $0.image.location) }
            if let image = icon.value.image { images.insert((image, icon.location("image")), at: 0) }
            for (image, location) in images {
                let (pixels, problem) = icon.decoded(image, at: location, pngOnly: true)
                if let problem { findings.append(problem) }
                guard let pixels, let corner = IconFields.corner(of: pixels, opaque: true, tolerance: tolerance) else { continue }
                findings.append(Finding(path: icon.token.path, location: location,
                                        message: "`\(image.path ?? "")` is opaque at its \(corner.name) corner (\(corner.x), \(corner.y)): a macOS icon carries its rounded-rectangle shape, with transparent corners",
                                        fix: "draw the icon on Apple's macOS template, inside its rounded rectangle"))
            }
        }
        return findings
    }
}

/// A watchOS app icon on a black background.
struct WatchOSIconBackgroundRule: Rule {
    static let description = RuleDescription(
        kind: .iconWatchosBlackBackground, name: "watchOS icon background",
        rationale: "HIG, App icons › Platform considerations › watchOS: \"Avoid using black for your icon’s background. Lighten a black background or add a border so the icon doesn’t blend into the display background.\" tokenc reads the image's edge (its outermost row and column of pixels all around): when most of it is near-black (no channel above the `black` option, of 255), the background is black.",
        exemptions: "Images that cannot be decoded, and transparent edge pixels (the circular mask hides them).",
        triggering: [RuleExample("icon:\n  $type: icon\n  watch: { $value: { kind: app-icon, platform: watchos, image: ↓watch-black.png } }\n")],
        nonTriggering: [RuleExample("icon:\n  $type: icon\n  watch: { $value: { kind: app-icon, platform: watchos, image: ios-1024.png } }\n")],
        options: ["black": 24])

    func check(_ context: RuleContext) -> [Finding] {
        let black = context.configuration.option("black", of: Self.description)
        return IconFields.icons(context, kind: "app-icon").compactMap { icon in
            guard icon.platform == "watchos", let image = icon.value.image else { return nil }
            let (decoded, problem) = icon.decoded(image, at: icon.location("image"), pngOnly: true)
            if let problem { return problem }
            guard let pixels = decoded else { return nil }
            var edge: [(Int, Int)] = []
            for x in 0..<pixels.width { edge += [(x, 0), (x, pixels.height - 1)] }
            for y in 1..<max(1, pixels.height - 1) { edge += [(0, y), (pixels.width - 1, y)] }
            let seen = edge.map { pixels.pixel($0.0, $0.1) }.filter { $0.alpha > 0 }
            let dark = seen.filter { Double(max($0.red, $0.green, $0.blue)) / 257 <= black }
            guard !seen.isEmpty, dark.count * 2 > seen.count else { return nil }
            return Finding(path: icon.token.path, location: icon.location("image"),
                           message: "`\(image.path ?? "")` has a black background: \(dark.count * 100 / seen.count)% of its edge is near-black, and blends into the watch's display",
                           fix: "lighten the background, or add a border")
        }
    }
}

/// The iOS tinted variant is not an opaque grayscale image.
struct TintedGrayscaleRule: Rule {
    static let description = RuleDescription(
        kind: .iconTintedGrayscale, name: "Tinted icon grayscale",
        rationale: "HIG, App icons › Platform considerations › iOS, iPadOS: \"Provide your tinted icon as a grayscale image.\" and \"You provide a fully opaque, grayscale icon.\" tokenc reads this from the PNG header: the file must be stored as grayscale without alpha (color type 0); an RGB file with gray pixels is reported too, with the fix to export it as Gray.",
        exemptions: "App icons with no `tinted` variant.",
        triggering: [RuleExample("icon:\n  $type: icon\n  phone: { $value: { kind: app-icon, platform: ios, image: ios-1024.png, tinted: ↓ios-1024.png } }\n")],
        nonTriggering: [RuleExample("icon:\n  $type: icon\n  phone: { $value: { kind: app-icon, platform: ios, image: ios-1024.png, tinted: ios-tinted.png } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        IconFields.icons(context, kind: "app-icon").compactMap { icon in
            guard let tinted = icon.value.tinted, let header = icon.image(tinted).header else { return nil }
            guard !header.isGrayscale || header.hasAlpha else { return nil }
            let why = header.hasAlpha ? "is transparent" : "stores color (PNG color type \(header.pngColorType ?? -1))"
            return Finding(path: icon.token.path, location: icon.location("tinted"),
                           message: "the tinted variant `\(tinted.path ?? "")` \(why); it must be an opaque grayscale image",
                           fix: "export it as an opaque grayscale PNG (Gray Gamma 2.2)")
        }
    }
}

/// tvOS or visionOS layer counts.
struct LayerCountRule: Rule {
    static let description = RuleDescription(
        kind: .iconLayerCount, name: "Layer count",
        rationale: "HIG, App icons › Platform considerations: \"tvOS app icons use between two and five layers to create a sense of dynamism as people bring them into focus.\" and \"A visionOS app icon is circular and includes a background layer and one or two layers on top, producing a three-dimensional object that subtly expands when people view it.\"",
        exemptions: "Platforms other than tvOS and visionOS, and icons with no `layers`.",
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
