import Foundation
import Testing
@testable import TextFit

/// The line-break shortcut for plain prose (`SimpleLineBreaks`) answers exactly as ICU does wherever it
/// answers at all.
@Suite struct SimpleLineBreaksTests {
    /// ICU's opportunities (position, mandatory) and the shortcut's, or nil when it declines.
    static func both(_ text: String) -> (icu: [[Int32]], simple: [[Int32]]?) {
        let units = Array(text.utf16)
        guard !units.isEmpty else { return ([], []) }
        var positions = [Int32](repeating: -1, count: units.count)
        var mandatory = [UInt8](repeating: 9, count: units.count)
        func pairs(_ count: Int) -> [[Int32]] { (0..<count).map { [positions[$0], Int32(mandatory[$0])] } }
        let icuCount = units.withUnsafeBufferPointer { u in
            LineBreakIteratorPool.shared!.breaks(u, positions: &positions, mandatory: &mandatory)
        }
        let icu = pairs(icuCount)
        let simpleCount = units.withUnsafeBufferPointer { u in
            SimpleLineBreaks.breaks(u, positions: &positions, mandatory: &mandatory)
        }
        return (icu, simpleCount.map(pairs))
    }

    /// Characters of every handled class, then a few the shortcut must decline.
    static let alphabet = handled + declined

    /// Characters of every handled class.
    static let handled: [String] = [
        "a", "Z", "é", "ß", "Я", "ж", "α", "ἄ", "©", "#", "&", "@", "*",  // AL
        "·", "×", "§", "→",  // AI, resolved to AL
        "0", "7", "٣",  // NU
        " ",  // SP
        "\"", "'", "“", "”", "’", "«", "»",  // QU
        ",", ".", ":", ";",  // IS
        "!", "?",  // EX
        "-", "—", "(", "[", ")", "]",  // HY, B2, OP, CP
        "中", "文", "か", "カ", "ァ", "ー", "々",  // ID, NS (CJ resolves to NS)
        "。", "，", "、", "」", "）", "}", "「", "（", "！", "？", "：", "…",  // CL, OP wide, EX, NS, IN
        "/", "%", "$", "+", "№", "°", "¢", "€", "–",  // SY, PO, PR, BA (en dash)
    ]

    /// Characters the shortcut must decline.
    static let declined = ["\u{301}", "\u{A0}", "\n", "😀", "각", "\u{3099}", "‐", "¿"]

    @Test func everyStringOfUpToThreeCharactersAgrees() {
        var answered = 0
        var total = 0
        for a in Self.alphabet {
            for b in [""] + Self.alphabet {
                for c in [""] + Self.alphabet where !(b.isEmpty && !c.isEmpty) {
                    let text = a + b + c
                    let (icu, simple) = Self.both(text)
                    total += 1
                    guard let simple else { continue }
                    answered += 1
                    #expect(simple == icu, "\(text.debugDescription)")
                }
            }
        }
        print("SimpleLineBreaks: \(answered) of \(total) strings of up to 3 characters answered, all as ICU")
        #expect(answered > total / 4)
    }

    @Test func randomStringsAgree() {
        var generator = Fixtures.Generator(state: 1414)
        let handled = Self.handled
        var answered = 0
        // TEXTFIT_SIMPLE_BREAKS_ROUNDS=3000000 for a longer local run.
        let rounds = ProcessInfo.processInfo.environment["TEXTFIT_SIMPLE_BREAKS_ROUNDS"].flatMap { Int($0) } ?? 150_000
        for round in 0..<rounds {
            let pool = round % 3 == 0 ? Self.alphabet : handled
            let text = (0..<Int.random(in: 1...(round % 5 == 0 ? 40 : 14), using: &generator)).map { _ in
                pool.randomElement(using: &generator)!
            }.joined()
            let (icu, simple) = Self.both(text)
            guard let simple else { continue }
            answered += 1
            #expect(simple == icu, "\(text.debugDescription)")
        }
        print("SimpleLineBreaks: \(answered) of \(rounds) random strings answered, all as ICU")
        #expect(answered > rounds / 3)
    }

    /// The parity corpus's texts (12 languages, CJK, mixed) and the project's seed feed rows.
    @Test func corpusTextsAgree() throws {
        var texts = try PangoParityTests.loadJSONLines("corpus").compactMap { $0["text"] as? String }
        texts += texts.map { $0 + " (" + $0.prefix(12) + ") — 3.5, \"" + $0.suffix(9) + "\"!" }
        var answered = 0
        for text in texts {
            let (icu, simple) = Self.both(text)
            guard let simple else { continue }
            answered += 1
            #expect(simple == icu, "\(text.debugDescription)")
        }
        print("SimpleLineBreaks: \(answered) of \(texts.count) corpus texts answered, all as ICU")
        #expect(answered > texts.count / 5)
    }
}
