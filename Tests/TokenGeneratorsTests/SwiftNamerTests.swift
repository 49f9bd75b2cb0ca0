import Testing
import TokenGenerators

/// Swift string literals as the Swift output writes them, with and without characters to escape.
@Suite struct SwiftNamerStringTests {
    @Test(arguments: [
        ("SF Pro", #""SF Pro""#),
        ("", #""""#),
        ("star.fill", #""star.fill""#),
        ("Grüße 😀", "\"Grüße 😀\""),
        ("say \"hi\"", #""say \"hi\"""#),
        (#"back\slash"#, #""back\\slash""#),
        ("two\nlines\tand\r", #""two\nlines\tand\r""#),
        ("bell\u{7}", #""bell\u{7}""#),
    ])
    func literal(_ value: String, _ expected: String) {
        #expect(SwiftNamer.string(value) == expected)
    }
}
