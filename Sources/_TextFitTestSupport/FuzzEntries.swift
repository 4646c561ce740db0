import Foundation
import TextFit
import TextFitCLI

/// The logic behind the libFuzzer targets in `FuzzTesting/`, kept in this test-support module so the
/// normal test suite replays every committed corpus file and crasher through exactly the same code. Not
/// API: the module is a library product only because the nested `FuzzTesting/` package must depend on
/// it, and its underscore says so.
///
/// Each entry turns fuzz bytes into a request, runs it, and returns the invariants it broke (empty when
/// all held). A crash, hang or sanitizer report is a finding too; the fuzz target traps on a non-empty
/// answer so libFuzzer saves the input.
///
/// ```swift
/// let problems = _FuzzEntries.measure(Array("\u{2}\u{1}\u{10}\u{2}\u{0}\u{0}Hello world".utf8))
/// // [] — or e.g. ["line 0..<3 is 41.2 pt wide at width 20.0 and holds 3 clusters"]
/// ```
public enum _FuzzEntries {
    // MARK: - The measurement API

    /// A measuring request decoded from fuzz bytes.
    public struct MeasureInput: Sendable, CustomStringConvertible {
        public var units: [UInt16]
        /// Index into `BundledFonts` families: Noto Sans, Noto Sans Bold, Droid Sans Fallback.
        public var fontChoice: Int
        public var size: CGFloat
        public var width: CGFloat?
        public var lastLineMaxWidth: CGFloat?
        public var maxLines: Int
        public var mode: LineBreakMode
        public var strategy: LineBreakStrategy
        /// The pixel-grid scale `sizeThatFits` is asked with.
        public var scale: CGFloat = 1

        public init(
            units: [UInt16], fontChoice: Int, size: CGFloat, width: CGFloat?, lastLineMaxWidth: CGFloat?,
            maxLines: Int, mode: LineBreakMode, strategy: LineBreakStrategy, scale: CGFloat = 1
        ) {
            self.units = units
            self.fontChoice = fontChoice
            self.size = size
            self.width = width
            self.lastLineMaxWidth = lastLineMaxWidth
            self.maxLines = maxLines
            self.mode = mode
            self.strategy = strategy
            self.scale = scale
        }

        public var description: String {
            let text = String(decoding: units, as: UTF16.self)
            return "text \(text.debugDescription) (\(units.count) units), font \(fontChoice) \(size) pt, width "
                + "\(width.map { "\($0)" } ?? "nil"), lastLineMaxWidth \(lastLineMaxWidth.map { "\($0)" } ?? "nil"), "
                + "maxLines \(maxLines), \(mode.rawValue), strategy \(strategy.rawValue), scale \(scale)"
        }
    }

