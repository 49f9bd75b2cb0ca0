import Foundation
import Testing
import TokenGenerators
@testable import TokencKit
import TokenColor

/// The asset catalog from Tokens/, checked against the structure Xcode documents for color sets and app icons.
@Suite struct AssetCatalogTests {
    static func catalog() throws -> [String: [UInt8]] {
        let result = try GoldenTests.buildTokens()
        return Dictionary(uniqueKeysWithValues: result.outputs.filter { $0.relativePath.hasPrefix("xcassets/") }.map { ($0.relativePath, $0.contents) })
    }

    static func json(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test func colorSetsHaveTheDocumentedStructure() throws {
        let files = try Self.catalog()
        let colorSets = files.filter { $0.key.hasSuffix(".colorset/Contents.json") }
        // One set per color token, plus AccentColor from the accent token.
        let colorTokens = try GoldenTests.buildTokens().tokens.tokens.filter { $0.type == .color }.count
        #expect(colorSets.count == colorTokens + 1)
        let allowedAppearances: Set<[String]> = [[], ["luminosity:dark"], ["contrast:high"], ["luminosity:dark", "contrast:high"]]
        for (path, bytes) in colorSets {
            let root = try Self.json(bytes)
            #expect(Set(root.keys) == ["colors", "info"], "\(path)")
            let colors = try #require(root["colors"] as? [[String: Any]])
            var seen: Set<String> = []
            for entry in colors {
                #expect(Set(entry.keys).isSubset(of: ["appearances", "color", "display-gamut", "idiom"]), "\(path)")
                #expect(entry["idiom"] as? String == "universal")
                let appearances = (entry["appearances"] as? [[String: String]] ?? []).map { "\($0["appearance"]!):\($0["value"]!)" }
                #expect(allowedAppearances.contains(appearances), "\(path): \(appearances)")
                let gamut = entry["display-gamut"] as? String
                #expect(gamut == nil || gamut == "sRGB" || gamut == "display-P3")
                #expect(seen.insert(appearances.joined() + (gamut ?? "")).inserted, "\(path): duplicate entry")
                let color = try #require(entry["color"] as? [String: Any])
                if let reference = color["reference"] as? String {
                    #expect(reference.hasSuffix("Color"))
                    continue
                }
                #expect(["srgb", "display-p3"].contains(color["color-space"] as? String))
                let components = try #require(color["components"] as? [String: String])
                #expect(Set(components.keys) == ["alpha", "red", "green", "blue"])
                for (_, text) in components {
                    // A decimal point always: Xcode reads "1" as the 8-bit integer 1.
                    #expect(text.contains("."), "\(path): \(text)")
                    #expect((Double(text) ?? -1) >= 0 && (Double(text) ?? 2) <= 1)
                }
            }
            #expect(colors.contains { $0["appearances"] == nil }, "\(path) has no default appearance")
        }
        // Known values, from the token files: color.accent is #0B5FC2 light, #6CB4FF dark.
        let accent = try Self.json(try #require(files["xcassets/Tokens.xcassets/ColorAccent.colorset/Contents.json"]))
        let first = ((accent["colors"] as! [[String: Any]])[0]["color"] as! [String: Any])["components"] as! [String: String]
        #expect([first["red"], first["green"], first["blue"]] == ["0.043137", "0.372549", "0.760784"])
        let system = try Self.json(try #require(files["xcassets/Tokens.xcassets/ColorSystemLabel.colorset/Contents.json"]))
        #expect(((system["colors"] as! [[String: Any]])[0]["color"] as! [String: String])["reference"] == "labelColor")
        #expect(files["xcassets/Tokens.xcassets/AccentColor.colorset/Contents.json"] != nil)
    }

    @Test func appIconSetNamesOnlyFilesItContains() throws {
        let files = try Self.catalog()
        let folder = "xcassets/Tokens.xcassets/AppIcon.appiconset/"
        let contents = try Self.json(try #require(files[folder + "Contents.json"]))
        let images = try #require(contents["images"] as? [[String: Any]])
        #expect(images.count == 3 + 10 + 1)  // iOS default, dark, tinted; ten macOS sizes; watchOS
        for image in images {
            let name = try #require(image["filename"] as? String)
            let bytes = try #require(files[folder + name], "\(name) is named but not in the set")
            // Copied, never resized: the bytes are the source image's.
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            #expect(["universal", "mac"].contains(image["idiom"] as? String))
            let size = try #require(image["size"] as? String)
            #expect(size.split(separator: "x").count == 2)
        }
        let source = try Data(contentsOf: Golden.packageRoot.appendingPathComponent("Tokens/Assets/mac-16@2x.png"))
        #expect(files[folder + "mac-16x16@2x.png"] == [UInt8](source))
    }
}
