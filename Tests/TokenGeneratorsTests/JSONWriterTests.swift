import Foundation
import Testing
import TokenModel
@testable import TokenGenerators
import TokenColor

@Suite struct JSONWriterTests {
    /// Keys written as strings, as UTF-8 bytes and as literals read back the same through Foundation's parser,
    /// escapes included, and the three forms write the same text.
    @Test func keysInEveryFormReadBackThroughFoundation() throws {
        let keys = ["plain", "with \"quotes\"", "back\\slash", "tab\there", "line\nbreak", "bell\u{07}", "é ✓ 🎨", "",
                    // Either side of the length copied while checked, with an escape at the very end.
                    String(repeating: "k", count: 64), String(repeating: "k", count: 63) + "\"", String(repeating: "l", count: 65),
                    String(repeating: "l", count: 64) + "\\", String(repeating: "m", count: 200) + "\n"]
        var byString = JSONWriter()
        var byBytes = JSONWriter()
        byString.object { writer in
            for (i, key) in keys.enumerated() {
                writer.member(key)
                writer.number(Double(i))
            }
            writer.member("$value")
            writer.string("v")
            writer.member("values")
            writer.array(keys.count) { writer, i in writer.string(keys[i]) }
        }
        byBytes.object { writer in
            for (i, key) in keys.enumerated() {
                var copy = key
                copy.withUTF8 { writer.member(utf8: $0) }
                writer.number(Double(i))
            }
            writer.member(literal: "$value")
            writer.string("v")
            writer.member(literal: "values")
            writer.array(keys.count) { writer, i in
                var copy = keys[i]
                copy.withUTF8 { writer.string(utf8: $0) }
            }
        }
        #expect(byString.text == byBytes.text)
        let parsed = try #require(JSONSerialization.jsonObject(with: Data(byBytes.text.utf8)) as? [String: Any])
        #expect(parsed.count == keys.count + 2)
        #expect(parsed["values"] as? [String] == keys)
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

/// A color's components come from a table when they are whole 255ths (every hex color): the table's texts must be
/// the ones `JSONWriter.number` writes, for every 255th and for values near them that are not.
@Suite struct ColorComponentTextTests {
    static func written(_ body: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        body(&writer)
        return writer.text
    }

    @Test func componentsAreWrittenAsNumbersAre() {
        var values = (0...255).map { Double($0) / 255 }
        values += values.flatMap { [$0.nextUp, $0.nextDown] } + [0.1, 0.5, 1e-9, 0.999_999_999, 2, -0.25, 1 / 3]
        for value in values {
            #expect(Self.written { DTCGJSONGenerator.component(&$0, value) } == Self.written { $0.number(value) }, "\(value)")
        }
        #expect(Self.written { DTCGJSONGenerator.component(&$0, 51.0 / 255) } == "0.2")
        #expect(Self.written { DTCGJSONGenerator.component(&$0, 1) } == "1")
    }
}

/// Each distinct color's object is formatted once and copied after that: every copy must be the text the color
/// writes on its own, for repeats, and for colors that differ only in a bit (`none`, -0, alpha).
@Suite struct ColorObjectMemoTests {
    @Test func copiesAreTheTextEachColorWritesAlone() {
        let colors = [
            Color(.srgb, 0.2, 0.4, 0.6), Color(.srgb, 0.2, 0.4, 0.6), Color(.srgb, 0.2, 0.4, 0.6, alpha: 0.5),
            Color(.displayP3, 0.487, 0.139, 0.166), Color(.srgb, .nan, 0.4, 0.6), Color(.srgb, .nan, 0.4, 0.6),
            Color(.srgb, 0, 0.4, 0.6), Color(.srgb, -0.0, 0.4, 0.6), Color(.srgb, 0, 0.4, 0.6),
            Color(.hsl, 120, 50, 50), Color(.displayP3, 0.487, 0.139, 0.166), Color(.oklch, 0.7, 0.1, .nan),
        ]
        var memo = DTCGJSONGenerator.ColorObjects()
        var viaMemo = JSONWriter()
        var alone = JSONWriter()
        viaMemo.array(colors.count) { writer, i in memo.write(colors[i], into: &writer) }
        alone.array(colors.count) { writer, i in DTCGJSONGenerator.color(&writer, colors[i]) }
        #expect(viaMemo.text == alone.text)
    }

    /// More colors than the slots hold, met again after their slots were taken, colors that share a set used in
    /// turn, and a color whose text is too long for a slot.
    @Test func colorsMetAgainAfterTheirSlotWasTakenAreTheirOwnText() {
        let long = Color(.displayP3, -1.2345678901234567e-05, -2.3456789012345678e-05, -3.4567890123456789e-05, alpha: 0.12345678901234566)
        var lengthAlone = JSONWriter()
        DTCGJSONGenerator.color(&lengthAlone, long)
        #expect(lengthAlone.count > 160)
        let distinct = (0..<3000).map { Color(.displayP3, Double($0 % 97) / 97, Double($0 % 89) / 89, Double($0) / 3000) }
        let colors = distinct + [long] + distinct.reversed() + [long] + distinct + zip(distinct, distinct.reversed()).flatMap { [$0, $1, $0] }
        var memo = DTCGJSONGenerator.ColorObjects(sets: 64)
        var viaMemo = JSONWriter()
        var alone = JSONWriter()
        viaMemo.array(colors.count) { writer, i in memo.write(colors[i], into: &writer) }
        alone.array(colors.count) { writer, i in DTCGJSONGenerator.color(&writer, colors[i]) }
        #expect(viaMemo.text == alone.text)
    }
}
