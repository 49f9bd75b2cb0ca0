// swift-tools-version: 6.1
import PackageDescription

// An app-side package that gets its theme code from tokenc's build-tool plugin. By default the plugin runs a
// tokenc built from source (the dependency on tokenc's package). With TOKENC_PLUGIN_BUNDLE=1 it runs the
// prebuilt binary of the artifact bundle that script/release makes, put in Binaries/ (what a plugin package
// shipping the binary gives its users; docs/plugin.md): the plugin target is then this package's own, the same
// source as tokenc's (Plugins/TokencPlugin links to it). script/check-plugin builds both and compares them.
let usesBundle = Context.environment["TOKENC_PLUGIN_BUNDLE"] == "1"

let themeKit = Target.target(
    name: "ThemeKit",
    exclude: ["Tokens", "Brand", "Templates"],
    plugins: [usesBundle ? .plugin(name: "TokencPlugin") : .plugin(name: "TokencPlugin", package: "tokenc")]
)

let package = Package(
    name: "ThemeConsumer",
    dependencies: usesBundle ? [] : [.package(name: "tokenc", path: "../..")],
    targets: [themeKit, .testTarget(name: "ThemeKitTests", dependencies: ["ThemeKit"])] + (usesBundle ? [
        .binaryTarget(name: "tokenc", path: "Binaries/tokenc.artifactbundle.zip"),
        .plugin(name: "TokencPlugin", capability: .buildTool(), dependencies: ["tokenc"]),
    ] : [])
)
