// libpng: encoding canvases as PNG and decoding PNGs (for tests and golden images), in memory, through
// libpng's simplified API. The only file that includes libpng's header.
#include "CTextFitRender.h"
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>

static void copy_message(char *destination, size_t capacity, const char *source) {
    if (capacity == 0) return;
    strncpy(destination, source, capacity - 1);
    destination[capacity - 1] = 0;
}

/// A growing output buffer for png_set_write_fn.
typedef struct {
    uint8_t *data;
    size_t length;
    size_t capacity;
    int failed;
} png_output;

static void write_bytes(png_structp png, png_bytep bytes, png_size_t length) {
    png_output *output = png_get_io_ptr(png);
    if (output->failed) return;
    if (output->length + length > output->capacity) {
        size_t capacity = (output->capacity + length) * 2;
        uint8_t *grown = realloc(output->data, capacity);
        if (grown == NULL) {
            output->failed = 1;
            png_error(png, "out of memory");
        }
        output->data = grown;
        output->capacity = capacity;
    }
    memcpy(output->data + output->length, bytes, length);
    output->length += length;
}

static void flush_bytes(png_structp png) { (void)png; }

typedef struct {
    char *message;
    size_t capacity;
} png_messages;

static void on_error(png_structp png, png_const_charp text) {
    png_messages *messages = png_get_error_ptr(png);
    if (messages != NULL) copy_message(messages->message, messages->capacity, text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) { (void)png, (void)text; }

// The full libpng API rather than the simplified one, to choose the filter and compression: anti-aliased
// text on flat colours compresses best unfiltered at zlib level 9 (about a third smaller than libpng's
// default adaptive filtering on TextFit's demo picture).
int32_t tf_png_encode(const tf_canvas *canvas, int32_t keep_alpha, uint8_t **data, size_t *size, char *message,
                      size_t message_capacity) {
    *data = NULL;
    *size = 0;
    copy_message(message, message_capacity, "");
    int32_t width = tf_canvas_width(canvas), height = tf_canvas_height(canvas);
    size_t count = (size_t)width * (size_t)height;
    uint8_t *rgba = malloc(count * 4);
    if (rgba == NULL) {
        copy_message(message, message_capacity, "out of memory");
        return -1;
    }
    tf_canvas_copy_rgba(canvas, rgba);
    int channels = 4;
    if (!keep_alpha) {
        // Drop alpha in place: each RGB triple moves down to its packed position.
        for (size_t i = 0; i < count; i++) memmove(rgba + i * 3, rgba + i * 4, 3);
        channels = 3;
    }
    png_messages messages = {message, message_capacity};
    // On the heap: locals changed between setjmp and longjmp are indeterminate after the jump.
    png_output *output = calloc(1, sizeof(png_output));
    png_structp png = output == NULL ? NULL : png_create_write_struct(PNG_LIBPNG_VER_STRING, &messages, on_error,
                                                                      on_warning);
    png_infop info = png == NULL ? NULL : png_create_info_struct(png);
    if (png == NULL || info == NULL) {
        png_destroy_write_struct(&png, NULL);
        free(output);
        free(rgba);
        copy_message(message, message_capacity, "out of memory");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(output->data);
        free(output);
        free(rgba);
        if (message_capacity > 0 && message[0] == 0) copy_message(message, message_capacity, "libpng failed");
        return -1;
    }
    png_set_write_fn(png, output, write_bytes, flush_bytes);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 keep_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_compression_level(png, 9);
    png_write_info(png, info);
    for (int32_t row = 0; row < height; row++) {
        png_write_row(png, rgba + (size_t)row * (size_t)width * (size_t)channels);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(rgba);
    *data = output->data;
    *size = output->length;
    free(output);
    return 0;
}

int32_t tf_png_decode(const uint8_t *data, size_t size, uint8_t **rgba, int32_t *width, int32_t *height,
                      char *message, size_t message_capacity) {
    *rgba = NULL;
    *width = 0;
    *height = 0;
    copy_message(message, message_capacity, "");
    png_image image;
    memset(&image, 0, sizeof(image));
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        copy_message(message, message_capacity, image.message);
        png_image_free(&image);
        return -1;
    }
    image.format = PNG_FORMAT_RGBA;
    uint8_t *buffer = malloc(PNG_IMAGE_SIZE(image));
    if (buffer == NULL) {
        copy_message(message, message_capacity, "out of memory");
        png_image_free(&image);
        return -1;
    }
    if (!png_image_finish_read(&image, NULL, buffer, 0, NULL)) {
        copy_message(message, message_capacity, image.message);
        png_image_free(&image);
        free(buffer);
        return -1;
    }
    *rgba = buffer;
    *width = (int32_t)image.width;
    *height = (int32_t)image.height;
    return 0;
}
