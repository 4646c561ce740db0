import CTextFit

/// The door to Fontconfig: family matching and per-character fallback, serialised by a mutex
/// (Fontconfig configurations are not documented as thread-safe).
final class Fontconfig: Sendable {
    /// The configuration, reachable only while holding its lock.
    private let config: Locked<OpaquePointer>

    struct Match: Sendable, Hashable {
        var path: String
        var faceIndex: Int
        var family: String
    }

    init?(appFontDirectory: String?) {
        guard let config = tf_fontconfig_create(appFontDirectory) else { return nil }
        self.config = Locked(config)
    }

    deinit { config.withLock { tf_fontconfig_destroy($0) } }

    /// The font Fontconfig matches for `family`, or nil when it only has a substitute of another family.
    func match(family: String, bold: Bool) -> Match? {
        var match = tf_font_match()
        let found = config.withLock { config in
            tf_fontconfig_match_family(config, family, bold ? 200 : 80, &match)
        }
        return found == 1 ? Self.convert(&match) : nil
    }

    /// The best font covering `scalar`, preferring `family`.
    func match(covering scalar: UInt32, preferring family: String?) -> Match? {
        var match = tf_font_match()
        let found = config.withLock { config in
            tf_fontconfig_match_codepoint(config, scalar, family, &match)
        }
        return found == 1 ? Self.convert(&match) : nil
    }

    private static func convert(_ match: inout tf_font_match) -> Match {
        let path = CString.decode(match.path)
        let family = CString.decode(match.family)
        return Match(path: path, faceIndex: Int(match.face_index), family: family)
    }
}
