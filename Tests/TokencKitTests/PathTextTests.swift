import Foundation
import Testing
@testable import TokencKit

@Suite struct PathTextTests {
    /// Paths of every shape (empty, root, relative, absolute, doubled and trailing slashes, dots, non-ASCII)
    /// join and split as `NSString`'s path methods do.
    @Test func agreesWithNSString() {
        let shapes = ["", "/", "/a", "//a//", "a/b", "a//b/", "/a/b/c", "./x", "..", "é/ü.json", "/.hidden",
                      "a/.b.tokenc-tmp-1", "out/xcassets/Tokens.xcassets/Blue.colorset/Contents.json"]
        for path in shapes {
            #expect(PathText.parent(path) == (path as NSString).deletingLastPathComponent, "parent of \(path)")
            #expect(PathText.lastComponent(path) == (path as NSString).lastPathComponent, "last of \(path)")
        }
        let joins = shapes + ["//", "a", "a/", ".", "a///b////c//"]
        for folder in joins {
            for component in joins where !component.hasPrefix("/") {
                #expect(PathText.joined(folder, component) == (folder as NSString).appendingPathComponent(component),
                        "\(folder) + \(component)")
            }
        }
    }

    /// Token file paths are named as a person writes them: no `.` segments, no doubled slashes; `..` stays.
    @Test func lexicalPaths() {
        let cases = [".": "", "./": "", "./a.json": "a.json", "Tokens/./a": "Tokens/a", "a//b/": "a/b", "/x/./y": "/x/y",
                     "../t": "../t", "a/../b": "a/../b", "/": "/", "": ""]
        for (path, expected) in cases { #expect(PathText.lexical(path) == expected, "\(path)") }
    }

    /// Findings name the files of `.`, `./` and `sub/.` without the dot (the tool run in the token folder).
    @Test func discoveredFilesHaveNoDotSegments() throws {
        let sandbox = try Sandbox(["Tokens/a.yaml": "a: { $type: number, $value: x }\n", "Tokens/sub/b.json5": "{ b: { $type: 'number', $value: 'y' } }\n"])
        defer { sandbox.remove() }
        let folder = sandbox.root.appendingPathComponent("Tokens")
        for path in [".", "./", "./sub/."] {
            let run = try TokencProcess.run(["validate", path], in: folder)
            let named = run.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.map { $0.prefix { $0 != ":" } }
            #expect(named == (path == "./sub/." ? ["sub/b.json5"] : ["a.yaml", "sub/b.json5"]), "\(path): \(run.stderr)")
        }
    }

    /// A name's extension is what `NSString.pathExtension` gives, hidden files and trailing dots included.
    @Test func extensionAgreesWithNSString() {
        for path in ["", "a", "a.yaml", "a.YML", "dir/a.json", "dir.d/a", ".hidden", ".hidden.yaml", "a.", "a..b", "/x/y.tar.gz", "é.ü", "a/"] {
            #expect(PathText.pathExtension(path) == (path as NSString).pathExtension, "extension of \(path)")
        }
    }

    /// Where Foundation on Linux traps (`deletingLastPathComponent` of a bare name or of `.`, either method on
    /// `a///b////c//`) or reads `//` as empty, the answers are the plain ones.
    @Test func answersWhereFoundationCannot() {
        for bare in ["a", "a/", "."] { #expect(PathText.parent(bare) == "", "parent of \(bare)") }
        #expect(PathText.lastComponent("a/") == "a")
        #expect(PathText.parent("a///b////c//") == "a/b")
        #expect(PathText.lastComponent("a///b////c//") == "c")
        #expect(PathText.parent("//") == "/")
        #expect(PathText.lastComponent("//") == "/")
        #expect(PathText.normalized("//x///y/") == "/x/y")
    }

    /// An output path is safe exactly when it is relative, each part a name (no empty, `.` or `..` part), no NUL
    /// byte, and not one of tokenc's own files: the writer's one-pass check agrees with splitting the path into its parts.
    @Test func outputPathSafetyAgreesWithItsParts() {
        let paths = ["", "/", "a", "/a", "a/b", "..", "../a", "a/..", "a/../b", "a/..b", "..a/b", "a/b..", "...",
                     ".", "./a", "a/.", "a//b", "//", "a/", "/..", "a\u{0}b", "\u{0}", "é/../ü", "é/ü.json",
                     "xcassets/Tokens.xcassets/Blue.colorset/Contents.json", "a/.../b", ". ./a", ".. /a",
                     ".tokenc-manifest", ".tokenc-manifest/x", ".tokenc-cache/state", ".tokenc-lock", "a/.b.tokenc-tmp-1-2",
                     ".tokenc-manifests", "a/.tokenc-manifest", "a/b.tokenc-tmp"]
        let own: Set<String> = [".tokenc-manifest", ".tokenc-cache", ".tokenc-lock"]
        for path in paths {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            let last = parts.last.map(String.init) ?? ""
            let expected = !parts.contains { $0.isEmpty || $0 == "." || $0 == ".." } && !path.utf8.contains(0)
                && !own.contains(String(parts[0])) && !(last.hasPrefix(".") && last.contains(".tokenc-tmp"))
            #expect(OutputWriter.isSafe(path) == expected, "\(path.debugDescription)")
        }
    }

    /// A manifest read over its bytes gives the entries splitting its text line by line gives: `OUTPUT<tab>PATH`,
    /// a path alone (a manifest from before outputs were named), blank lines skipped, unsafe paths dropped.
    @Test func manifestLinesSplitOverBytesAgreeWithTheText() {
        let text = "css\tcss/tokens.css\nswift/Tokens.swift\n\nxcassets\txcassets/Tokens.xcassets/Blé.colorset/Contents.json\n"
            + "json\t../escape\n/abs\ncustom\tdocs/a\tb.md\nlast-without-newline"
        let expected = text.components(separatedBy: "\n").filter { !$0.isEmpty }.compactMap { line -> OutputWriter.ManifestEntry? in
            let parts = line.components(separatedBy: "\t")
            let entry = parts.count == 1 ? OutputWriter.ManifestEntry(owner: nil, path: line)
                : OutputWriter.ManifestEntry(owner: parts[0], path: parts.dropFirst().joined(separator: "\t"))
            return OutputWriter.isSafe(entry.path) ? entry : nil
        }
        #expect(OutputWriter.entries(Array(text.utf8)) == expected)
        #expect(expected.map(\.path) == ["css/tokens.css", "swift/Tokens.swift", "xcassets/Tokens.xcassets/Blé.colorset/Contents.json",
                                         "docs/a\tb.md", "last-without-newline"])
        #expect(OutputWriter.entries([]) == [])
    }
}

