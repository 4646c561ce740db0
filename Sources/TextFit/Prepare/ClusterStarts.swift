import Synchronization

/// A text's grapheme-cluster boundaries, ascending from 0 to its UTF-16 length, as the breakers read them
/// (`FastView.graphemes`): the stored offsets, or, when every unit starts a cluster, none stored, each
/// boundary being its own index.
///
/// Why: most text (Latin, Cyrillic, Greek, CJK in the BMP, one long word) has a cluster per UTF-16 unit, and
/// its stored boundaries were 0, 1, 2, … : 4 bytes per unit, a fifth of a huge paragraph's storage (issue 43:
/// peak bytes per input byte ≤ 24). The one test per read is on a value fixed for the text, and only
/// paths inside a word read clusters (emergency breaks, truncation, carets), not the line loop.
struct ClusterStartsView: ClusterBoundaries {
    /// The stored boundaries, or nil when boundary `i` is `i`. The view is this one word, with no count
    /// of its own (`FastView.graphemeCount`, `Storage.graphemeCount`): `FastView` is passed to the
    /// breakers' line loops by value, and one more word there cost relayout ~6 % (callgrind, `latin`).
    let base: UnsafePointer<Int32>?

    /// Boundary `index` (0..<count), unchecked.
    @inline(__always)
    subscript(index: Int) -> Int32 {
        if let base { return base[index] }
        return Int32(truncatingIfNeeded: index)
    }

    /// Whether `boundaries` (ascending, distinct, from 0 to `units`) is every offset 0...`units`: then
    /// none needs storing.
    @inline(__always)
    static func isEveryUnit(_ boundaries: Int, units: Int) -> Bool { boundaries == units &+ 1 && !alwaysStored }

    #if DEBUG
    /// True only while a test prepares texts with their boundaries stored, to compare (`ClusterStartsTests`);
    /// another test preparing meanwhile only gets the same boundaries stored.
    /// Atomic: every preparation reads it, on any thread, while the test sets it.
    static var alwaysStored: Bool {
        get { alwaysStoredFlag.load(ordering: .relaxed) }
        set { alwaysStoredFlag.store(newValue, ordering: .relaxed) }
    }
    private static let alwaysStoredFlag = Atomic<Bool>(false)
    #else
    static let alwaysStored = false
    #endif
}

/// How a search inside a word reads cluster boundaries once it has tested, a single time, whether they are
/// stored: the emergency break (`FastBreaker.emergencyEnd`) is specialised for each kind, so its binary
/// searches and look-ahead test nothing per boundary read (with `ClusterStartsView`'s test per read, the
/// `latin` set's relayout cost ~1 % more instructions per width, callgrind).
protocol ClusterBoundaries {
    /// Boundary `index`, unchecked.
    subscript(index: Int) -> Int32 { get }
}

/// The stored boundaries of a text with some multi-unit cluster.
struct StoredClusterBoundaries: ClusterBoundaries {
    let base: UnsafePointer<Int32>
    @inline(__always) subscript(index: Int) -> Int32 { base[index] }
}

/// A text in which every UTF-16 unit starts a cluster: boundary `i` is `i`.
struct UnitClusterBoundaries: ClusterBoundaries {
    @inline(__always) subscript(index: Int) -> Int32 { Int32(truncatingIfNeeded: index) }
}

/// `ClusterStartsView` and its count with the `Array` surface and bounds checks of `StoredArray`, keeping the
/// text whose storage it reads alive (`PreparedText.graphemes`).
///
/// `@unchecked Sendable`: the memory is written once, before the `PreparedText` is published, and only
/// read afterwards.
struct ClusterStarts: RandomAccessCollection, Equatable, @unchecked Sendable {
    /// Keeps `view.base` valid (`StoredArray.owner`).
    let owner: PreparedText
    let view: ClusterStartsView
    let count: Int

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// Checked like an array's subscript.
    @inline(__always)
    subscript(position: Int) -> Int32 {
        precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "Index out of range")
        return view[position]
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }
    static func == (lhs: Self, rhs: [Int32]) -> Bool { lhs.elementsEqual(rhs) }
}
