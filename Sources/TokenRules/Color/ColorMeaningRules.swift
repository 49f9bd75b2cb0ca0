import TokenModel
import TokenColor

/// A custom color whose value in some appearance is a documented system color's value there.
struct HardcodedSystemValueRule: Rule {
    static let description = RuleDescription(
        kind: .colorHardcodedSystemValue, name: "Hard-coded system color",
        rationale: "HIG, Color › System colors: \"Avoid hard-coding system color values in your app. Documented color values are for your reference during the app design process. The actual color values may fluctuate from release to release, based on a variety of environmental variables.\" Each appearance a token writes is compared with the system colors' values in that appearance, and a token used on watchOS with the watchOS values too (docs/system-colors.md).",
        exemptions: "Pure white and pure black, which are every palette's ends. A value written as an alias (reported where it is written). watchOS values, for a token scoped to other platforms only.",
        triggering: [
            RuleExample("c:\n  $type: color\n  blue: { $value: ↓\"#007AFF\", $extensions: { mode: { dark: \"#0A84FF\" } } }\n"),
            RuleExample("c:\n  $type: color\n  indigo: { $value: ↓\"#5856D6\", $extensions: { mode: { dark: \"#8E8CF0\" } } }\n"),
            RuleExample("c:\n  $type: color\n  ring: { $value: \"#0066CC\", $extensions: { mode: { dark: ↓\"#0A84FF\" } } }\n"),
            RuleExample("c:\n  $type: color\n  go: { $value: ↓\"#04DE71\", $extensions: { tokenc: { platforms: [watchos] } } }\n"),
        ],
        nonTriggering: [
            RuleExample("c:\n  $type: color\n  blue: { $value: \"{system.systemBlue}\" }\n  brand: { $value: \"#0066CC\" }\n"),
            RuleExample("c:\n  $type: color\n  go: { $value: \"#04DE71\", $extensions: { tokenc: { platforms: [ios] } } }\n  white: { $value: \"#FFFFFF\", $extensions: { mode: { dark: \"#000000\" } } }\n"),
        ])

    /// System colors by appearance (`Appearance.builtIn` order), then by their value's 8-bit sRGB channels
    /// (what its hex says), built once; pure white and pure black left out.
    static let byAppearance: [[UInt32: [SystemColor]]] = RuleContext.appearances.map { mode in
        ends(Dictionary(grouping: SystemColors.all) { key($0.value(for: mode)) })
    }

    /// The watchOS values the same way.
    static let byWatchOSValue: [UInt32: [SystemColor]] =
        ends(Dictionary(grouping: SystemColors.all.filter { $0.watchOSColor != nil }) { key($0.watchOSColor!) })

    /// A bit per 12-bit fold of every key either table has (4,096 bits): nearly every color's key finds its
    /// bit clear, and is settled without hashing it twice into the tables.
    static let anyKey: [UInt64] = {
        var bits = [UInt64](repeating: 0, count: 64)
        for key in byAppearance.flatMap(\.keys) + byWatchOSValue.keys {
            let bit = fold(key)
            bits[bit >> 6] |= 1 << UInt64(bit & 63)
        }
        return bits
    }()

