import Foundation
import PackagePlugin

/// Generates `Tokens.swift` from the token files in a target's `Tokens/` folder, at build time, for Swift
/// packages and (through `XcodeBuildToolPlugin`) Xcode app projects.
///
/// A build command (not a pre-build command, which cannot run a tool built from source): the build system reruns
/// it only when one of its declared inputs changes, and its output has a fixed, declared name.
@main
struct TokencPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        // Token files sit in the target's Tokens/ folder, which the target excludes from its sources.
        let folders = TokenFolders(tokens: target.directoryURL.appending(path: "Tokens"),
                                   templates: target.directoryURL.appending(path: "Templates"), project: context.package.directoryURL)
        guard let command = folders.command(tool: try context.tool(named: "tokenc").url, workFolder: context.pluginWorkDirectoryURL,
                                            targetName: target.name) else { return [] }
        return [command]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension TokencPlugin: XcodeBuildToolPlugin {
    /// An Xcode target's token folder is the `Tokens` folder its files are in (added to the target as a folder
    /// reference, or as files); tokenc.yml and `Templates/` are read beside it and at the project's root.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let tokens = target.inputFiles.lazy.compactMap { TokenFolders.enclosingTokensFolder(of: $0.url) }.first
        guard let tokens else { return [] }
        let folders = TokenFolders(tokens: tokens, templates: tokens.deletingLastPathComponent().appending(path: "Templates"),
                                   project: context.xcodeProject.directoryURL)
        guard let command = folders.command(tool: try context.tool(named: "tokenc").url, workFolder: context.pluginWorkDirectoryURL,
                                            targetName: target.displayName) else { return [] }
        return [command]
    }
}
#endif

/// Where a target's tokens, templates and tokenc.yml are, and the files the build reads from them: its inputs.
struct TokenFolders {
    /// The token folder.
    var tokens: URL
    /// The folder of templates that replace the built-in ones (`Templates/swift/token.mustache`), if it exists.
    var templates: URL
    /// The package's or Xcode project's folder: tokenc runs there (`--directory`), so it reads the tokenc.yml there.
    var project: URL

    /// The extensions of token files (and of a resolver document, which is one of them).
    static let tokenExtensions: Set<String> = ["yaml", "yml", "json", "jsonc", "json5"]

    /// The `Tokens` folder that holds `file`, at any depth, or `file` itself when it is that folder (Xcode lists a
    /// folder reference as one input); nil for a file outside one.
    static func enclosingTokensFolder(of file: URL) -> URL? {
        var isFolder: ObjCBool = false
        if file.lastPathComponent == "Tokens", FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), isFolder.boolValue {
            return file
        }
        var folder = file.deletingLastPathComponent()
        while folder.pathComponents.count > 1 {
            if folder.lastPathComponent == "Tokens" { return folder }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// Every regular file under `folder` (nested folders too), hidden ones left out, sorted by path.
    static func files(under folder: URL) -> [URL] {
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                                                       options: [.skipsHiddenFiles]) else { return [] }
        var found: [URL] = []
        for case let url as URL in walk where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            found.append(url.standardizedFileURL)
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The files a resolver document (or any token file) names by `$ref`, relative to it, that exist: a set's
    /// sources may live outside the token folder. `#…` pointers inside a document are not files.
    static func referencedFiles(of file: URL) -> [URL] {
        guard tokenExtensions.contains(file.pathExtension), let text = try? String(contentsOf: file, encoding: .utf8),
              text.contains("$ref") else { return [] }
        // `"$ref": "a.json"` in JSON, `$ref: a.yaml` or `- $ref: "../b.yaml#/x"` in YAML.
        let pattern = #/\$ref["']?\s*:\s*["']?([^"'\s,}#]+)/#
        return text.matches(of: pattern).compactMap { match in
            let target = URL(fileURLWithPath: String(match.1), relativeTo: file.deletingLastPathComponent()).standardizedFileURL
            return FileManager.default.fileExists(atPath: target.path) ? target : nil
        }
    }

    /// Every file the build reads: the token folder's files (token files, a resolver document, the images icons
    /// name), the files those name by `$ref`, the templates and the project's tokenc.yml. A change to any of them
    /// reruns generation; nothing else does.
    var inputs: [URL] {
        let own = Self.files(under: tokens)
        var inputs = own
        var seen = Set(own.map(\.path))
        for file in own {
            for target in Self.referencedFiles(of: file) where seen.insert(target.path).inserted { inputs.append(target) }
        }
        inputs += Self.files(under: templates).filter { $0.pathExtension == "mustache" }
        let configuration = project.appending(path: "tokenc.yml")
        if FileManager.default.fileExists(atPath: configuration.path) { inputs.append(configuration) }
        return inputs
    }

    /// `tokenc build` of the token folder into `workFolder`, Swift only, problems in the build system's format;
    /// nil when the folder has no token file.
    func command(tool: URL, workFolder: URL, targetName: String) -> Command? {
        let inputs = inputs
        guard inputs.contains(where: { Self.tokenExtensions.contains($0.pathExtension) && $0.path.hasPrefix(tokens.path + "/") }) else {
            return nil
        }
        var arguments = ["build", tokens.path, "--directory", project.path, "--output", workFolder.path, "--only", "swift",
                         "--format", "xcode"]
        if FileManager.default.fileExists(atPath: templates.path) { arguments += ["--templates", templates.path] }
        return .buildCommand(
            displayName: "tokenc: generating Tokens.swift from \(targetName)/Tokens",
            executable: tool,
            arguments: arguments,
            inputFiles: inputs,
            outputFiles: [workFolder.appending(path: "swift/Tokens.swift")]
        )
    }
}
