import Foundation
import PackagePlugin

/// Generates `Tokens.swift` from the token files in a target's `Tokens/` folder, at build time.
///
/// A build command (not a pre-build command, which cannot run a tool built from source): SwiftPM reruns it
/// only when a token file changes, and its output has a fixed, declared name.
@main
struct TokencPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard target is SourceModuleTarget else { return [] }
        // Token files sit in the target's Tokens/ folder, which the target excludes from its sources.
        let tokens = target.directoryURL.appending(path: "Tokens")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: tokens.path)) ?? []
        let inputs = names.sorted().filter { ["yaml", "yml", "json", "jsonc", "json5"].contains(($0 as NSString).pathExtension) }
            .map { tokens.appending(path: $0) }
        guard !inputs.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "swift/Tokens.swift")
        return [
            .buildCommand(
                displayName: "tokenc: generating Tokens.swift from \(target.name)/Tokens",
                executable: try context.tool(named: "tokenc").url,
                arguments: ["build", tokens.path, "--output", context.pluginWorkDirectoryURL.path, "--only", "swift",
                            "--format", "xcode"],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
