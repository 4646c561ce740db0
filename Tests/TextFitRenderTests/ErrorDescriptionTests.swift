import Foundation
import Testing
import TextFitRender

/// `RenderError` reads the same through `localizedDescription` as through `description`.
@Suite struct RenderErrorDescriptionTests {
    static let renderErrors: [RenderError] = [
        .invalidScale(0), .invalidGeometry("padding"), .pictureTooLarge(width: 9000, height: 10),
        .unreadableFont(path: "/tmp/x.ttf", reason: "gone"), .encodingFailed(""),
    ]

    @Test func localizedDescriptionIsTheDescription() {
        for error in Self.renderErrors {
            #expect(error.localizedDescription == error.description)
            #expect(!error.localizedDescription.contains("could not be completed"))
        }
    }
}
