import Foundation
import Testing
@testable import tokenc
import TokencKit
import TokenGenerators
import TokenModel
import Locks

/// `tokenc build`, `validate`, `inspect` and `preview` run in this process: the arguments are parsed by the command itself,
/// its request runs in the build engine, and what the engine prints is collected. Paths are made absolute under
/// the sandbox (no test changes the process's working folder), and the sandbox's root is taken out of what is
/// printed again, so a result reads as the command run in the sandbox prints it. What is about the process
/// itself (exit by signal, standard streams, argument errors) is left to `TokencProcess`.
enum InProcess {
    /// Runs `arguments` (`build`, `validate`, `inspect` or `preview` and their options) on the sandbox at `root`.
    static func run(_ arguments: [String], in root: URL) throws -> TokencProcess.Result {
        let prefix = root.path + "/"
        func inSandbox(_ path: String) -> String { path.hasPrefix("/") ? path : prefix + path }
        let errors = LockedValue(""), output = LockedValue("")
        let engine = BuildEngine(print: { text in errors.withLock { $0 += text } },
                                 printBytes: { bytes in errors.withLock { $0 += String(decoding: bytes, as: UTF8.self) } },
                                 printOutput: { text in output.withLock { $0 += text } })
        var status: Int32 = 0
        do {
            var configuration = try Configuration.load(prefix + Configuration.fileName)
            configuration.tokens = configuration.tokens.map(inSandbox)
            for index in configuration.outputs.indices {
                configuration.outputs[index].destination = configuration.outputs[index].destination.map(inSandbox)
                configuration.outputs[index].template = configuration.outputs[index].template.map(inSandbox)
            }
            func absolute(_ request: BuildRequest) -> BuildRequest {
                var request = request
                request.tokens = inSandbox(request.tokens ?? configuration.tokens ?? "Tokens")
                request.output = request.output.map(inSandbox) ?? (configuration.outputs.isEmpty ? prefix + "Generated" : nil)
                request.templates = request.templates.map(inSandbox)
                return request
            }
            switch try Tokenc.parseAsRoot(arguments) {
            case let build as Build:
                status = try engine.run(absolute(build.request), configuration: configuration).status
            case let validate as Validate:
                status = try engine.validate(absolute(validate.request), configuration: configuration).status
            case let inspect as Inspect:
                let (path, paths) = Inspect.splitPath(inspect.path, inspect.tokens) { FileManager.default.fileExists(atPath: inSandbox($0)) }
                var request = BuildRequest()
                request.tokens = path
                let sink = CollectedText()
                status = try engine.inspect(absolute(request), paths: paths, json: inspect.format == .json,
                                            configuration: configuration, to: sink).status
                output.withLock { $0 += String(decoding: sink.bytes, as: UTF8.self) }
            case let preview as Preview:
                var request = BuildRequest()
                request.tokens = preview.path
                let sink = CollectedText()
                let outcome = try engine.preview(absolute(request), file: preview.output.map(inSandbox), configuration: configuration,
                                                 standardOutput: sink)
                status = outcome.status
                output.withLock { $0 += String(decoding: sink.bytes, as: UTF8.self) }
            default:
                Issue.record("\(arguments.first ?? "") does not run in-process; use TokencProcess")
            }
        } catch let error as ToolError {
            errors.withLock { $0 += "tokenc: error: \(error.message)" + (error.message.hasSuffix("\n") ? "" : "\n") }
            status = 2
        } catch {
            Issue.record("\(arguments) did not parse: \(error); argument errors are the process's, use TokencProcess")
            status = 2
        }
        func relative(_ text: String) -> String { text.replacingOccurrences(of: prefix, with: "") }
        return TokencProcess.Result(status: status, stdout: relative(output.withLock { $0 }), stderr: relative(errors.withLock { $0 }), seconds: 0)
    }
}
