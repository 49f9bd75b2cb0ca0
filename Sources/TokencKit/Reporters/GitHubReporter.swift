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
    static func data(_ text: String) -> String { escaped(text, property: false) }

    /// Escapes a property value (also `:` and `,`).
    static func property(_ text: String) -> String { escaped(text, property: true) }

    /// `%`, CR and LF (and for a property `:` and `,`) as `%XX`, in one pass: four `replacing` calls a text took
    /// a quarter of a 100,000-token run.
    private static func escaped(_ text: String, property: Bool) -> String {
        text.escapingASCII { byte in
            switch byte {
            case UInt8(ascii: "%"): "%25"
            case UInt8(ascii: "\r"): "%0D"
            case UInt8(ascii: "\n"): "%0A"
            case UInt8(ascii: ":") where property: "%3A"
            case UInt8(ascii: ",") where property: "%2C"
            default: nil
            }
        }
    }
}