    /// A key's bit in `anyKey`: its bits multiplied into the top 12.
    static func fold(_ key: UInt32) -> Int { Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 52) }

    private static func ends(_ table: [UInt32: [SystemColor]]) -> [UInt32: [SystemColor]] {
        table.filter { $0.key != key(Color(.srgb, 1, 1, 1)) && $0.key != key(Color(.srgb, 0, 0, 0)) }
    }

    /// The 8-bit channels packed in a word: equal exactly when the hex texts are, without making the text.
    static func key(_ color: Color) -> UInt32 {
        let b = color.srgb8Bit
        return UInt32(b.red) << 24 | UInt32(b.green) << 16 | UInt32(b.blue) << 8 | UInt32(b.alpha)
    }

    func check(_ context: RuleContext) -> [Finding] {
        // The tables read once, not through their lazy initializers' checks at every value.
        let byAppearance = Self.byAppearance, byWatchOSValue = Self.byWatchOSValue, anyKey = Self.anyKey
        return context.tokens(of: .color).compactMap { token in
            // The values the token writes, in appearance order; whether one is written as an alias is asked only
            // of a value that matches (a look at the written fields for each value was a tenth of the rule). The
            // parsed colors are read as they are, not each wrapped in a `TokenValue`; a value's mode and the
            // token's platforms are read only when its bit is set, as few are.
            for (k, parsed) in token.colors.enumerated() {
                guard case .color(let color)? = parsed else { continue }
                let key = Self.key(color), bit = Self.fold(key)
                guard anyKey[bit >> 6] & 1 << UInt64(bit & 63) != 0 else { continue }
                let mode = token.values[k].mode
                guard let index = Appearance.builtInIndex(mode) else { continue }
                let copied: (SystemColor, String)?
                if let match = byAppearance[index][key]?.first {
                    copied = (match, mode == Appearance.light ? "the value" : "the \(mode) value")
                } else if token.facts.isUsed(on: .watchos), let match = byWatchOSValue[key]?.first {
                    copied = (match, "the watchOS value")
                } else {
                    copied = nil
                }
                guard let (system, which) = copied, !token.writesAlias(in: mode) else { continue }
                return Finding(path: token.path, location: token.writtenValueLocation(in: mode),
                               message: "`\(token.path)` copies \(which) of the system color `\(system.name)` (\(color.hex))",
                               fix: "write \"{system.\(system.name)}\" so the color follows the system",
                               data: ["system": .string(system.name), "mode": .string(mode)])
            }
            return nil
        }
    }
}

/// A dynamic system color used against its documented purpose.
struct SystemColorMisuseRule: Rule {
    static let description = RuleDescription(
        kind: .colorSystemColorMisuse, name: "System color misuse",
        rationale: "HIG, Color › System colors: \"Avoid redefining the semantic meanings of dynamic system colors. To ensure a consistent experience and ensure your interface looks great when the appearance of macOS changes in the future, use dynamic system colors as intended.\"",
        exemptions: "Tints and grays (`systemBlue`, `systemGray3` …), which have no fixed purpose, and custom colors.",
        triggering: [RuleExample("c:\n  $type: color\n  text: { $value: ↓\"{system.systemBackground}\", $extensions: { tokenc: { role: label } } }\n")],
        nonTriggering: [RuleExample("c:\n  $type: color\n  text: { $value: \"{system.label}\", $extensions: { tokenc: { role: label } } }\n")])

    func check(_ context: RuleContext) -> [Finding] {
        // Few tokens are system colors: they are found first, and the surfaces gathered only when there is one.
        let systemColored = context.colors(where: \.lightIsSystem).compactMap { token -> (ResolvedToken, SystemColor)? in
            guard case .system(let system)? = context.colorValue(token, in: Appearance.light) else { return nil }
            return (token, system)
        }
        guard !systemColored.isEmpty else { return [] }
        var surfaces: Set<String> = []
        for token in context.tokens { for surface in token.facts.on { surfaces.insert(surface.path) } }
        return systemColored.compactMap { token, system in
            let facts = token.facts
            let isForeground = facts.text || facts.largeText || !facts.on.isEmpty || facts.role == .label
            let isSurface = surfaces.contains(token.path) || facts.isSurfaceRole
            let problem: String?
            switch system.purpose {
            case .background where isForeground: problem = "a background color used as a foreground"
            case .label where isSurface: problem = "a label color used as a surface"
            case .separator where facts.text || facts.largeText || facts.role == .label: problem = "a separator color used as text"
            case .fill where facts.text || facts.role == .label: problem = "a fill color used as text"
            default: problem = nil
            }
            guard let problem else { return nil }
            return Finding(path: token.path, location: token.writtenValueLocation,
                           message: "`\(token.path)` uses `\(system.name)`, \(problem)",
                           fix: "use a system color made for this job (label colors for text, background colors for surfaces)")
        }
    }
}

