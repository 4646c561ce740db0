import Foundation
import Testing
@testable import TextFit

/// A prepared text's arrays live in one block of plain memory that the text frees in its `deinit`
/// (`PreparedText.Storage`); a view of them (`StoredArray`) keeps the text alive, and a text made with a
/// truncation token (`init(sharing:token:)`) keeps the text whose block it shares. These tests read views
/// and shared texts after every other reference is gone, and compare with a text prepared afresh, so a
/// block freed too early (or freed twice) shows as a wrong value or a crash under AddressSanitizer.
@Suite struct PreparedStorageLifetimeTests {
    static let text = "Cancel • Save changes? 美商務部 AVATAR office"

    /// Views read from a temporary outlive it: they hold the text, not a copy.
    @Test func viewsOutliveTheirText() throws {
        let font = try Fixtures.font()
        let reference = PreparedText(Self.text, font: font)
        let (units, prefix, breaks, flags, segments) = {
            let temporary = PreparedText(Self.text, font: font)
            return (temporary.units, temporary.prefix, temporary.breaks, temporary.flags, temporary.segments)
        }()
        // Other texts prepared in between reuse freed memory, which a dangling view would then read.
        for i in 0..<50 { _ = PreparedText("filler \(i) " + Self.text, font: font) }
        #expect(Array(units) == Array(reference.units))
        #expect(Array(prefix) == Array(reference.prefix))
        #expect(Array(breaks) == Array(reference.breaks))
        #expect(Array(flags) == Array(reference.flags))
        #expect(Array(segments) == Array(reference.segments))
    }

    /// A text with a truncation token shares its base's storage and keeps the base alive; a token on top of
    /// that one shares the same block (T8).
    @Test func sharedStorageOutlivesItsBase() throws {
        let font = try Fixtures.font()
        let reference = try PreparedText(Self.text, font: font).layout(
            width: 120, numberOfLines: 1, lineBreakMode: .byTruncatingTail)
        let shared: PreparedText = try {
            let base = PreparedText(Self.text, font: font)
            let first = try base.withTruncationToken(try StyledText("…", font: font))
            return try first.withTruncationToken(nil)
        }()
        for i in 0..<50 { _ = PreparedText("filler \(i) " + Self.text, font: font) }
        #expect(shared.storageOwner !== shared)
        let layout = try shared.layout(width: 120, numberOfLines: 1, lineBreakMode: .byTruncatingTail)
        #expect(layout.lineCount == reference.lineCount)
        #expect(layout.size == reference.size)
        #expect(Array(shared.prefix) == Array(PreparedText(Self.text, font: font).prefix))
    }
}
