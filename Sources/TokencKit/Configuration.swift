#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TokenLoader
import SourceData
import SourceTree
import TokenModel
import TokenResolver
import TokenRules

/// `tokenc.yml`: where the tokens are and how the rules are configured (docs/configuration.md).
public struct Configuration: Sendable {
    /// The file name tokenc looks for in the current folder.
    public static let fileName = "tokenc.yml"
    /// The top-level keys tokenc reads.
    public static let knownKeys = ["tokens", "rules", "outputs", "swift-root", "dtcg"]

    /// The token folder, relative to the configuration file's folder.
    public var tokens: String?
    /// Rule severities and options.
    public var rules = RuleConfiguration()
    /// One entry of `outputs:`.
    public struct Output: Sendable {
        /// A built-in generator id (`swift`, `css`, `json`, `xcassets`), or nil for a user template.
        public var generator: String?
        /// The user template's path, for template outputs.
        public var template: String?
        /// The file a template output writes, relative to its destination.
        public var file: String?
        /// The folder this output writes into, relative to tokenc.yml's folder (nil: `--output` or Generated).
        public var destination: String?
        /// CSS options: `prefix`, `case`, `light-dark`, `alias-variables`.
        public var css = CSSOutputOptions()
    }

    /// The outputs tokenc.yml lists; empty means every built-in output into one folder.
    public var outputs: [Output] = []
    /// The Swift root type's name (`prefix:` in tokenc.yml also prefixes CSS names).
    public var swiftRootName = "Tokens"

    /// How strictly token files must follow DTCG 2025.10 (`dtcg: strict`); nil leaves it to the command line.
    public var dtcg: DTCGStrictness?

    /// The bytes tokenc.yml was read from (empty without one), for the build cache's fingerprint.
    public var sourceBytes: [UInt8] = []

    /// Creates the default configuration.
    public init() {}

    /// Loads `path` if it exists; problems are located diagnostics, and any of them is a usage error.
    public static func load(_ path: String) throws(ToolError) -> Configuration {
        guard FileManager.default.fileExists(atPath: path) else { return Configuration() }
        let bytes = try TokenSources.read(path)
        let (file, loadDiagnostics) = TokenFileLoader().load(bytes: bytes, path: path)
        var problems = loadDiagnostics.filter { $0.severity == .error }
        var configuration = Configuration()
        configuration.sourceBytes = bytes
        if let entries = file.root?.mappingEntries {
            for entry in entries {
                switch entry.key {
                case "tokens":
                    if let text = entry.value.string { configuration.tokens = text } else {
                        problems.append(problem("`tokens` must be a folder path", entry.value.location))
                    }
                case "rules": configuration.rules = readRules(entry.value, &problems)
                case "outputs": configuration.outputs = readOutputs(entry.value, &problems)
                case "dtcg":
                    if let mode = entry.value.string.flatMap(DTCGStrictness.init(rawValue:)) { configuration.dtcg = mode } else {
                        problems.append(problem("`dtcg` must be `strict` or `lenient`", entry.value.location,
                                                fix: "`dtcg: strict` makes CSS color strings and `pt` errors"))
                    }
                case "swift-root":
                    if let name = entry.value.string, !name.isEmpty { configuration.swiftRootName = name } else {
                        problems.append(problem("`swift-root` must be a type name such as `Theme`", entry.value.location))
                    }
                default:
                    problems.append(problem("`\(entry.key)` is not a tokenc.yml key", entry.keyLocation,
                                            fix: NearestName.find(entry.key, in: knownKeys).map { "did you mean `\($0)`?" }
                                                ?? "known keys: " + knownKeys.joined(separator: ", ")))
                }
            }
        } else if file.root != nil, file.root?.scalar != .null {
            problems.append(problem("tokenc.yml must be a mapping such as `rules: { color/contrast: warning }`", file.root!.location))
        }
        guard problems.isEmpty else {
            throw ToolError("invalid \(fileName):\n" + TextReporter(colored: false).report(problems, sources: [path: bytes]))
        }
        return configuration
    }

    static func problem(_ message: String, _ location: SourceLocation, fix: String? = nil) -> Diagnostic {
        Diagnostic(.configInvalid, severity: .error, message: message, location: location, fix: fix)
    }

