// CTextFit: the only place TextFit includes C library headers.
//
// A plain-C API with a `tf_` prefix and opaque handles over ICU (UAX #14 line breaks, UAX #9 bidi levels),
// HarfBuzz (shaping and hhea/OS/2 metrics), FreeType (validating font files, names) and Fontconfig (family
// matching and fallback).
// The library headers stay in the .c files: ICU's enums collide with the Swift toolchain's own ICU module
// when imported next to Foundation, so Swift sees only this header.
//
// Conventions: functions return 0 (or a non-NULL handle) on success; errors are reported through an
// `int32_t *error` out-parameter holding the library's own code, so Swift can name it in a typed error.
#ifndef CTEXTFIT_H
#define CTEXTFIT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Versions

/// Writes "harfbuzz X; freetype X; fontconfig X; icu X" into `buffer` (NUL-terminated, truncated to fit).
void tf_library_versions(char *buffer, size_t capacity);

// MARK: - ICU line breaks (UAX #14)

/// An ICU line-break iterator. Not thread-safe: one per worker, cloned from a prototype, reused.
typedef struct tf_line_iterator tf_line_iterator;

/// Opens a line-break iterator for `locale` ("" = root rules). Returns NULL and sets `*error` (UErrorCode).
tf_line_iterator *tf_line_iterator_create(const char *locale, int32_t *error);
/// A fresh iterator with the same rules (cheaper than opening one). NULL on failure.
tf_line_iterator *tf_line_iterator_clone(const tf_line_iterator *prototype, int32_t *error);
void tf_line_iterator_destroy(tf_line_iterator *iterator);

/// Finds the UAX #14 break opportunities of `text` (UTF-16, `length` units).
/// Writes each opportunity offset (> 0, ascending, `length` included) to `positions` and 1 to `mandatory`
/// when the break is required (after BK, CR, LF, NL), else 0. `capacity` must be >= `length`.
/// Returns the number of positions written, or -1 with `*error` set.
int32_t tf_line_breaks(tf_line_iterator *iterator, const uint16_t *text, int32_t length,
                       int32_t *positions, uint8_t *mandatory, int32_t capacity, int32_t *error);

/// ICU's UAX #14 Line_Break class of `codepoint` (a ULineBreak value, e.g. U_LB_ALPHABETIC = 2).
int32_t tf_line_break_class(uint32_t codepoint);

/// The UAX #29 word segment of `text` (UTF-16, `length` units) holding `offset` (0 <= offset <= length; at
/// `length`, the last segment), from ICU's word break iterator for the root locale: `*start`, `*end`, and
/// `*is_word` = 1 when ICU's rule status says it is a word (letters, numbers, kana, ideographs), 0 for
/// spaces and punctuation. Returns 0, or -1 with `*error` set (ICU could not open an iterator).
int32_t tf_word_segment(const uint16_t *text, int32_t length, int32_t offset, int32_t *start, int32_t *end,
                        int32_t *is_word, int32_t *error);

// MARK: - ICU bidi (UAX #9)

/// Resolves the UAX #9 embedding levels of one paragraph `text` (UTF-16, `length` units; a paragraph
/// separator may only end it) with ICU's ubidi: `direction` 0 = from the first strong character (P2-P3,
/// left to right without one), 1 = left to right, 2 = right to left. Writes one level per unit to `levels`
/// (rule L1 applied as if the paragraph were one line; characters rule X9 removes get a neighbour's level).
/// Returns the paragraph level (0 or 1), or -1 with `*error` set (a UErrorCode).
int32_t tf_bidi_levels(const uint16_t *text, int32_t length, int32_t direction, uint8_t *levels,
                       int32_t *error);

/// ICU's Bidi_Class of `codepoint` (a UCharDirection: 0 L, 1 R, 2 EN, ... 13 AL, ... 18 BN, ...).
int32_t tf_bidi_class(uint32_t codepoint);

