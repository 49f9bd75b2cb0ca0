import Foundation
import Testing

/// The build-tool plugin's Xcode entry type-checks on Linux against the XcodeProjectPlugin stub in Tests/Stubs
/// (its SwiftPM entry is built by script/check-plugin, in Examples/ThemeConsumer).
@Suite struct PluginTests {
    static let plugin = Golden.packageRoot.appendingPathComponent("Plugins/TokencPlugin/TokencPlugin.swift")

    /// The flags SwiftPM compiles a plugin of a tools-version 6.1 package with: they make the API of that
    /// version available (the URL-based one) and the language mode Swift 6.
    static let asSwiftPMCompilesPlugins = ["-Xfrontend", "-package-description-version", "-Xfrontend", "6.1.0", "-swift-version", "6"]

    /// The toolchain's PackagePlugin module: beside the compiler, in `lib/swift/pm/PluginAPI`.
    static func pluginAPI(in folder: URL) throws -> String {
        let found = try SwiftOutputTests.run("/bin/sh", ["-c", "dirname \"$(readlink -f \"$(command -v swiftc)\")\""], in: folder)
        return found.output.trimmingCharacters(in: .whitespacesAndNewlines) + "/../lib/swift/pm/PluginAPI"
    }

    @Test func theXcodeEntryTypeChecksAgainstTheStub() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tokenc-plugin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("xcode"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let api = try Self.pluginAPI(in: folder)
        let stub = Golden.packageRoot.appendingPathComponent("Tests/Stubs/XcodeProjectPlugin/XcodeProjectPlugin.swift").path
        let emitted = try SwiftOutputTests.run("/usr/bin/env", ["swiftc", "-parse-as-library", "-emit-module", "-module-name", "XcodeProjectPlugin"]
                                                               + Self.asSwiftPMCompilesPlugins + ["-I", api, "-emit-module-path", "xcode/XcodeProjectPlugin.swiftmodule", stub], in: folder)
        #expect(emitted.status == 0, "the stub: \(emitted.output)")
        // A probe proves the stub is seen: with it on the search path, canImport(XcodeProjectPlugin) is true.
        try Data("#if canImport(XcodeProjectPlugin)\nlet probe: Int = \"not an Int\"\n#endif\n".utf8).write(to: folder.appendingPathComponent("probe.swift"))
        #expect(try SwiftOutputTests.run("/usr/bin/env", ["swiftc", "-typecheck", "-I", "xcode", "-I", api, "probe.swift"], in: folder).status != 0)
        // The plugin as SwiftPM compiles it (no Xcode), and as Xcode does (its `XcodeBuildToolPlugin` conformance).
        for search in [[api], [api, "xcode"]] {
            let result = try SwiftOutputTests.run("/usr/bin/env", ["swiftc", "-typecheck", "-parse-as-library"] + Self.asSwiftPMCompilesPlugins
                + search.flatMap { ["-I", $0] } + [Self.plugin.path], in: folder)
            #expect(result.status == 0, "with \(search): \(result.output)")
        }
    }

    /// `--directory` (the plugin's way in): tokenc.yml, the token path and the output are read from that folder, as
    /// if tokenc were started there; a folder that is not there is a usage error.
    @Test func directoryRunsTheBuildAsIfStartedThere() throws {
        let sandbox = try Sandbox([
            "App/Tokens/c.yaml": "c:\n  $type: color\n  a: { $value: \"#FFFFFF\" }\n",
            "App/tokenc.yml": "outputs:\n  - { generator: json, destination: Out }\n",
        ])
        defer { sandbox.remove() }
        let build = try TokencProcess.run(["build", "--directory", "App"], in: sandbox.root)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr == "built 1 token from 1 file into Out/: 2 written, 0 unchanged\n")
        #expect(sandbox.listing().filter { !$0.contains(".tokenc") } == ["App/Out/json/tokens.flat.json", "App/Out/json/tokens.json", "App/Tokens/c.yaml", "App/tokenc.yml"])
        let validate = try TokencProcess.run(["validate", "-C", "App", "Tokens/c.yaml"], in: sandbox.root)
        #expect(validate.status == 0, "\(validate.stderr)")
        let missing = try TokencProcess.run(["build", "--directory", "Nowhere"], in: sandbox.root)
        #expect(missing.status == 2)
        #expect(missing.stderr == "tokenc: error: cannot work in --directory Nowhere: no such folder, or not one tokenc may enter\n")
    }
}