    /// Byte layout (missing bytes read as 0, so every input decodes):
    /// 0 mode (low 3 bits, mod 6), strategy (bits 3–4), lastLineMaxWidth present (bit 5), drawn like the
    ///   width (bit 6, else one byte / 4 pt), a scale byte follows the text encoding (bit 7);
    /// 1 maxLines (0–5, or -1, Int.min, Int.max, 1000, Int.max / 2, 2^40, 100,000, Int.max − 1 for 240…248);
    /// 2 width kind (`decodeWidth`): < 192 → the next two bytes / 16 pt (0–4096 pt); 192–199 nil; 200 NaN;
    ///   201 +∞; 202 −∞; 203 0; 204 −0; 205 −1; 206 1e-300; 207 1e15; 208 .greatestFiniteMagnitude; 209–223
    ///   the extremes near 0 and near the 1e15 unbounded threshold; 224–239 log-uniform from 1e-9 to 2e15
    ///   pt (two bytes); else the next 8 bytes as a Double's bits;
    /// 3 font (mod 3) and size (bits 2–7: 0–15 a table with a few invalid sizes, 16–31 the extremes of the
    ///   accepted range, 32–63 log-uniform from 1e-4 to 1.2e5 pt from two bytes);
    /// 4 text encoding: bit 0 set → UTF-16 little-endian (unpaired surrogates included), else UTF-8;
    /// then the scale byte (`scales`), then the lastLineMaxWidth; the rest is the text.
    public static func decodeMeasureInput(_ bytes: [UInt8]) -> MeasureInput {
        var reader = ByteReader(bytes: bytes)
        let modeByte = reader.next()
        let modes: [LineBreakMode] = [
            .byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingHead,
            .byTruncatingTail, .byTruncatingMiddle,
        ]
        let mode = modes[Int(modeByte & 7) % modes.count]
        let strategy = LineBreakStrategy(rawValue: Int((modeByte >> 3) & 3))
        let linesByte = reader.next()
        let maxLines: Int
        switch linesByte {
        case 240: maxLines = -1
        case 241: maxLines = Int.min
        case 242: maxLines = Int.max
        case 243: maxLines = 1000
        case 244: maxLines = Int.max / 2
        case 245: maxLines = 1 << 40
        case 246: maxLines = 100_000
        case 247, 248: maxLines = Int.max - 1
        default: maxLines = Int(linesByte % 6)
        }
        let width = decodeWidth(&reader)
        let fontByte = reader.next()
        let sizeIndex = Int(fontByte >> 2)
        let size: CGFloat
        if sizeIndex < 16 {
            size = [17, 12, 15, 24, 9, 1, 0.25, 72, 300, 5.5, 99_999, 0, -3, .nan, .infinity, 100_000][sizeIndex]
        } else if sizeIndex < 32 {
            size = sizeExtremes[sizeIndex - 16]
        } else {
            size = CGFloat(logUniform(&reader, from: -4, to: 5.08))
        }
        let utf16 = reader.next() & 1 != 0
        let scale = modeByte & 128 != 0 ? scales[Int(reader.next()) % scales.count] : 1
        let lastLineMaxWidth: CGFloat? =
            modeByte & 32 == 0
            ? nil
            : modeByte & 64 != 0 ? decodeWidth(&reader) : CGFloat(reader.next()) / 4
        let rest = Array(reader.rest)
        let units: [UInt16]
        if utf16 {
            units = stride(from: 0, to: rest.count - 1, by: 2).map { UInt16(rest[$0]) | UInt16(rest[$0 + 1]) << 8 }
        } else {
            units = Array(String(decoding: rest, as: UTF8.self).utf16)
        }
        return MeasureInput(
            units: units, fontChoice: Int(fontByte % 3), size: size, width: width,
            lastLineMaxWidth: lastLineMaxWidth, maxLines: maxLines, mode: mode, strategy: strategy,
            scale: scale)
    }

    /// Sizes at the ends of what `Font` accepts (> 0 and < 100,000 pt): below 1/2048 pt the HarfBuzz scale
    /// rounds to 0.
    public static let sizeExtremes: [CGFloat] = [
        .leastNonzeroMagnitude, 1e-300, 1e-9, 1e-6, 0.0004, 1.0 / 2048, 1.0 / 1024,
        0.001, 99_999.99, CGFloat(100_000).nextDown, 50_000, 65_536, 2_097_151,
        100_000.0000001, 32_768.5, 4_096.25,
    ]
    /// Widths near 0 (below one 1/1024-pt unit) and near the 1e15 unbounded threshold, and the largest.
    public static let widthExtremes: [CGFloat] = [
        .leastNonzeroMagnitude, 1e-9, 1.0 / 2048, CGFloat(1.0 / 1024).nextDown,
        1.0 / 1024, CGFloat(1e15).nextDown, 1e15 - 1, 9.99e14, CGFloat(1e15).nextUp,
        2.1e12, 9.007e15, 1.8e16, CGFloat(Int.max / 4096), CGFloat(Int.max / 1024),
        .greatestFiniteMagnitude.nextDown,
    ]
    /// Pixel-grid scales, valid and not: the screens', the extremes of the finite positive doubles, and 0,
    /// negative, NaN and infinity.
    public static let scales: [CGFloat] = [
        1, 2, 3, 0.5, 7.1, 1e-300, .leastNonzeroMagnitude, 1e-7, 1e7, 1e300,
        .greatestFiniteMagnitude, 0, -2, .nan, .infinity, 1024,
    ]

