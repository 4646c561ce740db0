// ICU's own shortcut for a paragraph of one direction, taken before a `UBiDi` is opened for it.
extension BidiLevels {
    /// A paragraph's level (P2–P3) and whether ICU would find it of one direction, every unit then at that
    /// level; nil when it holds an explicit control or an isolate (ICU's alone to resolve).
    ///
    /// ICU's `ubidi_setPara` ORs together a flag per Bidi_Class of the text plus the paragraph level's
    /// direction (L for 0, R for 1) and, when no left-to-right flag (L, EN, AN, LRE, LRO, LRI) or no
    /// right-to-left one (R, AL, RLE, RLO, RLI; or AN beside a neutral) is set, resolves nothing: every
    /// level is the paragraph level (`directionFromFlags`, then `ubidi_getLevels`). That is the common
    /// right-to-left UI string ("מהירות סמן העכבר", "لا توجد تطبيقات مستبعدة", brackets, quotes,
    /// punctuation, ZWNJ and harakat included), and opening, filling and closing a `UBiDi` for it cost
    /// about 4,000 instructions, most of a short Arabic or Hebrew string's preparation outside shaping.
    /// This scan asks only each character's class, and stops at the first sign of both directions.
    ///
    /// - Parameters:
    ///   - paragraph: one paragraph's units, its separator (class B) at most at its end (`Paragraphs`).
    ///   - direction: the paragraph's base direction; `.natural` takes the first L, R or AL (P2–P3).
    static func scanDirection(
        _ paragraph: UnsafeBufferPointer<UInt16>, direction: WritingDirection
    ) -> (level: UInt8, isUniform: Bool)? {
        var first: UInt8?  // the first strong character's level (P2): 0 for L, 1 for R or AL
        var hasLeftToRight = false  // L, EN or AN
        var hasRightToLeft = false  // R or AL
        var hasArabicNumber = false
        var hasNeutral = false  // ICU's MASK_POSSIBLE_N: ON, CS, ES, ET, WS, B, S, BN
        var i = 0
        let count = paragraph.count
        while i < count {
            // A lone surrogate is read as that code point, as ICU reads it (class L).
            let scalar = UTF16.nextScalar(in: paragraph, at: &i)
            switch classOf(scalar) {
            case .leftToRight:
                hasLeftToRight = true
                if first == nil { first = 0 }
            case .rightToLeft, .arabicLetter:
                hasRightToLeft = true
                if first == nil { first = 1 }
            case .europeanNumber:
                hasLeftToRight = true
            case .arabicNumber:
                hasLeftToRight = true
                hasArabicNumber = true
            case .nonspacingMark:
                break
            case let c where c.isExplicit:
                return nil
            default:
                hasNeutral = true
            }
            // Mixed whatever follows (an R or AL set `first`): the caller's resolution stops at anything explicit.
            if hasLeftToRight, hasRightToLeft { break }
        }
        let level: UInt8
        switch direction {
        case .natural: level = first ?? 0
        case .leftToRight: level = 0
        case .rightToLeft: level = 1
        }
        // The paragraph level's own flag joins the text's.
        let rightToLeftFlags = hasRightToLeft || level == 1 || (hasArabicNumber && hasNeutral)
        let leftToRightFlags = hasLeftToRight || level == 0
        return (level, !rightToLeftFlags || !leftToRightFlags)
    }
}

