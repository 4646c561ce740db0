/// Read-only views of a prepared text's arrays for `LineBreaker.runFast`: no bounds checks and no
/// reference counting per access. Valid only inside `PreparedText.withFastView(_:)`.
struct FastView {
    let prefix: UnsafePointer<Int>
    let flags: UnsafePointer<UInt8>
    let breaks: UnsafePointer<Int32>
    let visiblePrefix: UnsafePointer<Int>
    let breakEnds: UnsafePointer<UInt32>
    let unitCount: Int

    @inline(__always)
    func isUnsafe(_ position: Int) -> Bool { flags[position] & PreparedText.Flag.unsafe != 0 }

    /// `PreparedText.trimmedEnd(_:notBefore:)`: `end` moved back over hanging whitespace (W4).
    @inline(__always)
    func trimmedEnd(_ end: Int, notBefore start: Int) -> Int {
        var position = end
        while position > start, flags[position - 1] & PreparedText.Flag.space != 0 { position -= 1 }
        return position
    }
}

extension PreparedText {
    /// Calls `body` with unsafe views of the arrays the fast path reads; the views must not escape.
    @inline(__always)
    func withFastView<Result>(_ body: (FastView) -> Result) -> Result {
        prefix.withUnsafeBufferPointer { prefix in
            flags.withUnsafeBufferPointer { flags in
                breaks.withUnsafeBufferPointer { breaks in
                    breakVisiblePrefix.withUnsafeBufferPointer { visiblePrefix in
                        breakEnds.withUnsafeBufferPointer { breakEnds in
                            // Every array is non-empty (prefix and flags have count + 1 entries); the break
                            // arrays may be empty, and then no index into them is ever formed.
                            body(FastView(prefix: prefix.baseAddress!, flags: flags.baseAddress!,
                                          breaks: breaks.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                                          visiblePrefix: visiblePrefix.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                                          breakEnds: breakEnds.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                                          unitCount: units.count))
                        }
                    }
                }
            }
        }
    }
}

/// The breaker's fast path (issue 4's relayout): the same lines as `run(into:)`, bit for bit, for word
/// wrapping and the cutting modes. A line ending at a break opportunity whose width needs no reshaping
/// is found and measured from flat per-opportunity data (`breakVisiblePrefix`, `breakEnds`) through
/// unsafe pointers; every other line (an emergency break inside a word, W2; a boundary HarfBuzz flags
/// unsafe to break; the cut last line, T4–T6; push-out, W6) goes through the general code's own
/// functions, so the result cannot drift from `run`. `DifferentialBreakerTests` compares the two.
extension LineBreaker {
    /// Whether `runFast(into:)` handles this text and configuration. It does not handle character
    /// wrapping (W3), Hangul word priority on text with breaks between Hangul (W6), nor mandatory breaks
    /// inside a paragraph (U+2028, VT, FF).
    var canRunFast: Bool {
        text.allowsFastBreaking && mode != .byCharWrapping
            && !(strategy.contains(.hangulWordPriority) && text.hasBreaksBetweenHangul)
    }

    /// `run(into:)` for a configuration with `canRunFast`: same lines, same order, same return value.
    func runFast<Sink: LineSink>(into sink: inout Sink) -> Bool {
        text.withFastView { view in runFast(view, into: &sink) }
    }

    /// Exact `text.width(start, end)`: stored prefix sums when neither end is unsafe to break, otherwise
    /// the general reshaping width.
    @inline(__always)
    private func width(_ view: FastView, _ start: Int, _ end: Int) -> Int {
        guard end > start else { return 0 }
        if !view.isUnsafe(start) && (end >= view.unitCount || !view.isUnsafe(end)) {
            return view.prefix[end] - view.prefix[start]
        }
        return text.width(start, end)
    }

    /// `plainLine(_:_:)` with the fast widths.
    @inline(__always)
    private func plainLine(_ view: FastView, _ start: Int, _ end: Int) -> BrokenLine {
        let visibleEnd = view.trimmedEnd(end, notBefore: start)
        return BrokenLine(start: start, end: end, visible: start..<end, width: width(view, start, visibleEnd),
                          widthWithWhitespace: width(view, start, end), ellipsis: nil, isCut: false)
    }

