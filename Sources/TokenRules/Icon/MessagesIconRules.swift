import TokenModel

/// An iMessage app icon size that is not in the table, or an image that is missing or not the slot's pixels.
struct IMessageSizeRule: Rule {
    static let description = RuleDescription(
        kind: .iconImessageSize, name: "iMessage icon size",
        rationale: "HIG, iMessage apps and stickers › Specifications › Icon sizes: \"To ensure that your icon looks great in any context and on various devices, create a square-cornered icon in the following sizes\". The HIG's table lists pixels per @2x and @3x slot; tokenc writes every icon size as points and scale, as Xcode does (`74x55@2x` is 148 × 110 px), and names both units in its messages. The App Store icon is `1024@1x`.",
        exemptions: "None: every `images` key, `size` and image of an iMessage app icon is checked.",
        triggering: [
            RuleExample("icon:\n  $type: icon\n  chat: { $value: { kind: imessage-app, images: { ↓\"50x37.5@2x\": imessage-148x110.png } } }\n"),
            RuleExample("icon:\n  $type: icon\n  chat: { $value: { kind: imessage-app, images: { ↓\"148x110@2x\": imessage-148x110.png } } }\n"),
            RuleExample("icon:\n  $type: icon\n  chat: { $value: { kind: imessage-app, size: ↓{ width: 50, height: 50 } } }\n"),
            RuleExample("icon:\n  $type: icon\n  chat: { $value: { kind: imessage-app, images: { ↓\"74x55@3x\": imessage-148x110.png } } }\n"),
            RuleExample("icon:\n  $type: icon\n  chat: { $value: { kind: imessage-app, images: { \"60x45@2x\": ↓imessage-148x110.png } } }\n"),
            RuleExample("icon:\n  $type: icon\n  chat: { $value: { kind: imessage-app, images: { \"74x55@2x\": ↓missing.png } } }\n"),
        ],
        nonTriggering: [
            RuleExample("icon:\n  $type: icon\n  chat: { $value: { kind: imessage-app, images: { \"74x55@2x\": imessage-148x110.png } } }\n"),
            RuleExample("icon:\n  $type: icon\n  chat: { $value: { kind: imessage-app, size: { width: 74, height: 55 } } }\n"),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let table = IconTables.iMessageKeys
        for icon in IconFields.icons(context, kind: "imessage-app") {
            if let size = icon.size, !IconTables.iMessagePointSizes.contains(where: { $0 == size }) {
                findings.append(Finding(
                    path: icon.token.path, location: icon.location("size"),
                    message: "an iMessage app icon of \(RuleContext.format(size.width)) × \(RuleContext.format(size.height)) pt is not in the table; it has "
                        + IconTables.iMessagePointSizes.map { "\(RuleContext.format($0.width)) × \(RuleContext.format($0.height))" }.joined(separator: ", ") + " pt",
                    fix: "draw the icon at one of the table's sizes"))
            }
            for entry in icon.writtenImages {
                let read = IconTables.SizeKey(entry.key)
                guard let key = read, let pixels = IconTables.iMessageSizes[key.normalized] else {
                    // A key written in pixels (the HIG's table) that is a slot once read as points.
                    let asPixels = read.flatMap { read in
                        IconTables.iMessageSlots.first { slot in
                            Double(slot.pixels.width) == read.width && Double(slot.pixels.height) == read.height && IconTables.SizeKey(slot.key)?.scale == read.scale
                        }
                    }
                    findings.append(Finding(
                        path: icon.token.path, location: entry.keyLocation,
                        message: "`\(entry.key)` is not an iMessage icon size" + (read.map { " (it reads as \($0.described))" } ?? "")
                            + "; keys are points and scale, and the table has " + table.map { "\($0) (\(IconTables.iMessageSizes[$0]!) px)" }.joined(separator: ", "),
                        fix: asPixels.map { "keys are in points: for \($0.pixels) px at @\(read!.scale)x write `\($0.key)`" }))
                    continue
                }
                let (header, _, problem) = icon.image(entry.image)
                if let problem {
                    findings.append(Finding(path: icon.token.path, location: entry.image.location, message: problem))
                } else if let header, header.width != pixels.width || header.height != pixels.height {
                    findings.append(Finding(path: icon.token.path, location: entry.image.location,
                                            message: "`\(entry.image.path ?? "")` is \(header.width)x\(header.height) px; `\(entry.key)` (\(key.points)) takes \(pixels) px",
                                            fix: "export the icon at \(pixels) px; tokenc never resizes images"))
                }
            }
            if let image = icon.value.image, let problem = icon.image(image).problem {
                findings.append(Finding(path: icon.token.path, location: icon.location("image"), message: problem))
            }
        }
        return findings
    }
}

/// An iMessage app icon with rounded (transparent) corners.
struct IMessageSquareRule: Rule {
    static let description = RuleDescription(
        kind: .iconImessageSquare, name: "iMessage icon square",
        rationale: "HIG, iMessage apps and stickers › Specifications › Icon sizes: \"You supply a square-cornered icon for each extension you offer, and the system automatically applies a mask that rounds the corners.\" tokenc reads each image's four corners: a transparent one (alpha at or below the `alpha` option, of 255) means the image rounds its corners itself.",
        exemptions: "Images that cannot be decoded or are not in the icon's `images` table.",
        triggering: [RuleExample("icon:\n  $type: icon\n  chat: { $value: { kind: imessage-app, images: { \"74x55@2x\": ↓imessage-rounded.png } } }\n")],
        nonTriggering: [RuleExample("icon:\n  $type: icon\n  chat: { $value: { kind: imessage-app, images: { \"74x55@2x\": imessage-148x110.png } } }\n")],
        options: ["alpha": 247])

