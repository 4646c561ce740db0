import Foundation
import Testing
import _TextFitTestSupport

/// Replays every committed fuzzing input (`FuzzTesting/Corpus/<target>/`, the minimized corpus, and
/// `FuzzTesting/Crashers/<target>/`, every input that once failed) through the same entry logic the
/// libFuzzer targets run (`_FuzzEntries`), so a fixed finding stays fixed without building the fuzzers.
@Suite struct FuzzReplayTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("FuzzTesting")

    /// The files of `folder` under `FuzzTesting/`, sorted by name.
    static func files(_ folder: String) -> [URL] {
        let url = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { url.appendingPathComponent($0) }
    }

    static let chunks = 8

    /// Replays chunk `chunk` of 8 of the target's corpus and crashers (chunks run in parallel).
    func replay(_ target: String, chunk: Int, _ entry: ([UInt8]) -> [String]) throws {
        let inputs = Self.files("Corpus/\(target)") + Self.files("Crashers/\(target)")
        for (index, file) in inputs.enumerated() where index % Self.chunks == chunk {
            let bytes = [UInt8](try Data(contentsOf: file))
            let problems = entry(bytes)
            #expect(problems.isEmpty, "\(target) \(file.lastPathComponent): \(problems)")
        }
    }

    @Test func theCommittedInputsAreThere() {
        #expect(Self.files("Corpus/FuzzMeasure").count > 100)
        #expect(Self.files("Corpus/FuzzBatch").count > 100)
        #expect(!Self.files("Crashers/FuzzMeasure").isEmpty)
        #expect(Self.files("Corpus/FuzzFontFile").count > 30)
        #expect(Self.files("Corpus/FuzzSelection").count >= 80)
        for target in ["FuzzStyled", "FuzzLineWidths", "FuzzButton", "FuzzConstraints", "FuzzToken"] {
            #expect(Self.files("Corpus/\(target)").count >= 5, "\(target)")
        }
        // The campaigns' corpora, reduced to a set cover of their features (session 19).
        for target in ["FuzzStyled", "FuzzButton", "FuzzToken", "FuzzSelection", "FuzzCheck", "FuzzFontSettings"] {
            #expect(Self.files("Corpus/\(target)").count >= 700, "\(target)")
        }
    }

    @Test(arguments: 0..<chunks)
    func measureCorpusAndCrashers(chunk: Int) throws {
        try replay("FuzzMeasure", chunk: chunk, _FuzzEntries.measure)
    }

    @Test(arguments: 0..<chunks)
    func batchCorpusAndCrashers(chunk: Int) throws {
        try replay("FuzzBatch", chunk: chunk, _FuzzEntries.batch)
    }

    /// Range rects, carets and hit testing (rules R1–R7).
    @Test(arguments: 0..<chunks)
    func selectionCorpusAndCrashers(chunk: Int) throws {
        try replay("FuzzSelection", chunk: chunk, _FuzzEntries.selection)
    }

    /// Font bytes loaded from a file and paths against an allowed folder (issue 40).
    @Test(arguments: 0..<chunks)
    func fontFileCorpusAndCrashers(chunk: Int) throws {
        try replay("FuzzFontFile", chunk: chunk, _FuzzEntries.fontFile)
    }

    /// Catalogs and constraints files through `textfit check` (issue 33).
    @Test func checkCorpusAndCrashers() throws {
        #expect(Self.files("Corpus/FuzzCheck").count >= 5)
        for chunk in 0..<Self.chunks { try replay("FuzzCheck", chunk: chunk, _FuzzEntries.check) }
    }

    /// Styled runs, paragraph styles, bidi text and hyphenation (issue 35).
    @Test(arguments: 0..<chunks)
    func styledCorpusAndCrashers(chunk: Int) throws {
        try replay("FuzzStyled", chunk: chunk, _FuzzEntries.styled)
    }

    /// Per-line widths, the walker and text containers (issue 35).
    @Test(arguments: 0..<chunks)
    func lineWidthsCorpusAndCrashers(chunk: Int) throws {
        try replay("FuzzLineWidths", chunk: chunk, _FuzzEntries.lineWidths)
    }

    /// A custom truncation token over styled text (issue 35, rules T8–T16).
    @Test(arguments: 0..<chunks)
    func tokenCorpusAndCrashers(chunk: Int) throws {
        try replay("FuzzToken", chunk: chunk, _FuzzEntries.token)
    }

    /// OpenType features and variation axes, as given, on the bundled variable fonts (issue 31).
    @Test(arguments: 0..<chunks)
    func fontSettingsCorpus(chunk: Int) throws {
        try replay("FuzzFontSettings", chunk: chunk, _FuzzEntries.fontSettings)
    }

    /// Legacy and configuration buttons (issue 35).
    @Test func buttonCorpusAndCrashers() throws {
        for chunk in 0..<Self.chunks { try replay("FuzzButton", chunk: chunk, _FuzzEntries.button) }
    }

    /// Random constraint systems through the solver (issue 35).
    @Test func constraintsCorpusAndCrashers() throws {
        for chunk in 0..<Self.chunks { try replay("FuzzConstraints", chunk: chunk, _FuzzEntries.constraints) }
    }

    /// The decoder reads every input, however short.
    @Test func shortInputsDecode() {
        for length in 0..<16 {
            let bytes = [UInt8](repeating: 0xC9, count: length)
            #expect(_FuzzEntries.measure(bytes).isEmpty, "\(length) bytes")
        }
        #expect(_FuzzEntries.batch([]).isEmpty)
        for length in 0..<24 {
            let bytes = [UInt8](repeating: 0xC9, count: length)
            #expect(_FuzzEntries.styled(bytes).isEmpty, "\(length) bytes")
            #expect(_FuzzEntries.lineWidths(bytes).isEmpty, "\(length) bytes")
            #expect(_FuzzEntries.token(bytes).isEmpty, "\(length) bytes")
            #expect(_FuzzEntries.button(bytes).isEmpty, "\(length) bytes")
            #expect(_FuzzEntries.constraints(bytes).isEmpty, "\(length) bytes")
        }
        for length in 0..<16 { #expect(_FuzzEntries.selection([UInt8](repeating: 0xC9, count: length)).isEmpty) }
        for length in 0..<4 {
            #expect(_FuzzEntries.fontFile([UInt8](repeating: 0x01, count: length)).isEmpty, "\(length) bytes")
        }
    }
}
