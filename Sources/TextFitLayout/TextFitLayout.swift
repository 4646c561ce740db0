// TextFitLayout: UILabel sizing, the title + date layout and self-sizing list-row heights, built on
// TextFit's public API only.
@_exported import TextFit
