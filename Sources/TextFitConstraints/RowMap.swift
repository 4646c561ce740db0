/// The tableau's rows keyed by their basic symbol, kept sorted by symbol id like kiwisolver's `AssocVector`,
/// so every scan visits rows in kiwisolver's order and breaks ties as it does.
struct RowMap {
    private(set) var keys: [Symbol] = []
    var rows: [Row] = []

    var count: Int { keys.count }

    func index(of symbol: Symbol) -> Int? {
        let at = insertionIndex(symbol)
        return at < keys.count && keys[at].id == symbol.id ? at : nil
    }

    private func insertionIndex(_ symbol: Symbol) -> Int {
        var low = 0, high = keys.count
        while low < high {
            let mid = (low + high) >> 1
            if keys[mid].id < symbol.id { low = mid + 1 } else { high = mid }
        }
        return low
    }

    func row(for symbol: Symbol) -> Row? { index(of: symbol).map { rows[$0] } }

    mutating func set(_ row: Row, for symbol: Symbol) {
        let at = insertionIndex(symbol)
        if at < keys.count && keys[at].id == symbol.id {
            rows[at] = row
        } else {
            keys.insert(symbol, at: at)
            rows.insert(row, at: at)
        }
    }

    @discardableResult mutating func remove(at index: Int) -> (Symbol, Row) {
        (keys.remove(at: index), rows.remove(at: index))
    }
}
