/// UAX #14 for plain prose, without ICU: letters, digits, ideographs and kana, the ASCII space, quotes,
/// sentence punctuation (Latin and CJK), the hyphen, the em dash, the ellipsis and brackets. Any other
/// character, or a context whose answer depends on
/// ICU's tailorings (a hyphen starting a word before a letter, a number prefix or suffix in an unusual
/// place), makes `breaks` return nil and the caller asks ICU.
///
/// Why: ICU's rule-driven iterator costs about 75 instructions per UTF-16 unit, a quarter of a warm
/// preparation; for the text most feeds carry the rules reduce to a few pairs. The same shortcut as
/// Chromium's ASCII line-break table in front of ICU. The classes come from ICU itself
/// (`u_getIntPropertyValue(c, UCHAR_LINE_BREAK)`), and `SimpleLineBreaksTests` checks every answer
/// against ICU on random strings of these classes, the conformance file and the corpora.
enum SimpleLineBreaks {
    /// The classes handled, by their UAX #14 names; 0 = not handled.
    enum Class {
        static let none: UInt8 = 0
        static let al: UInt8 = 1, nu: UInt8 = 2, sp: UInt8 = 3, qu: UInt8 = 4, `is`: UInt8 = 5, ex: UInt8 = 6
        static let hy: UInt8 = 7, b2: UInt8 = 8, op: UInt8 = 9, cp: UInt8 = 10
        /// OP of East Asian width F, W or H (LB30 leaves them out).
        static let opWide: UInt8 = 11
        static let cl: UInt8 = 12, ns: UInt8 = 13, id: UInt8 = 14, `in`: UInt8 = 15
        static let sy: UInt8 = 16, pr: UInt8 = 17, po: UInt8 = 18, ba: UInt8 = 19
    }

