import Foundation
import _TextFitTestSupport

/// libFuzzer's entry point: the bytes become a request (`_FuzzEntries.button`); a broken invariant aborts
/// so libFuzzer keeps the input as a crasher.
@_cdecl("LLVMFuzzerTestOneInput")
public func buttonEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _FuzzEntries.abortOnProblems(_FuzzEntries.button(bytes), header: "FuzzButton: \(bytes.count) bytes")
    return 0
}
