import Foundation
import Testing
@testable import TextFitCLI

/// `JSONParser.skipPlainBytes`, the eight-bytes-at-a-time scan of a string's plain bytes (issue 43): a quote,
/// a backslash or a control byte at every offset within and across words stops it where the byte-by-byte
/// reader would, so every string reads as before; Foundation's reader is the independent reference.
@Suite struct JSONStringScanTests {
    /// Plain bytes the scan must pass over, among them the bytes next to the three it stops at (0x1F/0x20,
    /// 0x21/0x23, 0x5B/0x5D), DEL and the bytes of two-, three- and four-byte UTF-8.
    static let plain: [String] = ["a", " ", "!", "#", "[", "]", "\u{7F}", "é", "€", "😀", "~", "0"]

    @Test func specialBytesAreFoundAtEveryOffset() throws {
        for length in 0..<26 {
            for filler in Self.plain {
                var prefix = ""
                while prefix.utf8.count < length { prefix += filler }
                for (special, expected) in [
                    ("\\\"", "\""), ("\\\\", "\\"), ("\\n", "\n"), ("\\u00e9", "é"), ("\\/", "/"), ("", ""),
                ] {
                    let json = "[\"" + prefix + special + "tail end\"]"
                    let ours = try JSONReader.parse(json)
                    #expect(ours == .array([.string(prefix + expected + "tail end")]), "\(json)")
                    let foundation = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String]
                    #expect(foundation == [prefix + expected + "tail end"], "\(json)")
                }
            }
        }
    }

    /// A control byte is refused at its own offset, wherever it falls in a word.
    @Test func aControlByteIsRefusedWhereItIs() {
        for length in 0..<20 {
            for control: UInt8 in [0x00, 0x01, 0x09, 0x0A, 0x1F] {
                var bytes = Array("[\"".utf8) + Array(repeating: UInt8(ascii: "x"), count: length)
                let offset = bytes.count
                bytes += [control] + Array("yyyyyyyyyy\"]".utf8)
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(throws: JSONReader.ParseError.self) { try JSONReader.parse(text) }
                do {
                    _ = try JSONReader.parse(text)
                } catch {
                    #expect("\(error)".hasSuffix("in a string at byte \(offset)"), "\(error)")
                }
            }
        }
    }

    /// A string that ends within the last word, or without its closing quote, reads or fails as before.
    @Test func stringsNearTheEndOfTheText() {
        for length in 0..<20 {
            let body = String(repeating: "é", count: length)
            #expect((try? JSONReader.parse("\"" + body + "\"")) == .string(body))
            #expect(throws: JSONReader.ParseError.self) { try JSONReader.parse("\"" + body) }
        }
    }
}