/// One color value behind tokens of different meanings, in any appearance.
struct SameColorDifferentMeaningRule: Rule {
    static let description = RuleDescription(
        kind: .colorSameColorDifferentMeaning, name: "Same color, different meaning",
        rationale: "HIG, Color › Best practices: \"Avoid using the same color to mean different things. Use color consistently throughout your interface, especially when you use it to help communicate information like status or interactivity.\" A token's meaning is its `meaning`, else its role's default (docs/token-format.md has the table); surfaces, labels, fills and separators mean nothing and may share any value. Every appearance is compared: two colors that differ in light may meet in dark.",
        exemptions: "Colors with no meaning: no role and no `meaning`, or roles `background`, `elevated`, `label`, `fill` and `separator`. Colors of one meaning, such as a macOS focus ring (`focus`) that follows the accent (`interactive`), or two tokens given one `meaning`.",
        triggering: [
            RuleExample("c:\n  $type: color\n  ↓link: { $value: \"#d70015\", $extensions: { tokenc: { role: interactive } } }\n  delete: { $value: \"#D70015\", $extensions: { tokenc: { role: destructive } } }\n"),
            RuleExample("c:\n  $type: color\n  ↓link: { $value: \"#0066cc\", $extensions: { mode: { dark: \"#ff453a\" }, tokenc: { role: interactive } } }\n  delete: { $value: \"#D70015\", $extensions: { mode: { dark: \"#FF453A\" }, tokenc: { role: destructive } } }\n"),
            RuleExample("c:\n  $type: color\n  brand: { $value: \"#0066cc\", $extensions: { tokenc: { meaning: brand } } }\n  ↓link: { $value: \"#0066CC\", $extensions: { tokenc: { role: interactive } } }\n"),
        ],
        nonTriggering: [
            RuleExample("c:\n  $type: color\n  link: { $value: \"#0066cc\", $extensions: { tokenc: { role: interactive } } }\n  delete: { $value: \"#D70015\", $extensions: { tokenc: { role: destructive } } }\n"),
            RuleExample("c:\n  $type: color\n  accent: { $value: \"#0066cc\", $extensions: { mode: { dark: \"#0a84ff\" }, tokenc: { role: interactive } } }\n  focus-ring: { $value: \"{c.accent}\", $extensions: { tokenc: { role: focus, platforms: [macos] } } }\n"),
            RuleExample("c:\n  $type: color\n  brand: { $value: \"#0066cc\", $extensions: { tokenc: { role: interactive, meaning: brand } } }\n  link: { $value: \"#0066CC\", $extensions: { tokenc: { meaning: brand } } }\n"),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let meaningful = context.colors(where: \.hasMeaning).compactMap { token in token.facts.meaning.map { (token, $0) } }
        guard meaningful.count > 1 else { return [] }
        var findings: [Finding] = []
        // One finding per token: where it first meets a color of another meaning, light first.
        var reported: Set<ObjectIdentifier> = []
        for mode in RuleContext.appearances {
            // Hash by value: tokens of one color in this appearance land in one bucket; never all pairs.
            var buckets: [String: [(token: ResolvedToken, meaning: String)]] = [:]
            for (token, meaning) in meaningful {
                if let color = context.color(token, in: mode) { buckets[color.hex, default: []].append((token, meaning)) }
            }
            for (hex, members) in buckets.sorted(by: { $0.key < $1.key }) {
                guard let first = members.first else { continue }
                for (token, meaning) in members.dropFirst() where meaning != first.meaning && !reported.contains(ObjectIdentifier(token)) {
                    reported.insert(ObjectIdentifier(token))
                    findings.append(Finding(
                        path: token.path, location: token.token.location,
                        message: "`\(token.path)` (\(meaning)) has the same color \(hex) as `\(first.token.path)` (\(first.meaning))"
                            + (mode == Appearance.light ? "" : " in \(mode)"),
                        fix: "give each meaning its own color, or give both one `meaning` if they mean the same",
                        related: [RelatedLocation(first.token.token.location, "`\(first.token.path)` is defined here")],
                        data: ["mode": .string(mode), "other": .string(first.token.path)]))
                }
            }
        }
        return findings
    }
}

/// Two distinct P3 colors that look the same once mapped to sRGB.
struct IndistinguishableInSRGBRule: Rule {
    static let description = RuleDescription(
        kind: .colorIndistinguishableInSrgb, name: "Indistinguishable in sRGB",
        rationale: "HIG, Color › Color management: \"Occasionally, it may be hard to distinguish two very similar P3 colors when viewing them on an sRGB display.\"",
        exemptions: "Pairs that are both inside sRGB (they look as written), tokens of one color, and colors written in sRGB, HSL or HWB.",
        triggering: [
            RuleExample("c:\n  $type: color\n  red: { $value: \"color(display-p3 1 0 0)\" }\n  ↓red2: { $value: \"color(display-p3 0.98 0 0.02)\" }\n"),
            // Saturated greens 7 apart in Lab but 1.7 apart in ΔE2000: CIEDE2000 counts chroma differences of
            // saturated colors far less than Lab distance does.
            RuleExample("c:\n  $type: color\n  green: { $value: \"color(display-p3 0.051 0.943 0.108)\" }\n  ↓green2: { $value: \"color(display-p3 0.423 0.932 0.247)\" }\n"),
        ],
        nonTriggering: [RuleExample("c:\n  $type: color\n  red: { $value: \"color(display-p3 1 0 0)\" }\n  green: { $value: \"color(display-p3 0 1 0)\" }\n")],
        options: ["threshold": 2])

