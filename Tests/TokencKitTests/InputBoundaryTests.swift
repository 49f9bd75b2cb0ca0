import Foundation
import Testing

/// Nothing is read from outside the project (the working folder, and the folders named on the command line), by
/// real path; an output folder and the token folder never hold each other; `validate` finds all that `build` does.
@Suite struct InputBoundaryTests {
    static let tokens = "c:\n  $type: number\n  a: { $value: 1 }\n"

    /// A folder outside every sandbox, removed after the test.
    struct Elsewhere {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tokenc-elsewhere-\(UUID().uuidString)")
        init(_ files: [String: Data]) throws {
            for (name, bytes) in files {
                try FileManager.default.createDirectory(at: url.appendingPathComponent(name).deletingLastPathComponent(), withIntermediateDirectories: true)
                try bytes.write(to: url.appendingPathComponent(name))
            }
        }
        func remove() { try? FileManager.default.removeItem(at: url) }
    }

    /// `template:` paths in tokenc.yml outside the project (absolute, `..`, or a link to elsewhere) are located
    /// errors; their text ended up in Generated/.
    @Test func aTemplateOutsideTheProjectIsRefused() throws {
        let elsewhere = try Elsewhere(["secret.mustache": Data("secret {{source}}\n".utf8)])
        defer { elsewhere.remove() }
        let secret = elsewhere.url.appendingPathComponent("secret.mustache").path
        let relative = "../" + elsewhere.url.lastPathComponent + "/secret.mustache"
        for (template, link) in [(secret, false), (relative, false), ("mine.mustache", true)] {
            let sandbox = try Sandbox(["Tokens/c.yaml": Self.tokens, "tokenc.yml": "outputs:\n  - { template: \"\(template)\", file: s.txt }\n"])
            defer { sandbox.remove() }
            if link { try FileManager.default.createSymbolicLink(atPath: sandbox.root.appendingPathComponent("mine.mustache").path, withDestinationPath: secret) }
            let build = try TokencProcess.run(["build"], in: sandbox.root)
            #expect(build.status == 2)
            #expect(build.stderr == """
                tokenc: error: invalid tokenc.yml:
                tokenc.yml:2:17: error: the template `\(template)` is outside the project (the folder of tokenc.yml), by its real path \(ProjectPaths.real(secret)): its text would end up in the outputs [config/invalid]
                      - { template: "\(template)", file: s.txt }
                                    ^
                  fix: copy the template into the project and name it by a relative path

                """)
            #expect(!sandbox.listing().contains { $0.hasPrefix("Generated") })
        }
    }

    /// A `--templates` file or a token file that is a link to a file outside the project is refused (exit 2).
    @Test func linkedTokenFilesAndTemplatesOutsideTheProjectAreRefused() throws {
        let elsewhere = try Elsewhere(["x.yaml": Data("x:\n  $type: number\n  b: { $value: 2 }\n".utf8), "token.mustache": Data("{{path}}\n".utf8)])
        defer { elsewhere.remove() }
        let sandbox = try Sandbox(["Tokens/c.yaml": Self.tokens, "Mine/swift/README": ""])
        defer { sandbox.remove() }
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: sandbox.root.appendingPathComponent("Tokens/x.yaml").path,
                                  withDestinationPath: elsewhere.url.appendingPathComponent("x.yaml").path)
        let validate = try TokencProcess.run(["validate"], in: sandbox.root)
        #expect(validate.status == 2)
        #expect(validate.stderr == "tokenc: error: Tokens/x.yaml is a link to \(ProjectPaths.real(elsewhere.url.path))/x.yaml, outside the project "
            + "(the working folder) and Tokens: tokenc reads no token file from elsewhere; copy the file into Tokens, or run tokenc from a folder that holds both\n")
        try fm.removeItem(at: sandbox.root.appendingPathComponent("Tokens/x.yaml"))
        // A link inside the project is fine.
        try Data("y:\n  $type: number\n  b: { $value: 2 }\n".utf8).write(to: sandbox.root.appendingPathComponent("y.yaml"))
        try fm.createSymbolicLink(atPath: sandbox.root.appendingPathComponent("Tokens/y.yaml").path, withDestinationPath: "../y.yaml")
        #expect(try TokencProcess.run(["validate"], in: sandbox.root).status == 0)
        try fm.createSymbolicLink(atPath: sandbox.root.appendingPathComponent("Mine/swift/token.mustache").path,
                                  withDestinationPath: elsewhere.url.appendingPathComponent("token.mustache").path)
        let build = try TokencProcess.run(["build", "--templates", "Mine"], in: sandbox.root)
        #expect(build.status == 2)
        #expect(build.stderr == "tokenc: error: Mine/swift/token.mustache is a link to \(ProjectPaths.real(elsewhere.url.path))/token.mustache, outside the "
            + "project (the working folder) and Mine: tokenc reads no template from elsewhere; copy the file into Mine\n")
    }

    /// Icons read through a folder that links out of the project are not read: a located error.
    @Test func iconsAreNotReadThroughALinkedFolder() throws {
        let png = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/Violations/images/ios-1024.png"))
        let elsewhere = try Elsewhere(["ios-1024.png": png])
        defer { elsewhere.remove() }
        let sandbox = try Sandbox(["Tokens/i.yaml": "icon:\n  $type: icon\n  app: { $value: { kind: app-icon, platform: ios, image: images/ios-1024.png } }\n"])
        defer { sandbox.remove() }
        try FileManager.default.createSymbolicLink(atPath: sandbox.root.appendingPathComponent("Tokens/images").path, withDestinationPath: elsewhere.url.path)
        let validate = try InProcess.run(["validate"], in: sandbox.root)
        #expect(validate.status == 1)
        #expect(validate.stderr.contains("Tokens/i.yaml:3:58: error: cannot read `images/ios-1024.png`: image paths are relative to the token file and stay inside the project [icon/app-icon-image]\n"))
        // The same image copied in is read.
        try FileManager.default.removeItem(at: sandbox.root.appendingPathComponent("Tokens/images"))
        try FileManager.default.createDirectory(at: sandbox.root.appendingPathComponent("Tokens/images"), withIntermediateDirectories: true)
        try png.write(to: sandbox.root.appendingPathComponent("Tokens/images/ios-1024.png"))
        #expect(try InProcess.run(["validate"], in: sandbox.root).status == 0)
    }

    /// An output folder inside the token folder (its files would be read as tokens next time), or a token folder
    /// inside the output folder, is refused before anything is written.
    @Test func outputAndTokenFoldersNeverHoldEachOther() throws {
        let sandbox = try Sandbox(["Tokens/c.yaml": Self.tokens])
        defer { sandbox.remove() }
        let inside = try InProcess.run(["build", "--output", "Tokens/Generated"], in: sandbox.root)
        #expect(inside.status == 2)
        #expect(inside.stderr == "tokenc: error: the output folder Tokens/Generated is inside the token folder Tokens: its files would be read as "
            + "tokens; give --output (or tokenc.yml's `destination`) a folder outside Tokens\n")
        let around = try InProcess.run(["build", "--output", "."], in: sandbox.root)
        #expect(around.status == 2)
        #expect(around.stderr == "tokenc: error: the token folder Tokens is inside the output folder .: a build must not write among its token files; "
            + "give --output (or tokenc.yml's `destination`) a folder beside Tokens, not above it\n")
        let dot = try InProcess.run(["build", "."], in: sandbox.root)
        #expect(dot.status == 2)
        #expect(sandbox.listing() == ["Tokens/c.yaml"])
    }

    /// `validate` renders every output into nothing, so it finds the name collisions and template errors `build` finds
    /// (`space.gap-2` and `space.gap.2` validated clean and failed `build`); `--rules structure` never drops an output's
    /// error (the build exited 0 without css/tokens.css, and the manifest then removed the previous one as stale).
    @Test func validateFindsWhatBuildFinds() throws {
        let sandbox = try Sandbox(["Tokens/s.yaml": "space:\n  $type: number\n  gap-2: { $value: 1 }\n  gap:\n    \"2\": { $value: 2 }\n"])
        defer { sandbox.remove() }
        let finding = """
            Tokens/s.yaml:5:5: error: `space.gap.2` and `space.gap-2` both become the CSS custom property `--space-gap-2` [css/name-collision]
                    "2": { $value: 2 }
                    ^
              fix: rename one of the two tokens
            Tokens/s.yaml:3:3: note: `space.gap-2` is defined here

            """
        for rules in ["all", "structure", "guidelines"] {
            let validate = try InProcess.run(["validate", "--rules", rules], in: sandbox.root)
            #expect(validate.status == 1, "\(rules)")
            #expect(validate.stderr == finding + "1 file, 2 tokens: 1 error\n", "\(rules)")
            let build = try InProcess.run(["build", "--rules", rules], in: sandbox.root)
            #expect(build.status == 1, "\(rules)")
            #expect(build.stderr == finding + "build failed: 1 error; nothing was written\n", "\(rules)")
        }
        // A template error in a tokenc.yml output (whose template must lie in the working folder: a process's).
        let templated = try Sandbox(["Tokens/c.yaml": Self.tokens, "t.mustache": "{{#tokens}}\n",
                                     "tokenc.yml": "outputs:\n  - { template: t.mustache, file: t.txt }\n"])
        defer { templated.remove() }
        let validate = try TokencProcess.run(["validate", "--rules", "structure"], in: templated.root)
        #expect(validate.status == 1)
        #expect(validate.stderr.contains("[template/syntax]"), "\(validate.stderr)")
        #expect(try TokencProcess.run(["build"], in: templated.root).status == 1)
    }
}

/// Real paths as the binary prints them (the temporary folder may itself be a link).
enum ProjectPaths {
    static func real(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
