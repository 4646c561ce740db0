/// Counts of the engine's unit operations, so tests can state complexity bounds in operations rather than
/// seconds (a budget in operations holds on any machine, however loaded).
///
/// ```swift
/// let (layout, counts) = try OperationCounts.counting { try prepared.layout(width: 100) }
/// #expect(counts.widths <= 8 * prepared.utf16Count)
/// ```
///
/// Counting happens only in debug builds (`#if DEBUG` at each site), where the tests run; release builds
/// compile the sites away, so benchmarks and users pay nothing. The counter is task-local: suites running
/// in parallel never add to each other's counts.
enum OperationCounts {
    /// What one `counting` call observed. Mutated by the counting task only (the engine does not fork work).
    final class Counter: @unchecked Sendable {
        // @unchecked: only the task that installed the counter increments it.
        /// `PreparedText.width(_:_:)` calls: each is O(1) arithmetic plus any reshaping counted below.
        var widths = 0
        /// Calls into HarfBuzz (`hb_shape`) and the UTF-16 units they shaped.
        var shapingCalls = 0
        var shapedUnits = 0
        /// The `hb_shape` calls behind those (a run of over `HarfBuzzFont.markRunLimit` combining marks
        /// is shaped in several), drawing included, and the longest run of marks any one of them received:
        /// HarfBuzz's time is quadratic in that run, so bounding it keeps shaping linear.
        var harfBuzzCalls = 0
        var longestMarkRun = 0
        /// Segment-cache look-ups (each hashes at most `SegmentCache.maximumCachedLength` units).
        var cacheLookups = 0
        /// Missed segments cached from one HarfBuzz call shared with others (`tf_shape_joined`).
        var joinedSegments = 0
        /// Missed segments of plain ideographs or kana, given their glyphs' advances without `hb_shape`
        /// (`HarfBuzzFont.shapePlain`).
        var plainSegments = 0
        /// Lines `FastBreaker.hyphenLines` made, and those of them that started at an unsafe hyphenation
        /// point (measured from `HyphenPoints`' stored pieces): tests check the hyphenated loop ran.
        var hyphenLoopLines = 0
        var hyphenLoopUnsafeStarts = 0
    }

    /// Whether the counting sites are compiled in (debug builds).
    static var isEnabled: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    @TaskLocal static var current: Counter?

    /// Runs `body` with a fresh counter installed for the current task and returns its result and counts.
    static func counting<R>(_ body: () throws -> R) rethrows -> (R, Counter) {
        let counter = Counter()
        let result = try $current.withValue(counter) { try body() }
        return (result, counter)
    }
}