/// Whether `codepoint` is an opening or closing paired bracket (ICU's Bidi_Paired_Bracket_Type, rule N0).
int32_t tf_bidi_is_paired_bracket(uint32_t codepoint);

// MARK: - Font files

/// A font file's bytes, mapped read-only (see `tf_font_file_map`).
typedef struct {
    const void *bytes;
    size_t length;
    uint64_t device;  // the file's identity (st_dev, st_ino of the descriptor read): equal for every path
    uint64_t inode;   // that names the same file (symlinks, "..", hard links)
    int64_t modified_ns;  // st_mtim and st_ctim of that descriptor, in nanoseconds: a file rewritten or
    int64_t changed_ns;   // replaced since it was read shows a later time (see `tf_file_signature`)
} tf_font_bytes;

/// The identity, size and last modification and change times (nanoseconds) of the file `path` names,
/// symlinks followed: one stat. Returns 0 on success, else errno. The font catalog compares them with a
/// face's `tf_font_bytes` before answering a path it has seen with that face.
int32_t tf_file_signature(const char *path, uint64_t *device, uint64_t *inode, uint64_t *size,
                          int64_t *modified_ns, int64_t *changed_ns);

/// `tf_font_file_map` results.
enum {
    TF_FONT_FILE_OK = 0,
    TF_FONT_FILE_NOT_FOUND = 1,    // no such file (ENOENT, ENOTDIR)
    TF_FONT_FILE_NOT_REGULAR = 2,  // a directory, FIFO, socket or device
    TF_FONT_FILE_TOO_LARGE = 3,    // larger than the size limit
    TF_FONT_FILE_CANNOT_OPEN = 4,  // stat, open, allocation or read failed: `*system_error` holds errno
    TF_FONT_FILE_CHANGED = 5,      // the file's size changed while it was read
};

/// Reads the regular file at `path` into memory of its own if it is at most `size_limit` bytes, never
/// blocking (a FIFO or device is refused before it is opened). A copy, not a mapping: a file truncated or
/// rewritten after it was read cannot fault the process (a shrunk mapping raises SIGBUS on access). A file
/// that changed size while it was read is refused. On success the caller owns `*bytes` and releases it
/// with `tf_font_file_unmap` or hands it to `tf_face_create`. Returns a TF_FONT_FILE_ code.
int32_t tf_font_file_map(const char *path, uint64_t size_limit, tf_font_bytes *bytes, int32_t *system_error);
void tf_font_file_unmap(tf_font_bytes bytes);

/// What FreeType reads from one face of a font file.
typedef struct {
    int32_t face_count;       // faces in the file (collections have several)
    int32_t glyph_count;
    int32_t is_scalable;
    int32_t is_italic;        // FreeType's italic style flag (OS/2 fsSelection, head macStyle or the style name)
    int32_t weight_class;     // OS/2 usWeightClass (CSS scale, 400 regular, 700 bold); 0 without an OS/2 table
    char family[128];
    char style[64];
} tf_font_file_info;

/// Opens face `face_index` of a font file's bytes with FreeType to check it is a readable font.
/// Returns 0 on success or the FreeType error code (FT_Err_Invalid_Argument for a bad face index, ...).
int32_t tf_font_bytes_probe(tf_font_bytes bytes, int32_t face_index, tf_font_file_info *info);

/// FreeType's own answer for the top of `codepoint`'s glyph: the control box yMax of its unscaled,
/// unhinted outline, in design units (0 for a glyph without an outline). Returns 0 or the FreeType error
/// (FT_Err_Invalid_Glyph_Index when the face lacks the character). The cross-check of the cap height and
/// x-height `tf_face_get_metrics` takes from glyph bounds (F4).
int32_t tf_font_bytes_glyph_top(tf_font_bytes bytes, int32_t face_index, uint32_t codepoint, int32_t *top);

// MARK: - Faces and fonts (HarfBuzz)

