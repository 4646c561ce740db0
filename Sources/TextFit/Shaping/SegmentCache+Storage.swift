#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The shards of the segment cache: each a pthread mutex and the state it guards, in memory allocated
/// once and never freed (the cache lives as long as the process).
///
/// Raw memory rather than an array of objects: reaching a shard then costs no reference counting (an
/// array of class instances retained and released the shard on every look-up, which showed in
/// profiles), the state costs no dynamic exclusivity check, and the mutexes never move (POSIX forbids
/// moving a `pthread_mutex_t`). A pthread mutex rather than `Synchronization.Mutex` for
/// ThreadSanitizer's sake (see `Locked`).
struct SegmentCacheShards: @unchecked Sendable {
    // @unchecked: each `State` is read and written only between its mutex's lock and unlock.
    struct State {
        var current = SegmentCacheGeneration()
        var old = SegmentCacheGeneration()
        var hits = 0
        var misses = 0
        var evictions = 0
    }

    /// Each shard's mutex and state share one block of whole cache-line pairs, so two threads working on
    /// different shards never write to the same line (packed, neighbouring mutexes shared a line and
    /// bounced between cores).
    private let base: UnsafeMutableRawPointer
    private static let alignment = 128
    private static let stateOffset = (MemoryLayout<pthread_mutex_t>.stride + 15) / 16 * 16
    private static let stride = (stateOffset + MemoryLayout<State>.stride + alignment - 1) / alignment * alignment

    init(count: Int) {
        base = UnsafeMutableRawPointer.allocate(byteCount: Self.stride * count, alignment: Self.alignment)
        for index in 0..<count {
            (base + index * Self.stride).bindMemory(to: pthread_mutex_t.self, capacity: 1)
            (base + index * Self.stride + Self.stateOffset).bindMemory(to: State.self, capacity: 1)
            let mutex = mutex(index)
            mutex.initialize(to: pthread_mutex_t())
            let result = pthread_mutex_init(mutex, nil)
            precondition(result == 0, "pthread_mutex_init failed: \(result)")  // only EAGAIN/ENOMEM: not input-reachable
            state(index).initialize(to: State())
        }
    }

    @inline(__always)
    private func mutex(_ index: Int) -> UnsafeMutablePointer<pthread_mutex_t> {
        (base + index * Self.stride).assumingMemoryBound(to: pthread_mutex_t.self)
    }

    @inline(__always)
    private func state(_ index: Int) -> UnsafeMutablePointer<State> {
        (base + index * Self.stride + Self.stateOffset).assumingMemoryBound(to: State.self)
    }

    /// Runs `body` with exclusive access to shard `index`'s state; `body` must not take a shard lock.
    @inline(__always)
    func withLock<Result>(_ index: Int, _ body: (UnsafeMutablePointer<State>) -> Result) -> Result {
        let mutex = mutex(index)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(state(index))
    }
}

/// One generation of a shard: a flat open-addressing hash table over fixed-size entries whose text,
/// advances and flags sit in three arenas. Manually managed (`release()`), always under its shard's lock.
struct SegmentCacheGeneration {
    struct Entry {
        var hash: UInt64
        var face: Int
        var scale: Int32
        var script: UInt32
        /// Where the entry's units, advances and flags start in the arenas.
        var offset: Int32
        var length: UInt16
        /// Some flag is not 0 (most words have none: a hit then copies the advances only).
        var hasFlags: Bool
    }

    /// Entry numbers by hash (−1 empty); `slotCount` is a power of two, at least twice the entry capacity,
    /// so probes stay short.
    private var slots: UnsafeMutablePointer<Int32>?
    private var slotCount = 0
    private var entries: UnsafeMutablePointer<Entry>?
    private(set) var entryCount = 0
    private var entryCapacity = 0
    private var units: UnsafeMutablePointer<UInt16>?
    private var advances: UnsafeMutablePointer<Int32>?
    private var flags: UnsafeMutablePointer<UInt8>?
    private var unitCount = 0
    private var unitCapacity = 0

    /// Bytes per arena unit: the key's text (2), the advance (4) and the flags (1).
    static let bytesPerUnit = 7

    static func bytes(slots: Int, entries: Int, units: Int) -> Int {
        slots * MemoryLayout<Int32>.stride + entries * MemoryLayout<Entry>.stride + units * bytesPerUnit
    }

    /// Everything this generation has allocated.
    var bytes: Int { Self.bytes(slots: slotCount, entries: entryCapacity, units: unitCapacity) }

    /// The entry holding `key`, if any.
    @inline(__always)
    func find(_ key: SegmentCache.Key) -> Int? {
        guard let slots, let entries, let units else { return nil }
        let mask = slotCount - 1
        var slot = Int(truncatingIfNeeded: key.hash) & mask
        let length = UInt16(truncatingIfNeeded: key.text.count)
        let text = key.text.baseAddress!
        while true {
            let index = Int(slots[slot])
            if index < 0 { return nil }
            let entry = entries[index]
            if entry.hash == key.hash, entry.length == length, entry.face == key.face, entry.scale == key.scale,
               entry.script == key.script,
               Self.equal(units + Int(entry.offset), text, Int(length)) {
                return index
            }
            slot = (slot + 1) & mask
        }
    }

