import TokenModel

/// Xcode's issue format, `path:line:col: error: message [id]`, for Run Script build phases.
public struct XcodeReporter: Reporter {
    /// Creates an Xcode reporter.
    public init() {}

    public func report(_ diagnostics: [Diagnostic], sources: [String: [UInt8]]) -> String {
        diagnostics.map { d in
            let label = d.severity == .info ? "note" : d.severity.rawValue
            // A name with a line break in a message must not start a forged `file:line: error:` line.
            let place = d.location.map { "\($0.file.escapingControls):\($0.line):\($0.column): " } ?? ""
            var line = "\(place)\(label): \(d.message.escapingControls) [\(d.id)]\n"
            for related in d.related {
                line += "\(related.location.file.escapingControls):\(related.location.line):\(related.location.column): note: \(related.message.escapingControls)\n"
            }
            return line
        }.joined()
    }
}
