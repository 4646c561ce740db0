import TextFit

/// `textfit help title-date`: the command's own section of the help (`Help.full` gathers every command's).
extension TitleDateCommand {
    static let help = """
        textfit title-date --title T --date D --width W [font flags as measure's] [--date-size S]
                           [--spacing S] [--json]
          Lays the title out like a 2-line UILabel (tail truncation, line-break strategy .standard) with
          the date after it, and prints which case applies, the title's lines and both frames:
            1  the title takes one line and the date fits after it;
            2  the title takes one line, the date does not fit: the date goes alone to line 2 at x = 0;
            3  the title takes two lines and the date fits after line 2;
            4  otherwise line 2 is laid out at most W - spacing - date width wide and tail-truncated,
               and the date follows it.
          The date's x is the line's width without hanging spaces plus the spacing, rounded up to the
          pixel grid; sizes are rounded up to it (scale 1). An empty title puts the date at x = 0.
            --title T        the title (required; may be empty).
            --date D         the date, never wrapped or truncated (required; may be empty).
            --width W        the block's width in points, >= 0 (required); 0 = unconstrained.
          The font flags give both texts' font; --size is the title's size.
        \(SharedOptions.fontHelp(column: 17))
            --date-size S    the date's point size, > 0. Default: the title's size.
            --spacing S      the gap between the title and the date, >= 0. Default: \(Int(TitleDateCommand.defaultSpacing)).
            --json           print one JSON object instead of the table:
                             {"case": 1-4, "titleLines": [{"text", "width", "truncated"}],
                              "titleFrame": {"x", "y", "width", "height"}, "dateFrame": {...},
                              "size": {"width", "height"}}
          Exit: 0 ok; 2 bad flag or value; 3 font family or file not found or unreadable.
        """
}
