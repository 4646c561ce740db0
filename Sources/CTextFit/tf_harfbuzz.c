// HarfBuzz: faces, fonts, metrics and shaping. The only file that includes HarfBuzz headers.
#include "CTextFit.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <hb.h>
#include <hb-ot.h>

struct tf_face {
    hb_face_t *face;
    hb_font_t *design_font;  // at units-per-em scale: coverage and design-unit advances
    // A variant's settings (tf_face_create_variant); NULL and 0 for a face as the file has it, so its
    // fonts shape exactly as before (hb_shape with no features).
    hb_variation_t *variations;
    unsigned variation_count;
    hb_feature_t *features;
    unsigned feature_count;
    // Shape plans kept by the face (tf_face_keep_shape_plans), one per segment properties met, filled in
    // order and never replaced: an entry, once published, is immutable until the face is destroyed.
    int keeps_plans;
    _Atomic(struct tf_plan_entry *) plans[TF_SHAPE_PLAN_SLOTS];
    // The plain candidates' glyph advances by class (struct tf_plain_glyphs), built on the first
    // tf_shape_plain of one of the face's fonts; NULL until then.
    _Atomic(struct tf_plain_glyphs *) plain_glyphs;
};

struct tf_plan_entry {
    hb_segment_properties_t props;
    hb_shape_plan_t *plan;
};

struct tf_font {
    hb_font_t *font;
    int32_t advance_limit;  // TF_GLYPH_ADVANCE_LIMIT_EMS em at this font's scale
    const hb_feature_t *features;  // the face's (it outlives the font: the Swift font keeps its face)
    unsigned feature_count;
    const tf_face *face;  // the face it was made from (alive as long as the font, as above)
    // Per class of the face's tf_plain_glyphs, the class's advance at this font's scale, clamped; NULL
    // until this font's first tf_shape_plain.
    _Atomic(int32_t *) plain_advances;
};

// A glyph advance outside [0, limit] is damage (a broken hmtx or GPOS value), not design: it is clamped
// where shaping hands advances over, so measuring and drawing agree and every width stays >= 0.
static int32_t sane_advance(int32_t advance, int32_t limit) {
    if (advance < 0) return 0;
    return advance > limit ? limit : advance;
}

static void unmap_font_bytes(void *bytes) {
    tf_font_file_unmap(*(tf_font_bytes *)bytes);
    free(bytes);
}

int32_t tf_face_has_bytes(const tf_face *face, const void *bytes, size_t length) {
    hb_blob_t *blob = hb_face_reference_blob(face->face);
    unsigned blob_length = 0;
    const char *data = hb_blob_get_data(blob, &blob_length);
    int32_t equal = (size_t)blob_length == length && (length == 0 || memcmp(data, bytes, length) == 0);
    hb_blob_destroy(blob);
    return equal;
}

int32_t tf_face_same_bytes(const tf_face *face, const tf_face *other) {
    hb_blob_t *blob = hb_face_reference_blob(other->face);
    unsigned length = 0;
    const char *data = hb_blob_get_data(blob, &length);
    int32_t equal = tf_face_has_bytes(face, data, length);
    hb_blob_destroy(blob);
    return equal;
}

tf_face *tf_face_create(tf_font_bytes bytes, int32_t face_index) {
    tf_font_bytes *owned = malloc(sizeof(tf_font_bytes));
    if (owned == NULL) {
        tf_font_file_unmap(bytes);
        return NULL;
    }
    *owned = bytes;
    // The blob owns the mapping from here on (HarfBuzz calls the destroy function itself when it fails).
    hb_blob_t *blob = hb_blob_create_or_fail((const char *)bytes.bytes, (unsigned)bytes.length,
                                             HB_MEMORY_MODE_READONLY, owned, unmap_font_bytes);
    if (blob == NULL) return NULL;
    hb_face_t *face = hb_face_create(blob, (unsigned)face_index);
    hb_blob_destroy(blob);
    if (hb_face_get_glyph_count(face) == 0) {
        hb_face_destroy(face);
        return NULL;
    }
    hb_face_make_immutable(face);
    tf_face *result = malloc(sizeof(tf_face));
    if (result == NULL) {
        hb_face_destroy(face);
        return NULL;
    }
    result->face = face;
    result->design_font = hb_font_create(face);
    hb_font_make_immutable(result->design_font);
    result->variations = NULL;
    result->variation_count = 0;
    result->features = NULL;
    result->feature_count = 0;
    result->keeps_plans = 0;
    for (int i = 0; i < TF_SHAPE_PLAN_SLOTS; i++) atomic_init(&result->plans[i], NULL);
    atomic_init(&result->plain_glyphs, NULL);
    return result;
}

void tf_face_keep_shape_plans(tf_face *face) {
    if (face != NULL && face->variation_count == 0 && face->feature_count == 0) face->keeps_plans = 1;
}

tf_face *tf_face_create_variant(const tf_face *base, const tf_variation *variations, int32_t variation_count,
                                const tf_feature *features, int32_t feature_count) {
    if (base == NULL || variation_count < 0 || feature_count < 0) return NULL;
    tf_face *result = calloc(1, sizeof(tf_face));
    if (result == NULL) return NULL;
    if (variation_count > 0) result->variations = calloc((size_t)variation_count, sizeof(hb_variation_t));
    if (feature_count > 0) result->features = calloc((size_t)feature_count, sizeof(hb_feature_t));
    if ((variation_count > 0 && result->variations == NULL) || (feature_count > 0 && result->features == NULL)) {
        free(result->variations);
        free(result->features);
        free(result);
        return NULL;
    }
    for (int32_t i = 0; i < variation_count; i++) {
        result->variations[i].tag = variations[i].tag;
        result->variations[i].value = variations[i].value;
    }
    for (int32_t i = 0; i < feature_count; i++) {
        // Over the whole text, as UIFontDescriptor's featureSettings and Pango's font_features apply.
        result->features[i].tag = features[i].tag;
        result->features[i].value = features[i].value;
        result->features[i].start = HB_FEATURE_GLOBAL_START;
        result->features[i].end = HB_FEATURE_GLOBAL_END;
    }
    result->variation_count = (unsigned)variation_count;
    result->feature_count = (unsigned)feature_count;
    result->face = hb_face_reference(base->face);
    result->design_font = hb_font_create(result->face);
    if (variation_count > 0) hb_font_set_variations(result->design_font, result->variations, result->variation_count);
    hb_font_make_immutable(result->design_font);
    return result;
}

void tf_face_destroy(tf_face *face) {
    if (face == NULL) return;
    for (int i = 0; i < TF_SHAPE_PLAN_SLOTS; i++) {
        struct tf_plan_entry *entry = atomic_load_explicit(&face->plans[i], memory_order_acquire);
        if (entry == NULL) break;
        hb_shape_plan_destroy(entry->plan);
        free(entry);
    }
    free(atomic_load_explicit(&face->plain_glyphs, memory_order_acquire));
    hb_font_destroy(face->design_font);
    hb_face_destroy(face->face);
    free(face->variations);
    free(face->features);
    free(face);
}

int32_t tf_face_axes(const tf_face *face, tf_axis *axes, int32_t capacity) {
    unsigned total = hb_ot_var_get_axis_count(face->face);
    for (unsigned start = 0; start < total && (int32_t)start < capacity; start++) {
        hb_ot_var_axis_info_t info;
        unsigned count = 1;
        hb_ot_var_get_axis_infos(face->face, start, &count, &info);
        if (count == 0) break;
        axes[start].tag = info.tag;
        axes[start].name_id = info.name_id;
        axes[start].min_value = info.min_value;
        axes[start].default_value = info.default_value;
        axes[start].max_value = info.max_value;
    }
    return (int32_t)total;
}

int32_t tf_face_named_instance_count(const tf_face *face) {
    return (int32_t)hb_ot_var_get_named_instance_count(face->face);
}

int32_t tf_face_named_instance(const tf_face *face, int32_t index, uint32_t *name_id, float *coords, int32_t capacity) {
    if (index < 0 || (unsigned)index >= hb_ot_var_get_named_instance_count(face->face) || capacity < 0) return -1;
    *name_id = hb_ot_var_named_instance_get_subfamily_name_id(face->face, (unsigned)index);
    unsigned count = (unsigned)capacity;
    hb_ot_var_named_instance_get_design_coords(face->face, (unsigned)index, &count, coords);
    return (int32_t)count;
}

