/// JSON Pointers (RFC 6901) as token files and resolver documents write them: `#/group/token/$value`, `#/sets/core`.
public enum JSONPointer {
    /// A segment's name: `~1` is `/` and `~0` is `~` (a set named `core/colors` is `#/sets/core~1colors`).
    public static func unescaped(_ segment: Substring) -> String {
        String(segment).replacing("~1", with: "/").replacing("~0", with: "~")
    }

    /// The names of a pointer into the document it is written in (`#/a/b`: `a`, `b`), empty ones kept; nil for a
    /// pointer that does not start with `#/`.
    public static func segments(_ pointer: String) -> [String]? {
        guard pointer.hasPrefix("#/") else { return nil }
        return pointer.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false).map(unescaped)
    }
}
