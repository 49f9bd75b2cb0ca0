import Foundation
import TokenGenerators

/// What writing the outputs changed.
public struct WriteSummary: Sendable, Equatable {
    /// Files written because they were new or their bytes changed.
    public var written: [String] = []
    /// Files left alone because their bytes were already right.
    public var unchanged: [String] = []
}

/// Writes generated files under one output folder: atomically, only when bytes changed, never outside the folder.
public struct OutputWriter: Sendable {
    /// The output folder.
    public var folder: String

    /// Creates a writer for `folder`.
    public init(folder: String) { self.folder = folder }

    /// Writes every file; throws before touching anything if a path would leave the folder.
    public func write(_ files: [GeneratedFile]) throws(ToolError) -> WriteSummary {
        for file in files {
            let parts = file.relativePath.split(separator: "/")
            if file.relativePath.hasPrefix("/") || parts.contains("..") || parts.isEmpty {
                throw ToolError("refusing to write \(file.relativePath): outputs stay inside \(folder)")
            }
        }
        var summary = WriteSummary()
        let manager = FileManager.default
        for file in files {
            let target = (folder as NSString).appendingPathComponent(file.relativePath)
            if let existing = manager.contents(atPath: target), existing.elementsEqual(file.contents) {
                summary.unchanged.append(target)
                continue
            }
            let directory = (target as NSString).deletingLastPathComponent
            do {
                try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
                // Write beside the target, then rename: readers never see a half-written file.
                let temporary = (directory as NSString).appendingPathComponent(".\((target as NSString).lastPathComponent).tokenc-tmp")
                try Data(file.contents).write(to: URL(fileURLWithPath: temporary))
                if rename(temporary, target) != 0 {
                    try? manager.removeItem(atPath: temporary)
                    throw ToolError("cannot write \(target): \(String(cString: strerror(errno)))")
                }
            } catch let error as ToolError {
                throw error
            } catch {
                throw ToolError("cannot write \(target): \(error.localizedDescription)")
            }
            summary.written.append(target)
        }
        return summary
    }
}