    func check(_ context: RuleContext) -> [Finding] {
        let threshold = context.configuration.option("threshold", of: Self.description)
        // Each color's conversions are worked out once, not again for every neighbour.
        struct Seen {
            var token: ResolvedToken
            var shown: Color
            var shownLab: SIMD3<Double>
            var oklab: SIMD3<Double>
            var inSRGB: Bool
        }
        var seen: [Seen] = []
        for token in context.colors(where: \.lightIsOwnWideColor) {
            guard case .color(let color)? = context.colorValue(token, in: Appearance.light) else { continue }
            let shown = color.displayedInSRGB
            // Components resolved (`none` read as zero) as `deltaEOK` and `deltaE2000` read them.
            seen.append(Seen(token: token, shown: shown, shownLab: shown.converted(to: .lab).resolvedComponents,
                             oklab: color.converted(to: .oklab).resolvedComponents, inSRGB: color.isInGamut(.srgb)))
        }
        guard seen.count > 1 else { return [] }
        // Tokens of one color are searched once: they are never a finding with each other.
        let identical = IdenticalGroups(seen.map { $0.oklab })
        let representatives = identical.representatives
        let search = CloseColorPairs(representatives.map { seen[$0].shownLab }, limit: threshold)
        guard let candidates = search.candidates(groups: nil, atMost: CloseColorPairs.budget) else {
            return [PairFindings.crowded(seen[0].token, count: seen.count, distinct: representatives.count,
                                         many: "wide-gamut colors", threshold: threshold, seen: "on sRGB screens")]
        }
        var close: [(a: Int, b: Int, difference: Double, tag: Int)] = []
        for (a, b) in candidates {
            // The fields read in place: a copy of each color's entry retained and released its token.
            let p = representatives[a], q = representatives[b]
            guard Color.deltaEOK(seen[p].oklab, seen[q].oklab) > 1e-4, !seen[p].inSRGB || !seen[q].inSRGB else { continue }
            let difference = Color.deltaE2000(seen[p].shownLab, seen[q].shownLab)
            if difference < threshold { close.append((a, b, difference, 0)) }
        }
        // One finding at each token with close colors before it, against the closest.
        return identical.earlierPartners(close, listing: PairFindings.listing).map { partners in
            let token = seen[partners.item].token, nearest = partners.closest[0]
            let other = seen[nearest.item].token
            let shown = seen[partners.item].shown, otherShown = seen[nearest.item].shown
            return Finding(
                path: token.path, location: token.token.location,
                message: "`\(token.path)` and `\(other.path)` differ in P3 but are only ΔE2000 \(RuleContext.format(nearest.difference)) apart on sRGB screens (\(shown.hex) and \(otherShown.hex))",
                fix: "move them further apart, or make them one token",
                related: PairFindings.related(partners, threshold: threshold, token: { seen[$0].token }) {
                    ("", "\(RuleContext.format($0.difference)) on sRGB screens (\(seen[$0.item].shown.hex))")
                },
                data: ["deltaE2000": .number(nearest.difference), "other": .string(other.path)].merging(PairFindings.more(partners)) { $1 })
        }
    }
}

/// Status colors that people with a color-vision deficiency may not tell apart.
struct ColorBlindConfusableRule: Rule {
    static let description = RuleDescription(
        kind: .colorColorBlindConfusable, name: "Color-blind confusable",
        rationale: "HIG, Color › Inclusive color: \"Avoid relying solely on color to differentiate between objects, indicate interactivity, or communicate essential information.\" and \"people who are color blind might not be able to distinguish some color combinations.\" Only status colors (roles destructive, success, warning, info) are compared, each with the other roles.",
        exemptions: "Colors with no status role (`destructive`, `success`, `warning`, `info`), and pairs of one role.",
        triggering: [RuleExample("c:\n  $type: color\n  error: { $value: \"#D70015\", $extensions: { tokenc: { role: destructive } } }\n  ↓ok: { $value: \"#248A3D\", $extensions: { tokenc: { role: success } } }\n")],
        nonTriggering: [RuleExample("c:\n  $type: color\n  error: { $value: \"#D70015\", $extensions: { tokenc: { role: destructive } } }\n  ok: { $value: \"#0071A4\", $extensions: { tokenc: { role: success } } }\n")],
        options: ["threshold": 10])

