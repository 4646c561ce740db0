import TextFit

/// `textfit help button`: the command's own section of the help.
extension ButtonCommand {
    static let help = """
        textfit button [--title T] [--image WxH] [font flags as measure's] [--content-insets T,L,B,R]
                       [--image-insets T,L,B,R] [--title-insets T,L,B,R] [--alignment A]
                       [--semantic-content-attribute D] [--bounds WxH] [--scale N] [--json]
          Sizes and lays out a UIButton without a configuration (the legacy inset model): the title is
          measured as a single-line label; the intrinsic size is image + title + content insets (a
          title with zero content insets gets 6 pt above and below); the content rect is the bounds
          inset by the content insets; image and title are centred as one group in their own rects
          (the content rect inset by their insets), so insets move them by half their difference; a
          title with less room than its width narrows and is truncated at the tail. Frames snap to the
          pixel grid. Needs --title or --image.
            --title T            the title. Default: none.
            --image WxH          the image's size in points, e.g. 32x32. Default: none.
          The font flags give the title's font:
        \(SharedOptions.fontHelp(column: 21))
            --content-insets T,L,B,R
                                 contentEdgeInsets, four numbers (negative outsets an edge). Default: 0,0,0,0.
            --image-insets T,L,B,R
                                 imageEdgeInsets. Default: 0,0,0,0.
            --title-insets T,L,B,R
                                 titleEdgeInsets. Default: 0,0,0,0.
            --alignment A        contentHorizontalAlignment: center, left, right or fill. Default: center.
            --semantic-content-attribute D
                                 unspecified, forceLeftToRight or forceRightToLeft: right to left puts
                                 the image after the title (the layout mirrored; insets keep their
                                 sides). Default: unspecified (left to right).
            --bounds WxH         the button's size. Default: its intrinsic size. Content insets adding
                                 up to more than the bounds are an error.
            --scale N            pixels per point for snapping, > 0 and <= \(Int(ButtonCommand.maximumScale)). Default: \(Int(ButtonCommand.defaultScale)).
            --json               print one JSON object instead of the table:
                                 {"intrinsicSize": {"width", "height"}, "contentRect": {"x", "y",
                                  "width", "height"}, "imageRect": {...}, "titleRect": {...}}
                                 (rects in the button's bounds; a hidden part has a zero rect).
          Exit: 0 ok; 2 bad flag or value (also insets larger than the bounds); 3 font family or file not
          found or unreadable.
        """
}
