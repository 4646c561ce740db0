import Foundation
import Testing
@testable import TextFitCLI

/// `JSONOutput`'s own buffer (issue 43: it replaced a `[UInt8]` whose appends cost about 55 instructions
/// each): records past its capacity grow it without losing a byte, emptying keeps nothing, and the memo of
/// the last double written gives the text `description` gives, whatever was written between.
@Suite struct JSONOutputBufferTests {
    @Test func aRecordLongerThanTheBufferIsWrittenWhole() {
        var output = JSONOutput(capacity: 1)
        var expected = "["
        output.byte(UInt8(ascii: "["))
        for index in 0..<5_000 {
            let text = "line \(index) \"quoted\" é\n"
            if index > 0 {
                output.raw(",")
                expected += ","
            }
            output.string(text)
            expected += JSONWriter.string(.string(text))
            output.raw(",")
            output.int(index - 2_500)
            expected += ",\(index - 2_500)"
        }
        output.byte(UInt8(ascii: "]"))
        expected += "]"
        #expect(output.string == expected)
        #expect(output.count == expected.utf8.count)
        #expect(output.bytes == Array(expected.utf8))
        output.removeAll()
        #expect(output.count == 0 && output.string.isEmpty)
        output.raw("{}")
        #expect(output.string == "{}")
    }

    /// Doubles written twice in a row, and again after others, read as `description` writes them.
    @Test func repeatedDoublesReadAsDescriptionWritesThem() {
        var generator = SystemRandomNumberGenerator()
        var numbers: [Double] = [0, -0.0, 1, 20, 43.5, 1e-5, 1e22, -2.2250738585072014e-308, .nan, .infinity, 88.5078125]
        for _ in 0..<2_000 {
            numbers.append(Double(Int.random(in: 1...40_000, using: &generator)) / 256)
            numbers.append(Double.random(in: -1e6...1e6, using: &generator))
        }
        var output = JSONOutput()
        var expected = ""
        for (index, number) in numbers.enumerated() {
            let text = number.isFinite ? number.description : "null"
            let repeats = index % 3 + 1
            for _ in 0..<repeats {
                output.double(number)
                output.byte(UInt8(ascii: ","))
                expected += text + ","
            }
            if index % 7 == 0 { output.removeAll(); expected = "" }
        }
        #expect(output.string == expected)
    }
}
