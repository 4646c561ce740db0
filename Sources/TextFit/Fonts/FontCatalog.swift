import Foundation

/// Where faces come from: the bundled fonts first, then Fontconfig. Loads each face once while it is in
/// use, and chooses fallback faces for characters a font lacks (rule F6: glyphs only).
///
/// Memory stays bounded however many font files a long-running process opens:
/// * the bundled faces live for the whole process;
/// * a face loaded from a file (`Font(file:)`, a Fontconfig family or fallback) lives while a `Font` or
///   `PreparedText` uses it, plus while it is among the `recentFaceLimit` faces loaded or looked up last
///   (so a server measuring one text at a time does not reread the file per request). After that the next
///   file load releases it with its HarfBuzz fonts (`sweep`); asking for the file again loads it anew;
/// * the per-character fallback answers are capped at `fallbackLimit` entries.
///
/// No weak references: an object that ever had one pays a slow path on every retain and release, and
/// faces are retained per segment. The catalog holds file faces strongly and, on each load, drops those it
/// alone still holds (`isKnownUniquelyReferenced`, under the lock).
final class FontCatalog: Sendable {
    static let shared = FontCatalog(bundledLookup: BundledFonts.lookup)

    private struct State {
        /// File faces by their file's identity and face index ("device:inode#index", `FontFileBytes`), so
        /// every path naming one file (symlinks, "..", hard links) shares one face; `sweep` drops those
        /// nothing else holds.
        var faces: [String: Face] = [:]
        /// The bytes each of `faces` read from its file, and their sum (`FontFiles.byteLimit`).
        var faceBytes: [String: Int] = [:]
        var fileBytes = 0
        /// The identity key a "path#index" spelling led to last, with the file's signature when it was
        /// read: a path asked for again finds its face with one stat, and a file rewritten or replaced
        /// there since (a later modification or change time, another size or inode) is read anew.
        /// Bounded: refilled past `pathLimit` entries.
        var pathIdentities: [String: (identity: String, signature: FontFileBytes.Signature?)] = [:]
        var faceLimit = FontFiles.defaultFaceLimit
        var byteLimit = FontFiles.defaultByteLimit
        /// Resolved folders `Font(file:)` may read from (`FontFiles.allowedFolders`); nil: anywhere.
        var allowedFolders: [String]? = nil
        /// Faces loaded or looked up last, most recent at the end; they keep their faces alive.
        var recent: [Face] = []
        var recentLimit = FontCatalog.defaultRecentFaceLimit
        var fallbacks: [UInt32: Fallback] = [:]
        /// Ids are unique across catalogs (`reserveIDs`): the segment cache and `Face`'s equality go by id.
        var nextID = 1
        /// Ids below this are the bundled faces (alive for the process).
        var firstFileID = 1
        var facesLoaded = 0
    }

    /// A fallback answer: a bundled face (alive for the process), a file face by its key in `faces` (so the
    /// answer does not keep the face alive; a released one is looked up again), or no face at all.
    private enum Fallback {
        case none
        case bundled(Face)
        case file(String)
    }

    static let defaultRecentFaceLimit = 8
    /// Each catalog numbers its faces from its own block of ids, so faces of two catalogs in one process (a
    /// test's, `FontFileTable`'s) never share an id: the shared segment cache keys shaped segments by face id,
    /// and a clash would measure one font with another's widths.
    private static let idBlocks = Locked(0)
    static let idBlockSize = 1 << 40

    /// The first id of a fresh block.
    static func reserveIDs() -> Int {
        idBlocks.withLock { block in
            block += 1
            return block * idBlockSize
        }
    }
    static let fallbackLimit = 8192
    static let pathLimit = 4096

    private let state: Locked<State>

    /// Fontconfig with the bundled folder added; loaded on first use (it reads the system's font cache).
    let fontconfig: Fontconfig?
    /// Fontconfig's sorted fallback list per primary face and its answers (`FontFallback.fontconfig`).
    let fontconfigOrders = Locked(FontconfigOrders())

    /// Where the bundled fonts were found, or why not: requests that need them throw the error.
    let bundledLookup: Result<URL, FontError>

