import CBenchPeers
import Foundation
import TextFit

/// One case of the `textfit batch` format, resolved for every engine before timing.
struct BenchCase: Sendable {
    let id: String
    /// The case set it is reported in: the id's prefix before the last "-".
    let set: String
    let text: String
    /// The text as NUL-terminated UTF-8 (Pango) and UTF-16 (the HarfBuzz floor), converted once.
    let utf8: [CChar]
    let utf16: [UInt16]
    let font: Font
    /// The case's `fontFile`, which Pango's configuration for its set must hold.
    let fontFile: String?
    /// The family Pango asks Fontconfig for.
    let pangoFamily: String
    let size: Double
    /// nil = unconstrained.
    let width: Double?
    let maxLines: Int
    let mode: LineBreakMode
    /// Index into `CaseLoader.Loaded.floorFonts`: the primary font for the HarfBuzz floor.
    let floorFont: Int
    /// The primary font then the bundled fallback, for the floor with fallback runs.
    let floorRuns: HarfBuzzRunFonts

    var cgWidth: CGFloat? { width.map { CGFloat($0) } }
    /// The case as a `TextBatch` request (the parallel and scaling modes).
    var request: LayoutRequest {
        LayoutRequest(text: text, font: font, width: cgWidth, numberOfLines: maxLines, lineBreakMode: mode)
    }
    var pangoWidth: Double { width ?? -1 }

    /// The same width the relayout mode scales (unconstrained cases use 320 pt, a phone label).
    var baseWidth: Double { width ?? 320 }

    var pangoMode: Int32 {
        switch mode {
        case .byWordWrapping: return Int32(BENCH_WORD_WRAP)
        case .byCharWrapping: return Int32(BENCH_CHAR_WRAP)
        case .byClipping: return Int32(BENCH_CLIP)
        case .byTruncatingHead: return Int32(BENCH_TRUNCATE_HEAD)
        case .byTruncatingTail: return Int32(BENCH_TRUNCATE_TAIL)
        case .byTruncatingMiddle: return Int32(BENCH_TRUNCATE_MIDDLE)
        }
    }

    /// Whether Pango limits lines for this case (only ellipsizing modes do; TextFit limits every mode).
    var pangoLimitsLines: Bool {
        maxLines > 0 && [.byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle].contains(mode)
    }
}

/// A case set: cases sharing an id prefix, in file order.
struct CaseSet {
    let name: String
    let cases: [BenchCase]
}

enum CaseLoader {
    struct Loaded {
        var sets: [CaseSet]
        var floorFonts: [HarfBuzzFloorFont]
        /// Font folders Pango's private Fontconfig configuration holds for every set, and every font file
        /// the cases name (each set's Pango holds only its own: a file one set names must not become
        /// another set's fallback).
        var fontDirectories: [String]
        var fontFiles: [String]
        var path: String
        var skipped: [String]
        var all: [BenchCase] { sets.flatMap(\.cases) }
    }

    struct LoadError: Error, CustomStringConvertible {
        var description: String
    }

