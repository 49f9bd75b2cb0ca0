#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `tokenc init`: a small working design system and a tokenc.yml, in the current folder.
public enum Scaffold {
    /// The files `init` writes, by path.
    public static let files: [(path: String, text: String)] = [
        ("tokenc.yml", """
            # tokenc configuration: docs/configuration.md
            tokens: Tokens
            rules:
              color/high-contrast-variant: warning

            """),
        ("Tokens/color.yaml", """
            # Colors with every appearance. `on` lists the surfaces a color is drawn on, so contrast is checked.
            color:
              $type: color
              background:
                $value: "#FFFFFF"
                $extensions:
                  mode: { dark: "#000000", light-high-contrast: "#FFFFFF", dark-high-contrast: "#000000" }
                  tokenc: { role: background }
              text:
                $value: "#1D1D1F"
                $extensions:
                  mode: { dark: "#F5F5F7", light-high-contrast: "#000000", dark-high-contrast: "#FFFFFF" }
                  tokenc: { role: label, text: true, on: ["{color.background}"] }
              accent:
                $value: "#0057B8"
                $extensions:
                  mode: { dark: "#4DA3FF", light-high-contrast: "#003D82", dark-high-contrast: "#8FC4FF" }
                  tokenc: { role: interactive, on: ["{color.background}"] }

            """),
        ("Tokens/layout.yaml", """
            # Spacing in points (1 pt is 1 CSS px).
            spacing:
              $type: dimension
              small: { $value: { value: 8, unit: px } }
              medium: { $value: { value: 16, unit: px } }
              large: { $value: { value: 24, unit: px } }

            """),
    ]

    /// Writes the scaffold into `folder`; refuses, writing nothing, when any of its files exists. The files are
    /// written all or none: a failure removes those already written, and a signal waits for the last.
    /// `faultAt` makes the write of that file fail, for the tests.
    public static func create(in folder: String, faultAt: Int? = nil) throws(ToolError) -> [String] {
        let existing = files.map { PathText.joined(folder, $0.path) }.filter { FileKind.of($0) != nil }
        guard existing.isEmpty else {
            throw ToolError("\(existing.joined(separator: ", ")) already exist\(existing.count == 1 ? "s" : ""); init writes nothing over your files")
        }
        return try Interruption.asOneWrite { () throws(ToolError) in
            var written: [String] = []
            for (index, file) in files.enumerated() {
                let path = PathText.joined(folder, file.path)
                do throws(ToolError) {
                    if index == faultAt { throw ToolError("cannot write \(path): fault injected") }
                    try OutputWriter.atomicWrite(Array(file.text.utf8), to: path)
                } catch {
                    for done in written { unlink(PathText.joined(folder, done)) }
                    throw error
                }
                written.append(file.path)
            }
            return written
        }
    }
}
