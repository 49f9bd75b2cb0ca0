import Locks
/// A position in a token file, 1-based like the lines and columns people count.
///
/// Twelve bytes and no reference: the file is a number in the process's table of file names, so
/// copying one of the millions of nodes that carry a location retains nothing.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file's number in `SourceFileNames` (one number per name for the whole process).
    public let fileID: UInt32
    private let storedLine: UInt32
    private let storedColumn: UInt32

    /// The file as the user named it (relative paths stay relative).
    public var file: String { SourceFileNames.shared.name(fileID) }
    /// The 1-based line.
    public var line: Int { Int(storedLine) }
    /// The 1-based column, counted in Unicode scalars.
    public var column: Int { Int(storedColumn) }

    /// Creates a location from 1-based line and column numbers.
    public init(file: String, line: Int, column: Int) {
        self.init(fileID: SourceFileNames.shared.id(file), line: line, column: column)
    }

    /// Creates a location in a file already numbered: a loader numbers its file once, not once per node.
    public init(fileID: UInt32, line: Int, column: Int) {
        self.fileID = fileID
        storedLine = UInt32(clamping: line)
        storedColumn = UInt32(clamping: column)
    }

    /// `file:line:column`, the form editors and CI systems parse.
    public var description: String { "\(file):\(line):\(column)" }

    /// By file name, then line, then column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.fileID != rhs.fileID { return lhs.file < rhs.file }
        return (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
    }
}

/// The file names locations refer to, numbered in the order the process first meets them.
public final class SourceFileNames: Sendable {
    /// The process's table.
    public static let shared = SourceFileNames()
    private let table = LockedValue(Table())

    private struct Table {
        var names: [String] = []
        var ids: [String: UInt32] = [:]
    }

    /// The number of `name`, given one the first time it is asked for.
    public func id(_ name: String) -> UInt32 {
        table.withLock { table in
            if let id = table.ids[name] { return id }
            let id = UInt32(table.names.count)
            table.names.append(name)
            table.ids[name] = id
            return id
        }
    }

    /// The name numbered `id`.
    public func name(_ id: UInt32) -> String {
        table.withLock { $0.names[Int(id)] }
    }

    /// Every name so far, indexed by number: for a reporter that names thousands of locations on several
    /// threads at once (taking the lock for each made the two halves of a long report wait for each other).
    public func snapshot() -> [String] {
        table.withLock { $0.names }
    }
}
