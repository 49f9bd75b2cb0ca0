import TokenModel

/// The output formats of `tokenc validate`.
public enum ReportFormat: String, Sendable, CaseIterable {
    case text, json, github, sarif, xcode
}

/// Formats diagnostics for people or machines; reporters are small, stateless and chosen by id.
public protocol Reporter: Sendable {
    /// Renders the diagnostics of one run.
    func report(_ diagnostics: [Diagnostic], sources: [String: [UInt8]]) -> String
}

extension ReportFormat {
    /// The reporter for this format.
    public func reporter(colored: Bool) -> any Reporter {
        switch self {
        case .text: TextReporter(colored: colored)
        case .json: JSONReporter()
        case .github: GitHubReporter()
        case .sarif: SARIFReporter()
        case .xcode: XcodeReporter()
        }
    }
}

/// Counts diagnostics by severity for summaries.
public struct SeverityCounts: Sendable, Equatable {
    /// Error count.
    public var errors = 0
    /// Warning count.
    public var warnings = 0
    /// Info count.
    public var infos = 0

    /// Counts `diagnostics`.
    public init(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            switch diagnostic.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .info: infos += 1
            }
        }
    }

    /// "2 errors, 1 warning" style text; "no problems" when empty.
    public var sentence: String {
        var parts: [String] = []
        if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(errors) errors") }
        if warnings > 0 { parts.append(warnings == 1 ? "1 warning" : "\(warnings) warnings") }
        if infos > 0 { parts.append(infos == 1 ? "1 note" : "\(infos) notes") }
        return parts.isEmpty ? "no problems" : parts.joined(separator: ", ")
    }
}
