#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TokencKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Polls token files for changes (`tokenc build --watch`): portable, and cheap for a folder of token files.
struct Watcher: Sendable {
    /// The token folder or file.
    var path: String
    /// Extra files whose changes count (tokenc.yml, templates).
    var extra: [String]

    /// Creates a watcher.
    init(path: String, extra: [String] = []) {
        self.path = path
        self.extra = extra
    }

    /// Each watched file's path with its size and modification time: equal fingerprints mean nothing changed.
    func fingerprint() -> [String: String] {
        let files = ((try? TokenSources.discover(path)) ?? []) + extra
        var out: [String: String] = [:]
        for file in files {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: file) else { continue }
            let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            out[file] = "\(attributes[.size] ?? 0)@\(date)"
        }
        return out
    }

    /// Calls `rebuild` now and after every change, waiting for `quiet` seconds of calm first (debounce). Never returns.
    func run(interval: Double = 0.25, quiet: Double = 0.2, rebuild: () -> Void) -> Never {
        var last = fingerprint()
        rebuild()
        while true {
            usleep(useconds_t(interval * 1_000_000))
            var current = fingerprint()
            guard current != last else { continue }
            // Editors save in several steps: wait until the files stop changing.
            while true {
                usleep(useconds_t(quiet * 1_000_000))
                let settled = fingerprint()
                if settled == current { break }
                current = settled
            }
            last = current
            rebuild()
        }
    }
}
