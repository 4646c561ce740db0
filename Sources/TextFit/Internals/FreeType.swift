import CTextFit

/// The door to FreeType: checks that a file is a readable font before anything else touches it.
enum FreeType {
    struct FaceInfo {
        var faceCount: Int
        var glyphCount: Int
        var familyName: String
        var styleName: String
        /// FreeType's italic flag: OS/2 fsSelection's italic bit, head's macStyle or the style name.
        var isItalic: Bool
        /// OS/2 usWeightClass (400 regular, 700 bold); 0 when the font has no OS/2 table.
        var weightClass: Int
    }

    /// FreeType error codes TextFit names (fterrdef.h).
    static let cannotOpenResource: Int32 = 0x01
    static let unknownFileFormat: Int32 = 0x02
    static let invalidFileFormat: Int32 = 0x03
    static let invalidArgument: Int32 = 0x06

    /// Probes face `faceIndex` of a font file's bytes; returns the FreeType error code on failure.
    static func probe(_ file: FontFileBytes, faceIndex: Int) -> Result<FaceInfo, FreeTypeError> {
        guard let bytes = file.borrowed else { return .failure(FreeTypeError(code: invalidArgument, faceCount: 0)) }
        var info = tf_font_file_info()
        let error = tf_font_bytes_probe(bytes, Int32(clamping: faceIndex), &info)
        let family = CString.decode(info.family)
        let style = CString.decode(info.style)
        if error != 0 { return .failure(FreeTypeError(code: error, faceCount: Int(info.face_count))) }
        return .success(
            FaceInfo(
                faceCount: Int(info.face_count), glyphCount: Int(info.glyph_count),
                familyName: family, styleName: style, isItalic: info.is_italic != 0,
                weightClass: Int(info.weight_class)))
    }

    /// The top of `codepoint`'s glyph in face `faceIndex`, in design units, as FreeType's control box of the
    /// unscaled outline gives it: the cross-check of the metrics HarfBuzz's glyph bounds supply when OS/2
    /// has none (F4). nil when FreeType cannot load the glyph.
    static func glyphTop(_ file: FontFileBytes, faceIndex: Int, codepoint: UInt32) -> Int? {
        guard let bytes = file.borrowed else { return nil }
        var top: Int32 = 0
        guard tf_font_bytes_glyph_top(bytes, Int32(clamping: faceIndex), codepoint, &top) == 0 else { return nil }
        return Int(top)
    }

    struct FreeTypeError: Error {
        var code: Int32
        var faceCount: Int
        var description: String {
            switch code {
            case FreeType.cannotOpenResource: return "cannot open the file"
            case FreeType.unknownFileFormat: return "not a font file (unknown format)"
            case FreeType.invalidFileFormat: return "broken or truncated font file"
            // Stream (0x51–0x58) and table (0x8E–0x90) errors: a cut or damaged file, e.g. a font truncated
            // to 2,000 bytes gives Array_Too_Large (0x90).
            case 0x51...0x58, 0x8E...0x90:
                return "broken or truncated font file (FreeType error 0x\(String(code, radix: 16)))"
            default: return "FreeType error 0x\(String(code, radix: 16))"
            }
        }
    }
}
