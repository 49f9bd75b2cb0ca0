// swift-tools-version: 6.1
import PackageDescription

// One pipeline, one direction: load → tree/resolve → check → render → write.
// Stage modules depend only on TokenModel and the color science (TokenColor), the rules also on the PNG decoder
// (ImageDecoding, the only module that links zlib) and Locks; TokencKit composes them; tokenc is
// the CLI. SourceData holds locations and scalars; SourceTree the located YAML nodes, which only the loader, the
// resolver and TokencKit import. Locks holds the lock and the bounded memo the color memo and the build's shared
// tables use.

// The default build needs libyaml alone. With TOKENC_MIMALLOC=1 the tokenc executable links mimalloc on Linux
// (libmimalloc-dev), which then serves every allocation; docs/performance.md gives its measured gain. Never
// under a sanitizer (script/test sets TOKENC_SANITIZER), which brings its own malloc.
let linksMimalloc = Context.environment["TOKENC_MIMALLOC"] == "1" && Context.environment["TOKENC_SANITIZER"] == nil

// A module sees a member only where it imports the module that declares it (SE-0444).
let typedValuesOnly: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "tokenc",
    // macOS 13 brings the newest API tokenc uses (ContinuousClock, String.replacing); a shared value is a
    // LockedValue, not Synchronization.Mutex, which needs macOS 15.
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "tokenc", targets: ["tokenc"]),
        // No library product: TokencKit's public declarations serve this package's command line, fuzzing module
        // and tests, with no promise of stability to anyone else (CONTRIBUTING.md, "Layout").
        .plugin(name: "TokencPlugin", targets: ["TokencPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // zlib, for the PNG decoder alone (present on every Mac; Debian's zlib1g-dev).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .target(name: "Locks"),
        .target(name: "ImageDecoding", dependencies: ["CZlib"]),
        .target(name: "TokenColor", dependencies: ["Locks"]),
        .target(name: "SourceData", dependencies: ["Locks"]),
        .target(name: "SourceTree", dependencies: ["SourceData"]),
        .target(name: "TokenModel", dependencies: ["SourceData", "SourceTree", "TokenColor", "Locks"]),
        .target(name: "TokenLoader", dependencies: ["SourceData", "SourceTree", "TokenModel", "CYAML"]),
        .target(name: "TokenResolver", dependencies: ["SourceData", "SourceTree", "TokenModel", "TokenColor", "Locks"]),
        // The stages after resolution read typed values: they do not import SourceTree, and with
        // MemberImportVisibility the compiler refuses even a member of a node the model keeps for the resolver.
        .target(name: "TokenRules", dependencies: ["SourceData", "TokenModel", "TokenColor", "ImageDecoding", "Locks"], swiftSettings: typedValuesOnly),
        .target(name: "TokenGenerators", dependencies: ["SourceData", "TokenModel", "TokenColor"], swiftSettings: typedValuesOnly),
        .target(name: "TokenDiff", dependencies: ["TokenModel", "TokenColor"], swiftSettings: typedValuesOnly),
        // `tokenc migrate`'s edits: read from the located nodes of a file, as the loader made them.
        .target(name: "TokenMigration", dependencies: ["SourceData", "SourceTree", "TokenModel", "TokenColor"]),
        .target(
            name: "TokencKit",
            dependencies: ["SourceData", "SourceTree", "TokenModel", "TokenColor", "Locks", "TokenLoader", "TokenResolver", "TokenRules", "TokenGenerators", "TokenDiff", "TokenMigration"]
        ),
        .executableTarget(
            name: "tokenc",
            dependencies: [
                "TokencKit", "TokenModel", "Locks",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ] + (linksMimalloc ? [.target(name: "CMimalloc", condition: .when(platforms: [.linux]))] : [])
        ),
        // The fuzzing harnesses' targets, apart from TokencKit: the fuzzer runs them, and the tests replay what it found.
        .target(name: "TokencFuzzing", dependencies: ["TokencKit", "TokenModel", "TokenColor", "TokenLoader", "TokenGenerators", "TokenDiff", "ImageDecoding"]),
        .executableTarget(name: "tokenc-fuzz", dependencies: ["TokencFuzzing"]),
        // libyaml alone, the benchmark's floor (Benchmarks/README.md); not part of the pipeline.
        .executableTarget(name: "yaml-floor", dependencies: ["CYAML"], path: "Benchmarks/YAMLFloor"),
        // The built-in CSS template against the same text built directly in Swift (Benchmarks/README.md).
        .executableTarget(name: "template-cost", dependencies: ["TokencKit", "TokenGenerators"], path: "Benchmarks/TemplateCost"),
        .plugin(name: "TokencPlugin", capability: .buildTool(), dependencies: ["tokenc"]),
        .testTarget(name: "TokenModelTests", dependencies: ["SourceData", "SourceTree", "TokenColor", "Locks", "TokenModel"]),
        .testTarget(name: "TokenGeneratorsTests", dependencies: ["SourceData", "SourceTree", "TokenColor", "Locks", "TokenGenerators", "TokenModel"]),
        .testTarget(name: "TokenLoaderTests", dependencies: ["SourceData", "SourceTree", "TokenColor", "Locks", "TokenLoader", "TokenModel"]),
        .testTarget(name: "TokenResolverTests", dependencies: ["SourceData", "SourceTree", "TokenColor", "Locks", "TokenResolver", "TokenLoader", "TokenModel"]),
        .testTarget(name: "TokenRulesTests", dependencies: ["SourceData", "SourceTree", "TokenColor", "Locks", "TokenRules", "TokenModel", "ImageDecoding"]),
        .testTarget(name: "TokenMigrationTests", dependencies: ["SourceData", "SourceTree", "TokenMigration", "TokenLoader", "TokenModel"]),
        .testTarget(name: "TokenDiffTests", dependencies: ["SourceData", "SourceTree", "TokenColor", "Locks", "TokenDiff", "TokenResolver", "TokenLoader", "TokenModel"]),
        .testTarget(name: "TokencKitTests", dependencies: ["SourceData", "SourceTree", "TokenColor", "Locks", "TokencKit", "TokenModel", "TokenRules", "TokenGenerators", "tokenc", "TokencFuzzing"]),
    ],
    swiftLanguageModes: [.v6]
)

if linksMimalloc {
    package.targets.append(.systemLibrary(name: "CMimalloc", providers: [.apt(["libmimalloc-dev"])]))
}
