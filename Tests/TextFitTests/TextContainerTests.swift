import Foundation
import Testing
@testable import TextFit
import _TextFitTestSupport

/// Text containers with exclusion paths (rules G4–G8): no fragment overlaps an exclusion, each fragment is
/// the widest free interval at its line's height, lines fit their fragments, a container with no room is a
/// documented answer, bad containers are typed errors.
@Suite struct TextContainerTests {
    /// Whether `point` lies strictly inside the shape: written from the shapes' equations, apart from the
    /// band arithmetic the layout uses.
    static func contains(_ path: ExclusionPath, _ point: CGPoint) -> Bool {
        let r = path.bounds
        guard point.x > r.minX, point.x < r.maxX, point.y > r.minY, point.y < r.maxY else { return false }
        switch path {
        case .rect: return true
        case .ellipse:
            let dx = (point.x - r.midX) / (r.width / 2), dy = (point.y - r.midY) / (r.height / 2)
            return dx * dx + dy * dy < 1
        case .roundedRect(_, let radius):
            let c = min(radius, r.width / 2, r.height / 2)
            let cx = min(max(point.x, r.minX + c), r.maxX - c), cy = min(max(point.y, r.minY + c), r.maxY - c)
            let dx = point.x - cx, dy = point.y - cy
            return dx * dx + dy * dy < c * c
        }
    }

    static func randomPath(_ g: inout SeededGenerator, width: CGFloat) -> ExclusionPath {
        let rect = CGRect(
            x: CGFloat.random(in: -20...width, using: &g), y: CGFloat.random(in: -10...200, using: &g),
            width: CGFloat.random(in: 5...160, using: &g), height: CGFloat.random(in: 5...120, using: &g))
        switch Int.random(in: 0..<3, using: &g) {
        case 0: return .rect(rect)
        case 1: return .ellipse(in: rect)
        default: return .roundedRect(rect, cornerRadius: CGFloat.random(in: 0...40, using: &g))
        }
    }

    /// The widest run of x (on a 1/8 pt grid) free of every shape at the sampled heights of a band.
    static func widestFreeRun(_ container: TextContainer, top: CGFloat, bottom: CGFloat) -> CGFloat {
        let step: CGFloat = 0.125
        let ys = (0...8).map { top + (bottom - top) * CGFloat($0) / 8 }
        var best: CGFloat = 0, run: CGFloat = 0
        var x = step / 2
        while x < container.size.width {
            let blocked = container.exclusionPaths.contains { path in ys.contains { contains(path, CGPoint(x: x, y: $0)) } }
            run = blocked ? 0 : run + step
            best = max(best, run)
            x += step
        }
        return best
    }

