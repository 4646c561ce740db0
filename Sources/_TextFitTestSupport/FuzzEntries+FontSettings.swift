import Foundation
import TextFit

extension _FuzzEntries {
    /// Fuzz bytes as font settings (rules O1–O6): byte 0 picks the font (bundled Noto Sans, or Inter's
    /// variable font when installed), byte 1 the size (6–69 pt), byte 2 how many settings (0–7); each
    /// setting is 7 bytes: a kind bit (feature or variation), a 4-byte tag as given (malformed ones
    /// included) and a 2-byte value (a variation's is signed, over any range, and may be scaled to NaN or
    /// infinity); the rest is the text, UTF-8 decoded leniently.
    public struct FontSettingsInput: CustomStringConvertible, Sendable {
        public var inter: Bool
        public var size: CGFloat
        public var features: [(tag: String, value: Int)]
        public var variations: [(tag: String, value: Double)]
        public var text: String

        public var description: String {
            "\(inter ? "Inter variable" : "Noto Sans") \(size) pt features \(features) variations \(variations) text \(text.debugDescription)"
        }
    }

    public static let interVariablePath = BundledFonts.interVariablePath ?? "Fonts/InterVariable.ttf"

    public static func decodeFontSettingsInput(_ bytes: [UInt8]) -> FontSettingsInput {
        func byte(_ i: Int) -> UInt8 { i < bytes.count ? bytes[i] : 0 }
        var input = FontSettingsInput(
            inter: byte(0) & 1 == 1, size: CGFloat(6 + Int(byte(1) % 64)), features: [], variations: [], text: "")
        var at = 3
        for _ in 0..<Int(byte(2) % 8) {
            let tag = String(decoding: (1...4).map { byte(at + $0) }, as: UTF8.self)
            let raw = Int(Int16(bitPattern: UInt16(byte(at + 5)) << 8 | UInt16(byte(at + 6))))
            if byte(at) & 1 == 0 {
                input.features.append((tag, raw))
            } else {
                let special: [Double] = [.nan, .infinity, -.infinity]
                input.variations.append(
                    (tag, byte(at) & 6 == 6 ? special[raw & 1 == 0 ? 0 : (raw > 0 ? 1 : 2)] : Double(raw)))
            }
            at += 7
        }
        input.text = String(decoding: bytes.dropFirst(min(at, bytes.count)), as: UTF8.self)
        return input
    }

    /// Makes the font and measures the text; returns the broken invariants: a malformed setting is a
    /// `FontError`, never a crash; a made font applies only in-range values, reports every other one,
    /// gives the same font when made again, and measures finite widths whose lines fit again at the
    /// measured width.
    public static func fontSettings(_ bytes: [UInt8]) -> [String] {
        let input = decodeFontSettingsInput(bytes)
        if input.inter && !FileManager.default.fileExists(atPath: interVariablePath) { return [] }
        var problems: [String] = []
        func make() throws -> Font {
            let features = try input.features.map { try FontFeature($0.tag, $0.value) }
            let variations = try input.variations.map { try FontVariation($0.tag, $0.value) }
            return input.inter
                ? try Font(file: interVariablePath, size: input.size, features: features, variations: variations)
                : try Font(family: "Noto Sans", size: input.size, features: features, variations: variations)
        }
        let font: Font
        do { font = try make() } catch is FontError { return [] } catch { return ["unexpected error \(error)"] }
        let axes = font.variationAxes
        for variation in font.variations {
            guard let axis = axes.first(where: { $0.tag == variation.tag }) else {
                problems.append("applied \(variation) on no axis")
                continue
            }
            if !(axis.minimum...axis.maximum).contains(variation.value) {
                problems.append("applied \(variation) outside \(axis)")
            }
        }
        for (tag, value) in input.variations {
            let axis = axes.first { $0.tag == tag }
            let inRange = axis.map { ($0.minimum...$0.maximum).contains(value) } ?? false
            let reported = font.variationAdjustments.contains { $0.tag == tag }
            // Only the last setting of a tag counts; check the ones that are last.
            if input.variations.last(where: { $0.tag == tag })?.value == value, inRange == reported {
                problems.append("\(tag) \(value): in range \(inRange) but reported \(reported)")
            }
        }
        if let again = try? make(), again != font { problems.append("the same settings gave another font") }
        do {
            let prepared = try PreparedText(input.text, font: font)
            let layout = try prepared.layout()
            if !(layout.size.width.isFinite && layout.size.width >= 0) { problems.append("width \(layout.size.width)") }
            let narrow = try prepared.layout(width: max(layout.size.width / 2, 1))
            let refit = try prepared.layout(width: narrow.size.width)
            if refit.lines.count > narrow.lines.count { problems.append("lines grew at the measured width") }
        } catch {
            problems.append("measuring threw \(error)")
        }
        return problems
    }
}