    /// A width as the byte layout above says (`decodeMeasureInput`).
    private static func decodeWidth(_ reader: inout ByteReader) -> CGFloat? {
        let widthKind = reader.next()
        let width: CGFloat?
        switch widthKind {
        case 0..<192: width = CGFloat(UInt16(reader.next()) << 8 | UInt16(reader.next())) / 16
        case 192..<200: width = nil
        case 200: width = .nan
        case 201: width = .infinity
        case 202: width = -.infinity
        case 203: width = 0
        case 204: width = -0.0
        case 205: width = -1
        case 206: width = 1e-300
        case 207: width = 1e15
        case 208: width = .greatestFiniteMagnitude
        case 209..<224: width = widthExtremes[Int(widthKind - 209) % widthExtremes.count]
        case 224..<240: width = CGFloat(logUniform(&reader, from: -9, to: 15.3))
        default:
            var bits: UInt64 = 0
            for _ in 0..<8 { bits = bits << 8 | UInt64(reader.next()) }
            width = CGFloat(Double(bitPattern: bits))
        }
        return width
    }

    /// 10^x for x uniform in `from...to`, from the next two bytes.
    private static func logUniform(_ reader: inout ByteReader, from: Double, to: Double) -> Double {
        let fraction = Double(UInt16(reader.next()) << 8 | UInt16(reader.next())) / 65_535
        return pow(10, from + (to - from) * fraction)
    }

    /// Decodes `bytes` and measures them through every public entry point of the engine; returns the
    /// broken invariants.
    public static func measure(_ bytes: [UInt8]) -> [String] {
        measure(decodeMeasureInput(bytes))
    }

    public static func measure(_ input: MeasureInput) -> [String] {
        var problems: [String] = []
        let families: [(String, Font.Weight)] = [
            ("Noto Sans", .regular), ("Noto Sans", .bold), ("Droid Sans Fallback", .regular),
        ]
        let (family, weight) = families[input.fontChoice % families.count]
        let font: Font
        do {
            font = try Font(family: family, size: input.size, weight: weight)
            if !(input.size.isFinite && input.size > 0 && input.size < 100_000) {
                problems.append("size \(input.size) was accepted")
            }
        } catch let error as FontError {
            // Compared by description: NaN != NaN.
            if error.description != FontError.invalidSize(Double(input.size)).description
                || input.size.isFinite && input.size > 0 && input.size < 100_000
            {
                problems.append("unexpected font error \(error)")
            }
            return problems
        } catch {
            return ["unexpected error type \(error)"]
        }
        let prepared = PreparedText(utf16: input.units, font: font)
        if prepared.utf16Count != input.units.count {
            problems.append("prepared text has \(prepared.utf16Count) units, the input \(input.units.count)")
        }
        var expectedErrors: [MeasureError] = []
        if let width = input.width, width.isNaN || width < 0 { expectedErrors.append(.invalidWidth(Double(width))) }
        if let last = input.lastLineMaxWidth, last.isNaN || last < 0 {
            expectedErrors.append(.invalidWidth(Double(last)))
        }
        if input.maxLines < 0 { expectedErrors.append(.invalidNumberOfLines(input.maxLines)) }

        let layout: TextLayout
        let metrics: TextMetrics
        do {
            layout = try prepared.layout(
                width: input.width, numberOfLines: input.maxLines, lineBreakMode: input.mode,
                lineBreakStrategy: input.strategy, lastLineMaxWidth: input.lastLineMaxWidth)
            metrics = try prepared.measure(
                width: input.width, numberOfLines: input.maxLines, lineBreakMode: input.mode,
                lineBreakStrategy: input.strategy, lastLineMaxWidth: input.lastLineMaxWidth)
        } catch let error as MeasureError {
            if !expectedErrors.contains(where: { sameError($0, error) }) {
                problems.append("unexpected error \(error)")
            }
            return problems
        } catch {
            return ["unexpected error type \(error)"]
        }
        if !expectedErrors.isEmpty { problems.append("no error although \(expectedErrors) expected") }
        problems += LayoutInvariants.check(layout, of: prepared, input: input)
        if metrics.lineCount != layout.lineCount || metrics.size != layout.size
            || metrics.isTruncated != layout.isTruncated
            || metrics.widthIncludingTrailingWhitespace != layout.sizeIncludingTrailingWhitespace.width
        {
            problems.append("measure \(metrics) differs from layout \(layout.lineCount) lines, \(layout.size)")
        }
        if let again = try? prepared.layout(
            width: input.width, numberOfLines: input.maxLines, lineBreakMode: input.mode,
            lineBreakStrategy: input.strategy, lastLineMaxWidth: input.lastLineMaxWidth),
            again != layout
        {
            problems.append("a second layout differs from the first")
        }
        problems += checkDerivedAPIs(prepared, layout: layout, input: input)
        return problems
    }

