/// The fields of a token's own `$value` as written, for findings that point where the user typed something:
/// an alias of a whole value writes no fields, and its findings point at the token's name.
extension ResolvedToken {
    /// Where the token's own `$value` is written.
    public var writtenValueLocation: SourceLocation { token.value.location }

    /// Whether what is written for `mode` (its `$extensions.mode` entry, else `$value`) is an alias `"{a.b}"`.
    public func writesAlias(in mode: String) -> Bool {
        let written = token.modes.first { $0.name == mode }?.value ?? token.value
        return TokenReference.aliasPath(written.string) != nil
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
