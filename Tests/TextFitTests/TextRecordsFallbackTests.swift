import Foundation
import Testing
@testable import TextFit

/// Whole-text records of texts that need more than their font's face (`TextRecords.Shared`): fallback
/// faces (F6: CJK, Arabic, Hebrew and emoji in a Latin font), bidi levels (D8: right-to-left and mixed
/// text), tabs (P10). A copy must answer exactly as a fresh preparation (`init(_:font:extendsRuns:)`,
/// which never reads records) in every stored array, width, measure, layout, visual run, caret and
/// selection rectangle.
@Suite struct TextRecordsFallbackTests {
    static let texts = [
        "复制链接", "设置 Settings", "Done 👍", "👩‍👩‍👧 Family", "🇫🇷 Français", "שלום עולם", "Reply to דוד now",
        "مرحبا بالعالم", "تم الحفظ 12 ملف", "Name\tValue", "日本語のテキスト", "한국어 설정", "Ok ✅ 完成",
        "Price: ١٢٣ د.إ", "«שלום» said Ana",
    ]

    /// Carets at every offset, selection rectangles of every clause-sized range, visual runs and x
    /// offsets: where bidi levels or fallback faces would show first if a copy held the wrong ones.
    static func expectSameGeometry(_ a: PreparedText, _ b: PreparedText, _ comment: Comment) throws {
        for width in [40.0, 90.0, 400.0] {
            let la = try a.layout(width: width)
            let lb = try b.layout(width: width)
            #expect(la.baseWritingDirection == lb.baseWritingDirection, comment)
            #expect(la.lines.map { $0.visualRuns.map(\.range) } == lb.lines.map { $0.visualRuns.map(\.range) }, comment)
            #expect(la.lines.map { $0.visualRuns.map(\.x) } == lb.lines.map { $0.visualRuns.map(\.x) }, comment)
            let count = a.utf16Count
            for offset in 0...count {
                #expect(try la.caretRect(for: offset) == lb.caretRect(for: offset), comment)
                #expect(
                    try la.caretRect(for: offset, affinity: .upstream) == lb.caretRect(for: offset, affinity: .upstream),
                    comment)
            }
            for start in stride(from: 0, to: count, by: 2) {
                let range = start..<min(count, start + 5)
                #expect(try la.rects(for: range) == lb.rects(for: range), comment)
            }
            for x in stride(from: 0.0, through: width, by: 7.0) {
                #expect(la.offset(at: CGPoint(x: x, y: 5)) == lb.offset(at: CGPoint(x: x, y: 5)), comment)
            }
        }
    }

    /// F6, D8, P10: texts with fallback faces, right-to-left or mixed runs, emoji and tabs come from their
    /// records and equal fresh preparations.
    @Test func recordedFallbackAndBidiTextsMatchFreshOnes() throws {
        for font in [try Fixtures.font(15), try Font(family: "DejaVu Sans", size: 13)] {
            for text in Self.texts {
                let fresh = PreparedText(text, font: font, extendsRuns: true)
                let copy = try #require(TextRecordsTests.recorded(text, font), "\(text) was not recorded")
                try TextRecordsTests.expectSame(copy, fresh, "\(text) in \(font.familyName)")
                try Self.expectSameGeometry(copy, fresh, "\(text) in \(font.familyName)")
            }
        }
    }

    /// The texts really are the kinds this suite is about: each needs a fallback face or bidi levels or
    /// a tab's settings (else the suite would test plain records again).
    @Test func textsNeedFallbackOrBidi() throws {
        let font = try Fixtures.font(15)
        for text in Self.texts {
            let fresh = PreparedText(text, font: font, extendsRuns: true)
            #expect(
                !fresh.fallbackFaceReferences.isEmpty || fresh.bidi != nil || fresh.paragraphSettings != nil,
                "\(text) is plain")
        }
        #expect(!PreparedText("Done 👍", font: font).fallbackFonts.isEmpty)
        #expect(PreparedText("שלום עולם", font: font).bidi != nil)
    }

    /// The fallback order is part of the key (F6): the same string in `.fontconfig` and `.bundled` order
    /// is two records, each equal to its own fresh preparation.
    @Test func fallbackOrderIsPartOfTheKey() throws {
        let base = try Font(family: "DejaVu Sans", size: 14)
        for fallback in FontFallback.allCases {
            let font = base.withFallback(fallback)
            let copy = try #require(TextRecordsTests.recorded("设置 Settings 👍", font))
            let fresh = PreparedText("设置 Settings 👍", font: font, extendsRuns: true)
            try TextRecordsTests.expectSame(copy, fresh, "\(fallback)")
        }
    }

    /// A copy keeps its fallback faces open: the records hold them, so a face loaded from a file is still
    /// usable (reshaping for an emergency break, drawing) after the building text is gone.
    @Test func copiesOwnTheirFaces() throws {
        let font = try Fixtures.font(15)
        let text = "👍👍👍👍👍👍👍👍👍👍"
        let copy = try #require(TextRecordsTests.recorded(text, font))
        let fresh = PreparedText(text, font: font, extendsRuns: true)
        // Narrower than the text: emergency breaks between emoji, measured through the fallback face.
        #expect(try copy.layout(width: 30).lines.map(\.range) == fresh.layout(width: 30).lines.map(\.range))
        #expect(copy.fallbackFonts.map(\.familyName) == fresh.fallbackFonts.map(\.familyName))
    }
}

extension TextRecordsFallbackTests {
    /// Line ranges and widths at a few widths, and the one-line measure: what a thread compares.
    static func answers(_ text: PreparedText) throws -> [String] {
        try [30.0, 80.0, 500.0].map { width in
            let layout = try text.layout(width: width)
            let size = try text.measure(width: width)
            return "\(layout.lines.map(\.range)) \(layout.lines.map(\.width)) \(size)"
        }
    }

    /// Many threads, each with its own records, prepare the same fallback and bidi texts five times while
    /// this thread empties every thread's records once: every answer equals the fresh one.
    @Test func manyThreadsAnswerAsFreshPreparations() throws {
        let font = try Fixtures.font(15)
        let expected = try Self.texts.map { try Self.answers(PreparedText($0, font: font, extendsRuns: true)) }
        let threads = 6
        let group = DispatchGroup()
        let mismatches = Locked<[String]>([])
        let started = DispatchSemaphore(value: 0)
        for t in 0..<threads {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                started.signal()
                for round in 0..<5 {
                    for (index, text) in Self.texts.enumerated() {
                        let prepared = PreparedText(text, font: font)
                        let got = (try? Self.answers(prepared)) ?? []
                        if got != expected[index] {
                            mismatches.withLock { $0.append("thread \(t) round \(round): \(text)") }
                        }
                    }
                }
            }
            thread.start()
        }
        for _ in 0..<threads { started.wait() }
        SegmentCache.removeAll(keepingCapacity: true)
        group.wait()
        #expect(mismatches.withLock { $0 } == [])
    }
}
