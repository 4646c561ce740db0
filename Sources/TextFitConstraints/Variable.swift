/// An unknown of a linear constraint system, like kiwisolver's `Variable`: a view's left edge, a width.
///
/// ```swift
/// let width = Variable("width")
/// var solver = Solver()
/// try solver.add(Constraint(width, .equal, 320))
/// solver.value(of: width)   // 320
/// ```
/// Variables are compared by identity; the solver holds their values (`Solver.value(of:)`), so a variable
/// is immutable and may be shared between solvers and threads.
public final class Variable: Hashable, Sendable, CustomStringConvertible {
    /// A name for messages (`Solver`'s errors and descriptions); not required to be unique.
    public let name: String

    /// Makes a new unknown.
    /// - Parameter name: shown in error messages and descriptions.
    public init(_ name: String = "") { self.name = name }

    public static func == (lhs: Variable, rhs: Variable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String {
        name.isEmpty ? "v\(UInt(bitPattern: ObjectIdentifier(self).hashValue) % 10_000)" : name
    }
}