    /// Bundled faces in fallback order; unreadable ones are skipped. Italic faces are not among them
    /// (they are chosen by family look-up only, `bundledFace(file:)`).
    let bundled: [(family: String, bold: Bool, face: Face)]
    /// The bundled upright faces by file name.
    private let uprightFaces: [String: Face]
    /// The bundled italic faces by file name, read on first request: no fallback needs them, so a process
    /// that sets no italic text never reads them (each face's coverage table costs about 2 ms).
    private let italicFaces = Locked<[String: Face]>([:])
    /// The ids the italic faces get when read, among the bundled ids, by file name; and their
    /// "path#index" keys, so `Font(file:)` naming one shares the bundled face.
    private let italicIDs: [String: Int]
    private let italicFileByKey: [String: String]
    /// The bundled faces in fallback order, and for every BMP code point the 1-based index of the first one
    /// that has it (0: none). Preparation copies both once and then looks fallbacks up with no lock and no
    /// reference counting per character, which keeps threads preparing CJK text from contending.
    let bundledFaces: [Face]
    /// 65,536 entries, freed with the catalog (preparation reads only `shared`'s, which lives as long as
    /// the process). A pointer, so reading it per text retains nothing shared.
    nonisolated(unsafe) let bundledFallbackTable: UnsafePointer<UInt8>  // written once in init, read-only after
    /// `bundledFaces` as unretained references (`bundledFallbackTable`'s 1-based index − 1), freed with
    /// the catalog like that table: read per fallback cluster with no reference counting (see `FaceReference`).
    nonisolated(unsafe) let bundledFaceTable: UnsafePointer<Unmanaged<Face>>  // written once in init, read-only after
    /// The bundled faces by "path#index", for `Font(file:)` naming a bundled file.
    private let bundledByKey: [String: Face]

    /// A catalog with the bundled fonts of `bundledLookup` (the process has one, `shared`; tests make
    /// others to see how a failed lookup is reported).
    init(bundledLookup: Result<URL, FontError>) {
        self.bundledLookup = bundledLookup
        let directory = try? bundledLookup.get()
        fontconfig = Fontconfig(appFontDirectory: directory?.path)
        var state = State()
        state.nextID = Self.reserveIDs()
        var bundled: [(String, Bool, Face)] = []
        var uprightFaces: [String: Face] = [:]
        var italicIDs: [String: Int] = [:]
        var italicFileByKey: [String: String] = [:]
        var bundledByKey: [String: Face] = [:]
        for file in BundledFonts.files {
            guard let path = directory?.appendingPathComponent(file.file).path else { continue }
            if file.italic {
                italicIDs[file.file] = state.nextID
                italicFileByKey["\(path)#0"] = file.file
                state.nextID += 1
                continue
            }
            guard let face = try? FontCatalog.makeFace(path: path, faceIndex: 0, id: state.nextID, livesForProcess: true)
            else { continue }
            // Held strongly here (never weakly: an object that ever had a weak reference pays the slow
            // path on every retain and release, and preparation touches these faces constantly).
            bundledByKey["\(path)#0"] = face
            state.nextID += 1
            uprightFaces[file.file] = face
            bundled.append((file.family, file.bold, face))
        }
        self.uprightFaces = uprightFaces
        self.italicIDs = italicIDs
        self.italicFileByKey = italicFileByKey
        state.firstFileID = state.nextID
        self.bundledByKey = bundledByKey
        self.bundled = bundled
        // For each BMP code point, which bundled face (1-based) supplies it first; 0 = none.
        var table = [UInt8](repeating: 0, count: 0x10000)
        for (index, entry) in bundled.enumerated().reversed() {
            for codepoint in 0..<UInt32(0x10000) where entry.2.hasGlyph(for: codepoint) {
                table[Int(codepoint)] = UInt8(index + 1)
            }
        }
        let fallbackTable = UnsafeMutablePointer<UInt8>.allocate(capacity: 0x10000)
        fallbackTable.initialize(from: table, count: 0x10000)
        self.bundledFallbackTable = UnsafePointer(fallbackTable)
        self.bundledFaces = bundled.map(\.2)
        let faceTable = UnsafeMutablePointer<Unmanaged<Face>>.allocate(capacity: max(1, bundled.count))
        faceTable.initialize(from: bundled.map { .passUnretained($0.2) }, count: bundled.count)
        self.bundledFaceTable = UnsafePointer(faceTable)
        self.state = Locked(state)
    }

