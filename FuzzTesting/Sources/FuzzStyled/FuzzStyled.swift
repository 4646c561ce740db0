import Foundation
import _TextFitTestSupport

/// libFuzzer's entry point: the bytes become a request (`_FuzzEntries.styled`); a broken invariant aborts
/// so libFuzzer keeps the input as a crasher.
@_cdecl("LLVMFuzzerTestOneInput")
public func styledEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _FuzzEntries.abortOnProblems(_FuzzEntries.styled(bytes), header: "FuzzStyled: \(_FuzzEntries.decodeStyledInput(bytes))")
    return 0
}