    /// The status roles in a fixed order, numbering the groups `CloseColorPairs` keeps apart.
    static let statusOrder: [ColorRole] = [.destructive, .success, .warning, .info]
    /// The same roles, for membership.
    static let statusRoles = Set(statusOrder)

    func check(_ context: RuleContext) -> [Finding] {
        let threshold = context.configuration.option("threshold", of: Self.description)
        // The status colors, found once for the three simulations (most tokens have no status role).
        var status: [(token: ResolvedToken, role: ColorRole, color: Color)] = []
        for token in context.colors(where: { $0.role.map(Self.statusRoles.contains) == true }) {
            guard let role = token.facts.role, let color = context.color(token, in: Appearance.light) else { continue }
            status.append((token, role, color))
        }
        guard status.count > 1 else { return [] }
        // Tokens of one role and color are searched once; pairs of one role are never findings.
        struct RoleAndColor: Hashable { var role: ColorRole, color: Color }
        let identical = IdenticalGroups(status.map { RoleAndColor(role: $0.role, color: $0.color) })
        let representatives = identical.representatives
        let roles = representatives.map { Self.statusOrder.firstIndex(of: status[$0].role)! }
        let deficiencies = ColorVisionDeficiency.allCases
        var close: [(a: Int, b: Int, difference: Double, tag: Int)] = []
        for (tag, deficiency) in deficiencies.enumerated() {
            // As `Color.deltaE2000` reads them: Lab components with `none` as zero.
            let labs = representatives.map { status[$0].color.simulated(deficiency).converted(to: .lab).resolvedComponents }
            let search = CloseColorPairs(labs, limit: threshold)
            guard let candidates = search.candidates(groups: roles, atMost: CloseColorPairs.budget) else {
                return [PairFindings.crowded(status[0].token, count: status.count, distinct: representatives.count,
                                             many: "status colors", threshold: threshold, seen: "with \(deficiency.rawValue)")]
            }
            for (a, b) in candidates {
                let difference = Color.deltaE2000(labs[a], labs[b])
                if difference < threshold { close.append((a, b, difference, tag)) }
            }
        }
        // One finding at each token with close colors of other roles before it, against the closest.
        return identical.earlierPartners(close, listing: PairFindings.listing).map { partners in
            let (token, role, _) = status[partners.item]
            let nearest = partners.closest[0]
            let (other, otherRole, _) = status[nearest.item]
            let deficiency = deficiencies[nearest.tag]
            return Finding(
                path: token.path, location: token.token.location,
                message: "`\(token.path)` (\(role.rawValue)) and `\(other.path)` (\(otherRole.rawValue)) are only ΔE2000 \(RuleContext.format(nearest.difference)) apart with \(deficiency.rawValue)",
                fix: "pair the colors with symbols or text, and move them apart in lightness",
                related: PairFindings.related(partners, threshold: threshold, token: { status[$0].token }) {
                    (" (\(status[$0.item].role.rawValue))", "\(RuleContext.format($0.difference)) with \(deficiencies[$0.tag].rawValue)")
                },
                data: ["deltaE2000": .number(nearest.difference), "deficiency": .string(deficiency.rawValue), "other": .string(other.path)]
                    .merging(PairFindings.more(partners)) { $1 })
        }
    }
}

/// How the pair rules report a token's close colors beyond the closest one.
enum PairFindings {
    /// How many close colors a finding names: the closest (the message's) and three more (notes).
    static let listing = 4

