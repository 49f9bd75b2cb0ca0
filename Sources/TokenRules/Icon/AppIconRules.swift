import SourceData
import TokenModel
import TokenColor

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
        rationale: "HIG, App icons: \"For macOS and tvOS, you need to supply all sizes\".",
        triggering: [RuleExample("icon:\n  $type: icon\n  ↓mac: { $value: { kind: app-icon, platform: macos, images: { \"16@1x\": mac-16.png } } }\n")],
        nonTriggering: [RuleExample("icon:\n  $type: icon\n  phone: { $value: { kind: app-icon, platform: ios, image: ios-1024.png } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        IconFields.icons(context, kind: "app-icon").compactMap { icon in
            guard let platform = icon.platform, let required = IconTables.requiredSizes[platform] else { return nil }
            let present = Set(icon.value.images.map(\.key))
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
            var checks: [(image: IconValue.Image, location: SourceLocation, expected: IconTables.PixelSize?, opaque: Bool)] = []
            if let image = icon.value.image {
                checks.append((image, icon.location("image"), IconTables.appStoreIcon[platform], IconTables.opaquePlatforms.contains(platform)))
            }
            if let dark = icon.value.dark { checks.append((dark, icon.location("dark"), IconTables.appStoreIcon[platform], false)) }
            for entry in icon.writtenImages {
                checks.append((entry.image, entry.image.location, table[entry.key], IconTables.opaquePlatforms.contains(platform)))
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
        rationale: "HIG, App icons: app icons use sRGB (color), Gray Gamma 2.2 (grayscale) or Display P3 on iOS, iPadOS, macOS, tvOS and watchOS.",
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

/// The iOS tinted variant is not an opaque grayscale image.
struct TintedGrayscaleRule: Rule {
    static let description = RuleDescription(
        kind: .iconTintedGrayscale, name: "Tinted icon grayscale",
        rationale: "HIG, App icons (dark and tinted variants, June 10, 2024): the system applies the tint to a grayscale version of the icon; it must be opaque grayscale for the tint to read. tokenc reads this from the PNG header: the file must be stored as grayscale without alpha (color type 0); an RGB file with gray pixels is reported too, with the fix to export it as Gray.",
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
