// The benchmark's floor: libyaml alone parsing the same files tokenc reads (Benchmarks/README.md).
// It reads each file of the folders it is given and pulls every event from libyaml's parser, nothing more.
import CYAML
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file, or exits with a message.
func readFile(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else {
        print("yaml-floor: cannot open \(path)")
        exit(2)
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count == 0 { break }
        bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
}

/// The `.yaml`, `.yml` and `.json` files directly inside `folder`, sorted.
func tokenFiles(in folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [folder] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafePointer(to: entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
        if name.hasSuffix(".yaml") || name.hasSuffix(".yml") || name.hasSuffix(".json") { names.append(folder + "/" + name) }
    }
    return names.sorted()
}

/// Parses `bytes` to the end of the stream; returns the number of events.
func countEvents(_ bytes: [UInt8]) -> Int {
    var parser = yaml_parser_t()
    yaml_parser_initialize(&parser)
    defer { yaml_parser_delete(&parser) }
    var events = 0
    bytes.withUnsafeBufferPointer { buffer in
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
        var event = yaml_event_t()
        while yaml_parser_parse(&parser, &event) == 1 {
            events += 1
            let done = event.type == YAML_STREAM_END_EVENT
            yaml_event_delete(&event)
            if done { break }
        }
    }
    return events
}

var events = 0
var files = 0
for folder in CommandLine.arguments.dropFirst() {
    for path in tokenFiles(in: folder) {
        events += countEvents(readFile(path))
        files += 1
    }
}
print("\(files) files, \(events) events")
