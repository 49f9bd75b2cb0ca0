import CZlib

/// A decoded image: its size and every pixel as red, green, blue and alpha samples of 16 bits (an 8-bit sample
/// `v` is `v × 257`, so 255 is 65535), row by row from the top left.
public struct DecodedImage: Sendable, Equatable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// The bits per sample the file stores (1, 2, 4, 8 or 16).
    public var bitDepth: Int
    /// The samples of an image of at most 8 bits a sample (every app icon), a byte each: every such sample is a
    /// multiple of 257, held as that multiple (half the memory, and half the pages the system must hand over, of
    /// 16 bits a sample). Empty when `words` holds the samples.
    private var bytes: [UInt8]
    /// The samples of a 16-bit image, or of an image made from 16-bit samples; empty for a decoded 8-bit image.
    private var words: [UInt16]

    /// Creates an image from its samples, four a pixel: red, green, blue, alpha.
    public init(width: Int, height: Int, bitDepth: Int, samples: [UInt16]) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        bytes = []
        words = samples
    }

    /// Creates an image from 8-bit samples, each standing for itself × 257.
    init(width: Int, height: Int, bitDepth: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.bytes = bytes
        words = []
    }

    /// Four samples a pixel: red, green, blue, alpha (made when read, for an image held a byte a sample).
    public var samples: [UInt16] { words.isEmpty ? bytes.map { UInt16($0) &* 257 } : words }

    /// How many samples there are: four a pixel.
    public var sampleCount: Int { words.isEmpty ? bytes.count : words.count }

    /// The sample at `index` (red, green, blue and alpha of the first pixel are 0 to 3).
    public func sample(_ index: Int) -> UInt16 { words.isEmpty ? UInt16(bytes[index]) &* 257 : words[index] }

    /// The pixel at column `x`, row `y`.
    public func pixel(_ x: Int, _ y: Int) -> (red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16) {
        let at = (y * width + x) * 4
        return (sample(at), sample(at + 1), sample(at + 2), sample(at + 3))
    }

    /// Images are equal when they have the same size, depth and samples, however each holds them.
    public static func == (a: DecodedImage, b: DecodedImage) -> Bool {
        a.width == b.width && a.height == b.height && a.bitDepth == b.bitDepth && a.samples == b.samples
    }
}

/// Why a PNG could not be decoded, in words a finding can say after the file's name.
public struct PNGDecodingError: Error, Equatable, CustomStringConvertible {
    /// What is wrong with the file.
    public var description: String

    init(_ description: String) { self.description = description }
}

/// Decodes PNG files (and an APNG's default image, its first frame): every color type and bit depth, palettes and
/// `tRNS` transparency, all five filters and Adam7 interlacing. The compressed data goes through zlib; everything
/// else is read here, with every length and index checked, so a malformed file is an error, never a crash.
public enum PNGDecoder {
    /// The most pixels decoded: a 1024 × 1024 app icon is a million, and rules read nothing larger than 4096 ×
    /// 4096 (16 M pixels, 128 MB of samples), which bounds what one hostile header can make tokenc allocate.
    public static let maximumPixels = 4096 * 4096

    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// The image in `bytes`, or why it cannot be read.
    public static func decode(_ bytes: [UInt8]) -> Result<DecodedImage, PNGDecodingError> {
        do { return .success(try decodeOrThrow(bytes)) } catch { return .failure(error) }
    }

    struct Header {
        var width = 0, height = 0, bitDepth = 0, colorType = 0, interlaced = false

        /// Samples a pixel in the file: gray 1, RGB 3, palette index 1, gray and alpha 2, RGBA 4.
        var channels: Int {
            switch colorType {
            case 2: 3
            case 4: 2
            case 6: 4
            default: 1
            }
        }
        /// Bytes a filter looks back: a whole pixel, at least one byte.
        var filterStride: Int { max(1, channels * bitDepth / 8) }
        /// Bytes one row of `columns` pixels takes, without its filter byte.
        func rowBytes(_ columns: Int) -> Int { (columns * channels * bitDepth + 7) / 8 }
    }

