import Foundation
import Testing
@testable import TextFitLayout

/// A solved system kept by shape and refreshed (rule AL12) gives the answer a new system gives: for the same
/// cell with new texts and widths, for a fresh cell of the same shape, and after the constraints change
/// (added, removed, deactivated, constants and priorities changed), when the shape no longer matches.
@Suite struct AutoLayoutReuseTests {
    typealias FeedCell = SelfSizingCellTests.FeedCell

    static let size = AutoLayoutEngine.RootSize.fitting(
        CGSize(width: 375, height: 0), horizontal: .required,
        vertical: .fittingSizeLevel)
    static func fitting(_ width: CGFloat) -> AutoLayoutEngine.RootSize {
        .fitting(CGSize(width: width, height: 0), horizontal: .required, vertical: .fittingSizeLevel)
    }

    /// Every node's frame from a new system (no kept one).
    static func freshFrames(_ root: LayoutNode, _ size: AutoLayoutEngine.RootSize) throws -> [CGRect] {
        var engine = try AutoLayoutEngine(root: root, size: size)
        try engine.solveLabels()
        return engine.nodes.indices.map { engine.frame(of: $0) }
    }

    /// Every node's frame from `kept` refreshed for `root`'s tree.
    static func keptFrames(
        _ root: LayoutNode, _ size: AutoLayoutEngine.RootSize, kept: AutoLayoutEngine
    ) throws
        -> (frames: [CGRect], engine: AutoLayoutEngine)
    {
        let (shape, tree) = AutoLayoutShape.read(root, size: size)
        let engine = try AutoLayoutEngine.solved(root, size: size, kept: kept, shape: shape, tree: tree)
        return (engine.nodes.indices.map { engine.frame(of: $0) }, engine.detached())
    }

    static func same(_ a: [CGRect], _ b: [CGRect]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { x, y in
                abs(x.minX - y.minX) < 1e-9 && abs(x.minY - y.minY) < 1e-9 && abs(x.width - y.width) < 1e-9
                    && abs(x.height - y.height) < 1e-9
            }
    }

    @Test func sameCellNewTextsAndWidths() throws {
        let fonts = try SelfSizingCellTests.Fonts()
        let cell = try FeedCell(fonts: fonts, title: "", date: "", body: "")
        var kept = try AutoLayoutEngine(root: cell.content, size: Self.size).detached()
        let texts = SeedExamples.feedTexts
        for (i, text) in texts.enumerated() {
            for width in [375.0, 320.0, 414.0, 200.0] as [CGFloat] {
                cell.title.text = texts[(i + 3) % texts.count]
                cell.date.text = i % 3 == 0 ? "" : "Yesterday"
                cell.body.text = i % 5 == 4 ? "" : text
                let (frames, engine) = try Self.keptFrames(cell.content, Self.fitting(width), kept: kept)
                kept = engine
                let fresh = try Self.freshFrames(cell.content, Self.fitting(width))
                #expect(Self.same(frames, fresh), "row \(i) at \(width): \(frames) vs \(fresh)")
                let public_ = try cell.height(width: width)
                #expect(abs(public_ - fresh[0].height) < 1e-9)
            }
        }
    }

    @Test func freshCellOfTheSameShape() throws {
        let fonts = try SelfSizingCellTests.Fonts()
        let first = try FeedCell(fonts: fonts, title: "First", date: "Today", body: "A body")
        let kept = try AutoLayoutEngine(root: first.content, size: Self.size).detached()
        for (i, text) in SeedExamples.feedTexts.enumerated() {
            let fresh = try FeedCell(
                fonts: fonts, title: text, date: "2018-06-29", body: SeedExamples.feedTexts[(i + 1) % 12])
            let (shapeA, _) = AutoLayoutShape.read(first.content, size: Self.size)
            let (shapeB, _) = AutoLayoutShape.read(fresh.content, size: Self.size)
            #expect(shapeA == shapeB)
            let (frames, engine) = try Self.keptFrames(fresh.content, Self.size, kept: kept)
            #expect(Self.same(frames, try Self.freshFrames(fresh.content, Self.size)), "row \(i)")
            // The kept system names the fresh cell's nodes, and holds none of them.
            #expect(engine.nodes.isEmpty)
            #expect(abs(try fresh.height(width: 375) - frames[0].height) < 1e-9)
        }
    }

