#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TokenGenerators
import TokenColor

/// Remembers the last successful build so that a rebuild with nothing changed skips the pipeline
/// (docs/performance.md). It lives in `.tokenc-cache/` inside the first output folder, with a
/// `.gitignore` of its own, and holds a fingerprint of every input, the size and modification time of
/// every output and input file, and the report the build printed.
public struct BuildCache: Sendable {
    /// The cache folder's name inside the output folder.
    public static let folderName = ".tokenc-cache"

    /// What the last successful build left.
    public struct State: Sendable, Equatable {
        /// The fingerprint of the inputs and options.
        public var fingerprint: String
        /// Files whose size and modification time must be unchanged: outputs, and images the build read.
        public var files: [FileStamp]
        /// The diagnostics report the build printed, as UTF-8 (replayed on a cache hit). Bytes, as it is printed
        /// and stored: a 100,000-token build's report is 4 MB, and making it a `String` validated every byte.
        public var report: [UInt8]
        /// The build's summary line, as printed when every file is unchanged.
        public var summary: String

        /// Creates a state.
        public init(fingerprint: String, files: [FileStamp], report: [UInt8], summary: String) {
            self.fingerprint = fingerprint
            self.files = files
            self.report = report
            self.summary = summary
        }
    }

    /// A file's size and modification time (nanoseconds), or absent.
    public struct FileStamp: Sendable, Equatable {
        /// The path.
        public var path: String
        /// Size and modification time; nil when the file did not exist.
        public var stamp: String?

        /// Stats `path` now.
        public init(path: String) {
            self.path = path
            var info = stat()
            guard stat(path, &info) == 0 else {
                stamp = nil
                return
            }
            // `size seconds.nanoseconds`, appended as digits: interpolating three numbers cost some 1,500
            // instructions, for each output file (ten thousand color sets) at every save and every check.
            var text = ByteBuffer(capacity: 48)
            text.append(decimal: Int(info.st_size))
            text.append(UInt8(ascii: " "))
            // The modification time's field is `st_mtim` in glibc and `st_mtimespec` in Darwin's `stat`.
            #if canImport(Darwin)
            let modified = info.st_mtimespec
            #else
            let modified = info.st_mtim
            #endif
            text.append(decimal: Int(modified.tv_sec))
            text.append(UInt8(ascii: "."))
            text.append(decimal: Int(modified.tv_nsec))
            stamp = text.string
        }

        init(path: String, stamp: String?) {
            self.path = path
            self.stamp = stamp
        }
    }

    /// The state file's path.
    public var statePath: String

    /// A cache inside `outputFolder`.
    public init(outputFolder: String) {
        statePath = PathText.joined(outputFolder, Self.folderName + "/state")
    }

    /// A 64-bit FNV-1a fingerprint of `parts`, each length-prefixed so that boundaries count.
    public static func fingerprint(_ parts: [[UInt8]]) -> String {
        var hash = ContentHash()
        for part in parts {
            hash.append(word: UInt64(part.count))
            hash.append(part)
            hash.endPart()
        }
        return hash.hex
    }

    /// The state when it matches `fingerprint` and no recorded file changed since; nil otherwise.
    public func current(fingerprint: String) -> State? {
        guard let state = load(), state.fingerprint == fingerprint,
              state.files.allSatisfy({ FileStamp(path: $0.path) == $0 })
        else { return nil }
        return state
    }

    /// Reads the state file; nil when it is missing or unreadable.
    func load() -> State? {
        guard let bytes = FileBytes.contents(of: statePath) else { return nil }
        // Header lines, one `file` line per stamp, then the summary and the report after a `report` line.
        let marker = Array("\nreport\n".utf8)
        guard let reportStart = Self.firstRange(of: marker, in: bytes) else { return nil }
        var fingerprint: String?
        var summary: String?
        var files: [FileStamp] = []
        for fields in TabSeparatedLines.fields(bytes[..<reportStart.lowerBound]) {
            switch fields.first {
            case "fingerprint" where fields.count == 2: fingerprint = fields[1]
            case "summary" where fields.count == 2: summary = fields[1]
            case "file" where fields.count == 3: files.append(FileStamp(path: fields[1], stamp: fields[2].isEmpty ? nil : fields[2]))
            default: return nil
            }
        }
        guard let fingerprint, let summary else { return nil }
        return State(fingerprint: fingerprint, files: files, report: Array(bytes[reportStart.upperBound...]), summary: summary)
    }

    /// Where `needle` first occurs in `bytes`: its first byte found by `memchr`, the rest compared by `memcmp` (the
    /// header before the report has a line per output file, ten thousand at 10k with asset catalogs).
    static func firstRange(of needle: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        return bytes.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { wanted in
                let base = haystack.baseAddress!
                var start = 0
                while start + needle.count <= haystack.count,
                      let found = memchr(base + start, Int32(first), haystack.count - needle.count + 1 - start) {
                    let offset = UnsafeRawPointer(found) - base
                    if memcmp(found, wanted.baseAddress!, needle.count) == 0 { return offset..<(offset + needle.count) }
                    start = offset + 1
                }
                return nil
            }
        }
    }

    /// Records a successful build; a failure to write the cache only costs the next build its shortcut.
    public func save(_ state: State) {
        var text = ByteBuffer(capacity: 64 + state.files.count * 96)
        for (key, value) in [("fingerprint\t", state.fingerprint), ("summary\t", state.summary)] {
            text.append(key)
            text.append(value)
            text.append(UInt8(ascii: "\n"))
        }
        for file in state.files where !file.path.utf8.contains(where: { $0 == 9 || $0 == 10 }) {  // no tab, no newline
            text.append(literal: "file\t")
            text.append(file.path)
            text.append(UInt8(ascii: "\t"))
            text.append(file.stamp ?? "")
            text.append(UInt8(ascii: "\n"))
        }
        text.append(literal: "report\n")
        let folder = PathText.parent(statePath)
        // The cache is machine-specific (modification times): its own .gitignore keeps it out of commits.
        try? OutputWriter.atomicWrite(Array("# tokenc's build cache: machine-specific, never commit it.\n*\n".utf8),
                                      to: PathText.joined(folder, ".gitignore"))
        // The report can be megabytes: written after the header where it is, not copied behind it first.
        try? OutputWriter.atomicWrite(parts: [text.array, state.report], to: statePath)
    }

    /// Forgets the last build (a failed build must not leave a stale shortcut).
    public func remove() { unlink(statePath) }
}