    private static func sameError(_ a: MeasureError, _ b: MeasureError) -> Bool {
        // NaN != NaN, so compare descriptions.
        a.description == b.description
    }

    /// `sizeThatFits`, `numberOfLines(forWidth:)` and `boundingRect` agree with the layout they wrap.
    private static func checkDerivedAPIs(_ prepared: PreparedText, layout: TextLayout, input: MeasureInput) -> [String] {
        var problems: [String] = []
        let width = input.width ?? 0
        let plain = input.strategy.isEmpty && (input.lastLineMaxWidth == nil || input.maxLines == 0)
        if plain, width > 0 {
            let validScale = input.scale.isFinite && input.scale > 0
            do {
                let size = try prepared.sizeThatFits(
                    CGSize(width: width, height: 0), numberOfLines: input.maxLines,
                    lineBreakMode: input.mode, scale: input.scale)
                if !validScale { problems.append("sizeThatFits accepted scale \(input.scale)") }
                if size != layout.size.ceiledToPixels(scale: input.scale) {
                    problems.append("sizeThatFits \(size) != ceiled layout size \(layout.size)")
                }
                // L2: the size is the layout's rounded up to whole pixels, so it covers the lines (less the
                // 1e-7 px `ceilToPixel` forgives, and the last bit of dividing by the scale).
                func covers(_ ceiled: CGFloat, _ value: CGFloat) -> Bool {
                    ceiled >= value - max(1e-7 / input.scale, value * 1e-12)
                }
                if !(size.width.isFinite && size.height.isFinite && covers(size.width, layout.size.width)
                    && covers(size.height, layout.size.height))
                {
                    problems.append("sizeThatFits \(size) at scale \(input.scale) does not cover \(layout.size)")
                }
            } catch let error as MeasureError
                where !validScale && error.description == MeasureError.invalidScale(Double(input.scale)).description
            {
            } catch {
                problems.append("sizeThatFits threw \(error)")
            }
        }
        if plain, input.maxLines == 0, input.mode == .byWordWrapping || input.mode == .byCharWrapping {
            if let count = try? prepared.numberOfLines(forWidth: width, lineBreakMode: input.mode), count != layout.lineCount
            {
                problems.append("numberOfLines(forWidth:) \(count) != layout's \(layout.lineCount)")
            }
        }
        for options in [
            StringDrawingOptions.usesLineFragmentOrigin, [.usesLineFragmentOrigin, .truncatesLastVisibleLine], [],
        ] {
            do {
                let rect = try prepared.boundingRect(
                    with: CGSize(width: width, height: layout.lineHeight * 2),
                    options: options, lineBreakMode: input.mode)
                if !(rect.width.isFinite && rect.height.isFinite && rect.width >= 0 && rect.height >= 0) {
                    problems.append("boundingRect \(options.rawValue) gave \(rect)")
                }
            } catch {
                problems.append("boundingRect \(options.rawValue) threw \(error)")
            }
        }
        return problems
    }

