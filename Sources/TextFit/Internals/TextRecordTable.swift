import CTextFit

/// The door to `tf_text_records.c`: each thread's table of whole prepared texts (`TextRecords`), keyed by
/// (text bytes, face id, size, options), holding an opaque payload. No lock: no thread reads another's
/// table. `removeAll` empties every thread's (the caller's now, the others' at their next look-up).
enum TextRecordTable {
    /// A look-up's key hash and whether the key was asked before without a record, for `insert`.
    struct Key {
        fileprivate var lookup = tf_text_record_lookup()
        /// Whether the key was looked up before on this thread without a record (it may be inserted now).
        var seen: Bool { lookup.seen != 0 }
    }

    /// The payload recorded for the key on this thread (16-byte aligned, valid until this thread's next
    /// insert or clear), or nil; `key` receives what `insert` needs.
    @inline(__always)
    static func find(
        _ bytes: UnsafeBufferPointer<UInt8>, face: Int, scale: Int32, options: UInt32, key: inout Key
    ) -> UnsafeRawPointer? {
        var size = 0
        return tf_text_record_find(bytes.baseAddress, bytes.count, Int64(face), scale, options, &key.lookup, &size)
    }

    /// Stores a copy of `payloadSize` bytes at `payload` for the key `find` filled in (same arguments), with
    /// `owner` (a +1 reference, or nil): what the payload refers to outside itself, released when the record
    /// is freed; `ownerBytes`, about what it holds, counts against `maximumBytes`. Returns whether it was
    /// stored; when not, `owner` is still the caller's to release.
    @discardableResult
    static func insert(
        _ bytes: UnsafeBufferPointer<UInt8>, face: Int, scale: Int32, options: UInt32, key: Key,
        payload: UnsafeRawPointer, payloadSize: Int, owner: UnsafeMutableRawPointer? = nil, ownerBytes: Int = 0
    ) -> Bool {
        var lookup = key.lookup
        return tf_text_record_insert(
            bytes.baseAddress, bytes.count, Int64(face), scale, options, &lookup, payload, payloadSize, owner,
            owner == nil ? nil : releaseOwner, ownerBytes) != 0
    }

    /// Releases a record's owner (`Unmanaged.passRetained(...).toOpaque()`) when C frees the record.
    private static let releaseOwner: @convention(c) (UnsafeMutableRawPointer?) -> Void = { owner in
        guard let owner else { return }
        Unmanaged<AnyObject>.fromOpaque(owner).release()
    }

    /// Empties every thread's table.
    static func removeAll() { tf_text_records_remove_all() }

    /// This thread's table: entries (records and keys seen once), records, and the records' bytes.
    static var statistics: (entries: Int, records: Int, bytes: Int) {
        var entries = 0
        var records = 0
        var bytes = 0
        tf_text_records_statistics(&entries, &records, &bytes)
        return (entries, records, bytes)
    }

    /// At most this many entries per thread (`TF_TEXT_RECORDS_MAX_ENTRIES`).
    static var maximumEntries: Int { Int(TF_TEXT_RECORDS_MAX_ENTRIES) }
    /// At most this many bytes of records per thread (`TF_TEXT_RECORDS_MAX_BYTES`).
    static var maximumBytes: Int { Int(TF_TEXT_RECORDS_MAX_BYTES) }
}