    /// The class of every BMP unit, from ICU's Line_Break property; only U+0020 is SP, only "-" HY, only
    /// U+2014 B2, only the ASCII brackets CP and OP besides the CJK ones (OP_wide); CJ is NS, as in ICU's
    /// root rules.
    // nonisolated(unsafe): written once while initialised (Swift runs a static initialiser once), read-only after.
    nonisolated(unsafe) static let classes: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 0x10000)
        for value in 0..<UInt32(0x10000) {
            var c = Class.none
            if !(0xD800...0xDFFF).contains(value) {
                switch LineBreakProperty.of(value) {
                // AI (·, ×, §, °-like symbols, circled digits) resolves to AL (LB1), as in ICU's root rules:
                // each of the BMP's 545 AI characters breaks as α does in 40 contexts (checked against ICU
                // 72; `SimpleLineBreaksTests` compares strings holding them). Declined, a single "·" sent a
                // whole text to ICU's iterator.
                case LineBreakProperty.alphabetic, LineBreakProperty.ambiguous: c = Class.al
                case LineBreakProperty.numeric: c = Class.nu
                case LineBreakProperty.quotation: c = Class.qu
                case LineBreakProperty.infixNumeric: c = Class.is
                case LineBreakProperty.exclamation: c = Class.ex
                case LineBreakProperty.closePunctuation: c = Class.cl
                case LineBreakProperty.nonstarter, LineBreakProperty.conditionalJapaneseStarter: c = Class.ns
                case LineBreakProperty.ideographic: c = Class.id
                case LineBreakProperty.inseparable: c = Class.in
                case LineBreakProperty.breakSymbols: c = Class.sy
                case LineBreakProperty.prefixNumeric: c = Class.pr
                case LineBreakProperty.postfixNumeric: c = Class.po
                case LineBreakProperty.openPunctuation:  // CJK symbols and full/halfwidth forms are all wide
                    if (0x3000...0x303F).contains(value) || (0xFF00...0xFFEF).contains(value) { c = Class.opWide }
                default: break
                }
            }
            switch value {
            case 0x20: c = Class.sp
            case 0x2D: c = Class.hy
            case 0x2014: c = Class.b2
            case 0x2013: c = Class.ba  // the en dash; other BA characters follow other rules (LB21a)
            case 0x28, 0x5B: c = Class.op
            case 0x29, 0x5D: c = Class.cp
            default: break
            }
            table[Int(value)] = c
        }
        return UnsafePointer(table)
    }()

    /// Whether a line may break between units of classes `prev` and `cur`, given the context; nil when
    /// ICU must decide.
    @inline(__always)
    static func decide(_ prev: UInt8, _ cur: UInt8, beforeSpaces: UInt8, inNumber: Bool, hyphenStartsWord: Bool) -> Bool? {
        var allowed = false
        if cur == Class.sp || cur == Class.ex || cur == Class.is || cur == Class.cp || cur == Class.cl || cur == Class.sy {
            allowed = false  // LB7 × SP; LB13 × EX, × IS, × CP, × CL, × SY
        } else if prev == Class.sp {
            let opens = cur == Class.op || cur == Class.opWide
            // LB14 OP SP* ×; LB15 QU SP* × OP; LB16 (CL | CP) SP* × NS; LB17 B2 SP* × B2; else LB18 SP ÷.
            allowed =
                !(beforeSpaces == Class.op || beforeSpaces == Class.opWide
                || (beforeSpaces == Class.qu && opens)
                || ((beforeSpaces == Class.cl || beforeSpaces == Class.cp) && cur == Class.ns)
                || (beforeSpaces == Class.b2 && cur == Class.b2))
        } else if prev == Class.op || prev == Class.opWide || prev == Class.qu || cur == Class.qu
            || cur == Class.hy || cur == Class.ns || cur == Class.in || cur == Class.ba
        {
            allowed = false  // LB14 OP ×; LB19 × QU, QU ×; LB21 × HY, × NS, × BA; LB22 × IN
        } else if cur == Class.pr || cur == Class.po {
            // LB24 (AL | HL) × (PR | PO); LB25 NU … × (PO | PR); LB23a (ID | EB | EM) × PO. Other
            // contexts of the number rules are ICU's tailoring: ask it.
            guard prev == Class.al || prev == Class.nu || (prev == Class.id && cur == Class.po) else { return nil }
            allowed = false
        } else if prev == Class.pr || prev == Class.po {
            // LB24 (PR | PO) × (AL | HL); LB25 (PR | PO) × NU; LB23a PR × (ID | EB | EM).
            guard cur == Class.al || cur == Class.nu || (prev == Class.pr && cur == Class.id) else { return nil }
            allowed = false
        } else if prev == Class.sy {
            if cur == Class.nu {
                // LB25 inside a number ("1/2"); outside one ("a/2024", " /2") ICU breaks: its LB25 is a
                // pattern over whole numbers, NU (NU | SY | IS)*, not the pair SY × NU.
                allowed = !inNumber
            } else {
                guard cur == Class.al else { return nil }
                allowed = true  // LB31
            }
        } else if prev == Class.ba {
            guard cur == Class.al || cur == Class.id || cur == Class.nu else { return nil }
            allowed = true  // LB31
        } else if prev == Class.hy {
            if cur == Class.nu {
                allowed = false  // LB25 HY × NU, word-initial too ("-5", " -5": ICU's numbers may start with HY)
            } else {
                // After a word-initial hyphen (" -word") ICU's tailoring decides: ask it.
                guard !hyphenStartsWord, cur == Class.al else { return nil }
                allowed = true  // LB31
            }
        } else if prev == Class.is {
            // LB25 IS × NU (ICU: everywhere, ".5", "a.5"; `breaks` adds the break it allows before the IS
            // in " .5"); LB29 IS × AL.
            allowed = !(cur == Class.nu || cur == Class.al)
        } else if prev == Class.al || prev == Class.nu {
            // LB23 (AL × NU, NU × AL), LB25 NU × NU, LB28 AL × AL, LB30 (AL | NU) × OP.
            allowed = !(cur == Class.al || cur == Class.nu || cur == Class.op)
        } else if prev == Class.cp {
            allowed = !(cur == Class.al || cur == Class.nu)  // LB30 CP × (AL | NU)
        } else if prev == Class.b2 {
            allowed = cur != Class.b2  // LB17 B2 × B2
        } else {
            allowed = true  // LB31 (after EX, CL, NS, ID, IN)
        }
        return allowed
    }

    /// For each (previous class, class) pair: 0 break, 1 no break, 2 depends on the context (`decide`),
    /// 3 ask ICU (so is every pair with an unhandled class, `Class.none`).
    static func pair(_ prev: UInt8, _ cur: UInt8) -> UInt8 {
        guard prev != Class.none, cur != Class.none else { return 3 }
        // Context matters after a space (LB14-LB18), after a hyphen (ICU's word-initial tailoring) and
        // before a digit after IS or SY (inside a number or not, LB25).
        let contextual =
            (prev == Class.sp
                && decide(
                    prev, cur, beforeSpaces: Class.none, inNumber: false,
                    hyphenStartsWord: false) != false)
            || prev == Class.hy || ((prev == Class.is || prev == Class.sy) && cur == Class.nu)
        if contextual { return 2 }
        guard let allowed = decide(prev, cur, beforeSpaces: Class.none, inNumber: false, hyphenStartsWord: false) else {
            return 3
        }
        return allowed ? 0 : 1
    }

    /// States of the loop over the units: the class of the previous unit, or after spaces
    /// `afterSpaces + ` the class before them (`Class.none` when only spaces came before), since what may
    /// follow spaces depends on it (LB14–LB18): so a break after a space, the contextual case at every
    /// word, is settled like the others.
    static let afterSpaces = classCount
    static let stateCount = 2 * classCount

    /// For each (state, class): the answer in the low byte (0 break, 1 no break, 2 ask `decide` with the
    /// context, 3 ask ICU) and the next state in the high byte. One look-up settles almost every
    /// position.
    // nonisolated(unsafe): written once while initialised, read-only after; a pointer, not an array, so
    // reading it per text retains nothing.
    nonisolated(unsafe) static let transitions: UnsafePointer<UInt16> = {
        let table = UnsafeMutablePointer<UInt16>.allocate(capacity: stateCount * classCount)
        for state in 0..<stateCount {
            for cur in 0..<UInt8(classCount) {
                var answer: UInt8
                var next: Int
                if state < afterSpaces {
                    answer = pair(UInt8(state), cur)
                    next = cur == Class.sp ? afterSpaces + state : Int(cur)
                } else {
                    answer = pair(Class.sp, cur)
                    if answer == 2 {
                        // LB14–LB18 given the class before the spaces; `decide` needs nothing else after SP.
                        let allowed =
                            decide(
                                Class.sp, cur, beforeSpaces: UInt8(state - afterSpaces), inNumber: false,
                                hyphenStartsWord: false) ?? false
                        answer = allowed ? 0 : 1
                    }
                    next = cur == Class.sp ? state : Int(cur)
                }
                table[state * classCount + Int(cur)] = UInt16(answer) | UInt16(next) << 8
            }
        }
        return UnsafePointer(table)
    }()

    static let classCount = 20

    /// Writes the break opportunities of `text` as ICU would (`positions` ascending, the end included;
    /// `mandatory` all 0: none of these classes forces a break), or returns nil without a promise about
    /// what was written when the text needs ICU. Both buffers hold `text.count` values.
    ///
    /// The class before a run of spaces is part of the loop's state (`transitions`); the rest of the
    /// context `decide` needs (inside a number, a word-initial hyphen) is found by looking back from the
    /// few positions that need it, rather than tracked on every unit: the tracking was a third of this
    /// loop.
    static func breaks(
        _ text: UnsafeBufferPointer<UInt16>, positions: UnsafeMutablePointer<Int32>,
        mandatory: UnsafeMutablePointer<UInt8>
    ) -> Int? {
        let n = text.count
        guard n > 0 else { return 0 }
        // Positions are stored as Int32 without a check per position.
        guard n < Int(Int32.max), let t = text.baseAddress else { return nil }
        let classes = self.classes
        let transitions = self.transitions
        let first = classes[Int(t[0])]
        if first == Class.none { return nil }
        var state = first == Class.sp ? afterSpaces + Int(Class.none) : Int(first)
        var count = 0
        var p = 1
        while p < n {
            // Where the state and class alone settle it (almost every position), in a loop of its own.
            (p, count, state) = settled(
                t, n, from: p, state: state, classes: classes, transitions: transitions,
                positions: positions, count: count)
            guard p < n else { break }
            // An unhandled class (`Class.none`) makes the answer 3: ICU decides.
            let prev = state >= afterSpaces ? Class.sp : UInt8(state)
            let cur = classes[Int(t[p])]
            let transition = transitions[state &* classCount &+ Int(cur)]
            let pair = UInt8(truncatingIfNeeded: transition)
            var allowed = false
            if prev == Class.is && cur == Class.nu {
                // ICU reads " .5" as a number that starts at the IS, so it allows a break before the IS
                // after a space (LB13 forbade it when the IS came), unless LB14 (OP SP* ×) holds.
                if p >= 2, classes[Int(t[p - 2])] == Class.sp {
                    let before = classBeforeSpaces(text, classes, p - 1)
                    if before != Class.op && before != Class.opWide {
                        positions[count] = Int32(truncatingIfNeeded: p - 1)
                        count &+= 1
                    }
                }
                allowed = false  // LB25
            } else if pair == 2,
                let decided = decide(
                    prev, cur, beforeSpaces: Class.none,
                    inNumber: prev == Class.sy && inNumber(text, classes, p),
                    hyphenStartsWord: prev == Class.hy && (p == 1 || classes[Int(t[p - 2])] == Class.sp))
            {
                allowed = decided
            } else {
                return nil
            }
            if allowed {
                positions[count] = Int32(truncatingIfNeeded: p)
                count &+= 1
            }
            state = Int(transition >> 8)
            p &+= 1
        }
        positions[count] = Int32(truncatingIfNeeded: n)
        count &+= 1
        // None of these classes forces a break: every opportunity is allowed, not mandatory.
        mandatory.update(repeating: 0, count: count)
        return count
    }

    /// The opportunities from `start` on while each position's state and class settle it (one look-up, no
    /// context), written to `positions` from `count`.
    /// - Returns: the first position they do not settle (or `n`), the opportunities' new count and the
    ///   state before that position.
    ///
    /// Not inlined: apart from `breaks`' contextual cases, whose look-backs gave the loop more induction
    /// variables than registers, it is about two thirds of the instructions per unit.
    @inline(never)
    private static func settled(
        _ t: UnsafePointer<UInt16>, _ n: Int, from start: Int, state initial: Int,
        classes: UnsafePointer<UInt8>, transitions: UnsafePointer<UInt16>,
        positions: UnsafeMutablePointer<Int32>, count initialCount: Int
    ) -> (Int, Int, Int) {
        var p = start
        var count = initialCount
        var state = initial
        while p < n {
            let transition = transitions[state &* classCount &+ Int(classes[Int(t[p])])]
            let answer = UInt8(truncatingIfNeeded: transition)
            guard answer < 2 else { break }
            if answer == 0 {
                positions[count] = Int32(truncatingIfNeeded: p)
                count &+= 1
            }
            state = Int(transition >> 8)
            p &+= 1
        }
        return (p, count, state)
    }

    /// The class of the last unit before `p` that is not a space (LB14, LB15, LB17); none when only
    /// spaces come before `p`.
    @inline(__always)
    private static func classBeforeSpaces(
        _ text: UnsafeBufferPointer<UInt16>, _ classes: UnsafePointer<UInt8>, _ p: Int
    ) -> UInt8 {
        var k = p - 1
        while k >= 0, classes[Int(text[k])] == Class.sp { k -= 1 }
        return k < 0 ? Class.none : classes[Int(text[k])]
    }

    /// Whether the units before `p` end inside a number, NU (IS | SY)* (LB25 as ICU applies it).
    @inline(__always)
    private static func inNumber(_ text: UnsafeBufferPointer<UInt16>, _ classes: UnsafePointer<UInt8>, _ p: Int) -> Bool {
        var k = p - 1
        while k >= 0, classes[Int(text[k])] == Class.is || classes[Int(text[k])] == Class.sy { k -= 1 }
        return k >= 0 && classes[Int(text[k])] == Class.nu
    }
}
