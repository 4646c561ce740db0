import Foundation

extension Array where Element: LayoutNode {
    /// Masonry's `mas_distributeViewsAlongAxis:withFixedSpacing:leadSpacing:tailSpacing:` (rule AL11):
    /// equal lengths, `fixedSpacing` between, `leadSpacing` and `tailSpacing` to the common superview. Like
    /// Masonry it only places along the axis and forces equal lengths (seed 000's limit: views of different
    /// widths need `chainViews`).
    ///
    /// ```swift
    /// try [a, b, c].distributeViews(along: .horizontal, fixedSpacing: 10, leadSpacing: 20, tailSpacing: 20)
    /// // in a 300-wide superview: widths (300 − 40 − 20) / 3 = 80 at x = 20, 110, 200
    /// ```
    /// - Throws: `AutoLayoutError.misuse` for fewer than two views or views without a common superview.
    @discardableResult
    public func distributeViews(
        along axis: LayoutAxis, fixedSpacing: CGFloat, leadSpacing: CGFloat,
        tailSpacing: CGFloat
    ) throws -> [LayoutConstraint] {
        let superview = try commonSuperviewForDistribution()
        var made: [LayoutConstraint] = []
        for (i, view) in enumerated() {
            made += try view.makeConstraints { make in
                if i > 0 {
                    let prev = self[i - 1]
                    if axis == .horizontal {
                        make.width.equalTo(prev)
                        make.left.equalTo(prev.mas.right).offset(fixedSpacing)
                        if i == count - 1 { make.right.equalTo(superview).offset(-tailSpacing) }
                    } else {
                        make.height.equalTo(prev)
                        make.top.equalTo(prev.mas.bottom).offset(fixedSpacing)
                        if i == count - 1 { make.bottom.equalTo(superview).offset(-tailSpacing) }
                    }
                } else if axis == .horizontal {
                    make.left.equalTo(superview).offset(leadSpacing)
                } else {
                    make.top.equalTo(superview).offset(leadSpacing)
                }
            }
        }
        return made
    }

    /// Masonry's `mas_distributeViewsAlongAxis:withFixedItemLength:leadSpacing:tailSpacing:` (rule AL11):
    /// every view `fixedItemLength` long, the spacing shared out; the middle views' far edges are placed at
    /// `i/(n−1)` of the superview's far edge plus Masonry's offset, so the spacing is equal.
    ///
    /// ```swift
    /// try [a, b, c].distributeViews(along: .horizontal, fixedItemLength: 50, leadSpacing: 20, tailSpacing: 20)
    /// // in a 300-wide superview: x = 20, 125, 230 (spacing 55)
    /// ```
    /// - Throws: `AutoLayoutError.misuse` for fewer than two views or views without a common superview.
    @discardableResult
    public func distributeViews(
        along axis: LayoutAxis, fixedItemLength: CGFloat, leadSpacing: CGFloat,
        tailSpacing: CGFloat
    ) throws -> [LayoutConstraint] {
        let superview = try commonSuperviewForDistribution()
        let n = CGFloat(count - 1)
        var made: [LayoutConstraint] = []
        for (i, view) in enumerated() {
            made += try view.makeConstraints { make in
                (axis == .horizontal ? make.width : make.height).equalTo(fixedItemLength)
                // Made only when used: a `make.…` line without a relation is refused.
                var far: ConstraintMakerItem { axis == .horizontal ? make.right : make.bottom }
                if i == 0 {
                    (axis == .horizontal ? make.left : make.top).equalTo(superview).offset(leadSpacing)
                } else if i == count - 1 {
                    far.equalTo(superview).offset(-tailSpacing)
                } else {
                    let k = CGFloat(i) / n
                    let offset = (1 - k) * (fixedItemLength + leadSpacing) - CGFloat(i) * tailSpacing / n
                    far.equalTo(superview).multipliedBy(k).offset(offset)
                }
            }
        }
        return made
    }

    /// The seed 000 author's variable-length chain (`mas_live_updateDistributeViewsAlongAxis`, rule AL11):
    /// each view keeps its own length, `fixedSpacing` between them, the first `leadSpacing` from the common
    /// superview, every view's cross-axis edges pinned to the superview's, and the superview's far edge
    /// `tailSpacing` past the last view — a constraint kept by the superview, so the views size it.
    /// Made with `updateConstraints`, so calling it again updates the constants.
    /// - Throws: `AutoLayoutError.misuse` for fewer than two views or views without a common superview.
    @discardableResult
    public func chainViews(
        along axis: LayoutAxis, fixedSpacing: CGFloat, leadSpacing: CGFloat,
        tailSpacing: CGFloat
    ) throws -> [LayoutConstraint] {
        let superview = try commonSuperviewForDistribution()
        var made: [LayoutConstraint] = []
        for (i, view) in enumerated() {
            made += try view.updateConstraints { make in
                if axis == .horizontal {
                    if i > 0 {
                        make.left.equalTo(self[i - 1].mas.right).offset(fixedSpacing)
                    } else {
                        make.left.equalTo(superview).offset(leadSpacing)
                    }
                    make.top.bottom.equalTo(superview)
                } else {
                    if i > 0 {
                        make.top.equalTo(self[i - 1].mas.bottom).offset(fixedSpacing)
                    } else {
                        make.top.equalTo(superview).offset(leadSpacing)
                    }
                    make.left.right.equalTo(superview)
                }
            }
            if i == count - 1 {
                made += try superview.updateConstraints { make in
                    if axis == .horizontal {
                        make.right.equalTo(view.mas.right).offset(tailSpacing)
                    } else {
                        make.bottom.equalTo(view.mas.bottom).offset(tailSpacing)
                    }
                }
            }
        }
        return made
    }

    /// Masonry's `mas_commonSuperviewOfViews`: the nearest node that is a superview of every view.
    private func commonSuperviewForDistribution() throws -> LayoutNode {
        guard count >= 2 else { throw AutoLayoutError.misuse("distributing \(count) view(s); give at least two") }
        var candidate = self[0].superview
        while let node = candidate {
            if allSatisfy({ $0 !== node && $0.isDescendant(of: node) }) { return node }
            candidate = node.superview
        }
        throw AutoLayoutError.misuse("the views to distribute have no common superview")
    }
}
