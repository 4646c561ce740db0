import Foundation
import Synchronization

/// Hands a long text's builder scratch back to the system as it is copied into the text's storage
/// (`PreparedText.Storage.init`, whose sources are the scratch).
///
/// Why: the scratch of a long text is a block of its own (`BuildScratch`, far over the thread's kept
/// 256 KiB), of which the pass touches about 15 bytes per UTF-16 unit; it stayed alive, whole, while the
/// storage (about 21 bytes per unit for prose) was written, so a huge paragraph peaked at both together
/// (`Benchmarks/Tools/batch-memory.py`, issue 43). `madvise(MADV_DONTNEED)` on the pages already copied
/// gives them back at once; the block itself is freed as before (`ThreadScratch.release`), and a page
/// handed back reads as zeros, which nothing reads.
enum ScratchPages {
    /// Texts of at least this many units hand their scratch back while it is copied; shorter ones copy as
    /// before (a system call per section would cost more than their few pages).
    static let minimumUnits = 1 << 16
    /// The values copied between two hand-backs: 64 Ki (128–256 KiB of the sources, 64 system calls for
    /// a 4 MB text), so at most that much of a source is alive beside its copy.
    static let sectionUnits = 1 << 16
    static let pageSize = max(1, Int(sysconf(Int32(_SC_PAGESIZE))))
    #if DEBUG
    /// False only while a test makes the plain copy to compare with (`ScratchReleaseTests`). Atomic: other
    /// tests preparing long texts on other threads read it meanwhile (ThreadSanitizer reported the plain
    /// variable).
    static var isEnabled: Bool {
        get { enabledFlag.load(ordering: .relaxed) }
        set { enabledFlag.store(newValue, ordering: .relaxed) }
    }
    private static let enabledFlag = Atomic<Bool>(true)
    #else
    static let isEnabled = true
    #endif

    /// Hands back the whole pages of `region[start..<end]` (`region` holds `count` values), and the pages
    /// before it that lie wholly inside the region: a page shared with the memory before or after the
    /// region is kept.
    static func discard<T>(_ region: UnsafePointer<T>, region count: Int, from start: Int, to end: Int) {
        let stride = MemoryLayout<T>.stride
        let base = Int(bitPattern: UnsafeRawPointer(region))
        let mask = pageSize &- 1
        let regionStart = (base &+ mask) & ~mask
        let low = max(regionStart, (base &+ start &* stride) & ~mask)
        let high = (base &+ end &* stride) & ~mask
        guard high > low, let pointer = UnsafeMutableRawPointer(bitPattern: low) else { return }
        _ = madvise(pointer, high &- low, MADV_DONTNEED)
    }
}
