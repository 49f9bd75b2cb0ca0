// Stub of XcodeProjectPlugin, the module Xcode gives a package plugin when it runs on an Xcode project target,
// for type-checking Plugins/TokencPlugin on Linux. Not Apple's code: declarations only, as Xcode 16's module
// interface declares them (XcodeProjectPlugin.swiftmodule in Xcode's toolchain); the guide is
// https://developer.apple.com/documentation/xcode/writing-a-build-tool-plugin
import Foundation
import PackagePlugin

/// A plugin that makes build commands for a target of an Xcode project (the counterpart of `BuildToolPlugin`).
public protocol XcodeBuildToolPlugin {
    /// The commands that generate files for `target`, run by Xcode's build system as needed.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
}

/// What Xcode tells a plugin about the project it runs on.
public struct XcodePluginContext {
    /// The project the target belongs to.
    public let xcodeProject: XcodeProject
    /// A folder the plugin may write into, its outputs' home.
    public let pluginWorkDirectoryURL: URL

    /// A command-line tool the plugin may run: an executable target of the plugin's package, or a binary target.
    public func tool(named name: String) throws -> PluginContext.Tool { fatalError("stub") }
}

/// An Xcode project.
public struct XcodeProject {
    /// The project's name.
    public let displayName: String
    /// The folder that holds the `.xcodeproj`.
    public let directoryURL: URL
    /// The project's targets.
    public let targets: [XcodeTarget]
}

/// A target of an Xcode project.
public struct XcodeTarget {
    /// The target's name.
    public let displayName: String
    /// The files the target's build phases take in: its sources and resources.
    public let inputFiles: FileList
}