int32_t tf_face_name(const tf_face *face, uint32_t name_id, char *buffer, int32_t capacity) {
    if (capacity <= 0) return 0;
    unsigned length = (unsigned)capacity;
    unsigned total = hb_ot_name_get_utf8(face->face, name_id, hb_language_from_string("en", -1), &length, buffer);
    if (total == 0) {
        length = (unsigned)capacity;
        total = hb_ot_name_get_utf8(face->face, name_id, HB_LANGUAGE_INVALID, &length, buffer);
    }
    return total == 0 ? 0 : (int32_t)length;
}

int32_t tf_face_has_tracking(const tf_face *face) {
    hb_blob_t *trak = hb_face_reference_table(face->face, HB_TAG('t', 'r', 'a', 'k'));
    int32_t found = hb_blob_get_length(trak) > 0;
    hb_blob_destroy(trak);
    return found;
}

static int16_t read_int16(const char *data, unsigned length, unsigned offset) {
    if (offset + 2 > length) return 0;
    return (int16_t)(((uint8_t)data[offset] << 8) | (uint8_t)data[offset + 1]);
}

static uint16_t read_uint16(const char *data, unsigned length, unsigned offset) {
    if (offset + 2 > length) return 0;
    return (uint16_t)(((uint8_t)data[offset] << 8) | (uint8_t)data[offset + 1]);
}

// Rule F2/F7: vertical metrics come from the hhea table itself. hb_ot_metrics_get_position's
// HORIZONTAL_ASCENDER switches to OS/2 typo metrics when USE_TYPO_METRICS is set, like FreeType's
// face->ascender, which is not what Apple platforms do, so the table is read directly.
/// The top of `codepoint`'s glyph bounds in design units (HarfBuzz's extents: the glyf header's yMax, or
/// the CFF outline's), or 0 when the face lacks the glyph, it is empty, or its top is not within the 8 em
/// the metrics' sanity check allows (a damaged glyph must not make a readable font unreadable).
static int32_t glyph_top(const tf_face *face, uint32_t codepoint, int32_t units_per_em) {
    hb_codepoint_t glyph = 0;
    hb_glyph_extents_t extents;
    if (!hb_font_get_nominal_glyph(face->design_font, codepoint, &glyph)) return 0;
    if (!hb_font_get_glyph_extents(face->design_font, glyph, &extents)) return 0;
    int64_t top = extents.y_bearing;
    if (top <= 0 || units_per_em <= 0 || top > (int64_t)units_per_em * 8) return 0;
    return (int32_t)top;
}

void tf_face_get_metrics(const tf_face *face, tf_face_metrics *metrics) {
    memset(metrics, 0, sizeof(*metrics));
    // head.unitsPerEm as the file says: hb_face_get_upem quietly answers 1000 for a value outside
    // 16...16384, which would hide a damaged head table from the caller's check.
    unsigned length = 0;
    hb_blob_t *head = hb_face_reference_table(face->face, HB_TAG('h', 'e', 'a', 'd'));
    const char *data = hb_blob_get_data(head, &length);
    if (data != NULL && length >= 54) metrics->units_per_em = read_uint16(data, length, 18);
    hb_blob_destroy(head);

    hb_blob_t *hhea = hb_face_reference_table(face->face, HB_TAG('h', 'h', 'e', 'a'));
    data = hb_blob_get_data(hhea, &length);
    if (data != NULL && length >= 10) {
        metrics->ascender = read_int16(data, length, 4);
        metrics->descender = read_int16(data, length, 6);
        metrics->line_gap = read_int16(data, length, 8);
    }
    hb_blob_destroy(hhea);

    hb_blob_t *os2 = hb_face_reference_table(face->face, HB_TAG('O', 'S', '/', '2'));
    data = hb_blob_get_data(os2, &length);
    if (data != NULL && length >= 78) {
        uint16_t version = read_uint16(data, length, 0);
        if (metrics->ascender == 0 && metrics->descender == 0 && metrics->line_gap == 0) {
            // F2 [INF]: hhea all zero -> OS/2 typo, then win metrics.
            metrics->ascender = read_int16(data, length, 68);
            metrics->descender = read_int16(data, length, 70);
            metrics->line_gap = read_int16(data, length, 72);
            if (metrics->ascender == 0 && metrics->descender == 0) {
                metrics->ascender = read_uint16(data, length, 74);
                metrics->descender = -(int32_t)read_uint16(data, length, 76);
                metrics->line_gap = 0;
            }
        }
        if (version >= 2 && length >= 90) {
            metrics->x_height = read_int16(data, length, 86);
            metrics->cap_height = read_int16(data, length, 88);
        }
    }
    hb_blob_destroy(os2);
    if (metrics->descender > 0) metrics->descender = -metrics->descender;
    // F4: an OS/2 table before version 2 (DejaVu, many older fonts) has no sxHeight or sCapHeight, and some
    // later ones leave them 0. FreeType-based engines then take the top of the glyphs' bounds: Skia's
    // SkFontHost_FreeType (generateFontMetrics, "synthesize x_height and cap_height from outline": the
    // control box yMax of 'x' and of 'H'), and HarfBuzz's hb_ot_metrics_get_position_with_fallback ('x').
    if (face->variation_count > 0) {
        // A variant's metrics follow its variation through MVAR, as HarfBuzz's own hb_ot_metrics apply the
        // 'hasc'/'hdsc'/'hlgp' deltas to the hhea values too (no MVAR: every delta is 0).
        hb_font_t *font = face->design_font;
        metrics->ascender += (int32_t)lroundf(hb_ot_metrics_get_variation(font, HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER));
        metrics->descender += (int32_t)lroundf(hb_ot_metrics_get_variation(font, HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER));
        metrics->line_gap += (int32_t)lroundf(hb_ot_metrics_get_variation(font, HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP));
        if (metrics->x_height != 0) metrics->x_height += (int32_t)lroundf(hb_ot_metrics_get_variation(font, HB_OT_METRICS_TAG_X_HEIGHT));
        if (metrics->cap_height != 0) metrics->cap_height += (int32_t)lroundf(hb_ot_metrics_get_variation(font, HB_OT_METRICS_TAG_CAP_HEIGHT));
    }
    if (metrics->x_height == 0) metrics->x_height = glyph_top(face, 'x', metrics->units_per_em);
    if (metrics->cap_height == 0) metrics->cap_height = glyph_top(face, 'H', metrics->units_per_em);
}

int32_t tf_face_has_codepoint(const tf_face *face, uint32_t codepoint) {
    hb_codepoint_t glyph = 0;
    return hb_font_get_nominal_glyph(face->design_font, codepoint, &glyph) ? 1 : 0;
}

int32_t tf_face_codepoint_advance(const tf_face *face, uint32_t codepoint) {
    hb_codepoint_t glyph = 0;
    if (!hb_font_get_nominal_glyph(face->design_font, codepoint, &glyph)) return 0;
    int64_t limit = (int64_t)hb_face_get_upem(face->face) * TF_GLYPH_ADVANCE_LIMIT_EMS;
    return sane_advance((int32_t)hb_font_get_glyph_h_advance(face->design_font, glyph), (int32_t)limit);
}

// Whether lookup `index` of table `tag` (GSUB or GPOS) reads or writes `glyph`, in any of its inputs,
// contexts or outputs.
static int lookups_have_glyph(hb_face_t *face, hb_tag_t tag, hb_codepoint_t glyph, hb_set_t *glyphs) {
    unsigned count = hb_ot_layout_table_get_lookup_count(face, tag);
    for (unsigned i = 0; i < count; i++) {
        hb_set_clear(glyphs);
        hb_ot_layout_lookup_collect_glyphs(face, tag, i, glyphs, glyphs, glyphs, NULL);
        if (hb_set_has(glyphs, glyph)) return 1;
    }
    return 0;
}

int32_t tf_face_space_in_lookups(const tf_face *face) {
    // Blink's test (HarfBuzzFace::HasSpaceInLigaturesOrKerning, which decides whether its word cache may
    // shape a font word by word): a font without a space glyph cannot join words; otherwise any GPOS or
    // GSUB lookup that touches the space glyph can change the shaping across it.
    hb_codepoint_t space = 0;
    if (!hb_font_get_nominal_glyph(face->design_font, 0x20, &space)) return 0;
    hb_set_t *glyphs = hb_set_create();
    int found = lookups_have_glyph(face->face, HB_OT_TAG_GPOS, space, glyphs)
        || lookups_have_glyph(face->face, HB_OT_TAG_GSUB, space, glyphs);
    hb_set_destroy(glyphs);
    if (found) return 1;
    // HarfBuzz applies a legacy 'kern' table when there is no GPOS; its pairs are not lookups, so such a
    // font counts as kerning its space (the cache is only a speed-up: being wrong this way costs time).
    if (!hb_ot_layout_has_positioning(face->face)) {
        hb_blob_t *kern = hb_face_reference_table(face->face, HB_TAG('k', 'e', 'r', 'n'));
        found = hb_blob_get_length(kern) > 0;
        hb_blob_destroy(kern);
    }
    return found;
}