// UAX #9's implicit rules for a paragraph ICU finds of mixed direction but with nothing explicit in it.
extension BidiLevels {
    /// Resolves a mixed-direction paragraph with no explicit control, isolate, boundary neutral or paired
    /// bracket ("JSON לא תקין: Safari", "12 שורה", "وضع Retina") by UAX #9's implicit rules alone, as
    /// ICU's `ubidi` resolves it (W1–W7, N1–N2, I1–I2, then L1 as for one line); false, writing nothing
    /// useful, for a paragraph with any of those (X1–X10, BD16 and N0 are ICU's). With no embedding the
    /// paragraph is one isolating run sequence at the paragraph level, sos and eos its direction.
    ///
    /// - Parameters:
    ///   - paragraph: one paragraph's units, its separator at most at its end.
    ///   - level: the paragraph level (0 or 1), as `scanDirection` found it.
    ///   - out: a level per unit.
    static func implicitLevels(
        _ paragraph: UnsafeBufferPointer<UInt16>, level: UInt8, into out: UnsafeMutableBufferPointer<UInt8>
    ) -> Bool {
        let n = paragraph.count
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * n) { classes in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: n) { starts in
                let types = classes.baseAddress.unsafelyUnwrapped
                let original = types + n
                let starts = starts.baseAddress.unsafelyUnwrapped
                // One entry per code point (a surrogate pair is one).
                var m = 0
                var i = 0
                while i < n {
                    let start = i
                    let scalar = UTF16.nextScalar(in: paragraph, at: &i)
                    let c = classOf(scalar)
                    if c.isExplicit || c == .boundaryNeutral || c == .otherNeutral && isPairedBracket(scalar) {
                        return false
                    }
                    types[m] = UInt8(truncatingIfNeeded: c.rawValue)
                    original[m] = types[m]
                    starts[m] = Int32(truncatingIfNeeded: start)
                    m &+= 1
                }
                resolve(types, original, count: m, level: level)
                for k in 0..<m {
                    let end = k &+ 1 < m ? Int(starts[k &+ 1]) : n
                    for unit in Int(starts[k])..<end { out[unit] = original[k] }
                }
                return true
            }
        }
    }

    /// A code point's class, the letters of Hebrew, Arabic and ASCII and the space without a call.
    @inline(__always)
    static func classOf(_ scalar: UInt32) -> BidiClass {
        if scalar >= 0x05D0, scalar <= 0x05EA { return .rightToLeft }
        if (scalar >= 0x0620 && scalar <= 0x064A) || (scalar >= 0x0671 && scalar <= 0x06D3) { return .arabicLetter }
        if scalar == 0x20 { return .whitespace }
        if scalar < 0x80, (scalar | 0x20) &- 0x61 < 26 { return .leftToRight }
        if scalar &- 0x30 < 10 { return .europeanNumber }
        return ICUBidi.bidiClass(scalar)
    }

    /// Rule N0's brackets (BidiBrackets.txt), ASCII's without a call.
    static func isPairedBracket(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 {
            return scalar == 0x28 || scalar == 0x29 || scalar == 0x5B || scalar == 0x5D || scalar == 0x7B || scalar == 0x7D
        }
        return ICUBidi.isPairedBracket(scalar)
    }

    /// W1–W7, N1–N2 and I1–I2 on `types` (one isolating run sequence at paragraph level `level`), then L1
    /// on the `original` classes; leaves each code point's level in `original`.
    static func resolve(
        _ types: UnsafeMutablePointer<UInt8>, _ original: UnsafeMutablePointer<UInt8>, count m: Int, level: UInt8
    ) {
        typealias C = BidiClass
        func raw(_ c: C) -> UInt8 { UInt8(truncatingIfNeeded: c.rawValue) }
        let L = raw(.leftToRight), R = raw(.rightToLeft), AL = raw(.arabicLetter), EN = raw(.europeanNumber)
        let AN = raw(.arabicNumber), ES = raw(.europeanSeparator), ET = raw(.europeanTerminator)
        let CS = raw(.commonSeparator), NSM = raw(.nonspacingMark), ON = raw(.otherNeutral)
        let WS = raw(.whitespace), S = raw(.segmentSeparator), B = raw(.paragraphSeparator)
        let e = level & 1 == 0 ? L : R  // sos, eos and the embedding direction
        // W1: a mark takes the class before it (sos first).
        var previous = e
        for k in 0..<m {
            if types[k] == NSM { types[k] = previous }
            previous = types[k]
        }
        // W2: EN after AL (the last strong, sos counting) is AN; W3: AL is R.
        var lastStrong = e
        for k in 0..<m {
            let t = types[k]
            if t == EN {
                if lastStrong == AL { types[k] = AN }
            } else if t == AL {
                lastStrong = AL
                types[k] = R
            } else if t == L || t == R {
                lastStrong = t
            }
        }
        // W4: one ES between ENs is EN; one CS between two ENs or two ANs takes their class.
        if m >= 3 {
            for k in 1..<(m - 1) {
                let t = types[k]
                let before = types[k - 1]
                guard before == types[k + 1] else { continue }
                if (t == ES && before == EN) || (t == CS && (before == EN || before == AN)) { types[k] = before }
            }
        }
        // W5: ETs next to an EN are EN; W6: the separators and terminators left are ON.
        var k = 0
        while k < m {
            guard types[k] == ET else {
                k += 1
                continue
            }
            var end = k + 1
            while end < m, types[end] == ET { end += 1 }
            let next: UInt8 = (k > 0 && types[k - 1] == EN) || (end < m && types[end] == EN) ? EN : ON
            for j in k..<end { types[j] = next }
            k = end
        }
        for k in 0..<m where types[k] == ES || types[k] == ET || types[k] == CS { types[k] = ON }
        // W7: EN after L (the last strong, sos counting) is L.
        lastStrong = e
        for k in 0..<m {
            let t = types[k]
            if t == L || t == R {
                lastStrong = t
            } else if t == EN, lastStrong == L {
                types[k] = L
            }
        }
        // N1–N2: a run of neutrals takes the direction on both sides when they agree (EN and AN count as
        // R), else the embedding direction.
        func isNeutral(_ t: UInt8) -> Bool { t == ON || t == WS || t == S || t == B }
        func direction(_ t: UInt8) -> UInt8 { t == L ? L : R }
        k = 0
        while k < m {
            guard isNeutral(types[k]) else {
                k += 1
                continue
            }
            var end = k + 1
            while end < m, isNeutral(types[end]) { end += 1 }
            let before = k == 0 ? e : direction(types[k - 1])
            let after = end == m ? e : direction(types[end])
            let resolved = before == after ? before : e
            for j in k..<end { types[j] = resolved }
            k = end
        }
        // I1–I2, then L1: separators, and whitespace before one or at the end, take the paragraph level.
        var atEnd = true
        for k in stride(from: m - 1, through: 0, by: -1) {
            let o = original[k]
            if o == S || o == B {
                original[k] = level
                atEnd = true
                continue
            }
            if o == WS, atEnd {
                original[k] = level
                continue
            }
            atEnd = false
            let t = types[k]
            if level & 1 == 0 {
                original[k] = t == R ? level + 1 : t == AN || t == EN ? level + 2 : level
            } else {
                original[k] = t == L || t == EN || t == AN ? level + 1 : level
            }
        }
    }
}