/// The byte-level readers of tokenc's own state files, against the obvious `String` and array answers.
@Suite struct StateFileReadingTests {
    /// Lines and tab-separated fields, empty fields kept, blank lines skipped, the last field keeping further tabs.
    @Test func tabSeparatedLinesAgreeWithSplittingTheText() {
        let texts = ["", "\n", "a", "a\tb\tc\n\nd\t\te\n", "\t\n\t\t", "é\tü\n", "x\ty\tz\tw"]
        for text in texts {
            for limit in [1, 2, 3, Int.max] {
                let expected = text.components(separatedBy: "\n").filter { !$0.isEmpty }.map { line -> [String] in
                    let parts = line.components(separatedBy: "\t")
                    return parts.count <= limit ? parts : Array(parts[..<(limit - 1)]) + [parts[(limit - 1)...].joined(separator: "\t")]
                }
                #expect(TabSeparatedLines.fields(Array(text.utf8)[...], limit: limit) == expected, "\(text.debugDescription) limit \(limit)")
            }
        }
    }

    /// The first occurrence of a byte string, at the start, the end, overlapping a false start, or nowhere.
    @Test func firstRangeAgreesWithANaiveSearch() {
        let needle = Array("\nreport\n".utf8)
        for text in ["\nreport\n", "a\nreport\nb", "x\nrep\nreport\n", "\nreport", "", "report\n", "\n\nreport\n\nreport\n"] {
            let bytes = Array(text.utf8)
            let naive = bytes.count < needle.count ? nil
                : (0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle }.map { $0..<($0 + needle.count) }
            #expect(BuildCache.firstRange(of: needle, in: bytes) == naive, "\(text.debugDescription)")
        }
    }
}
