import Foundation
import _TextFitTestSupport

/// libFuzzer's entry point: the bytes become a truncation token and a styled text (`_FuzzEntries.token`);
/// a broken invariant aborts so libFuzzer keeps the input as a crasher.
@_cdecl("LLVMFuzzerTestOneInput")
public func tokenEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _FuzzEntries.abortOnProblems(_FuzzEntries.token(bytes), header: "FuzzToken: \(_FuzzEntries.decodeTokenInput(bytes))")
    return 0
}
