import SourceData
import SourceTree
import TokenModel

/// The tokens of a whole set that move under `$extensions`, found before any file is planned: those whose own
/// `$type` DTCG does not define and whose value is no color, those whose value has no exact DTCG form
/// (`MigrationWalk.inexactReason`), and every token that refers to one (an alias, or a reference inside a
/// composite value, through any chain, in any file), which would otherwise lose its target.
///
/// It also keeps each token's value where it is a scalar (`"8"`, `"16px"`), for the math of Tokens Studio's
/// values (`{size.base}*2`); a path given two different values in the set has none.
public struct MovedTokenSurvey: Sendable {
    private var literals: Set<String> = []
    /// Each token's references, by the path of the token holding them.
    private var references: [String: [String]] = [:]
    private var values: [String: String] = [:]
    private var ambiguous: Set<String> = []

    /// Creates an empty survey.
    public init() {}

    /// Adds the tokens of one file's tree. In a Tokens Studio single-file export (`$themes`, `$metadata`
    /// beside the sets), each top-level group is a set, and its tokens' paths start below it.
    public mutating func add(_ root: Node?) {
        guard let root else { return }
        if root["$themes"] != nil || root["$metadata"] != nil {
            for entry in root.mappingEntries ?? [] where !entry.key.hasPrefix("$") { visit(entry.value, path: [], inheritedType: nil) }
        } else {
            visit(root, path: [], inheritedType: nil)
        }
    }

    private mutating func visit(_ node: Node, path: [String], inheritedType: String?) {
        guard let entries = node.mappingEntries else { return }
        let ownType = node["$type"]?.string
        if let scalar = (node["$value"] ?? node["value"])?.scalarText, node["$value"] != nil || node["type"] != nil {
            let name = path.joined(separator: ".")
            if let known = values[name], known != scalar { ambiguous.insert(name) } else { values[name] = scalar }
        }
        if let value = node["$value"] {
            let name = path.joined(separator: ".")
            let targets = MigrationWalk.references(in: value)
            if let ownType, TokenType(rawValue: ownType) == nil, SourceFormat.styleDictionaryOnlyTypes[ownType] == nil {
                // An alias of an unknown type loses the type, unless its target moves; a color string is a color.
                if let target = value.string.flatMap(TokenReference.aliasPath) {
                    references[name] = [target]
                } else if value.string.map({ if case .success = ColorSyntax.parse($0) { false } else { true } }) ?? true {
                    literals.insert(name)
                }
                return
            }
            let type = (ownType ?? inheritedType).map { SourceFormat.styleDictionaryOnlyTypes[$0] ?? $0 }
            if MigrationWalk.inexactReason(token: node, type: type) != nil {
                literals.insert(name)
            } else if !targets.isEmpty {
                references[name] = targets
            }
            return
        }
        for entry in entries where !entry.key.hasPrefix("$") {
            visit(entry.value, path: path + [entry.key], inheritedType: ownType ?? inheritedType)
        }
    }

    /// What migrate needs to know of the whole set.
    public var facts: SetFacts { SetFacts(moved: moved, values: values.filter { !ambiguous.contains($0.key) }) }

    /// The paths migrate moves under `$extensions`: the literals, and the tokens whose references lead to one.
    public var moved: Set<String> {
        var referrers: [String: [String]] = [:]
        for (name, targets) in references {
            for target in targets { referrers[target, default: []].append(name) }
        }
        var moved = literals
        var pending = Array(literals)
        while let path = pending.popLast() {
            for referrer in referrers[path] ?? [] where moved.insert(referrer).inserted { pending.append(referrer) }
        }
        return moved
    }
}

/// What migrate knows of a whole set while it plans one file: the tokens that move under `$extensions`, and
/// the scalar values of tokens by path (each given one value in the set), for computing math.
public struct SetFacts: Sendable {
    /// The paths of the tokens that move under `$extensions` (`MovedTokenSurvey`).
    public var moved: Set<String>
    /// The scalar values by token path.
    public var values: [String: String]

    /// Facts with the given moved tokens and values.
    public init(moved: Set<String> = [], values: [String: String] = [:]) {
        self.moved = moved
        self.values = values
    }
}
