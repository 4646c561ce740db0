#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Object keys the reader expects (a batch case's fields), each kept as a string made once: a key whose
/// bytes are one of them is read as that string, so the ten or so keys of every line are neither made nor
/// validated again (about 170 instructions a key, Benchmarks/README.md, "Batch").
///
/// 256 slots, a name's first slot picked from its length and first and last bytes (open addressing: the
/// next free slot on a collision), so a look-up compares the bytes of one or two names.
struct JSONKeyTable {
    private static let size = 256
    private var slots: [(bytes: [UInt8], name: String)?] = Array(repeating: nil, count: JSONKeyTable.size)

    /// The keys `textfit batch` reads: every case field, whatever file adds it to `MeasureCase.jsonFields`.
    static let caseFields = JSONKeyTable(MeasureCase.jsonFields)

    /// - Precondition: at most half as many names as slots.
    init(_ names: [String]) {
        let unique = Array(Set(names))
        precondition(unique.count <= Self.size / 2, "too many keys for the table")
        for name in unique where !name.isEmpty {
            let bytes = Array(name.utf8)
            var slot = Self.slot(count: bytes.count, first: bytes[0], last: bytes[bytes.count - 1])
            while slots[slot] != nil { slot = (slot + 1) & (Self.size - 1) }
            slots[slot] = (bytes, name)
        }
    }

    private static func slot(count: Int, first: UInt8, last: UInt8) -> Int {
        (count &* 37 &+ Int(first) &* 5 &+ Int(last)) & (size - 1)
    }

    /// The kept string whose UTF-8 is `bytes`, or nil.
    func name(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let first = bytes.first, let last = bytes.last, let base = bytes.baseAddress else { return nil }
        var slot = Self.slot(count: bytes.count, first: first, last: last)
        while let entry = slots[slot] {
            if entry.bytes.count == bytes.count,
                entry.bytes.withUnsafeBytes({ stored in stored.baseAddress.map { memcmp($0, base, bytes.count) } }) == 0
            {
                return entry.name
            }
            slot = (slot + 1) & (Self.size - 1)
        }
        return nil
    }
}
