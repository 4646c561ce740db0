import Foundation
import Testing
@testable import TextFit

/// Kerning and ligatures with the space (rule F9): in a font whose space takes part in GPOS or GSUB
/// lookups (Blink's `HarfBuzzFace::HasSpaceInLigaturesOrKerning` test), words are not shaped one by one,
/// so every line is as wide as HarfBuzz shaping the line's text whole (and as Pango and Core Text, which
/// shape runs whole). Fonts whose space takes part in nothing keep the word cache.
@Suite struct SpaceKerningTests {
    static let files = [
        "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
        "/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf",
        "/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/opentype/inter/Inter-Regular.otf",
    ]

    /// The UI strings (Data/ui-strings.txt) `font` draws alone, in one script (Latin or Cyrillic), and each
    /// joined with five others of its script by ", " or " — ". One script, because HarfBuzz shaping a line
    /// whole needs one script, as Pango and Core Text shape a run per script (TextFit cuts there too).
    static func strings(in font: Font) throws -> [String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Data/ui-strings.txt")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map(
            String.init)
        var groups: [Bool: [String]] = [:]
        for line in lines where PreparedText(line, font: font).faces.count == 1 {
            let cyrillic = line.unicodeScalars.contains { (0x400...0x52F).contains($0.value) }
            let latin = line.unicodeScalars.contains { $0.properties.isAlphabetic && $0.value < 0x250 }
            guard cyrillic != latin else { continue }
            groups[cyrillic, default: []].append(line)
        }
        var strings: [String] = []
        for group in groups.values {
            strings += group
            for (i, line) in group.enumerated() {
                for k in 1...5 { strings.append(line + (k % 2 == 0 ? ", " : " — ") + group[(i + k * 7) % group.count]) }
            }
        }
        return strings
    }

    /// The issue's example: 70.87 pt word by word, 69.93 pt shaped whole (HarfBuzz, Pango, Core Text).
    @Test func selectAll() throws {
        let font = try Font(file: Self.files[0], faceIndex: 0, size: 17)
        #expect(font.face.harfBuzz.spaceInLookups)
        let width = try PreparedText("Select All", font: font).layout().lines[0].width
        #expect(abs(width - 69.93) < 0.005, "\(width)")
    }

    /// Blink's test on known fonts: Liberation Sans kerns " A"; Noto Sans's space is in no lookup.
    @Test func detection() throws {
        #expect(try Font(file: Self.files[0], faceIndex: 0, size: 12).face.harfBuzz.spaceInLookups)
        #expect(try !Fixtures.font(12).face.harfBuzz.spaceInLookups)
        #expect(
            try !Font(file: "/usr/share/fonts/truetype/liberation2/LiberationMono-Regular.ttf", faceIndex: 0, size: 12)
                .face.harfBuzz.spaceInLookups)
    }

    /// The units that pair with a space before them, probed once per face: Liberation Sans kerns " A",
    /// " T" and " Y" (its GPOS), not " e" or " 7"; its text is still cut into words before those.
    @Test func pairsWithTheSpace() throws {
        let face = try Font(file: Self.files[0], faceIndex: 0, size: 12).face.harfBuzz
        let bits = try #require(face.spacePairs)
        func pairs(_ character: Character) -> Bool {
            let unit = Int(character.utf16.first!)
            return bits[unit >> 6] & (1 << UInt64(unit & 63)) != 0
        }
        #expect(pairs("A") && pairs("T") && pairs("Y"))
        #expect(!pairs("e") && !pairs("7") && !pairs("a"))
        #expect(try Fixtures.font(12).face.harfBuzz.spacePairs == nil)
        // "Select All" is one segment; "Select all" two words.
        let font = try Font(file: Self.files[0], faceIndex: 0, size: 17)
        #expect(PreparedText("Select All", font: font).segments.count == 1)
        #expect(PreparedText("Select all", font: font).segments.count == 2)
    }

    /// Every line of every string, unwrapped and wrapped at two widths, equals HarfBuzz shaping the line's
    /// visible text whole, to 0.01 pt.
    @Test(arguments: files)
    func linesEqualWholeLineShaping(file: String) throws {
        try #require(
            FileManager.default.fileExists(atPath: file), "install fonts-liberation2, fonts-dejavu-core and fonts-inter")
        var strings = 0
        var lines = 0
        var worst = 0.0
        for (n, text) in try Self.strings(in: Font(file: file, faceIndex: 0, size: 12)).enumerated() {
            let size = CGFloat([12, 15, 17, 20][n % 4])
            let font = try Font(file: file, faceIndex: 0, size: size)
            let prepared = PreparedText(text, font: font)
            strings += 1
            let hb = try #require(font.face.harfBuzzFont(scale: font.scale))
            let units = Array(text.utf16)
            for width: CGFloat? in [nil, 90, 140] {
                for line in try prepared.layout(width: width).lines {
                    var end = line.range.upperBound
                    while end > line.range.lowerBound, units[end - 1] == 0x20 { end -= 1 }
                    let shaped = SegmentShaper.shapeUncached(units[line.range.lowerBound..<end], script: 0, font: hb)
                    let expected = Double(shaped.advances.reduce(0) { $0 + Int($1) }) / 1024
                    let difference = abs(Double(line.width) - expected)
                    worst = max(worst, difference)
                    #expect(
                        difference <= 0.01,
                        "\(file) \(size) pt, width \(width.map { "\($0)" } ?? "none"): \(text.debugDescription) line \(line.range): \(line.width) vs \(expected)"
                    )
                    lines += 1
                }
            }
        }
        print("\((file as NSString).lastPathComponent): \(strings) strings, \(lines) lines, worst \(worst) pt")
        #expect(strings >= 300)
    }
}
