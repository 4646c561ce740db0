import Foundation

/// Solved systems kept by shape (rule AL12), as UIKit's engine keeps its tableau between layout passes: a
/// `systemLayoutSizeFitting` of a tree whose shape was solved before (the same cell, or a fresh cell of the
/// same class) takes that system, moves the labels' intrinsic sizes and the target into it, and re-solves
/// by the dual simplex instead of building a tableau of every constraint.
///
/// A system is taken out while in use and put back after, so two threads sizing cells of one shape never
/// share one (the second builds its own). At `capacity` shapes the table is emptied, as a cell's label
/// empties its size table: sizing many shapes then only costs what it did without the table.
final class AutoLayoutTemplates: @unchecked Sendable {
    static let shared = AutoLayoutTemplates()
    /// The most shapes kept.
    static let capacity = 64

    private let lock = NSLock()
    private var systems: [AutoLayoutShape: AutoLayoutEngine] = [:]
    private var enabled = true

    /// Whether systems are kept (tests and the benchmark turn it off to time or check a fresh build).
    var isEnabled: Bool {
        get { lock.withLock { enabled } }
        set {
            lock.withLock {
                enabled = newValue; if !newValue { systems.removeAll() }
            }
        }
    }

    /// The system kept for `shape`, taken out of the table (nil when none, or when keeping is off).
    func take(_ shape: AutoLayoutShape) -> AutoLayoutEngine? {
        lock.withLock { enabled ? systems.removeValue(forKey: shape) : nil }
    }

    /// Keeps a solved system (detached from its tree) for its shape.
    func put(_ engine: AutoLayoutEngine, for shape: AutoLayoutShape) {
        lock.withLock {
            guard enabled else { return }
            if systems.count >= Self.capacity && systems[shape] == nil { systems.removeAll(keepingCapacity: true) }
            systems[shape] = engine
        }
    }

    /// How many shapes are kept (for the tests).
    var count: Int { lock.withLock { systems.count } }
}

extension AutoLayoutEngine {
    /// A solved system for `root`'s tree: the one kept for its shape, refreshed (AL12), or a new one; either
    /// way the labels are solved in their two passes (AL9). `keep` receives the system to keep afterwards.
    /// A kept system that fails to refresh is dropped and the tree built anew, so errors are always those of
    /// a fresh build.
    static func solved(
        _ root: LayoutNode, size: RootSize, kept: consuming AutoLayoutEngine?, shape: AutoLayoutShape,
        tree: AutoLayoutShape.Tree
    ) throws -> AutoLayoutEngine {
        // Taken, not copied: a second reference to the kept tableau would make its first change copy it.
        if var engine = kept.take() {
            engine.attach(tree)
            // The shape holds the insets the guides read, so only the labels and the target can differ.
            do {
                try engine.refresh(size: size)
                try engine.solveLabels()
                return engine
            } catch {}
        }
        var engine = try AutoLayoutEngine(root: root, size: size, tree: tree)
        try engine.solveLabels()
        return engine
    }
}
