import Foundation
import Testing
@testable import TextFit

/// Properties of carets, hit testing and range rects over the sample texts and right-to-left and mixed
/// sentences, at several widths (rules R1–R4, R6).
@Suite struct SelectionPropertyTests {
    static let texts: [String] =
        Fixtures.samples + [
            "Hello שלום עולם world مرحبا and goodbye.",
            "דני נסע לתל אביב ביום ראשון ופגש את Sarah בבית קפה ליד הים.",
            "قالت سارة إن برنامج Microsoft Word لا يحفظ الملفات بصيغة PDF تلقائياً.",
            "مریم هفته\u{200C}ی گذشته با پرواز Lufthansa از تهران به برلین رفت.",
            "Emoji 👩‍👩‍👧 and flags 🇫🇷🇯🇵 beside café, naïve, e\u{301}\u{302} and ﬁne ligatures.",
            "First paragraph.\nSecond one, a little longer than the first.\n\nFourth after an empty one.",
        ]
    static let widths: [CGFloat] = [70, 150, 320]

    /// The grapheme boundaries a layout shows: the starts and ends of its lines' clusters.
    static func carets(_ layout: TextLayout) -> [(offset: Int, line: Int)] {
        var result: [(offset: Int, line: Int)] = []
        let graphemes = layout.preparedText.graphemes
        for (index, line) in layout.lines.enumerated() {
            for k in 0..<graphemes.count {
                let offset = Int(graphemes[k])
                // A wrapped line's end is the next line's start (downstream): counted there.
                if line.range.contains(offset)
                    || (offset == line.range.upperBound
                        && (index + 1 == layout.lineCount || layout.lines[index + 1].range.lowerBound != offset))
                {
                    result.append((offset, index))
                }
            }
        }
        return result
    }

    /// R3: a tap at a caret's middle lands on that caret, for every caret whose x is its own on its line
    /// (in bidirectional text two offsets can share an x where runs meet, and a zero-width cluster shares
    /// its neighbour's: there either answer is right).
    @Test func hitTestingTheCaretFindsItsOffset() throws {
        let font = try Fixtures.font()
        var checked = 0
        var shared = 0
        for text in Self.texts {
            let prepared = PreparedText(text, font: font)
            for width in Self.widths {
                let layout = try prepared.layout(width: width)
                let carets = Self.carets(layout)
                let rects = try carets.map { try layout.caretRect(for: $0.offset) }
                for (i, caret) in carets.enumerated() {
                    let rect = rects[i]
                    let twins = carets.indices.filter {
                        $0 != i && carets[$0].line == caret.line && abs(rects[$0].minX - rect.minX) < 0.001
                    }
                    if !twins.isEmpty { shared += 1; continue }
                    let found = layout.offset(at: CGPoint(x: rect.midX, y: rect.midY))
                    #expect(found == caret.offset, "\(text.prefix(20)) at \(width): caret \(caret.offset) -> \(found)")
                    checked += 1
                }
            }
        }
        #expect(checked > 2000)
        #expect(shared < checked / 10)
    }

    /// R1: cutting a range anywhere gives two ranges whose rects do not overlap and add up to its rects'
    /// width, line by line; a whole line's rects cover its used rect.
    @Test func rectsTileTheRange() throws {
        let font = try Fixtures.font()
        var generator = Fixtures.Generator(state: 32)
        for text in Self.texts {
            let prepared = PreparedText(text, font: font)
            for width in Self.widths {
                let layout = try prepared.layout(width: width)
                let length = prepared.utf16Count
                for _ in 0..<20 {
                    let a = Int.random(in: 0...length, using: &generator)
                    let b = Int.random(in: a...length, using: &generator)
                    let m = Int.random(in: a...b, using: &generator)
                    let whole = try layout.rects(for: layout.clusterStart(a)..<layout.clusterStart(b))
                    let left = try layout.rects(for: layout.clusterStart(a)..<layout.clusterStart(m))
                    let right = try layout.rects(for: layout.clusterStart(m)..<layout.clusterStart(b))
                    let sum = { (rects: [SelectionRect]) in rects.reduce(0) { $0 + $1.rect.width } }
                    #expect(abs(sum(whole) - sum(left) - sum(right)) < 0.01, "\(text.prefix(20)) \(a) \(m) \(b)")
                    for l in left {
                        for r in right where l.lineIndex == r.lineIndex {
                            #expect(l.rect.intersection(r.rect).width < 0.01, "\(text.prefix(20)) \(a) \(m) \(b)")
                        }
                    }
                }
                for index in 0..<layout.lineCount {
                    let line = layout.lines[index]
                    guard !line.range.isEmpty else { continue }
                    let rects = try layout.rects(for: line.range).filter { $0.lineIndex == index }
                    let used = try layout.lineMetrics(at: index).usedRect
                    #expect(rects.count == 1)
                    #expect(
                        abs((rects.first?.rect.minX ?? -1) - used.minX) < 0.01
                            && abs((rects.first?.rect.maxX ?? -1) - used.maxX) < 0.01)
                }
            }
        }
    }
}
