import Foundation
import Testing
import SourceData
import TokenModel

@Suite struct StringBytesTests {
    /// Small (inline), large, non-ASCII, empty, substring-made and Foundation-made strings: the bytes read in place
    /// are the string's UTF-8, byte for byte.
    @Test func contiguousUTF8IsTheStringsUTF8() {
        let large = String(repeating: "color.background.", count: 8) + "primary"
        let texts = ["", "a", "#5a32df", "b999.palette.c47", "{b12.palette.c15}", "färg.bakgrund", "🎨.accent", large,
                     String(large.dropFirst(6).dropLast(3)), NSString(string: "ns.string.made.by.foundation").description]
        for text in texts {
            #expect(text.withContiguousUTF8 { Array($0) } == Array(text.utf8), "\(text)")
        }
    }

    /// The token-path and alias readers built on it answer as before for paths long enough to live on the heap.
    @Test func pathsAndAliasesReadFromHeapStrings() {
        let path = "color.background.secondary.pressed"
        #expect(TokenPath.segments(path) == ["color", "background", "secondary", "pressed"])
        #expect(TokenReference.aliasPath("{" + path + "}") == path)
        #expect(TokenReference.aliasPath("{" + path) == nil)
        #expect(TokenReference.aliasPath("{a{b}") == nil)
    }

    /// Three strings made into one in one allocation are the three appended, for small, large and non-ASCII parts.
    @Test func concatenatingIsTheThreePartsAppended() {
        let parts = ["", "a", "color.background", ".", "färg", "🎨", String(repeating: "x", count: 40)]
        for a in parts {
            for b in parts {
                for c in parts { #expect(String.concatenating(a, b, c) == a + b + c) }
            }
        }
    }
}

@Suite struct TokencFactsTests {
    /// `isEmpty` is `== TokencFacts()`: true for the empty facts, false when any one fact is set.
    @Test func emptyMeansEqualToNoFacts() {
        #expect(TokencFacts().isEmpty)
        let location = SourceLocation(file: "f.yaml", line: 1, column: 1)
        var variants: [TokencFacts] = []
        var facts = TokencFacts()
        facts.on = [TokenReference(path: "a", location: location)]; variants.append(facts); facts = TokencFacts()
        facts.text = true; variants.append(facts); facts = TokencFacts()
        facts.largeText = true; variants.append(facts); facts = TokencFacts()
        facts.role = .label; variants.append(facts); facts = TokencFacts()
        facts.platforms = [.ios]; variants.append(facts); facts = TokencFacts()
        facts.ignore = [IgnoredRule(rule: "r", reason: "because", location: location)]; variants.append(facts)
        for variant in variants { #expect(!variant.isEmpty && variant != TokencFacts()) }
    }
}