void tf_face_space_pairs(const tf_face *face, uint32_t limit, uint64_t *bits) {
    // For each character c below `limit` the face maps, " c" shaped whole against " " and "c" apart: a
    // kerning pair, a ligature or a contextual lookup across the space shows as another glyph count,
    // another advance or HarfBuzz's unsafe-to-break flag on c. At design scale, so no size rounds a pair
    // away; once per face (a few thousand calls of hb_shape for a Latin font).
    hb_codepoint_t space = 0;
    if (!hb_font_get_nominal_glyph(face->design_font, 0x20, &space)) return;
    hb_position_t space_advance = hb_font_get_glyph_h_advance(face->design_font, space);
    hb_buffer_t *buffer = hb_buffer_create();
    for (uint32_t c = 0x21; c < limit; c++) {
        hb_codepoint_t glyph = 0;
        if (!hb_font_get_nominal_glyph(face->design_font, c, &glyph)) continue;
        uint32_t text[2] = {0x20, c};
        hb_buffer_clear_contents(buffer);
        hb_buffer_add_utf32(buffer, text, 2, 0, 2);
        hb_buffer_guess_segment_properties(buffer);
        hb_shape(face->design_font, buffer, face->features, face->feature_count);
        unsigned count = 0;
        hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &count);
        hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, NULL);
        int joined = count != 2 || infos[0].codepoint != space || infos[1].codepoint != glyph
            || positions[0].x_advance != space_advance || positions[1].x_offset != 0
            || positions[1].x_advance != hb_font_get_glyph_h_advance(face->design_font, glyph)
            || (hb_glyph_info_get_glyph_flags(&infos[1]) & HB_GLYPH_FLAG_UNSAFE_TO_BREAK);
        if (joined) bits[c >> 6] |= (uint64_t)1 << (c & 63);
    }
    hb_buffer_destroy(buffer);
}

tf_font *tf_font_create(const tf_face *face, int32_t scale) {
    tf_font *result = malloc(sizeof(tf_font));
    if (result == NULL) return NULL;
    result->font = hb_font_create(face->face);
    // Unhinted, at full resolution (rule F7): no ppem, so no hinting and no rounding to pixels.
    hb_font_set_scale(result->font, scale, scale);
    // The point size, so a font's AAT 'trak' table tracks for this size (HarfBuzz assumes 12 pt otherwise;
    // rule O8). Nothing else in HarfBuzz's OpenType shaping reads it.
    hb_font_set_ptem(result->font, (float)scale / 1024.0f);
    if (face->variation_count > 0) hb_font_set_variations(result->font, face->variations, face->variation_count);
    result->features = face->features;
    result->feature_count = face->feature_count;
    result->face = face;
    int64_t limit = (int64_t)(scale < 0 ? -(int64_t)scale : scale) * TF_GLYPH_ADVANCE_LIMIT_EMS;
    result->advance_limit = limit > INT32_MAX ? INT32_MAX : (int32_t)limit;
    atomic_init(&result->plain_advances, NULL);
    hb_font_make_immutable(result->font);
    return result;
}

void tf_font_destroy(tf_font *font) {
    if (font == NULL) return;
    hb_font_destroy(font->font);
    free(atomic_load_explicit(&font->plain_advances, memory_order_acquire));
    free(font);
}

// One buffer per thread, reused: hb_font_t is shareable once immutable, buffers are not. A pthread key
// destroys it when its thread exits (a _Thread_local pointer alone leaked the buffer, grown to the
// longest text the thread shaped, with every thread that ended).
static _Thread_local hb_buffer_t *thread_buffer = NULL;
static pthread_key_t thread_buffer_key;
static pthread_once_t thread_buffer_key_once = PTHREAD_ONCE_INIT;

static void destroy_thread_buffer(void *buffer) { hb_buffer_destroy((hb_buffer_t *)buffer); }
static void make_thread_buffer_key(void) { pthread_key_create(&thread_buffer_key, destroy_thread_buffer); }


enum {
    kSeen = 4,
    kNotdef = 8,  // a glyph of the cluster is .notdef (glyph 0): it draws as a box
    kUnsafe = 16,
};

static hb_buffer_t *thread_buffer_create(void) {
    hb_buffer_t *buffer = hb_buffer_create();
    if (!hb_buffer_allocation_successful(buffer)) {
        hb_buffer_destroy(buffer);
        return NULL;
    }
    return buffer;
}

/// A second buffer per thread for shaping a long run of marks in chunks (`shape_into_thread_buffer`).
static _Thread_local hb_buffer_t *thread_chunk_buffer = NULL;
static pthread_key_t thread_chunk_buffer_key;
static pthread_once_t thread_chunk_buffer_key_once = PTHREAD_ONCE_INIT;
static void make_thread_chunk_buffer_key(void) { pthread_key_create(&thread_chunk_buffer_key, destroy_thread_buffer); }

/// What the last shaping call on this thread sent HarfBuzz (see `tf_last_shaping_counts`).
static _Thread_local tf_shaping_counts last_counts;

void tf_last_shaping_counts(tf_shaping_counts *counts) { *counts = last_counts; }

int32_t tf_thread_shaping_buffer_count(void) { return (thread_buffer != NULL) + (thread_chunk_buffer != NULL); }

/// Whether `codepoint` is a combining mark: general category Mn, Mc or Me, or a non-zero canonical
/// combining class (UAX #15's non-starters). HarfBuzz attaches each mark by looking back over the marks
/// before it to their base, so a run of marks costs it time quadratic in the run's length; Thai and
/// Devanagari vowel signs (class 0, category Mn) cost as much as U+0301, so the category counts too.
static int is_combining_mark(hb_unicode_funcs_t *unicode, uint32_t codepoint) {
    switch (hb_unicode_general_category(unicode, codepoint)) {
    case HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK:
    case HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK:
    case HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK:
        return 1;
    default:
        return hb_unicode_combining_class(unicode, codepoint) != HB_UNICODE_COMBINING_CLASS_NOT_REORDERED;
    }
}

int tf_is_surely_starter(uint32_t unit) {
    if (unit < 0x300) return 1;                                       // Latin; the first marks are U+0300
    if (unit >= 0x370 && unit <= 0x482) return 1;                     // Greek and Coptic, Cyrillic letters
    if (unit >= 0x3000 && unit <= 0x30FF)                             // CJK punctuation, kana
        return !(unit >= 0x302A && unit <= 0x302F) && unit != 0x3099 && unit != 0x309A;
    if (unit >= 0x3400 && unit <= 0x9FFF) return 1;                   // ideographs (Extension A, URO)
    if (unit >= 0xAC00 && unit <= 0xD7A3) return 1;                   // Hangul syllables
    return unit >= 0xFF00 && unit <= 0xFFEF;                          // halfwidth and fullwidth forms
}

/// Where the chunk that starts at `start` ends: before the mark that would be the
/// (TF_MARK_RUN_LIMIT + 1)th in a row, or at `length`. `*longest` receives the longest run of marks in the
/// chunk. Blocks without a combining mark (`tf_is_surely_starter`: Latin, Greek, Cyrillic letters, kana,
/// ideographs, Hangul) cost a few comparisons per unit; only other characters are looked up.
static int32_t chunk_end(const uint16_t *text, int32_t start, int32_t length, int32_t *longest) {
    hb_unicode_funcs_t *unicode = hb_unicode_funcs_get_default();
    int32_t run = 0;
    *longest = 0;
    int32_t i = start;
    while (i < length) {
        uint32_t unit = text[i];
        if (tf_is_surely_starter(unit)) {
            run = 0;
            i++;
            continue;
        }
        int32_t next = i + 1;
        uint32_t codepoint = unit;
        if (unit >= 0xD800 && unit < 0xDC00 && next < length && text[next] >= 0xDC00 && text[next] < 0xE000) {
            codepoint = 0x10000 + ((unit - 0xD800) << 10) + (text[next] - 0xDC00u);
            next++;
        }
        if (!is_combining_mark(unicode, codepoint)) {
            run = 0;
        } else if (run == TF_MARK_RUN_LIMIT) {
            return i;
        } else if (++run > *longest) {
            *longest = run;
        }
        i = next;
    }
    return length;
}

