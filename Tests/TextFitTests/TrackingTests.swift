import Foundation
import Testing
@testable import TextFit

/// Worked examples of tracking (rules O7, O9, O10) and its bad input.
@Suite struct TrackingTests {
    static let font = try! Font(family: "Noto Sans", size: 17)

    static func tracked(_ text: String, _ tracking: CGFloat) throws -> PreparedText {
        try PreparedText(styled: StyledText(text, attributes: TextAttributes(tracking: tracking), font: font))
    }

    /// O9: n clusters on a line carry n − 1 trackings; trailing spaces (and the tracking moved onto them)
    /// hang; a paragraph's last cluster's tracking is dropped, so each paragraph's line trims its own.
    @Test func eachLineTrimsItsLastTracking() throws {
        let plain = try PreparedText("AB CD\nEF", font: Self.font).layout(width: 30)
        let tracked = try Self.tracked("AB CD\nEF", 3).layout(width: 30)
        #expect(plain.lines.map(\.range) == tracked.lines.map(\.range))
        for (p, t) in zip(plain.lines, tracked.lines) {
            let clusters = CGFloat(t.text.trimmingCharacters(in: .whitespacesAndNewlines).count)
            #expect(abs(t.width - (p.width + (clusters - 1) * 3)) < 0.001, "\(t.text)")
        }
    }

    /// O9: a line fits once its last tracking hangs: "SECTION" with 4 pt tracking fits exactly its trimmed
    /// width, which is narrower than the width kern would need.
    @Test func aLineFitsWithoutItsLastTracking() throws {
        let text = "SECTION HEADER"
        let section = try Self.tracked("SECTION", 4).layout().lines[0].width
        let plainSection = try PreparedText("SECTION", font: Self.font).layout().size.width
        #expect(abs(section - plainSection - 6 * 4) < 0.001)
        let wrapped = try Self.tracked(text, 4).layout(width: section)
        #expect(wrapped.lines.first?.text.trimmingCharacters(in: .whitespaces) == "SECTION")
        let kerned = try PreparedText(
            styled: StyledText(text, attributes: TextAttributes(kern: 4), font: Self.font)
        ).layout(width: section)
        #expect(kerned.lines.first?.text.trimmingCharacters(in: .whitespaces) != "SECTION")
    }

    /// O10: tracking turns the optional ligatures off unless the font sets them, and overrides kern.
    @Test func ligaturesAndKern() throws {
        let lig = try Font(family: "Noto Sans", size: 17, features: [FontFeature("liga", 1)])
        let ligated = try PreparedText(
            styled: StyledText("office", attributes: TextAttributes(font: lig, tracking: 1), font: Self.font))
        let unligated = try Self.tracked("office", 1)
        // "ffi" is one glyph where the font's own liga setting wins, three where tracking turned it off.
        let ligatedGlyphs = try ligated.layout().lines[0].glyphs().runs.map(\.glyphs.count).reduce(0, +)
        let unligatedGlyphs = try unligated.layout().lines[0].glyphs().runs.map(\.glyphs.count).reduce(0, +)
        #expect(ligatedGlyphs + 2 == unligatedGlyphs)
        let both = try PreparedText(
            styled: StyledText("AVATAR", attributes: TextAttributes(kern: 10, tracking: 1), font: Self.font))
        let bothWidth = try both.layout().lines[0].width
        let trackedWidth = try Self.tracked("AVATAR", 1).layout().lines[0].width
        #expect(bothWidth == trackedWidth)
    }

    /// Bad input: a tracking that is not a finite number within ±100000 pt is refused, naming the field.
    @Test func badTracking() throws {
        for value in [CGFloat.nan, .infinity, 1e6] {
            #expect(throws: StyledTextError.self) {
                _ = try StyledText("a", attributes: TextAttributes(tracking: value), font: Self.font)
            }
        }
        // A large negative tracking within range is answered (lines may overlap, as in UIKit).
        let squeezed = try Self.tracked("squeezed text here", -50).layout(width: 40)
        #expect(!squeezed.lines.isEmpty)
    }

    /// DT9: an AttributedString's languageIdentifier and tracking reach the runs.
    @Test func attributedStringBridge() throws {
        var text = AttributedString("Silbentrennung")
        text.textFit.tracking = 1
        text.languageIdentifier = "de"
        let styled = try StyledText(text, font: Self.font)
        #expect(styled.runs.map(\.attributes.language) == ["de"])
        #expect(styled.runs.map(\.attributes.tracking) == [1])
    }
}
