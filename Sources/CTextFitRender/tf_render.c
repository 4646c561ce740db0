// FreeType drawing: glyph outlines rasterised unhinted at exact fractional scales and positions, SVG path
// data from the same outlines, colour bitmaps (CBDT, sbix) scaled from their largest strike, and the RGBA
// canvas they are composited on.
//
// Outlines are loaded in font units (FT_LOAD_NO_SCALE, which implies no hinting) and scaled here in double
// precision. Setting a char size instead would round: FreeType snaps the ppem of TrueType fonts whose head
// flags ask for integer ppem (nearly all), so 15 pt at 2.5x (37.5 ppem) would draw at 38 ppem while
// HarfBuzz measured at 37.5. Scaling the design outline ourselves keeps glyphs exactly as wide as the
// advances TextFit measured with HarfBuzz's linear scale.
#include "CTextFitRender.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_BITMAP_H
#include FT_TRUETYPE_TABLES_H
#include FT_MULTIPLE_MASTERS_H
#include <math.h>

// MARK: - Glyph sources

struct tf_glyph_source {
    FT_Library library;
    FT_Face face;
    int has_color;  // colour bitmaps to draw
    int strike;     // the largest bitmap strike (-1 when none)
};

tf_glyph_source *tf_glyph_source_create(const char *path, int32_t face_index, int32_t *error) {
    *error = 0;
    tf_glyph_source *source = calloc(1, sizeof(tf_glyph_source));
    if (source == NULL) {
        *error = FT_Err_Out_Of_Memory;
        return NULL;
    }
    FT_Error status = FT_Init_FreeType(&source->library);
    if (status == 0) status = FT_New_Face(source->library, path, face_index, &source->face);
    if (status != 0) {
        if (source->library != NULL) FT_Done_FreeType(source->library);
        free(source);
        *error = (int32_t)status;
        return NULL;
    }
    source->strike = -1;
    FT_Face face = source->face;
    for (int i = 0; i < face->num_fixed_sizes; i++) {
        if (source->strike < 0 || face->available_sizes[i].y_ppem > face->available_sizes[source->strike].y_ppem) {
            source->strike = i;
        }
    }
    source->has_color = FT_HAS_COLOR(face) && source->strike >= 0;
    return source;
}

// A variable font's instance: each axis at the value given for its tag (clamped to the axis), the others
// at their defaults, as design coordinates (what HarfBuzz shaped with, rule O3), so the outlines drawn are
// the instance's and not the default's. 0 on success (nothing to do for a font without axes), else
// -FreeType's error.
int32_t tf_glyph_source_set_variations(tf_glyph_source *source, const uint32_t *tags, const double *values,
                                       int32_t count) {
    if (count <= 0 || !FT_HAS_MULTIPLE_MASTERS(source->face)) return 0;
    FT_MM_Var *mm = NULL;
    FT_Error status = FT_Get_MM_Var(source->face, &mm);
    if (status != 0) return -(int32_t)status;
    FT_UInt axes = mm->num_axis;
    FT_Fixed *coords = calloc(axes > 0 ? axes : 1, sizeof(FT_Fixed));
    if (coords == NULL) {
        FT_Done_MM_Var(source->library, mm);
        return -(int32_t)FT_Err_Out_Of_Memory;
    }
    for (FT_UInt i = 0; i < axes; i++) {
        coords[i] = mm->axis[i].def;
        for (int32_t k = 0; k < count; k++) {
            if (mm->axis[i].tag != tags[k] || !isfinite(values[k])) continue;
            double value = values[k] * 65536.0;
            if (value < (double)mm->axis[i].minimum) value = (double)mm->axis[i].minimum;
            if (value > (double)mm->axis[i].maximum) value = (double)mm->axis[i].maximum;
            coords[i] = (FT_Fixed)lround(value);
        }
    }
    status = FT_Set_Var_Design_Coordinates(source->face, axes, coords);
    free(coords);
    FT_Done_MM_Var(source->library, mm);
    return status == 0 ? 0 : -(int32_t)status;
}

void tf_glyph_source_destroy(tf_glyph_source *source) {
    if (source == NULL) return;
    FT_Done_Face(source->face);
    FT_Done_FreeType(source->library);
    free(source);
}