    // MARK: - `textfit batch`

    /// Runs the bytes (UTF-8, one case per line) through `textfit batch` in process; returns the broken
    /// invariants of the command-line contract: one JSON object per input line in order, each an error
    /// object or a result with the contract's keys, exit code 1 exactly when some line failed.
    public static func batch(_ bytes: [UInt8]) -> [String] {
        if bytes.first == structuredBatchMarker { return structuredBatch(Array(bytes.dropFirst())) }
        // Lines end at "\n" bytes, as standard input is read ("\r\n" is one Character, so split bytes).
        let input = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        var remaining = input[...]
        var output: [String] = []
        var errors: [String] = []
        let code = runTextFit(
            arguments: ["batch"], input: { remaining.popFirst() }, output: { output.append($0) },
            error: { errors.append($0) })
        var problems: [String] = []
        if output.count != input.count { problems.append("\(input.count) lines in, \(output.count) out") }
        if !errors.isEmpty { problems.append("stderr: \(errors)") }
        var failed = 0
        for (index, line) in output.enumerated() {
            // JSONReader sorts keys, so the contract's key order is checked by writing the parsed value
            // back in that order and comparing with the line as written.
            guard let value = try? JSONReader.parse(line), case .object = value, let id = value["id"] else {
                problems.append("output line \(index) is not a JSON object with an id: \(line)")
                continue
            }
            if case .string(let message)? = value["error"] {
                failed += 1
                if message.isEmpty { problems.append("error without a message: \(line)") }
                if JSONWriter.string(.object(["id": id, "error": .string(message)])) != line {
                    problems.append("error object not in the contract's form: \(line)")
                }
                continue
            }
            guard let ordered = inContractOrder(value), JSONWriter.string(ordered) == line else {
                problems.append("result not in the contract's key order: \(line)")
                continue
            }
            problems += checkResult(value, case: index < input.count ? input[index] : "")
        }
        let expected: Int32 = failed > 0 ? 1 : 0
        if code != expected { problems.append("exit code \(code), expected \(expected) with \(failed) failed lines") }
        return problems + batchPathsAgree(bytes)
    }

    /// The lines of `bytes` as the executable reads them (its bytes as read, one `\r` before the newline
    /// dropped) through batch's two paths: the common cases read from their bytes, and every line through
    /// the general reader. Any difference in the output is a problem.
    static func batchPathsAgree(_ bytes: [UInt8]) -> [String] {
        var pieces = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
        // The last piece follows the last newline: a line (keeping its `\r`) unless it is empty.
        let last = pieces.removeLast()
        var input = pieces.map { $0.last == 0x0D ? Array($0.dropLast()) : $0 }
        if !last.isEmpty { input.append(last) }
        let fast = batchAnswers(to: input, generalPathOnly: false)
        let general = batchAnswers(to: input, generalPathOnly: true)
        guard fast.output != general.output || fast.exitCode != general.exitCode else { return [] }
        let index =
            zip(fast.output, general.output).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(fast.output.count, general.output.count)
        return [
            "batch's byte path and general path differ at output line \(index): "
                + "\(index < fast.output.count ? fast.output[index] : "none") against "
                + "\(index < general.output.count ? general.output[index] : "none") (exit \(fast.exitCode) and \(general.exitCode))"
        ]
    }

    /// A first byte that starts no UTF-8 text: the rest is a `MeasureInput` (`decodeMeasureInput`) written
    /// as one batch case, so sizes, widths and line limits come from the whole domain, extremes included.
    public static let structuredBatchMarker: UInt8 = 0xFE