/// The face's kept shape plan for `props`, made and published on first use; NULL when the face keeps
/// none or its slots are full (the caller then takes hb_shape, which looks the plan up itself).
static hb_shape_plan_t *kept_plan(const tf_face *face, const hb_segment_properties_t *props) {
    tf_face *shared = (tf_face *)face;  // only the atomic slots are written
    for (int i = 0; i < TF_SHAPE_PLAN_SLOTS; i++) {
        struct tf_plan_entry *entry = atomic_load_explicit(&shared->plans[i], memory_order_acquire);
        while (entry == NULL) {
            struct tf_plan_entry *made = malloc(sizeof(struct tf_plan_entry));
            if (made == NULL) return NULL;
            made->props = *props;
            // The plan hb_shape would use: the face's own cache's, for these properties, no features.
            made->plan = hb_shape_plan_create_cached2(face->face, props, NULL, 0, NULL, 0, NULL);
            struct tf_plan_entry *expected = NULL;
            if (atomic_compare_exchange_strong_explicit(&shared->plans[i], &expected, made, memory_order_acq_rel,
                                                        memory_order_acquire)) {
                return made->plan;
            }
            hb_shape_plan_destroy(made->plan);  // another thread filled the slot first: look at its entry
            free(made);
            entry = expected;
        }
        if (hb_segment_properties_equal(&entry->props, props)) return entry->plan;
    }
    return NULL;
}

/// hb_shape, with the plan a bundled face keeps (tf_face_keep_shape_plans): HarfBuzz's own look-up in the
/// face's plan list (hb_shape_plan_create_cached2, about 500 instructions a call, callgrind) is skipped.
/// Only for faces TextFit ships: hb_shape_full also bounds the work of one call by the text's length
/// (the buffer's max_ops and max_len, which HarfBuzz 6 sets only there and no public call sets), which
/// matters for a hostile font file and never for these; every other face goes through hb_shape.
static void shape_buffer(const tf_font *font, hb_buffer_t *buffer) {
    if (font->face->keeps_plans && font->feature_count == 0 && hb_buffer_get_length(buffer) > 0) {
        hb_segment_properties_t props;
        hb_buffer_get_segment_properties(buffer, &props);
        hb_shape_plan_t *plan = kept_plan(font->face, &props);
        if (plan != NULL) {
            hb_shape_plan_execute(plan, font->font, buffer, NULL, 0);
            return;
        }
    }
    hb_shape(font->font, buffer, font->features, font->feature_count);
}

static void set_properties(hb_buffer_t *buffer, uint32_t script, int32_t direction) {
    if (script != 0) hb_buffer_set_script(buffer, (hb_script_t)script);
    if (direction == 1) hb_buffer_set_direction(buffer, HB_DIRECTION_LTR);
    if (direction == 2) hb_buffer_set_direction(buffer, HB_DIRECTION_RTL);
    hb_buffer_guess_segment_properties(buffer);
}

/// Shapes `text` into this thread's buffer (see `tf_shape` for the parameters); NULL when HarfBuzz failed.
///
/// One call to hb_shape never sees more than TF_MARK_RUN_LIMIT combining marks in a row: a longer run
/// (a grapheme cluster no real text has) is shaped in chunks, each ending after TF_MARK_RUN_LIMIT marks,
/// with the text around each chunk as HarfBuzz's context, so the time stays linear in the text's length.
/// Nothing is inserted (UAX #15's Stream-Safe Text Format puts U+034F between the chunks; TextFit measures
/// the text as given). The glyphs of a chunk's leading marks take the cluster of the glyphs before them,
/// so the run stays one cluster (one unbreakable piece whose advances sum as HarfBuzz gave them), and the
/// chunks are put in visual order. The marks of a later chunk are shaped without their base, so they are
/// positioned as marks with no base are: text with over 30 marks on one letter is not drawn legibly anyway.
static hb_buffer_t *get_thread_buffer(void) {
    if (thread_buffer == NULL) {
        thread_buffer = thread_buffer_create();
        if (thread_buffer == NULL) return NULL;
        pthread_once(&thread_buffer_key_once, make_thread_buffer_key);
        pthread_setspecific(thread_buffer_key, thread_buffer);
    }
    return thread_buffer;
}

static hb_buffer_t *shape_item_into_thread_buffer(const tf_font *font, const uint16_t *text, int32_t length,
                                                  int32_t item_start, int32_t item_end, uint32_t script,
                                                  int32_t direction);

static hb_buffer_t *shape_into_thread_buffer(const tf_font *font, const uint16_t *text, int32_t length,
                                             uint32_t script, int32_t direction) {
    return shape_item_into_thread_buffer(font, text, length, 0, length, script, direction);
}

/// `shape_into_thread_buffer` of `text[item_start..<item_end]`, the rest of `text` (`length` units) being
/// HarfBuzz's context; the glyphs' clusters are offsets in `text`.
static hb_buffer_t *shape_item_into_thread_buffer(const tf_font *font, const uint16_t *text, int32_t length,
                                                  int32_t item_start, int32_t item_end, uint32_t script,
                                                  int32_t direction) {
    hb_buffer_t *buffer = get_thread_buffer();
    if (buffer == NULL) return NULL;
    hb_buffer_clear_contents(buffer);
    int32_t longest = item_end - item_start;
    int32_t end = item_end - item_start > TF_MARK_RUN_LIMIT ? chunk_end(text, item_start, item_end, &longest)
                                                             : item_end;
    last_counts.harfbuzz_calls = 1;
    last_counts.longest_mark_run = longest;
    if (end == item_end) {
        hb_buffer_add_utf16(buffer, text, length, (unsigned)item_start, item_end - item_start);
        set_properties(buffer, script, direction);
        shape_buffer(font, buffer);
        // Each caller clamps the advances (`sane_advance`) in the pass over the glyphs it makes anyway.
        return hb_buffer_allocation_successful(buffer) ? buffer : NULL;
    }

    if (thread_chunk_buffer == NULL) {
        thread_chunk_buffer = thread_buffer_create();
        if (thread_chunk_buffer == NULL) return NULL;
        pthread_once(&thread_chunk_buffer_key_once, make_thread_chunk_buffer_key);
        pthread_setspecific(thread_chunk_buffer_key, thread_chunk_buffer);
    }
    hb_buffer_t *chunk = thread_chunk_buffer;
    int reversed = 0;
    uint32_t carried = 0;  // the cluster of the last glyph before the chunk, in the text's logical order
    int32_t start = item_start;
    last_counts.harfbuzz_calls = 0;
    while (start < item_end) {
        if (start > item_start) end = chunk_end(text, start, item_end, &longest);
        if (longest > last_counts.longest_mark_run) last_counts.longest_mark_run = longest;
        last_counts.harfbuzz_calls++;
        hb_buffer_clear_contents(chunk);
        hb_buffer_add_utf16(chunk, text, length, (unsigned)start, end - start);
        set_properties(chunk, script, direction);
        // A later chunk starts inside a cluster, not at a broken one: no dotted circle for its first mark.
        hb_buffer_set_flags(chunk, start > item_start ? HB_BUFFER_FLAG_DO_NOT_INSERT_DOTTED_CIRCLE
                                                      : HB_BUFFER_FLAG_DEFAULT);
        shape_buffer(font, chunk);
        if (!hb_buffer_allocation_successful(chunk)) return NULL;
        unsigned count = 0;
        hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(chunk, &count);
        reversed = HB_DIRECTION_IS_BACKWARD(hb_buffer_get_direction(chunk));
        // Logical order inside the chunk; the whole buffer is reversed back to visual order at the end.
        if (reversed) hb_buffer_reverse(chunk);
        uint32_t last = carried;
        for (unsigned i = 0; i < count; i++) {
            if (start > item_start && infos[i].cluster == (uint32_t)start) {
                infos[i].cluster = carried;
                // Breaking inside a cluster never happens, so what the flags say about it does not apply.
                infos[i].mask &= ~(hb_mask_t)HB_GLYPH_FLAG_DEFINED;
            }
            if (infos[i].cluster > last) last = infos[i].cluster;
        }
        carried = last;
        hb_buffer_append(buffer, chunk, 0, count);
        if (!hb_buffer_allocation_successful(buffer)) return NULL;
        start = end;
    }
    if (reversed) hb_buffer_reverse(buffer);
    return buffer;
}

