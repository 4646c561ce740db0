import Foundation
import _TextFitTestSupport

/// libFuzzer's entry point: the bytes become a layout and a range and point to ask it about (`_FuzzEntries.selection`); a
/// broken invariant aborts so libFuzzer keeps the input as a crasher.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSelection(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _FuzzEntries.abortOnProblems(
        _FuzzEntries.selection(bytes), header: "FuzzSelection: \(_FuzzEntries.decodeMeasureInput(Array(bytes.dropFirst(8))))"
    )
    return 0
}
