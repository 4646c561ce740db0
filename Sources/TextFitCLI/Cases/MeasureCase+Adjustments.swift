import TextFit

/// Axis values a font could not take as given (rule O4): `batch` adds
/// `"variationAdjustments": [{"tag", "requested", "applied"}]` after the other fields (`applied` null when the
/// font has no such axis), and only then, so a case without `variations` keeps exactly its usual fields.
extension MeasureCase {
    func variationAdjustmentMembers(fonts: FontCache) throws -> [JSONMember] {
        // Most cases name no variation: answer before building anything (this runs for every batch case).
        if face.variations == nil, runs?.contains(where: { $0.face.variations != nil }) != true { return [] }
        var styles = [face]
        var sources = [(font, size)]
        for run in runs ?? [] where run.face.variations != nil {
            styles.append(face.overridden(by: run.face))
            sources.append((run.font ?? font, run.size ?? size))
        }
        var seen = Set<FontVariationAdjustment>()
        var members: [JSONValue] = []
        for (style, source) in zip(styles, sources) where style.variations != nil {
            for adjustment in try fonts.font(source.0, size: source.1, face: style).variationAdjustments
            where seen.insert(adjustment).inserted {
                members.append(
                    .object([
                        "tag": .string(adjustment.tag), "requested": .double(adjustment.requested),
                        "applied": adjustment.applied.map { .double($0) } ?? .null,
                    ]))
            }
        }
        return members.isEmpty ? [] : [JSONMember("variationAdjustments", .array(members))]
    }
}
