/// `textfit help bidi`: the command's own section of the help.
extension BidiCommand {
    static let help = """
        textfit bidi
          Reads {"id", "text", "direction"} JSON Lines on stdin ("direction": "auto" (default: from the first
          strong character), "ltr" or "rtl") and writes {"id", "levels": [...], "order": [...]} per line, for
          the text taken as one line: levels has one UAX #9 embedding level per Unicode scalar (odd = right
          to left), null for a character rule X9 removes (embedding controls, boundary neutrals); order lists
          the scalars' indexes in visual order, left to right, the removed ones left out (ICU's ubidi).
          Example: {"id":1,"text":"ab \\u05d0\\u05d1"} -> {"id":1,"levels":[0,0,0,1,1],"order":[0,1,2,4,3]}
          Bad lines yield {"id": ..., "error": "..."} as in batch.
          Exit: 0 all lines answered; 1 some lines failed; 2 bad arguments.
        """
}
