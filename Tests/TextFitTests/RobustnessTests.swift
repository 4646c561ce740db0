import Foundation
import Testing
@testable import TextFit

/// Issue 5's bad-input table for the engine, row by row, each with the exact error or behaviour
/// (BadInputTests and FontTests hold the first cases; this suite completes every row). The command line's
/// rows are in TextFitCLITests/BatchRobustnessTests.swift; big inputs in LinearTimeTests.swift.
@Suite struct RobustnessTests {
    // MARK: - Row 1: unknown family, missing file, not a font, truncated file, face index out of range

    /// A scratch folder removed when the test ends.
    final class Scratch {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent(
                "textfit-robust-\(getpid())-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        func file(_ name: String, _ data: Data) throws -> String {
            let path = url.appendingPathComponent(name).path
            try data.write(to: URL(fileURLWithPath: path))
            return path
        }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    @Test func everyFontFailureIsATypedErrorNamingTheFontAndTheProcessKeepsWorking() throws {
        let scratch = try Scratch()
        let noto = try Data(contentsOf: URL(fileURLWithPath: try Fixtures.font().filePath))
        let text = try scratch.file("text.ttf", Data("hello, I am not a font".utf8))
        let empty = try scratch.file("empty.ttf", Data())
        let truncated = try scratch.file("truncated.ttf", noto.prefix(2000))
        let notoPath = try Fixtures.font().filePath
        let cases: [(String, () throws -> Font, FontError, String)] = [
            (
                "unknown family", { try Font(family: "No Such Family 42", size: 12) }, .familyNotFound("No Such Family 42"),
                "font family 'No Such Family 42' not found (bundled fonts: Noto Sans, Droid Sans Fallback, Noto Sans Arabic, Noto Sans Hebrew, Noto Sans Thai, Noto Sans Devanagari, Noto Sans Bengali, Noto Sans Lao; install it or pass a font file)"
            ),
            (
                "empty family", { try Font(family: "", size: 12) }, .familyNotFound(""),
                "font family '' not found (bundled fonts: Noto Sans, Droid Sans Fallback, Noto Sans Arabic, Noto Sans Hebrew, Noto Sans Thai, Noto Sans Devanagari, Noto Sans Bengali, Noto Sans Lao; install it or pass a font file)"
            ),
            (
                "missing file", { try Font(file: "/nonexistent/font.ttf", size: 12) },
                .fileNotFound("/nonexistent/font.ttf"),
                "font file not found: /nonexistent/font.ttf"
            ),
            (
                "a directory", { try Font(file: scratch.url.path, size: 12) },
                .unreadableFile(path: scratch.url.path, reason: "not a regular file (a directory, FIFO, socket or device)"),
                "font file \(scratch.url.path) is not readable as a font: not a regular file (a directory, FIFO, socket or device)"
            ),
            (
                "not a font", { try Font(file: text, size: 12) },
                .unreadableFile(path: text, reason: "not a font file (unknown format)"),
                "font file \(text) is not readable as a font: not a font file (unknown format)"
            ),
            (
                "empty file", { try Font(file: empty, size: 12) },
                .unreadableFile(path: empty, reason: "not a font file (unknown format)"),
                "font file \(empty) is not readable as a font: not a font file (unknown format)"
            ),
            (
                "face index 3", { try Font(file: notoPath, faceIndex: 3, size: 12) },
                .faceIndexOutOfRange(path: notoPath, index: 3, faceCount: 1),
                "font file \(notoPath) has 1 face; face index 3 is out of range"
            ),
            (
                "face index -1", { try Font(file: notoPath, faceIndex: -1, size: 12) },
                .faceIndexOutOfRange(path: notoPath, index: -1, faceCount: 1),
                "font file \(notoPath) has 1 face; face index -1 is out of range"
            ),
            (
                "face index Int.max", { try Font(file: notoPath, faceIndex: .max, size: 12) },
                .faceIndexOutOfRange(path: notoPath, index: .max, faceCount: 1),
                "font file \(notoPath) has 1 face; face index \(Int.max) is out of range"
            ),
        ]
        for (name, load, expected, message) in cases {
            #expect(throws: expected, "\(name)") { try load() }
            #expect(expected.description == message, "\(name)")
        }
        // A cut file: the FreeType code in parentheses depends on where the cut falls and on the version.
        #expect {
            try Font(file: truncated, size: 12)
        } throws: { error in
            guard case FontError.unreadableFile(truncated, let reason) = error else { return false }
            return reason.hasPrefix("broken or truncated font file")
                && "\(error)" == "font file \(truncated) is not readable as a font: \(reason)"
        }
        // The process keeps working after every one of them.
        #expect(try PreparedText("still fine", font: Fixtures.font()).layout(width: 40).lineCount == 2)
    }

