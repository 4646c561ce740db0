/// A tableau symbol (Badros, Borning & Stuckey 2001, §2; kiwisolver's `Symbol`). Ordered by id, the order
/// kiwisolver's sorted maps visit them in, so ties break the same way.
struct Symbol: Hashable, Comparable {
    enum Kind: UInt8 {
        case invalid
        case external  // a user variable: unrestricted in sign
        case slack  // an inequality's slack: ≥ 0
        case error  // a weighted constraint's error: ≥ 0, in the objective
        case dummy  // a required equality's marker: always 0, never enters the basis
    }
    let id: Int
    let kind: Kind
    static let invalid = Symbol(id: 0, kind: .invalid)
    static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id < rhs.id }
    static func == (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// Coefficients this small are zero (kiwisolver's `nearZero`, 1e-8).
@inline(__always) func nearZero(_ value: Double) -> Bool { abs(value) < 1e-8 }

/// One tableau row `basic = constant + Σ cᵢ·symbolᵢ` (kiwisolver's `Row`); cells sorted by symbol id.
struct Row {
    struct Cell {
        var symbol: Symbol
        var coefficient: Double
    }
    var constant: Double
    private(set) var cells: [Cell] = []
    /// A bit per symbol id modulo 64, set for every symbol that has had a cell in the row (never cleared
    /// before the row is rebuilt, so a clear bit proves the symbol absent): most rows do not hold the
    /// symbol a pivot substitutes or a scan asks for, and this answers them without a search.
    private(set) var mask: UInt64 = 0

    init(constant: Double) { self.constant = constant }

    @inline(__always) static func bit(_ symbol: Symbol) -> UInt64 { 1 &<< UInt64(truncatingIfNeeded: symbol.id & 63) }

    /// Whether the row may hold `symbol` (false: it certainly does not).
    @inline(__always) func mayContain(_ symbol: Symbol) -> Bool { mask & Row.bit(symbol) != 0 }

    private func index(of symbol: Symbol) -> (found: Bool, at: Int) {
        var low = 0, high = cells.count
        while low < high {
            let mid = (low + high) >> 1
            let id = cells[mid].symbol.id
            if id == symbol.id { return (true, mid) }
            if id < symbol.id { low = mid + 1 } else { high = mid }
        }
        return (false, low)
    }

    func coefficient(for symbol: Symbol) -> Double {
        guard mayContain(symbol) else { return 0 }
        let (found, at) = index(of: symbol)
        return found ? cells[at].coefficient : 0
    }

    /// Adds `coefficient·symbol`, dropping the cell when the sum is near zero.
    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
        let (found, at) = index(of: symbol)
        if found {
            let sum = cells[at].coefficient + coefficient
            if nearZero(sum) { cells.remove(at: at) } else { cells[at].coefficient = sum }
        } else if !nearZero(coefficient) {
            mask |= Row.bit(symbol)
            // Append and shift by hand: `Array.insert` goes through the generic `replaceSubrange`, several
            // times the cost of moving a short row's few cells.
            let cell = Cell(symbol: symbol, coefficient: coefficient)
            cells.append(cell)
            var i = cells.count - 1
            while i > at { cells[i] = cells[i - 1]; i -= 1 }
            cells[at] = cell
        }
    }

    /// Adds `coefficient × other` (constant and cells), merging the two sorted cell lists in one pass.
    mutating func insert(_ other: Row, _ coefficient: Double = 1) {
        constant += other.constant * coefficient
        // A short row goes in cell by cell, in place: no new array, and the same sums as the merge below
        // (`cell + other·coefficient`, dropped when near zero).
        if other.cells.count <= 4 {
            for cell in other.cells { insert(cell.symbol, cell.coefficient * coefficient) }
            return
        }
        mask |= other.mask
        var merged: [Cell] = []
        merged.reserveCapacity(cells.count + other.cells.count)
        var i = 0, j = 0
        while i < cells.count || j < other.cells.count {
            if j == other.cells.count || (i < cells.count && cells[i].symbol.id < other.cells[j].symbol.id) {
                merged.append(cells[i]); i += 1
            } else if i == cells.count || other.cells[j].symbol.id < cells[i].symbol.id {
                let c = other.cells[j].coefficient * coefficient
                if !nearZero(c) { merged.append(Cell(symbol: other.cells[j].symbol, coefficient: c)) }
                j += 1
            } else {
                let c = cells[i].coefficient + other.cells[j].coefficient * coefficient
                if !nearZero(c) { merged.append(Cell(symbol: cells[i].symbol, coefficient: c)) }
                i += 1; j += 1
            }
        }
        cells = merged
    }

    mutating func remove(_ symbol: Symbol) {
        guard mayContain(symbol) else { return }
        let (found, at) = index(of: symbol)
        if found { cells.remove(at: at) }
    }

    mutating func reverseSign() {
        constant = -constant
        for i in cells.indices { cells[i].coefficient = -cells[i].coefficient }
    }

    /// Solves `0 = row` for `symbol`: the row becomes `symbol = …` (the symbol must be in the row).
    mutating func solve(for symbol: Symbol) {
        let (_, at) = index(of: symbol)
        let factor = -1 / cells[at].coefficient
        cells.remove(at: at)
        constant *= factor
        for i in cells.indices { cells[i].coefficient *= factor }
    }

    /// Solves `lhs = row` for `rhs`: pivots the basic symbol `lhs` out and `rhs` in.
    mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by the expression `row` stands for.
    mutating func substitute(_ symbol: Symbol, _ row: Row) {
        guard mayContain(symbol) else { return }
        let (found, at) = index(of: symbol)
        guard found else { return }
        let coefficient = cells[at].coefficient
        cells.remove(at: at)
        insert(row, coefficient)
    }

    @discardableResult mutating func add(_ value: Double) -> Double {
        constant += value
        return constant
    }
}