    /// Runs `bytes`' `MeasureInput` as a `textfit batch` case: the contract's invariants hold, and an
    /// answer agrees with the API's layout of the same case (same line count, widths within rounding).
    static func structuredBatch(_ bytes: [UInt8]) -> [String] {
        var input = decodeMeasureInput(bytes)
        // JSON has no NaN, and `null` means the default size: ask for that.
        if input.size.isNaN { input.size = 17 }  // MeasureCase.defaultSize
        // A NaN width is written as `null` too, which means unconstrained: ask the API for that.
        if let width = input.width, width.isNaN { input.width = nil }
        func number(_ value: CGFloat) -> String {
            value.isNaN ? "null" : value == .infinity ? "1e400" : value == -.infinity ? "-1e400" : "\(Double(value))"
        }
        let families = ["Noto Sans", "Noto Sans", "Droid Sans Fallback"]
        var fields = [
            "\"id\":1", "\"text\":" + JSONWriter.string(.string(String(decoding: input.units, as: UTF16.self))),
            "\"family\":\"\(families[input.fontChoice % 3])\"", "\"size\":\(number(input.size))",
            "\"maxLines\":\(input.maxLines)", "\"lineBreakMode\":\"\(input.mode.rawValue)\"",
        ]
        if let width = input.width { fields.append("\"width\":\(number(width))") }
        let line = "{" + fields.joined(separator: ",") + "}"
        var problems = batch(Array(line.utf8))
        var output: [String] = []
        var remaining = [line][...]
        _ = runTextFit(arguments: ["batch"], input: { remaining.popFirst() }, output: { output.append($0) }, error: { _ in })
        guard let answer = output.first.flatMap({ try? JSONReader.parse($0) }), case .int(let count)? = answer["lineCount"]
        else { return problems }
        let width: Double
        switch answer["width"] {
        case .double(let value)?: width = value
        case .int(let value)?: width = Double(value)
        default: return problems + ["batch answer without a width: \(answer)"]
        }
        // The batch answered: the API must answer the same case alike (`family` here is never bold, so
        // font choice 1 is Noto Sans regular too).
        do {
            let font = try Font(family: families[input.fontChoice % 3], size: input.size)
            let layout = try PreparedText(utf16: input.units, font: font)
                .layout(
                    width: input.width.map { $0 >= 1e15 ? 0 : $0 }, numberOfLines: input.maxLines, lineBreakMode: input.mode)
            if layout.lineCount != count || abs(Double(layout.size.width) - width) > max(1e-3, width * 1e-9) {
                problems.append(
                    "batch answered \(count) lines \(width) pt wide, the API \(layout.lineCount) lines "
                        + "\(layout.size.width) pt for \(line)")
            }
        } catch {
            problems.append("batch answered \(line) but the API threw \(error)")
        }
        return problems
    }

