/// What tokenc reads from an image file's header, without decoding pixels: enough for the icon rules.
public struct ImageHeader: Sendable, Equatable {
    /// The file format, from its signature (never from its name).
    public enum Format: String, Sendable {
        case png, apng, gif, jpeg
    }

    /// How the image's colors are tagged.
    public enum ColorProfile: Sendable, Equatable {
        /// No tag: read as sRGB.
        case untagged
        /// An `sRGB` chunk.
        case srgb
        /// An embedded ICC profile, by its name.
        case icc(String)
        /// Only a `gAMA` chunk, with its gamma × 100000.
        case gamma(Int)
    }

    /// The format.
    public var format: Format
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Whether the image can be transparent (an alpha channel, a tRNS chunk, GIF transparency).
    public var hasAlpha: Bool
    /// Whether the image stores only gray levels (PNG color types 0 and 4).
    public var isGrayscale: Bool
    /// Bits per channel (PNG), 8 otherwise.
    public var bitDepth: Int
    /// The PNG color type (0, 2, 3, 4, 6), or nil for other formats.
    public var pngColorType: Int?
    /// How the colors are tagged.
    public var profile: ColorProfile
    /// Whether the image is animated (APNG `acTL`, GIF with several frames).
    public var isAnimated: Bool

    /// Reads the header of PNG, APNG, GIF or JPEG bytes; nil when the bytes are none of these.
    public static func read(_ bytes: [UInt8]) -> ImageHeader? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(bytes) }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return gif(bytes) }
        if bytes.starts(with: [0xFF, 0xD8]) { return jpeg(bytes) }
        return nil
    }

    private static func be32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }

    private static func png(_ b: [UInt8]) -> ImageHeader? {
        guard b.count >= 33, Array(b[12..<16]) == Array("IHDR".utf8) else { return nil }
        let colorType = Int(b[25])
        var header = ImageHeader(format: .png, width: be32(b, 16), height: be32(b, 20),
                                 hasAlpha: colorType == 4 || colorType == 6, isGrayscale: colorType == 0 || colorType == 4,
                                 bitDepth: Int(b[24]), pngColorType: colorType, profile: .untagged, isAnimated: false)
        var offset = 8
        while offset + 8 <= b.count {
            let length = be32(b, offset)
            let type = String(decoding: b[offset + 4..<offset + 8], as: UTF8.self)
            let data = offset + 8
            guard length >= 0, data + length <= b.count else { break }
            switch type {
            case "tRNS": header.hasAlpha = true
            case "sRGB": header.profile = .srgb
            case "iCCP":
                let name = b[data..<data + length].prefix { $0 != 0 }
                header.profile = .icc(String(decoding: name, as: UTF8.self))
            case "gAMA" where header.profile == .untagged && length == 4: header.profile = .gamma(be32(b, data))
            case "acTL":
                header.isAnimated = true
                header.format = .apng
            case "IDAT", "IEND": return header
            default: break
            }
            offset = data + length + 4
        }
        return header
    }

    private static func gif(_ b: [UInt8]) -> ImageHeader? {
        guard b.count >= 13 else { return nil }
        var header = ImageHeader(format: .gif, width: Int(b[6]) | Int(b[7]) << 8, height: Int(b[8]) | Int(b[9]) << 8,
                                 hasAlpha: false, isGrayscale: false, bitDepth: 8, pngColorType: nil,
                                 profile: .untagged, isAnimated: false)
        var offset = 13
        if b[10] & 0x80 != 0 { offset += 3 << (Int(b[10] & 0x07) + 1) }
        var frames = 0
        while offset < b.count {
            switch b[offset] {
            case 0x21:  // extension: graphic control carries the transparency flag
                guard offset + 2 < b.count else { return header }
                if b[offset + 1] == 0xF9, offset + 3 < b.count, b[offset + 3] & 0x01 != 0 { header.hasAlpha = true }
                offset += 2
                while offset < b.count, b[offset] != 0 { offset += Int(b[offset]) + 1 }
                offset += 1
            case 0x2C:  // image descriptor, then optional local color table, then LZW data sub-blocks
                frames += 1
                guard offset + 10 <= b.count else { break }
                let packed = b[offset + 9]
                offset += 10
                if packed & 0x80 != 0 { offset += 3 << (Int(packed & 0x07) + 1) }
                offset += 1
                while offset < b.count, b[offset] != 0 { offset += Int(b[offset]) + 1 }
                offset += 1
            default:
                header.isAnimated = frames > 1
                return header
            }
        }
        header.isAnimated = frames > 1
        return header
    }

    private static func jpeg(_ b: [UInt8]) -> ImageHeader? {
        var offset = 2
        var profile = ColorProfile.untagged
        while offset + 4 <= b.count {
            guard b[offset] == 0xFF else { return nil }
            let marker = b[offset + 1]
            let length = Int(b[offset + 2]) << 8 | Int(b[offset + 3])
            if marker == 0xE2, offset + 18 <= b.count, Array(b[offset + 4..<offset + 15]) == Array("ICC_PROFILE".utf8) {
                profile = .icc("embedded")
            }
            // SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker), offset + 9 <= b.count {
                let height = Int(b[offset + 5]) << 8 | Int(b[offset + 6])
                let width = Int(b[offset + 7]) << 8 | Int(b[offset + 8])
                return ImageHeader(format: .jpeg, width: width, height: height, hasAlpha: false,
                                   isGrayscale: b.count > offset + 9 && b[offset + 9] == 1, bitDepth: 8, pngColorType: nil,
                                   profile: profile, isAnimated: false)
            }
            offset += 2 + length
        }
        return nil
    }
}