/// Re-sums each cluster in 64 bits and spreads the total over the cluster's UTF-16 units, so every slot
/// fits in an int32 while the cluster's sum stays exact. Only cluster boundaries are ever read from the
/// prefix sums (the units inside a cluster carry the no-break flag), so spreading changes no answer.
/// Returns 0 when even spreading cannot hold the sum (more than INT32_MAX per unit on average).
static int spread_cluster_advances(const hb_glyph_info_t *infos, const hb_glyph_position_t *positions,
                                   unsigned count, int32_t length, const uint8_t *flags, int32_t *advances) {
    int64_t *sums = calloc((size_t)length, sizeof(int64_t));
    if (sums == NULL) return 0;
    for (unsigned i = 0; i < count; i++) {
        uint32_t cluster = infos[i].cluster;
        if (cluster < (uint32_t)length) sums[cluster] += positions[i].x_advance;
    }
    int ok = 1;
    int32_t start = 0;
    while (start < length) {
        int32_t end = start + 1;
        while (end < length && !(flags[end] & kSeen)) end++;
        int64_t units = end - start;
        int64_t share = sums[start] / units;
        int64_t first = sums[start] - share * (units - 1);
        if (first > INT32_MAX || first < INT32_MIN || share > INT32_MAX || share < INT32_MIN) ok = 0;
        advances[start] = (int32_t)first;
        for (int32_t u = start + 1; u < end; u++) advances[u] = (int32_t)share;
        start = end;
    }
    free(sums);
    return ok;
}

/// Texts longer than this (UTF-16 units) give the thread's buffers back once their glyphs are read.
enum { kKeptBufferUnits = 1 << 16 };

/// Destroys this thread's shaping buffers after a text of `length` units if that was long: HarfBuzz's two
/// arrays take about 43 bytes a glyph and only grow, so a thread that shaped one huge unbroken word (a
/// segment is shaped whole) kept them, for the rest of its life, beside everything built after them:
/// most of `textfit batch`'s peak for such a line (Benchmarks/README.md, "Memory per input byte").
static void release_long_buffers(int32_t length) {
    if (length <= kKeptBufferUnits) return;
    if (thread_buffer != NULL) {
        hb_buffer_destroy(thread_buffer);
        thread_buffer = NULL;
        pthread_setspecific(thread_buffer_key, NULL);
    }
    if (thread_chunk_buffer != NULL) {
        hb_buffer_destroy(thread_chunk_buffer);
        thread_chunk_buffer = NULL;
        pthread_setspecific(thread_chunk_buffer_key, NULL);
    }
}

static int32_t shape_into(const tf_font *font, const uint16_t *text, int32_t length, uint32_t script,
                          int32_t direction, int32_t *advances, uint8_t *flags);

// The BMP blocks whose characters may be plain (tf_face_plain_units): ideographs, kana and CJK and
// fullwidth punctuation. None is a mark, a space, a default ignorable or a character HarfBuzz's fallback
// shaping treats apart; the combining kana voicing marks (U+3099, U+309A) and tone marks (U+302A-U+302F)
// are left out.
static int plain_candidate(uint32_t u) {
    return (u >= 0x4E00 && u <= 0x9FFF) || (u >= 0x3400 && u <= 0x4DBF) || (u >= 0x3041 && u <= 0x3096)
        || (u >= 0x309B && u <= 0x30FF) || (u >= 0x3001 && u <= 0x3029) || (u >= 0x3030 && u <= 0x303F)
        || (u >= 0xFF01 && u <= 0xFF5E);
}

/// Adds the glyphs of the Coverage table at `offset` of `data` to `set`; 0 when it cannot be read.
static int add_coverage(const char *data, unsigned length, unsigned offset, hb_set_t *set) {
    unsigned format = read_uint16(data, length, offset);
    unsigned count = read_uint16(data, length, offset + 2);
    if (format == 1 && offset + 4 + 2 * count <= length) {
        for (unsigned i = 0; i < count; i++) hb_set_add(set, read_uint16(data, length, offset + 4 + 2 * i));
        return 1;
    }
    if (format == 2 && offset + 4 + 6 * count <= length) {
        for (unsigned i = 0; i < count; i++) {
            unsigned start = read_uint16(data, length, offset + 4 + 6 * i);
            unsigned end = read_uint16(data, length, offset + 6 + 6 * i);
            if (start <= end) hb_set_add_range(set, start, end);
        }
        return 1;
    }
    return 0;
}

/// When GPOS lookup `index` (of the GPOS table in `data`) is pair positioning only, every subtable a
/// PairPos (directly or through an Extension), adds each subtable's first-glyph Coverage to `first` and
/// returns 1. A pair lookup acts only where a glyph of its Coverage is followed by another glyph, so a
/// glyph met only as a pair's second glyph shapes plainly beside any glyph outside every Coverage (a
/// Chinese full stop after ideographs in Noto Sans CJK, whose kern pairs start with kana). 0 for any
/// other lookup or one that cannot be read: the caller then counts all its glyphs as touched.
static int pair_lookup_first_glyphs(const char *data, unsigned length, unsigned index, hb_set_t *first) {
    if (data == NULL || length < 10) return 0;
    unsigned list = read_uint16(data, length, 8);
    if (list == 0 || index >= read_uint16(data, length, list)) return 0;
    unsigned lookup = list + read_uint16(data, length, list + 2 + 2 * index);
    unsigned type = read_uint16(data, length, lookup);
    unsigned count = read_uint16(data, length, lookup + 4);
    if ((type != 2 && type != 9) || count == 0 || lookup + 6 + 2 * count > length) return 0;
    for (unsigned s = 0; s < count; s++) {
        unsigned subtable = lookup + read_uint16(data, length, lookup + 6 + 2 * s);
        if (type == 9) {
            // ExtensionPosFormat1: format 1, the extended lookup's type, a 32-bit offset from here.
            if (read_uint16(data, length, subtable) != 1 || read_uint16(data, length, subtable + 2) != 2) return 0;
            uint32_t offset = ((uint32_t)read_uint16(data, length, subtable + 4) << 16)
                            | read_uint16(data, length, subtable + 6);
            if (offset == 0 || subtable >= length || offset >= length - subtable) return 0;
            subtable += offset;
        }
        unsigned format = read_uint16(data, length, subtable);
        unsigned coverage = read_uint16(data, length, subtable + 2);
        if ((format != 1 && format != 2) || coverage == 0) return 0;
        if (!add_coverage(data, length, subtable + coverage, first)) return 0;
    }
    return 1;
}

/// Whether the face has a 'kern', 'morx', 'mort', 'kerx' or 'trak' table: HarfBuzz applies those by rules of
/// their own, not through a shape plan's GSUB and GPOS lookups, so no look at the plan can clear a glyph.
static int has_rules_outside_plans(hb_face_t *face) {
    static const hb_tag_t tables[] = {HB_TAG('k', 'e', 'r', 'n'), HB_TAG('m', 'o', 'r', 'x'), HB_TAG('m', 'o', 'r', 't'),
                                      HB_TAG('k', 'e', 'r', 'x'), HB_TAG('t', 'r', 'a', 'k')};
    for (unsigned t = 0; t < sizeof tables / sizeof tables[0]; t++) {
        hb_blob_t *blob = hb_face_reference_table(face, tables[t]);
        unsigned length = hb_blob_get_length(blob);
        hb_blob_destroy(blob);
        if (length > 0) return 1;
    }
    return 0;
}

