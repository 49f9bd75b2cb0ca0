import TokenGenerators
import TokenModel

/// Which generators a build runs and where each one writes: tokenc.yml's outputs, or every built-in output into one folder.
public struct BuildPlan: Sendable {
    /// One generator and its destination folder.
    public struct Step: Sendable {
        /// The generator.
        public var generator: any Generator
        /// The folder it writes into.
        public var folder: String
    }

    /// The steps, in order.
    public var steps: [Step]
    /// The outputs `--only` picked; nil when the build runs all of them. The files the others wrote stay.
    public var selected: Set<String>?

    /// The generators of every step, in order (what the pipeline renders).
    public var generators: [any Generator] { steps.map(\.generator) }

    /// Builds the plan. CLI values beat tokenc.yml: `output` overrides every destination, `cssFlags` every CSS option set.
    public static func make(configuration: Configuration, jsonAliases: JSONAliasStyle, templates: [String: String],
                            templateFolder: String?, cssFlags: CSSOutputOptions?, output: String?, only: Set<String>?,
                            filesRead: FilesRead = FilesRead())
        throws(ToolError) -> BuildPlan
    {
        func builtIn(_ css: CSSOutputOptions) -> [any Generator] {
            Pipeline.generators(jsonAliases: jsonAliases, templates: templates, templateFolder: templateFolder, css: css,
                                swiftRoot: configuration.swiftRootName, filesRead: filesRead)
        }
        if let cssFlags, let problem = CSSOutputOptions.prefixProblem(cssFlags.prefix) { throw ToolError(problem) }
        var steps: [Step] = []
        if configuration.outputs.isEmpty {
            steps = builtIn(cssFlags ?? CSSOutputOptions()).map { Step(generator: $0, folder: output ?? "Generated") }
        } else {
            // The TypeScript output names each token's custom property as the CSS output does.
            let stylesheet = configuration.outputs.first { $0.generator == "css" }?.css
            for entry in configuration.outputs {
                let folder = output ?? entry.destination ?? "Generated"
                let css = cssFlags ?? (entry.generator == "ts" ? stylesheet ?? entry.css : entry.css)
                if let id = entry.generator, let generator = builtIn(css).first(where: { $0.id == id }) {
                    steps.append(Step(generator: generator, folder: folder))
                } else if let template = entry.template, let file = entry.file {
                    steps.append(Step(generator: try Pipeline.customGenerator(template: template, file: file, templates: templates), folder: folder))
                }
            }
        }
        // A user's Swift partial that only a template output includes is used.
        let includedByOutputs = steps.reduce(into: Set<String>()) { names, step in
            if let custom = step.generator as? CustomTemplateGenerator { names.formUnion(custom.includedPartials) }
        }
        if !includedByOutputs.isEmpty {
            steps = steps.map { step in
                guard var swift = step.generator as? SwiftGenerator else { return step }
                swift.partialsIncludedElsewhere = includedByOutputs
                return Step(generator: swift, folder: step.folder)
            }
        }
        if let only {
            // A misspelt name would select nothing and write nothing, silently.
            let known = Pipeline.outputIDs
            for name in only.sorted() where !known.contains(name) {
                throw ToolError("`\(name)` is not an output; " + (NearestName.find(name, in: known).map { "did you mean `\($0)`? " } ?? "")
                    + "--only takes " + known.joined(separator: ", ") + " (comma-separated)")
            }
            // A name tokenc.yml's outputs do not have would also build nothing for it, silently.
            let configured = steps.map(\.generator.id)
            let missing = only.subtracting(configured).sorted()
            if !missing.isEmpty {
                let names = missing.map { "`\($0)`" }.joined(separator: ", ")
                let have = Set(configured).sorted().joined(separator: ", ")
                let entries = missing.map { $0 == "custom" ? "`{ template: …, file: … }`" : "`{ generator: \($0), destination: … }`" }
                let whose = configuration.outputs.isEmpty ? "the default outputs" : "tokenc.yml's `outputs`"
                throw ToolError("--only names \(names), which \(whose) do not have (they have \(have.isEmpty ? "none" : have)): "
                    + "add \(entries.joined(separator: " and ")) to tokenc.yml's `outputs`, or leave \(missing.count == 1 ? "it" : "them") out of --only")
            }
            steps = steps.filter { only.contains($0.generator.id) }
        }
        return BuildPlan(steps: steps, selected: only)
    }

