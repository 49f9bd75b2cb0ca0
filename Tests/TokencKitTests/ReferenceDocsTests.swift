import Foundation
import Testing
@testable import TokencKit

@Suite struct ReferenceDocsTests {
    @Test func systemColorsPageIsCurrent() throws {
        let url = Golden.packageRoot.appendingPathComponent("docs/system-colors.md")
        let generated = ReferenceDocs.systemColors()
        if Golden.recording { try Data(generated.utf8).write(to: url) }
        let onDisk = try String(contentsOf: url, encoding: .utf8)
        #expect(onDisk == generated, "docs/system-colors.md is stale: run TOKENC_RECORD=1 swift test")
    }
}
