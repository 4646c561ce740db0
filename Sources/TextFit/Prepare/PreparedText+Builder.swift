import Foundation

extension PreparedText {
    /// One pass over the text's grapheme clusters: flags, fallback faces, script runs, segments, shaping.
    struct Builder {
        let text: String
        let font: Font

        struct Output {
            var text: String
            var font: Font
            var units: [UInt16]
            var prefix: [Int]
            var flags: [UInt8]
            var paragraphs: [Paragraph]
            var breaks: [Int32]
            var graphemes: [Int32]
            var segments: [Segment]
            var faces: [Face]
            var ellipsisWidth: Int
        }

        /// Hangul syllables and jamo (BMP), for `.hangulWordPriority`.
        static func isHangul(_ unit: UInt16) -> Bool {
            (0xAC00...0xD7A3).contains(unit) || (0x1100...0x11FF).contains(unit) || (0x3130...0x318F).contains(unit)
                || (0xA960...0xA97F).contains(unit) || (0xD7B0...0xD7FF).contains(unit)
        }

        /// What the face and script choice needs to know about a cluster's scalars.
        struct ClusterScan {
            /// The first scalar that needs a glyph.
            var base: UInt32?
            /// The first scalar the font lacks.
            var uncovered: UInt32?
            /// The first strong script (common when none).
            var script = HarfBuzzScript.common

            /// - Parameter coverage: the font's BMP coverage bits (a local copy: reading the shared face's
            ///   property per character would retain and release it, which threads contend on).
            @inline(__always)
            mutating func add(_ value: UInt32, coverage: [UInt64], primary: Face) {
                if CharacterClass.needsNoGlyph(value) { return }
                if base == nil { base = value }
                if script == HarfBuzzScript.common {
                    let s = HarfBuzzScript.of(value)
                    if s != HarfBuzzScript.common, s != HarfBuzzScript.inherited, s != HarfBuzzScript.unknown { script = s }
                }
                guard uncovered == nil else { return }
                let covered = value < 0x10000 ? coverage[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
                                              : primary.hasGlyph(for: value)
                if !covered { uncovered = value }
            }
        }

