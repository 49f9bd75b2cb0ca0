import TokenGenerators
import SourceData
import TokenModel
import TokenRules

/// SARIF 2.1.0 for code scanning: the rules with their help, and each finding with its locations.
public struct SARIFReporter: Reporter {
    /// The tool version written into the log.
    public var version: String

    /// Creates a SARIF reporter.
    public init(version: String = "0.1.0") { self.version = version }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    public func report(_ diagnostics: [Diagnostic], sources: [String: [UInt8]]) -> String {
        // Every catalogued rule, then ids the loader and configuration use, so every result has a rule.
        var rules = RuleRegistry.all.map { ($0.id, $0.name, $0.summary, $0.rationale, $0.severity) }
        var known = Set(rules.map(\.0))
        for d in diagnostics where !known.contains(d.id) {
            known.insert(d.id)
            rules.append((d.id, d.id, "tokenc could not read the token file as written.", "See docs/diagnostics.md.", d.severity))
        }
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($0.element.0, $0.offset) })
        var w = JSONWriter(capacity: 4096 + diagnostics.count * 400)
        w.object { w in
            w.member("version"); w.string("2.1.0")
            w.member("$schema"); w.string("https://json.schemastore.org/sarif-2.1.0.json")
            w.member("runs")
            w.array(1) { w, _ in
                w.object { w in
                    w.member("tool")
                    w.object { w in
                        w.member("driver")
                        w.object { w in
                            w.member("name"); w.string("tokenc")
                            w.member("version"); w.string(version)
                            w.member("informationUri"); w.string("https://github.com/tokenc/tokenc")
                            w.member("rules")
                            w.array(rules.count) { w, i in
                                let rule = rules[i]
                                w.object { w in
                                    w.member("id"); w.string(rule.0)
                                    w.member("name"); w.string(rule.1)
                                    w.member("shortDescription"); w.object { w in w.member("text"); w.string(rule.2) }
                                    w.member("fullDescription"); w.object { w in w.member("text"); w.string(rule.3) }
                                    w.member("help"); w.object { w in w.member("text"); w.string(rule.2 + " " + rule.3) }
                                    w.member("defaultConfiguration"); w.object { w in w.member("level"); w.string(Self.level(rule.4)) }
                                }
                            }
                        }
                    }
                    w.member("results")
                    w.array(diagnostics.count) { w, i in
                        let d = diagnostics[i]
                        w.object { w in
                            w.member("ruleId"); w.string(d.id)
                            w.member("ruleIndex"); w.raw(String(index[d.id]!))
                            w.member("level"); w.string(Self.level(d.severity))
                            w.member("message"); w.object { w in w.member("text"); w.string(d.message + (d.fix.map { " Fix: \($0)" } ?? "")) }
                            w.member("locations")
                            w.array(d.location == nil ? 0 : 1) { w, _ in Self.location(&w, d.location!, nil) }
                            if !d.related.isEmpty {
                                w.member("relatedLocations")
                                w.array(d.related.count) { w, j in Self.location(&w, d.related[j].location, d.related[j].message) }
                            }
                        }
                    }
                }
            }
        }
        return w.text + "\n"
    }

    static func location(_ w: inout JSONWriter, _ location: SourceLocation, _ message: String?) {
        w.object { w in
            w.member("physicalLocation")
            w.object { w in
                w.member("artifactLocation"); w.object { w in w.member("uri"); w.string(location.file) }
                w.member("region")
                w.object { w in
                    w.member("startLine"); w.raw(String(location.line))
                    w.member("startColumn"); w.raw(String(location.column))
                }
            }
            if let message { w.member("message"); w.object { w in w.member("text"); w.string(message) } }
        }
    }
}
