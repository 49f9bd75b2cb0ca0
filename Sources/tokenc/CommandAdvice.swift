import TokenModel

/// What to tell someone who typed a word where tokenc expects a command (`tokenc check`, `tokenc Tokens`):
/// the command they probably meant, where ArgumentParser would only say the argument was unexpected.
enum CommandAdvice {
    /// Words other tools use for what a tokenc command does.
    static let synonyms: [String: String] = [
        "check": "validate", "lint": "validate", "verify": "validate", "test": "validate",
        "generate": "build", "gen": "build", "compile": "build", "make": "build", "run": "build",
        "show": "inspect", "info": "inspect", "get": "inspect", "describe": "inspect", "list": "rules",
        "compare": "diff", "docs": "preview", "styleguide": "preview", "new": "init", "create": "init",
    ]

    /// The error for `word` in the command's place, or nil when it is a command; `isPath` tells whether it
    /// names a file or folder (someone who typed `tokenc Tokens` meant to build it), asked only for a non-command.
    static func message(for word: String, commands: [String], isPath: (String) -> Bool) -> String? {
        guard !commands.contains(word), !word.hasPrefix("-"), word != "help" else { return nil }
        let list = commands.joined(separator: ", ")
        if isPath(word) {
            return "`\(word)` is not a command; to build it, run `tokenc build \(word)` (or `tokenc validate \(word)` to check it only)"
        }
        let lowered = word.lowercased()
        if lowered == "version" { return "`\(word)` is not a command; `tokenc --version` prints the version" }
        if let meant = commands.first(where: { $0 == lowered }) ?? synonyms[lowered].flatMap({ commands.contains($0) ? $0 : nil })
            ?? NearestName.find(lowered, in: commands + synonyms.keys.sorted()).map({ synonyms[$0] ?? $0 })
        {
            return "`\(word)` is not a command; did you mean `\(meant)`? The commands are \(list)"
        }
        return "`\(word)` is not a command; the commands are \(list) (`tokenc --help` says what each does)"
    }
}
