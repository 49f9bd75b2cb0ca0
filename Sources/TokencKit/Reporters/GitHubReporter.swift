import TokenModel

/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=RULE::message`, one per finding.
public struct GitHubReporter: Reporter {
    /// Creates a GitHub reporter.
    public init() {}

    public func report(_ diagnostics: [Diagnostic], sources: [String: [UInt8]]) -> String {
        diagnostics.map { d in
            let command: String
            switch d.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .info: command = "notice"
            }
            var properties: [String] = []
            if let location = d.location {
                properties += ["file=\(Self.property(location.file))", "line=\(location.line)", "col=\(location.column)"]
            }
            properties.append("title=\(Self.property(d.id))")
            let message = d.message + (d.fix.map { "\nfix: \($0)" } ?? "")
            return "::\(command) \(properties.joined(separator: ","))::\(Self.data(message))\n"
        }.joined()
    }

    /// Escapes a message as GitHub's workflow-command parser expects.
    static func data(_ text: String) -> String {
        text.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    /// Escapes a property value (also `:` and `,`).
    static func property(_ text: String) -> String {
        data(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
