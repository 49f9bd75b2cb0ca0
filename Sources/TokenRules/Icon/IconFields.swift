import TokenModel

/// Reads an icon token's fields and the images it names.
struct IconFields {
    let token: ResolvedToken
    let value: Node
    let context: RuleContext

    init(_ token: ResolvedToken, _ context: RuleContext) {
        self.token = token
        self.value = context.value(token, in: Appearance.light)
        self.context = context
    }

    var kind: String? { value["kind"]?.string }
    var platform: String? { value["platform"]?.string }
    func location(_ field: String) -> SourceLocation { token.token.value[field]?.location ?? token.token.location }

    /// An image named by a path string node: its header, or a finding when it cannot be read.
    func image(_ node: Node) -> (header: ImageHeader?, bytes: Int, problem: String?) {
        guard let path = node.string else { return (nil, 0, "an image must be a file path") }
        guard let bytes = context.readFile(path, token.token.location.file) else {
            return (nil, 0, "cannot read `\(path)`: image paths are relative to the token file and stay inside the project")
        }
        guard let header = ImageHeader.read(bytes) else { return (nil, bytes.count, "`\(path)` is not a PNG, GIF or JPEG image") }
        return (header, bytes.count, nil)
    }

    /// `images` entries as (key, node).
    var images: [MappingEntry] { value["images"]?.mappingEntries ?? [] }
    /// Written `images` entries, for locations.
    var writtenImages: [MappingEntry] { token.token.value["images"]?.mappingEntries ?? [] }

    /// Layer image nodes, back to front.
    var layers: [Node]? {
        if let list = value["layers"]?.sequenceItems { return list }
        if let map = value["layers"]?.mappingEntries { return map.map(\.value) }
        return nil
    }

    /// Whether the layers name a background (first in a list, or a `background` key).
    var hasBackgroundLayer: Bool {
        if let map = value["layers"]?.mappingEntries { return map.contains { $0.key == "background" } }
        return (value["layers"]?.sequenceItems?.count ?? 0) > 0
    }

    var size: (width: Double, height: Double)? {
        guard let w = value["size"]?["width"]?.number, let h = value["size"]?["height"]?.number else { return nil }
        return (w, h)
    }

    /// The fields of every icon token of this `kind`, in path order.
    static func icons(_ context: RuleContext, kind: String) -> [IconFields] {
        context.icons(kind: kind).map { IconFields($0, context) }
    }
}
