#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value only reachable while holding a `pthread_mutex_t`: the engine's one lock type.
///
/// ```swift
/// let counts = Locked([String: Int]())
/// counts.withLock { $0["a", default: 0] += 1 }
/// ```
///
/// Why not `Synchronization.Mutex`: on Linux it is built on raw futexes, which ThreadSanitizer cannot see,
/// so `swift test --sanitize=thread` reported every access to mutex-guarded state as a data race (a
/// ten-line program with a `Mutex`-guarded dictionary shows the same false positive). TSan intercepts
/// `pthread_mutex_lock`/`unlock`, so with this type a report is a real race. Uncontended, both cost one
/// atomic exchange each way.
///
/// The mutex is allocated once, outside Swift's object layout, so its address never moves (POSIX forbids
/// copying or moving a `pthread_mutex_t`). Never call HarfBuzz, FreeType, Fontconfig or anything slow while
/// holding a cache's lock (architecture.md, "Concurrency and caches"); the lock is not recursive.
///
/// Give it real state (not `Void`): TSan's Swift access checks misreport the zero-sized access to an
/// empty `state` as racing with reads of the object's header, so keep the guarded value inside.
///
/// `package`, so `TextFitLayout` and the CLI lock with it too (it is not API worth publishing). `withLock`
/// is `@inlinable`, hence `mutex` and `state` are `@usableFromInline` rather than private: touch them only
/// in `withLock`. Swift 6.3 does not inline an inlinable member of a `package` class in another module
/// (it does for a `public` one; a two-module test package shows it), so other modules' calls are
/// unspecialised generic calls: about 450 instructions a CLI font look-up, cheap beside what they guard.
package final class Locked<State>: @unchecked Sendable {
    // @unchecked: `state` is read and written only between `pthread_mutex_lock` and `_unlock`.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var state: State

    package init(_ state: sending State) {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed: \(result)")  // only EAGAIN/ENOMEM: not input-reachable
        self.state = state
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the state.
    /// - Complexity: the lock, `body`, the unlock; `body` must not take this lock again.
    @inlinable @inline(__always)
    package func withLock<Result, E: Error>(
        _ body: (inout sending State) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
