import Foundation
import Testing
@testable import TextFit

/// Whole texts recorded per thread (`TextRecords`): a text prepared again is copied from its record, which
/// must give exactly what preparing it afresh gives (the reference here: `init(_:font:extendsRuns:)`, which
/// never reads records). Texts with fallback faces, bidi levels or tabs: `TextRecordsFallbackTests`.
@Suite struct TextRecordsTests {
    /// Prepares `text` until it comes from its record (the first preparation marks it seen, the second
    /// records it); nil if it never does. Another suite may empty every thread's records meanwhile
    /// (`SegmentCache.removeAll`), hence the retries.
    static func recorded(_ text: String, _ font: Font) -> PreparedText? {
        // A full table turns new texts away (until it has turned away four times what it holds): a test
        // that ran earlier on this thread may have filled it, so it starts empty here.
        let statistics = TextRecords.statistics
        if statistics.entries >= TextRecordTable.maximumEntries - 64
            || statistics.bytes >= TextRecordTable.maximumBytes - 64 * 1024
        {
            TextRecords.removeAll()
        }
        for _ in 0..<8 {
            if TextRecords.find(text, font: font).payload != nil { return PreparedText(text, font: font) }
            _ = PreparedText(text, font: font)
        }
        return nil
    }

    /// Every stored array, the one-line widths and the answers at several widths and modes.
    static func expectSame(_ a: PreparedText, _ b: PreparedText, _ comment: Comment) throws {
        // The levels are stored as the built text stores them (read first: `bidi` would resolve them).
        #expect((a.bidiMemo.load() == nil) == (b.bidiMemo.load() == nil), comment)
        #expect(Array(a.units) == Array(b.units), comment)
        #expect(Array(a.prefix) == Array(b.prefix), comment)
        #expect(Array(a.flags) == Array(b.flags), comment)
        #expect(Array(a.breaks) == Array(b.breaks), comment)
        #expect(Array(a.breakEnds) == Array(b.breakEnds), comment)
        #expect(Array(a.breakVisiblePrefix) == Array(b.breakVisiblePrefix), comment)
        #expect(Array(a.storage.breakPrefixBuffer) == Array(b.storage.breakPrefixBuffer), comment)
        #expect(Array(a.graphemes) == Array(b.graphemes), comment)
        #expect(Array(a.segments) == Array(b.segments), comment)
        #expect(Array(a.paragraphs) == Array(b.paragraphs), comment)
        #expect(Array(a.paragraphBreaksEnd) == Array(b.paragraphBreaksEnd), comment)
        #expect(Array(a.mandatoryBreaks) == Array(b.mandatoryBreaks), comment)
        #expect(a.allowsFastBreaking == b.allowsFastBreaking, comment)
        #expect(a.breakVisiblePrefixIsMonotone == b.breakVisiblePrefixIsMonotone, comment)
        #expect(a.hasBreaksBetweenHangul == b.hasBreaksBetweenHangul, comment)
        #expect(a.oneLineWidth == b.oneLineWidth && a.oneLineWidthWithWhitespace == b.oneLineWidthWithWhitespace, comment)
        #expect(a.lineHeight == b.lineHeight && a.ascender == b.ascender, comment)
        #expect(a.fallbackFaceReferences.map(\.id) == b.fallbackFaceReferences.map(\.id), comment)
        #expect(a.bidi == b.bidi && a.mayBeRightToLeft == b.mayBeRightToLeft, comment)
        #expect(a.emergencyReach == b.emergencyReach, comment)
        #expect((a.paragraphSettings == nil) == (b.paragraphSettings == nil), comment)
        #expect(a.text == b.text && a.utf16Count == b.utf16Count, comment)
        for width in [10.0, 37.0, 60.0, 95.0, 150.0, 400.0] {
            for (lines, mode) in [(0, LineBreakMode.byWordWrapping), (1, .byTruncatingTail), (2, .byCharWrapping)] {
                let ma = try a.measure(width: width, numberOfLines: lines, lineBreakMode: mode)
                let mb = try b.measure(width: width, numberOfLines: lines, lineBreakMode: mode)
                #expect(ma == mb, comment)
                let la = try a.layout(width: width, numberOfLines: lines, lineBreakMode: mode)
                let lb = try b.layout(width: width, numberOfLines: lines, lineBreakMode: mode)
                #expect(la.lines.map(\.range) == lb.lines.map(\.range), comment)
                #expect(la.lines.map(\.width) == lb.lines.map(\.width), comment)
                #expect(la.lines.map(\.ellipsis) == lb.lines.map(\.ellipsis), comment)
            }
        }
    }

    /// UI strings in the font's own face: copied from their records, identical to fresh preparations.
    @Test func recordedTextsMatchFreshOnes() throws {
        let font = try Fixtures.font(15)
        let texts = [
            "OK", "Settings", "Mark as Read", "Forgot password?", "Réglages", "Сохранить", "Включить уведомления",
            "Benachrichtigungen aktivieren", "Voulez-vous vraiment supprimer cette conversation ?",
            "e\u{301}te\u{301} déjà", "  two  spaces  ", "office affine", "Καλημέρα κόσμε", "a-very-long-hyphenated-word",
            "Wait…", "100 %", "x",
        ]
        for text in texts {
            let fresh = PreparedText(text, font: font, extendsRuns: true)
            let copy = try #require(Self.recorded(text, font), "\(text) was not recorded")
            try Self.expectSame(copy, fresh, "\(text)")
        }
    }

