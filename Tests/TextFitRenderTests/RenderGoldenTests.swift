import Foundation
import Testing
import TextFit
@testable import TextFitRender

/// A few pictures compared with recorded ones, with a tolerance that survives FreeType patch releases
/// (anti-aliasing may change by a level or two; glyphs must not move).
///
/// Re-record after an intended change with `TEXTFIT_RECORD=1 swift test --filter RenderGoldenTests`, look
/// at the new files under `Tests/TextFitRenderTests/Data/golden/`, and commit them.
@Suite struct RenderGoldenTests {
    struct Golden: CustomStringConvertible, Sendable {
        var name: String
        var renderCase: RenderCase
        var scale: CGFloat
        var overlays: RenderOverlays = .all
        var description: String { name }
    }

    static let goldens: [Golden] = [
        Golden(
            name: "truncated-tail-2x",
            renderCase: RenderCase(
                text: Fixtures.samples[0], width: 150, lines: 2,
                mode: .byTruncatingTail), scale: 2),
        Golden(
            name: "truncated-middle-2x",
            renderCase: RenderCase(
                text: "Supercalifragilisticexpialidocious antidisestablishmentarianism", width: 200, lines: 1,
                mode: .byTruncatingMiddle), scale: 2),
        Golden(name: "hanging-whitespace-2x", renderCase: RenderCase(text: Fixtures.samples[8], width: 120), scale: 2),
        Golden(
            name: "cjk-feed-row-1x",
            renderCase: RenderCase(
                text: "美商務部對中興通訊暫時部分解禁，中興新掌門李自學：盡快恢復生產", width: 355, size: 15), scale: 1),
        Golden(
            name: "mixed-scripts-3x",
            renderCase: RenderCase(
                text: Fixtures.samples[4], width: 160, lines: 3,
                mode: .byTruncatingTail, size: 13), scale: 3),
    ]

    /// Mean absolute difference per channel (0–255) allowed over the whole picture.
    static let meanTolerance = 1.5
    /// How far (pixels) the ink's bounding box may move on any side.
    static let boxTolerance = 1

    static var recording: Bool { ProcessInfo.processInfo.environment["TEXTFIT_RECORD"] == "1" }

    static let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Data/golden")

    @Test(arguments: goldens)
    func matchesTheRecordedPicture(golden: Golden) throws {
        let (_, layout) = try golden.renderCase.prepare()
        let options = RenderOptions(
            scale: golden.scale, overlays: golden.overlays,
            widthLimit: golden.renderCase.width)
        let png = try layout.renderPNG(options: options)
        if Self.recording {
            try FileManager.default.createDirectory(at: Self.sourceFolder, withIntermediateDirectories: true)
            try png.write(to: Self.sourceFolder.appendingPathComponent("\(golden.name).png"))
            return
        }
        let url = try #require(
            Bundle.module.url(forResource: golden.name, withExtension: "png", subdirectory: "Data/golden"),
            "no golden \(golden.name).png: record it with TEXTFIT_RECORD=1")
        let expected = try Bitmap(png: try Data(contentsOf: url))
        let actual = try Bitmap(png: png)
        try #require(
            actual.width == expected.width && actual.height == expected.height,
            "\(golden.name): \(actual.width)x\(actual.height) px, golden \(expected.width)x\(expected.height)")
        let difference = Self.meanAbsoluteDifference(actual, expected)
        #expect(difference <= Self.meanTolerance, "\(golden.name): mean difference \(difference) per channel")
        let a = try #require(actual.inkBox()), e = try #require(expected.inkBox())
        let shift = [abs(a.x0 - e.x0), abs(a.y0 - e.y0), abs(a.x1 - e.x1), abs(a.y1 - e.y1)].max() ?? 0
        #expect(shift <= Self.boxTolerance, "\(golden.name): ink box moved by \(shift) px (\(a) vs \(e))")
    }

    static func meanAbsoluteDifference(_ a: Bitmap, _ b: Bitmap) -> Double {
        var total = 0
        for i in 0..<min(a.rgba.count, b.rgba.count) { total += abs(Int(a.rgba[i]) - Int(b.rgba[i])) }
        return Double(total) / Double(max(1, a.rgba.count))
    }

    @Test func theComparisonCatchesAMovedGlyph() throws {
        // The tolerance is loose for anti-aliasing but not for layout: a line one word shorter fails.
        let (_, layout) = try RenderCase(text: Fixtures.samples[0], width: 150, lines: 2, mode: .byTruncatingTail).prepare()
        let (_, otherLayout) = try RenderCase(text: Fixtures.samples[0], width: 140, lines: 2, mode: .byTruncatingTail)
            .prepare()
        let options = RenderOptions(scale: 2, padding: 4)
        let a = try Bitmap(png: layout.renderPNG(options: options))
        var b = try Bitmap(png: otherLayout.renderPNG(options: options))
        if b.width != a.width {
            // Compare on a common canvas: crop or pad b to a's size with white.
            var rgba = [UInt8](repeating: 255, count: a.width * a.height * 4)
            for y in 0..<min(a.height, b.height) {
                for x in 0..<min(a.width, b.width) {
                    for c in 0..<4 { rgba[(y * a.width + x) * 4 + c] = b.rgba[(y * b.width + x) * 4 + c] }
                }
            }
            b = Bitmap(width: a.width, height: a.height, rgba: rgba)
        }
        let ink = (try #require(a.inkBox()), try #require(b.inkBox()))
        let moved = [abs(ink.0.x1 - ink.1.x1), abs(ink.0.y1 - ink.1.y1)].max() ?? 0
        #expect(Self.meanAbsoluteDifference(a, b) > Self.meanTolerance || moved > Self.boxTolerance)
    }
}