    /// The data that count the close colors after the closest: none when there are none.
    static func more(_ partners: EarlierPartners) -> [String: DiagnosticValue] {
        partners.count > 1 ? ["more": .number(Double(partners.count - 1))] : [:]
    }

    /// The one finding of a pair rule whose search stopped at `CloseColorPairs.budget`, at the first color it
    /// searched: what it compared, and how to make the set searchable.
    static func crowded(_ token: ResolvedToken, count: Int, distinct: Int, many: String, threshold: Double,
                        seen: String) -> Finding {
        Finding(
            path: token.path, location: token.token.location,
            message: "\(count) \(many) (\(distinct) distinct) are too crowded to compare: more than \(CloseColorPairs.budget) pairs of them are within reach of ΔE2000 \(RuleContext.format(threshold)) \(seen), so no pair is reported",
            fix: "give these colors a few palette values, as aliases (tokens of one color are compared once), or move them apart",
            data: ["colors": .number(Double(count)), "distinct": .number(Double(distinct))])
    }

    /// Where the closest colors are defined, the closest first: the closest is the message's, each next one says
    /// what it is and how close (`close`: the words after its path, and its difference), and the last listed
    /// counts those left out. The message itself names only the closest pair, so that a color added further
    /// away leaves it as it was: `diff` tells findings apart by their messages, and `--fail-on findings` would
    /// call an old finding new.
    static func related(_ partners: EarlierPartners, threshold: Double, token: (Int) -> ResolvedToken,
                        close: (EarlierPartners.Partner) -> (about: String, difference: String)) -> [RelatedLocation] {
        let unlisted = partners.count - partners.closest.count
        return partners.closest.enumerated().map { position, partner in
            let other = token(partner.item)
            guard position > 0 else { return RelatedLocation(other.token.location, "`\(other.path)` is defined here") }
            let last = position == partners.closest.count - 1 && unlisted > 0
            let (about, difference) = close(partner)
            return RelatedLocation(other.token.location, "`\(other.path)`\(about), defined here, is within ΔE2000 \(RuleContext.format(threshold)) too: \(difference)"
                                   + (last ? "; so \(unlisted == 1 ? "is 1 more" : "are \(unlisted) more") before it in path order, not listed" : ""))
        }
    }
}
