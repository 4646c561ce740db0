/// Decoding the NUL-terminated char arrays the C shims fill: fixed-size ones (imported as tuples) and
/// caller buffers. `package` so TextFitRender's doors to its own shim decode the same way.
package enum CString {
    package static func decode<T>(_ value: T) -> String {
        withUnsafeBytes(of: value) { bytes in
            let end = bytes.firstIndex(of: 0) ?? bytes.endIndex
            return String(decoding: bytes[..<end], as: UTF8.self)
        }
    }

    package static func decode(_ buffer: [CChar]) -> String {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