    func check(_ context: RuleContext) -> [Finding] {
        let tolerance = context.configuration.option("alpha", of: Self.description)
        var findings: [Finding] = []
        for icon in IconFields.icons(context, kind: "imessage-app") {
            for entry in icon.writtenImages {
                let (pixels, problem) = icon.decoded(entry.image, at: entry.image.location, pngOnly: false)
                if let problem { findings.append(problem) }
                guard let pixels, let corner = IconFields.corner(of: pixels, opaque: false, tolerance: tolerance) else { continue }
                findings.append(Finding(path: icon.token.path, location: entry.image.location,
                                        message: "`\(entry.image.path ?? "")` is transparent at its \(corner.name) corner (\(corner.x), \(corner.y)): iMessage icons are square-cornered, and Messages rounds them",
                                        fix: "fill the corners: supply the square image"))
            }
        }
        return findings
    }
}

/// Stickers: size per size class, one size per pack.
struct StickerSizeRule: Rule {
    static let description = RuleDescription(
        kind: .iconStickerSize, name: "Sticker size",
        rationale: "HIG, iMessage apps and stickers › Specifications › Sticker sizes: \"Pick the size that works best for your content and prepare all of your stickers at that size; don't mix sizes within a single sticker pack.\" and \"Create your sticker images using the following @3x dimensions for the sticker size you chose.\" — small 300x300, regular 408x408, large 618x618 pixels. A pack is the group the stickers sit in.",
        exemptions: "None: every sticker is checked, and a pack is the group its stickers sit in.",
        triggering: [RuleExample("stickers:\n  $type: icon\n  party: { $value: { kind: sticker, size-class: regular, image: ↓sticker-300.png, description: Party } }\n")],
        nonTriggering: [RuleExample("stickers:\n  $type: icon\n  party: { $value: { kind: sticker, size-class: regular, image: sticker-408.png, description: Party } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        var packs: [String: [(IconFields, String)]] = [:]
        for icon in IconFields.icons(context, kind: "sticker") {
            let sizeClass = icon.value.sizeClass ?? "regular"
            let pack = icon.token.path.split(separator: ".").dropLast().joined(separator: ".")
            packs[pack, default: []].append((icon, sizeClass))
            guard let side = IconTables.stickerSizes[sizeClass] else {
                findings.append(Finding(path: icon.token.path, location: icon.location("size-class"),
                                        message: "`\(sizeClass)` is not a sticker size; use small, regular or large"))
                continue
            }
            guard let image = icon.value.image, let header = icon.image(image).header else { continue }
            if header.width != side || header.height != side {
                findings.append(Finding(path: icon.token.path, location: icon.location("image"),
                                        message: "`\(image.path ?? "")` is \(header.width)x\(header.height) px; \(sizeClass) stickers are \(side)x\(side) px @3x"))
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
        rationale: "HIG, iMessage apps and stickers › Specifications › Sticker sizes: \"A sticker file must be 500 KB or smaller in size.\" The format table gives PNG and APNG 8-bit transparency, GIF single-color transparency and JPEG none. tokenc counts 500 KB as 500,000 bytes.",
        exemptions: "None: every sticker's file is checked.",
        triggering: [RuleExample("stickers:\n  $type: icon\n  party: { $value: { kind: sticker, size-class: regular, image: ↓sticker-16bit.png, description: Party } }\n")],
        nonTriggering: [RuleExample("stickers:\n  $type: icon\n  party: { $value: { kind: sticker, size-class: regular, image: sticker-408.png, description: Party } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        IconFields.icons(context, kind: "sticker").compactMap { icon in
            guard let image = icon.value.image else { return nil }
            let (header, bytes, problem) = icon.image(image)
            let name = image.path ?? ""
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
        rationale: "HIG, iMessage apps and stickers › Best practices: \"For each sticker, provide a localized alternative description. VoiceOver can help people use your sticker pack by speaking a sticker's alternative description.\" The icon's `description` or the token's `$description` counts.",
        exemptions: "None: a sticker's `description` or its token's `$description` counts.",
        triggering: [RuleExample("stickers:\n  $type: icon\n  ↓party: { $value: { kind: sticker, size-class: regular, image: sticker-408.png } }\n")],
        nonTriggering: [RuleExample("stickers:\n  $type: icon\n  party: { $value: { kind: sticker, size-class: regular, image: sticker-408.png, description: \"Party popper\" } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        IconFields.icons(context, kind: "sticker").compactMap { icon in
            guard (icon.value.description ?? "").isEmpty, (icon.token.token.description ?? "").isEmpty else { return nil }
            return Finding(path: icon.token.path, location: icon.token.token.location,
                           message: "the sticker `\(icon.token.path)` has no description for VoiceOver",
                           fix: "add `description: \"…\"` saying what the sticker shows")
        }
    }
}

/// A sticker without a description in a locale its pack declares.
struct StickerLocalizedRule: Rule {
    static let description = RuleDescription(
        kind: .iconStickerLocalized, name: "Sticker localized",
        rationale: "HIG, iMessage apps and stickers › Best practices: \"For each sticker, provide a localized alternative description. VoiceOver can help people use your sticker pack by speaking a sticker's alternative description.\" A pack says which locales it ships with `$extensions.tokenc.locales`; each sticker's `description` gives a text per locale (`{ en: …, fr: … }`).",
        exemptions: "Stickers in a pack that declares no `locales` (`icon/sticker-description` still asks for one description).",
        triggering: [RuleExample("stickers:\n  $type: icon\n  $extensions: { tokenc: { locales: [en, fr] } }\n  party: { $value: { kind: sticker, image: sticker-408.png, description: ↓{ en: Party popper } } }\n")],
        nonTriggering: [
            RuleExample("stickers:\n  $type: icon\n  $extensions: { tokenc: { locales: [en, fr] } }\n  party: { $value: { kind: sticker, image: sticker-408.png, description: { en: Party popper, fr: Cotillon } } }\n"),
            RuleExample("stickers:\n  $type: icon\n  party: { $value: { kind: sticker, image: sticker-408.png, description: Party popper } }\n"),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        IconFields.icons(context, kind: "sticker").compactMap { icon in
            let locales = icon.token.facts.locales
            guard !locales.isEmpty else { return nil }
            let written = Set(icon.value.localizedDescriptions.map(\.locale))
            let missing = locales.filter { !written.contains($0) }
            guard !missing.isEmpty else { return nil }
            return Finding(path: icon.token.path, location: icon.value.descriptionLocation ?? icon.token.token.location,
                           message: "the sticker `\(icon.token.path)` has no description in " + missing.map { "`\($0)`" }.joined(separator: ", ")
                               + ", which its pack declares",
                           fix: "write `description: { " + locales.map { "\($0): \"…\"" }.joined(separator: ", ") + " }`",
                           data: ["missing": .string(missing.joined(separator: ","))])
        }
    }
}

/// Stickers scoped to a platform other than iOS or iPadOS.
struct StickerPlatformRule: Rule {
    static let description = RuleDescription(
        kind: .iconStickerPlatform, name: "Sticker platform",
        rationale: "HIG, iMessage apps and stickers › Platform considerations: \"No additional considerations for iOS or iPadOS. Not supported in macOS, tvOS, visionOS, or watchOS.\"",
        exemptions: "Stickers with no `platforms` (every platform is the default, and iOS is among them).",
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