    /// The checked-in corpus: Benchmarks/Corpus/cases.jsonl, found from this source file's location, the
    /// working directory, or the executable's.
    static func defaultCorpusPath() -> String? {
        let source = URL(fileURLWithPath: #filePath)  // Benchmarks/Sources/textfit-bench/BenchCase.swift
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var candidates = [
            source.appendingPathComponent("Corpus/cases.jsonl").path,
            "Benchmarks/Corpus/cases.jsonl", "Corpus/cases.jsonl",
        ]
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(directory.appendingPathComponent("Corpus/cases.jsonl").path)
            candidates.append(directory.appendingPathComponent("Benchmarks/Corpus/cases.jsonl").path)
            directory = directory.deletingLastPathComponent()
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    static func load(path: String, filter: String?) throws -> Loaded {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw LoadError(description: "cannot read cases from \(path)")
        }
        let regex: Regex<AnyRegexOutput>?
        do {
            regex = try filter.map { try Regex($0) }
        } catch {
            throw LoadError(description: "--filter: invalid regular expression '\(filter ?? "")': \(error)")
        }

        var fonts: [String: Font] = [:]
        var floorIndex: [String: Int] = [:]
        var floorFonts: [HarfBuzzFloorFont] = []
        var fontFiles: [String] = []
        var order: [String] = []
        var bySet: [String: [BenchCase]] = [:]
        var skipped: [String] = []
        // TextFit's CJK fallback among the bundled fonts (BundledFonts.files), for the fallback floor.
        let fallbackPath = BundledFonts.directory.map { $0.appendingPathComponent("DroidSansFallbackFull.ttf").path }
            .flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }

        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let place = "\(path):\(number + 1)"
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
                skipped.append("\(place): not a JSON object")
                continue
            }
            let id = object["id"].map { "\($0)" } ?? "\(number + 1)"
            if let regex, (try? regex.firstMatch(in: id)) == nil { continue }
            guard let caseText = object["text"] as? String else {
                skipped.append("\(place): missing 'text'")
                continue
            }
            let size = (object["size"] as? NSNumber)?.doubleValue ?? 17
            let width = (object["width"] as? NSNumber)?.doubleValue
            let maxLines = (object["maxLines"] as? NSNumber)?.intValue ?? 0
            let modeName = object["lineBreakMode"] as? String ?? "wordWrap"
            guard let mode = LineBreakMode(rawValue: modeName) else {
                skipped.append("\(place): unknown lineBreakMode '\(modeName)'")
                continue
            }
            let family = object["family"] as? String
            let fontFile = object["fontFile"] as? String
            let faceIndex = (object["faceIndex"] as? NSNumber)?.intValue ?? 0
            let fontKey = "\(fontFile ?? "family:" + (family ?? BundledFonts.defaultFamily))#\(faceIndex)@\(size)"
            let font: Font
            do {
                if let cached = fonts[fontKey] {
                    font = cached
                } else {
                    if let fontFile {
                        font = try Font(file: fontFile, faceIndex: faceIndex, size: CGFloat(size))
                        if !fontFiles.contains(fontFile) { fontFiles.append(fontFile) }
                    } else {
                        font = try Font(family: family ?? BundledFonts.defaultFamily, size: CGFloat(size))
                    }
                    fonts[fontKey] = font
                }
            } catch {
                skipped.append("\(place): \(error)")
                continue
            }
            let scale = Int32((size * 1024).rounded())
            func floorFont(path: String, faceIndex: Int) -> Int? {
                let key = "\(path)#\(faceIndex)@\(scale)"
                if let index = floorIndex[key] { return index }
                guard let made = HarfBuzzFloorFont(path: path, faceIndex: faceIndex, scale: scale) else { return nil }
                floorFonts.append(made)
                floorIndex[key] = floorFonts.count - 1
                return floorFonts.count - 1
            }
            guard let floor = floorFont(path: font.filePath, faceIndex: font.faceIndex) else {
                skipped.append("\(place): HarfBuzz cannot load \(font.filePath)")
                continue
            }
            var runFonts = [floorFonts[floor].handle]
            if let fallback = fallbackPath, fallback != font.filePath, let index = floorFont(path: fallback, faceIndex: 0) {
                runFonts.append(floorFonts[index].handle)
            }
            let set = id.contains("-") ? String(id[..<id.lastIndex(of: "-")!]) : "cases"
            let benchCase = BenchCase(
                id: id, set: set, text: caseText, utf8: Array(caseText.utf8CString), utf16: Array(caseText.utf16),
                font: font, fontFile: fontFile, pangoFamily: fontFile == nil ? (family ?? font.familyName) : font.familyName,
                size: size, width: width, maxLines: maxLines, mode: mode, floorFont: floor,
                floorRuns: HarfBuzzRunFonts(handles: runFonts))
            if bySet[set] == nil { order.append(set) }
            bySet[set, default: []].append(benchCase)
        }
        let directories = BundledFonts.directory.map { [$0.path] } ?? []
        return Loaded(
            sets: order.map { CaseSet(name: $0, cases: bySet[$0]!) }, floorFonts: floorFonts,
            fontDirectories: directories, fontFiles: fontFiles, path: path, skipped: skipped)
    }
}
