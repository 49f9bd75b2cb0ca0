import Testing
import ThemeKit

@Test func generatedTokensReachTheApp() {
    #expect(Theme.darkTextBytes == [0xF5, 0xF5, 0xF7])
    #expect(Theme.gutter == 16)
}

@Test func theBrandFileTheResolverNamesReachesTheApp() {
    #expect(Theme.darkAccentBytes == [0x6C, 0xB4, 0xFF])
}
