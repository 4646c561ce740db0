import CTextFit

/// The door to `tf_spare.c`: one object per thread kept between calls, for a buffer the next call on the
/// same thread can reuse when nothing else holds it any more (`LineRecords.Storage.make`). The slot holds
/// a reference, released when its thread exits.
enum ThreadSpare {
    /// The thread's spare, taken out of the slot (the slot's reference moves to the caller), or nil.
    @inline(__always)
    static func take<Object: AnyObject>(_: Object.Type) -> Object? {
        guard let raw = tf_spare_take() else { return nil }
        return Unmanaged<Object>.fromOpaque(raw).takeRetainedValue()
    }

    /// Makes `object` the thread's spare (the slot retains it), releasing the one it held.
    @inline(__always)
    static func put(_ object: AnyObject) {
        // A closure literal that captures nothing is a C function pointer: no global to initialise.
        tf_spare_put(Unmanaged.passRetained(object).toOpaque()) { Unmanaged<AnyObject>.fromOpaque($0!).release() }
    }

    /// Whether `object` is the thread's spare.
    static func holds(_ object: AnyObject) -> Bool {
        tf_spare_peek() == Unmanaged.passUnretained(object).toOpaque()
    }
}