int32_t tf_glyph_source_units_per_em(const tf_glyph_source *source) {
    if (source->face->units_per_EM > 0) return (int32_t)source->face->units_per_EM;
    // Bitmap-only faces (CBDT) report 0, but HarfBuzz measured them with their head table's value.
    const TT_Header *head = FT_Get_Sfnt_Table(source->face, FT_SFNT_HEAD);
    return head != NULL && head->Units_Per_EM > 0 ? (int32_t)head->Units_Per_EM : 1000;
}

int32_t tf_glyph_source_has_color(const tf_glyph_source *source) { return source->has_color; }

/// The glyph's outline in font units, or NULL (empty glyph or error, told apart by `*error`).
static FT_Outline *load_outline(tf_glyph_source *source, uint32_t glyph, FT_Error *error) {
    *error = FT_Load_Glyph(source->face, glyph, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP);
    if (*error != 0) return NULL;
    FT_GlyphSlot slot = source->face->glyph;
    if (slot->format != FT_GLYPH_FORMAT_OUTLINE || slot->outline.n_points <= 0 || slot->outline.n_contours <= 0) {
        return NULL;
    }
    return &slot->outline;
}

/// A colour bitmap of `glyph` at the largest strike (BGRA, premultiplied), or NULL.
static FT_Bitmap *load_color_bitmap(tf_glyph_source *source, uint32_t glyph, double *strike_ppem, int *left,
                                    int *top) {
    if (!source->has_color) return NULL;
    FT_Face face = source->face;
    if (FT_Select_Size(face, source->strike) != 0) return NULL;
    if (FT_Load_Glyph(face, glyph, FT_LOAD_COLOR) != 0) return NULL;
    FT_GlyphSlot slot = face->glyph;
    if (slot->format != FT_GLYPH_FORMAT_BITMAP || slot->bitmap.pixel_mode != FT_PIXEL_MODE_BGRA
        || slot->bitmap.width == 0 || slot->bitmap.rows == 0) {
        return NULL;
    }
    *strike_ppem = face->available_sizes[source->strike].y_ppem / 64.0;
    *left = slot->bitmap_left;
    *top = slot->bitmap_top;
    return &slot->bitmap;
}

int32_t tf_glyph_kind(tf_glyph_source *source, uint32_t glyph) {
    double ppem;
    int left, top;
    if (load_color_bitmap(source, glyph, &ppem, &left, &top) != NULL) return TF_GLYPH_BITMAP;
    FT_Error error;
    if (load_outline(source, glyph, &error) != NULL) return TF_GLYPH_OUTLINE;
    // A bitmap-only face has no outlines to load: a glyph without a bitmap there is simply empty.
    if (error != 0 && !(source->has_color && !FT_IS_SCALABLE(source->face))) return -(int32_t)error;
    return TF_GLYPH_EMPTY;
}

// MARK: - SVG path data

typedef struct {
    char *data;
    size_t length;
    size_t capacity;
    int failed;
} path_builder;

static void append(path_builder *builder, const char *format, ...) {
    if (builder->failed) return;
    for (;;) {
        va_list arguments;
        va_start(arguments, format);
        size_t room = builder->capacity - builder->length;
        int written = vsnprintf(builder->data + builder->length, room, format, arguments);
        va_end(arguments);
        if (written < 0) {
            builder->failed = 1;
            return;
        }
        if ((size_t)written < room) {
            builder->length += (size_t)written;
            return;
        }
        size_t capacity = builder->capacity * 2 + (size_t)written + 64;
        char *grown = realloc(builder->data, capacity);
        if (grown == NULL) {
            builder->failed = 1;
            return;
        }
        builder->data = grown;
        builder->capacity = capacity;
    }
}

static int path_move_to(const FT_Vector *to, void *user) {
    path_builder *builder = user;
    append(builder, builder->length > 0 ? "ZM%ld %ld" : "M%ld %ld", (long)to->x, (long)to->y);
    return 0;
}

static int path_line_to(const FT_Vector *to, void *user) {
    append(user, "L%ld %ld", (long)to->x, (long)to->y);
    return 0;
}

