import Testing
import TokenLoader
import TokenModel
import TokenResolver
@testable import TokenDiff

/// `TokenSetDiff.compare` on two resolved sets, read from YAML as the pipeline reads them: what counts as added,
/// removed, renamed and changed, and which changes break the generated code.
@Suite struct TokenSetDiffTests {
    /// One side of a diff: `yaml` loaded, built into a tree and resolved, with no findings or contrast cells.
    static func side(_ label: String, _ yaml: String) -> DiffSide {
        let (file, loadFindings) = TokenFileLoader().load(bytes: Array(yaml.utf8), path: "\(label).yaml")
        precondition(loadFindings.isEmpty, "\(loadFindings)")
        let (tokens, _) = TokenTreeBuilder().build([file])
        return DiffSide(label: label, tokens: AliasResolver().resolve(tokens).set, diagnostics: [], contrast: [])
    }

    static func compare(_ base: String, _ head: String) -> TokenSetDiff {
        TokenSetDiff.compare(base: side("base", base), head: side("head", head))
    }

    @Test func theSameTokensDifferInNothing() {
        let yaml = "c:\n  $type: color\n  a: { $value: '#ff0000' }\n  b: { $value: '{c.a}' }\n"
        #expect(Self.compare(yaml, yaml).isEmpty)
    }

    /// A token gone and one new with exactly its type and values is a rename, which breaks code using the old name.
    @Test func aTokenMovedUnderANewNameIsARename() {
        let diff = Self.compare("c:\n  $type: color\n  a: { $value: '#ff0000' }\n  b: { $value: '#00ff00' }\n",
                                "c:\n  $type: color\n  a: { $value: '#ff0000' }\n  green: { $value: '#00ff00' }\n")
        #expect(diff.renamed == [TokenSetDiff.Rename(from: "c.b", to: "c.green", type: "color")])
        #expect(diff.added.isEmpty && diff.removed.isEmpty && diff.changed.isEmpty)
        #expect(diff.breakingChanges == [.renamed(from: "c.b", to: "c.green")])
    }

    /// Two tokens gone with the same value cannot say which became the new one: no rename is guessed.
    @Test func anAmbiguousMoveIsNoRename() {
        let diff = Self.compare("c:\n  $type: color\n  a: { $value: '#00ff00' }\n  b: { $value: '#00ff00' }\n",
                                "c:\n  $type: color\n  green: { $value: '#00ff00' }\n")
        #expect(diff.renamed.isEmpty)
        #expect(diff.removed.map(\.path) == ["c.a", "c.b"])
        #expect(diff.added.map(\.path) == ["c.green"])
        #expect(diff.breakingChanges == [.removed("c.a"), .removed("c.b")])
    }

    /// A type change breaks code; a value change does not. Changes come in the head's token order.
    @Test func typeChangesBreakValueChangesDoNot() {
        let diff = Self.compare("n:\n  size: { $type: number, $value: 4 }\n  c: { $type: color, $value: '#ff0000' }\n",
                                "n:\n  size: { $type: dimension, $value: { value: 4, unit: px } }\n  c: { $type: color, $value: '#0000ff' }\n")
        #expect(diff.changed.map(\.path) == ["n.c", "n.size"])
        #expect(diff.changed.map { "\($0.oldType ?? "-") \($0.type)" } == ["- color", "number dimension"])
        #expect(diff.changed.first?.modes.map { "\($0.mode) \($0.old?.text ?? "-") \($0.new?.text ?? "-")" } == ["light #ff0000 #0000ff"])
        #expect(diff.breakingChanges == [.typeChanged("n.size", from: "number", to: "dimension")])
    }

    /// A number that starts to differ by appearance becomes a `TokenModes` in Swift: a breaking change. A color
    /// is a `ThemeColor` either way, so its new dark value breaks nothing; both list the new mode.
    @Test func gainingAModeBreaksOnlyWhatChangesSwiftType() {
        let diff = Self.compare("""
            n: { $type: number, $value: 1 }
            c: { $type: color, $value: '#ffffff' }
            """, """
            n: { $type: number, $value: 1, $extensions: { mode: { dark: 2 } } }
            c: { $type: color, $value: '#ffffff', $extensions: { mode: { dark: '#000000' } } }
            """)
        #expect(diff.changed.map { change in "\(change.path): " + change.modes.map { "\($0.mode) \($0.old?.text ?? "-") \($0.new?.text ?? "-")" }.joined() }
                == ["c: dark - #000000", "n: dark - 2"])
        #expect(diff.breakingChanges == [.nowByMode("n")])
    }

    /// A new description is a change to review, not one that breaks code.
    @Test func aDescriptionChangeIsAChangeButNotABreakingOne() {
        let diff = Self.compare("c:\n  $type: color\n  a: { $value: '#ffffff', $description: old }\n",
                                "c:\n  $type: color\n  a: { $value: '#ffffff', $description: new }\n")
        #expect(diff.changed.first?.tokenDescription == TokenSetDiff.TextChange(old: "old", new: "new"))
        #expect(diff.changed.first?.modes.isEmpty == true)
        #expect(diff.breakingChanges.isEmpty)
    }
}
