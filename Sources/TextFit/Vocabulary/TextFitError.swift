import Foundation

/// The errors TextFit's modules throw: each is an enum whose `description` says what was wrong and what a
/// valid value is, and `localizedDescription` (through `LocalizedError.errorDescription`) says the same, so
/// `"\(error)"`, `error.localizedDescription` and a log line all name the problem.
///
/// ```swift
/// do { _ = try prepared.layout(width: -3) }
/// catch let error as TextFitError { print(error.localizedDescription) }   // "invalid width -3.0: use …"
/// ```
///
/// A conforming type writes only `description`; this protocol gives `errorDescription` from it.
public protocol TextFitError: Error, CustomStringConvertible, LocalizedError {}

extension TextFitError {
    /// The same text as `description`.
    public var errorDescription: String? { description }
}
