/// Decoding the NUL-terminated messages the drawing shim writes into caller buffers.
enum CString {
    static func decode(_ buffer: [CChar]) -> String {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
