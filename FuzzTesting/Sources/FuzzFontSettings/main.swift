import Foundation
import _TextFitTestSupport

/// libFuzzer's entry point: the bytes become font features, variations and a text (`_FuzzEntries.decodeFontSettingsInput`); a
/// broken invariant aborts so libFuzzer keeps the input as a crasher.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFontSettings(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _FuzzEntries.abortOnProblems(
        _FuzzEntries.fontSettings(bytes), header: "FuzzFontSettings: \(_FuzzEntries.decodeFontSettingsInput(bytes))")
    return 0
}
