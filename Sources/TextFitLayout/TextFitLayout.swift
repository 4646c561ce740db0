// TextFitLayout: UILabel sizing, the title + date layout and self-sizing list-row heights, built on
// TextFit's public API only, plus its lock (`Locked`, `package` access: one lock type for the package).
//
// - `Label/`: `Label` (rules L1–L8, W6) — sizing, text rect and drawing geometry.
// - `TitleDate/`: `TitleDateLayout` (uikit-semantics.md §5.1, four cases).
// - `Rows/`: `RowHeights` and `RowHeightCache` (rules C1–C6).
// - `Button/`: `ButtonLayout` (legacy insets, rules U1–U7, U9–U10), `ButtonConfiguration` (iOS 15, U8),
//   `SemanticContentAttribute` (U11).
// - `ViewTree/`: `LayoutNode`, a frame-based view tree, one subfolder per concern: `Tree/` the node and
//   its errors; `Margins/` its layout margins and safe area (M1–M5); `LayoutPass/` `setNeedsLayout` /
//   `layoutIfNeeded` and `LabelNode`; `HitTesting/` `hitTest`; `Distribution/` Masonry-style
//   distribution along an axis.
// - `Cells/`: `CellTemplate` and `CellNode`, frame-based cells (a `LayoutNode`) that `RowHeights(cell:)` sizes.
// - `Screen/`: `Screen.main.scale`, the pixel grid every layout type takes when not given one.
// - `Insets/`: `EdgeInsets` (left/right, like `UIEdgeInsets`) and `DirectionalEdgeInsets`
//   (leading/trailing, M2), used by rows, buttons and the view tree alike.
@_exported import TextFit
