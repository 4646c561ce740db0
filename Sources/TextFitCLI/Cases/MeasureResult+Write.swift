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
        output.double(Double(layout.size.width))
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
            var first = true
            for line in layout.lines {
                output.raw(first ? "{\"start\":" : ",{\"start\":")
                first = false
                output.int(line.range.lowerBound)
                output.raw(",\"end\":")
                output.int(line.range.upperBound)
                output.raw(",\"text\":")
                if line.ellipsis == nil, !line.isHyphenated, ascii || line.range == 0..<unitCount {
                    output.escaped(ascii ? UnsafeBufferPointer(rebasing: utf8[line.range]) : utf8)
                } else {
                    output.string(line.text)
                }
                output.raw(",\"width\":")
                output.double(Double(line.width))
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
