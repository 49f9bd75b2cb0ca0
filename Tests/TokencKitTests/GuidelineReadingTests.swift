import Foundation
import Testing
import TokenModel
import TokenRules
@testable import TokencKit

/// How the guideline rules read the HIG where a design system that follows it was told otherwise: each test runs
/// the pipeline on a token file in Tests/Fixtures/rule-examples (so image paths resolve) and compares every
/// finding of the rules concerned, place, message and fix.
@Suite struct GuidelineReadingTests {
    static func findings(_ yaml: String, of rules: Set<String>) -> [String] {
        let path = RuleExampleCase.folder + "/reading.yaml"
        let result = Pipeline().run(files: [path], sources: [path: Array(yaml.utf8)], render: false)
        return result.diagnostics.filter { rules.contains($0.id) }.map { finding in
            "\(finding.location.map { "\($0.line):\($0.column)" } ?? "-") \(finding.id) \(finding.severity.rawValue): \(finding.message)"
                + (finding.fix.map { " | \($0)" } ?? "")
        }
    }

    /// The HIG's watchOS table (Color › Specifications › System colors (watchOS)) as it prints it, R G B in
    /// decimal: the hex values tokenc models must be these numbers.
    @Test func watchOSValuesAreTheHIGTable() throws {
        let table: [(String, Int, Int, Int)] = [
            ("systemRed", 255, 59, 48), ("systemOrange", 255, 149, 0), ("systemYellow", 255, 230, 32), ("systemGreen", 4, 222, 113),
            ("systemMint", 102, 212, 207), ("systemTeal", 106, 196, 220), ("systemCyan", 90, 200, 250), ("systemBlue", 32, 148, 250),
            ("systemIndigo", 120, 122, 255), ("systemPurple", 191, 90, 242), ("systemPink", 250, 17, 79), ("systemBrown", 172, 142, 104),
            ("systemGray", 155, 160, 170),
        ]
        for (name, red, green, blue) in table {
            let system = try #require(SystemColors.named(name))
            #expect(system.watchOS == String(format: "#%02X%02X%02X", red, green, blue), "\(name)")
        }
        #expect(SystemColors.all.filter { $0.watchOS != nil }.count == table.count)
    }