    deinit {
        bundledFallbackTable.deallocate()
        bundledFaceTable.deallocate()
    }

    /// The lookup's error when it makes every font request fail (`TEXTFIT_FONTS_DIR` set to an unusable
    /// folder), else nil. Checked only when a request is not answered by a bundled face.
    private var configurationError: FontError? {
        if case .failure(let error) = bundledLookup, case .fontsDirectoryUnusable = error { return error }
        return nil
    }

    /// How many recently used file faces stay loaded when nothing else uses them (default 8).
    var recentFaceLimit: Int {
        get { state.withLock { $0.recentLimit } }
        set {
            var released: [Face] = state.withLock { state in
                state.recentLimit = max(0, newValue)
                let excess = max(0, state.recent.count - state.recentLimit)
                state.recent.removeFirst(excess)
                return Self.sweep(&state)
            }
            released.removeAll()  // deinitialised here, outside the lock
        }
    }

    /// Faces read from files since the process started (a reload after release counts again).
    var facesLoaded: Int { state.withLock { $0.facesLoaded } }

    /// File faces currently alive (bundled ones included), for tests.
    var liveFaceCount: Int { bundledByKey.count + italicFaces.withLock { $0.count } + state.withLock { $0.faces.count } }

    /// Cached fallback answers, for tests.
    var fallbackCount: Int { state.withLock { $0.fallbacks.count } }

    /// The face of `family` for OpenType `weight` (100–900) and slant (rule S8). A bundled family gives
    /// its nearer face: up to 500 regular, 600 and up bold; the asked slant before the asked weight, as
    /// Fontconfig ranks them; a family without that face gives the one it has. Other families come from
    /// Fontconfig's best match for weight and slant, the bundled folder searched before the system's fonts
    /// (rule F10: "Inter" is the bundled InterVariable.ttf); one without an italic gives its upright face.
    func face(family: String, weight: Double, italic: Bool) throws -> Face {
        try faceAndInstance(family: family, weight: weight, italic: italic).face
    }

    /// `face(family:weight:italic:)` with the named instance Fontconfig matched in a variable face (its
    /// 0-based index in the face's fvar table), nil for a static face or the default instance. Fontconfig
    /// names an instance by the face index's upper 16 bits ("Bold" of InterVariable.ttf is 458,752); the
    /// face is loaded once, at its plain index, and `Font` applies the instance's coordinates.
    func faceAndInstance(family: String, weight: Double, italic: Bool) throws -> (face: Face, instance: Int?) {
        let wanted = family.lowercased()
        let bold = Font.Weight(rawValue: CGFloat(weight)).isBold
        // The family's files in order of preference: the asked slant and weight, the asked slant, upright.
        let files = BundledFonts.files.filter { $0.family.lowercased() == wanted }
        let preferred =
            files.filter { $0.bold == bold && $0.italic == italic } + files.filter { $0.italic == italic }
            + files.filter { !$0.italic }
        if let face = preferred.lazy.compactMap({ self.bundledFace(file: $0.file) }).first { return (face, nil) }
        if let error = configurationError { throw error }
        // A bundled family without the bundled fonts: say where they were looked for rather than
        // substituting a system copy whose metrics may differ.
        if case .failure(let error) = bundledLookup, BundledFonts.isBundledFamily(family) { throw error }
        let generic = Font.genericFamilyNames.contains(wanted)
        guard let match = fontconfig?.match(family: family, weight: weight, italic: italic, generic: generic) else {
            throw FontError.familyNotFound(family)
        }
        let instance = match.faceIndex >> 16
        return (try loadFace(path: match.path, faceIndex: match.faceIndex & 0xFFFF), instance > 0 ? instance - 1 : nil)
    }

