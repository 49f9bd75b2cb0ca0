// swift-tools-version: 6.1
import PackageDescription

// An app-side package that gets its theme code from tokenc's build-tool plugin.
let package = Package(
    name: "ThemeConsumer",
    dependencies: [
        .package(name: "tokenc", path: "../.."),
    ],
    targets: [
        .target(
            name: "ThemeKit",
            exclude: ["Tokens", "Brand", "Templates"],
            plugins: [.plugin(name: "TokencPlugin", package: "tokenc")]
        ),
        .testTarget(name: "ThemeKitTests", dependencies: ["ThemeKit"]),
    ]
)