    /// Weights compare as numbers, and a message names both scales where their words differ.
    @Test func weightMessagesNameBothScales() {
        let yaml = """
            s:
              $type: symbol
              a: { $value: { name: house, weight: heavy, text-weight: heavy } }
              b: { $value: { name: house, weight: bold, text-weight: 950 } }
              c: { $value: { name: house, weight: black, text-weight: heavy } }

            """
        #expect(Self.findings(yaml, of: ["symbol/weight-matches-text"]) == [
            "3:39 symbol/weight-matches-text warning: the symbol weight `heavy` is 800, but its text's weight is 900 (DTCG `heavy`, which SF Symbols calls `black`) | use the symbol weight `black`, which is 900",
            "4:39 symbol/weight-matches-text warning: the symbol weight `bold` is 700, but its text's weight is 950 | use the nearest symbol weight to 950: `black` (900)",
        ])
    }

    /// Icon sizes are points and scale for every kind; the pixels are points times scale, and messages say both.
    @Test func iMessageKeysArePointsAndScale() {
        let yaml = """
            icon:
              $type: icon
              old: { $value: { kind: imessage-app, images: { "148x110@2x": imessage-148x110.png } } }
              wrong: { $value: { kind: imessage-app, images: { "60x45@2x": imessage-148x110.png } } }
              gone: { $value: { kind: imessage-app, images: { "74x55@2x": missing.png } } }
              sized: { $value: { kind: imessage-app, size: { width: 50, height: 50 } } }
              good: { $value: { kind: imessage-app, images: { "74x55@2x": imessage-148x110.png }, size: { width: 74, height: 55 } } }

            """
        let table = "74x55@2x (148x110 px), 71.5x50@2x (143x100 px), 60x45@2x (120x90 px), 60x45@3x (180x135 px), 32x24@2x (64x48 px), "
            + "32x24@3x (96x72 px), 27x20@2x (54x40 px), 27x20@3x (81x60 px), 29@2x (58x58 px), 29@3x (87x87 px), 1024@1x (1024x1024 px)"
        #expect(Self.findings(yaml, of: ["icon/imessage-size"]) == [
            "3:50 icon/imessage-size error: `148x110@2x` is not an iMessage icon size (it reads as 148 × 110 pt at @2x, 296 × 220 px); keys are points and scale, and the table has \(table) | keys are in points: for 148x110 px at @2x write `74x55@2x`",
            "4:64 icon/imessage-size error: `imessage-148x110.png` is 148x110 px; `60x45@2x` (60 × 45 pt at @2x) takes 120x90 px | export the icon at 120x90 px; tokenc never resizes images",
            "5:63 icon/imessage-size error: `missing.png` not found: image paths are relative to the token file",
            "6:48 icon/imessage-size error: an iMessage app icon of 50 × 50 pt is not in the table; it has 74 × 55, 71.5 × 50, 60 × 45, 32 × 24, 27 × 20, 29 × 29, 1024 × 1024 pt | draw the icon at one of the table's sizes",
        ])
    }

    /// The iMessage table: every slot's pixels are its points times its scale, and the ordered list names each once.
    @Test func iMessageTableIsPointsTimesScale() throws {
        #expect(IconTables.iMessageKeys.count == IconTables.iMessageSizes.count)
        #expect(Set(IconTables.iMessageKeys) == Set(IconTables.iMessageSizes.keys))
        for (key, pixels) in IconTables.iMessageSizes {
            let read = try #require(IconTables.SizeKey(key))
            #expect(read.pixels.width == Double(pixels.width) && read.pixels.height == Double(pixels.height), "\(key)")
            #expect(IconTables.iMessagePointSizes.contains { $0 == (read.width, read.height) }, "\(key)")
        }
        #expect(IconTables.normalized("29x29@2x") == "29@2x")
        #expect(IconTables.normalized("71.5x50@2x") == "71.5x50@2x")
        #expect(IconTables.SizeKey("148x110@0x") == nil && IconTables.SizeKey("60@2") == nil && IconTables.SizeKey("x@2x") == nil)
    }

    /// Every appearance a token writes is compared with the system colors' values there, and watchOS's own.
    @Test func hardCodedValuesAreFoundInEveryAppearance() {
        let yaml = """
            c:
              $type: color
              indigo: { $value: "#5856D6", $extensions: { mode: { dark: "#8E8CF0" } } }
              ring: { $value: "#0066CC", $extensions: { mode: { dark: "#0A84FF" } } }
              go: { $value: "#2094FA", $extensions: { tokenc: { platforms: [watchos] } } }
              phone: { $value: "#2094FA", $extensions: { tokenc: { platforms: [ios] } } }
              ends: { $value: "#FFFFFF", $extensions: { mode: { dark: "#000000" } } }

            """
        #expect(Self.findings(yaml, of: ["color/hardcoded-system-value"]) == [
            "3:21 color/hardcoded-system-value warning: `c.indigo` copies the value of the system color `systemIndigo` (#5856d6) | write \"{system.systemIndigo}\" so the color follows the system",
            "4:59 color/hardcoded-system-value warning: `c.ring` copies the dark value of the system color `systemBlue` (#0a84ff) | write \"{system.systemBlue}\" so the color follows the system",
            "5:17 color/hardcoded-system-value warning: `c.go` copies the watchOS value of the system color `systemBlue` (#2094fa) | write \"{system.systemBlue}\" so the color follows the system",
        ])
    }

    /// Two meanings that meet in dark only are found; one meaning behind two roles is not.
    @Test func meaningsAreComparedInEveryAppearance() {
        let yaml = """
            c:
              $type: color
              link: { $value: "#0066cc", $extensions: { mode: { dark: "#ff6961" }, tokenc: { role: interactive } } }
              delete: { $value: "#D70015", $extensions: { mode: { dark: "#FF6961" }, tokenc: { role: destructive } } }
              accent: { $value: "#0066cc", $extensions: { mode: { dark: "#0a84ee" }, tokenc: { role: interactive } } }
              ring: { $value: "{c.accent}", $extensions: { tokenc: { role: focus, platforms: [macos] } } }

            """
        #expect(Self.findings(yaml, of: ["color/same-color-different-meaning"]) == [
            "3:3 color/same-color-different-meaning warning: `c.link` (interactive) has the same color #ff6961 as `c.delete` (destructive) in dark | give each meaning its own color, or give both one `meaning` if they mean the same",
        ])
    }

    /// The guidelines a token file states without pixels: their messages and fixes.
    @Test func symbolGradientStickerAndTabBarMessages() {
        let yaml = """
            s:
              $type: symbol
              delete: { $value: { name: trash, rendering: hierarchical, colors: ["#D70015", "{system.systemGray}"] } }
              logo: { $value: { name: acme.logo, custom: true } }
            g:
              $type: gradient
              glow:
                $value:
                  - { color: "color(display-p3 0 1 0)", position: 0 }
                  - { color: "color(display-p3 0.2 1 0.2)", position: 1 }
            stickers:
              $type: icon
              $extensions: { tokenc: { locales: [en, fr, ja], platforms: [ios] } }
              wave: { $value: { kind: sticker, image: sticker-408.png, description: { en: A hand waving } } }
              plain: { $value: { kind: sticker, image: sticker-408.png, description: Party } }
            tabs:
              $type: icon
              home: { $value: { kind: tab-bar, image: tab-home.png, size: { width: 25, height: 25 } } }

            """
        let rules: Set = ["symbol/colors-adapt", "symbol/custom-label", "color/gradient-clipped-in-srgb", "icon/sticker-localized", "icon/tab-bar-selected"]
        #expect(Self.findings(yaml, of: rules) == [
            "3:70 symbol/colors-adapt warning: the symbol color #D70015 is the same in dark as in light, so `s.delete` does not adapt to Dark Mode | use a system color such as \"{system.systemRed}\", or a color token with a dark value",
            "4:3 symbol/custom-label warning: the custom symbol `acme.logo` has no accessibility label for VoiceOver | add `accessibility-label: \"…\"` saying what the symbol shows or does",
            "10:9 color/gradient-clipped-in-srgb warning: stops 1 and 2 of `g.glow` are ΔE2000 2.12 apart as written but 0.56 on sRGB screens (#00fb29 and #00fe31): the gradient looks clipped there | move the stops apart inside sRGB, or give sRGB screens a gradient of their own",
            "14:73 icon/sticker-localized warning: the sticker `stickers.wave` has no description in `fr`, `ja`, which its pack declares | write `description: { en: \"…\", fr: \"…\", ja: \"…\" }`",
            "15:74 icon/sticker-localized warning: the sticker `stickers.plain` has no description in `en`, `fr`, `ja`, which its pack declares | write `description: { en: \"…\", fr: \"…\", ja: \"…\" }`",
            "18:3 icon/tab-bar-selected warning: the custom tab-bar icon `tabs.home` has no selected version | add `selected: …`, often a filled-in version of the image",
        ])
    }

    /// The guidelines about pixels, read from decoded images (Tests/Fixtures/make-images.py writes them).
    @Test func pixelMessages() {
        let yaml = """
            icon:
              $type: icon
              phone: { $value: { kind: app-icon, platform: ios, image: ios-1024.png, dark: ios-1024.png } }
              phone-ok: { $value: { kind: app-icon, platform: ios, image: ios-1024.png, dark: ios-transparent.png } }
              mac: { $value: { kind: app-icon, platform: macos, images: { "16@1x": mac-16.png, "16@2x": mac-16-rounded.png } } }
              watch: { $value: { kind: app-icon, platform: watchos, image: watch-black.png } }
              watch-ok: { $value: { kind: app-icon, platform: watchos, image: ios-1024.png } }
              chat: { $value: { kind: imessage-app, images: { "74x55@2x": imessage-rounded.png, "74x55@3x": imessage-148x110.png } } }
              blue: { $value: { kind: toolbar, image: template-blue.png } }
              shadow: { $value: { kind: tab-bar, image: template-white.png, selected: template-shadow.png } }
              hard: { $value: { kind: navigation-bar, image: template-hard.png } }
              broken: { $value: { kind: toolbar, image: broken.png } }

            """
        let rules: Set = ["icon/dark-transparent", "icon/macos-shape", "icon/watchos-black-background", "icon/imessage-square",
                          "icon/template-image", "icon/template-antialiasing"]
        #expect(Self.findings(yaml, of: rules) == [
            "3:80 icon/dark-transparent warning: the dark variant `ios-1024.png` is opaque at its top left corner (alpha 255 of 255 at 0, 0); the dark icon's background must be transparent | export the dark icon without its background: the system draws one behind it",
            "5:72 icon/macos-shape warning: `mac-16.png` is opaque at its top left corner (0, 0): a macOS icon carries its rounded-rectangle shape, with transparent corners | draw the icon on Apple's macOS template, inside its rounded rectangle",
            "6:64 icon/watchos-black-background warning: `watch-black.png` has a black background: 100% of its edge is near-black, and blends into the watch's display | lighten the background, or add a border",
            "8:63 icon/imessage-square warning: `imessage-rounded.png` is transparent at its top left corner (0, 0): iMessage icons are square-cornered, and Messages rounds them | fill the corners: supply the square image",
            "9:43 icon/template-image warning: `template-blue.png` is not pure white: 788 visible pixels have color, the first #007aff at 19, 6; the system uses only its alpha | export the icon in pure white, its shape in the alpha channel",
            "10:75 icon/template-image warning: `template-shadow.png` has a drop shadow: 62 dark translucent pixels, the first at 7, 29 | remove the shadow: the system draws bar icons without one",
            "11:50 icon/template-antialiasing warning: `template-hard.png` has only fully opaque and fully transparent pixels: its edges are not antialiased | export the icon with antialiasing, so its edges blend",
            "12:45 icon/template-image warning: `broken.png` has damaged compressed image data | export the image again as a PNG",
        ])
    }

    /// A watchOS design that follows the HIG: a black app background, platters and cards on it, symbols that take
    /// their text's weights, status dots with Apple's own increased-contrast values, a focus ring that follows the
    /// accent, an accent with its dark value. None of the readings fires.
    @Test func aCleanWatchDesignRaisesNothing() {
        let yaml = """
            color:
              $type: color
              $extensions: { tokenc: { platforms: [watchos, macos] } }
              background: { $value: "#000000", $extensions: { tokenc: { role: background, platforms: [watchos] } } }
              platter: { $value: "#222223", $extensions: { tokenc: { role: elevated, platforms: [watchos] } } }
              card: { $value: "#1C1C1E", $extensions: { tokenc: { role: background, on: ["{color.background}"], platforms: [watchos] } } }
              surface: { $value: "#FFFFFF", $extensions: { mode: { dark: "#202022" } } }
              ok:
                $value: "#248A3D"
                $extensions: { mode: { dark: "#3DDC68", light-high-contrast: "#1B6E30" }, tokenc: { role: success, on: ["{color.surface}"] } }
              due:
                $value: "#C93400"
                $extensions: { mode: { dark: "#FFA31A", light-high-contrast: "#A82C00" }, tokenc: { role: warning, on: ["{color.surface}"] } }
              accent: { $value: "#0066CC", $extensions: { mode: { dark: "#3D9BFF" }, tokenc: { role: interactive } } }
              focus-ring: { $value: "{color.accent}", $extensions: { tokenc: { role: focus, platforms: [macos] } } }
            symbol:
              $type: symbol
              heart: { $value: { name: heart, weight: regular, text-weight: 400, context: inline } }
              star: { $value: { name: star, weight: semibold, text-weight: semi-bold, context: inline } }
              flag: { $value: { name: flag, weight: black, text-weight: heavy, context: inline } }
            accent:
              $type: accent
              $value: { color: "{color.accent}", surfaces: ["{color.surface}"] }

            """
        let readings: Set = ["color/watchos-background", "symbol/consistent-family", "symbol/weight-matches-text", "color/high-contrast-variant",
                             "color/same-color-different-meaning", "accent/dark-variant", "color/dark-variant", "color/hardcoded-system-value"]
        #expect(Self.findings(yaml, of: readings) == [])
    }
}

/// Tests/Fixtures/clean-design-system: 60 tokens for an iOS, iPadOS, macOS and watchOS app with a sticker pack,
/// written from docs/ to follow the HIG (system colors referenced, not copied; a black watch background with a
/// platter on it; symbols that take their text's weight; cards on the page; every appearance). It builds, with two
/// warnings a designer keeps: red, green and amber status colors that color-blind people may confuse, which the
/// design pairs with symbols.
@Suite struct CleanDesignSystemTests {
    @Test func aDesignThatFollowsTheHIGBuildsWithOnlyTheWarningsItKeeps() throws {
        let result = try InProcess.run(["validate", "Tests/Fixtures/clean-design-system", "--format", "json"], in: Golden.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(findings.map { "\($0["line"]!):\($0["column"]!) \($0["rule"]!) \($0["severity"]!)" } == [
            "67:5 color/color-blind-confusable warning",
            "72:5 color/color-blind-confusable warning",
        ])
    }
}
