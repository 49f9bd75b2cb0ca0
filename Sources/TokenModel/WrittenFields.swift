internal import SourceTree
import SourceData
/// The fields of a token's own `$value` as written, for findings that point where the user typed something:
/// an alias of a whole value writes no fields, and its findings point at the token's name.
extension ResolvedToken {
    /// Where the token's own `$value` is written.
    public var writtenValueLocation: SourceLocation { token.value.location }

    /// Where the value written for `mode` is (its `$extensions.mode` entry, else `$value`).
    public func writtenValueLocation(in mode: String) -> SourceLocation {
        (token.modes.first { $0.name == mode }?.value ?? token.value).location
    }

    /// Whether what is written for `mode` (its `$extensions.mode` entry, else `$value`) is an alias `"{a.b}"`.
    public func writesAlias(in mode: String) -> Bool {
        let written = token.modes.first { $0.name == mode }?.value ?? token.value
        return TokenReference.isAlias(written.string)
    }

    /// Whether the token's own `$value` is the whole alias `"{path}"`, as `writtenValue.path == path` says,
    /// compared in place: the Swift output asks it of every alias, and making the path allocated one.
    public func writesAlias(of path: String) -> Bool {
        guard let text = token.value.string, TokenReference.isAlias(text), ColorValue.systemName(text) == nil else { return false }
        let sameBytes = text.utf8.count == path.utf8.count + 2
            && text.withContiguousUTF8 { written in path.withContiguousUTF8 { written[1..<(written.count - 1)].elementsEqual($0) } }
        if sameBytes { return true }
        // Strings are equal when canonically equivalent (é written as one scalar or as two), whatever their bytes.
        let ascii = text.utf8.allSatisfy { $0 < 0x80 } && path.utf8.allSatisfy { $0 < 0x80 }
        return !ascii && TokenReference.aliasPath(text) == path
    }

    /// Whether the token's own `$value` writes `field`.
    public func writes(_ field: String) -> Bool { token.value[field] != nil }

    /// Where `field` of the token's own `$value` is written; the token's name when the value does not write it.
    public func writtenLocation(of field: String) -> SourceLocation {
        token.value[field]?.location ?? token.location
    }

    /// The items of `field` as written in the token's own `$value` (the field itself when it is not a list), each
    /// with its text when it is a string (`"{color.surface}"`).
    public func writtenItems(of field: String) -> [Located<String?>] {
        guard let node = token.value[field] else { return [] }
        return (node.sequenceItems ?? [node]).map { Located($0.string, at: $0.location) }
    }

    /// The entries of the mapping `field` as written in the token's own `$value`: each key, where it is and where
    /// its value is.
    public func writtenEntries(of field: String) -> [WrittenEntry] {
        (token.value[field]?.mappingEntries ?? []).map { WrittenEntry(key: $0.key, keyLocation: $0.keyLocation, valueLocation: $0.value.location) }
    }
}

/// One entry of a mapping field as written.
public struct WrittenEntry: Sendable {
    /// The key.
    public var key: String
    /// Where the key is written.
    public var keyLocation: SourceLocation
    /// Where its value is written.
    public var valueLocation: SourceLocation
}

/// A value as its token file wrote it, aliases unresolved, seen only for where it names another token: the
/// outputs that keep an alias as a reference (`var(--target)`, the target's Swift constant) read this, and the
/// value itself typed.
public struct WrittenAliases: Sendable {
    let node: Node

    /// The token path the value aliases as a whole (`"{color.brand}"`); nil for anything else, a system color
    /// (`{system.systemBlue}`, no token) and a `$ref` object included.
    public var path: String? {
        guard let text = node.string, ColorValue.systemName(text) == nil else { return nil }
        return TokenReference.aliasPath(text)
    }

    /// Whether the value is written as a system color reference, `"{system.NAME}"`.
    public var namesSystemColor: Bool { node.string.map { ColorValue.systemName($0) != nil } ?? false }

    /// The part written at `key` of an object.
    public subscript(key: String) -> WrittenAliases? { node[key].map(WrittenAliases.init) }

    /// Whether the value is written as a list.
    public var isList: Bool { node.sequenceItems != nil }

    /// Item `index` of a written list; nil when the value is not a list or has no such item.
    public func listItem(_ index: Int) -> WrittenAliases? {
        guard let items = node.sequenceItems, index < items.count else { return nil }
        return WrittenAliases(node: items[index])
    }

    /// Item `index` of a written list of `count` items (one object written alone is a list of one); nil when the
    /// written list does not line up with the resolved one.
    public func item(_ index: Int, of count: Int) -> WrittenAliases? {
        let items = node.sequenceItems ?? [node]
        return items.count == count ? WrittenAliases(node: items[index]) : nil
    }
}

/// A token's values as written, by mode: its own mode's value, else its `$value` (the light one).
public struct WrittenModes {
    private let token: Token
    /// The modes by name (walking them for each of a hostile token's thousands was quadratic).
    private let byName: FirstIndexByKey<String>

    /// The written values of `token`.
    public init(_ token: ResolvedToken) {
        self.token = token.token
        byName = FirstIndexByKey(token.token.modes) { $0.name }
    }

    /// The value written for `mode`.
    public func callAsFunction(_ mode: String) -> WrittenAliases {
        guard mode != Appearance.light, let index = byName.index(of: mode, in: token.modes, key: { $0.name }) else {
            return WrittenAliases(node: token.value)
        }
        return WrittenAliases(node: token.modes[index].value)
    }
}

extension ResolvedToken {
    /// The token's `$value` as written.
    public var writtenValue: WrittenAliases { WrittenAliases(node: token.value) }

    /// The modes the token writes itself (`$extensions.mode`), in the order written, each with its value as written.
    public var writtenModes: [(name: String, value: WrittenAliases)] {
        token.modes.map { ($0.name, WrittenAliases(node: $0.value)) }
    }

    /// The token's `$value` as written, as data (aliases unresolved).
    public var writtenPlainValue: PlainValue { PlainValue(token.value) }

    /// The modes the token writes itself, in the order written, each with its value as written, as data.
    public var writtenPlainModes: [(name: String, value: PlainValue)] {
        token.modes.map { ($0.name, PlainValue($0.value)) }
    }

    /// Whether the token writes any mode of its own (`$extensions.mode`).
    public var writesModes: Bool { !token.modes.isEmpty }
}
