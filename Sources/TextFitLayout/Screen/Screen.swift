import Foundation

/// The screen every layout type rounds to when it is not given a scale, like `UIScreen.main.scale`.
///
/// ```swift
/// Screen.main.scale = 3                                  // lay out as a 3x iPhone shows it
/// let label = Label(text: "Hello", font: font)           // label.scale == 3
/// let feed = RowTemplate(font: font, insets: EdgeInsets(all: 10))   // feed.scale == 3
///
/// let sizes = try Screen.withScale(2) {                  // this task only: a 2x device meanwhile
///     try Label(text: "Hello", font: font).intrinsicContentSize
/// }
/// ```
///
/// The default is 1 (`defaultScale`): TextFit runs on servers and build machines that have no screen,
/// and a scale of 1 gives sizes in whole points, the same on every machine, which is what the
/// command-line tool, the tests and the seeds' point-based examples assume. Set `Screen.main.scale` once
/// at start-up to the device you lay out for (2 or 3 on current iPhones), use `withScale` to lay out for
/// several devices at once, or pass `scale:` to one value.
///
/// `Label`, `LabelNode`, `ButtonLayout`, `ButtonConfiguration`, `RowTemplate`, `CellTemplate` and
/// `TitleDateLayout` read the scale when they are made without one; a value already made keeps its
/// scale. Reading and setting are thread-safe (a lock); a bad value (zero, negative, not finite) is kept
/// and refused with `MeasureError.invalidScale` by the layouts that use it.
public final class Screen: Sendable {
    /// The screen layouts use by default.
    public static let main = Screen()

    /// The scale `Screen.main` starts with: 1.
    public static let defaultScale: CGFloat = 1

    private let storedScale = Locked(Screen.defaultScale)

    /// A scale set by `withScale` for the running task (and the tasks and closures it runs).
    @TaskLocal static var taskScale: CGFloat?

    init() {}

    /// Pixels per point: 1, 2 or 3 on Apple's screens. Default `Screen.defaultScale` (1).
    public var scale: CGFloat {
        get { storedScale.withLock { $0 } }
        set { storedScale.withLock { $0 = newValue } }
    }

    /// Runs `operation` with `scale` as the default scale of every layout made in it, on this task only
    /// (other threads and tasks keep `Screen.main.scale`).
    /// - Parameters:
    ///   - scale: the scale layouts made in `operation` take when not given one.
    ///   - operation: the work; its result is returned.
    /// - Throws: what `operation` throws.
    public static func withScale<Result>(_ scale: CGFloat, _ operation: () throws -> Result) rethrows -> Result {
        try $taskScale.withValue(scale, operation: operation)
    }

    /// The scale a layout made now takes when it is not given one: `withScale`'s, else `main`'s.
    static var layoutScale: CGFloat { taskScale ?? main.scale }
}