/// An immutable HarfBuzz face (a font file's face at design resolution). Thread-safe once created.
typedef struct tf_face tf_face;

/// Vertical metrics in design units (rules F2, F4): hhea first, OS/2 typo then win when hhea is all zero.
typedef struct {
    int32_t units_per_em;  // head.unitsPerEm as stored (0 without a head table), not HarfBuzz's fallback
    int32_t ascender;      // positive
    int32_t descender;     // negative
    int32_t line_gap;
    int32_t cap_height;    // OS/2 sCapHeight, else the top of 'H' (F4); 0 when neither is known
    int32_t x_height;      // OS/2 sxHeight, else the top of 'x' (F4); 0 when neither is known
} tf_face_metrics;

/// Makes a face of face `face_index` of a font file's bytes, taking them over: they are unmapped when the
/// face is destroyed, or at once when this returns NULL (no glyphs, out of memory).
tf_face *tf_face_create(tf_font_bytes bytes, int32_t face_index);
/// Shape plans a face keeps (`tf_face_keep_shape_plans`) at most: one per script and direction met.
#define TF_SHAPE_PLAN_SLOTS 16
/// Makes a face's fonts shape through plans the face keeps (one per segment properties, made on first use
/// and kept until the face is destroyed) instead of HarfBuzz's per-call look-up. Only for the fonts TextFit
/// ships (see `shape_buffer` in tf_harfbuzz.c for why); call it before the face is shared. Ignored for a
/// variant (its features and variations take hb_shape).
void tf_face_keep_shape_plans(tf_face *face);
void tf_face_destroy(tf_face *face);
/// 1 when the file bytes `face` was made from are exactly `length` bytes equal to `bytes`, else 0: the font
/// catalog's check that a file met again at a known device and inode still holds the bytes it read
/// (a deleted file's inode is reused for the next file written).
int32_t tf_face_has_bytes(const tf_face *face, const void *bytes, size_t length);
/// 1 when two faces were made from equal file bytes, else 0.
int32_t tf_face_same_bytes(const tf_face *face, const tf_face *other);
void tf_face_get_metrics(const tf_face *face, tf_face_metrics *metrics);
/// 1 when the face maps `codepoint` to a glyph.
int32_t tf_face_has_codepoint(const tf_face *face, uint32_t codepoint);
/// 1 when shaping can change across a space: a GPOS or GSUB lookup involves the space glyph (kerning with
/// it, a ligature through it), or a legacy 'kern' table applies. Blink's HasSpaceInLigaturesOrKerning test.
int32_t tf_face_space_in_lookups(const tf_face *face);
/// Sets bit c of `bits` (limit / 64 words, zeroed by the caller) for each character c below `limit` the face
/// maps whose shaping after a space differs from its shaping alone (a kern pair with the space, a ligature or
/// a context across it): a text may be cut between a space and any other character.
void tf_face_space_pairs(const tf_face *face, uint32_t limit, uint64_t *bits);
/// Sets bit c of `bits` (1,024 words, zeroed by the caller) for each BMP character c of the ideograph, kana
/// and CJK punctuation blocks that shapes plainly in `face` for `script` (an HB_TAG, not 0): its glyph is in
/// no GSUB or GPOS lookup of the plan `tf_shape` uses for that script (inputs, contexts or outputs), unless
/// only as the second glyph of pair positioning (no such pair starts at a plain glyph), and is not a mark, in a face with no 'kern', 'morx', 'mort', 'kerx' or 'trak' table, features or variations.
/// Such a character is its own cluster with its nominal glyph's advance wherever it stands (`tf_shape_plain`).
/// Returns how many were set (0 for a face that has none or does not qualify). Slow (every lookup's glyphs
/// collected): once per face and script.
int32_t tf_face_plain_units(const tf_face *face, uint32_t script, uint64_t *bits);
/// 1 when `tf_shape` shapes text alike in `face` for left-to-right scripts `a` and `b` (HB_TAGs, not 0): the
/// plans it uses for them apply the same GSUB and GPOS lookups, in a face with no 'kern', 'morx', 'mort',
/// 'kerx' or 'trak' table, features or variations. The caller keeps to scripts HarfBuzz gives the same
/// shaper (Han, Hiragana, Katakana: its default one), so that equal lookups mean equal shaping: a Han
/// segment and a kana segment may then be shaped in one call (`tf_shape_joined`). Slow: once per face.
int32_t tf_face_scripts_shape_alike(const tf_face *face, uint32_t a, uint32_t b);
/// The advance of `codepoint`'s nominal glyph in design units (0 when missing), clamped like shaping's.
int32_t tf_face_codepoint_advance(const tf_face *face, uint32_t codepoint);

