import Foundation
import TokenLoader
import TokenModel
import TokenResolver
import TokenRules

/// `tokenc.yml`: where the tokens are and how the rules are configured (docs/configuration.md).
public struct Configuration: Sendable {
    /// The file name tokenc looks for in the current folder.
    public static let fileName = "tokenc.yml"
    /// The top-level keys tokenc reads.
    public static let knownKeys = ["tokens", "rules", "outputs"]

    /// The token folder, relative to the configuration file's folder.
    public var tokens: String?
    /// Rule severities and options.
    public var rules = RuleConfiguration()
    /// Extra files rendered from the user's templates with the Swift output's context.
    public var customOutputs: [(template: String, output: String)] = []

    /// Creates the default configuration.
    public init() {}

    /// Loads `path` if it exists; problems are located diagnostics, and any of them is a usage error.
    public static func load(_ path: String) throws(ToolError) -> Configuration {
        guard FileManager.default.fileExists(atPath: path) else { return Configuration() }
        let bytes = try TokenSources.read(path)
        let (file, loadDiagnostics) = TokenFileLoader().load(bytes: bytes, path: path)
        var problems = loadDiagnostics.filter { $0.severity == .error }
        var configuration = Configuration()
        if let entries = file.root?.mappingEntries {
            for entry in entries {
                switch entry.key {
                case "tokens":
                    if let text = entry.value.string { configuration.tokens = text } else {
                        problems.append(problem("`tokens` must be a folder path", entry.value.location))
                    }
                case "rules": configuration.rules = readRules(entry.value, &problems)
                case "outputs": configuration.customOutputs = readOutputs(entry.value, &problems)
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
        Diagnostic(id: "config/invalid", severity: .error, message: message, location: location, fix: fix)
    }

    /// `outputs: [{ template: Templates/colors.txt.mustache, file: colors.txt }]`; files stay inside the output folder.
    static func readOutputs(_ node: Node, _ problems: inout [Diagnostic]) -> [(template: String, output: String)] {
        guard let items = node.sequenceItems else {
            problems.append(problem("`outputs` is a list of `{ template: …, file: … }`", node.location))
            return []
        }
        var outputs: [(String, String)] = []
        for item in items {
            guard let template = item["template"]?.string, let file = item["file"]?.string else {
                problems.append(problem("each output needs `template` (a Mustache file) and `file` (where to write it)", item.location))
                continue
            }
            let parts = file.split(separator: "/")
            if file.hasPrefix("/") || parts.contains("..") || parts.isEmpty {
                problems.append(problem("`\(file)` would leave the output folder; give a relative path inside it", item["file"]!.location))
                continue
            }
            for entry in item.mappingEntries ?? [] where entry.key != "template" && entry.key != "file" {
                problems.append(problem("`\(entry.key)` is not an output key; use `template` and `file`", entry.keyLocation))
            }
            outputs.append((template, file))
        }
        return outputs
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
                problems.append(problem("`\(entry.key)` is not a rule", entry.keyLocation,
                                        fix: NearestName.find(entry.key, in: RuleRegistry.all.map(\.id)).map { "did you mean `\($0)`?" }
                                            ?? "list the rules with `tokenc rules`"))
                continue
            }
            if let level = entry.value.string {
                if let parsed = RuleConfiguration.Level(rawValue: level) { rules.levels[entry.key] = parsed } else {
                    problems.append(problem("`\(level)` is not a severity; use " + levels.joined(separator: ", "), entry.value.location))
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
                        problems.append(problem("`severity` must be one of " + levels.joined(separator: ", "), setting.value.location))
                    }
                } else if description.options[setting.key] != nil {
                    if let number = setting.value.number { rules.options[entry.key, default: [:]][setting.key] = number } else {
                        problems.append(problem("`\(setting.key)` must be a number", setting.value.location))
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
