/// A linear expression `c₁·v₁ + c₂·v₂ + … + constant` (kiwisolver's `LinearExpression`).
///
/// ```swift
/// let left = Variable("left"), width = Variable("width")
/// let right = left + width            // an LinearExpression
/// let centre = left + 0.5 * width     // coefficients are Doubles
/// ```
/// Terms keep the order they were first written in, with repeated variables merged, so the solver's
/// symbols (and, for a system with several optima, its choice among them) are the same on every run.
public struct LinearExpression: Sendable, CustomStringConvertible {
    /// One `coefficient · variable` term.
    public struct Term: Sendable {
        public var variable: Variable
        public var coefficient: Double
        public init(_ variable: Variable, _ coefficient: Double = 1) {
            self.variable = variable
            self.coefficient = coefficient
        }
    }

    /// The terms, each variable at most once.
    public private(set) var terms: [Term]
    /// The constant part.
    public var constant: Double

    /// Makes `Σ terms + constant`, merging repeated variables.
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = []
        self.constant = constant
        for term in terms { add(term.variable, term.coefficient) }
    }

    /// The expression `1 · variable`.
    public init(_ variable: Variable) { self.init([Term(variable)]) }

    /// The constant expression.
    public init(_ constant: Double) { self.init([], constant: constant) }

    /// Adds `coefficient · variable`, merging with an existing term of the same variable.
    public mutating func add(_ variable: Variable, _ coefficient: Double) {
        if let index = terms.firstIndex(where: { $0.variable === variable }) {
            terms[index].coefficient += coefficient
        } else {
            terms.append(Term(variable, coefficient))
        }
    }

    /// Whether every coefficient and the constant are finite (NaN or infinity would poison the tableau).
    public var isFinite: Bool { constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite } }

    public var description: String {
        var parts = terms.map { term -> String in
            term.coefficient == 1 ? term.variable.description : "\(term.coefficient)*\(term.variable)"
        }
        if constant != 0 || parts.isEmpty { parts.append("\(constant)") }
        return parts.joined(separator: " + ")
    }
}

/// Anything usable as one side of a linear constraint: a `Variable`, a number, an `LinearExpression`.
public protocol LinearExpressionConvertible {
    /// The value as an expression.
    var linearExpression: LinearExpression { get }
}

extension LinearExpression: LinearExpressionConvertible { public var linearExpression: LinearExpression { self } }
extension Variable: LinearExpressionConvertible { public var linearExpression: LinearExpression { LinearExpression(self) } }
extension Double: LinearExpressionConvertible { public var linearExpression: LinearExpression { LinearExpression(self) } }
extension Int: LinearExpressionConvertible {
    public var linearExpression: LinearExpression { LinearExpression(Double(self)) }
}

extension LinearExpression {
    private func scaled(by factor: Double) -> LinearExpression {
        LinearExpression(terms.map { Term($0.variable, $0.coefficient * factor) }, constant: constant * factor)
    }

    public static func + (lhs: LinearExpression, rhs: LinearExpressionConvertible) -> LinearExpression {
        var result = lhs
        let other = rhs.linearExpression
        for term in other.terms { result.add(term.variable, term.coefficient) }
        result.constant += other.constant
        return result
    }
    public static func - (lhs: LinearExpression, rhs: LinearExpressionConvertible) -> LinearExpression {
        lhs + rhs.linearExpression.scaled(by: -1)
    }
    public static func * (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs.scaled(by: lhs) }
    public static func * (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs.scaled(by: rhs) }
    public static prefix func - (operand: LinearExpression) -> LinearExpression { operand.scaled(by: -1) }
}

extension Variable {
    public static func + (lhs: Variable, rhs: LinearExpressionConvertible) -> LinearExpression {
        LinearExpression(lhs) + rhs
    }
    public static func - (lhs: Variable, rhs: LinearExpressionConvertible) -> LinearExpression {
        LinearExpression(lhs) - rhs
    }
    public static func * (lhs: Double, rhs: Variable) -> LinearExpression { lhs * LinearExpression(rhs) }
    public static func * (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression(lhs) * rhs }
}
