package import SourceTree
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TokenColor
import Locks

/// A color token's value: a concrete color, or a reference to an Apple system color.
public enum ColorValue: Sendable {
    case color(Color)
    case system(SystemColor)

    /// The concrete color in an appearance (system colors take their documented value for the mode).
    public func color(in mode: String) -> Color {
        switch self {
        case .color(let color): color
        case .system(let system): system.value(for: mode)
        }
    }

    /// `{system.NAME}`'s NAME when the text is a system color reference.
    public static func systemName(_ text: String) -> String? {
        // Most texts are hex colors: the first byte settles it before the prefix comparison.
        guard text.utf8.first == UInt8(ascii: "{"), text.hasPrefix("{system."), text.hasSuffix("}") else { return nil }
        return String(text.dropFirst("{system.".count).dropLast())
    }

    /// Reads a resolved value node: a CSS color string, `{system.NAME}`, or a DTCG color object.
    package static func parse(_ node: Node) -> Result<ColorValue, ColorSyntax.Problem> {
        if let text = node.string { return parse(text: text) }
        return parseObject(node)
    }

    /// Reads a color string: hex, CSS syntax or `{system.NAME}`.
    static func parse(text: String) -> Result<ColorValue, ColorSyntax.Problem> {
        // Hex reads faster than the memo's look-up; everything else is parsed once per process.
        if let color = ColorSyntax.fastHex(text) { return .success(.color(color)) }
        return parsedTexts.value(for: text) { parseText(text) }
    }

    /// Reads a color string: CSS syntax or `{system.NAME}`.
    static func parseText(_ text: String) -> Result<ColorValue, ColorSyntax.Problem> {
        if let name = systemName(text) {
            guard let system = SystemColors.named(name) else {
                let suggestion = NearestSystemName.find(name)
                return .failure(ColorSyntax.Problem(message: "`\(name)` is not a system color tokenc knows",
                                                    fix: suggestion.map { "did you mean `{system.\($0)}`?" }
                                                        ?? "use a name from docs/system-colors.md, such as `{system.systemBlue}`"))
            }
            return .success(.system(system))
        }
        return ColorSyntax.parse(text).map(ColorValue.color)
    }

    /// Reads a value as data: a CSS color string, `{system.NAME}`, or a DTCG color object.
    public static func parse(_ value: PlainValue) -> Result<ColorValue, ColorSyntax.Problem> {
        if let text = value.string { return parse(text: text) }
        return parseObject(value)
    }

    /// Reads a DTCG color object (`colorSpace`, `components`, `alpha`).
    static func parseObject(_ node: Node) -> Result<ColorValue, ColorSyntax.Problem> { parseObject(PlainValue(node)) }

    /// Reads a DTCG color object (`colorSpace`, `components`, `alpha`) as data.
    static func parseObject(_ node: PlainValue) -> Result<ColorValue, ColorSyntax.Problem> {
        guard let space = node["colorSpace"]?.string.flatMap(ColorSpace.init(rawValue:)),
              let items = node["components"]?.items, items.count == 3
        else {
            return .failure(ColorSyntax.Problem(message: "expected a color string or a DTCG color object with `colorSpace` and `components`"))
        }
        var components: [Double] = []
        for item in items {
            if item.string == "none" { components.append(.nan) } else if let n = item.number { components.append(n) } else {
                return .failure(ColorSyntax.Problem(message: "a component must be a number or \"none\""))
            }
        }
        let alpha = node["alpha"]?.number ?? 1
        return .success(.color(Color(space, components[0], components[1], components[2], alpha: alpha)))
    }

    /// A DTCG color object as the CSS color it means, its numbers as written (`oklch(0.6 0.15 250)`,
    /// `hsl(210 50% 40%)`, `color(display-p3 1 0 0 / 0.5)`), for people reading a value; nil for anything else.
    package static func cssText(ofObject node: Node) -> String? {
        guard let space = node["colorSpace"]?.string.flatMap(ColorSpace.init(rawValue:)),
              let items = node["components"]?.sequenceItems, items.count == 3 else { return nil }
        var parts: [String] = []
        for (index, item) in items.enumerated() {
            guard let text = item.scalarText, item.string == "none" || item.number != nil else { return nil }
            // hsl() and hwb() write their second and third components as percentages; DTCG gives them 0…100.
            parts.append(text != "none" && index > 0 && (space == .hsl || space == .hwb) ? text + "%" : text)
        }
        let alpha = node["alpha"].flatMap { $0.number == 1 ? nil : $0.scalarText }.map { " / " + $0 } ?? ""
        switch space {
        case .hsl, .hwb, .lab, .lch, .oklab, .oklch: return "\(space.rawValue)(\(parts.joined(separator: " "))\(alpha))"
        default: return "color(\(space.rawValue) \(parts.joined(separator: " "))\(alpha))"
        }
    }
}

/// Color strings already parsed in this process: the validator, every rule and every generator read the
/// same value in every appearance, and a string always parses to the same color.
private let parsedTexts = BoundedMemo<String, Result<ColorValue, ColorSyntax.Problem>>(limit: 1 << 18)

/// Suggests a system color name for a misspelt one (case-insensitive first, then by edit distance).
enum NearestSystemName {
    static func find(_ name: String) -> String? {
        if let exact = SystemColors.named(ignoringCase: name) { return exact.name }
        // `blue` for `systemBlue`: SwiftUI's and AppKit's short names for the tint colors.
        if let tint = SystemColors.named(ignoringCase: "system" + name) { return tint.name }
        return NearestName.find(name, in: SystemColors.all.map(\.name))
    }
}
