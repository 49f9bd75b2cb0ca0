/// How a token file is written, told by its name: YAML, JSON, or JSON with comments and trailing commas
/// (`.jsonc`, `.json5`), which tokenc reads as JSON once its comments are blanked.
public enum FileSyntax: Sendable, Equatable {
    /// `.yaml`, `.yml`, and any other name.
    case yaml
    /// `.json`.
    case json
    /// `.jsonc` and `.json5`: JSON with `//` and `/* */` comments and trailing commas.
    case jsonWithComments

    /// The syntax of the file at `path`.
    public init(path: String) {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".json") {
            self = .json
        } else if lowered.hasSuffix(".jsonc") || lowered.hasSuffix(".json5") {
            self = .jsonWithComments
        } else {
            self = .yaml
        }
    }

    /// Whether the file is JSON of either kind: its keys are quoted, fixes are written in JSON.
    public var isJSON: Bool { self != .yaml }

    /// The file name extensions of token files, without the dot.
    public static let tokenFileExtensions = ["yaml", "yml", "json", "jsonc", "json5"]
}