    /// Each change makes a different shape, and the public answer is the new system's.
    @Test func changedConstraintsAreNotReused() throws {
        let fonts = try SelfSizingCellTests.Fonts()
        let cell = try FeedCell(
            fonts: fonts, title: "A title that wraps onto a second line at this width, surely",
            date: "Yesterday", body: "Body text")
        var shapes: [AutoLayoutShape] = []
        func check(_ what: String) throws {
            let (shape, _) = AutoLayoutShape.read(cell.content, size: Self.size)
            #expect(!shapes.contains(shape), "\(what): the shape did not change")
            shapes.append(shape)
            let fresh = try Self.freshFrames(cell.content, Self.size)
            // Twice: the second call refreshes the system the first kept (when no other test emptied the table).
            for _ in 0..<2 {
                #expect(abs(try cell.height(width: 375) - fresh[0].height) < 1e-9, "\(what)")
            }
        }
        try check("initial")
        let extra = cell.body.heightAnchor.constraint(greaterThanOrEqualToConstant: 120)
        extra.isActive = true
        try check("added")
        extra.priority = 500
        try check("priority changed")
        extra.constant = 200
        try check("constant changed")
        extra.isActive = false
        #expect(AutoLayoutShape.read(cell.content, size: Self.size).0 == shapes[0])  // back to the first shape
        let spacing = try #require(cell.body.constraints.first { $0.firstAnchor.attribute == .top })
        spacing.isActive = false
        try check("removed")
        let bottom = cell.avatar.bottomAnchor.constraint(lessThanOrEqualTo: cell.content.bottomAnchor, constant: -30)
        bottom.isActive = true
        spacing.isActive = true
        try check("replaced")
        cell.title.setContentHuggingPriority(251, for: .vertical)
        try check("hugging changed")
        cell.date.numberOfLines = 0
        try check("numberOfLines changed")
        cell.content.layoutMargins = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        let marginal = cell.actions.leadingAnchor.constraint(
            greaterThanOrEqualTo: cell.content.layoutMarginsGuide.leadingAnchor)
        marginal.isActive = true
        try check("margins read")
        cell.content.layoutMargins = EdgeInsets(top: 1, left: 30, bottom: 3, right: 4)
        try check("margins changed")
    }

    /// Priorities of the fitting size are part of the shape; the target is not.
    @Test func fittingPrioritiesAndTargets() throws {
        let fonts = try SelfSizingCellTests.Fonts()
        let cell = try FeedCell(fonts: fonts, title: "Title", date: "Today", body: "Body of the post")
        let a = AutoLayoutShape.read(cell.content, size: Self.fitting(375)).0
        #expect(a == AutoLayoutShape.read(cell.content, size: Self.fitting(320)).0)
        let loose = AutoLayoutEngine.RootSize.fitting(
            CGSize(width: 375, height: 0), horizontal: .defaultHigh,
            vertical: .fittingSizeLevel)
        #expect(a != AutoLayoutShape.read(cell.content, size: loose).0)
        var kept = try AutoLayoutEngine(root: cell.content, size: Self.fitting(375)).detached()
        for target in [CGSize(width: 320, height: 0), CGSize(width: 375, height: 500), CGSize(width: 100, height: 10)] {
            let size = AutoLayoutEngine.RootSize.fitting(target, horizontal: .required, vertical: .fittingSizeLevel)
            let (frames, engine) = try Self.keptFrames(cell.content, size, kept: kept)
            kept = engine
            #expect(Self.same(frames, try Self.freshFrames(cell.content, size)), "\(target)")
        }
        #expect(throws: AutoLayoutError.self) {
            try cell.content.systemLayoutSizeFitting(
                CGSize(width: CGFloat.nan, height: 0), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel)
        }
    }

    /// A kept system whose refresh cannot hold (a required cap on a height the label's new text makes
    /// required) gives way to a new build, which reports what a new system reports.
    @Test func refusalsAreThoseOfANewSystem() throws {
        let fonts = try SelfSizingCellTests.Fonts()
        let cell = try FeedCell(fonts: fonts, title: "Short", date: "Today", body: "Body")
        cell.body.setContentCompressionResistancePriority(.required, for: .vertical)
        let capped = cell.body.heightAnchor.constraint(lessThanOrEqualToConstant: 100)
        capped.isActive = true
        let size = Self.size
        let kept = try AutoLayoutEngine(root: cell.content, size: size).detached()
        cell.body.text = String(repeating: "A body long enough to need many lines at this width. ", count: 20)
        let (shape, tree) = AutoLayoutShape.read(cell.content, size: size)
        var keptError: String?, freshError: String?
        do { _ = try AutoLayoutEngine.solved(cell.content, size: size, kept: kept, shape: shape, tree: tree) } catch {
            keptError = "\(error)"
        }
        do { _ = try Self.freshFrames(cell.content, size) } catch { freshError = "\(error)" }
        #expect(keptError != nil)
        #expect(keptError == freshError)
        #expect(keptError?.contains("body.height <= 100") ?? false, "\(keptError ?? "")")
        // The compression resistance is named with the height the second pass asked for, not one line's.
        let height = try cell.body.sizeThatFits(CGSize(width: 291, height: 0)).height
        #expect(keptError?.contains("body.height >= \(height)") ?? false, "\(keptError ?? "")")
    }
}
