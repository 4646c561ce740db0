import Foundation
import _TextFitTestSupport

/// libFuzzer's entry point: the bytes are JSON Lines fed to `textfit batch` in process; a broken contract
/// invariant aborts so libFuzzer keeps the input as a crasher.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBatch(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let problems = _FuzzEntries.batch(Array(UnsafeBufferPointer(start: data, count: size)))
    guard problems.isEmpty else {
        for problem in problems { report("FuzzBatch: \(problem)") }
        abort()
    }
    return 0
}

private func report(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
