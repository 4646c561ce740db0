import Foundation
import Testing
import TextFit

/// Rule F10: a family both bundled and installed resolves to the bundled face first. "Inter" is bundled
/// (`Fonts/InterVariable.ttf`, the variable roman) and installed by Debian's fonts-inter and
/// fonts-inter-variable (`scripts/install-deps --tests`), at the same version, so Fontconfig scores the
/// copies equal and its answer came from the order it searched them: the system's static
/// `Inter-Regular.otf` for TextFit (issue 43: the benchmark's Pango, whose private configuration holds the
/// bundled folder, set the same family in the bundled file). Checked against Fontconfig's own tool
/// (`fc-match`) asked the same question with the bundled folder listed before the system's folders.
@Suite struct BundledFamilyFirstTests {
    static let bundled = BundledFonts.interVariablePath ?? ""

    /// A Fontconfig configuration with the bundled folder first, then the system's configuration, and a
    /// cache folder of its own.
    static func bundledFirstConfiguration() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-f10-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fonts = try #require(BundledFonts.directory).path
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              <dir>\(fonts)</dir>
              <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
              <cachedir>\(folder.path)/cache</cachedir>
            </fontconfig>
            """
        let file = folder.appendingPathComponent("fonts.conf")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// The situation: the system has Inter of its own, which Fontconfig alone answers with.
    @Test func theSystemHasInterToo() throws {
        let system = try FontconfigMatch.file("Inter:weight=80:slant=0", configuration: nil)
        #expect(system.hasPrefix("/usr/share/fonts/"), "install fonts-inter (scripts/install-deps --tests)")
        #expect(!Self.bundled.isEmpty)
    }

    /// Upright weights are the bundled variable face at that `wght` (O5), which reports the weight asked
    /// (S8); the widths are that face's (the system's static Inter 3.19 has the same advances here).
    @Test(arguments: [100.0, 300, 400, 500, 600, 700, 900])
    func uprightIsTheBundledFace(weight: Double) throws {
        let font = try Font(family: "Inter", size: 17, weight: Font.Weight(rawValue: CGFloat(weight)))
        #expect(font.filePath == Self.bundled)
        #expect(font.faceIndex == 0)
        #expect(Double(font.weight.rawValue) == weight)
        #expect(font.symbolicTraits.contains(.traitBold) == (weight > 500))
        let direct = try Font(file: Self.bundled, size: 17, variations: [FontVariation("wght", weight)])
        let text = "Hello, world"
        #expect(
            try PreparedText(text, font: font).measure(width: nil).size
                == PreparedText(text, font: direct).measure(width: nil).size)
    }

    /// Regular, bold, italic and bold italic: the file Fontconfig picks when it searches the bundled
    /// folder first. The bundled folder has no Inter italic, so an italic is the system's (a better
    /// match wins wherever it is), never the upright bundled face.
    @Test func eachStyleAsFontconfigWithTheBundledFolderFirst() throws {
        let configuration = try Self.bundledFirstConfiguration()
        defer { try? FileManager.default.removeItem(atPath: (configuration as NSString).deletingLastPathComponent) }
        for (weight, italic, pattern) in [
            (Font.Weight.regular, false, "weight=80:slant=0"), (.bold, false, "weight=200:slant=0"),
            (.regular, true, "weight=80:slant=100"), (.bold, true, "weight=200:slant=100"),
        ] {
            let font = try Font(family: "Inter", size: 17, weight: weight, italic: italic)
            let expected = try FontconfigMatch.file("Inter:scalable=true:\(pattern)", configuration: configuration)
            #expect(font.filePath == expected, "\(pattern)")
            #expect((font.filePath == Self.bundled) == !italic, "\(pattern)")
            #expect(font.symbolicTraits.contains(.traitItalic) == italic, "\(pattern)")
            #expect(font.symbolicTraits.contains(.traitBold) == (weight == .bold), "\(pattern)")
        }
    }

    /// Asking for the system's file by path still gives that file: only a family name resolves (the
    /// benchmark's latin-inter cases name `Inter-Regular.otf`).
    @Test func aFileIsThatFile() throws {
        let system = try FontconfigMatch.file("Inter:weight=80:slant=0", configuration: nil)
        let font = try Font(file: system, size: 17)
        #expect(font.filePath == system)
        #expect(font.familyName == "Inter")
    }
}
