import Foundation
import Testing
import TextFit

/// Every public error reads the same through `localizedDescription` (what `print(error.localizedDescription)`
/// and Cocoa-style callers show) as through `description`, instead of Foundation's generic
/// "The operation could not be completed".
@Suite struct ErrorDescriptionTests {
    static let fontErrors: [FontError] = [
        .familyNotFound("No Such Family"), .fileNotFound("/nonexistent.ttf"),
        .unreadableFile(path: "/tmp/x.ttf", reason: "not a font"),
        .faceIndexOutOfRange(path: "/tmp/x.ttc", index: 3, faceCount: 2), .invalidSize(-1), .invalidWeight(1000),
        .bundledFontsNotFound(searched: ["TEXTFIT_FONTS_DIR: not set", "/opt/tool/Fonts: no such folder"]),
        .fontsDirectoryUnusable(path: "/nonexistent", reason: "no such folder"),
    ]
    static let measureErrors: [MeasureError] = [
        .invalidWidth(-1), .invalidHeight(.nan), .invalidNumberOfLines(-2),
        .invalidScale(0), .invalidMinimumScaleFactor(1.5),
        .clusterTooWide(size: 99_999),
    ]

    @Test func localizedDescriptionIsTheDescription() {
        let errors: [any Error & CustomStringConvertible] = Self.fontErrors + Self.measureErrors
        for error in errors {
            #expect(error.localizedDescription == error.description)
            #expect(!error.localizedDescription.contains("could not be completed"))
        }
    }

    /// A thrown error, caught as `any Error`, keeps its message.
    @Test func thrownErrorsKeepTheirMessage() {
        do {
            _ = try Font(family: "No Such Family 42", size: 12)
            Issue.record("no error thrown")
        } catch {
            #expect(error.localizedDescription == "\(error)")
            #expect(error.localizedDescription.contains("'No Such Family 42' not found"))
        }
    }
}