    /// A face of a caller's font file (`Font(file:)`): only from the allowed folders when they are set.
    func face(path: String, faceIndex: Int) throws -> Face {
        if let error = configurationError { throw error }
        if let folders = state.withLock({ $0.allowedFolders }) {
            guard let resolved = FontFileBytes.resolvedPath(path) else {
                // Nothing there (or a NUL in the path): the same answers as without folders.
                return try loadFace(path: path, faceIndex: faceIndex)
            }
            guard folders.contains(where: { resolved.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) else {
                throw FontError.outsideAllowedFolders(path: path)
            }
            return try loadFace(path: resolved, faceIndex: faceIndex)
        }
        return try loadFace(path: path, faceIndex: faceIndex)
    }

    /// The bundled face of `file` (a name in `BundledFonts.files`); an italic one is read on first use.
    /// Nil when the file was not found or cannot be read.
    func bundledFace(file: String) -> Face? {
        if let face = uprightFaces[file] { return face }
        guard let id = italicIDs[file], let path = try? bundledLookup.get().appendingPathComponent(file).path else {
            return nil
        }
        return italicFaces.withLock { faces in
            if let face = faces[file] { return face }
            // Read under the lock: once per file per process, and two threads must not make two faces.
            guard let face = try? FontCatalog.makeFace(path: path, faceIndex: 0, id: id, livesForProcess: true) else {
                return nil
            }
            faces[file] = face
            return face
        }
    }

    func loadFace(path: String, faceIndex: Int) throws -> Face {
        let key = "\(path)#\(faceIndex)"
        if let face = bundledByKey[key] { return face }
        if let file = italicFileByKey[key], let face = bundledFace(file: file) { return face }
        // A spelling seen before, its face still open and the file unchanged since it was read: one stat,
        // no read. (Without the stat a service writing each upload to one path measured every later upload
        // with the first font.)
        let current = FontFileBytes.signature(path: path)
        if let current,
            let face = state.withLock({ state -> Face? in
                guard let entry = state.pathIdentities[key], entry.signature == current,
                    let face = state.faces[entry.identity]
                else { return nil }
                Self.touch(face, in: &state)
                return face
            })
        {
            return face
        }
        let file = try Self.openFile(path: path)
        // Another path to a bundled file (a symlink to it) is a file face of its own, shared by every such
        // path: a font named by a file falls back in Fontconfig's order (`FontFallback.default(for:)`),
        // where the bundled face falls back in the bundled order.
        let identity = "\(file.identity ?? key)#\(faceIndex)"
        // Another spelling of an open face, if the file still holds the bytes that face read: a deleted
        // file's inode is given to the next file written, which must not be answered with the old font
        // (found by `FuzzFontFile`). Compared outside the lock; `known` is held, so no sweep closes it.
        if let known = state.withLock({ $0.faces[identity] }), known.harfBuzz.holdsBytes(of: file),
            let face = state.withLock({ state -> Face? in
                guard state.faces[identity] === known else { return nil }
                Self.remember(key, identity, file.signature, in: &state)
                Self.touch(known, in: &state)
                return known
            })
        {
            return face  // `file` is released unread by FreeType or HarfBuzz
        }
        let bytes = file.byteCount
        let signature = file.signature
        let loaded = try FontCatalog.makeFace(file: file, path: path, faceIndex: faceIndex, id: 0)
        var released: [Face] = []  // faces nothing uses any more, deinitialised after unlocking
        var retired = false
        defer {
            released.removeAll()
            // A face retired for a rewritten or replaced file is a fallback answer that changes: every
            // thread's records of whole texts may hold it (`TextRecords`), so they go (after unlocking:
            // emptying this thread's releases what they hold).
            if retired { TextRecords.removeAll() }
        }
        return try state.withLock { state in
            if let face = state.faces[identity] {
                if face.harfBuzz.holdsSameBytes(as: loaded.harfBuzz) {
                    Self.remember(key, identity, signature, in: &state)
                    Self.touch(face, in: &state)
                    return face
                }
                Self.retire(identity, in: &state)
                retired = true
            }
            // The budget (`FontFiles`): faces nothing uses go first, then the recent list's hold on the
            // rest; a face some `Font` or `PreparedText` still uses is never closed under it.
            func fits(_ state: State) -> Bool {
                state.faces.count < state.faceLimit && state.fileBytes + bytes <= state.byteLimit
            }
            if !fits(state) {
                released = Self.sweep(&state)
                if !fits(state) {
                    state.recent.removeAll()
                    released += Self.sweep(&state)
                }
                guard fits(state) else {
                    throw FontError.fontFileLimitReached(path: path, openFaces: state.faces.count, bytes: state.fileBytes)
                }
            }
            let face = Face(
                id: state.nextID, path: path, faceIndex: faceIndex, familyName: loaded.familyName,
                styleName: loaded.styleName, isItalic: loaded.isItalic, weightClass: loaded.weightClass,
                harfBuzz: loaded.harfBuzz)
            state.nextID += 1
            state.facesLoaded += 1
            state.faces[identity] = face
            state.faceBytes[identity] = bytes
            state.fileBytes += bytes
            Self.remember(key, identity, signature, in: &state)
            Self.touch(face, in: &state)
            released += Self.sweep(&state)  // `face` is held here, so it stays
            return face
        }
    }

    /// Moves the face at `identity`, whose file now holds other bytes (deleted, its inode reused, or
    /// rewritten), to a key no file has: it stays open, and counted, for whoever still uses it until a sweep
    /// finds it unused; the spellings that led to it are forgotten so they are looked up anew.
    private static func retire(_ identity: String, in state: inout State) {
        guard let face = state.faces.removeValue(forKey: identity) else { return }
        face.retire()
        let retired = "retired:\(face.id)"
        state.faces[retired] = face
        state.faceBytes[retired] = state.faceBytes.removeValue(forKey: identity)
        state.pathIdentities = state.pathIdentities.filter { $0.value.identity != identity }
    }

    /// Records which face a path spelling led to (bounded: the table starts over past `pathLimit`).
    private static func remember(
        _ key: String, _ identity: String, _ signature: FontFileBytes.Signature?,
        in state: inout State
    ) {
        if state.pathIdentities.count >= pathLimit, state.pathIdentities[key] == nil { state.pathIdentities.removeAll() }
        state.pathIdentities[key] = (identity, signature)
    }

    /// Removes the file faces only the catalog holds: no `Font`, `PreparedText`, recent-list entry or
    /// caller in the middle of using one (anyone holding a face holds a strong reference, and the check
    /// runs under the lock). Returns them so they are deinitialised after unlocking. O(file faces).
    private static func sweep(_ state: inout State) -> [Face] {
        var released: [Face] = []
        for key in Array(state.faces.keys) where isKnownUniquelyReferenced(&state.faces[key]!) {
            if let face = state.faces.removeValue(forKey: key) { released.append(face) }
            state.fileBytes -= state.faceBytes.removeValue(forKey: key) ?? 0
        }
        return released
    }

    /// The settings and figures `FontFiles` exposes.
    var fileFaceStatistics: FontFiles.Statistics {
        state.withLock { FontFiles.Statistics(openFaces: $0.faces.count, bytes: $0.fileBytes, facesLoaded: $0.facesLoaded) }
    }
    var fileFaceLimits: (faces: Int, bytes: Int) {
        get { state.withLock { ($0.faceLimit, $0.byteLimit) } }
        set {
            state.withLock {
                $0.faceLimit = newValue.faces; $0.byteLimit = newValue.bytes
            }
        }
    }
    var allowedFolders: [String]? {
        get { state.withLock { $0.allowedFolders } }
        set { state.withLock { $0.allowedFolders = newValue } }
    }

    /// Moves `face` to the most recent end of the recent list (bundled faces need no place there); the
    /// faces that fall off stay in `faces` until a sweep finds nothing else uses them.
    private static func touch(_ face: Face, in state: inout State) {
        guard state.recentLimit > 0, face.id >= state.firstFileID else { return }
        if let index = state.recent.lastIndex(where: { $0 === face }) {
            if index != state.recent.count - 1 {
                state.recent.remove(at: index)
                state.recent.append(face)
            }
            return
        }
        state.recent.append(face)
        if state.recent.count > state.recentLimit { state.recent.removeFirst(state.recent.count - state.recentLimit) }
    }

    /// Opens a face after FreeType has confirmed the file is a font and its metrics are sane; errors name
    /// the file.
    private static func makeFace(path: String, faceIndex: Int, id: Int, livesForProcess: Bool = false) throws -> Face {
        try makeFace(file: openFile(path: path), path: path, faceIndex: faceIndex, id: id, livesForProcess: livesForProcess)
    }

    /// The bytes of the file at `path`; errors name the file.
    private static func openFile(path: String) throws -> FontFileBytes {
        // C reads a path only up to a NUL, so "a.ttf\0b" would open a.ttf: refused rather than cut.
        guard !path.utf8.contains(0) else {
            throw FontError.unreadableFile(path: path, reason: "the path contains a NUL character")
        }
        do {
            return try FontFileBytes(path: path)
        } catch FontFileBytes.OpenError.notFound {
            throw FontError.fileNotFound(path)
        } catch let error as FontFileBytes.OpenError {
            throw FontError.unreadableFile(path: path, reason: FontFileBytes.reason(error))
        }
    }

    private static func makeFace(
        file: FontFileBytes, path: String, faceIndex: Int, id: Int,
        livesForProcess: Bool = false
    ) throws -> Face {
        let info: FreeType.FaceInfo
        switch FreeType.probe(file, faceIndex: faceIndex) {
        case .success(let value):
            info = value
        case .failure(let error):
            if error.code == FreeType.invalidArgument, error.faceCount > 0 {
                throw FontError.faceIndexOutOfRange(path: path, index: faceIndex, faceCount: error.faceCount)
            }
            throw FontError.unreadableFile(path: path, reason: error.description)
        }
        guard info.glyphCount > 0,
            let harfBuzz = HarfBuzzFace(file: file, faceIndex: faceIndex, keepsShapePlans: livesForProcess)
        else {
            throw FontError.unreadableFile(path: path, reason: "HarfBuzz found no glyphs in it")
        }
        if let problem = harfBuzz.metrics.problem { throw FontError.unreadableFile(path: path, reason: problem) }
        return Face(
            id: id, path: path, faceIndex: faceIndex, familyName: info.familyName,
            styleName: info.styleName, isItalic: info.isItalic, weightClass: info.weightClass,
            harfBuzz: harfBuzz, livesForProcess: livesForProcess)
    }

    /// The HarfBuzz font for `face` at `scale`, created once per face (it lives as long as the face).
    func harfBuzzFont(face: Face, scale: Int32) -> HarfBuzzFont? {
        face.harfBuzzFont(scale: scale)
    }

    /// The face that draws `scalar` when the primary font lacks it: the bundled faces in order, then
    /// Fontconfig's best match. Nil when no font has it (the primary's .notdef is drawn).
    /// With `colourEmoji`, only a colour emoji font Fontconfig offers for it (nil when none is installed).
    func fallbackFace(for scalar: UInt32, colourEmoji: Bool = false) -> Face? {
        // The bundled faces come first and never change: a bit test each, no lock, so threads preparing
        // CJK text (a fallback per character) do not queue on the catalog.
        if !colourEmoji, let face = bundled.first(where: { $0.face.hasGlyph(for: scalar) })?.face { return face }
        // Scalars end below 2^21, so the top bit keeps the two kinds of answer apart.
        let cacheKey = colourEmoji ? scalar | 0x8000_0000 : scalar
        enum Cached { case miss, hit(Face?) }
        let cached: Cached = state.withLock { state in
            switch state.fallbacks[cacheKey] {
            case nil: return .miss
            case .none?: return .hit(nil)
            case .bundled(let face)?: return .hit(face)
            case .file(let key)?:
                // Released since (or its spelling forgotten): look it up again.
                guard let identity = state.pathIdentities[key]?.identity, let face = state.faces[identity] else {
                    return .miss
                }
                return .hit(face)
            }
        }
        if case .hit(let face) = cached { return face }
        var chosen: Face? = colourEmoji ? nil : bundled.first(where: { $0.face.hasGlyph(for: scalar) })?.face
        var entry: Fallback = chosen.map { .bundled($0) } ?? .none
        if chosen == nil, let match = fontconfig?.match(covering: scalar, preferring: nil, emoji: colourEmoji) {
            chosen = try? loadFace(path: match.path, faceIndex: match.faceIndex)
            if let face = chosen, !face.hasGlyph(for: scalar) { chosen = nil }
            if let face = chosen {
                let key = "\(match.path)#\(match.faceIndex)"
                entry = bundledByKey[key] != nil ? .bundled(face) : .file(key)
            }
        }
        state.withLock { state in
            // Bounded: text cycling through many rare characters refills the table rather than growing it.
            if state.fallbacks.count >= Self.fallbackLimit, state.fallbacks[cacheKey] == nil { state.fallbacks.removeAll() }
            state.fallbacks[cacheKey] = entry
        }
        return chosen
    }
}