// MARK: - Font features and variations (rules O1-O6)

/// An OpenType feature setting: `tag` as HB_TAG, `value` 0 = off, 1 = on, n = the n-th alternate.
typedef struct {
    uint32_t tag;
    uint32_t value;
} tf_feature;

/// A variation axis setting in the axis's own (design) units, e.g. wght 650.
typedef struct {
    uint32_t tag;
    float value;
} tf_variation;

/// One axis of a variable face's fvar table.
typedef struct {
    uint32_t tag;
    uint32_t name_id;
    float min_value;
    float default_value;
    float max_value;
} tf_axis;

/// A face sharing `base`'s file and tables whose fonts apply `variations` (design coordinates, already
/// clamped by the caller; HarfBuzz clamps again) and shape with `features` over the whole text. The
/// design-unit queries of the new face (advances, metrics, coverage) follow the variation. NULL when out of
/// memory. Destroy with `tf_face_destroy`; `base` may be destroyed first.
tf_face *tf_face_create_variant(const tf_face *base, const tf_variation *variations, int32_t variation_count,
                                const tf_feature *features, int32_t feature_count);
/// The face's variation axes (fvar), up to `capacity` written; returns how many the face has.
int32_t tf_face_axes(const tf_face *face, tf_axis *axes, int32_t capacity);
/// The number of named instances (fvar).
int32_t tf_face_named_instance_count(const tf_face *face);
/// Named instance `index`: its subfamily name id, and its design coordinates, one per axis in fvar order,
/// up to `capacity` written. Returns the number of coordinates, or -1 for a bad index.
int32_t tf_face_named_instance(const tf_face *face, int32_t index, uint32_t *name_id, float *coords, int32_t capacity);
/// Name table entry `name_id` (English if present) as UTF-8 into `buffer` (NUL-terminated); returns its
/// length in bytes, 0 when absent.
int32_t tf_face_name(const tf_face *face, uint32_t name_id, char *buffer, int32_t capacity);
/// 1 when the face has an AAT 'trak' table (applied by HarfBuzz at the font's point size).
int32_t tf_face_has_tracking(const tf_face *face);

/// The largest glyph advance trusted, in em: wider than any real glyph (long Arabic ligatures and math
/// fonts' stretched braces reach 4-5 em), and 16 em at the largest size TextFit accepts (under 100,000 pt,
/// scale 102,400,000) still fits in an int32. Shaping and `tf_face_codepoint_advance` clamp every glyph
/// advance to [0, this many em]: a negative or larger one comes only from a damaged font.
#define TF_GLYPH_ADVANCE_LIMIT_EMS 16

/// A HarfBuzz font: a face at one scale (units per em of the shaping output). Immutable and shareable.
typedef struct tf_font tf_font;

/// `scale` is the em size in output units: TextFit uses 1/1024 pt, so scale = round(points × 1024).
tf_font *tf_font_create(const tf_face *face, int32_t scale);
void tf_font_destroy(tf_font *font);

