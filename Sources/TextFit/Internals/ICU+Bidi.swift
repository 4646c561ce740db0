import CTextFit

/// The door to ICU's bidi algorithm (UAX #9, `ubidi`, through the C shim). A `UBiDi` object is opened
/// per paragraph and closed at once: it holds a pointer to the caller's text, and opening one reads no
/// rule data, so pooling it (as `LineBreakIteratorPool` pools break iterators) would save nothing.
enum ICUBidi {
    /// The embedding levels of one paragraph (one per UTF-16 unit, L1 applied as for a single line) and
    /// its level (0 or 1); nil when ICU failed (out of memory).
    /// - Parameter direction: `.natural` resolves the level from the first strong character (P2–P3).
    static func levels(
        _ text: UnsafeBufferPointer<UInt16>, direction: WritingDirection,
        into levels: UnsafeMutableBufferPointer<UInt8>
    ) -> UInt8? {
        precondition(levels.count >= text.count)
        let code: Int32 =
            switch direction {
            case .natural: 0
            case .leftToRight: 1
            case .rightToLeft: 2
            }
        var error: Int32 = 0
        let level = tf_bidi_levels(text.baseAddress, Int32(text.count), code, levels.baseAddress, &error)
        return level < 0 ? nil : UInt8(level)
    }

    /// Whether `scalar` is a paired bracket (Bidi_Paired_Bracket_Type open or close, rule N0).
    static func isPairedBracket(_ scalar: UInt32) -> Bool { tf_bidi_is_paired_bracket(scalar) != 0 }

    /// ICU's Bidi_Class of `scalar` (`UCharDirection`).
    static func bidiClass(_ scalar: UInt32) -> BidiClass { BidiClass(rawValue: tf_bidi_class(scalar)) ?? .leftToRight }
}

/// UAX #9's Bidi_Class values, numbered as ICU's `UCharDirection` (uchar.h; stable: ICU only appends).
enum BidiClass: Int32 {
    case leftToRight = 0  // L
    case rightToLeft = 1  // R
    case europeanNumber = 2  // EN
    case europeanSeparator = 3  // ES
    case europeanTerminator = 4  // ET
    case arabicNumber = 5  // AN
    case commonSeparator = 6  // CS
    case paragraphSeparator = 7  // B
    case segmentSeparator = 8  // S
    case whitespace = 9  // WS
    case otherNeutral = 10  // ON
    case leftToRightEmbedding = 11  // LRE
    case leftToRightOverride = 12  // LRO
    case arabicLetter = 13  // AL
    case rightToLeftEmbedding = 14  // RLE
    case rightToLeftOverride = 15  // RLO
    case popDirectionalFormat = 16  // PDF
    case nonspacingMark = 17  // NSM
    case boundaryNeutral = 18  // BN
    case firstStrongIsolate = 19  // FSI
    case leftToRightIsolate = 20  // LRI
    case rightToLeftIsolate = 21  // RLI
    case popDirectionalIsolate = 22  // PDI

    /// Rule X9 removes it: embedding and override controls, PDF, and boundary neutrals.
    var isRemovedByX9: Bool {
        switch self {
        case .leftToRightEmbedding, .leftToRightOverride, .rightToLeftEmbedding, .rightToLeftOverride,
            .popDirectionalFormat, .boundaryNeutral:
            true
        default: false
        }
    }

    /// An embedding, override, isolate or their terminator (X1–X8): a paragraph holding one is ICU's to
    /// resolve (`BidiLevels.scanDirection`, `implicitLevels`).
    var isExplicit: Bool {
        switch self {
        case .leftToRightEmbedding, .leftToRightOverride, .rightToLeftEmbedding, .rightToLeftOverride,
            .popDirectionalFormat, .firstStrongIsolate, .leftToRightIsolate, .rightToLeftIsolate,
            .popDirectionalIsolate:
            true
        default: false
        }
    }

    /// Rule L1 resets it to the paragraph level at a line's end (with the X9-removed ones among them).
    var isResetAtLineEnd: Bool {
        switch self {
        case .whitespace, .firstStrongIsolate, .leftToRightIsolate, .rightToLeftIsolate, .popDirectionalIsolate: true
        default: false
        }
    }

    /// A paragraph with none of these and a natural direction has every level 0: only right-to-left
    /// letters, Arabic digits (I2 raises them) and explicit controls change anything.
    var needsResolution: Bool { self == .rightToLeft || self == .arabicLetter || self == .arabicNumber || isExplicit }
}
