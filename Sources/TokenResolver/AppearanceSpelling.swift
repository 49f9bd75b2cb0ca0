import SourceData
import TokenModel

extension Appearance {
    /// The built-in appearance `name` is a spelling of or one typo away from (`drak`); nil for a name far
    /// from all of them (`brand`, `sepia`).
    static func builtIn(near name: String) -> String? {
        builtIn(spelledAs: name) ?? NearestName.find(name.lowercased(), in: builtIn)
    }

    /// `token/unknown-mode` for a custom mode named like a built-in appearance (`drak`, `Dark`), which would be
    /// carried as a brand theme that falls back to light; nil for a name far from all of them.
    static func misspeltModeWarning(_ name: String, at location: SourceLocation, path: String? = nil) -> Diagnostic? {
        guard combination(name) == nil, let builtIn = builtIn(near: name) else { return nil }
        return Diagnostic(
            .tokenUnknownMode, severity: .warning,
            message: "`\(name)` is not a built-in appearance, so it is kept as a custom mode (a brand theme) that falls back to light",
            location: location, path: path, fix: "did you mean `\(builtIn)`?")
    }
}
