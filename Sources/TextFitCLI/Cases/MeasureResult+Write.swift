import TextFit

extension MeasureResult {
    /// Writes `json(id:layout:lineBoxes:)` with `extra` appended (`appending`) straight into `output`: the
    /// same bytes `JSONWriter` writes for that value.
    ///
    /// A plain case's result (no line boxes, left-to-right) is written field by field, with no
    /// `JSONValue` tree: building, writing and freeing the tree, an object and a string per line, cost
    /// more than the engine's own work on a short string (Benchmarks/README.md, "Batch"). Other results
    /// go through the tree as before. Nothing may throw after it: a long result may already be partly
    /// written (`JSONOutput.spillIfLong`).
    static func write(
        id: JSONValue, layout: TextLayout, lineBoxes: Bool, extra: [JSONMember], into output: inout JSONOutput
    ) {
        write(
            id: id, layout: layout, lineBoxes: lineBoxes, bidirectional: layout.preparedText.isBidirectional,
            extra: extra, into: &output)
    }

    /// `write(id:layout:lineBoxes:extra:into:)` for a caller that has asked whether the layout's text is
    /// bidirectional already (`bidirectional`: `PreparedText.isBidirectional` of that text).
    static func write(
        id: JSONValue, layout: TextLayout, lineBoxes: Bool, bidirectional: Bool, extra: [JSONMember],
        into output: inout JSONOutput
    ) {
        // A truncation token adds `token` and per-line `visibleEnd` (T12, T13): through the tree too.
        guard !lineBoxes, !bidirectional, layout.preparedText.truncationToken == nil else {
            output.value(appending(extra, to: json(id: id, layout: layout, lineBoxes: lineBoxes)))
            return
        }
        output.raw("{\"id\":")
        output.value(id)
        output.raw(",\"width\":")
        let width = Double(layout.size.width)
        let widthStart = output.count
        output.double(width)
        let widthText = widthStart..<output.count
        output.raw(",\"height\":")
        output.double(Double(layout.size.height))
        output.raw(",\"lineCount\":")
        output.int(layout.lineCount)
        output.raw(layout.isTruncated ? ",\"truncated\":true,\"lines\":[" : ",\"truncated\":false,\"lines\":[")
        // A line that shows its source text as it is (no ellipsis, no hyphen) is written from the text's own
        // UTF-8 when its UTF-16 offsets are UTF-8 offsets too (an ASCII text) or it is the whole text: no
        // string made per line (`TextLine.text`, about 1 000 instructions a short case).
        var source = layout.preparedText.text
        let unitCount = layout.preparedText.utf16Count
        source.withUTF8 { utf8 in
            let ascii = utf8.count == unitCount
            // Other texts' lines too: their UTF-16 offsets walked forward to UTF-8 offsets, the lines being
            // in order (`UTF8Offsets`), rather than a string made per line and copied again (`TextLine.text`:
            // about 1 300 instructions a line of prose with a curly quote or an accent, callgrind, `latin`).
            var offsets = UTF8Offsets(utf8: utf8)
            var first = true
            // By index: `for line in layout.lines` copied the lines (their records, text and geometry
            // references retained) into an iterator and destroyed it again (about 300 instructions a case).
            for index in 0..<layout.lineCount {
                let line = layout.lines[index]
                let range = line.range
                let isFirstLine = first
                output.raw(first ? "{\"start\":" : ",{\"start\":")
                first = false
                output.int(range.lowerBound)
                output.raw(",\"end\":")
                output.int(range.upperBound)
                output.raw(",\"text\":")
                if line.ellipsis == nil, !line.isHyphenated {
                    if ascii {
                        output.escaped(UnsafeBufferPointer(rebasing: utf8[range]))
                    } else if range == 0..<unitCount {
                        output.escaped(utf8)
                    } else if let start = offsets.offset(ofUnit: range.lowerBound),
                        let end = offsets.offset(ofUnit: range.upperBound)
                    {
                        output.escaped(UnsafeBufferPointer(rebasing: utf8[start..<end]))
                    } else {
                        output.string(line.text)
                    }
                } else {
                    output.string(line.text)
                }
                output.raw(",\"width\":")
                // A one-line result's width is its line's: its text is copied, not made again (a double's
                // text is about 400 instructions). Only the first line's, written before any spill.
                let lineWidth = Double(line.width)
                if !(isFirstLine && lineWidth.bitPattern == width.bitPattern && output.repeatBytes(widthText)) {
                    output.double(lineWidth)
                }
                // A hyphenated line (H2) adds the flag after its width, as `plainJSON` does.
                output.raw(line.isHyphenated ? ",\"hyphenated\":true}" : "}")
                // Nothing after this can fail: a huge result leaves in pieces rather than whole.
                output.spillIfLong()
            }
        }
        output.byte(UInt8(ascii: "]"))
        for member in extra {
            output.byte(UInt8(ascii: ","))
            output.member(member)
        }
        output.byte(UInt8(ascii: "}"))
    }
}

/// UTF-8 offsets of UTF-16 offsets in valid UTF-8, found by walking forward from the last one asked for
/// (from the start again for an earlier one): a text's lines, asked in order, cost one walk of the text.
struct UTF8Offsets {
    let utf8: UnsafeBufferPointer<UInt8>
    private var unit = 0
    private var byte = 0

    init(utf8: UnsafeBufferPointer<UInt8>) { self.utf8 = utf8 }

    /// The UTF-8 offset where UTF-16 offset `target` falls, or nil when it falls inside a surrogate pair or
    /// past the end.
    mutating func offset(ofUnit target: Int) -> Int? {
        if target < unit { (unit, byte) = (0, 0) }
        while unit < target, byte < utf8.count {
            // A lead byte's sequence: one UTF-16 unit for up to three bytes, a surrogate pair for four.
            let lead = utf8[byte]
            if lead < 0x80 {
                byte &+= 1
            } else if lead < 0xE0 {
                byte &+= 2
            } else if lead < 0xF0 {
                byte &+= 3
            } else {
                byte &+= 4
                unit &+= 1
            }
            unit &+= 1
        }
        return unit == target && byte <= utf8.count ? byte : nil
    }
}
