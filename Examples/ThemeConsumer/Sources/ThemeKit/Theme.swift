/// The app's theme, built on the generated `Tokens`.
public enum Theme {
    /// Body text color in dark mode, as 8-bit sRGB.
    public static var darkTextBytes: [Int] {
        let c = Tokens.Color.text.dark
        return [c.red, c.green, c.blue].map { Int($0 * 255 + 0.5) }
    }

    /// The brand accent in dark mode, as 8-bit sRGB (from Brand/, outside the token folder).
    public static var darkAccentBytes: [Int] {
        let c = Tokens.Brand.accent.dark
        return [c.red, c.green, c.blue].map { Int($0 * 255 + 0.5) }
    }

    /// The page gutter in points.
    public static var gutter: Double { Tokens.Spacing.gutter.value }
}
