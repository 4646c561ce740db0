import Foundation
import _TextFitTestSupport

/// libFuzzer's entry point: the bytes are a catalog (and a constraints file after a NUL) given to
/// `textfit check --json` in process; a broken invariant aborts so libFuzzer keeps the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCheck(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let problems = _FuzzEntries.check(Array(UnsafeBufferPointer(start: data, count: size)))
    guard problems.isEmpty else {
        for problem in problems { FileHandle.standardError.write(Data("FuzzCheck: \(problem)\n".utf8)) }
        abort()
    }
    return 0
}
