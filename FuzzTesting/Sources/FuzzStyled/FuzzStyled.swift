import Foundation
import _TextFitTestSupport

/// libFuzzer's entry point: the bytes become a request (`_FuzzEntries.styled`); a broken invariant aborts
/// so libFuzzer keeps the input as a crasher.
@_cdecl("LLVMFuzzerTestOneInput")
public func styledEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let problems = _FuzzEntries.styled(bytes)
    guard problems.isEmpty else {
        report("FuzzStyled: \(_FuzzEntries.decodeStyledInput(bytes))")
        for problem in problems { report("  - \(problem)") }
        abort()
    }
    return 0
}

private func report(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
