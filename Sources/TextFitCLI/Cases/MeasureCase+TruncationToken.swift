import Foundation
import TextFit

/// A batch case's `truncationToken` and `tokenRuns` (the command-line contract in architecture.md,
/// "Geometry"): the token a truncated line shows instead of "…" (rules T8–T16), in the case's font with
/// its own runs over it.
extension MeasureCase {
    struct TokenCase: Equatable, Sendable {
        var text: String
        /// Runs over the token, offsets within the token (`runs`' fields); nil: the case's font throughout.
        var runs: [Run]?
    }

    static let tokenFields = ["truncationToken", "tokenRuns"]

    /// Decodes `truncationToken` and `tokenRuns`, if present.
    /// - Throws: `CaseError` naming the field (`tokenRuns[0].end`) with a wrong type or value.
    static func truncationToken(_ json: JSONValue) throws -> TokenCase? {
        let text = try optionalString(json, "truncationToken")
        let runsValue = json["tokenRuns"].flatMap { $0 == .null ? nil : $0 }
        guard let text else {
            if runsValue != nil { throw CaseError(message: "field 'tokenRuns' needs 'truncationToken' (a string)") }
            return nil
        }
        if let offset = Array(text.utf16).firstIndex(where: { [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains($0) })
        {
            throw CaseError(
                message: "field 'truncationToken' has a line break at UTF-16 offset \(offset): "
                    + "a token is one line; use a space")
        }
        guard let runsValue else { return TokenCase(text: text) }
        guard case .array(let items) = runsValue else {
            throw CaseError(message: "field 'tokenRuns' must be an array of objects, got \(runsValue.typeName)")
        }
        let count = text.utf16.count
        do {
            let runs = try items.enumerated().map { index, item in try run(item, name: "tokenRuns[\(index)]", count: count) }
            return TokenCase(text: text, runs: runs)
        } catch let error as CaseError {
            // `run` counts against "the text's" length: here it is the token's.
            throw CaseError(message: error.message.replacingOccurrences(of: "the text's", with: "the token's"))
        }
    }

    /// `prepared` with the case's token, in the case's font and weight with `tokenRuns` over it.
    /// - Throws: `FontError` when a run's font cannot be loaded, `CaseError` for a run inside a cluster.
    func applyingTruncationToken(_ prepared: PreparedText, fonts: FontCache) throws -> PreparedText {
        guard let token = truncationToken else { return prepared }
        let base = try self.font(font, size: size, face: face, fonts: fonts)
        var styled = try StyledText(token.text, font: base)
        let runs = token.runs ?? []
        for run in runs where run.end > run.start {
            let runFont = try self.font(
                run.font ?? font, size: run.size ?? size, face: face.overridden(by: run.face), fonts: fonts)
            let attributes = TextAttributes(
                font: runFont, kern: run.kern.map { CGFloat($0) },
                baselineOffset: run.baselineOffset.map { CGFloat($0) }, foregroundColor: run.color)
            try styled.setAttributes(attributes, range: run.start..<run.end)
        }
        do { return try prepared.withTruncationToken(styled) } catch StyledTextError.rangeSplitsCluster(_, let offset) {
            let index = runs.firstIndex { $0.start == offset || $0.end == offset } ?? 0
            let key = runs.indices.contains(index) && runs[index].start == offset ? "start" : "end"
            throw CaseError(
                message: "field 'tokenRuns[\(index)].\(key)' = \(offset) falls inside a grapheme cluster of the "
                    + "token: a run must start and end between clusters")
        }
    }
}