    static func decodeOrThrow(_ bytes: [UInt8]) throws(PNGDecodingError) -> DecodedImage {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw PNGDecodingError("is not a PNG file (no PNG signature)") }
        var header: Header?
        var palette: [(UInt16, UInt16, UInt16, UInt16)] = []
        var transparency: [UInt8] = []
        var compressed: [UInt8] = []
        var offset = 8, sawEnd = false, sawData = false, dataEnded = false
        while offset < bytes.count, !sawEnd {
            guard bytes.count - offset >= 12 else { throw PNGDecodingError("ends inside a chunk: the file is cut short") }
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length <= bytes.count - offset - 12 else { throw PNGDecodingError("has a chunk longer than the file") }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            let stored = UInt32(bytes[offset + 8 + length]) << 24 | UInt32(bytes[offset + 9 + length]) << 16
                | UInt32(bytes[offset + 10 + length]) << 8 | UInt32(bytes[offset + 11 + length])
            guard crc(Array(bytes[(offset + 4)..<(offset + 8 + length)])) == stored else {
                throw PNGDecodingError("has a damaged `\(type.filter { $0.isLetter })` chunk (its checksum does not match)")
            }
            offset += 12 + length
            if header == nil && type != "IHDR" { throw PNGDecodingError("does not begin with its header chunk (IHDR)") }
            switch type {
            case "IHDR":
                guard header == nil, length == 13 else { throw PNGDecodingError("has a malformed header chunk (IHDR)") }
                header = try readHeader(body)
            case "PLTE":
                guard length % 3 == 0, length > 0, length / 3 <= 256 else { throw PNGDecodingError("has a malformed palette (PLTE)") }
                palette = stride(from: 0, to: length, by: 3).map { at -> (UInt16, UInt16, UInt16, UInt16) in
                    let red = UInt16(body[at]) * 257, green = UInt16(body[at + 1]) * 257, blue = UInt16(body[at + 2]) * 257
                    return (red, green, blue, 65535)
                }
            case "tRNS":
                transparency = body
            case "IDAT":
                guard !dataEnded else { throw PNGDecodingError("has image data (IDAT) in pieces that are not consecutive") }
                sawData = true
                compressed += body
            case "IEND":
                sawEnd = true
            default:
                if sawData { dataEnded = true }
            }
        }
        guard let header else { throw PNGDecodingError("has no header chunk (IHDR)") }
        guard sawEnd else { throw PNGDecodingError("ends before its end chunk (IEND): the file is cut short") }
        guard sawData else { throw PNGDecodingError("has no image data (IDAT)") }
        if header.colorType == 3 {
            guard !palette.isEmpty else { throw PNGDecodingError("is a palette image without a palette (PLTE)") }
            for (index, alpha) in transparency.prefix(palette.count).enumerated() { palette[index].3 = UInt16(alpha) * 257 }
        }
        let passes = header.interlaced ? Adam7.passes(width: header.width, height: header.height) : [Adam7.Pass(x: 0, y: 0, dx: 1, dy: 1, columns: header.width, rows: header.height)]
        let expected = passes.reduce(0) { $0 + ($1.columns > 0 ? $1.rows * (1 + header.rowBytes($1.columns)) : 0) }
        // Each scanline is unfiltered in place, where it was inflated: the line above it is the one just before it.
        var raw = try inflate(compressed, expectedBytes: expected)
        // A byte a sample unless the file has 16 bits a sample (see `DecodedImage`).
        let wide = header.bitDepth == 16
        var bytes = [UInt8](repeating: 0, count: wide ? 0 : header.width * header.height * 4)
        var words = [UInt16](repeating: 0, count: wide ? header.width * header.height * 4 : 0)
        let key = transparencyKey(header, transparency)
        var at = 0
        for pass in passes where pass.columns > 0 && pass.rows > 0 {
            let rowBytes = header.rowBytes(pass.columns)
            // A pass's first line is unfiltered against a line of zeros (none).
            var previous: Int?
            for row in 0..<pass.rows {
                let filter = raw[at], line = at + 1
                at = line + rowBytes
                try unfilter(&raw, line: line, count: rowBytes, previous: previous, filter: filter, stride: header.filterStride)
                previous = line
                let y = pass.y + row * pass.dy
                let first = (y * header.width + pass.x) * 4, step = pass.dx * 4
                if header.bitDepth == 8, header.colorType != 3 {
                    expand8(raw, line: line, columns: pass.columns, colorType: header.colorType, key: key,
                            into: &bytes, first: first, step: step)
                    continue
                }
                let pixels = try expand(Array(raw[line..<line + rowBytes]), columns: pass.columns, header: header, palette: palette,
                                        key: key)
                for column in 0..<pass.columns {
                    let to = first + column * step
                    for k in 0..<4 {
                        if wide { words[to + k] = pixels[column * 4 + k] } else { bytes[to + k] = UInt8(pixels[column * 4 + k] / 257) }
                    }
                }
            }
        }
        return wide ? DecodedImage(width: header.width, height: header.height, bitDepth: header.bitDepth, samples: words)
            : DecodedImage(width: header.width, height: header.height, bitDepth: header.bitDepth, bytes: bytes)
    }

    static func readHeader(_ body: [UInt8]) throws(PNGDecodingError) -> Header {
        func word(_ at: Int) -> Int { Int(body[at]) << 24 | Int(body[at + 1]) << 16 | Int(body[at + 2]) << 8 | Int(body[at + 3]) }
        var header = Header(width: word(0), height: word(4), bitDepth: Int(body[8]), colorType: Int(body[9]), interlaced: body[12] == 1)
        guard header.width > 0, header.height > 0 else { throw PNGDecodingError("has a width or height of zero") }
        guard header.width <= maximumPixels / header.height else {
            throw PNGDecodingError("is \(header.width)x\(header.height) px, more than the \(maximumPixels) pixels tokenc decodes")
        }
        let depths: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let allowed = depths[header.colorType], allowed.contains(header.bitDepth) else {
            throw PNGDecodingError("has color type \(header.colorType) with bit depth \(header.bitDepth), which PNG does not define")
        }
        guard body[10] == 0, body[11] == 0, body[12] <= 1 else { throw PNGDecodingError("uses a compression, filter or interlace method PNG does not define") }
        header.interlaced = body[12] == 1
        return header
    }

    /// The scanlines, inflated by zlib: exactly `expectedBytes`, or an error.
    static func inflate(_ compressed: [UInt8], expectedBytes: Int) throws(PNGDecodingError) -> [UInt8] {
        // Deflate expands at most about 1032 to 1: a small file claiming a huge image is cut short, found before
        // the image's memory is taken.
        guard expectedBytes <= compressed.count * 1032 + 1024 else {
            throw PNGDecodingError("has less image data than its size needs (truncated)")
        }
        // One byte more than expected: zlib filling it means the data is longer than the header says.
        var output = [UInt8](repeating: 0, count: expectedBytes + 1)
        var produced = uLongf(output.count)
        // zlib's C API takes the buffers by pointer; they are used only inside these closures.
        let status = output.withUnsafeMutableBufferPointer { out in
            compressed.withUnsafeBufferPointer { input in
                uncompress(out.baseAddress, &produced, input.baseAddress, uLong(input.count))
            }
        }
        // Z_BUF_ERROR: the output filled (more data than the size needs) or the input ran out (truncated).
        if status == Z_OK || status == Z_BUF_ERROR {
            if status == Z_OK && Int(produced) == expectedBytes {
                // The spare byte dropped in place: a copy of the rest was a second pass over megabytes.
                output.removeLast()
                return output
            }
            throw PNGDecodingError(Int(produced) > expectedBytes ? "has more image data than its size needs"
                                   : "has less image data than its size needs (truncated)")
        }
        throw PNGDecodingError(status == Z_MEM_ERROR ? "needs more memory to decompress than is available" : "has damaged compressed image data")
    }

    /// Undoes the filter (None, Sub, Up, Average, Paeth) of the `count` bytes of `raw` from `line`, in place;
    /// `previous` is where the line above starts, unfiltered already (nil: a pass's first line, read as zeros).
    static func unfilter(_ raw: inout [UInt8], line: Int, count: Int, previous: Int?, filter: UInt8, stride: Int)
        throws(PNGDecodingError)
    {
        switch filter {
        case 0: return
        case 1: for i in stride..<max(stride, count) { raw[line + i] &+= raw[line + i - stride] }
        case 2:
            guard let previous else { return }
            for i in 0..<count { raw[line + i] &+= raw[previous + i] }
        case 3:
            let above = previous ?? 0, hasAbove = previous != nil
            for i in 0..<count {
                let left = i >= stride ? Int(raw[line + i - stride]) : 0, up = hasAbove ? Int(raw[above + i]) : 0
                raw[line + i] &+= UInt8((left + up) / 2)
            }
        case 4:
            let above = previous ?? 0, hasAbove = previous != nil
            for i in 0..<count {
                let a = i >= stride ? Int(raw[line + i - stride]) : 0, b = hasAbove ? Int(raw[above + i]) : 0
                let c = i >= stride && hasAbove ? Int(raw[above + i - stride]) : 0
                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                raw[line + i] &+= UInt8(pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
            }
        default: throw PNGDecodingError("has a scanline with filter type \(filter), which PNG does not define")
        }
    }

    /// The `tRNS` color key of a gray (one sample) or RGB (three) image, in the file's bit depth; nil when it has none.
    static func transparencyKey(_ header: Header, _ transparency: [UInt8]) -> [Int]? {
        guard header.colorType == 0 || header.colorType == 2, transparency.count >= 2 * header.channels else { return nil }
        return (0..<header.channels).map { (Int(transparency[2 * $0]) << 8 | Int(transparency[2 * $0 + 1])) & ((1 << header.bitDepth) - 1) }
    }

    /// Writes an unfiltered 8-bit scanline of gray, RGB, gray and alpha or RGBA pixels (every app icon) straight
    /// into `samples`, a byte a sample, a pixel every `step` samples from `first`: the general `expand` made two
    /// lists a line and chose the color type again for each pixel (60 instructions a pixel, most of an icon's
    /// decoding). Every index is still checked; the arithmetic wraps because no sum can overflow (each is below
    /// the image's sample count, at most `maximumPixels` × 4).
    static func expand8(_ raw: [UInt8], line: Int, columns: Int, colorType: Int, key: [Int]?,
                        into samples: inout [UInt8], first: Int, step: Int)
    {
        var to = first, at = line
        switch colorType {
        case 0:
            let key = key.map { UInt8($0[0]) }
            for _ in 0..<columns {
                let gray = raw[at]
                samples[to] = gray
                samples[to &+ 1] = gray
                samples[to &+ 2] = gray
                samples[to &+ 3] = gray == key ? 0 : 255
                at &+= 1
                to &+= step
            }
        case 2:
            // Without a color key (nearly every RGB image), every pixel is opaque: no comparison a pixel.
            guard let key else {
                for _ in 0..<columns {
                    samples[to] = raw[at]
                    samples[to &+ 1] = raw[at &+ 1]
                    samples[to &+ 2] = raw[at &+ 2]
                    samples[to &+ 3] = 255
                    at &+= 3
                    to &+= step
                }
                return
            }
            let red = key[0], green = key[1], blue = key[2]
            for _ in 0..<columns {
                let r = raw[at], g = raw[at &+ 1], b = raw[at &+ 2]
                samples[to] = r
                samples[to &+ 1] = g
                samples[to &+ 2] = b
                samples[to &+ 3] = Int(r) == red && Int(g) == green && Int(b) == blue ? 0 : 255
                at &+= 3
                to &+= step
            }
        case 4:
            for _ in 0..<columns {
                let gray = raw[at]
                samples[to] = gray
                samples[to &+ 1] = gray
                samples[to &+ 2] = gray
                samples[to &+ 3] = raw[at &+ 1]
                at &+= 2
                to &+= step
            }
        default:
            // RGBA a line at a time (not interlaced): the samples are the line's bytes, copied whole.
            if step == 4 {
                samples.replaceSubrange(first..<first + 4 * columns, with: raw[line..<line + 4 * columns])
                return
            }
            for _ in 0..<columns {
                samples[to] = raw[at]
                samples[to &+ 1] = raw[at &+ 1]
                samples[to &+ 2] = raw[at &+ 2]
                samples[to &+ 3] = raw[at &+ 3]
                at &+= 4
                to &+= step
            }
        }
    }

    /// The stored samples of an unfiltered scanline of `columns` pixels, as numbers (bits unpacked, 16-bit pairs joined).
    static func stored(_ line: [UInt8], count: Int, depth: Int) -> [Int] {
        var values = [Int](repeating: 0, count: count)
        switch depth {
        case 16: for i in 0..<count { values[i] = Int(line[2 * i]) << 8 | Int(line[2 * i + 1]) }
        case 8: for i in 0..<count { values[i] = Int(line[i]) }
        default:
            let mask = (1 << depth) - 1
            for i in 0..<count {
                let bit = i * depth
                values[i] = Int(line[bit >> 3] >> (8 - depth - bit & 7)) & mask
            }
        }
        return values
    }

    /// An unfiltered scanline as 16-bit red, green, blue and alpha, four samples a pixel.
    static func expand(_ line: [UInt8], columns: Int, header: Header, palette: [(UInt16, UInt16, UInt16, UInt16)],
                       key: [Int]?) throws(PNGDecodingError) -> [UInt16] {
        let depth = header.bitDepth, channels = header.channels
        let values = stored(line, count: columns * channels, depth: depth)
        // 65535 / (2^depth − 1) is a whole number for every PNG depth: 65535, 21845, 4369, 257, 1.
        let scale = 65535 / ((1 << depth) - 1)
        var pixels = [UInt16](repeating: 65535, count: columns * 4)
        for column in 0..<columns {
            let at = column * channels, to = column * 4
            switch header.colorType {
            case 0:
                let gray = UInt16(values[at] * scale)
                (pixels[to], pixels[to + 1], pixels[to + 2]) = (gray, gray, gray)
                if let key, key[0] == values[at] { pixels[to + 3] = 0 }
            case 2:
                (pixels[to], pixels[to + 1], pixels[to + 2]) = (UInt16(values[at] * scale), UInt16(values[at + 1] * scale), UInt16(values[at + 2] * scale))
                if let key, key[0] == values[at], key[1] == values[at + 1], key[2] == values[at + 2] { pixels[to + 3] = 0 }
            case 3:
                let index = values[at]
                guard index < palette.count else {
                    throw PNGDecodingError("has a pixel whose palette index \(index) is past the palette's \(palette.count) colors")
                }
                (pixels[to], pixels[to + 1], pixels[to + 2], pixels[to + 3]) = palette[index]
            case 4:
                let gray = UInt16(values[at] * scale)
                (pixels[to], pixels[to + 1], pixels[to + 2], pixels[to + 3]) = (gray, gray, gray, UInt16(values[at + 1] * scale))
            default:
                (pixels[to], pixels[to + 1], pixels[to + 2], pixels[to + 3]) =
                    (UInt16(values[at] * scale), UInt16(values[at + 1] * scale), UInt16(values[at + 2] * scale), UInt16(values[at + 3] * scale))
            }
        }
        return pixels
    }

    /// The CRC-32 PNG chunks carry (zlib's).
    static func crc(_ bytes: [UInt8]) -> UInt32 {
        // zlib's C API takes the buffer by pointer, used only inside this closure.
        bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
    }
}

/// Adam7 interlacing: the seven passes, each a sub-image of every `dx`-th column from `x` and `dy`-th row from `y`.
enum Adam7 {
    struct Pass {
        var x: Int, y: Int, dx: Int, dy: Int, columns: Int, rows: Int
    }

    static func passes(width: Int, height: Int) -> [Pass] {
        [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)].map { x, y, dx, dy in
            Pass(x: x, y: y, dx: dx, dy: dy, columns: width > x ? (width - x + dx - 1) / dx : 0, rows: height > y ? (height - y + dy - 1) / dy : 0)
        }
    }
}
