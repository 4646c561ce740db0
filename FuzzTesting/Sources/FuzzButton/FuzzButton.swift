import Foundation
import _TextFitTestSupport

/// libFuzzer's entry point: the bytes become a request (`_FuzzEntries.button`); a broken invariant aborts
/// so libFuzzer keeps the input as a crasher.
@_cdecl("LLVMFuzzerTestOneInput")
public func buttonEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let problems = _FuzzEntries.button(bytes)
    guard problems.isEmpty else {
        report("FuzzButton: \(bytes.count) bytes")
        for problem in problems { report("  - \(problem)") }
        abort()
    }
    return 0
}

private func report(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