static int path_conic_to(const FT_Vector *control, const FT_Vector *to, void *user) {
    append(user, "Q%ld %ld %ld %ld", (long)control->x, (long)control->y, (long)to->x, (long)to->y);
    return 0;
}

static int path_cubic_to(const FT_Vector *control1, const FT_Vector *control2, const FT_Vector *to, void *user) {
    append(user, "C%ld %ld %ld %ld %ld %ld", (long)control1->x, (long)control1->y, (long)control2->x,
           (long)control2->y, (long)to->x, (long)to->y);
    return 0;
}

int32_t tf_glyph_svg_path(tf_glyph_source *source, uint32_t glyph, char *buffer, int32_t capacity) {
    if (capacity > 0) buffer[0] = 0;
    FT_Error error;
    FT_Outline *outline = load_outline(source, glyph, &error);
    if (outline == NULL) {
        if (error != 0 && !(source->has_color && !FT_IS_SCALABLE(source->face))) return -(int32_t)error;
        return 0;
    }
    path_builder builder = {malloc(256), 0, 256, 0};
    if (builder.data == NULL) return -(int32_t)FT_Err_Out_Of_Memory;
    builder.data[0] = 0;
    FT_Outline_Funcs funcs = {path_move_to, path_line_to, path_conic_to, path_cubic_to, 0, 0};
    error = FT_Outline_Decompose(outline, &funcs, &builder);
    if (builder.length > 0) append(&builder, "Z");
    if (error != 0 || builder.failed) {
        free(builder.data);
        return error != 0 ? -(int32_t)error : -(int32_t)FT_Err_Out_Of_Memory;
    }
    if (capacity > 0) {
        size_t copied = builder.length < (size_t)capacity - 1 ? builder.length : (size_t)capacity - 1;
        memcpy(buffer, builder.data, copied);
        buffer[copied] = 0;
    }
    int32_t length = (int32_t)builder.length;
    free(builder.data);
    return length;
}

// MARK: - Canvas

struct tf_canvas {
    int32_t width;
    int32_t height;
    uint8_t *pixels;  // premultiplied RGBA
};

tf_canvas *tf_canvas_create(int32_t width, int32_t height, uint32_t background) {
    if (width <= 0 || height <= 0 || (int64_t)width * height > ((int64_t)1 << 28)) return NULL;
    tf_canvas *canvas = malloc(sizeof(tf_canvas));
    if (canvas == NULL) return NULL;
    canvas->width = width;
    canvas->height = height;
    size_t count = (size_t)width * (size_t)height;
    canvas->pixels = malloc(count * 4);
    if (canvas->pixels == NULL) {
        free(canvas);
        return NULL;
    }
    unsigned a = background & 0xFF;
    uint8_t pixel[4] = {
        (uint8_t)(((background >> 24) & 0xFF) * a / 255), (uint8_t)(((background >> 16) & 0xFF) * a / 255),
        (uint8_t)(((background >> 8) & 0xFF) * a / 255), (uint8_t)a,
    };
    for (size_t i = 0; i < count; i++) memcpy(canvas->pixels + i * 4, pixel, 4);
    return canvas;
}

void tf_canvas_destroy(tf_canvas *canvas) {
    if (canvas == NULL) return;
    free(canvas->pixels);
    free(canvas);
}

int32_t tf_canvas_width(const tf_canvas *canvas) { return canvas->width; }
int32_t tf_canvas_height(const tf_canvas *canvas) { return canvas->height; }

void tf_canvas_copy_rgba(const tf_canvas *canvas, uint8_t *rgba) {
    size_t count = (size_t)canvas->width * (size_t)canvas->height;
    for (size_t i = 0; i < count; i++) {
        const uint8_t *p = canvas->pixels + i * 4;
        uint8_t *out = rgba + i * 4;
        unsigned a = p[3];
        if (a == 255) {
            memcpy(out, p, 4);
        } else if (a == 0) {
            memset(out, 0, 4);
        } else {
            for (int c = 0; c < 3; c++) {
                unsigned value = (p[c] * 255u + a / 2) / a;
                out[c] = (uint8_t)(value > 255 ? 255 : value);
            }
            out[3] = (uint8_t)a;
        }
    }
}

