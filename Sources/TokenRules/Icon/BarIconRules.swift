import TokenModel

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
