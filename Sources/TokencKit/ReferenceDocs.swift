import TokenModel
import TokenColor

/// Documentation pages generated from tokenc's own tables, so the docs cannot drift from the code.
public enum ReferenceDocs {
    /// docs/system-colors.md: every `{system.NAME}` tokenc knows, with its values and sources.
    public static func systemColors() -> String {
        var out = """
            # System colors

            `"{system.NAME}"` references an Apple system color. Swift output uses the system API (so the
            color follows the OS, including future changes); CSS and JSON use the values below. Rules
            (contrast, hard-coded system values) judge these values.

            Generated from `Sources/TokenModel/Color/SystemColors.swift` by `TOKENC_RECORD=1 swift test`;
            a test fails when this page and the table differ. Values are `#RRGGBB` or `#RRGGBBAA`
            (alpha last). A missing increased-contrast value falls back to the normal value of the same
            appearance. The HIG's Color page (current revision) documents watchOS values only; the iOS
            table comes from the HIG page named per row, in its revision of the given date (before the
            June 2025 update for iOS 26). The dynamic UIKit and AppKit values are not published by
            Apple as numbers; they are the values the frameworks resolve to, from the public listing
            named per row, and were not re-measured on a device for this table. watchOS has one, dark,
            appearance and brighter values of its own: the watchOS column is that page's watchOS table
            (R G B converted to hex). `{system.NAME}` resolves to the light and dark values on every
            platform; `color/hardcoded-system-value` compares a token used on watchOS (no `platforms`,
            or a list with `watchos`) with the watchOS column too.

            | name | platforms | purpose | light | dark | light, increased contrast | dark, increased contrast | watchOS | source | date |
            | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |

            """
        for color in SystemColors.all {
            let platforms = color.platforms.map(\.rawValue).joined(separator: ", ")
            out += "| `\(color.name)` | \(platforms) | \(color.purpose.rawValue) | `\(color.light)` | `\(color.dark)` | "
                + "\(color.lightHighContrast.map { "`\($0)`" } ?? "—") | \(color.darkHighContrast.map { "`\($0)`" } ?? "—") | "
                + "\(color.watchOS.map { "`\($0)`" } ?? "—") | "
                + "\(color.source) | \(color.sourceDate) |\n"
        }
        return out
    }
}
