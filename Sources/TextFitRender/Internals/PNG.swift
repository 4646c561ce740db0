import CTextFitRender

/// The door to libpng (through the C shim's simplified-API wrappers).
enum PNG {
    static func encode(_ canvas: OpaquePointer, keepAlpha: Bool) throws -> [UInt8] {
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 128)
        guard tf_png_encode(canvas, keepAlpha ? 1 : 0, &data, &size, &message, message.count) == 0, let data else {
            throw RenderError.encodingFailed(CString.decode(message))
        }
        defer { tf_free(data) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// A decoded PNG: straight-alpha RGBA8 rows, top row first.
    struct Image: Sendable, Equatable {
        var width: Int
        var height: Int
        var rgba: [UInt8]
    }

    /// Decodes any PNG libpng reads.
    /// - Throws: `RenderError.encodingFailed` with libpng's message when the data is not a readable PNG.
    static func decode(_ bytes: [UInt8]) throws -> Image {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: 128)
        let status = bytes.withUnsafeBufferPointer { input in
            tf_png_decode(input.baseAddress, input.count, &pixels, &width, &height, &message, message.count)
        }
        guard status == 0, let pixels else { throw RenderError.encodingFailed(CString.decode(message)) }
        defer { tf_free(pixels) }
        let count = Int(width) * Int(height) * 4
        return Image(width: Int(width), height: Int(height), rgba: Array(UnsafeBufferPointer(start: pixels, count: count)))
    }
}