    /// A font file cut anywhere or with corrupted bytes either loads and measures without a crash, or is
    /// refused with an error naming the file. (ASan runs of this test check the C side too.)
    @Test func truncatedOrCorruptedFontFilesNeverCrash() throws {
        let scratch = try Scratch()
        let noto = try Data(contentsOf: URL(fileURLWithPath: try Fixtures.font().filePath))
        var generator = Fixtures.Generator(state: 2024)
        var variants: [(String, Data)] = []
        for step in 1..<48 {
            variants.append(("cut-\(step)", noto.prefix(noto.count * step / 48)))
        }
        for index in 0..<48 {
            var bytes = [UInt8](noto)
            // Damage the table directory and a few random places: offsets, lengths and glyph data.
            for _ in 0..<4 {
                let position =
                    index < 16
                    ? Int.random(in: 0..<400, using: &generator) : Int.random(in: 0..<bytes.count, using: &generator)
                bytes[position] = UInt8.random(in: 0...255, using: &generator)
            }
            variants.append(("corrupt-\(index)", Data(bytes)))
        }
        var loaded = 0
        var refused = 0
        for (name, data) in variants {
            let path = try scratch.file("\(name).ttf", data)
            do {
                let font = try Font(file: path, size: 15)
                loaded += 1
                for sample in Fixtures.samples.prefix(7) {
                    let layout = try PreparedText(sample, font: font).layout(
                        width: 120, numberOfLines: 3, lineBreakMode: .byTruncatingTail)
                    #expect(layout.lines.allSatisfy { $0.width.isFinite && $0.width >= 0 }, "\(name)")
                    #expect(font.lineHeight.isFinite, "\(name)")
                }
            } catch let error as FontError {
                refused += 1
                #expect(error.description.contains(path), "\(name): \(error)")
            }
        }
        #expect(loaded + refused == variants.count)
        #expect(refused > 0)
    }

    // MARK: - Row 2: width NaN, ±infinity, negative, 0; size ≤ 0 or NaN; maxLines < 0

