/// Format placeholders in localized strings (`%@`, `%d`, `%lld`, `%1$@`, `%.1f`, `%%`) and the sample
/// values `check` puts in their place, so the text measured is the text users see.
///
/// ```swift
/// FormatPlaceholders.fill("%1$@ sent %2$lld photos (100%%)", samples: [["%@": "Anna"]])
/// // "Anna sent 9999999 photos (100%)"
/// ```
/// A placeholder's sample is looked up by its plain form, positional index removed (`%2$lld` → `%lld`),
/// then its length and conversion (`%.1f` → `%f`), then its conversion alone (`%lld` → `%d`), in each
/// table of `samples` in turn (a constraint entry's, then the file's), then `builtIn`. A `%` that starts
/// no placeholder ("100% sure") stays as it is.
enum FormatPlaceholders {
    /// One placeholder found in a text.
    struct Placeholder: Equatable {
        /// Where it is, in the text's unicode scalars.
        var range: Range<Int>
        /// `%` + flags, width, precision, length and conversion, without the position: `%.1f`, `%lld`.
        var plain: String
        /// `%` + length + conversion: `%lld`, `%f`.
        var lengthAndConversion: String
        /// `%` + conversion: `%d`, `%@`.
        var conversion: String
        /// The precision asked for (`%.2f` → 2), for the built-in number sample.
        var precision: Int?
    }

    /// The built-in worst-case samples by conversion, which `textfit check --help` lists: a long name for
    /// objects and strings, seven digits for integers, the longest plausible forms of the others.
    static let builtIn: [(conversion: String, sample: String)] = [
        ("%@", "Maximilian Mustermann"), ("%s", "Maximilian Mustermann"), ("%S", "Maximilian Mustermann"),
        ("%d", "9999999"), ("%i", "9999999"), ("%u", "9999999"), ("%D", "9999999"), ("%U", "9999999"),
        ("%f", "99999.99"), ("%F", "99999.99"), ("%e", "9.999999e+99"), ("%E", "9.999999E+99"),
        ("%g", "9999999"), ("%G", "9999999"), ("%a", "0x1.fffffffffffffp+1023"), ("%A", "0X1.FFFFFFFFFFFFFP+1023"),
        ("%x", "ffffffff"), ("%X", "FFFFFFFF"), ("%o", "37777777777"), ("%O", "37777777777"),
        ("%c", "W"), ("%C", "W"), ("%p", "0x7fffffffffff"),
    ]

    private static let builtInTable = Dictionary(uniqueKeysWithValues: builtIn.map { ($0.conversion, $0.sample) })

    private static let conversions: Set<Unicode.Scalar> = Set("@dDiuUxXoOfFeEgGaAcCsSp".unicodeScalars)
    private static let lengths = ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"]

    /// Every placeholder in `text`, in order (`%%` is not one).
    static func placeholders(in text: String) -> [Placeholder] {
        let scalars = Array(text.unicodeScalars)
        var found: [Placeholder] = []
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else { index += 1; continue }
            if index + 1 < scalars.count, scalars[index + 1] == "%" { index += 2; continue }
            if let placeholder = placeholder(in: scalars, at: index) {
                found.append(placeholder)
                index = placeholder.range.upperBound
            } else {
                index += 1
            }
        }
        return found
    }

    /// `text` with each placeholder replaced by its sample and `%%` by `%`.
    static func fill(_ text: String, samples: [[String: String]]) -> String {
        guard text.unicodeScalars.contains("%") else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else { result.append(scalars[index]); index += 1; continue }
            if index + 1 < scalars.count, scalars[index + 1] == "%" {
                result.append("%")
                index += 2
            } else if let placeholder = placeholder(in: scalars, at: index) {
                result.append(contentsOf: sample(for: placeholder, samples: samples).unicodeScalars)
                index = placeholder.range.upperBound
            } else {
                result.append("%")
                index += 1
            }
        }
        return String(result)
    }

    /// The sample for `placeholder`: the most specific form in the first table that has one, else built in.
    static func sample(for placeholder: Placeholder, samples: [[String: String]]) -> String {
        let forms = [placeholder.plain, placeholder.lengthAndConversion, placeholder.conversion]
        for table in samples {
            for form in forms { if let sample = table[form] { return sample } }
        }
        // A fixed-point number shows the digits its precision asks for.
        if ["%f", "%F"].contains(placeholder.conversion), let precision = placeholder.precision {
            return precision == 0 ? "99999" : "99999." + String(repeating: "9", count: min(precision, 20))
        }
        return builtInTable[placeholder.conversion] ?? "Maximilian Mustermann"
    }

    /// The placeholder starting at `start` (a `%`): `%[N$][flags][width][.precision][length]conversion`.
    /// The space flag is left out, so "100% sure" is text, not `% s`.
    private static func placeholder(in scalars: [Unicode.Scalar], at start: Int) -> Placeholder? {
        var index = start + 1
        func digits() -> String {
            var text = ""
            while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                text.unicodeScalars.append(scalars[index]); index += 1
            }
            return text
        }
        // A position: digits then `$`.
        let positionStart = index
        if !digits().isEmpty, index < scalars.count, scalars[index] == "$" { index += 1 } else { index = positionStart }
        var spec = ""
        while index < scalars.count, "-+#0'".unicodeScalars.contains(scalars[index]) {
            spec.unicodeScalars.append(scalars[index]); index += 1
        }
        if index < scalars.count, scalars[index] == "*" { spec += "*"; index += 1 } else { spec += digits() }
        var precision: Int?
        if index < scalars.count, scalars[index] == "." {
            index += 1
            let text = digits()
            spec += "." + text
            precision = Int(text) ?? 0
        }
        var length = ""
        for candidate in lengths {
            let units = Array(candidate.unicodeScalars)
            if index + units.count <= scalars.count, Array(scalars[index..<(index + units.count)]) == units {
                length = candidate
                index += units.count
                break
            }
        }
        guard index < scalars.count, conversions.contains(scalars[index]) else { return nil }
        let conversion = String(scalars[index])
        index += 1
        return Placeholder(
            range: start..<index, plain: "%" + spec + length + conversion,
            lengthAndConversion: "%" + length + conversion, conversion: "%" + conversion,
            precision: precision)
    }
}
