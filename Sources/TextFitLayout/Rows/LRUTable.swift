import Foundation

/// A least-recently-used table of heights: a hash map from key to slot, and a doubly linked recency
/// list threaded through the slots by index (no per-entry allocation, no reference counting). Not
/// thread-safe: `RowHeightCache` keeps it behind its lock.
///
/// ```swift
/// var table = LRUTable<String>(capacity: 2)
/// table.store(20, for: "a"); table.store(41, for: "b")
/// table.lookUp("a")        // 20, and "a" becomes the most recent
/// table.store(61, for: "c") // evicts "b", the least recent
/// ```
/// - Complexity: `lookUp` and `store` O(1) (amortised hashing); `removeAll(where:)` O(count).
struct LRUTable<Key: Hashable> {
    private struct Slot {
        var key: Key
        var height: CGFloat
        /// Towards the most recent (the head); `none` at the head.
        var newer: Int32
        /// Towards the least recent (the tail); `none` at the tail.
        var older: Int32
    }

    private static var none: Int32 { -1 }

    let capacity: Int
    private var index: [Key: Int32] = [:]
    private var slots: [Slot] = []
    /// Slots emptied by invalidation, reused before the array grows.
    private var free: [Int32] = []
    private var head = LRUTable.none
    private var tail = LRUTable.none

    var hits = 0
    var misses = 0
    var evictions = 0

    /// The number of entries held (never more than `capacity`).
    var count: Int { index.count }

    /// - Parameter capacity: at least 1, at most `Int32.max` slots (indices are 32-bit to keep slots small).
    init(capacity: Int) {
        self.capacity = min(max(1, capacity), Int(Int32.max))
    }

    /// The height for `key`, counting a hit (and making it the most recent) or a miss.
    mutating func lookUp(_ key: Key) -> CGFloat? {
        guard let slot = index[key] else {
            misses += 1
            return nil
        }
        hits += 1
        moveToHead(slot)
        return slots[Int(slot)].height
    }

    /// Stores `height` for `key` as the most recent entry; a full table first evicts the least recent.
    mutating func store(_ height: CGFloat, for key: Key) {
        if let slot = index[key] {  // another thread measured it meanwhile
            slots[Int(slot)].height = height
            moveToHead(slot)
            return
        }
        let slot: Int32
        if index.count >= capacity, tail != Self.none {
            slot = tail  // reuse the least recent slot in place
            unlink(slot)
            index.removeValue(forKey: slots[Int(slot)].key)
            evictions += 1
            slots[Int(slot)].key = key
            slots[Int(slot)].height = height
        } else if let reused = free.popLast() {
            slot = reused
            slots[Int(slot)].key = key
            slots[Int(slot)].height = height
        } else {
            slot = Int32(slots.count)
            slots.append(Slot(key: key, height: height, newer: Self.none, older: Self.none))
        }
        index[key] = slot
        linkAtHead(slot)
    }

    /// Removes every entry whose key satisfies `predicate`; their slots are reused by later stores.
    mutating func removeAll(where predicate: (Key) -> Bool) {
        var slot = head
        while slot != Self.none {
            let older = slots[Int(slot)].older
            if predicate(slots[Int(slot)].key) {
                unlink(slot)
                index.removeValue(forKey: slots[Int(slot)].key)
                free.append(slot)
            }
            slot = older
        }
        if index.isEmpty {  // give the memory back after invalidateAll
            slots.removeAll()
            free.removeAll()
        }
    }

    private mutating func moveToHead(_ slot: Int32) {
        guard slot != head else { return }
        unlink(slot)
        linkAtHead(slot)
    }

    private mutating func linkAtHead(_ slot: Int32) {
        slots[Int(slot)].newer = Self.none
        slots[Int(slot)].older = head
        if head != Self.none { slots[Int(head)].newer = slot }
        head = slot
        if tail == Self.none { tail = slot }
    }

    private mutating func unlink(_ slot: Int32) {
        let newer = slots[Int(slot)].newer, older = slots[Int(slot)].older
        if newer != Self.none { slots[Int(newer)].older = older } else { head = older }
        if older != Self.none { slots[Int(older)].newer = newer } else { tail = newer }
        slots[Int(slot)].newer = Self.none
        slots[Int(slot)].older = Self.none
    }
}
