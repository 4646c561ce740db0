/// Tabs in the general breaker (P10): a tab advances to the next stop after the pen, measured from the
/// leading margin, so a line's width depends on where the line starts and on its indent. Only texts
/// that contain a tab come here (with the default style's stops when prepared without one); every other text measures lines with
/// the prefix sums alone (`PreparedText.width`). Widths come from the shared `TabLayout`, which glyph
/// placement and the visual runs read too.
extension LineBreaker {
    typealias Tabs = TabLayout

    /// The width of the line from `start` to `end`: `PreparedText.width` without tabs, else with each tab
    /// advancing to its stop (`TabLayout`).
    func lineWidth(_ start: Int, _ end: Int) -> Int {
        guard let tabs else { return text.width(start, end) }
        return tabs.width(text, lineStart: start, start..<end)
    }
}