/// A pixel coordinate as an integer, clamped to ±2^30 (NaN to the low end): far outside any canvas
/// (at most 16,384 pixels a side), yet a difference or product of two stays within an int64, so a glyph
/// placed absurdly far away is skipped as off the canvas instead of converting out of range (undefined).
static int64_t pixel_floor(double value) {
    const double limit = 1073741824.0;
    if (!(value > -limit)) return -(int64_t)limit;
    return value < limit ? (int64_t)floor(value) : (int64_t)limit;
}

static int64_t pixel_ceil(double value) { return -pixel_floor(-value); }

/// Source-over of a premultiplied colour: `r`, `g`, `b` are the source's premultiplied channels in units
/// of 1/65025 (0...255 × 65025) and `a` its alpha in 0...65025 (255 × 255 fixed point).
static inline void blend(uint8_t *p, uint32_t r, uint32_t g, uint32_t b, uint32_t a) {
    uint32_t keep = 65025 - a;
    p[0] = (uint8_t)((r + p[0] * keep + 32512) / 65025);
    p[1] = (uint8_t)((g + p[1] * keep + 32512) / 65025);
    p[2] = (uint8_t)((b + p[2] * keep + 32512) / 65025);
    p[3] = (uint8_t)((255 * a + p[3] * keep + 32512) / 65025);
}

/// Blends straight colour `rgba` at `coverage` (0...255) onto pixel (x, y) if it is on the canvas.
static inline void blend_coverage(tf_canvas *canvas, int64_t x, int64_t y, uint32_t rgba, unsigned coverage) {
    if (coverage == 0 || x < 0 || y < 0 || x >= canvas->width || y >= canvas->height) return;
    uint32_t a = (rgba & 0xFF) * coverage;  // 0...65025
    blend(canvas->pixels + ((size_t)y * (size_t)canvas->width + (size_t)x) * 4, ((rgba >> 24) & 0xFF) * a,
          ((rgba >> 16) & 0xFF) * a, ((rgba >> 8) & 0xFF) * a, a);
}

void tf_canvas_fill_rect(tf_canvas *canvas, double x, double y, double width, double height, uint32_t rgba) {
    if (!(width > 0) || !(height > 0) || !isfinite(x) || !isfinite(y)) return;
    double x0 = fmax(x, 0), y0 = fmax(y, 0);
    double x1 = fmin(x + width, canvas->width), y1 = fmin(y + height, canvas->height);
    if (x1 <= x0 || y1 <= y0) return;
    for (int64_t row = (int64_t)floor(y0); row < (int64_t)ceil(y1); row++) {
        double cover_y = fmin(row + 1.0, y1) - fmax((double)row, y0);
        for (int64_t column = (int64_t)floor(x0); column < (int64_t)ceil(x1); column++) {
            double cover_x = fmin(column + 1.0, x1) - fmax((double)column, x0);
            unsigned coverage = (unsigned)lround(fmax(0, fmin(1, cover_x * cover_y)) * 255);
            blend_coverage(canvas, column, row, rgba, coverage);
        }
    }
}

// MARK: - Drawing glyphs

/// A scaled outline's pixel box: columns [left, right), and y-up rows [bottom, top) (canvas row = -u).
typedef struct {
    int64_t left, right, bottom, top;
} pixel_box;

static pixel_box outline_box(const FT_Outline *outline, double x, double y, double ppu) {
    double min_x = INFINITY, max_x = -INFINITY, min_u = INFINITY, max_u = -INFINITY;
    for (int i = 0; i < outline->n_points; i++) {
        double cx = x + outline->points[i].x * ppu;
        double u = outline->points[i].y * ppu - y;
        min_x = fmin(min_x, cx);
        max_x = fmax(max_x, cx);
        min_u = fmin(min_u, u);
        max_u = fmax(max_u, u);
    }
    pixel_box box = {pixel_floor(min_x), pixel_ceil(max_x), pixel_floor(min_u), pixel_ceil(max_u)};
    if (box.right == box.left) box.right++;
    if (box.top == box.bottom) box.top++;
    return box;
}

