import Foundation

/// What a variant face applies over its base face: OpenType features and variation coordinates
/// (rules O1–O6). A `Font` with features or variations uses a variant face, whose own id keys the segment
/// cache, so shaped words of different settings never mix and plain text's key and path are untouched.
struct FaceVariant: Sendable {
    /// The face as the file has it.
    let base: Face
    let features: [FontFeature]
    /// The settings asked for, normalised (one per tag, tag order).
    let requested: [FontVariation]
    /// The coordinates applied, clamped to the axes' ranges, `opsz` included when it follows the size.
    let applied: [FontVariation]
    let adjustments: [FontVariationAdjustment]
    /// The face has an `opsz` axis the caller did not set: it follows the point size (rule O6).
    let opticalSizeFollowsPointSize: Bool
}

/// The variant faces made so far, so equal requests share one face (and its shaped words).
enum FaceVariants {
    private struct Key: Hashable {
        let base: Int
        let features: [FontFeature]
        let requested: [FontVariation]
        let opticalSize: Double?
    }

    private static let table = Locked<(faces: [Key: Face], nextID: Int)>(([:], FontCatalog.reserveIDs()))
    /// Variants kept; past this the table starts again (faces in use live on in their fonts).
    static let limit = 512

    /// The face for `base` with `features` and `variations` at `pointSize` (which `opsz` follows when
    /// the face has that axis and `variations` does not set it). `base` itself when there is nothing to apply.
    static func face(base: Face, features: [FontFeature], variations: [FontVariation], pointSize: CGFloat) throws -> Face {
        let base = base.variant?.base ?? base
        // Plain text's fonts stop here: no list is sorted, no table locked.
        if features.isEmpty && variations.isEmpty && !base.harfBuzz.hasOpticalSizeAxis { return base }
        let features = FontFeature.normalised(features)
        var byTag: [String: Double] = [:]
        for variation in variations { byTag[variation.tag] = variation.value }
        let requested = byTag.sorted { $0.key < $1.key }.map { FontVariation(checked: $0.key, $0.value) }
        let axes = base.variationAxes
        let followsSize = axes.contains { $0.tag == "opsz" } && byTag["opsz"] == nil
        if features.isEmpty && requested.isEmpty && !followsSize { return base }
        let key = Key(
            base: base.id, features: features, requested: requested,
            opticalSize: followsSize ? Double(pointSize) : nil)
        if let face = table.withLock({ $0.faces[key] }) { return face }

        var applied: [FontVariation] = []
        var adjustments: [FontVariationAdjustment] = []
        for variation in requested {
            guard let axis = axes.first(where: { $0.tag == variation.tag }) else {
                adjustments.append(FontVariationAdjustment(tag: variation.tag, requested: variation.value, applied: nil))
                continue
            }
            let value = min(max(variation.value, axis.minimum), axis.maximum)
            if value != variation.value {
                adjustments.append(FontVariationAdjustment(tag: variation.tag, requested: variation.value, applied: value))
            }
            applied.append(FontVariation(checked: variation.tag, value))
        }
        if followsSize, let axis = axes.first(where: { $0.tag == "opsz" }) {
            applied.append(FontVariation(checked: "opsz", min(max(Double(pointSize), axis.minimum), axis.maximum)))
            applied.sort { $0.tag < $1.tag }
        }
        guard
            let harfBuzz = HarfBuzzFace(
                variantOf: base.harfBuzz,
                variations: applied.compactMap { v in FontTag.code(v.tag).map { ($0, Float(v.value)) } },
                features: features.compactMap { f in FontTag.code(f.tag).map { ($0, UInt32(f.value)) } })
        else { throw FontError.unreadableFile(path: base.path, reason: "out of memory making a variant of it") }
        let variant = FaceVariant(
            base: base, features: features, requested: requested, applied: applied,
            adjustments: adjustments, opticalSizeFollowsPointSize: followsSize)
        return table.withLock { state in
            if let existing = state.faces[key] { return existing }
            if state.faces.count >= limit { state.faces.removeAll() }
            let face = Face(
                id: state.nextID, path: base.path, faceIndex: base.faceIndex, familyName: base.familyName,
                styleName: base.styleName, isItalic: base.isItalic, weightClass: base.weightClass,
                harfBuzz: harfBuzz, variant: variant)
            state.nextID += 1
            state.faces[key] = face
            return face
        }
    }
}

extension Face {
    /// The face's variation axes (fvar), named from its name table.
    var variationAxes: [FontVariationAxis] {
        harfBuzz.axes.map { axis in
            let tag = FontTag.string(axis.tag)
            return FontVariationAxis(
                tag: tag, name: harfBuzz.name(axis.name_id) ?? tag, minimum: Double(axis.min_value),
                defaultValue: Double(axis.default_value), maximum: Double(axis.max_value))
        }
    }

    /// The face's named instances (fvar).
    var namedInstances: [FontNamedInstance] {
        let tags = harfBuzz.axes.map { FontTag.string($0.tag) }
        return harfBuzz.namedInstances.map { instance in
            FontNamedInstance(
                name: harfBuzz.name(instance.nameID) ?? "instance \(instance.nameID)",
                variations: zip(tags, instance.coordinates).map { FontVariation(checked: $0, Double($1)) })
        }
    }
}