/// Shapes `text[0..<length]` (UTF-16) on its own, with `script` (an ISO 15924 tag as
/// HB_TAG, 0 = guess) and left-to-right or right-to-left `direction` (0 = from the script).
/// Kerning and standard ligatures are on (rule F7). Glyph advances are clamped (TF_GLYPH_ADVANCE_LIMIT_EMS).
/// For each UTF-16 unit i: `advances[i]` receives the summed x-advance of the HarfBuzz cluster that starts at i
/// (0 for units inside a cluster); `flags[i]` gets bit 0 set when unit i does not start a cluster or its first
/// glyph is HB_GLYPH_FLAG_UNSAFE_TO_BREAK (breaking the text before i changes shaping), and bit 1 when
/// unit i starts a cluster with a .notdef glyph (glyph 0, a box: missing from the font).
/// A cluster's advances are summed in 64 bits; when a sum passes INT32_MAX it is spread over the cluster's
/// units (the slots inside a cluster are never read alone), keeping every slot an int32.
/// Returns the glyph count, -1 when shaping failed (out of memory), or -2 when a cluster is too wide even
/// spread over its units (over INT32_MAX output units, about 2 million pt, per UTF-16 unit on average).
/// Thread-safe (a buffer per thread).
int32_t tf_shape(const tf_font *font, const uint16_t *text, int32_t length, uint32_t script,
                 int32_t direction, int32_t *advances, uint8_t *flags);

/// What `tf_shape` gives a text of `length` units that are all set in `tf_face_plain_units`'s bits for the
/// text's script and the font's face, without HarfBuzz's shaping: each unit's nominal glyph's advance,
/// clamped as `tf_shape` clamps, and flags 0. Returns `length`, or -1 when a unit has no glyph.
/// A unit costs a table read: the face keeps its candidates' glyph advances by class (built on the first
/// call for any of its fonts, once), the font each class's advance at its scale (asked of HarfBuzz once).
int32_t tf_shape_plain(const tf_font *font, const uint16_t *text, int32_t length, int32_t *advances, uint8_t *flags);

/// `tf_shape` always in one hb_shape call: a text over 16,384 units (a huge unbroken word) is otherwise
/// shaped in windows cut where HarfBuzz leaves a cluster safe to break, to bound its buffer's memory.
/// For the tests that compare the two.
int32_t tf_shape_in_one_call(const tf_font *font, const uint16_t *text, int32_t length, uint32_t script,
                             int32_t direction, int32_t *advances, uint8_t *flags);

/// One shaped glyph, for drawing. Positions are in the font's output units (TextFit: 1/1024 pt); y is up.
typedef struct {
    uint32_t glyph;      // glyph id in the face (0 = .notdef)
    uint32_t cluster;    // UTF-16 offset of the cluster's first unit in the shaped text
    int32_t x_advance;
    int32_t x_offset;
    int32_t y_offset;
} tf_glyph;

/// Shapes `text` exactly like `tf_shape` (same features, script and direction handling) and writes the
/// glyphs in buffer (visual) order. Returns the glyph count; when it exceeds `capacity` nothing is written
/// and the caller retries with a larger buffer. -1 when shaping failed.
int32_t tf_shape_glyphs(const tf_font *font, const uint16_t *text, int32_t length, uint32_t script,
                        int32_t direction, tf_glyph *glyphs, int32_t capacity);

/// The caret positions the font's GDEF table gives ligature glyph `glyph` (x from the glyph's origin, in
/// the font's output units), ascending, for `direction` (1 left-to-right, 2 right-to-left). Writes at most
/// `capacity` and returns how many the glyph has (0 without a GDEF caret list or for another glyph).
int32_t tf_ligature_carets(const tf_font *font, uint32_t glyph, int32_t direction, int32_t *carets,
                           int32_t capacity);

/// The longest run of combining marks one hb_shape call receives (UAX #15's Stream-Safe limit of 30
/// non-starters, counting every mark, since HarfBuzz's time is quadratic in a run of them): a longer
/// run is shaped in chunks of at most this many marks and stays one cluster (see tf_harfbuzz.c).
#define TF_MARK_RUN_LIMIT 30