    /// G4, G6: over random texts and containers, no fragment overlaps an exclusion, each is (to the 1/8 pt
    /// grid) the widest free interval at its height, each line fits its fragment less the padding, lines
    /// go down the container without overlapping, and the lines tile the text shown.
    @Test(arguments: [11, 12, 13] as [UInt64])
    func fragmentsAreTheWidestFreeIntervals(seed: UInt64) throws {
        var g = SeededGenerator(state: seed)
        var checked = 0
        for _ in 0..<25 {
            let text = PreparedText(Fixtures.randomText(&g), font: try Fixtures.font(CGFloat.random(in: 11...20, using: &g)))
            let width = CGFloat.random(in: 160...360, using: &g)
            var container = TextContainer(
                size: CGSize(width: width, height: Bool.random(using: &g) ? 0 : 260),
                lineFragmentPadding: [0, 5, 2.5].randomElement(using: &g)!)
            container.exclusionPaths = (0..<Int.random(in: 0...3, using: &g)).map { _ in Self.randomPath(&g, width: width) }
            let layout = try text.layout(in: container)
            var previousBottom: CGFloat = 0
            var expectedStart = 0
            for (line, fragment) in zip(layout.lines, layout.lineFragmentRects) {
                checked += 1
                // No overlap: sample the fragment's inside.
                for path in container.exclusionPaths {
                    for i in 1..<8 {
                        for j in 1..<40 {
                            let point = CGPoint(
                                x: fragment.minX + fragment.width * CGFloat(j) / 40,
                                y: fragment.minY + fragment.height * CGFloat(i) / 8)
                            #expect(!Self.contains(path, point), "\(fragment) overlaps \(path)")
                        }
                    }
                }
                let widest = Self.widestFreeRun(container, top: fragment.minY, bottom: fragment.maxY)
                #expect(fragment.width >= widest - 0.25, "fragment \(fragment.width) < free run \(widest)")
                #expect(fragment.minX >= 0 && fragment.maxX <= width + 1e-9)
                let room = fragment.width - 2 * container.lineFragmentPadding
                let clusters = text.graphemes.filter { Int($0) > line.range.lowerBound && Int($0) < line.range.upperBound }
                    .count
                #expect(line.width <= room + 1e-9 || clusters == 0, "\(line.text) \(line.width) > \(room)")
                #expect(line.rect.minX >= fragment.minX + container.lineFragmentPadding - 1e-9)
                #expect(line.rect.minY >= previousBottom - 1e-9)
                previousBottom = line.rect.maxY
                if let bottom = container.bottom { #expect(line.rect.maxY <= bottom) }
                // Lines tile the text: each starts where the last ended, or after a paragraph separator.
                #expect(line.range.lowerBound >= expectedStart && line.range.lowerBound <= expectedStart + 2)
                expectedStart = line.range.upperBound
            }
            if !layout.isTruncated { #expect(layout.nextOffset == text.utf16Count) }
        }
        #expect(checked > 120)
    }

    /// G4, worked example: text beside a 64 pt avatar circle at the top left starts right of the circle
    /// (plus the padding) while the circle reaches into the line, and takes the full width below it.
    @Test func avatarCircle() throws {
        let text = PreparedText(
            String(repeating: "Ada wrote the first program for the Analytical Engine. ", count: 6),
            font: try Fixtures.font(15))
        let circle = CGRect(x: 0, y: 0, width: 64, height: 64)
        let container = TextContainer(size: CGSize(width: 300, height: 0), exclusionPaths: [.ellipse(in: circle)])
        let layout = try text.layout(in: container)
        let first = try #require(layout.lines.first)
        #expect(layout.lineFragmentRects[0].minX >= 32 && layout.lineFragmentRects[0].minX <= 64)
        #expect(first.rect.minX == layout.lineFragmentRects[0].minX + 5)
        for (line, fragment) in zip(layout.lines, layout.lineFragmentRects) where line.rect.minY >= 64 {
            #expect(fragment.minX == 0 && fragment.width == 300 && line.rect.minX == 5)
        }
        // The line in the middle of the circle is narrower than the one at its top edge.
        #expect(layout.lineFragmentRects[1].minX > layout.lineFragmentRects[0].minX)
    }

    /// G6: an exclusion in the middle of the column: the line goes in the wider side; a drop cap at the
    /// left leaves the lines beside it their own width (W8).
    @Test func exclusionInTheMiddleAndADropCap() throws {
        let text = PreparedText(String(repeating: "word ", count: 60), font: try Fixtures.font(15))
        let middle = TextContainer(
            size: CGSize(width: 300, height: 0),
            exclusionPaths: [.rect(CGRect(x: 100, y: 0, width: 40, height: 30))], lineFragmentPadding: 0)
        let layout = try text.layout(in: middle)
        #expect(layout.lineFragmentRects[0] == CGRect(x: 140, y: 0, width: 160, height: text.lineHeight))
        #expect(layout.lines[0].width <= 160)
        let dropCap = TextContainer(
            size: CGSize(width: 300, height: 0),
            exclusionPaths: [.rect(CGRect(x: 0, y: 0, width: 48, height: 2 * text.lineHeight))])
        let capped = try text.layout(in: dropCap)
        let listed = try text.layout(widths: [300 - 48 - 10, 300 - 48 - 10, 290])
        #expect(capped.lines.map(\.range) == Array(listed.lines.map(\.range)))
        #expect(capped.lines[0].rect.minX == 53 && capped.lines[2].rect.minX == 5)
    }

    /// G7: exclusions covering the whole container leave no line (`isTruncated`, `nextOffset` 0), at once;
    /// in an unbounded container the lines move below a full-width exclusion, and below a huge one too.
    @Test func noRoom() throws {
        let text = PreparedText("Hello world, this is a paragraph.", font: try Fixtures.font())
        let full = TextContainer(
            size: CGSize(width: 200, height: 100),
            exclusionPaths: [.rect(CGRect(x: -10, y: -10, width: 300, height: 300))])
        let none = try text.layout(in: full)
        #expect(none.lines.isEmpty && none.isTruncated && none.nextOffset == 0 && none.usedRect == .zero)

        let band = TextContainer(
            size: CGSize(width: 200, height: 0),
            exclusionPaths: [.rect(CGRect(x: 0, y: 0, width: 200, height: 100))])
        let below = try text.layout(in: band)
        #expect(below.lines.first?.rect.minY == 100 && !below.isTruncated)

        let circle = TextContainer(
            size: CGSize(width: 200, height: 0),
            exclusionPaths: [.ellipse(in: CGRect(x: -50, y: 0, width: 300, height: 100))])
        let round = try text.layout(in: circle)
        #expect(round.lines.count >= 1 && round.lineFragmentRects.allSatisfy { $0.width > 10 })

        let huge = TextContainer(
            size: CGSize(width: 200, height: 0),
            exclusionPaths: [
                .rect(CGRect(x: 0, y: 0, width: 200, height: 1e12)),
                .ellipse(in: CGRect(x: -10, y: 0, width: 300, height: 1e13)),
            ])
        let far = try text.layout(in: huge)
        #expect(far.lines.isEmpty || far.lines[0].rect.minY >= 1e12)
    }

    /// G7: a bounded height ends the lines at the last whole line; `nextOffset` is where the rest starts.
    @Test func boundedHeightEndsTheLines() throws {
        let text = PreparedText(String(repeating: "word ", count: 80), font: try Fixtures.font(15))
        let container = TextContainer(size: CGSize(width: 200, height: 3.5 * text.lineHeight))
        let layout = try text.layout(in: container)
        #expect(layout.lines.count == 3 && layout.isTruncated)
        #expect(layout.nextOffset == layout.lines[2].range.upperBound)
        #expect(layout.usedRect.maxY == 3 * text.lineHeight)
        // A line limit with a truncating mode cuts the last permitted line in its fragment (T4).
        let clamped = try text.layout(
            in: TextContainer(size: CGSize(width: 200, height: 0)), numberOfLines: 2,
            lineBreakMode: .byTruncatingTail)
        #expect(clamped.lines.count == 2 && clamped.lines[1].ellipsis == .tail && clamped.isTruncated)
    }

    /// G8: bad containers and shapes are typed errors naming the field.
    @Test func badContainers() throws {
        let text = PreparedText("Hello", font: try Fixtures.font())
        let bad: [(TextContainer, TextContainerError)] = [
            (TextContainer(size: CGSize(width: 0, height: 0)), .invalidWidth(0)),
            (TextContainer(size: CGSize(width: CGFloat.infinity, height: 0)), .invalidWidth(Double.infinity)),
            (TextContainer(size: CGSize(width: 100, height: -1)), .invalidHeight(-1)),
            (TextContainer(size: CGSize(width: 100, height: 0), lineFragmentPadding: -1), .invalidPadding(-1)),
            (TextContainer(size: CGSize(width: 10, height: 0), lineFragmentPadding: 5), .invalidPadding(5)),
        ]
        for (container, error) in bad {
            #expect(throws: error) { try text.layout(in: container) }
        }
        for path: ExclusionPath in [
            .rect(CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)),
            .ellipse(in: CGRect(x: 0, y: 0, width: -3, height: 1)),
            .roundedRect(CGRect(x: 0, y: 0, width: 3, height: 3), cornerRadius: -1),
        ] {
            let container = TextContainer(size: CGSize(width: 100, height: 0), exclusionPaths: [.rect(.zero), path])
            #expect(throws: TextContainerError.self) { try text.layout(in: container) }
            do { _ = try text.layout(in: container) } catch let error as TextContainerError {
                #expect(error.description.contains("exclusion path 1"))
            }
        }
    }
}