int32_t tf_face_plain_units(const tf_face *face, uint32_t script, uint64_t *bits) {
    // What HarfBuzz does to a glyph no lookup of the plan reads or writes, in a face with no 'kern',
    // 'morx', 'mort', 'kerx' or 'trak' table and no features or variations of its own: it maps the
    // character through the cmap and gives it its hmtx advance (hb_ot_position_default), alone in its
    // cluster, safe to break on both sides. Such a glyph shapes the same alone and beside anything.
    if (script == 0 || face->feature_count > 0 || face->variation_count > 0) return 0;
    if (has_rules_outside_plans(face->face)) return 0;
    // The plan tf_shape uses for a text of this script: left to right, the default language, no features.
    hb_segment_properties_t props = HB_SEGMENT_PROPERTIES_DEFAULT;
    props.direction = HB_DIRECTION_LTR;
    props.script = (hb_script_t)script;
    props.language = hb_language_get_default();
    hb_shape_plan_t *plan = hb_shape_plan_create_cached2(face->face, &props, NULL, 0, NULL, 0, NULL);
    hb_set_t *lookups = hb_set_create();
    hb_set_t *touched = hb_set_create();
    // The first glyphs of the plan's pair-positioning lookups: their second glyphs alone are not touched.
    hb_set_t *first = hb_set_create();
    hb_blob_t *gpos = hb_face_reference_table(face->face, HB_OT_TAG_GPOS);
    unsigned gpos_length = 0;
    const char *gpos_data = hb_blob_get_data(gpos, &gpos_length);
    static const hb_tag_t tables[] = {HB_OT_TAG_GSUB, HB_OT_TAG_GPOS};
    for (unsigned t = 0; t < 2; t++) {
        hb_set_clear(lookups);
        hb_ot_shape_plan_collect_lookups(plan, tables[t], lookups);
        hb_codepoint_t index = HB_SET_VALUE_INVALID;
        while (hb_set_next(lookups, &index)) {
            if (t == 1 && pair_lookup_first_glyphs(gpos_data, gpos_length, index, first)) continue;
            hb_ot_layout_lookup_collect_glyphs(face->face, tables[t], index, touched, touched, touched, touched);
        }
    }
    hb_blob_destroy(gpos);
    int ok = hb_set_allocation_successful(lookups) && hb_set_allocation_successful(touched)
          && hb_set_allocation_successful(first);
    int32_t found = 0;
    for (uint32_t u = 0x3000; ok && u < 0x10000; u++) {
        hb_codepoint_t glyph = 0;
        if (!plain_candidate(u) || !hb_font_get_nominal_glyph(face->design_font, u, &glyph) || glyph == 0) continue;
        if (hb_set_has(touched, glyph) || hb_set_has(first, glyph)) continue;
        if (hb_ot_layout_get_glyph_class(face->face, glyph) == HB_OT_LAYOUT_GLYPH_CLASS_MARK) continue;
        bits[u >> 6] |= (uint64_t)1 << (u & 63);
        found++;
    }
    hb_set_destroy(first);
    hb_set_destroy(touched);
    hb_set_destroy(lookups);
    hb_shape_plan_destroy(plan);
    return ok ? found : 0;
}

/// The GSUB and GPOS lookups of the plan `tf_shape` uses for `script` (left to right, the default language,
/// no features) into `gsub` and `gpos`.
static void collect_plan_lookups(hb_face_t *face, uint32_t script, hb_set_t *gsub, hb_set_t *gpos) {
    hb_segment_properties_t props = HB_SEGMENT_PROPERTIES_DEFAULT;
    props.direction = HB_DIRECTION_LTR;
    props.script = (hb_script_t)script;
    props.language = hb_language_get_default();
    hb_shape_plan_t *plan = hb_shape_plan_create_cached2(face, &props, NULL, 0, NULL, 0, NULL);
    hb_ot_shape_plan_collect_lookups(plan, HB_OT_TAG_GSUB, gsub);
    hb_ot_shape_plan_collect_lookups(plan, HB_OT_TAG_GPOS, gpos);
    hb_shape_plan_destroy(plan);
}

int32_t tf_face_scripts_shape_alike(const tf_face *face, uint32_t a, uint32_t b) {
    if (a == 0 || b == 0 || face->feature_count > 0 || face->variation_count > 0) return 0;
    if (tf_script_is_rtl(a) || tf_script_is_rtl(b)) return 0;
    if (has_rules_outside_plans(face->face)) return 0;
    hb_set_t *sets[4];
    for (int i = 0; i < 4; i++) sets[i] = hb_set_create();
    collect_plan_lookups(face->face, a, sets[0], sets[1]);
    collect_plan_lookups(face->face, b, sets[2], sets[3]);
    int ok = 1;
    for (int i = 0; i < 4; i++) ok = ok && hb_set_allocation_successful(sets[i]);
    int alike = ok && hb_set_is_equal(sets[0], sets[2]) && hb_set_is_equal(sets[1], sets[3]);
    for (int i = 0; i < 4; i++) hb_set_destroy(sets[i]);
    return alike;
}

/// The plain candidates (plain_candidate) of a face as HarfBuzz's advance function sees them, so that
/// tf_shape_plain costs a table read a unit instead of a cmap and an hmtx look-up (about 250 instructions
/// a unit through HarfBuzz's font functions, most of a cold CJK preparation). A candidate's class is 0
/// when the face lacks it, else 1 + the index of its glyph's design advance among the distinct ones met
/// (a CJK face has a handful: full-width, half-width, a few proportional marks); `glyphs[c]` is one glyph
/// of class c + 1. With no variations, HarfBuzz's scaled advance of a glyph is a function of its design
/// (hmtx) advance alone (hb_ot_get_glyph_h_advances: em_scale of the unscaled advance), so each font asks
/// HarfBuzz once per class for that glyph's advance (tf_font.plain_advances) and every glyph of the class
/// has it. `pages` gives a block of 256 candidates' class when they all have one (a page of ideographs
/// in a CJK face), else kPlainMixed: a unit then reads one byte of a small table, not one of `classes`'
/// 53 KB (random ideographs missed the data cache there, about 16 misses a cold case).
enum { kPlainFirst = 0x3000, kPlainClasses = 254, kPlainMixed = 0xFF, kPlainPages = (0x10000 - kPlainFirst) >> 8 };
struct tf_plain_glyphs {
    uint8_t pages[kPlainPages];
    uint8_t classes[0x10000 - kPlainFirst];
    int32_t count;  // classes used, at most kPlainClasses
    hb_codepoint_t glyphs[kPlainClasses];
};

/// The face's tf_plain_glyphs, built on the first ask (about 28,000 cmap and hmtx look-ups in a CJK face,
/// once per face); NULL when out of memory or for a face with variations or features, whose advances
/// are not a function of the design advance alone (HVAR) or not only the cmap's glyphs'.
static const struct tf_plain_glyphs *plain_glyphs(const tf_face *face) {
    struct tf_plain_glyphs *known = atomic_load_explicit(&face->plain_glyphs, memory_order_acquire);
    if (known != NULL || face->variation_count > 0 || face->feature_count > 0) return known;
    struct tf_plain_glyphs *made = calloc(1, sizeof(struct tf_plain_glyphs));
    if (made == NULL) return NULL;
    hb_position_t designs[kPlainClasses];
    for (uint32_t u = kPlainFirst; u < 0x10000; u++) {
        hb_codepoint_t glyph = 0;
        if (!plain_candidate(u) || !hb_font_get_nominal_glyph(face->design_font, u, &glyph) || glyph == 0) continue;
        hb_position_t design = hb_font_get_glyph_h_advance(face->design_font, glyph);
        int32_t c = 0;
        while (c < made->count && designs[c] != design) c++;
        if (c == made->count) {
            if (c == kPlainClasses) continue;  // class 0: tf_shape_plain asks HarfBuzz for this one
            designs[c] = design;
            made->glyphs[c] = glyph;
            made->count++;
        }
        made->classes[u - kPlainFirst] = (uint8_t)(c + 1);
    }
    for (int32_t page = 0; page < kPlainPages; page++) {
        const uint8_t *classes = made->classes + (page << 8);
        int32_t same = 1;
        for (int32_t i = 1; i < 256 && same; i++) same = classes[i] == classes[0];
        made->pages[page] = same ? classes[0] : kPlainMixed;
    }
    // Another thread may have built them first: its table is kept, this one freed.
    struct tf_plain_glyphs *expected = NULL;
    if (!atomic_compare_exchange_strong_explicit((_Atomic(struct tf_plain_glyphs *) *)&face->plain_glyphs,
                                                 &expected, made, memory_order_acq_rel, memory_order_acquire)) {
        free(made);
        return expected;
    }
    return made;
}

/// The font's advance per class of `glyphs` (index c for class c + 1), asked of HarfBuzz on the first
/// ask for each class's glyph and clamped as shaping clamps; NULL when out of memory.
static const int32_t *plain_advances(const tf_font *font, const struct tf_plain_glyphs *glyphs) {
    int32_t *known = atomic_load_explicit(&font->plain_advances, memory_order_acquire);
    if (known != NULL) return known;
    int32_t *made = malloc(sizeof(int32_t) * (glyphs->count > 0 ? (size_t)glyphs->count : 1));
    if (made == NULL) return NULL;
    for (int32_t c = 0; c < glyphs->count; c++) {
        made[c] = sane_advance((int32_t)hb_font_get_glyph_h_advance(font->font, glyphs->glyphs[c]), font->advance_limit);
    }
    int32_t *expected = NULL;
    if (!atomic_compare_exchange_strong_explicit((_Atomic(int32_t *) *)&font->plain_advances, &expected, made,
                                                 memory_order_acq_rel, memory_order_acquire)) {
        free(made);
        return expected;
    }
    return made;
}

