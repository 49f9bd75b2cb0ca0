import TokenModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names nearly every token file repeats (DTCG's keys, the appearances, the types), each made once: a
/// scalar that is one of them is that string, found by its length and bytes, instead of a new string checked
/// as UTF-8 (half a file's scalars are these keys). A name held this way is the very string the stages
/// compare it with (`Appearance.lightHighContrast`), which `==` finds equal without reading the bytes.
enum CommonNames {
    /// The names, with their UTF-8, grouped by length.
    private static let byLength: [[(bytes: [UInt8], string: String)]] = {
        let names = ["$value", "$type", "$description", "$extensions", "$deprecated", "$schema", "$root", "$ref",
                     "mode", "tokenc", "on", "text", "large-text", "role", "platforms", "ignore", "rule", "reason",
                     "value", "unit", "px", "rem", "ms", "s"]
            + Appearance.builtIn + TokenType.allCases.map(\.rawValue)
        var groups = [[(bytes: [UInt8], string: String)]](repeating: [], count: 24)
        for name in names where name.utf8.count < groups.count && !groups[name.utf8.count].contains(where: { $0.string == name }) {
            groups[name.utf8.count].append((Array(name.utf8), name))
        }
        return groups
    }()

    /// The common name these bytes spell, if they spell one.
    static func string(for bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count < byLength.count else { return nil }
        for candidate in byLength[bytes.count] where candidate.bytes[0] == bytes[0] {
            if candidate.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) {
                return candidate.string
            }
        }
        return nil
    }
}
