/// `textfit help breaks`: the command's own section of the help (`Help.full` gathers every command's).
extension BreaksCommand {
    static let help = """
        textfit breaks
          Reads {"id", "text"} JSON Lines on stdin and writes {"id", "breaks": [...], "mandatory": [...]}
          per line: UTF-16 offsets (after position 0) where a line may / must break (UAX #14, ICU), the
          text's end included. Bad lines yield {"id": ..., "error": "..."} as in batch.
          Exit: 0 all lines answered; 1 some lines failed; 2 bad arguments.
        """
}