/// One unit through HarfBuzz's font functions: the path of a unit outside the tables.
static int plain_unit_advance(const tf_font *font, uint16_t unit, int32_t *advance) {
    hb_codepoint_t glyph = 0;
    if (!hb_font_get_nominal_glyph(font->font, unit, &glyph)) return 0;
    *advance = sane_advance((int32_t)hb_font_get_glyph_h_advance(font->font, glyph), font->advance_limit);
    return 1;
}

int32_t tf_shape_plain(const tf_font *font, const uint16_t *text, int32_t length, int32_t *advances, uint8_t *flags) {
    const struct tf_plain_glyphs *glyphs = plain_glyphs(font->face);
    const int32_t *by_class = glyphs != NULL ? plain_advances(font, glyphs) : NULL;
    for (int32_t i = 0; i < length; i++) {
        uint16_t unit = text[i];
        uint8_t c = 0;
        if (by_class != NULL && unit >= kPlainFirst) {
            c = glyphs->pages[(unit - kPlainFirst) >> 8];
            if (c == kPlainMixed) c = glyphs->classes[unit - kPlainFirst];
        }
        if (c != 0) {
            advances[i] = by_class[c - 1];
        } else if (!plain_unit_advance(font, unit, &advances[i])) {
            return -1;
        }
        flags[i] = 0;
    }
    return length;
}

int32_t tf_shape(const tf_font *font, const uint16_t *text, int32_t length, uint32_t script,
                 int32_t direction, int32_t *advances, uint8_t *flags) {
    int32_t count = shape_into(font, text, length, script, direction, advances, flags);
    release_long_buffers(length);
    return count;
}

/// Texts longer than kPieceThreshold units are shaped in windows of at most kPieceUnits (see
/// `shape_in_pieces`), each cut at least kPieceMargin units before the window's end.
enum { kPieceThreshold = 1 << 14, kPieceUnits = 1 << 12, kPieceMargin = 1 << 9 };

/// Turns the per-unit kSeen/kNotdef/kUnsafe bits into `tf_shape`'s flags.
static void finish_flags(uint8_t *flags, int32_t length) {
    for (int32_t u = 0; u < length; u++) {
        uint8_t f = flags[u];
        uint8_t out = 0;
        if (!(f & kSeen)) {
            out |= 1;  // inside a cluster: breaking here splits it
        } else {
            if (f & kUnsafe) out |= 1;
            if (f & kNotdef) out |= 2;
        }
        flags[u] = out;
    }
}

/// Shapes a long text window by window, as `shape_into` does in one call, and returns the glyph count; -1
/// when HarfBuzz failed, -3 when a window has no cluster to cut at (one cluster of thousands of marks) or
/// a cluster's sum overflows: the caller then shapes the text whole.
///
/// Why: one huge unbroken word (no break opportunity, so one segment) was one hb_shape call, whose buffer
/// holds about 43 bytes a glyph: most of the peak memory of preparing such a text (issue 43, 54 bytes per
/// input byte). A window of kPieceUnits units is shaped with the whole text as HarfBuzz's context; its
/// glyphs are kept up to the last cluster, at least kPieceMargin units before the window's end, that
/// HarfBuzz leaves safe to break (HB_GLYPH_FLAG_UNSAFE_TO_BREAK clear: shaping the two sides apart gives the
/// same glyphs), and the next window starts there. Lookups reach a few glyphs, far less than the margin, so
/// the glyphs kept are those of the whole text (`PieceShapingTests` compares them with one call).
static int32_t shape_in_pieces(const tf_font *font, const uint16_t *text, int32_t length, uint32_t script,
                               int32_t direction, int32_t *advances, uint8_t *flags) {
    memset(advances, 0, sizeof(int32_t) * (size_t)length);
    memset(flags, 0, (size_t)length);
    uint8_t state[kPieceUnits];  // per unit of the window: 1 a cluster starts, 2 it is unsafe to break
    int32_t glyphs = 0;
    int32_t calls = 0;
    int32_t longest = 0;
    int32_t start = 0;
    while (start < length) {
        int32_t end = length - start > kPieceUnits ? start + kPieceUnits : length;
        hb_buffer_t *buffer = shape_item_into_thread_buffer(font, text, length, start, end, script, direction);
        if (buffer == NULL) return -1;
        calls += last_counts.harfbuzz_calls;
        if (last_counts.longest_mark_run > longest) longest = last_counts.longest_mark_run;
        unsigned count = 0;
        hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &count);
        hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, NULL);
        int32_t cut = end;
        if (end < length) {
            memset(state, 0, (size_t)(end - start));
            for (unsigned i = 0; i < count; i++) {
                uint32_t cluster = infos[i].cluster;
                if (cluster < (uint32_t)start || cluster >= (uint32_t)end) continue;
                uint8_t unsafe = (hb_glyph_info_get_glyph_flags(&infos[i]) & HB_GLYPH_FLAG_UNSAFE_TO_BREAK) ? 2 : 0;
                state[cluster - (uint32_t)start] |= 1 | unsafe;
            }
            cut = start;
            for (int32_t c = end - kPieceMargin; c > start; c--) {
                if (state[c - start] == 1) {
                    cut = c;
                    break;
                }
            }
            if (cut == start) {
                last_counts.harfbuzz_calls = calls;  // the window's calls, which `shape_into` adds to
                return -3;
            }
        }
        for (unsigned i = 0; i < count; i++) {
            uint32_t cluster = infos[i].cluster;
            if (cluster < (uint32_t)start || cluster >= (uint32_t)cut) continue;
            int32_t advance = sane_advance(positions[i].x_advance, font->advance_limit);
            if (__builtin_add_overflow(advances[cluster], advance, &advances[cluster])) {
                last_counts.harfbuzz_calls = calls;
                return -3;
            }
            uint8_t f = flags[cluster] | kSeen;
            if (infos[i].codepoint == 0) f |= kNotdef;
            if (hb_glyph_info_get_glyph_flags(&infos[i]) & HB_GLYPH_FLAG_UNSAFE_TO_BREAK) f |= kUnsafe;
            flags[cluster] = f;
            glyphs++;
        }
        // The window before saw both sides of this cut and chose it because it is safe; this window, which
        // starts there, sees only the context before it.
        if (start > 0) flags[start] &= (uint8_t)~kUnsafe;
        start = cut;
    }
    last_counts.harfbuzz_calls = calls;
    last_counts.longest_mark_run = longest;
    finish_flags(flags, length);
    return glyphs;
}

static int32_t shape_whole_into(const tf_font *font, const uint16_t *text, int32_t length, uint32_t script,
                                int32_t direction, int32_t *advances, uint8_t *flags);

static int32_t shape_into(const tf_font *font, const uint16_t *text, int32_t length, uint32_t script,
                          int32_t direction, int32_t *advances, uint8_t *flags) {
    if (length > kPieceThreshold && script != 0) {
        int32_t glyphs = shape_in_pieces(font, text, length, script, direction, advances, flags);
        if (glyphs != -3) return glyphs;
        // No cut: shaped whole after all, the calls spent on the windows counted too.
        int32_t spent = last_counts.harfbuzz_calls;
        glyphs = shape_whole_into(font, text, length, script, direction, advances, flags);
        last_counts.harfbuzz_calls += spent;
        return glyphs;
    }
    return shape_whole_into(font, text, length, script, direction, advances, flags);
}

int32_t tf_shape_in_one_call(const tf_font *font, const uint16_t *text, int32_t length, uint32_t script,
                             int32_t direction, int32_t *advances, uint8_t *flags) {
    int32_t count = shape_whole_into(font, text, length, script, direction, advances, flags);
    release_long_buffers(length);
    return count;
}