    /// The keys an entry of `outputs` takes.
    static let outputKeys = ["generator", "destination", "options", "template", "file"]

    /// `outputs:` — `{ generator: css, destination: web, options: {…} }` or `{ template: t.mustache, file: x.txt }`.
    static func readOutputs(_ node: Node, _ problems: inout [Diagnostic]) -> [Output] {
        guard let items = node.sequenceItems else {
            problems.append(problem("`outputs` is a list of `{ generator: …, destination: … }` or `{ template: …, file: … }`", node.location,
                                    fix: "start each output with `- ` on a line of its own under `outputs:`, as in `- { generator: swift, destination: Sources/Theme }`"))
            return []
        }
        var outputs: [Output] = []
        for item in items {
            var output = Output()
            let problemsBefore = problems.count
            for entry in item.mappingEntries ?? [] {
                switch entry.key {
                case "generator":
                    guard let id = entry.value.string, Pipeline.builtInOutputIDs.contains(id) else {
                        problems.append(problem("`generator` must be one of " + Pipeline.builtInOutputIDs.joined(separator: ", "), entry.value.location,
                                                fix: entry.value.string.flatMap { NearestName.find($0, in: Pipeline.builtInOutputIDs) }.map { "did you mean `\($0)`?" }))
                        continue
                    }
                    output.generator = id
                case "template":
                    guard let path = entry.value.string, FileManager.default.isReadableFile(atPath: path) else {
                        problems.append(problem("the template `\(entry.value.string ?? "")` does not exist or cannot be read",
                                                entry.value.location, fix: "template paths are relative to tokenc.yml's folder"))
                        continue
                    }
                    guard ProjectBoundary.realPathStaysInside(path, roots: ["."]) else {
                        problems.append(problem("the template `\(path)` is outside the project (the folder of tokenc.yml), by its real path "
                            + "\(ProjectBoundary.realPath(path) ?? "?"): its text would end up in the outputs",
                                                entry.value.location, fix: "copy the template into the project and name it by a relative path"))
                        continue
                    }
                    output.template = path
                case "file", "destination":
                    guard let path = entry.value.string, entry.key == "file" ? OutputWriter.isSafe(path) : OutputWriter.isSafeFolder(path) else {
                        let text = entry.value.string ?? ""
                        if entry.key == "file", OutputWriter.isSafeFolder(text) {
                            problems.append(problem(OutputWriter.isOwnFile(text)
                                ? "`\(text)` is not a file tokenc may write: tokenc keeps its own files under that name (the manifest, the build cache and lock, temporary files); give the output another `file`"
                                : "`\(text)` is not a file tokenc may write: give a relative path inside the output folder whose every part is a name (no `.`, `..` or empty part)",
                                entry.value.location))
                        } else {
                            problems.append(problem("`\(text)` would leave the output folder; give a relative path inside it", entry.value.location))
                        }
                        continue
                    }
                    if entry.key == "file" { output.file = path } else { output.destination = path }
                case "options":
                    for option in entry.value.mappingEntries ?? [] {
                        switch (option.key, option.value.kind) {
                        case ("prefix", .scalar(.string(let prefix), _)):
                            if let message = CSSOutputOptions.prefixProblem(prefix) {
                                problems.append(problem(message, option.value.location))
                            } else {
                                output.css.prefix = prefix
                            }
                        case ("case", .scalar(.string(let name), _)) where CSSOutputOptions.Case(rawValue: name) != nil:
                            output.css.nameCase = CSSOutputOptions.Case(rawValue: name)!
                        case ("light-dark", .scalar(.bool(let flag), _)): output.css.lightDark = flag
                        case ("alias-variables", .scalar(.bool(let flag), _)): output.css.aliasesAsVariables = flag
                        default:
                            problems.append(problem("`\(option.key)` is not an output option with that value", option.keyLocation,
                                                    fix: "CSS options: prefix (text), case (kebab or camel), light-dark (true/false), alias-variables (true/false)"))
                        }
                    }
                default:
                    problems.append(problem("`\(entry.key)` is not an output key", entry.keyLocation,
                                            fix: NearestName.find(entry.key, in: outputKeys)
                                                .map { "did you mean `\($0)`?" } ?? "use generator, destination, options, or template and file"))
                }
            }
            if output.generator == nil && (output.template == nil || output.file == nil) && problems.count == problemsBefore {
                problems.append(problem("an output needs `generator`, or `template` and `file`", item.location))
                continue
            }
            outputs.append(output)
        }
        return outputs
    }

