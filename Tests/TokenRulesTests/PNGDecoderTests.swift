import Foundation
import Testing
@testable import ImageDecoding

/// The PNG decoder against the pixels each file of a generated corpus encodes (Tests/Fixtures/png-corpus.py writes
/// both, in Python with its own zlib): every color type, bit depth, filter and interlace method, transparency and an
/// APNG's first frame; then malformed files, each a named error.
@Suite struct PNGDecoderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The corpus, written into a fresh temporary folder that the test removes when done.
    static func writeCorpus() -> URL? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tokenc-png-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("Tests/Fixtures/png-corpus.py").path, folder.path]
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            try? FileManager.default.removeItem(at: folder)
            return nil
        }
        return folder
    }

    @Test func everyKindOfPNGDecodesToThePixelsItEncodes() throws {
        let folder = try #require(Self.writeCorpus(), "python3 could not write the PNG corpus")
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".rgba16") }.sorted()
        #expect(names.count == 151)  // 15 color type and depth pairs × 2 interlace methods × 5 sizes, and one APNG
        for name in names {
            let stem = String(name.dropLast(".rgba16".count))
            let png = try [UInt8](Data(contentsOf: folder.appendingPathComponent(stem + ".png")))
            let truth = try Data(contentsOf: folder.appendingPathComponent(name))
            let expected = stride(from: 0, to: truth.count, by: 2).map { UInt16(truth[$0]) | UInt16(truth[$0 + 1]) << 8 }
            switch PNGDecoder.decode(png) {
            case .success(let image):
                #expect(image.samples == expected, "\(stem): the first differing sample is at \(zip(image.samples, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? -1)")
                #expect(image.width * image.height * 4 == expected.count, "\(stem)")
                // However the image holds its samples (a byte each for 8 bits or fewer), it reads as the truth.
                #expect(image == DecodedImage(width: image.width, height: image.height, bitDepth: image.bitDepth, samples: expected), "\(stem)")
                let last = image.width * image.height - 1
                let pixel = image.pixel(last % image.width, last / image.width)
                #expect([pixel.red, pixel.green, pixel.blue, pixel.alpha] == Array(expected.suffix(4)), "\(stem)")
                #expect(image.sampleCount == expected.count && image.sample(3) == expected[3], "\(stem)")
            case .failure(let error):
                Issue.record("\(stem): \(error)")
            }
        }
    }

    @Test func malformedFilesAreNamedErrors() throws {
        let folder = try #require(Self.writeCorpus(), "python3 could not write the PNG corpus")
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = [
            "signature": "is not a PNG file (no PNG signature)",
            "truncated": "ends inside a chunk: the file is cut short",
            "no-end": "ends before its end chunk (IEND): the file is cut short",
            "crc": "has a damaged `IDAT` chunk (its checksum does not match)",
            "huge": "is 100000x100000 px, more than the 16777216 pixels tokenc decodes",
            "zero-width": "has a width or height of zero",
            "depth": "has color type 6 with bit depth 3, which PNG does not define",
            "filter": "has a scanline with filter type 7, which PNG does not define",
            "short-data": "has less image data than its size needs (truncated)",
            "long-data": "has more image data than its size needs",
            "zlib": "has damaged compressed image data",
            "no-palette": "is a palette image without a palette (PLTE)",
            "palette-index": "has a pixel whose palette index 5 is past the palette's 1 colors",
            "no-data": "has no image data (IDAT)",
            "chunk-length": "has a chunk longer than the file",
        ]
        for (name, message) in expected {
            let png = try [UInt8](Data(contentsOf: folder.appendingPathComponent("bad-\(name).png")))
            #expect(PNGDecoder.decode(png) == .failure(PNGDecodingError(message)), "\(name)")
        }
        // Every prefix of a good file is an error or, at its full length, the image: never a crash.
        let good = try [UInt8](Data(contentsOf: folder.appendingPathComponent("t6-d16-i1-17x9.png")))
        for length in 0..<good.count {
            guard case .failure = PNGDecoder.decode(Array(good[0..<length])) else {
                Issue.record("a file cut at \(length) of \(good.count) bytes decoded")
                continue
            }
        }
    }
}
