import Foundation
import _TextFitTestSupport

/// libFuzzer's entry point: the bytes become a measuring request (`_FuzzEntries.decodeMeasureInput`); a
/// broken invariant aborts so libFuzzer keeps the input as a crasher.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMeasure(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _FuzzEntries.abortOnProblems(
        _FuzzEntries.measure(bytes), header: "FuzzMeasure: \(_FuzzEntries.decodeMeasureInput(bytes))")
    return 0
}