    /// The severity a misspelt or shortened one means (`warn`, `Error`, `of`), if any.
    static func nearestLevel(_ text: String, in levels: [String]) -> String? {
        let lowered = text.lowercased()
        if !lowered.isEmpty, let level = levels.first(where: { $0.hasPrefix(lowered) }) { return level }
        return NearestName.find(lowered, in: levels)
    }

    static func readRules(_ node: Node, _ problems: inout [Diagnostic]) -> RuleConfiguration {
        var rules = RuleConfiguration()
        guard let entries = node.mappingEntries else {
            problems.append(problem("`rules` maps rule ids to a severity or to `{ severity: …, option: value }`", node.location))
            return rules
        }
        let levels = RuleConfiguration.Level.allCases.map(\.rawValue)
        for entry in entries {
            guard let description = RuleRegistry.description(entry.key) else {
                if let kind = DiagnosticKind.named(entry.key) {
                    problems.append(problem("`\(kind.id)` is not a rule but a finding tokenc always reports (\(kind.severity.rawValue)): its severity cannot change",
                                            entry.keyLocation, fix: "remove it from `rules`"))
                    continue
                }
                problems.append(problem("`\(entry.key)` is not a rule", entry.keyLocation,
                                        fix: NearestName.find(entry.key, in: RuleRegistry.all.map(\.id)).map { "did you mean `\($0)`?" }
                                            ?? "list the rules with `tokenc rules`"))
                continue
            }
            if description.group == .structure, description.severity == .error {
                // Its token cannot be built; a lower level would only hide why the token is missing.
                if entry.value.string != RuleConfiguration.Level.error.rawValue {
                    problems.append(problem("`\(entry.key)` is a structure error and stays one: the token it names cannot be built",
                                            entry.value.location, fix: "fix the tokens, or remove `\(entry.key)` from `rules`"))
                }
                continue
            }
            if let level = entry.value.string {
                if let parsed = RuleConfiguration.Level(rawValue: level) { rules.levels[entry.key] = parsed } else {
                    problems.append(problem("`\(level)` is not a severity; use " + levels.joined(separator: ", "), entry.value.location,
                                            fix: nearestLevel(level, in: levels).map { "did you mean `\($0)`?" }))
                }
                continue
            }
            guard let settings = entry.value.mappingEntries else {
                problems.append(problem("a rule takes a severity or `{ severity: …, option: value }`", entry.value.location))
                continue
            }
            for setting in settings {
                if setting.key == "severity" {
                    if let parsed = setting.value.string.flatMap(RuleConfiguration.Level.init(rawValue:)) { rules.levels[entry.key] = parsed } else {
                        problems.append(problem("`severity` must be one of " + levels.joined(separator: ", "), setting.value.location,
                                                fix: setting.value.string.flatMap { nearestLevel($0, in: levels) }.map { "did you mean `\($0)`?" }))
                    }
                } else if description.options[setting.key] != nil {
                    if let number = setting.value.number, number.isFinite, abs(number) < 1e9 {
                        rules.options[entry.key, default: [:]][setting.key] = number
                    } else {
                        problems.append(problem("`\(setting.key)` must be a number between -10⁹ and 10⁹", setting.value.location))
                    }
                } else {
                    let names = ["severity"] + description.options.keys.sorted()
                    problems.append(problem("`\(entry.key)` has no option `\(setting.key)`", setting.keyLocation,
                                            fix: "its settings are " + names.joined(separator: ", ")))
                }
            }
        }
        return rules
    }
}

/// Whether tokenc's leniencies beyond DTCG 2025.10 (CSS color strings, `pt`) are accepted or errors.
public enum DTCGStrictness: String, Sendable, CaseIterable {
    case lenient, strict
}
