import SourceData
import SourceTree
import TokenColor
import TokenModel

/// One textual replacement in a token file: the bytes in `range` become `replacement`.
public struct TextEdit: Equatable, Sendable {
    /// The byte range replaced.
    public var range: Range<Int>
    /// The text written in its place.
    public var replacement: String
    /// Where the replaced text starts.
    public var location: SourceLocation
    /// What the edit does, in a few words (`"16px" becomes a dimension object`).
    public var reason: String

    /// Creates an edit.
    public init(range: Range<Int>, replacement: String, location: SourceLocation, reason: String) {
        self.range = range
        self.replacement = replacement
        self.location = location
        self.reason = reason
    }

    /// The first two of `edits` whose ranges overlap (an insertion inside a replaced range counts), in file order.
    public static func firstOverlap(_ edits: [TextEdit]) -> (TextEdit, TextEdit)? {
        let sorted = inFileOrder(edits)
        for (a, b) in zip(sorted, sorted.dropFirst()) where b.range.lowerBound < a.range.upperBound {
            return (a, b)
        }
        return nil
    }

    /// `edits` in the order they apply: by where they start, an insertion before a replacement starting at the
    /// same byte, and edits alike in both in the order they were made.
    public static func inFileOrder(_ edits: [TextEdit]) -> [TextEdit] {
        edits.enumerated().sorted { a, b in
            (a.element.range.lowerBound, a.element.range.upperBound, a.offset) < (b.element.range.lowerBound, b.element.range.upperBound, b.offset)
        }.map(\.element)
    }

    /// `bytes` with `edits` applied; the edits must not overlap (`firstOverlap`).
    public static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.replacement.utf8.count })
        var at = 0
        for edit in inFileOrder(edits) {
            result += bytes[at..<edit.range.lowerBound]
            result += Array(edit.replacement.utf8)
            at = edit.range.upperBound
        }
        result += bytes[at...]
        return result
    }
}

/// A value migrate leaves as it is, and why: the user decides (`1.5em` has no exact pixel size without a
/// font size; a type with no DTCG equivalent).
public struct MigrationNote: Equatable, Sendable {
    /// Where the value is.
    public var location: SourceLocation
    /// The token's path.
    public var path: String
    /// What was left, and what the user can do.
    public var message: String

    /// Creates a note.
    public init(location: SourceLocation, path: String, message: String) {
        self.location = location
        self.path = path
        self.message = message
    }
}

/// What an edited token must hold once the edits are applied, checked by reading the file again.
public struct MigrationExpectation: Equatable, Sendable {
    /// The keys from the file's root to the value (`["space", "m", "$value"]`).
    public var keys: [String]
    /// What the value must be.
    public var value: Expected

    /// What an edited value must be.
    public enum Expected: Equatable, Sendable {
        /// A dimension or duration object with this number and unit.
        case measure(Double, unit: String)
        /// A scalar with this text.
        case text(String)
        /// No value: the key was removed.
        case absent
        /// A color object that reads as the same color as this CSS color string.
        case color(String)
    }

    /// Creates an expectation.
    public init(keys: [String], value: Expected) {
        self.keys = keys
        self.value = value
    }
}

extension MigrationExpectation {
    /// The color a CSS color string (hex, a function, a named color) reads as, as tokenc reads a token's value.
    static func color(_ text: String) -> Color? {
        guard case .success(let value) = ColorValue.parse(.string(text, at: SourceLocation(file: "", line: 1, column: 1))),
              case .color(let color) = value else { return nil }
        return color
    }
}
