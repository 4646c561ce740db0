import Foundation
import _TextFitTestSupport

/// libFuzzer's entry point: the first byte chooses font bytes or a path (`_FuzzEntries.fontFile`); a
/// broken invariant aborts so libFuzzer keeps the input as a crasher.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFontFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let problems = _FuzzEntries.fontFile(Array(UnsafeBufferPointer(start: data, count: size)))
    guard problems.isEmpty else {
        for problem in problems { report("FuzzFontFile: \(problem)") }
        abort()
    }
    return 0
}

private func report(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
