import Foundation
import Testing
@testable import TextFit

/// A text in which every UTF-16 unit starts a grapheme cluster keeps no cluster boundaries in its storage
/// (`ClusterStarts`: boundary i is i), 4 bytes per unit less of a huge paragraph's peak memory (issue 43);
/// its boundaries still read as Swift's `Character` boundaries, and every answer that reads them (emergency
/// breaks W2, char wrapping W3, truncation T4/T5, carets and selection) is the one the stored boundaries give.
/// Serialized: a case turns stored boundaries on and off around its second preparation, which a case
/// running beside it would undo.
@Suite(.serialized) struct ClusterStartsTests {
    /// Every unit its own cluster: Latin with precomposed accents, Cyrillic, BMP ideographs and kana, tabs,
    /// line feeds and soft hyphens, one long word, and the empty text.
    static let everyUnit = [
        "", "Hello world", "Grüße, ça va? ¿Sí!", "Привет, мир", "漢字かな交じり文、日本語の文章。", "tab\there",
        "line\nfeed", "soft\u{00AD}hyphen", String(repeating: "abcdefghijklmnopqrstuvwxyz", count: 40),
        String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 30),
    ]
    /// Some cluster of more than one unit: a combining accent, an emoji with a skin tone (surrogates), CR LF,
    /// Devanagari conjuncts, a flag, an emoji alone.
    static let someLonger = [
        "e\u{0301}clair", "👍🏽 thumbs up", "a\r\nb", "हिन्दी पाठ", "🇫🇷 flag", "😀",
        String(repeating: "naïve cafe\u{0301} ", count: 60),
    ]

    static func characterBoundaries(_ text: String) -> [Int32] {
        var result: [Int32] = [0]
        var offset = 0
        for character in text {
            offset += character.utf16.count
            result.append(Int32(offset))
        }
        return result
    }

    @Test(arguments: everyUnit)
    func aTextOfOneUnitClustersStoresNoBoundaries(text: String) throws {
        let prepared = PreparedText(text, font: try Fixtures.font())
        #expect(prepared.storage.graphemes.base == nil)
        #expect(prepared.graphemes.count == text.utf16.count + 1)
        #expect(prepared.graphemes == Self.characterBoundaries(text))
        prepared.withFastView { view in
            #expect((0..<view.graphemeCount).allSatisfy { view.graphemes[$0] == Int32($0) })
            #expect((0...text.utf16.count).allSatisfy { view.graphemeIndex(atOrAfter: $0) == $0 })
        }
    }

    @Test(arguments: someLonger)
    func aTextWithLongerClustersStoresThem(text: String) throws {
        let prepared = PreparedText(text, font: try Fixtures.font())
        #expect(prepared.storage.graphemes.base != nil)
        #expect(prepared.graphemes == Self.characterBoundaries(text))
    }

    /// Every answer that reads cluster boundaries, for texts laid out with them unstored and with them
    /// stored (`ClusterStartsView.alwaysStored`), must be the same.
    @Test(arguments: everyUnit.filter { !$0.isEmpty })
    func answersAreThoseOfTheStoredBoundaries(text: String) throws {
        let font = try Fixtures.font(15)
        let implicit = PreparedText(text, font: font)
        ClusterStartsView.alwaysStored = true
        let stored = PreparedText(text, font: font)
        ClusterStartsView.alwaysStored = false
        try #require(implicit.storage.graphemes.base == nil && stored.storage.graphemes.base != nil)
        #expect(implicit.graphemes == stored.graphemes)
        for width in [0.5, 9, 23.5, 61, 140] as [CGFloat] {
            for mode in [LineBreakMode.byWordWrapping, .byCharWrapping] {
                let a = try implicit.layout(width: width, lineBreakMode: mode)
                let b = try stored.layout(width: width, lineBreakMode: mode)
                #expect(a.lines.map(\.range) == b.lines.map(\.range), "\(width) \(mode)")
                #expect(a.lines.map(\.width) == b.lines.map(\.width), "\(width) \(mode)")
                #expect(
                    try implicit.measure(width: width, lineBreakMode: mode)
                        == stored.measure(width: width, lineBreakMode: mode))
                let end = text.utf16.count
                for offset in stride(from: 0, through: end, by: max(1, end / 7)) {
                    #expect(try a.caretRect(for: offset) == b.caretRect(for: offset), "\(width) \(offset)")
                    #expect(try a.rects(for: 0..<offset).map(\.rect) == b.rects(for: 0..<offset).map(\.rect))
                }
                let point = CGPoint(x: width / 3, y: a.size.height / 2)
                #expect(a.offset(at: point) == b.offset(at: point))
            }
            for mode in [LineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle] {
                for lines in [1, 2] {
                    let a = try implicit.layout(width: width, numberOfLines: lines, lineBreakMode: mode).lines
                    let b = try stored.layout(width: width, numberOfLines: lines, lineBreakMode: mode).lines
                    #expect(a.map(\.visibleRanges) == b.map(\.visibleRanges), "\(width) \(mode) \(lines)")
                    #expect(a.map(\.width) == b.map(\.width), "\(width) \(mode) \(lines)")
                }
            }
        }
    }
}
