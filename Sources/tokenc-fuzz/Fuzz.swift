// libFuzzer harness for the whole compile pipeline in memory (docs/fuzzing.md).
// script/fuzz builds it with -DFUZZING and -sanitize=fuzzer,address; an ordinary build only says how.
import TokencKit

/// Runs load → tree → resolve → check → render on one input, as YAML and as JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    for name in ["fuzz.yaml", "fuzz.json"] {
        _ = Pipeline().run(files: [name], sources: [name: bytes], render: true)
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
        print("build with script/fuzz to get the libFuzzer harness")
        #endif
    }
}

#if FUZZING
@_silgen_name("exit")
func exit(_ status: CInt) -> Never
#endif
