import TextFit

/// `textfit help demo`: the command's own section of the help (`Help.full` gathers every command's).
extension DemoCommand {
    static let help = """
        textfit demo [--out DIR]
          Prints the seed examples with the bundled fonts: the 12 feed rows' heights in a 375 pt list
          (15 pt text, 10 pt insets, so a 355 pt wrap width) at scales 1, 2 and 3; the label
          "北京欢迎您！！！" at 20 pt sized to fit at scale 2, next to iOS's figure; the line counts of
          the title + date titles at several widths; the four title + date seed cases laid out (case by
          width, then each at a width where its case applies); a multi-line label truncated at 2 lines;
          and buttons of both models (legacy insets, iOS 15 configurations) with their rects.
            --out DIR        also write DIR/demo.png: the feed rows and the four title + date cases
                             drawn as measured, with overlays and captions, and the buttons with
                             their content, image and title rects outlined (the README's picture).
                             Also DIR/margins.png (layout margins and the safe area, M3-M5) and
                             DIR/distribution.png (Masonry-style distribution along an axis).
          Exit: 0 ok; 2 bad flag, or DIR/demo.png cannot be written; 3 the bundled fonts are missing.
        """
}