/// `shape_into` in one hb_shape call (a run of over TF_MARK_RUN_LIMIT marks aside).
static int32_t shape_whole_into(const tf_font *font, const uint16_t *text, int32_t length, uint32_t script,
                                int32_t direction, int32_t *advances, uint8_t *flags) {
    if (length <= 0) return 0;
    hb_buffer_t *buffer = shape_into_thread_buffer(font, text, length, script, direction);
    if (buffer == NULL) return -1;

    unsigned count = 0;
    hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &count);
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, NULL);
    memset(advances, 0, sizeof(int32_t) * (size_t)length);
    memset(flags, 0, (size_t)length);
    int overflowed = 0;
    for (unsigned i = 0; i < count; i++) {
        uint32_t cluster = infos[i].cluster;
        if (cluster >= (uint32_t)length) continue;
        // A cluster's sum can pass what one int32 slot holds (thousands of marks at a large size);
        // wrapping would be undefined and gives negative widths, so such texts take the spread path below.
        int32_t advance = sane_advance(positions[i].x_advance, font->advance_limit);
        positions[i].x_advance = advance;  // the spread path below re-reads it
        overflowed |= __builtin_add_overflow(advances[cluster], advance, &advances[cluster]);
        uint8_t f = flags[cluster] | kSeen;
        if (infos[i].codepoint == 0) f |= kNotdef;
        if (hb_glyph_info_get_glyph_flags(&infos[i]) & HB_GLYPH_FLAG_UNSAFE_TO_BREAK) f |= kUnsafe;
        flags[cluster] = f;
    }
    // Before the flags below are rewritten: the spread path finds clusters by their `kSeen` starts.
    if (overflowed && !spread_cluster_advances(infos, positions, count, length, flags, advances)) return -2;
    finish_flags(flags, length);
    return (int32_t)count;
}

int32_t tf_shape_joined(const tf_font *font, const tf_segment_lookup *pieces, int32_t count, uint32_t script,
                        int32_t *advances, uint8_t *flags, uint8_t *sliced) {
    if (count <= 0 || script == 0) return -1;
    // Each piece alone is shaped in its script's direction (`tf_shape`'s callers), so the joined text is too.
    const int rtl = tf_script_is_rtl(script);
    // The pieces joined, in order, with nothing between them: HarfBuzz sees one text and no context.
    uint16_t joined[TF_JOINED_UNIT_LIMIT];
    int32_t total = 0;
    int32_t longest = 0;
    int mark_may_cross = 0;
    for (int32_t p = 0; p < count; p++) {
        const uint16_t *text = pieces[p].key.text;
        int32_t length = pieces[p].key.length;
        if (length <= 0 || length > TF_JOINED_UNIT_LIMIT - total) return -1;
        // A piece tf_shape would shape in chunks (a run of over TF_MARK_RUN_LIMIT marks) is not joined.
        int32_t run = length;
        if (length > TF_MARK_RUN_LIMIT && chunk_end(text, 0, length, &run) != length) return -1;
        if (run > longest) longest = run;
        // A run of marks can only continue across a join when a piece starts with a possible mark.
        if (!tf_is_surely_starter(text[0])) mark_may_cross = 1;
        memcpy(joined + total, text, sizeof(uint16_t) * (size_t)length);
        total += length;
    }
    if (mark_may_cross && total > TF_MARK_RUN_LIMIT && chunk_end(joined, 0, total, &longest) != total) return -1;
    hb_buffer_t *buffer = get_thread_buffer();
    if (buffer == NULL) return -1;
    hb_buffer_clear_contents(buffer);
    hb_buffer_add_utf16(buffer, joined, total, 0, total);
    set_properties(buffer, script, rtl ? 2 : 1);
    shape_buffer(font, buffer);
    last_counts.harfbuzz_calls = 1;
    last_counts.longest_mark_run = longest;
    if (!hb_buffer_allocation_successful(buffer)) return -1;

    unsigned glyph_count = 0;
    hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &glyph_count);
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, NULL);
    // With HarfBuzz's default cluster level, clusters never decrease along a left-to-right buffer and
    // never increase along a right-to-left one (its glyphs are in visual order): walked from its end, a
    // right-to-left buffer is in logical order too, so each piece's glyphs follow the previous piece's.
    // Per piece, the same sums and flags as tf_shape's loops (a cluster's sum does not depend on the
    // order its glyphs are added in). Everything a loop reads is in locals: a byte store may alias any
    // memory, so the compiler would otherwise reload each field after every flag written.
    if (rtl) {
        hb_buffer_reverse(buffer);
        infos = hb_buffer_get_glyph_infos(buffer, &glyph_count);
        positions = hb_buffer_get_glyph_positions(buffer, NULL);
    }
    const int32_t limit = font->advance_limit;
    unsigned i = 0;
    uint32_t base = 0;
    for (int32_t p = 0; p < count; p++) {
        const int32_t length = pieces[p].key.length;
        int32_t *a = advances + pieces[p].start;
        uint8_t *f = flags + pieces[p].start;
        memset(a, 0, sizeof(int32_t) * (size_t)length);
        memset(f, 0, (size_t)length);
        const uint32_t end = base + (uint32_t)length;
        int overflowed = 0;
        for (; i < glyph_count; i++) {
            const uint32_t cluster = infos[i].cluster;
            if (cluster >= end) break;
            if (cluster < base) return -1;
            const uint32_t local = cluster - base;
            const int32_t advance = sane_advance(positions[i].x_advance, limit);
            // An overflowing cluster sum is tf_shape's spread path: that piece is shaped alone.
            overflowed |= __builtin_add_overflow(a[local], advance, &a[local]);
            uint8_t fl = f[local] | kSeen;
            if (infos[i].codepoint == 0) fl |= kNotdef;
            if (hb_glyph_info_get_glyph_flags(&infos[i]) & HB_GLYPH_FLAG_UNSAFE_TO_BREAK) fl |= kUnsafe;
            f[local] = fl;
        }
        sliced[p] = overflowed ? 0 : 1;
        base = end;
    }
    if (i < glyph_count) return -1;  // a cluster past the text
    // HarfBuzz's promise: where a cluster's glyphs are not HB_GLYPH_FLAG_UNSAFE_TO_BREAK, breaking the
    // text there and shaping both sides alone gives the glyphs and positions on each side. So a piece is
    // what tf_shape gives it alone when both of its joins start a cluster that is safe to break.
    for (int32_t p = 1; p < count; p++) {
        const uint8_t fl = flags[pieces[p].start];
        if (!(fl & kSeen) || (fl & kUnsafe)) sliced[p - 1] = sliced[p] = 0;
    }
    for (int32_t p = 0; p < count; p++) finish_flags(flags + pieces[p].start, pieces[p].key.length);
    return (int32_t)glyph_count;
}

// For drawing: the same shaping as tf_shape, keeping each glyph and its position.
int32_t tf_shape_glyphs(const tf_font *font, const uint16_t *text, int32_t length, uint32_t script,
                        int32_t direction, tf_glyph *glyphs, int32_t capacity) {
    if (length <= 0) return 0;
    hb_buffer_t *buffer = shape_into_thread_buffer(font, text, length, script, direction);
    if (buffer == NULL) {
        release_long_buffers(length);
        return -1;
    }

    unsigned count = 0;
    hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &count);
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, NULL);
    if ((int64_t)count > (int64_t)capacity) {
        release_long_buffers(length);
        return (int32_t)count;
    }
    for (unsigned i = 0; i < count; i++) {
        glyphs[i].glyph = infos[i].codepoint;
        glyphs[i].cluster = infos[i].cluster;
        glyphs[i].x_advance = sane_advance(positions[i].x_advance, font->advance_limit);
        glyphs[i].x_offset = positions[i].x_offset;
        glyphs[i].y_offset = positions[i].y_offset;
    }
    release_long_buffers(length);
    return (int32_t)count;
}

int32_t tf_ligature_carets(const tf_font *font, uint32_t glyph, int32_t direction, int32_t *carets,
                           int32_t capacity) {
    if (capacity < 0) return 0;
    hb_direction_t dir = direction == 2 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR;
    unsigned count = (unsigned)capacity;
    unsigned total = hb_ot_layout_get_ligature_carets(font->font, dir, glyph, 0, &count, carets);
    return (int32_t)total;
}

uint32_t tf_script_of(uint32_t codepoint) {
    return (uint32_t)hb_unicode_script(hb_unicode_funcs_get_default(), codepoint);
}

int32_t tf_script_is_rtl(uint32_t script) {
    return hb_script_get_horizontal_direction((hb_script_t)script) == HB_DIRECTION_RTL ? 1 : 0;
}

void tf_harfbuzz_version_string(char *buffer, size_t capacity);
void tf_harfbuzz_version_string(char *buffer, size_t capacity) {
    const char *text = hb_version_string();
    size_t i = 0;
    for (; text[i] != 0 && i + 1 < capacity; i++) buffer[i] = text[i];
    if (capacity > 0) buffer[i] = 0;
}
