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

    /// `%`, CR and LF (and for a property `:` and `,`) as `%XX`, in one pass over the UTF-8; most texts have
    /// none and are returned as they are (four `replacing` calls a text took a quarter of a 100,000-token run).
    private static func escaped(_ text: String, property: Bool) -> String {
        func special(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "%") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
                || (property && (byte == UInt8(ascii: ":") || byte == UInt8(ascii: ",")))
        }
        guard text.utf8.contains(where: special) else { return text }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if special(byte) {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
