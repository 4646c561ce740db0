import Foundation

/// Fontconfig's own answer, the independent side of the family tests (F8, F10): what `fc-match`
/// (Debian's `fontconfig`) picks for a pattern.
enum FontconfigMatch {
    /// The file `fc-match` picks for `pattern` (e.g. "monospace:weight=80:slant=0") under `configuration`,
    /// a fonts.conf path (nil: the system's own).
    static func file(_ pattern: String, configuration: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-match")
        process.arguments = ["-f", "%{file}", pattern]
        var environment = ProcessInfo.processInfo.environment
        if let configuration { environment["FONTCONFIG_FILE"] = configuration }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