    /// The key is the face, the size and the text: the same string in another size or family is its own
    /// record, with its own widths.
    @Test func keyHoldsFaceAndSize() throws {
        let fonts = [try Fixtures.font(13), try Fixtures.font(17), try Font(family: "DejaVu Sans", size: 13)]
        for font in fonts {
            let copy = try #require(Self.recorded("Settings", font))
            try Self.expectSame(copy, PreparedText("Settings", font: font, extendsRuns: true), "\(font.familyName)")
        }
    }

    /// Texts whose copy would need more than the block and the shared objects (a hyphenated text's
    /// per-point data, mandatory breaks) or that are long or empty are never recorded, and prepare as
    /// before. (Fallback faces, bidi levels and tabs are recorded: `TextRecordsFallbackTests`.)
    @Test func otherTextsAreNotRecorded() throws {
        let font = try Fixtures.font(15)
        let texts = [
            "hyphen\u{AD}ation", "one\u{2028}two", "line\nline", String(repeating: "long words ", count: 20), "",
        ]
        for text in texts {
            for _ in 0..<4 { _ = PreparedText(text, font: font) }
            #expect(TextRecords.find(text, font: font).payload == nil, "\(text.debugDescription) was recorded")
        }
    }

    /// `SegmentCache.removeAll` empties this thread's records at once, and another thread's at its next
    /// look-up: a cold preparation after it reads no record (the benchmark's cold passes rely on it).
    @Test func removeAllEmptiesEveryThreadsRecords() throws {
        let font = try Fixtures.font(15)
        #expect(Self.recorded("Cancel", font) != nil)
        SegmentCache.removeAll(keepingCapacity: true)
        #expect(TextRecords.statistics.records == 0)
        #expect(TextRecords.find("Cancel", font: font).payload == nil)

        // Another thread records a text; after `removeAll` here, its look-up finds nothing.
        let recorded = DispatchSemaphore(value: 0)
        let cleared = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var before = false
        nonisolated(unsafe) var after = true
        let thread = Thread {
            before = Self.recorded("Share", font) != nil
            recorded.signal()
            cleared.wait()
            after = TextRecords.find("Share", font: font).payload != nil
            done.signal()
        }
        thread.start()
        recorded.wait()
        SegmentCache.removeAll()
        cleared.signal()
        done.wait()
        #expect(before)
        #expect(!after)
    }

    /// Each thread's table stays within its bounds however many texts it prepares, and a full table keeps
    /// the records it holds (it turns new texts away rather than emptying itself for each).
    @Test func recordsStayBounded() throws {
        let font = try Fixtures.font(15)
        defer { TextRecords.removeAll() }  // not left full for the next test on this thread
        for i in 0..<(TextRecordTable.maximumEntries + 1_500) {
            let text = "Item \(i) of many"
            _ = PreparedText(text, font: font)
            _ = PreparedText(text, font: font)
            let statistics = TextRecords.statistics
            #expect(
                statistics.entries <= TextRecordTable.maximumEntries && statistics.bytes <= TextRecordTable.maximumBytes)
        }
        let copy = try #require(Self.recorded("Item 7 of many", font))
        try Self.expectSame(copy, PreparedText("Item 7 of many", font: font, extendsRuns: true), "kept when full")
    }

    /// A full table that has turned away four times what it holds starts again, so a feed that scrolled
    /// on gets its new texts recorded, and records made after that are right.
    @Test func fullTableStartsAgainWhenItsTextsWentStale() throws {
        let font = try Fixtures.font(15)
        let full = TextRecordTable.maximumEntries
        defer { TextRecords.removeAll() }  // not left full for the next test on this thread
        // Other suites' `SegmentCache.removeAll()` empties this thread's table too: an attempt it
        // interrupts (the table no longer full where it must be) is made again.
        var turnedAway = false
        for attempt in 0..<4 where !turnedAway {
            for i in 0..<full { _ = PreparedText("Old row \(attempt) \(i)", font: font) }
            guard TextRecords.statistics.entries == full else { continue }
            let text = "New row \(attempt)"
            for _ in 0..<3 { _ = PreparedText(text, font: font) }
            turnedAway = TextRecords.find(text, font: font).payload == nil && TextRecords.statistics.entries == full
        }
        #expect(turnedAway, "a full table turns a new text away and keeps what it holds")
        var emptied = false
        for i in 0...(4 * full + 80) where !emptied {
            _ = PreparedText("Newer row \(i)", font: font)
            emptied = TextRecords.statistics.entries < full
        }
        #expect(emptied, "it starts again after turning away four times what it holds")
        let copy = try #require(Self.recorded("Fresh row", font))
        try Self.expectSame(copy, PreparedText("Fresh row", font: font, extendsRuns: true), "after starting again")
    }
}
