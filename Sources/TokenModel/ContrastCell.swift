import TokenColor
/// One declared foreground–surface pair (`on:`) in one appearance, measured the way `color/contrast`
/// measures it: the preview's contrast matrix and the diff's contrast changes show these cells.
public struct ContrastCell: Sendable, Equatable {
    /// The foreground token's path.
    public var foreground: String
    /// The surface token's path.
    public var surface: String
    /// The appearance.
    public var mode: String
    /// The foreground color in this appearance.
    public var foregroundColor: Color
    /// The surface color in this appearance.
    public var surfaceColor: Color
    /// The contrast ratio (alpha composited over the surface; the worse of sRGB and Display P3).
    public var ratio: Double
    /// The minimum the foreground needs (text, large text or non-text UI, after tokenc.yml options).
    public var minimum: Double
    /// `text`, `large text` or `non-text UI`.
    public var kind: String

    /// The foreground as shown on sRGB screens (computed when asked: most cells are never printed).
    public var foregroundHex: String { foregroundColor.hex }
    /// The surface as shown on sRGB screens.
    public var surfaceHex: String { surfaceColor.hex }

    /// Whether the pair reaches its minimum.
    public var passes: Bool { ratio >= minimum }

    /// Creates a cell.
    public init(foreground: String, surface: String, mode: String, foregroundColor: Color, surfaceColor: Color,
                ratio: Double, minimum: Double, kind: String) {
        self.foreground = foreground
        self.surface = surface
        self.mode = mode
        self.foregroundColor = foregroundColor
        self.surfaceColor = surfaceColor
        self.ratio = ratio
        self.minimum = minimum
        self.kind = kind
    }
}
