import TokenModel

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
            for entry in icon.writtenImages {
                let dims = entry.key.split(separator: "@").first?.split(separator: "x").compactMap { Int($0) } ?? []
                let size = dims.count == 2 ? IconTables.PixelSize(dims[0], dims[1]) : nil
                guard let size, IconTables.iMessageSizes.contains(size) else {
                    findings.append(Finding(path: icon.token.path, location: entry.keyLocation,
                                            message: "`\(entry.key)` is not an iMessage icon size (pixels, e.g. \"148x110@2x\")"))
                    continue
                }
                if let header = icon.image(entry.image).header, header.width != size.width || header.height != size.height {
                    findings.append(Finding(path: icon.token.path, location: entry.image.location,
                                            message: "`\(entry.image.path ?? "")` is \(header.width)x\(header.height) px, not \(size)"))
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
        rationale: "HIG, iMessage apps and stickers: \"A sticker file must be 500 KB or smaller in size\"; PNG and APNG carry 8-bit transparency, GIF single-color transparency, JPEG none.",
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
        rationale: "HIG, iMessage apps and stickers: \"For each sticker, provide a localized alternative description\".",
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
