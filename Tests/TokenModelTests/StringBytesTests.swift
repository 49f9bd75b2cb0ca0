import Foundation
import Testing
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
}
