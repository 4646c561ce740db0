import Foundation

/// Helpers for the readable (non-JSON) output of `measure` and `demo`.
enum TextTable {
    /// A number with at most `decimals` decimals and no trailing zeros: 43.5, 20, 87.667.
    static func number(_ value: Double, decimals: Int = 3) -> String {
        guard value.isFinite else { return value.description }
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    static func number(_ value: CGFloat, decimals: Int = 3) -> String { number(Double(value), decimals: decimals) }

    /// "W x H" with `number` formatting.
    static func size(_ size: CGSize) -> String { "\(number(size.width)) x \(number(size.height))" }

    /// Text as a quoted literal with control characters escaped, so spaces, newlines and tabs at line ends
    /// are visible.
    static func quoted(_ text: String) -> String { JSONWriter.string(.string(text)) }

    /// The first `limit` characters of `text`, with "…" when cut.
    static func prefix(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }

    /// Rows of cells padded into columns: numbers right-aligned, the last column (text) left as is.
    static func render(header: [String], rows: [[String]], indent: String = "") -> [String] {
        let all = [header] + rows
        let columns = header.count
        var widths = Array(repeating: 0, count: columns)
        for row in all {
            for (column, cell) in row.enumerated() where column < columns - 1 {
                widths[column] = max(widths[column], cell.count)
            }
        }
        return all.map { row in
            var line = indent
            for (column, cell) in row.enumerated() {
                if column == columns - 1 {
                    line += cell
                } else {
                    line += String(repeating: " ", count: widths[column] - cell.count) + cell + "  "
                }
            }
            return line
        }
    }
}
