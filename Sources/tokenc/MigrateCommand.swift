import ArgumentParser
import TokencKit

/// `tokenc migrate`: shows, as a diff, the edits that turn older token formats into DTCG 2025.10, and writes them.
struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Show (or write) the edits that turn older token files into DTCG 2025.10.",
        usage: "tokenc migrate [--write] [--suggest-roles] [<path>]",
        discussion: """
        Reads DTCG drafts (string dimensions and durations such as "16px" and "200ms", a $type DTCG does not \
        define or none, a tool's keys beside $value, 3-digit hex fallbacks), Style Dictionary's format before DTCG \
        (value, type, comment, {a.b.value}, {r, g, b}) and Tokens Studio's types, math and themes, in YAML, JSON, \
        JSONC and JSON5 files, and resolver documents (a set the order leaves out, a theme modifier of light and \
        dark). Each edit is the smallest replacement of a key or a value, in the file's own syntax; a file whose \
        edits would change a value, or that a second run would edit again, is left as it is and reported. A \
        value with no exact DTCG form (1.5em with no font size, 2vw, an alpha on an aliased color, an unknown \
        type) is never approximated: its token is kept as written under $extensions.tokenc.migrate, and noted.

        With --suggest-roles, it proposes instead what the guideline checks need and DTCG has no place for: \
        $extensions.tokenc roles (label, background, fill, separator ...), meanings (text.danger: destructive) and \
        the surfaces a foreground is drawn on (text.brand.on-brand on background.brand), read from the color \
        tokens' names. Review the diff; nothing is written without --write, and validate never guesses roles.

        With --dtcg strict, CSS color strings (#0A84FF, rgb(), oklch(), named colors) become DTCG color objects \
        with the same space and components.

        Examples:
          tokenc migrate                 the diff for Tokens/ (nothing is written)
          tokenc migrate --write         apply it
          tokenc migrate legacy/colors.json
          tokenc migrate --suggest-roles the roles and surfaces the names suggest
        """
    )

    @Argument(help: "A folder of token files, or one token file (default: tokenc.yml's `tokens`, else Tokens).")
    var path: String?

    @Flag(help: "Write the edits to the files (each file whole or not at all).")
    var write = false

    @Option(help: "strict: CSS color strings become DTCG color objects too (default: tokenc.yml's `dtcg`, else lenient).")
    var dtcg: DTCGStrictness?

    @Flag(help: "Propose $extensions.tokenc roles and surfaces for color tokens from their names, instead of format edits.")
    var suggestRoles = false

    func run() throws {
        let configuration = try loadConfiguration()
        let folder = path ?? configuration.tokens ?? "Tokens"
        let strict = (dtcg ?? configuration.dtcg) == .strict
        let outcomes = try orExit { () throws(ToolError) in
            try suggestRoles ? Migration.suggestRoles(folder) : Migration.plan(folder, strictColors: strict)
        }
        let diff = Migration.diff(outcomes)
        if !write { print(diff, terminator: "") }
        for outcome in outcomes {
            for note in outcome.notes {
                printError("\(note.location): note: \(note.message) [migrate]\n")
            }
            if let refused = outcome.refused { printError("\(outcome.path): error: not migrated: \(refused) [migrate]\n") }
        }
        if write { try orExit { () throws(ToolError) in try Migration.write(outcomes) } }
        printError((suggestRoles ? Self.rolesSummary(outcomes, written: write) : Self.summary(outcomes, written: write)) + "\n")
        if outcomes.contains(where: { $0.refused != nil }) { throw ExitCode(1) }
    }

    /// `12 roles suggested in 2 files, not written (add --write)`, or why there are none.
    static func rolesSummary(_ outcomes: [Migration.FileOutcome], written: Bool) -> String {
        let edits = outcomes.reduce(0) { $0 + $1.edits.count }, files = outcomes.filter { !$0.edits.isEmpty }.count
        guard edits > 0 else { return "no roles to suggest: each color token has `$extensions.tokenc` already, or its name says no role" }
        var text = "\(edits) role\(edits == 1 ? "" : "s") suggested in \(files) file\(files == 1 ? "" : "s")"
        text += written ? ", written" : ", not written (add --write)"
        let refused = outcomes.filter { $0.refused != nil }.count
        if refused > 0 { text += ", \(refused) file\(refused == 1 ? "" : "s") left as \(refused == 1 ? "it is" : "they are")" }
        return text
    }

    /// `3 files: 14 edits in 2 (Style Dictionary (before DTCG) 1, DTCG 1), 1 value left as it is`.
    static func summary(_ outcomes: [Migration.FileOutcome], written: Bool) -> String {
        let edited = outcomes.filter { !$0.edits.isEmpty }
        let edits = edited.reduce(0) { $0 + $1.edits.count }
        let notes = outcomes.reduce(0) { $0 + $1.notes.count }
        var formats: [String: Int] = [:]
        for outcome in edited { formats[outcome.format.rawValue, default: 0] += 1 }
        let byFormat = formats.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        var text = "\(outcomes.count) file\(outcomes.count == 1 ? "" : "s"): "
        text += edits == 0 ? "nothing to migrate" : "\(edits) edit\(edits == 1 ? "" : "s") in \(edited.count) (\(byFormat))"
        if edits > 0 { text += written ? ", written" : ", not written (add --write)" }
        if notes > 0 { text += ", \(notes) value\(notes == 1 ? "" : "s") left as \(notes == 1 ? "it is" : "they are")" }
        let refused = outcomes.filter { $0.refused != nil }.count
        if refused > 0 { text += ", \(refused) file\(refused == 1 ? "" : "s") not migrated" }
        return text
    }
}