/// Where a colour bitmap lands: its scale and its top-left corner in canvas pixels.
typedef struct {
    double scale;
    double x0, y0;
} bitmap_placement;

static bitmap_placement place_bitmap(double x, double y, double ppu, int units_per_em, double strike_ppem, int left,
                                     int top) {
    bitmap_placement placement;
    placement.scale = ppu * units_per_em / strike_ppem;
    placement.x0 = x + left * placement.scale;
    placement.y0 = y - top * placement.scale;
    return placement;
}

static int32_t draw_outline(tf_canvas *canvas, tf_glyph_source *source, FT_Outline *outline, double x, double y,
                            double ppu, uint32_t rgba) {
    pixel_box box = outline_box(outline, x, y, ppu);
    // Entirely off the canvas: nothing to rasterise.
    if (box.right <= 0 || box.left >= canvas->width || -box.bottom <= 0 || -box.top >= canvas->height) {
        return TF_GLYPH_OUTLINE;
    }
    int64_t width = box.right - box.left, rows = box.top - box.bottom;
    if (width * rows > ((int64_t)1 << 26)) return -(int32_t)FT_Err_Out_Of_Memory;
    for (int i = 0; i < outline->n_points; i++) {
        double cx = x + outline->points[i].x * ppu - (double)box.left;
        double u = outline->points[i].y * ppu - y - (double)box.bottom;
        outline->points[i].x = (FT_Pos)lround(cx * 64);
        outline->points[i].y = (FT_Pos)lround(u * 64);
    }
    FT_Bitmap bitmap;
    FT_Bitmap_Init(&bitmap);
    bitmap.width = (unsigned)width;
    bitmap.rows = (unsigned)rows;
    bitmap.pitch = (int)width;
    bitmap.pixel_mode = FT_PIXEL_MODE_GRAY;
    bitmap.num_grays = 256;
    bitmap.buffer = calloc((size_t)(width * rows), 1);
    if (bitmap.buffer == NULL) return -(int32_t)FT_Err_Out_Of_Memory;
    FT_Error error = FT_Outline_Get_Bitmap(source->library, outline, &bitmap);
    if (error == 0) {
        // Memory row r is the y-up band [top - r - 1, top - r), i.e. canvas row r - top.
        for (int64_t r = 0; r < rows; r++) {
            const uint8_t *line = bitmap.buffer + r * width;
            for (int64_t c = 0; c < width; c++) {
                blend_coverage(canvas, box.left + c, r - box.top, rgba, line[c]);
            }
        }
    }
    free(bitmap.buffer);
    return error == 0 ? TF_GLYPH_OUTLINE : -(int32_t)error;
}

