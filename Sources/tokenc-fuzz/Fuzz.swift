// libFuzzer harnesses for tokenc (docs/fuzzing.md): TOKENC_FUZZ=pipeline (the default), loader, renderer, png or lsp.
// script/fuzz builds them with -DFUZZING and -sanitize=fuzzer,address; an ordinary build only says how.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TokencFuzzing

/// The harness the `TOKENC_FUZZ` environment variable chose.
enum Harness: String {
    case pipeline, loader, renderer, png, lsp

    static let selected: Harness = {
        guard let name = getenv("TOKENC_FUZZ") else { return .pipeline }
        return Harness(rawValue: String(cString: name)) ?? .pipeline
    }()
}

/// libFuzzer's entry point: one input through the selected harness.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    switch Harness.selected {
    case .pipeline: FuzzTargets.pipeline(bytes)
    case .loader: FuzzTargets.loader(bytes)
    case .renderer: FuzzTargets.renderer(bytes)
    case .png: FuzzTargets.png(bytes)
    case .lsp: FuzzTargets.languageServer(bytes)
    }
    return 0
}

#if FUZZING
/// libFuzzer's driver, for executables that keep their own `main` (SwiftPM renames an executable's main).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
#endif

@main
struct FuzzMain {
    static func main() {
        #if FUZZING
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        let status = withUnsafeMutablePointer(to: &argv) { pointer in
            runFuzzerDriver(&argc, UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?.self)) { data, size in
                fuzzOneInput(data, size)
            }
        }
        exit(status)
        #else
        print("build with script/fuzz to get the libFuzzer harnesses")
        #endif
    }
}
