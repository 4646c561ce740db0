// CTextFitRender: drawing what TextFit measured (FreeType rasterisation, SVG outlines, PNG), apart from
// the measuring shim so that measuring links neither the rasteriser nor libpng. The glyphs to draw come
// from TextFit's public glyph runs (shaped there); this side only opens font files and draws.
//
// Same conventions as CTextFit.h: a `tf_` prefix, opaque handles, 0 (or a non-NULL handle) on success.
// Nothing here is shared between threads: a renderer creates its own glyph sources and canvas per
// picture (FreeType faces are not thread-safe), so pictures can be drawn concurrently.
#ifndef CTEXTFIT_RENDER_H
#define CTEXTFIT_RENDER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Glyph sources (FreeType)

/// A FreeType face opened for drawing (its own FT_Library). Single-threaded: one per picture.
typedef struct tf_glyph_source tf_glyph_source;

/// Opens face `face_index` of `path`. NULL and `*error` = FreeType's code when it cannot.
tf_glyph_source *tf_glyph_source_create(const char *path, int32_t face_index, int32_t *error);
void tf_glyph_source_destroy(tf_glyph_source *source);
// Sets the instance of a variable font: `count` axis tags (OpenType, big-endian packed) and their values.
int32_t tf_glyph_source_set_variations(tf_glyph_source *source, const uint32_t *tags, const double *values,
                                       int32_t count);
/// The face's units per em (outlines are in these units).
int32_t tf_glyph_source_units_per_em(const tf_glyph_source *source);
/// 1 when the face draws colour bitmap glyphs (CBDT, sbix), else 0. COLR layers are not drawn: such a
/// face's base outlines are drawn in the text colour.
int32_t tf_glyph_source_has_color(const tf_glyph_source *source);

/// How a glyph is drawn.
enum {
    TF_GLYPH_EMPTY = 0,    // no ink (a space, a control)
    TF_GLYPH_OUTLINE = 1,  // a monochrome outline
    TF_GLYPH_BITMAP = 2,   // a colour bitmap (CBDT, sbix)
};

/// What kind of glyph `glyph` is; negative on a FreeType error.
int32_t tf_glyph_kind(tf_glyph_source *source, uint32_t glyph);

/// The unhinted outline of `glyph` as SVG path data in font units, y up (no transform applied), written
/// NUL-terminated to `buffer`. Returns the length the data needs (without the NUL), like snprintf: when
/// it is >= `capacity` the output was truncated. 0 for a glyph without an outline (empty, or a colour
/// bitmap); negative on a FreeType error.
int32_t tf_glyph_svg_path(tf_glyph_source *source, uint32_t glyph, char *buffer, int32_t capacity);

// MARK: - Canvas

/// An RGBA picture, premultiplied alpha internally, row-major, top row first.
typedef struct tf_canvas tf_canvas;

/// A canvas of `width` × `height` pixels filled with `background` (0xRRGGBBAA; 0 = transparent).
/// NULL when the size is not positive or too large (more than 2^28 pixels) or memory runs out.
tf_canvas *tf_canvas_create(int32_t width, int32_t height, uint32_t background);
void tf_canvas_destroy(tf_canvas *canvas);
int32_t tf_canvas_width(const tf_canvas *canvas);
int32_t tf_canvas_height(const tf_canvas *canvas);
/// Copies the pixels, un-premultiplied, as RGBA8 rows into `rgba` (width × height × 4 bytes).
void tf_canvas_copy_rgba(const tf_canvas *canvas, uint8_t *rgba);

/// Fills the axis-aligned rectangle (pixels, fractional) with `rgba`, anti-aliasing partial pixels.
void tf_canvas_fill_rect(tf_canvas *canvas, double x, double y, double width, double height, uint32_t rgba);

/// Draws `glyph` with its pen at (`x`, `y`) pixels (y = the baseline, growing down), scaled by
/// `pixels_per_unit` (pixels per font unit), with grayscale anti-aliasing and no hinting. Outlines are
/// drawn in `rgba`; colour bitmaps keep their colours (scaled from the face's largest strike).
/// Returns the glyph kind drawn (TF_GLYPH_*) or a negative FreeType error.
int32_t tf_canvas_draw_glyph(tf_canvas *canvas, tf_glyph_source *source, uint32_t glyph, double x, double y,
                             double pixels_per_unit, uint32_t rgba);

/// The pixels `tf_canvas_draw_glyph` would touch for `glyph` with its pen at (`x`, `y`): the whole-pixel
/// box [box[0], box[2]) × [box[1], box[3]) in canvas coordinates (y down), from the scaled outline's
/// control box or the scaled bitmap. Returns 0 when the glyph has ink, 1 when it has none, or a negative
/// FreeType error.
int32_t tf_glyph_pixel_bounds(tf_glyph_source *source, uint32_t glyph, double x, double y,
                              double pixels_per_unit, int32_t box[4]);

// MARK: - PNG (libpng)

/// Encodes the canvas as an 8-bit PNG: RGB when `keep_alpha` is 0 (the canvas composited on nothing: use
/// an opaque background), else RGBA. On success returns 0 and sets `*data` (free with `tf_free`) and
/// `*size`; else the libpng message is copied to `message`.
int32_t tf_png_encode(const tf_canvas *canvas, int32_t keep_alpha, uint8_t **data, size_t *size,
                      char *message, size_t message_capacity);

/// Decodes a PNG to RGBA8 (any PNG libpng reads). On success returns 0 and sets `*rgba` (free with
/// `tf_free`), `*width`, `*height`.
int32_t tf_png_decode(const uint8_t *data, size_t size, uint8_t **rgba, int32_t *width, int32_t *height,
                      char *message, size_t message_capacity);

/// Frees memory the render functions returned.
void tf_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
