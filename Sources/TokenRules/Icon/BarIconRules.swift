import SourceData
import TokenModel
import TokenColor
import ImageDecoding

/// A toolbar or navigation-bar icon outside 18–28 pt.
struct BarSizeRule: Rule {
    static let description = RuleDescription(
        kind: .iconBarSize, name: "Bar icon size",
        rationale: "iOS Human Interface Guidelines (2014), Bar Button Icons: \"Regardless of the icon's visual style, create a toolbar or navigation bar icon in the following sizes:\" \"About 44 x 44 pixels\" and \"About 22 x 22 pixels (standard resolution)\". tokenc takes `size` in points and accepts 18–28 pt around the 22 pt the guideline calls \"about\".",
        exemptions: "Icons with no `size`.",
        triggering: [RuleExample("icon:\n  $type: icon\n  share: { $value: { kind: toolbar, size: ↓{ width: 32, height: 32 } } }\n")],
        nonTriggering: [RuleExample("icon:\n  $type: icon\n  share: { $value: { kind: toolbar, size: { width: 22, height: 22 } } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        (IconFields.icons(context, kind: "toolbar") + IconFields.icons(context, kind: "navigation-bar")).compactMap { icon in
            guard let size = icon.size else { return nil }
            let range = IconTables.barIconPoints
            guard !range.contains(size.width) || !range.contains(size.height) else { return nil }
            return Finding(path: icon.token.path, location: icon.location("size"),
                           message: "a \(icon.kind) icon of \(RuleContext.format(size.width)) × \(RuleContext.format(size.height)) pt is outside 18–28 pt",
                           fix: "draw it at about 22 × 22 pt")
        }
    }
}

/// A tab-bar icon above 48 × 32 pt, or outside 20–30 pt when square.
struct TabBarSizeRule: Rule {
    static let description = RuleDescription(
        kind: .iconTabBarSize, name: "Tab bar icon size",
        rationale: "iOS Human Interface Guidelines (2014), Bar Button Icons: \"Regardless of the icon's visual style, create a tab bar icon in the following sizes:\" \"About 50 x 50 pixels (96 x 64 pixels maximum)\" and \"About 25 x 25 pixels (48 x 32 pixels maximum) for standard resolution\". tokenc takes `size` in points: at most 48 × 32 pt, and 20–30 pt around the 25 pt square.",
        exemptions: "Icons with no `size`.",
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

/// A custom tab-bar icon with no selected version.
struct TabBarSelectedRule: Rule {
    static let description = RuleDescription(
        kind: .iconTabBarSelected, name: "Tab bar selected icon",
        rationale: "iOS Human Interface Guidelines (2014), Bar Button Icons: \"If you're designing a custom tab bar icon, you should provide two versions—one for the unselected appearance and one for the selected appearance. The selected appearance is often a filled-in version of the unselected appearance, but some designs call for variations on this approach.\"",
        exemptions: "Tab-bar icons with no `image` (an SF Symbol, whose fill variant the tab bar picks itself).",
        triggering: [RuleExample("icon:\n  $type: icon\n  ↓home: { $value: { kind: tab-bar, image: tab-home.png, size: { width: 25, height: 25 } } }\n")],
        nonTriggering: [
            RuleExample("icon:\n  $type: icon\n  home: { $value: { kind: tab-bar, image: tab-home.png, selected: tab-home-selected.png, size: { width: 25, height: 25 } } }\n"),
            RuleExample("icon:\n  $type: icon\n  home: { $value: { kind: tab-bar, size: { width: 25, height: 25 } } }\n"),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        IconFields.icons(context, kind: "tab-bar").compactMap { icon in
            guard icon.value.image != nil, icon.value.selected == nil else { return nil }
            return Finding(path: icon.token.path, location: icon.token.token.location,
                           message: "the custom tab-bar icon `\(icon.token.path)` has no selected version",
                           fix: "add `selected: …`, often a filled-in version of the image")
        }
    }
}

/// The images of toolbar, navigation-bar and tab-bar icons: templates the system tints.
enum TemplateImages {
    /// Each bar icon's `image` and `selected`, with where each is written.
    static func images(_ context: RuleContext) -> [(IconFields, IconValue.Image, SourceLocation)] {
        ["toolbar", "navigation-bar", "tab-bar"].flatMap { IconFields.icons(context, kind: $0) }.flatMap { icon in
            [("image", icon.value.image), ("selected", icon.value.selected)].compactMap { field, image in
                image.map { (icon, $0, icon.location(field)) }
            }
        }
    }
}

/// A bar-icon template image that is not pure white, or has a drop shadow.
struct TemplateImageRule: Rule {
    static let description = RuleDescription(
        kind: .iconTemplateImage, name: "Template image",
        rationale: "iOS Human Interface Guidelines (2014), Bar Button Icons: \"If you create a full-color template image, iOS ignores the color.\" and, of the guidelines that follow, \"Use pure white with appropriate alpha transparency.\" and \"Not include a drop shadow.\" Every visible pixel (alpha 16 or more, of 255) must be white: no channel below the `white` option, of 255. Dark translucent pixels are reported as a shadow.",
        exemptions: "Bar icons with no image (an SF Symbol), images that cannot be decoded, and pixels almost fully transparent.",
        triggering: [
            RuleExample("icon:\n  $type: icon\n  share: { $value: { kind: toolbar, image: ↓template-blue.png, size: { width: 22, height: 22 } } }\n"),
            RuleExample("icon:\n  $type: icon\n  share: { $value: { kind: toolbar, image: ↓template-shadow.png, size: { width: 22, height: 22 } } }\n"),
        ],
        nonTriggering: [RuleExample("icon:\n  $type: icon\n  share: { $value: { kind: toolbar, image: template-white.png, size: { width: 22, height: 22 } } }\n")],
        options: ["white": 250])

    func check(_ context: RuleContext) -> [Finding] {
        let white = context.configuration.option("white", of: Self.description)
        return TemplateImages.images(context).compactMap { icon, image, location in
            let (decoded, problem) = icon.decoded(image, at: location, pngOnly: false)
            if let problem { return problem }
            guard let pixels = decoded else { return nil }
            var first: (x: Int, y: Int)?
            var colored = 0, shadow = 0
            for y in 0..<pixels.height {
                for x in 0..<pixels.width {
                    let pixel = pixels.pixel(x, y)
                    guard Double(pixel.alpha) / 257 >= 16, Double(min(pixel.red, pixel.green, pixel.blue)) / 257 < white else { continue }
                    first = first ?? (x, y)
                    colored += 1
                    if Double(max(pixel.red, pixel.green, pixel.blue)) / 257 <= 64 && pixel.alpha < 65535 { shadow += 1 }
                }
            }
            guard let first else { return nil }
            let pixel = pixels.pixel(first.x, first.y)
            let hex = Color(.srgb, Double(pixel.red) / 65535, Double(pixel.green) / 65535, Double(pixel.blue) / 65535).hex
            let name = image.path ?? ""
            return shadow * 2 > colored
                ? Finding(path: icon.token.path, location: location,
                          message: "`\(name)` has a drop shadow: \(colored) dark translucent pixels, the first at \(first.x), \(first.y)",
                          fix: "remove the shadow: the system draws bar icons without one")
                : Finding(path: icon.token.path, location: location,
                          message: "`\(name)` is not pure white: \(colored) visible pixels have color, the first \(hex) at \(first.x), \(first.y); the system uses only its alpha",
                          fix: "export the icon in pure white, its shape in the alpha channel")
        }
    }
}

/// A bar-icon template image with hard edges.
struct TemplateAntialiasingRule: Rule {
    static let description = RuleDescription(
        kind: .iconTemplateAntialiasing, name: "Template antialiasing",
        rationale: "iOS Human Interface Guidelines (2014), Bar Button Icons: \"To design a custom bar icon, follow these guidelines:\" … \"Use antialiasing.\" An image whose every pixel is fully opaque or fully transparent has hard, stair-stepped edges.",
        exemptions: "Bar icons with no image, images that cannot be decoded, and images with no visible pixel.",
        triggering: [RuleExample("icon:\n  $type: icon\n  share: { $value: { kind: toolbar, image: ↓template-hard.png, size: { width: 22, height: 22 } } }\n")],
        nonTriggering: [RuleExample("icon:\n  $type: icon\n  share: { $value: { kind: toolbar, image: template-white.png, size: { width: 22, height: 22 } } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        TemplateImages.images(context).compactMap { icon, image, location in
            guard case .success(let pixels)? = icon.pixels(image) else { return nil }
            var visible = false
            for index in stride(from: 3, to: pixels.sampleCount, by: 4) {
                let alpha = pixels.sample(index)
                if alpha > 0 && alpha < 65535 { return nil }
                visible = visible || alpha > 0
            }
            guard visible else { return nil }
            return Finding(path: icon.token.path, location: location,
                           message: "`\(image.path ?? "")` has only fully opaque and fully transparent pixels: its edges are not antialiased",
                           fix: "export the icon with antialiasing, so its edges blend")
        }
    }
}