    @Test(arguments: [CGFloat.nan, -CGFloat.infinity, -1, -0.001, -CGFloat.greatestFiniteMagnitude])
    func invalidWidthsAreRefusedEverywhere(width: CGFloat) throws {
        let prepared = PreparedText("Hello world", font: try Fixtures.font())
        let message = "invalid width \(Double(width)): use a number >= 0 (0 or infinity = unbounded)"
        func check(_ name: String, _ body: () throws -> Void) {
            #expect(name.isEmpty == false)
            do {
                try body()
                Issue.record("\(name) accepted width \(width)")
            } catch let error as MeasureError {
                #expect(error.description == message, "\(name)")
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
        check("layout") { _ = try prepared.layout(width: width) }
        check("measure") { _ = try prepared.measure(width: width) }
        check("lastLineMaxWidth") { _ = try prepared.layout(width: 100, numberOfLines: 2, lastLineMaxWidth: width) }
        check("numberOfLines") { _ = try prepared.numberOfLines(forWidth: width) }
        check("boundingRect") {
            _ = try prepared.boundingRect(with: CGSize(width: width, height: 0), options: .usesLineFragmentOrigin)
        }
        check("String.boundingRect") {
            _ = try "Hello".boundingRect(
                with: CGSize(width: width, height: 0), options: [],
                attributes: TextStyle(font: try Fixtures.font()))
        }
        check("sizeThatFits") { _ = try prepared.sizeThatFits(CGSize(width: width, height: 0)) }
        #expect(!width.isUnboundedTextDimension)
        check("cutting boundingRect") {
            _ = try prepared.boundingRect(
                with: CGSize(width: width, height: 0), options: .usesLineFragmentOrigin,
                lineBreakMode: .byTruncatingTail)
        }
        check("empty String.boundingRect") {
            _ = try "".boundingRect(
                with: CGSize(width: width, height: 0), options: .usesLineFragmentOrigin,
                attributes: TextStyle(font: try Fixtures.font()))
        }
    }

    @Test(arguments: [CGFloat(0), -0.0, .infinity, 1e15, 1e300, .greatestFiniteMagnitude])
    func zeroAndHugeWidthsMeanUnbounded(width: CGFloat) throws {
        let prepared = PreparedText("Hello world, this is one line\nand a second paragraph", font: try Fixtures.font())
        let unbounded = try prepared.layout(width: nil)
        #expect(unbounded.lineCount == 2)
        #expect(try prepared.layout(width: width) == unbounded)
        let metrics = try prepared.measure(width: width)
        #expect(metrics.lineCount == 2 && metrics.size == unbounded.size)
        #expect(try prepared.numberOfLines(forWidth: width) == 2)
        #expect(
            try prepared.sizeThatFits(CGSize(width: width, height: 0), scale: 2)
                == prepared.sizeThatFits(CGSize(width: CGFloat.infinity, height: 0), scale: 2))
        for options: StringDrawingOptions in [
            .usesLineFragmentOrigin, [.usesLineFragmentOrigin, .truncatesLastVisibleLine],
        ] {
            for mode in [LineBreakMode.byWordWrapping, .byTruncatingTail, .byClipping] {
                #expect(
                    try prepared.boundingRect(with: CGSize(width: width, height: 30), options: options, lineBreakMode: mode)
                        == prepared.boundingRect(
                            with: CGSize(width: CGFloat.infinity, height: 30), options: options,
                            lineBreakMode: mode), "\(options) \(mode)")
            }
        }
        // Heights follow the same rule: 0 and huge do not limit `.truncatesLastVisibleLine`.
        #expect(
            try prepared.boundingRect(
                with: CGSize(width: 40, height: width),
                options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine])
                == prepared.boundingRect(with: CGSize(width: 40, height: 0), options: .usesLineFragmentOrigin))
        #expect(width.isUnboundedTextDimension)
        // The last line's own width follows the same rule: 0 and huge mean no limit for that line.
        #expect(
            try prepared.layout(width: 50, numberOfLines: 2, lineBreakMode: .byTruncatingTail, lastLineMaxWidth: width)
                == prepared.layout(width: 50, numberOfLines: 2, lineBreakMode: .byTruncatingTail, lastLineMaxWidth: 1e12))
    }

    @Test(arguments: [CGFloat(0), -0.0, -1, .nan, .infinity, -.infinity, 100_000, 1e300, -.leastNonzeroMagnitude])
    func invalidSizesAreRefusedEverywhere(size: CGFloat) throws {
        let message =
            "font size \(Double(size)) is invalid: use a finite number of points greater than 0 and below 100000 "
            + "(the largest size whose glyph advances TextFit's 1/1024-pt integers hold)"
        let font = try Fixtures.font()
        let attempts: [(String, () throws -> Font)] = [
            ("family", { try Font(family: "Noto Sans", size: size) }),
            ("file", { try Font(file: font.filePath, size: size) }),
            ("withSize", { try font.withSize(size) }),
            ("systemFont", { try Font.systemFont(ofSize: size, weight: .bold) }),
        ]
        for (name, attempt) in attempts {
            do {
                _ = try attempt()
                Issue.record("\(name) accepted size \(size)")
            } catch let error as FontError {
                #expect(error.description == message, "\(name)")
            }
        }
    }

    @Test func tinyAndLargeValidSizesMeasureWithoutTrouble() throws {
        for size in [CGFloat.leastNonzeroMagnitude, 1e-6, 0.01, 99_999] {
            let font = try Fixtures.font().withSize(size)
            let layout = try PreparedText("Hello world", font: font).layout(width: 50)
            #expect(layout.lines.allSatisfy { $0.width.isFinite && $0.width >= 0 }, "\(size)")
            #expect(layout.size.height.isFinite, "\(size)")
        }
    }

    @Test(arguments: [-1, -2, Int.min])
    func negativeLineLimitsAreRefusedEverywhere(maxLines: Int) throws {
        let prepared = PreparedText("Hello world", font: try Fixtures.font())
        let message = "invalid numberOfLines \(maxLines): use 0 (unlimited) or a positive count"
        #expect(throws: MeasureError.invalidNumberOfLines(maxLines)) {
            try prepared.layout(width: 100, numberOfLines: maxLines)
        }
        #expect(throws: MeasureError.invalidNumberOfLines(maxLines)) {
            try prepared.measure(width: 100, numberOfLines: maxLines)
        }
        #expect(throws: MeasureError.invalidNumberOfLines(maxLines)) {
            try prepared.sizeThatFits(CGSize(width: 100, height: 0), numberOfLines: maxLines)
        }
        #expect(MeasureError.invalidNumberOfLines(maxLines).description == message)
        // Huge limits are just limits.
        #expect(try prepared.layout(width: 60, numberOfLines: .max) == prepared.layout(width: 60))
    }

    @Test(arguments: [CGFloat.nan, 0, -1, .infinity, -.infinity])
    func invalidScalesAreRefused(scale: CGFloat) throws {
        let prepared = PreparedText("Hello", font: try Fixtures.font())
        #expect(throws: MeasureError.self) { try prepared.sizeThatFits(.zero, scale: scale) }
        do {
            _ = try prepared.sizeThatFits(.zero, scale: scale)
        } catch {
            #expect("\(error)" == "invalid scale \(Double(scale)): use a finite number > 0 (1, 2 or 3 for iOS screens)")
        }
    }

    @Test(arguments: [CGFloat.nan, -1, -CGFloat.infinity])
    func invalidHeightsAreRefused(height: CGFloat) throws {
        let prepared = PreparedText("Hello", font: try Fixtures.font())
        #expect {
            try prepared.boundingRect(with: CGSize(width: 100, height: height), options: .usesLineFragmentOrigin)
        } throws: { error in
            "\(error)" == "invalid height \(Double(height)): use a number >= 0 (0 or infinity = unbounded)"
        }
    }

    // MARK: - Row 3: odd Unicode is measured without a crash and nothing is dropped from the lines

    static let oddTexts: [(String, [UInt16])] = {
        func units(_ text: String) -> [UInt16] { Array(text.utf16) }
        let family = "👩\u{200D}👩\u{200D}👧\u{200D}👦"
        return [
            ("lone lead surrogate", [0x48, 0xD800, 0x69]),
            ("lone trail surrogate", [0xDC00, 0x20, 0x61, 0x62]),
            ("reversed pair", [0xDE00, 0xD83D, 0x20, 0xD83D]),
            ("surrogates only", [0xD800, 0xD800, 0xDFFF, 0xDBFF]),
            ("noncharacters", [0xFFFE, 0xFFFF, 0x20, 0x61, 0xFFFE, 0x62, 0x20, 0xFDD0, 0xDBFF, 0xDFFF]),
            ("NUL", units("\u{0}NUL\u{0} \u{0}\u{0}\u{0} end\u{0}")),
            ("controls", units("a\u{1}\u{7}\u{8}\u{1B}\u{7F}\u{85}b\u{9F} \u{B}\u{C}c")),
            ("lone combining marks", units("\u{301}\u{302} lone \u{301} marks\n\u{308}after a newline")),
            ("500 marks on one base", units("a" + String(repeating: "\u{301}", count: 500) + " b")),
            ("5000 marks alone", units(String(repeating: "\u{316}", count: 5000))),
            ("marks on spaces", units(" \u{308} \u{308}x \u{20DD}")),
            ("long ZWJ chain", units(Array(repeating: family, count: 200).joined(separator: "\u{200D}"))),
            (
                "emoji with modifiers and flags",
                units("👍🏽👍🏿 🇫🇷🇩 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F} 1\u{FE0F}\u{20E3}")
            ),
            (
                "bidi controls",
                units(
                    "\u{202E}bidi\u{202C} \u{2067}isolate\u{2069} \u{200F}rtl\u{200E} \u{2066}\u{2068}\u{202A}\u{202B}\u{202D}"
                )
            ),
            (
                "unbalanced bidi",
                units(String(repeating: "\u{202E}", count: 300) + "x" + String(repeating: "\u{2069}", count: 300))
            ),
            ("mixed scripts", units("שלום world مرحبا 世界 ภาษาไทย Ελληνικά")),
            ("variation selectors alone", units("\u{FE0F}\u{FE0E} \u{E0100}x\u{FE0F}")),
            ("separators", units("\r\r\n\n\u{2029}\u{85}\u{2028}\u{2028}a\r")),
            ("spaces of every kind", units(" \u{A0}\u{1680}\u{2000}\u{2007}\u{200A}\u{202F}\u{205F}\u{3000}\t x ")),
            ("soft hyphens and joiners", units("a\u{AD}b\u{200B}c\u{2060}d\u{200D}e\u{FEFF}f")),
            ("hangul jamo", units("\u{1100}\u{1161}\u{11A8}\u{1100}\u{1161} 한국어\u{3164}")),
            ("private use and unassigned", units("\u{E000}\u{F8FF}\u{10FFFD} \u{0378}\u{2FFFF}")),
            ("long unbreakable run", units(String(repeating: "W", count: 400))),
        ]
    }()

    /// Lines cover the text in order: between two lines, and after the last one, there is at most one
    /// paragraph separator; when nothing is truncated, nothing is missing.
    static func checkNothingDropped(_ layout: TextLayout, _ units: [UInt16], _ context: String) {
        let separators: Set<UInt16> = [0x0A, 0x0D, 0x2029, 0x85]
        func isOneSeparator(_ gap: ArraySlice<UInt16>) -> Bool {
            gap.isEmpty || Array(gap) == [0x0D, 0x0A] || (gap.count == 1 && separators.contains(gap.first!))
        }
        var position = 0
        for line in layout.lines {
            guard line.range.lowerBound >= position, line.range.upperBound <= units.count else {
                Issue.record("\(context): line \(line.range) after \(position)")
                return
            }
            #expect(isOneSeparator(units[position..<line.range.lowerBound]), "\(context): gap before \(line.range)")
            position = line.range.upperBound
        }
        if !layout.isTruncated {
            #expect(isOneSeparator(units[position...]), "\(context): \(units.count - position) units after the last line")
        }
    }

    @Test(arguments: oddTexts.indices)
    func oddUnicodeIsMeasuredWithoutDroppingAnything(index: Int) throws {
        let (name, units) = Self.oddTexts[index]
        for font in [try Fixtures.font(), try Font(family: "Droid Sans Fallback", size: 13)] {
            let prepared = PreparedText(utf16: units, font: font)
            #expect(prepared.utf16Count == units.count, "\(name)")
            let repaired = Array(prepared.text.utf16)
            for mode in LineBreakMode.allCases {
                for width in [nil, 0.5, 9, 40, 200] as [CGFloat?] {
                    for maxLines in [0, 1, 3] {
                        let context = "\(name) \(mode) width \(width.map { "\($0)" } ?? "nil") maxLines \(maxLines)"
                        let layout = try prepared.layout(width: width, numberOfLines: maxLines, lineBreakMode: mode)
                        Self.checkNothingDropped(layout, repaired, context)
                        #expect(layout.lines.allSatisfy { $0.width.isFinite && $0.width >= 0 }, "\(context)")
                        let metrics = try prepared.measure(width: width, numberOfLines: maxLines, lineBreakMode: mode)
                        #expect(metrics.lineCount == layout.lineCount && metrics.size == layout.size, "\(context)")
                    }
                }
            }
        }
    }

    // MARK: - Findings of the fuzzers (each replayed from its file in TextFitCLITests/FuzzReplayTests too)

    /// FuzzMeasure found it: after an emergency break inside the ligature "ffl", the next line started on
    /// an unsafe-to-break cluster and the galloping word wrap trusted the stored prefix (0 for the rest of
    /// the ligature), putting "fl" (14.4 pt) on an 8.3 pt line.
    @Test func aLineStartingInsideALigatureIsMeasuredReshaped() throws {
        let font = try Fixtures.font(24)
        for text in ["ffl", "ffl w", "office affluent ffl"] {
            let prepared = PreparedText(text, font: font)
            for width in stride(from: CGFloat(6), through: 40, by: 0.5) {
                for line in try prepared.layout(width: width).lines where line.width > width {
                    let visible = line.text.trimmingCharacters(in: .whitespaces)
                    #expect(
                        visible.count == 1,
                        "\(text.debugDescription) at \(width): \(line.text.debugDescription) is \(line.width)")
                }
            }
        }
    }
}
