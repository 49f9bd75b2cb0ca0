import SourceTree
import TokenModel

extension ValueReader {
    /// An `icon`: `{ kind, platform?, image?, selected?, dark?, tinted?, images?, layers?, size?, scales?, size-class?,
    /// description? }`, `description` as text or text per locale. Whether the images exist and have the right size is the rules' business.
    mutating func icon(_ node: Node) -> IconValue? {
        let start = problems.count
        guard let fields = object(node, required: ["kind"],
                                  optional: ["platform", "image", "selected", "dark", "tinted", "images", "layers", "size", "scales",
                                             "size-class", "description"],
                                  example: "{ kind: app-icon, platform: ios, image: AppIcon-1024.png }") else { return nil }
        var texts: [String: Located<String>] = [:]
        for key in ["kind", "platform", "image", "selected", "dark", "tinted", "size-class"] {
            if let text = name(fields, key) { texts[key] = text }
        }
        var localized: [IconValue.LocalizedText] = []
        if let written = fields["description"] {
            if let text = written.string {
                texts["description"] = Located(text, at: written.location)
            } else if let entries = written.mappingEntries, entries.allSatisfy({ $0.value.string != nil }) {
                localized = entries.map { IconValue.LocalizedText(locale: $0.key, text: $0.value.string!, location: $0.value.location) }
                if let first = localized.first { texts["description"] = Located(first.text, at: written.location) }
            } else {
                fail("`description` must be text, or text per locale such as { en: \"Party popper\", fr: \"Cotillon\" }", written)
            }
        }
        func image(_ key: String) -> IconValue.Image? { texts[key].map { IconValue.Image(path: $0.value, location: $0.location) } }
        var images: [IconValue.NamedImage] = []
        if let map = fields["images"] {
            if let entries = map.mappingEntries, entries.allSatisfy({ $0.value.string != nil }) {
                images = entries.map { IconValue.NamedImage(key: $0.key, keyLocation: $0.keyLocation, image: IconValue.Image(path: $0.value.string, location: $0.value.location)) }
            } else {
                fail("`images` must map sizes such as \"16@2x\" to image paths", map)
            }
        }
        var layers: IconValue.Layers?
        if let written = fields["layers"] {
            if let items = written.sequenceItems {
                layers = .list(items.map { IconValue.Image(path: $0.string, location: $0.location) })
            } else if let entries = written.mappingEntries {
                layers = .named(entries.map { IconValue.NamedImage(key: $0.key, keyLocation: $0.keyLocation, image: IconValue.Image(path: $0.value.string, location: $0.value.location)) })
            } else {
                fail("`layers` must list the image layers, back to front", written)
            }
        }
        var size: (width: Double, height: Double)?
        if let written = fields["size"], let sizeFields = object(written, required: ["width", "height"], optional: [],
                                                                 example: "{ width: 24, height: 24 }") {
            var lengths: [Double] = []
            for key in ["width", "height"] {
                if let length = sizeFields[key]!.number, length > 0, length.isFinite { lengths.append(length) } else {
                    fail("`\(key)` must be a positive number of points", sizeFields[key]!)
                }
            }
            if lengths.count == 2 { size = (lengths[0], lengths[1]) }
        }
        // Apple's image scales are @1x, @2x and @3x; the Swift output lists them as `Int`s.
        var scales: [Int] = []
        if let written = fields["scales"] {
            if let items = written.sequenceItems, items.allSatisfy({ [1, 2, 3].contains($0.number ?? 0) }) { scales = items.map { Int($0.number!) } } else {
                fail("`scales` must list scale factors 1, 2 or 3, such as [2, 3]", written)
            }
        }
        return clean(since: start) {
            IconValue(kind: texts["kind"]!.value, platform: texts["platform"]?.value, image: image("image"), dark: image("dark"),
                      tinted: image("tinted"), images: images, layers: layers, size: size, scales: scales,
                      sizeClass: texts["size-class"]?.value, description: texts["description"]?.value,
                      descriptionLocation: texts["description"]?.location, localizedDescriptions: localized, selected: image("selected"),
                      location: node.location)
        }
    }
}