    private func runFast<Sink: LineSink>(_ view: FastView, into sink: inout Sink) -> Bool {
        // Mirrors `run(into:)` step by step; comments there explain the rules.
        let holdsBack = strategy.contains(.pushOut)  // W6 may still move a word between the last two lines
        var produced = 0
        var truncated = false
        var previous: BrokenLine?
        var last: BrokenLine?
        @inline(__always) func produce(_ line: BrokenLine) {
            if holdsBack {
                if let previous { sink.append(previous) }
                previous = last
                last = line
            } else {
                sink.append(line)
            }
            produced += 1
        }
        func finishParagraph(end: Int) {
            guard holdsBack else { return }
            if var first = previous, var second = last {
                pushOut(&first, &second, paragraphEnd: end, lastIndex: produced - 1)
                previous = first
                last = second
            }
            if let line = previous { sink.append(line) }
            if let line = last { sink.append(line) }
            previous = nil
            last = nil
        }
        let paragraphs = text.paragraphs
        let breakCount = text.breaks.count
        let reshapeFlag = PreparedText.breakEndNeedsReshaping
        paragraphLoop: for index in paragraphs.indices {
            if maxLines > 0, produced >= maxLines {
                truncated = true
                break
            }
            let paragraph = paragraphs[index]
            if paragraph.start == paragraph.end {  // W7
                sink.append(BrokenLine(start: paragraph.start, end: paragraph.end, visible: paragraph.start..<paragraph.end,
                                       width: 0, widthWithWhitespace: 0, ellipsis: nil, isCut: false))
                produced += 1
                continue
            }
            let paragraphEnd = paragraph.end
            var start = paragraph.start
            defer { finishParagraph(end: paragraphEnd) }
            // No mandatory break inside the paragraph (`canRunFast`): the candidates are its opportunities
            // before its end, then its end.
            let candidatesEnd = Int(text.paragraphBreaksEnd[index])
            // The first opportunity after `start`: the previous paragraph's candidates end just before
            // this paragraph's separator, so at most a few steps.
            var cursor = index > 0 ? Int(text.paragraphBreaksEnd[index - 1]) : 0
            while cursor < breakCount, Int(view.breaks[cursor]) <= start { cursor += 1 }
            while start < paragraphEnd {
                if maxLines > 0, produced >= maxLines {
                    truncated = true
                    break paragraphLoop
                }
                let isLastPermitted = maxLines > 0 && produced == maxLines - 1
                let limit = isLastPermitted ? (lastLineMaxWidth ?? maxWidth) : maxWidth
                if isLastPermitted && mode.cutsLastLine {
                    // T2/T4: the last visible line takes the rest of its paragraph.
                    let visibleEnd = view.trimmedEnd(paragraphEnd, notBefore: start)
                    if width(view, start, visibleEnd) <= limit {
                        produce(plainLine(view, start, paragraphEnd))
                        if index < paragraphs.count - 1 { truncated = true }  // T7
                    } else {
                        produce(cutLine(start, paragraphEnd, limit: limit))
                        truncated = true
                    }
                    break paragraphLoop
                }
                // W2: the furthest opportunity whose line fits, as `wordWrapEndGalloping` finds it.
                if !view.isUnsafe(start) {
                    let base = view.prefix[start]
                    var endsParagraph = false
                    if cursor >= candidatesEnd {
                        endsParagraph = width(view, start, view.trimmedEnd(paragraphEnd, notBefore: start)) <= limit
                    } else if view.visiblePrefix[cursor] - base <= limit {
                        let low = Self.lastFitting(from: cursor, through: candidatesEnd - 1) {
                            view.visiblePrefix[$0] - base <= limit
                        }
                        if low == candidatesEnd - 1,
                           width(view, start, view.trimmedEnd(paragraphEnd, notBefore: start)) <= limit {
                            endsParagraph = true
                        } else {
                            let end = view.breakEnds[low]
                            // W4: the stored visible end is exact unless the whole line is whitespace.
                            if end & reshapeFlag == 0, Int(end) >= start {
                                let position = Int(view.breaks[low])
                                produce(BrokenLine(start: start, end: position, visible: start..<position,
                                                   width: view.visiblePrefix[low] - base,
                                                   widthWithWhitespace: view.prefix[position] - base,
                                                   ellipsis: nil, isCut: false))
                                start = position
                                cursor = low + 1
                                continue
                            }
                        }
                    }
                    if endsParagraph {
                        produce(plainLine(view, start, paragraphEnd))
                        start = paragraphEnd
                        continue
                    }
                }
                // Anything else (an emergency break, an unsafe boundary): the general code for this line.
                let end: Int
                (end, cursor) = wordWrapEnd(start, paragraphEnd, limit: limit, first: cursor, forced: nil,
                                            candidatesEnd: candidatesEnd)
                produce(plainLine(view, start, end))
                start = end
            }
        }
        return truncated
    }
}
