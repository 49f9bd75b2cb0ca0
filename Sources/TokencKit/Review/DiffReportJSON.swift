import TokenDiff
import TokenGenerators
import TokenModel
import TokenColor

extension DiffReport {
    /// The diff for tools: every list, the breaking changes, and findings in the shape of docs/diagnostics.md (JSON).
    public static func json(_ diff: TokenSetDiff) -> String {
        var w = JSONWriter(capacity: 4096)
        func values(_ w: inout JSONWriter, _ values: [TokenSetDiff.ModeValue]) {
            w.object { w in
                for value in values {
                    w.member(value.mode)
                    modeValue(&w, value)
                }
            }
        }
        func modeValue(_ w: inout JSONWriter, _ value: TokenSetDiff.ModeValue?) {
            guard let value else { return w.raw("null") }
            w.object { w in
                w.member("value")
                w.string(value.text)
                if let hex = value.hex {
                    w.member("hex")
                    w.string(hex)
                }
            }
        }
        func entries(_ w: inout JSONWriter, _ list: [TokenSetDiff.Entry]) {
            w.array(list.count) { w, i in
                w.object { w in
                    w.member("path"); w.string(list[i].path)
                    w.member("type"); w.string(list[i].type)
                    w.member("values"); values(&w, list[i].values)
                }
            }
        }
        func findings(_ w: inout JSONWriter, _ list: [Diagnostic]) {
            w.array(list.count) { w, i in w.raw(JSONReporter.finding(list[i])) }
        }
        func optionalNumber(_ w: inout JSONWriter, _ value: Double?) {
            if let value { w.number((value * 1000).rounded() / 1000) } else { w.raw("null") }
        }
        func optionalBool(_ w: inout JSONWriter, _ value: Bool?) { w.raw(value.map { $0 ? "true" : "false" } ?? "null") }
        func optionalString(_ w: inout JSONWriter, _ value: String?) { if let value { w.string(value) } else { w.raw("null") } }
        func textChange(_ w: inout JSONWriter, _ change: TokenSetDiff.TextChange?) {
            guard let change else { return w.raw("null") }
            w.object { w in
                w.member("old"); optionalString(&w, change.old)
                w.member("new"); optionalString(&w, change.new)
            }
        }
        func partChanges(_ w: inout JSONWriter, _ parts: [TokenSetDiff.PartChange]) {
            w.array(parts.count) { w, k in
                w.object { w in
                    w.member("key"); w.string(parts[k].key)
                    w.member("old"); optionalString(&w, parts[k].old)
                    w.member("new"); optionalString(&w, parts[k].new)
                }
            }
        }
        w.object { w in
            w.member("schemaVersion"); w.number(Double(schemaVersion))
            w.member("base"); w.string(diff.base)
            w.member("head"); w.string(diff.head)
            w.member("summary")
            w.object { w in
                for (key, count) in [("changed", diff.changed.count), ("added", diff.added.count), ("removed", diff.removed.count),
                                     ("renamed", diff.renamed.count), ("contrastChanges", diff.contrast.count), ("groupsChanged", diff.groups.count),
                                     ("breaking", diff.breaking.count),
                                     ("findingsIntroduced", diff.introduced.count), ("findingsFixed", diff.fixed.count)] {
                    w.member(key); w.number(Double(count))
                }
            }
            w.member("breaking")
            let breaking = diff.breaking
            w.array(breaking.count) { w, i in w.string(breaking[i]) }
            w.member("changed")
            w.array(diff.changed.count) { w, i in
                let change = diff.changed[i]
                w.object { w in
                    w.member("path"); w.string(change.path)
                    w.member("type"); w.string(change.type)
                    w.member("oldType"); optionalString(&w, change.oldType)
                    w.member("deprecation"); textChange(&w, change.deprecation)
                    w.member("description"); textChange(&w, change.tokenDescription)
                    w.member("extensions"); partChanges(&w, change.extensions)
                    w.member("modes")
                    w.array(change.modes.count) { w, j in
                        let mode = change.modes[j]
                        w.object { w in
                            w.member("mode"); w.string(mode.mode)
                            w.member("old"); modeValue(&w, mode.old)
                            w.member("new"); modeValue(&w, mode.new)
                            w.member("deltaE2000"); optionalNumber(&w, mode.deltaE2000)
                            w.member("parts"); partChanges(&w, mode.parts)
                        }
                    }
                }
            }
            w.member("added"); entries(&w, diff.added)
            w.member("removed"); entries(&w, diff.removed)
            w.member("renamed")
            w.array(diff.renamed.count) { w, i in
                w.object { w in
                    w.member("from"); w.string(diff.renamed[i].from)
                    w.member("to"); w.string(diff.renamed[i].to)
                    w.member("type"); w.string(diff.renamed[i].type)
                }
            }
            w.member("contrast")
            w.array(diff.contrast.count) { w, i in
                let c = diff.contrast[i]
                w.object { w in
                    w.member("foreground"); w.string(c.foreground)
                    w.member("surface"); w.string(c.surface)
                    w.member("mode"); w.string(c.mode)
                    w.member("oldRatio"); optionalNumber(&w, c.oldRatio)
                    w.member("newRatio"); optionalNumber(&w, c.newRatio)
                    w.member("minimum"); optionalNumber(&w, c.minimum)
                    w.member("oldPasses"); optionalBool(&w, c.oldPasses)
                    w.member("newPasses"); optionalBool(&w, c.newPasses)
                }
            }
            w.member("groups")
            w.array(diff.groups.count) { w, i in
                let group = diff.groups[i]
                w.object { w in
                    w.member("path"); w.string(group.path)
                    w.member("description"); textChange(&w, group.description)
                    w.member("extensions"); partChanges(&w, group.extensions)
                }
            }
            w.member("findings")
            w.object { w in
                w.member("introduced"); findings(&w, diff.introduced)
                w.member("fixed"); findings(&w, diff.fixed)
            }
        }
        w.raw("\n")
        return w.text
    }
}
