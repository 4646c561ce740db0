import Foundation
import Testing
import TextFitLayout

/// `LayoutError` reads the same through `localizedDescription` as through `description`.
@Suite struct LayoutErrorDescriptionTests {
    @Test func localizedDescriptionIsTheDescription() {
        let errors: [LayoutError] = [
            .invalidSpacing(-1), .invalidInsets(EdgeInsets(all: -1)),
            .rowTooNarrow(width: 10, insets: EdgeInsets(all: 8)), .dateWiderThanWidth(dateWidth: 38, width: 20),
        ]
        for error in errors {
            #expect(error.localizedDescription == error.description)
            #expect((error as any Error).localizedDescription == error.description)
        }
    }
}