    /// Throws when an output folder is inside the token folder `tokenPath` or holds it (by real path): the build
    /// would read its own outputs as tokens next time, or its stale-file removal would reach the token files.
    public func checkSeparate(from tokenPath: String) throws(ToolError) {
        guard let tokens = ProjectBoundary.realPath(tokenPath), FileKind.of(tokenPath) == .folder else { return }
        for folder in Set(steps.map(\.folder)).sorted() {
            let output = ProjectBoundary.realPathOfPlace(folder)
            if ProjectBoundary.isInside(output, tokens) {
                throw ToolError("the output folder \(folder) is inside the token folder \(tokenPath): its files would be read as tokens; "
                    + "give --output (or tokenc.yml's `destination`) a folder outside \(tokenPath)")
            }
            if ProjectBoundary.isInside(tokens, output) {
                throw ToolError("the token folder \(tokenPath) is inside the output folder \(folder): a build must not write among its token files; "
                    + "give --output (or tokenc.yml's `destination`) a folder beside \(tokenPath), not above it")
            }
        }
    }

    /// The rendered files grouped by destination folder, in plan order, each with the output that made it.
    public func filesByFolder(_ result: PipelineResult) -> [(folder: String, files: [GeneratedFile], owners: [String])] {
        var order: [String] = []
        var files: [String: (files: [GeneratedFile], owners: [String])] = [:]
        for (step, rendered) in zip(steps, result.outputsByGenerator) {
            if files[step.folder] == nil { order.append(step.folder) }
            files[step.folder, default: ([], [])].files += rendered
            files[step.folder, default: ([], [])].owners += Array(repeating: step.generator.id, count: rendered.count)
        }
        return order.map { ($0, files[$0]!.files, files[$0]!.owners) }
    }

    /// `filesByFolder`, after checking every folder (before any is written) for two outputs writing one file.
    func checkedFilesByFolder(_ result: PipelineResult) throws(ToolError) -> [(folder: String, files: [GeneratedFile], owners: [String])] {
        let byFolder = filesByFolder(result)
        for (folder, files, owners) in byFolder {
            if let collision = OutputWriter.collision(in: folder, paths: files.map(\.relativePath), owners: owners) { throw collision }
        }
        return byFolder
    }

    /// The staging a build writes its outputs through: each generator's folder, output name and `--only`;
    /// `overwrites` lets it replace files tokenc did not write (`--overwrite`).
    public func staging(overwrites: Bool = false) -> OutputStaging {
        OutputStaging(folders: steps.map(\.folder), owners: steps.map(\.generator.id), selected: selected, overwrites: overwrites)
    }

    /// What writing would change, without writing (for `--check` and `--dry-run`); throws when two outputs
    /// would write one file, or when writing would replace a file tokenc did not write (unless `overwrites`).
    public func plan(_ result: PipelineResult, overwrites: Bool = false) throws(ToolError) -> WriteSummary {
        var total = WriteSummary()
        for (folder, files, _) in try checkedFilesByFolder(result) {
            let plan = try OutputWriter(folder: folder, selected: selected, overwrites: overwrites).plan(files)
            total.written += plan.written
            total.removed += plan.removed
            total.kept += plan.kept
            total.unchanged += plan.unchanged
        }
        return total
    }

    /// Writes every folder (each with its own manifest); `overwrites` as for `staging`.
    public func write(_ result: PipelineResult, overwrites: Bool = false) throws(ToolError) -> (summary: WriteSummary, folders: [String]) {
        var total = WriteSummary()
        var folders: [String] = []
        for (folder, files, owners) in try checkedFilesByFolder(result) {
            let written = try OutputWriter(folder: folder, selected: selected, overwrites: overwrites).write(files, owners: owners)
            total.written += written.written
            total.unchanged += written.unchanged
            total.removed += written.removed
            total.kept += written.kept
            folders.append(folder)
        }
        return (total, folders)
    }
}
