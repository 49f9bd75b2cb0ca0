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

    /// An output path is safe exactly when it is relative, names something, and has no `..` part and no NUL
    /// byte: the writer's one-pass check agrees with splitting the path into its parts.
    @Test func outputPathSafetyAgreesWithItsParts() {
        let paths = ["", "/", "a", "/a", "a/b", "..", "../a", "a/..", "a/../b", "a/..b", "..a/b", "a/b..", "...",
                     ".", "./a", "a/.", "a//b", "//", "a/", "/..", "a\u{0}b", "\u{0}", "é/../ü", "é/ü.json",
                     "xcassets/Tokens.xcassets/Blue.colorset/Contents.json", "a/.../b", ". ./a", ".. /a"]
        for path in paths {
            let parts = path.split(separator: "/", omittingEmptySubsequences: true)
            let expected = !path.hasPrefix("/") && !parts.isEmpty && !parts.contains("..") && !path.utf8.contains(0)
            #expect(OutputWriter.isSafe(path) == expected, "\(path.debugDescription)")
        }
    }
}
