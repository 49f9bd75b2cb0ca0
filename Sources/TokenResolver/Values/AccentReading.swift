import SourceTree
import TokenModel

extension ValueReader {
    /// An `accent`: `{ color, surfaces?, text-on-accent?, applies-to?, fixed-sidebar-icons? }`. A fixed sidebar
    /// icon's color that is not one is the rules' finding, not an invalid value.
    mutating func accent(_ node: Node) -> AccentValue? {
        let start = problems.count
        guard let fields = object(node, required: ["color"],
                                  optional: ["surfaces", "text-on-accent", "applies-to", "fixed-sidebar-icons"],
                                  example: ##"{ color: "{color.brand}" }"##) else { return nil }
        let color = locatedColor(fields["color"]!)
        var surfaces: [Located<ColorValue>] = []
        if let list = fields["surfaces"] {
            if let items = list.sequenceItems { for item in items { if let surface = locatedColor(item) { surfaces.append(surface) } } } else {
                fail("`surfaces` must be a list of colors", list)
            }
        }
        let textOnAccent = fields["text-on-accent"].flatMap { locatedColor($0) }
        var appliesTo: [String] = []
        if let applies = fields["applies-to"] {
            if let items = applies.sequenceItems, items.allSatisfy({ $0.string != nil }) { appliesTo = items.map { $0.string! } } else {
                fail("`applies-to` must be a list such as [buttons, selection, sidebar-icons]", applies)
            }
        }
        var fixedIcons: [AccentValue.FixedIcon]?
        if let fixed = fields["fixed-sidebar-icons"] {
            if let entries = fixed.mappingEntries {
                fixedIcons = entries.map { entry in
                    let color: ColorValue? = if case .success(let parsed) = ColorValue.parse(entry.value) { parsed } else { nil }
                    return AccentValue.FixedIcon(item: entry.key, color: color, location: entry.value.location)
                }
            } else {
                fail("`fixed-sidebar-icons` must map sidebar items to colors", fixed)
            }
        }
        return clean(since: start) {
            color.map { AccentValue(color: $0, surfaces: surfaces, textOnAccent: textOnAccent, appliesTo: appliesTo,
                                    fixedSidebarIcons: fixedIcons, location: node.location) }
        }
    }
}
