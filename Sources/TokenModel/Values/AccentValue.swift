import SourceData
/// An `accent` value (tokenc's type): the app's accent color and where it applies.
public struct AccentValue: Sendable {
    /// One entry of `fixed-sidebar-icons`: a sidebar item and its fixed color (nil when it is not a color).
    public struct FixedIcon: Sendable {
        /// The sidebar item.
        public var item: String
        /// Its color, nil when what is written is not a color.
        public var color: ColorValue?
        /// Where the color is written.
        public var location: SourceLocation

        /// Creates an entry.
        public init(item: String, color: ColorValue?, location: SourceLocation) {
            self.item = item
            self.color = color
            self.location = location
        }
    }

    /// The accent color.
    public var color: Located<ColorValue>
    /// The surfaces the accent is drawn on.
    public var surfaces: [Located<ColorValue>]
    /// The color of text drawn on the accent.
    public var textOnAccent: Located<ColorValue>?
    /// The controls the accent tints (`buttons`, `selection`, `sidebar-icons` …).
    public var appliesTo: [String]
    /// Sidebar items with a fixed color instead of the accent.
    public var fixedSidebarIcons: [FixedIcon]?
    /// Where the value is written.
    public var location: SourceLocation

    /// Creates an accent value.
    public init(color: Located<ColorValue>, surfaces: [Located<ColorValue>] = [], textOnAccent: Located<ColorValue>? = nil,
                appliesTo: [String] = [], fixedSidebarIcons: [FixedIcon]? = nil, location: SourceLocation) {
        self.color = color
        self.surfaces = surfaces
        self.textOnAccent = textOnAccent
        self.appliesTo = appliesTo
        self.fixedSidebarIcons = fixedSidebarIcons
        self.location = location
    }
}