    /// Short keys (a word) compare faster in a loop than through a call to `memcmp`.
    @inline(__always)
    private static func equal(_ a: UnsafePointer<UInt16>, _ b: UnsafePointer<UInt16>, _ count: Int) -> Bool {
        if count > 16 { return memcmp(a, b, count * 2) == 0 }
        for i in 0..<count where a[i] != b[i] { return false }
        return true
    }

    /// Copies entry `index`'s advances out, and its flags unless all are 0; returns whether it copied flags.
    @inline(__always)
    func copy(_ index: Int, advances out: UnsafeMutablePointer<Int32>, flags outFlags: UnsafeMutablePointer<UInt8>) -> Bool {
        let entry = entries![index]
        let offset = Int(entry.offset)
        let count = Int(entry.length)
        let source = advances! + offset
        for i in 0..<count { out[i] = source[i] }
        guard entry.hasFlags else { return false }
        outFlags.update(from: flags! + offset, count: count)
        return true
    }

    /// Adds `key` (not present) unless the generation would then hold more than `byteLimit` bytes;
    /// returns whether it did.
    mutating func append(_ key: SegmentCache.Key, advances newAdvances: UnsafePointer<Int32>,
                         flags newFlags: UnsafePointer<UInt8>, byteLimit: Int) -> Bool {
        let length = key.text.count
        guard length > 0, length <= Int(UInt16.max), let text = key.text.baseAddress else { return true }
        // Capacities after this entry: doubled when full, so a generation's growth costs O(1) per entry.
        var newEntryCapacity = entryCapacity
        var newUnitCapacity = unitCapacity
        if entryCapacity == 0 {
            // Small budgets (tests, a caller that lowered the limit) start small.
            newEntryCapacity = 32
            while newEntryCapacity > 1,
                  Self.bytes(slots: 2 * newEntryCapacity, entries: newEntryCapacity, units: 8 * newEntryCapacity) > byteLimit {
                newEntryCapacity /= 2
            }
            newUnitCapacity = 8 * newEntryCapacity
        }
        if entryCount == newEntryCapacity { newEntryCapacity *= 2 }
        while unitCount + length > newUnitCapacity { newUnitCapacity *= 2 }
        let newSlotCount = 2 * newEntryCapacity
        guard Self.bytes(slots: newSlotCount, entries: newEntryCapacity, units: newUnitCapacity) <= byteLimit,
              Int32(clamping: unitCount + length) == unitCount + length else { return false }
        if newEntryCapacity != entryCapacity { growEntries(to: newEntryCapacity) }
        if newUnitCapacity != unitCapacity { growUnits(to: newUnitCapacity) }

        let offset = unitCount
        (units! + offset).initialize(from: text, count: length)
        (advances! + offset).initialize(from: newAdvances, count: length)
        (flags! + offset).initialize(from: newFlags, count: length)
        unitCount += length
        let index = entryCount
        var hasFlags = false
        for i in 0..<length where newFlags[i] != 0 {
            hasFlags = true
            break
        }
        (entries! + index).initialize(to: Entry(hash: key.hash, face: key.face, scale: key.scale, script: key.script,
                                                offset: Int32(offset), length: UInt16(length), hasFlags: hasFlags))
        entryCount += 1
        place(index, hash: key.hash)
        return true
    }

    private mutating func place(_ index: Int, hash: UInt64) {
        let mask = slotCount - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots![slot] >= 0 { slot = (slot + 1) & mask }
        slots![slot] = Int32(index)
    }

    private mutating func growEntries(to capacity: Int) {
        let newEntries = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
        if let entries {
            newEntries.moveInitialize(from: entries, count: entryCount)
            entries.deallocate()
        }
        entries = newEntries
        entryCapacity = capacity
        slots?.deallocate()
        slotCount = 2 * capacity
        slots = UnsafeMutablePointer<Int32>.allocate(capacity: slotCount)
        slots!.initialize(repeating: -1, count: slotCount)
        for index in 0..<entryCount { place(index, hash: newEntries[index].hash) }
    }

    private mutating func growUnits(to capacity: Int) {
        func grow<T>(_ old: UnsafeMutablePointer<T>?) -> UnsafeMutablePointer<T> {
            let new = UnsafeMutablePointer<T>.allocate(capacity: capacity)
            if let old {
                new.moveInitialize(from: old, count: unitCount)
                old.deallocate()
            }
            return new
        }
        units = grow(units)
        advances = grow(advances)
        flags = grow(flags)
        unitCapacity = capacity
    }

    /// Frees everything; the generation is empty afterwards.
    mutating func release() {
        slots?.deallocate()
        entries?.deallocate()
        units?.deallocate()
        advances?.deallocate()
        flags?.deallocate()
        self = SegmentCacheGeneration()
    }
}
