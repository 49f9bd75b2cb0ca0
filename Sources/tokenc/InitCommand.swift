import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TokencKit

/// `tokenc init`: a starter token folder and tokenc.yml.
struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create Tokens/ and tokenc.yml with a small example that builds clean.",
        discussion: """
        Writes nothing when Tokens/color.yaml, Tokens/layout.yaml or tokenc.yml already exists.

        Examples:
          tokenc init && tokenc build
        """
    )

    func run() throws {
        let created = try orExit { () throws(ToolError) in try Scaffold.create(in: FileManager.default.currentDirectoryPath) }
        for path in created { printError("created \(path)\n") }
        printError("next: tokenc build\n")
    }
}
