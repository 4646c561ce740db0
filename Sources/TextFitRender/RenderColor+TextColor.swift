import Foundation
import TextFit

extension RenderColor {
    /// A styled run's colour (`TextAttributes.foregroundColor`) in 8-bit sRGB, each component rounded and
    /// clamped to 0…255 (NaN counts as 0).
    ///
    /// ```swift
    /// RenderColor(TextColor(red: 1, green: 0.5, blue: 0))   // 255, 128, 0
    /// ```
    public init(_ color: TextColor) {
        func byte(_ value: Double) -> UInt8 { value.isNaN ? 0 : UInt8(min(255, max(0, (value * 255).rounded()))) }
        self.init(red: byte(color.red), green: byte(color.green), blue: byte(color.blue), alpha: byte(color.alpha))
    }
}