/// What the last `tf_shape` or `tf_shape_glyphs` call on this thread sent HarfBuzz, for tests that
/// bound the work in operations.
typedef struct {
    int32_t harfbuzz_calls;    // hb_shape calls made
    int32_t longest_mark_run;  // at most this many combining marks in a row reached one call
} tf_shaping_counts;

void tf_last_shaping_counts(tf_shaping_counts *counts);

/// How many shaping buffers this thread holds (0–2): after a text longer than 65,536 units they are given
/// back (for tests).
int32_t tf_thread_shaping_buffer_count(void);
/// 1 when the UTF-16 unit is in a block with no combining mark (general category M or a non-zero
/// combining class), so counting a run of marks (TF_MARK_RUN_LIMIT) need not look it up; 0 when it may
/// be a mark or is a surrogate.
int tf_is_surely_starter(uint32_t unit);

/// The HarfBuzz script of a code point as an ISO 15924 tag (e.g. 'Latn', 'Hani', 'Zyyy' common, 'Zinh'
/// inherited).
uint32_t tf_script_of(uint32_t codepoint);
/// 1 when `script` is written right to left.
int32_t tf_script_is_rtl(uint32_t script);

// MARK: - Fontconfig

/// A Fontconfig configuration: the system's fonts plus an application font directory (the bundled fonts).
typedef struct tf_fontconfig tf_fontconfig;

/// Loads the system configuration and adds `app_font_dir` (may be NULL). NULL when Fontconfig fails.
tf_fontconfig *tf_fontconfig_create(const char *app_font_dir);
void tf_fontconfig_destroy(tf_fontconfig *config);

/// A matched font file.
typedef struct {
    char path[1024];
    int32_t face_index;
    char family[128];
} tf_font_match;

/// Matches `family` at OpenType/CSS `weight` (100–900, converted with FcWeightFromOpenTypeDouble: 400 is
/// Fontconfig's 80, 700 its 200) and `slant` (0 roman, 100 italic). Returns 1 when the best match's family
/// names include `family` (case-insensitively), 0 when Fontconfig only found a substitute, -1 on error.
/// With `generic` 1, `family` is a generic name (`sans-serif`, `monospace`, ...) that the configuration
/// resolves to a real family: any match counts, and `match->family` is the family it resolved to.
int32_t tf_fontconfig_match_family(tf_fontconfig *config, const char *family, double weight, int32_t slant,
                                   int32_t generic, tf_font_match *match);
/// The family names of the scalable fonts the configuration knows (each font's first, usually English,
/// name), one per line, duplicates included; malloc'd, free with `tf_string_free`. NULL on failure.
char *tf_fontconfig_family_names(tf_fontconfig *config);
void tf_string_free(char *string);
/// The best font covering `codepoint`, preferring `family` (may be NULL); with `emoji`, the best colour
/// font only (language und-zsye and colour asked for, as Chromium asks for emoji). Returns 1 when found.
int32_t tf_fontconfig_match_codepoint(tf_fontconfig *config, uint32_t codepoint, const char *family,
                                      int32_t emoji, tf_font_match *match);

/// The system's fonts in the order Fontconfig sorts them for a font's pattern (family, weight, slant), as
/// Pango and Chromium build their fallback lists: `FcFontSetSort` over the system set only (the
/// application directory, TextFit's bundled fonts, is left out: they come after Fontconfig's answer),
/// trimmed to the fonts that add coverage. Immutable once made, so lookups need no lock.
typedef struct tf_font_chain tf_font_chain;

