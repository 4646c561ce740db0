import Foundation

extension _FuzzEntries {
    /// What a fuzz target's entry point does with an entry's answer: nothing when every invariant held;
    /// otherwise it writes `header` (the target and its decoded input) and each broken invariant to
    /// standard error and aborts, so libFuzzer keeps the input as a crasher.
    ///
    /// ```swift
    /// let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    /// _FuzzEntries.abortOnProblems(_FuzzEntries.button(bytes), header: "FuzzButton: \(bytes.count) bytes")
    /// ```
    /// - Parameters:
    ///   - problems: the entry's answer, one line per broken invariant.
    ///   - header: the first line of the report, made only when there is one.
    public static func abortOnProblems(_ problems: [String], header: @autoclosure () -> String) {
        guard !problems.isEmpty else { return }
        let lines = [header()] + problems.map { "  - \($0)" }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        abort()
    }
}