    /// `value` rebuilt with the contract's keys in order: id, width, height, lineCount, truncated, lines
    /// of start, end, text, width (a bidirectional case adds direction before lines and visual per line),
    /// then a query's answer (`tightestWidth`; `widthRange` of min, max; or `fontSize`, `fits`), then
    /// `missingGlyphs`; nil when a key is missing or extra.
    private static func inContractOrder(_ value: JSONValue) -> JSONValue? {
        let direction = value["direction"]
        // `missingGlyphs` comes last and only as `true` (a text with a character no font draws).
        let missingGlyphs = value["missingGlyphs"]
        guard missingGlyphs == nil || missingGlyphs == .bool(true) else { return nil }
        var query: [JSONMember] = []
        if let tightest = value["tightestWidth"] { query.append(JSONMember("tightestWidth", tightest)) }
        if let range = value["widthRange"] {
            guard case .object(let bounds) = range, bounds.count == 2, let low = range["min"], let high = range["max"]
            else { return nil }
            query.append(JSONMember("widthRange", .object([JSONMember("min", low), JSONMember("max", high)])))
        }
        guard (value["fontSize"] == nil) == (value["fits"] == nil) else { return nil }
        if let size = value["fontSize"] { query.append(JSONMember("fontSize", size)) }
        if let fits = value["fits"] { query.append(JSONMember("fits", fits)) }
        guard case .object(let members) = value,
            members.count == (direction == nil ? 6 : 7) + query.count + (missingGlyphs == nil ? 0 : 1),
            let id = value["id"], let width = value["width"], let height = value["height"],
            let count = value["lineCount"], let truncated = value["truncated"], case .array(let lines)? = value["lines"]
        else { return nil }
        var ordered: [JSONValue] = []
        for line in lines {
            let visual = line["visual"]
            // A styled, paragraph or bidirectional case's lines carry their boxes: all four or none.
            let box = ["x", "y", "baseline", "height"].compactMap { key in line[key].map { JSONMember(key, $0) } }
            guard case .object(let fields) = line, box.count == 0 || box.count == 4,
                fields.count == 4 + box.count + (visual == nil ? 0 : 1), let start = line["start"],
                let end = line["end"], let text = line["text"], let lineWidth = line["width"],
                (visual == nil) == (direction == nil), direction == nil || box.count == 4
            else { return nil }
            var members = [
                JSONMember("start", start), JSONMember("end", end), JSONMember("text", text), JSONMember("width", lineWidth),
            ]
            members += box
            if case .array(let runs)? = visual {
                members.append(
                    JSONMember(
                        "visual",
                        .array(
                            runs.map { run in
                                .object([
                                    "start": run["start"] ?? .null, "end": run["end"] ?? .null, "rtl": run["rtl"] ?? .null,
                                ])
                            })))
            } else if let visual {
                members.append(JSONMember("visual", visual))
            }
            ordered.append(.object(members))
        }
        var result = [
            JSONMember("id", id), JSONMember("width", width), JSONMember("height", height),
            JSONMember("lineCount", count), JSONMember("truncated", truncated),
        ]
        if let direction { result.append(JSONMember("direction", direction)) }
        result.append(JSONMember("lines", .array(ordered)))
        result += query
        if let missingGlyphs { result.append(JSONMember("missingGlyphs", missingGlyphs)) }
        return .object(result)
    }

    private static func checkResult(_ value: JSONValue, case line: String) -> [String] {
        var problems: [String] = []
        guard case .array(let lines)? = value["lines"], case .int(let count)? = value["lineCount"] else {
            return ["result without lines: \(value)"]
        }
        if lines.count != count { problems.append("lineCount \(count) but \(lines.count) lines") }
        var textCount = Int.max
        if let json = try? JSONReader.parse(line), case .string(let text)? = json["text"] { textCount = text.utf16.count }
        var previousEnd = 0
        for entry in lines {
            guard case .int(let start)? = entry["start"], case .int(let end)? = entry["end"] else {
                problems.append("line without start/end: \(entry)")
                continue
            }
            if start < previousEnd || end < start || end > textCount {
                problems.append("line \(start)..<\(end) out of order or bounds (text \(textCount) units)")
            }
            previousEnd = end
            if case .double(let width)? = entry["width"], !(width.isFinite && width >= 0) {
                problems.append("line width \(width)")
            }
        }
        for key in ["width", "height"] {
            if case .double(let number)? = value[key], !(number.isFinite && number >= 0) {
                problems.append("\(key) \(number)")
            }
        }
        return problems
    }
}

/// Reads fuzz bytes front to back; past the end every byte is 0.
struct ByteReader {  // internal: FuzzEntries+Selection reads its bytes too
    let bytes: [UInt8]
    var index = 0

    mutating func next() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    var rest: ArraySlice<UInt8> { bytes[min(index, bytes.count)...] }
}
