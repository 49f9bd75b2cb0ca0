import SourceData
import TokenModel
import ImageDecoding

/// An icon token's light value and the images it names.
struct IconFields {
    let token: ResolvedToken
    let value: IconValue
    let context: RuleContext

    var kind: String { value.kind }
    var platform: String? { value.platform }
    /// Where `field` is written in the token file (the value as written, not the resolved one).
    func location(_ field: String) -> SourceLocation { token.writtenLocation(of: field) }

    /// An image a field names: its header, or a finding when it cannot be read.
    func image(_ image: IconValue.Image) -> (header: ImageHeader?, bytes: Int, problem: String?) {
        guard let path = image.path else { return (nil, 0, "an image must be a file path") }
        let bytes: [UInt8]
        switch context.readFile(path, token.token.location.file) {
        case .bytes(let read): bytes = read
        case .notFound: return (nil, 0, "`\(path)` not found: image paths are relative to the token file")
        case .outsideProject: return (nil, 0, "cannot read `\(path)`: image paths are relative to the token file and stay inside the project")
        }
        guard let header = ImageHeader.read(bytes) else { return (nil, bytes.count, "`\(path)` is not a PNG, GIF or JPEG image") }
        return (header, bytes.count, nil)
    }

    /// An image's pixels, decoded once per build; nil when the file cannot be read (the rules that read headers
    /// report that).
    func pixels(_ image: IconValue.Image) -> Result<DecodedImage, PNGDecodingError>? {
        guard let path = image.path else { return nil }
        return context.pixels(path, relativeTo: token.token.location.file)
    }

    /// An image's pixels, or the finding (at `location`) that it cannot be decoded; neither when the file cannot
    /// be read, nor, with `pngOnly`, for a file that is no PNG at all (the rules that read headers report those).
    func decoded(_ image: IconValue.Image, at location: SourceLocation, pngOnly: Bool) -> (pixels: DecodedImage?, problem: Finding?) {
        switch pixels(image) {
        case .success(let read)?: return (read, nil)
        case .failure(let error)?:
            if pngOnly, error.description.hasPrefix("is not a PNG file") { return (nil, nil) }
            return (nil, Finding(path: token.path, location: location, message: "`\(image.path ?? "")` \(error)",
                                 fix: "export the image again as a PNG"))
        case nil: return (nil, nil)
        }
    }

    /// The first corner pixel (four squares of 1/32 of the shorter side) whose alpha, of 255, is over `tolerance`
    /// (`opaque`) or at most it (transparent), scanning the top left, top right, bottom left and bottom right.
    static func corner(of image: DecodedImage, opaque: Bool, tolerance: Double) -> (name: String, x: Int, y: Int, alpha: Double)? {
        let side = max(1, min(image.width, image.height) / 32)
        let corners = [("top left", 0, 0), ("top right", image.width - side, 0), ("bottom left", 0, image.height - side),
                       ("bottom right", image.width - side, image.height - side)]
        for (name, x0, y0) in corners {
            for y in y0..<(y0 + side) {
                for x in x0..<(x0 + side) {
                    let alpha = Double(image.pixel(x, y).alpha) / 257
                    if (alpha > tolerance) == opaque { return (name, x, y, alpha) }
                }
            }
        }
        return nil
    }

    /// `images` entries, when the token's own value writes them (an alias of a whole icon reports at its target).
    var writtenImages: [IconValue.NamedImage] { token.writes("images") ? value.images : [] }

    /// Layer images, back to front.
    var layers: [IconValue.Image]? { value.layers?.images }

    /// Whether the layers name a background (first in a list, or a `background` key).
    var hasBackgroundLayer: Bool { value.layers?.hasBackground ?? false }

    var size: (width: Double, height: Double)? { value.size }

    /// The fields of every icon token of this `kind`, in path order.
    static func icons(_ context: RuleContext, kind: String) -> [IconFields] {
        context.icons(kind: kind).compactMap { token in
            token.typedValue(in: Appearance.light)?.icon.map { IconFields(token: token, value: $0, context: context) }
        }
    }
}
