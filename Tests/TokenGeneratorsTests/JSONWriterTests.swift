import Foundation
import Testing
import TokenModel
@testable import TokenGenerators

@Suite struct JSONWriterTests {
    /// Keys written as strings, as UTF-8 bytes and as literals read back the same through Foundation's parser,
    /// escapes included, and the three forms write the same text.
    @Test func keysInEveryFormReadBackThroughFoundation() throws {
        let keys = ["plain", "with \"quotes\"", "back\\slash", "tab\there", "line\nbreak", "bell\u{07}", "é ✓ 🎨", ""]
        var byString = JSONWriter()
        var byBytes = JSONWriter()
        byString.object { writer in
            for (i, key) in keys.enumerated() {
                writer.member(key)
                writer.number(Double(i))
            }
            writer.member("$value")
            writer.string("v")
        }
        byBytes.object { writer in
            for (i, key) in keys.enumerated() {
                var copy = key
                copy.withUTF8 { writer.member(utf8: $0) }
                writer.number(Double(i))
            }
            writer.member(literal: "$value")
            writer.string("v")
        }
        #expect(byString.text == byBytes.text)
        let parsed = try #require(JSONSerialization.jsonObject(with: Data(byBytes.text.utf8)) as? [String: Any])
        #expect(parsed.count == keys.count + 1)
        for (i, key) in keys.enumerated() { #expect(parsed[key] as? Int == i) }
        #expect(parsed["$value"] as? String == "v")
    }

    /// The JSON output's literal type names are the types' DTCG names, quoted.
    @Test func quotedTypeNamesAreTheRawValues() {
        for type in TokenType.allCases {
            #expect(DTCGJSONGenerator.quotedName(type).description == "\"\(type.rawValue)\"")
        }
    }
}