        func build() -> Output {
            let units = Array(text.utf16)
            let count = units.count
            var flags = [UInt8](repeating: 0, count: count + 1)
            var breaks: [Int32] = []
            let paragraphs = units.withUnsafeBufferPointer { buffer in
                LineBreakIteratorPool.shared?.breaks(buffer) { position, mandatory in
                    breaks.append(position)
                    flags[Int(position)] |= Flag.breakAllowed | (mandatory ? Flag.mandatory : 0)
                }
                return Paragraphs.split(buffer)
            }
            for i in 0..<count where CharacterClass.isHangingSpace(units[i]) { flags[i] |= Flag.space }

            let catalog = FontCatalog.shared
            let primary = font.face
            let primaryCoverage = primary.harfBuzz.bmpCoverage
            let bundledTable = catalog.bundledFallbackTable
            let bundledFaces = catalog.bundledFaces
            let scale = font.scale
            var faces: [Face] = [primary]
            var harfBuzzFonts: [HarfBuzzFont?] = [catalog.harfBuzzFont(face: primary, scale: scale)]
            var advances = [Int32](repeating: 0, count: count)
            var graphemes: [Int32] = []
            graphemes.reserveCapacity(count + 1)
            var segments: [Segment] = []

            var segmentStart = -1
            var segmentFace = 0
            var segmentScript = HarfBuzzScript.common
            var lastStrongScript = HarfBuzzScript.common
            var lastClusterWasEmoji = false

            func closeSegment(at end: Int) {
                guard segmentStart >= 0, end > segmentStart else {
                    segmentStart = -1
                    return
                }
                segments.append(Segment(start: Int32(segmentStart), end: Int32(end), face: UInt16(segmentFace),
                                        script: segmentScript))
                flags[segmentStart] |= Flag.segmentStart
                shape(range: segmentStart..<end, faceIndex: segmentFace, script: segmentScript)
                segmentStart = -1
            }

            func shape(range: Range<Int>, faceIndex: Int, script: UInt32) {
                guard let hbFont = harfBuzzFonts[faceIndex] else { return }
                var slice = units[range]
                ShapingText.substituteControls(&slice)
                let scriptForShaping = script == HarfBuzzScript.common ? 0 : script
                let shaped = SegmentShaper.shape(slice, face: faces[faceIndex], scale: scale,
                                                 script: scriptForShaping, font: hbFont)
                for k in 0..<range.count {
                    let position = range.lowerBound + k
                    advances[position] = shaped.advances[k]
                    let f = shaped.flags[k]
                    if k > 0, f & 1 != 0 { flags[position] |= Flag.unsafe }
                    if f & 2 != 0 { flags[position] |= Flag.missingGlyph }
                }
            }

            func faceIndex(of face: Face) -> Int {
                if let index = faces.firstIndex(of: face) { return index }
                faces.append(face)
                harfBuzzFonts.append(catalog.harfBuzzFont(face: face, scale: scale))
                return faces.count - 1
            }

            var clusters = GraphemeFastPath.Cursor(units)
            while clusters.next() {
                let position = clusters.start
                flags[position] |= Flag.grapheme
                graphemes.append(Int32(position))
                let first: UInt32
                if clusters.isSingle {
                    first = clusters.single
                } else {
                    guard let value = clusters.character.unicodeScalars.first?.value else { continue }
                    first = value
                }
                if first < 0x10000, Paragraphs.isSeparator(UInt16(first)) {
                    closeSegment(at: position)
                    lastStrongScript = HarfBuzzScript.common
                    continue
                }
                // The face: the font's own when it has every scalar that needs a glyph, else a fallback
                // that has them all, else one that has the base (never splitting the cluster).
                var scan = ClusterScan()
                if clusters.isSingle {
                    scan.add(first, coverage: primaryCoverage, primary: primary)
                } else {
                    for scalar in clusters.character.unicodeScalars {
                        scan.add(scalar.value, coverage: primaryCoverage, primary: primary)
                    }
                }
                let base = scan.base
                defer { lastClusterWasEmoji = base.map(CharacterClass.isEmojiPresentation) ?? false }
                let uncovered = scan.uncovered
                var script = scan.script
                var face = segmentStart >= 0 ? segmentFace : 0
                if let base, segmentStart >= 0, CharacterClass.isSpaceSeparator(base), !lastClusterWasEmoji,
                   faces[segmentFace].hasGlyph(for: base) {
                    // A space stays in the font of the text it follows (Pango and CoreText do not switch
                    // fonts for whitespace), so "世界 " measures the fallback face's space. Not after an
                    // emoji: emoji fonts have em-wide spaces, and Pango itemizes emoji apart from text.
                } else if let base {
                    face = 0
                    let bundledIndex = uncovered.map { $0 < 0x10000 ? Int(bundledTable[Int($0)]) : 0 } ?? 0
                    if let uncovered,
                       let fallback = bundledIndex > 0 ? bundledFaces[bundledIndex - 1] : catalog.fallbackFace(for: uncovered) {
                        let coversAll: Bool
                        if clusters.isSingle {
                            coversAll = true  // the fallback was chosen for this very scalar
                        } else {
                            coversAll = clusters.character.unicodeScalars.allSatisfy {
                                CharacterClass.needsNoGlyph($0.value) || fallback.hasGlyph(for: $0.value)
                            }
                        }
                        if coversAll || (!primary.hasGlyph(for: base) && fallback.hasGlyph(for: base)) {
                            face = faceIndex(of: fallback)
                        }
                    }
                }
                // Script runs as Pango itemizes them (UAX #24 style): a common or inherited character takes
                // the script of the last strong one in its paragraph, so "为 7999" shapes the digits as Han
                // and "」 (" keeps the bracket out of the Latin word that follows.
                if script == HarfBuzzScript.common {
                    script = lastStrongScript
                } else {
                    lastStrongScript = script
                }
                let scriptConflict = script != HarfBuzzScript.common && segmentScript != HarfBuzzScript.common
                    && script != segmentScript
                if segmentStart < 0 || flags[position] & Flag.breakAllowed != 0 || face != segmentFace || scriptConflict {
                    closeSegment(at: position)
                    segmentStart = position
                    segmentFace = face
                    segmentScript = script
                } else if segmentScript == HarfBuzzScript.common {
                    segmentScript = script
                }
            }
            closeSegment(at: count)
            graphemes.append(Int32(count))
            flags[count] |= Flag.grapheme

            // UAX #14 allows a break between a space and a combining mark (LB10 treats the mark as AL);
            // a line never splits a cluster (W2), so opportunities inside clusters are dropped.
            breaks.removeAll { flags[Int($0)] & Flag.grapheme == 0 }
            for i in 0..<count where flags[i] & Flag.grapheme == 0 {
                flags[i] &= ~(Flag.breakAllowed | Flag.mandatory)
            }

            for position in breaks {
                let p = Int(position)
                if p > 0, p < count, Self.isHangul(units[p - 1]), Self.isHangul(units[p]) { flags[p] |= Flag.betweenHangul }
            }

            // Only a space that is a cluster by itself hangs: " \u{308}" is a mark on a space, not whitespace,
            // and trimming must never stop inside a cluster.
            for i in 0..<count where flags[i] & Flag.space != 0 {
                if flags[i] & Flag.grapheme == 0 || flags[i + 1] & Flag.grapheme == 0 { flags[i] &= ~Flag.space }
            }

            var prefix = [Int](repeating: 0, count: count + 1)
            var sum = 0
            for i in 0..<count {
                sum += Int(advances[i])
                prefix[i + 1] = sum
            }

            // The ellipsis (T1): in the font when it has U+2026, else in the fallback face.
            var ellipsisWidth = 0
            let ellipsisFace = primary.hasGlyph(for: 0x2026) ? primary : catalog.fallbackFace(for: 0x2026) ?? primary
            if let hbFont = catalog.harfBuzzFont(face: ellipsisFace, scale: scale) {
                let shaped = SegmentShaper.shape([0x2026][...], face: ellipsisFace, scale: scale, script: 0, font: hbFont)
                ellipsisWidth = Int(shaped.advances.reduce(0, +))
            }

            return Output(text: text, font: font, units: units, prefix: prefix, flags: flags, paragraphs: paragraphs,
                          breaks: breaks, graphemes: graphemes, segments: segments, faces: faces,
                          ellipsisWidth: ellipsisWidth)
        }
    }
}