/// Sorts for `family` at OpenType/CSS `weight` (100–900, converted as `tf_fontconfig_match_family` does)
/// and `slant` (0 roman, 100 italic). NULL when Fontconfig fails or has no system fonts.
tf_font_chain *tf_fontconfig_sort(tf_fontconfig *config, const char *family, double weight, int32_t slant);
void tf_font_chain_destroy(tf_font_chain *chain);
int32_t tf_font_chain_count(const tf_font_chain *chain);
/// The index of the first font from `start` on whose character set has `codepoint`, or -1.
int32_t tf_font_chain_find(const tf_font_chain *chain, uint32_t codepoint, int32_t start);
/// Fills `match` with font `index`; returns 1, or 0 when `index` is out of range or has no file.
int32_t tf_font_chain_get(const tf_font_chain *chain, int32_t index, tf_font_match *match);

#ifdef __cplusplus
}
#endif

// The segment cache's tables, the worker pool and the per-thread scratch have their own headers; this
// one is the module's umbrella, so it brings them in. Rasterising and PNG live in another target (CTextFitRender), so
// measuring links neither FreeType's rasteriser nor libpng.
#include "CTextFitPool.h"
#include "CTextFitScratch.h"
#include "CTextFitTextRecords.h"
#include "CTextFitSegmentCache.h"
#include "CTextFitSpare.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The most UTF-16 units `tf_shape_joined` shapes in one call (its joined text is on the stack).
#define TF_JOINED_UNIT_LIMIT 2048

/// Shapes the texts of `pieces[0 ..< count]` (`key.text`, `key.length`; an explicit `script`, not 0, whose
/// direction each piece alone is shaped in) joined in logical order as one text, in one hb_shape call, and writes each piece's advances
/// and flags to `advances + start` and `flags + start` as `tf_shape` of that piece alone would, then
/// `sliced[i]` = 1. Where HarfBuzz cannot promise that (a join inside a cluster or flagged
/// HB_GLYPH_FLAG_UNSAFE_TO_BREAK: kerning or a contextual lookup across it; a cluster sum past INT32_MAX)
/// `sliced[i]` = 0 on both sides and the caller shapes those pieces alone. Returns the glyph count, or -1
/// when no piece is sliced and the caller shapes every piece alone (HarfBuzz failed, more than
/// TF_JOINED_UNIT_LIMIT units, a run of marks `tf_shape` would shape in chunks, clusters out of order). One call instead of one a piece saves
/// HarfBuzz's cost per call, which in fonts with many lookups is most of a short word's.
int32_t tf_shape_joined(const tf_font *font, const tf_segment_lookup *pieces, int32_t count, uint32_t script,
                        int32_t *advances, uint8_t *flags, uint8_t *sliced);

// MARK: - libhyphen (hyphenation dictionaries)

/// A loaded libhyphen dictionary (`hyph_*.dic`). Immutable once loaded: libhyphen's hyphenation reads it
/// only, so one dictionary serves every thread.
typedef struct tf_hyphen_dict tf_hyphen_dict;

/// Loads the dictionary at `path`; NULL when the file is missing or not a dictionary.
tf_hyphen_dict *tf_hyphen_load(const char *path);
void tf_hyphen_free(tf_hyphen_dict *dict);
/// 1 when the dictionary's patterns are UTF-8, 0 when they are ISO 8859-1 (its first line names it).
int tf_hyphen_is_utf8(const tf_hyphen_dict *dict);
/// The dictionary's LEFTHYPHENMIN and RIGHTHYPHENMIN (0 when it gives none).
int tf_hyphen_left_min(const tf_hyphen_dict *dict);
int tf_hyphen_right_min(const tf_hyphen_dict *dict);
/// Standard hyphenation points of the lowercase `word` (`length` bytes in the dictionary's encoding):
/// sets `points[i]` to 1 when a hyphen may follow byte i, else 0 (`points` holds `length` bytes). A point
/// the dictionary gives only with a spelling change (non-standard, "Zucker" → "Zuk-ker") is left out.
/// `left_min`/`right_min` are raised to the dictionary's own. Returns 0, or -1 when libhyphen fails.
int tf_hyphen_points(const tf_hyphen_dict *dict, const char *word, int length, int left_min, int right_min,
                     unsigned char *points);

#ifdef __cplusplus
}
#endif

#endif