/// Composites a premultiplied BGRA bitmap scaled by `placement.scale`, each canvas pixel taking the
/// area-weighted average of the source pixels it covers (a box filter: right for the usual downscale
/// from a 109 ppem strike, and smooth enough when enlarging).
static void draw_bitmap(tf_canvas *canvas, const FT_Bitmap *bitmap, bitmap_placement placement) {
    double s = placement.scale;
    double x1 = placement.x0 + bitmap->width * s, y1 = placement.y0 + bitmap->rows * s;
    int64_t first_column = pixel_floor(placement.x0), last_column = pixel_ceil(x1);
    int64_t first_row = pixel_floor(placement.y0), last_row = pixel_ceil(y1);
    if (first_column < 0) first_column = 0;
    if (first_row < 0) first_row = 0;
    if (last_column > canvas->width) last_column = canvas->width;
    if (last_row > canvas->height) last_row = canvas->height;
    for (int64_t row = first_row; row < last_row; row++) {
        // The source rows this canvas row covers, in source pixel units.
        double sy0 = fmax(0, (row - placement.y0) / s), sy1 = fmin(bitmap->rows, (row + 1 - placement.y0) / s);
        if (sy1 <= sy0) continue;
        for (int64_t column = first_column; column < last_column; column++) {
            double sx0 = fmax(0, (column - placement.x0) / s);
            double sx1 = fmin(bitmap->width, (column + 1 - placement.x0) / s);
            if (sx1 <= sx0) continue;
            double sum[4] = {0, 0, 0, 0};
            for (int64_t sy = (int64_t)floor(sy0); sy < (int64_t)ceil(sy1); sy++) {
                double wy = fmin(sy + 1.0, sy1) - fmax((double)sy, sy0);
                const uint8_t *line = bitmap->buffer + sy * bitmap->pitch;
                for (int64_t sx = (int64_t)floor(sx0); sx < (int64_t)ceil(sx1); sx++) {
                    double w = wy * (fmin(sx + 1.0, sx1) - fmax((double)sx, sx0));
                    const uint8_t *p = line + sx * 4;  // B, G, R, A premultiplied
                    sum[0] += p[2] * w;
                    sum[1] += p[1] * w;
                    sum[2] += p[0] * w;
                    sum[3] += p[3] * w;
                }
            }
            // The average over the canvas pixel: the source area it covers is 1/s² source pixels.
            double area = s * s;
            uint32_t r = (uint32_t)fmin(16581375, lround(sum[0] * area * 65025));
            uint32_t g = (uint32_t)fmin(16581375, lround(sum[1] * area * 65025));
            uint32_t b = (uint32_t)fmin(16581375, lround(sum[2] * area * 65025));
            uint32_t a = (uint32_t)fmin(65025, lround(sum[3] * area * 255));
            if (a > 0) blend(canvas->pixels + ((size_t)row * (size_t)canvas->width + (size_t)column) * 4, r, g, b, a);
        }
    }
}

int32_t tf_canvas_draw_glyph(tf_canvas *canvas, tf_glyph_source *source, uint32_t glyph, double x, double y,
                             double pixels_per_unit, uint32_t rgba) {
    double strike_ppem;
    int left, top;
    FT_Bitmap *bitmap = load_color_bitmap(source, glyph, &strike_ppem, &left, &top);
    if (bitmap != NULL) {
        bitmap_placement placement = place_bitmap(x, y, pixels_per_unit, tf_glyph_source_units_per_em(source),
                                                  strike_ppem, left, top);
        draw_bitmap(canvas, bitmap, placement);
        return TF_GLYPH_BITMAP;
    }
    FT_Error error;
    FT_Outline *outline = load_outline(source, glyph, &error);
    if (outline == NULL) {
        if (error != 0 && !(source->has_color && !FT_IS_SCALABLE(source->face))) return -(int32_t)error;
        return TF_GLYPH_EMPTY;
    }
    return draw_outline(canvas, source, outline, x, y, pixels_per_unit, rgba);
}

int32_t tf_glyph_pixel_bounds(tf_glyph_source *source, uint32_t glyph, double x, double y, double pixels_per_unit,
                              int32_t box[4]) {
    memset(box, 0, sizeof(int32_t) * 4);
    double strike_ppem;
    int left, top;
    FT_Bitmap *bitmap = load_color_bitmap(source, glyph, &strike_ppem, &left, &top);
    if (bitmap != NULL) {
        bitmap_placement placement = place_bitmap(x, y, pixels_per_unit, tf_glyph_source_units_per_em(source),
                                                  strike_ppem, left, top);
        box[0] = (int32_t)pixel_floor(placement.x0);
        box[1] = (int32_t)pixel_floor(placement.y0);
        box[2] = (int32_t)pixel_ceil(placement.x0 + bitmap->width * placement.scale);
        box[3] = (int32_t)pixel_ceil(placement.y0 + bitmap->rows * placement.scale);
        return 0;
    }
    FT_Error error;
    FT_Outline *outline = load_outline(source, glyph, &error);
    if (outline == NULL) {
        if (error != 0 && !(source->has_color && !FT_IS_SCALABLE(source->face))) return -(int32_t)error;
        return 1;
    }
    pixel_box pixels = outline_box(outline, x, y, pixels_per_unit);
    box[0] = (int32_t)pixels.left;
    box[1] = (int32_t)-pixels.top;
    box[2] = (int32_t)pixels.right;
    box[3] = (int32_t)-pixels.bottom;
    return 0;
}

void tf_free(void *pointer) { free(pointer); }
