import Foundation

/// Rounds `value` up to the pixel grid of `scale` (`ceilPx` in the UIKit rules: `ceil(value·s)/s`).
///
/// ```swift
/// ceilToPixel(20.287, scale: 2)  // 20.5
/// ceilToPixel(20.287, scale: 3)  // 20.333…
/// ```
/// A tolerance of 1e-7 px keeps values that are on the grid up to floating-point noise from moving a
/// whole pixel; below one pixel it shrinks with the value, so a value > 0 never rounds down to 0. At a
/// scale whose pixels are too small for `value × scale` to be finite, or too large for one pixel's size
/// to be, the value is returned as it is.
public func ceilToPixel(_ value: CGFloat, scale: CGFloat = 1) -> CGFloat {
    guard value.isFinite, scale.isFinite, scale > 0 else { return value }
    let pixels = value * scale
    guard pixels.isFinite else { return value }
    // A value under one pixel whose product with the scale underflows to 0 takes one whole pixel.
    if pixels == 0, value > 0 { return (1 / scale).isFinite ? 1 / scale : value }
    let ceiled = (pixels - (pixels < 1 ? pixels * 1e-7 : 1e-7)).rounded(.up) / scale
    return ceiled.isFinite ? ceiled : value
}

extension CGSize {
    /// Both dimensions rounded up to the pixel grid of `scale` (rule L2).
    public func ceiledToPixels(scale: CGFloat = 1) -> CGSize {
        CGSize(width: ceilToPixel(width, scale: scale), height: ceilToPixel(height, scale: scale))
    }
}
