import Foundation

/// Rounds `value` up to the pixel grid of `scale` (`ceilPx` in the UIKit rules: `ceil(value·s)/s`).
///
/// ```swift
/// ceilToPixel(20.287, scale: 2)  // 20.5
/// ceilToPixel(20.287, scale: 3)  // 20.333…
/// ```
/// A tolerance of 1e-7 px keeps values that are on the grid up to floating-point noise from moving a
/// whole pixel.
public func ceilToPixel(_ value: CGFloat, scale: CGFloat = 1) -> CGFloat {
    guard value.isFinite, scale.isFinite, scale > 0 else { return value }
    return ((value * scale) - 1e-7).rounded(.up) / scale
}

extension CGSize {
    /// Both dimensions rounded up to the pixel grid of `scale` (rule L2).
    public func ceiledToPixels(scale: CGFloat = 1) -> CGSize {
        CGSize(width: ceilToPixel(width, scale: scale), height: ceilToPixel(height, scale: scale))
    }
}
