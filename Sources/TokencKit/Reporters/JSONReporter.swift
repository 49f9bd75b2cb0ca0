import TokenGenerators
import TokenModel

/// Prints diagnostics as JSON findings in the shape docs/diagnostics.md gives, with a summary.
public struct JSONReporter: Reporter {
    /// The version of this JSON shape.
    public static let schemaVersion = 1

    /// Creates a JSON reporter.
    public init() {}

    public func report(_ diagnostics: [Diagnostic], sources: [String: [UInt8]]) -> String {
        let counts = SeverityCounts(diagnostics)
        var out = "{\n  \"schemaVersion\": \(Self.schemaVersion),\n  \"findings\": ["
        for (i, diagnostic) in diagnostics.enumerated() {
            out += i == 0 ? "\n    " : ",\n    "
            out += Self.finding(diagnostic)
        }
        out += diagnostics.isEmpty ? "],\n" : "\n  ],\n"
        out += "  \"summary\": {\"errors\": \(counts.errors), \"warnings\": \(counts.warnings), \"infos\": \(counts.infos)}\n}\n"
        return out
    }

    /// One finding as a single-line JSON object.
    public static func finding(_ d: Diagnostic) -> String {
        var fields: [String] = [
            "\"rule\": \(quote(d.id))",
            "\"severity\": \(quote(d.severity.rawValue))",
            "\"message\": \(quote(d.message))",
            "\"path\": \(d.path.map(quote) ?? "null")",
            "\"file\": \(d.location.map { quote($0.file) } ?? "null")",
            "\"line\": \(d.location.map { String($0.line) } ?? "null")",
            "\"column\": \(d.location.map { String($0.column) } ?? "null")",
        ]
        let related = d.related.map {
            "{\"file\": \(quote($0.location.file)), \"line\": \($0.location.line), \"column\": \($0.location.column), \"message\": \(quote($0.message))}"
        }
        fields.append("\"related\": [\(related.joined(separator: ", "))]")
        fields.append("\"fix\": \(d.fix.map(quote) ?? "null")")
        if d.machineApplicable { fields.append("\"machineApplicable\": true") }
        let data = d.data.keys.sorted().map { key -> String in
            let value: String
            switch d.data[key]! {
            case .string(let s): value = quote(s)
            case .number(let n): value = n.isFinite ? "\(n)" : "null"
            case .integer(let i): value = String(i)
            case .bool(let b): value = b ? "true" : "false"
            }
            return "\(quote(key)): \(value)"
        }
        fields.append("\"data\": {\(data.joined(separator: ", "))}")
        return "{" + fields.joined(separator: ", ") + "}"
    }

    static func quote(_ s: String) -> String {
        var writer = JSONWriter()
        writer.string(s)
        return writer.text
    }
}
