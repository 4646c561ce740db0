// The peers TextFit is benchmarked against: Pango (PangoFT2) and plain HarfBuzz shaping.
// Settings follow scripts/pango-reference.py, which the parity test's reference data was made with.
#define _GNU_SOURCE
#include "CBenchPeers.h"

#include <sched.h>
#include <unistd.h>
#include <dirent.h>
#include <math.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangoft2.h>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define BENCH_HAVE_CALLGRIND 1
#endif

// MARK: - Pango

#define DESCRIPTION_CACHE 64

struct bench_pango {
    PangoFontMap *font_map;
    PangoContext *context;
    PangoAttrList *attributes;
    // Font descriptions by (family, size), made once: a caller measuring many strings keeps its font.
    struct {
        char family[128];
        double size;
        PangoFontDescription *description;
    } descriptions[DESCRIPTION_CACHE];
    int32_t description_count;
};

struct bench_kept_layout {
    PangoLayout *layout;
};

// Hinting off for every font (the parity reference's fonts.conf, without <dir>: folders are added as
// application fonts below). %s is the <cachedir> element or nothing.
static const char kFontsConf[] =
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE fontconfig SYSTEM \"urn:fontconfig:fonts.dtd\">\n"
    "<fontconfig>\n"
    "%s"
    "  <match target=\"pattern\">\n"
    "    <edit name=\"hinting\" mode=\"assign\"><bool>false</bool></edit>\n"
    "    <edit name=\"autohint\" mode=\"assign\"><bool>false</bool></edit>\n"
    "    <edit name=\"hintstyle\" mode=\"assign\"><const>hintnone</const></edit>\n"
    "  </match>\n"
    "</fontconfig>\n";

static void set_error(char *error, size_t capacity, const char *message, const char *detail) {
    if (error == NULL || capacity == 0) return;
    snprintf(error, capacity, "%s%s%s", message, detail ? ": " : "", detail ? detail : "");
}

bench_pango *bench_pango_create(const char *const *font_dirs, int32_t dir_count, const char *const *font_files,
                                int32_t file_count, const char *cache_dir, const char *check_family, char *error,
                                size_t error_capacity) {
    FcConfig *config = FcConfigCreate();
    if (config == NULL) {
        set_error(error, error_capacity, "FcConfigCreate failed", NULL);
        return NULL;
    }
    char cache_element[1200] = "";
    if (cache_dir != NULL) snprintf(cache_element, sizeof(cache_element), "  <cachedir>%s</cachedir>\n", cache_dir);
    char conf[sizeof(kFontsConf) + sizeof(cache_element)];
    snprintf(conf, sizeof(conf), kFontsConf, cache_element);
    if (!FcConfigParseAndLoadFromMemory(config, (const FcChar8 *)conf, FcTrue)) {
        FcConfigDestroy(config);
        set_error(error, error_capacity, "cannot parse the private fonts.conf", NULL);
        return NULL;
    }
    // The cases' files first: Fontconfig keeps the first of equally scored fonts, so a case's file whose
    // family the bundled folder also holds (Inter-Regular.otf and Fonts/InterVariable.ttf, both Inter
    // 3.19) is the face Pango sets the family in, as TextFit uses the file the case names.
    for (int32_t i = 0; i < file_count; i++) {
        if (!FcConfigAppFontAddFile(config, (const FcChar8 *)font_files[i])) {
            FcConfigDestroy(config);
            set_error(error, error_capacity, "Fontconfig cannot add the font file", font_files[i]);
            return NULL;
        }
    }
    for (int32_t i = 0; i < dir_count; i++) {
        if (!FcConfigAppFontAddDir(config, (const FcChar8 *)font_dirs[i])) {
            FcConfigDestroy(config);
            set_error(error, error_capacity, "Fontconfig cannot add the font folder", font_dirs[i]);
            return NULL;
        }
    }

    PangoFontMap *font_map = pango_ft2_font_map_new();
    pango_ft2_font_map_set_resolution(PANGO_FT2_FONT_MAP(font_map), 72.0, 72.0);  // 1 pt = 1 px
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(font_map), config);
    FcConfigDestroy(config);  // the font map holds a reference

    if (check_family != NULL) {
        PangoFontFamily **families = NULL;
        int count = 0;
        pango_font_map_list_families(font_map, &families, &count);
        int found = 0;
        for (int i = 0; i < count && !found; i++) {
            found = strcmp(pango_font_family_get_name(families[i]), check_family) == 0;
        }
        g_free(families);
        if (!found) {
            g_object_unref(font_map);
            set_error(error, error_capacity, "Pango does not see the font family", check_family);
            return NULL;
        }
    }

    bench_pango *pango = calloc(1, sizeof(bench_pango));
    if (pango == NULL) {
        g_object_unref(font_map);
        set_error(error, error_capacity, "out of memory", NULL);
        return NULL;
    }
    pango->font_map = font_map;
    pango->context = pango_font_map_create_context(font_map);
    pango_context_set_round_glyph_positions(pango->context, FALSE);
    pango_context_set_language(pango->context, pango_language_from_string("en-us"));
    pango_context_set_base_dir(pango->context, PANGO_DIRECTION_LTR);
    // Pango >= 1.44 draws a hyphen at a break inside a word; UIKit and TextFit do not.
    pango->attributes = pango_attr_list_new();
    pango_attr_list_insert(pango->attributes, pango_attr_insert_hyphens_new(FALSE));
    return pango;
}

void bench_pango_destroy(bench_pango *pango) {
    if (pango == NULL) return;
    for (int32_t i = 0; i < pango->description_count; i++) {
        pango_font_description_free(pango->descriptions[i].description);
    }
    pango_attr_list_unref(pango->attributes);
    g_object_unref(pango->context);
    g_object_unref(pango->font_map);
    free(pango);
}

static PangoFontDescription *description(bench_pango *pango, const char *family, double size) {
    for (int32_t i = 0; i < pango->description_count; i++) {
        if (pango->descriptions[i].size == size && strcmp(pango->descriptions[i].family, family) == 0) {
            return pango->descriptions[i].description;
        }
    }
    PangoFontDescription *made = pango_font_description_new();
    pango_font_description_set_family(made, family);
    pango_font_description_set_weight(made, PANGO_WEIGHT_NORMAL);
    pango_font_description_set_style(made, PANGO_STYLE_NORMAL);
    pango_font_description_set_absolute_size(made, size * PANGO_SCALE);  // the em is `size` px exactly
    if (pango->description_count < DESCRIPTION_CACHE) {
        int32_t i = pango->description_count++;
        strncpy(pango->descriptions[i].family, family, sizeof(pango->descriptions[i].family) - 1);
        pango->descriptions[i].size = size;
        pango->descriptions[i].description = made;
        return made;
    }
    // Full: replace the last slot (the corpus uses a handful of sizes, so this is rare).
    int32_t i = DESCRIPTION_CACHE - 1;
    pango_font_description_free(pango->descriptions[i].description);
    strncpy(pango->descriptions[i].family, family, sizeof(pango->descriptions[i].family) - 1);
    pango->descriptions[i].size = size;
    pango->descriptions[i].description = made;
    return made;
}

static int pango_width(double width) {
    // TextFit's Units.floor: the largest 1/1024 pt count that fits.
    return width > 0 && width < 1e9 ? (int)floor(width * PANGO_SCALE + 1e-6) : -1;
}

static void configure(bench_pango *pango, PangoLayout *layout, const char *family, double size, double width,
                      int32_t max_lines, int32_t mode) {
    pango_layout_set_font_description(layout, description(pango, family, size));
    pango_layout_set_wrap(layout, mode == BENCH_CHAR_WRAP ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR);
    pango_layout_set_width(layout, pango_width(width));
    pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT);
    if (max_lines > 0) {
        PangoEllipsizeMode ellipsize = PANGO_ELLIPSIZE_NONE;
        switch (mode) {
        case BENCH_TRUNCATE_HEAD: ellipsize = PANGO_ELLIPSIZE_START; break;
        case BENCH_TRUNCATE_MIDDLE: ellipsize = PANGO_ELLIPSIZE_MIDDLE; break;
        case BENCH_TRUNCATE_TAIL: ellipsize = PANGO_ELLIPSIZE_END; break;
        default: break;
        }
        if (ellipsize != PANGO_ELLIPSIZE_NONE) {
            pango_layout_set_ellipsize(layout, ellipsize);
            pango_layout_set_height(layout, -max_lines);
        }
    }
    pango_layout_set_attributes(layout, pango->attributes);
}

int32_t bench_pango_first_run_font(bench_pango *pango, const char *family, const char *text, int32_t length,
                                   double size, char *path, size_t capacity, int32_t *face_index) {
    PangoLayout *layout = pango_layout_new(pango->context);
    configure(pango, layout, family, size, -1, 0, BENCH_WORD_WRAP);
    pango_layout_set_text(layout, text, length);
    int32_t status = -1;
    PangoLayoutLine *line = pango_layout_get_line_readonly(layout, 0);
    if (line != NULL && line->runs != NULL) {
        PangoGlyphItem *run = line->runs->data;
        PangoFont *font = run->item->analysis.font;
        FcPattern *pattern = PANGO_IS_FC_FONT(font) ? pango_fc_font_get_pattern(PANGO_FC_FONT(font)) : NULL;
        FcChar8 *file = NULL;
        int index = 0;
        if (pattern != NULL && FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch) {
            FcPatternGetInteger(pattern, FC_INDEX, 0, &index);
            snprintf(path, capacity, "%s", (const char *)file);
            *face_index = index;
            status = 0;
        }
    }
    g_object_unref(layout);
    return status;
}

static void read_result(PangoLayout *layout, bench_result *result) {
    result->line_count = pango_layout_get_line_count(layout);  // forces the layout
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    result->width_units = logical.width;
    result->height_units = logical.height;
    result->ellipsized = pango_layout_is_ellipsized(layout) ? 1 : 0;
}

int32_t bench_pango_layout(bench_pango *pango, const char *family, const char *text, int32_t length, double size,
                           double width, int32_t max_lines, int32_t mode, bench_result *result) {
    PangoLayout *layout = pango_layout_new(pango->context);
    if (layout == NULL) return -1;
    configure(pango, layout, family, size, width, max_lines, mode);
    pango_layout_set_text(layout, text, length);
    read_result(layout, result);
    g_object_unref(layout);
    return 0;
}

bench_kept_layout *bench_kept_layout_create(bench_pango *pango, const char *family, const char *text,
                                              int32_t length, double size, double width, int32_t max_lines,
                                              int32_t mode) {
    bench_kept_layout *result = malloc(sizeof(bench_kept_layout));
    if (result == NULL) return NULL;
    result->layout = pango_layout_new(pango->context);
    configure(pango, result->layout, family, size, width, max_lines, mode);
    pango_layout_set_text(result->layout, text, length);
    pango_layout_get_line_count(result->layout);
    return result;
}

void bench_kept_layout_destroy(bench_kept_layout *layout) {
    if (layout == NULL) return;
    g_object_unref(layout->layout);
    free(layout);
}

void bench_pango_relayout(bench_kept_layout *layout, double width, bench_result *result) {
    pango_layout_set_width(layout->layout, pango_width(width));
    read_result(layout->layout, result);
}

const char *bench_pango_version(void) {
    static char text[64];
    snprintf(text, sizeof(text), "pango %s", pango_version_string());
    return text;
}

// MARK: - HarfBuzz floor

struct bench_hb_font {
    hb_font_t *font;
};

bench_hb_font *bench_hb_font_create(const char *path, int32_t face_index, int32_t scale) {
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(path);
    if (blob == NULL) return NULL;
    hb_face_t *face = hb_face_create(blob, (unsigned)face_index);
    hb_blob_destroy(blob);
    if (hb_face_get_glyph_count(face) == 0) {
        hb_face_destroy(face);
        return NULL;
    }
    bench_hb_font *result = malloc(sizeof(bench_hb_font));
    if (result == NULL) {
        hb_face_destroy(face);
        return NULL;
    }
    result->font = hb_font_create(face);
    hb_face_destroy(face);  // the font holds a reference
    hb_font_set_scale(result->font, scale, scale);  // no ppem: unhinted, like TextFit's fonts
    hb_font_make_immutable(result->font);
    return result;
}

void bench_hb_font_destroy(bench_hb_font *font) {
    if (font == NULL) return;
    hb_font_destroy(font->font);
    free(font);
}

static _Thread_local hb_buffer_t *floor_buffer = NULL;

int64_t bench_hb_shape_floor(const bench_hb_font *font, const uint16_t *text, int32_t length) {
    if (floor_buffer == NULL) floor_buffer = hb_buffer_create();
    hb_buffer_t *buffer = floor_buffer;
    hb_buffer_clear_contents(buffer);
    hb_buffer_add_utf16(buffer, text, length, 0, length);
    hb_buffer_guess_segment_properties(buffer);
    hb_shape(font->font, buffer, NULL, 0);
    unsigned count = 0;
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
    int64_t sum = 0;
    for (unsigned i = 0; i < count; i++) sum += positions[i].x_advance;
    return sum;
}

static int32_t font_for(const bench_hb_font *const *fonts, int32_t font_count, uint32_t codepoint) {
    hb_codepoint_t glyph;
    for (int32_t i = 0; i < font_count; i++) {
        if (hb_font_get_nominal_glyph(fonts[i]->font, codepoint, &glyph)) return i;
    }
    return 0;
}

int64_t bench_hb_shape_runs(const bench_hb_font *const *fonts, int32_t font_count, const uint16_t *text,
                            int32_t length) {
    if (length <= 0 || font_count <= 0) return 0;
    if (floor_buffer == NULL) floor_buffer = hb_buffer_create();
    hb_buffer_t *buffer = floor_buffer;
    int64_t sum = 0;
    int32_t run_start = 0;
    int32_t run_font = -1;
    for (int32_t i = 0; i <= length;) {
        int32_t next = i + 1;
        int32_t font = run_font;
        if (i < length) {
            uint32_t codepoint = text[i];
            if (codepoint >= 0xD800 && codepoint < 0xDC00 && i + 1 < length && text[i + 1] >= 0xDC00 &&
                text[i + 1] < 0xE000) {
                codepoint = 0x10000 + ((codepoint - 0xD800) << 10) + (text[i + 1] - 0xDC00);
                next = i + 2;
            }
            // Spaces and controls stay in the current run, as itemizers keep them.
            if (run_font < 0 || codepoint > 0x20) font = font_for(fonts, font_count, codepoint);
        }
        if (i == length || (font != run_font && run_font >= 0)) {
            hb_buffer_clear_contents(buffer);
            hb_buffer_add_utf16(buffer, text, length, (unsigned)run_start, i - run_start);
            hb_buffer_guess_segment_properties(buffer);
            hb_shape(fonts[run_font]->font, buffer, NULL, 0);
            unsigned count = 0;
            hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
            for (unsigned g = 0; g < count; g++) sum += positions[g].x_advance;
            run_start = i;
        }
        if (i == length) break;
        run_font = font;
        i = next;
    }
    return sum;
}

const char *bench_hb_version(void) {
    static char text[64];
    snprintf(text, sizeof(text), "harfbuzz %s", hb_version_string());
    return text;
}

// MARK: - Process

static int64_t status_field_kib(const char *field) {
    FILE *file = fopen("/proc/self/status", "r");
    if (file == NULL) return -1;
    char line[256];
    int64_t value = -1;
    size_t length = strlen(field);
    while (fgets(line, sizeof(line), file) != NULL) {
        if (strncmp(line, field, length) == 0 && line[length] == ':') {
            value = strtoll(line + length + 1, NULL, 10);
            break;
        }
    }
    fclose(file);
    return value;
}

int64_t bench_peak_rss_kib(void) { return status_field_kib("VmHWM"); }
int64_t bench_current_rss_kib(void) { return status_field_kib("VmRSS"); }

int64_t bench_process_cpu_ns(void) {
    struct timespec time;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time) != 0) return -1;
    return (int64_t)time.tv_sec * 1000000000 + time.tv_nsec;
}

int64_t bench_run_delay_ns(void) {
    DIR *tasks = opendir("/proc/self/task");
    if (tasks == NULL) return -1;
    int64_t total = 0;
    int found = 0;
    struct dirent *entry;
    while ((entry = readdir(tasks)) != NULL) {
        if (entry->d_name[0] == '.') continue;
        char path[300];
        snprintf(path, sizeof(path), "/proc/self/task/%s/schedstat", entry->d_name);
        FILE *file = fopen(path, "r");
        if (file == NULL) continue;
        unsigned long long running = 0, waiting = 0;
        if (fscanf(file, "%llu %llu", &running, &waiting) == 2) {
            total += (int64_t)waiting;
            found = 1;
        }
        fclose(file);
    }
    closedir(tasks);
    return found ? total : -1;
}

int64_t bench_thread_run_delay_ns(void) {
    FILE *file = fopen("/proc/thread-self/schedstat", "r");
    if (file == NULL) return -1;
    unsigned long long running = 0, waiting = 0;
    int ok = fscanf(file, "%llu %llu", &running, &waiting) == 2;
    fclose(file);
    return ok ? (int64_t)waiting : -1;
}

int32_t bench_threads_cpu(int32_t *tids, int64_t *nanoseconds, int32_t capacity) {
    DIR *tasks = opendir("/proc/self/task");
    if (tasks == NULL) return 0;
    int32_t count = 0;
    struct dirent *entry;
    while (count < capacity && (entry = readdir(tasks)) != NULL) {
        if (entry->d_name[0] == '.') continue;
        int tid = atoi(entry->d_name);
        clockid_t clock = ((~(clockid_t)tid) << 3) | 6;  // the thread's CPUCLOCK_SCHED clock
        struct timespec time;
        if (clock_gettime(clock, &time) != 0) continue;
        tids[count] = tid;
        nanoseconds[count] = (int64_t)time.tv_sec * 1000000000 + time.tv_nsec;
        count++;
    }
    closedir(tasks);
    return count;
}

int32_t bench_gettid(void) { return (int32_t)gettid(); }

int32_t bench_pin_thread(int32_t cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (cpu < 0) {
        for (int i = 0; i < CPU_SETSIZE; i++) CPU_SET(i, &set);
    } else {
        CPU_SET(cpu, &set);
    }
    return sched_setaffinity(0, sizeof(set), &set) == 0 ? 0 : -1;
}

int32_t bench_current_cpu(void) { return sched_getcpu(); }

int32_t bench_reset_peak_rss(void) {
    FILE *file = fopen("/proc/self/clear_refs", "w");
    if (file == NULL) return -1;
    int ok = fputs("5", file) >= 0;
    return fclose(file) == 0 && ok ? 0 : -1;
}

// MARK: - Profiling

void bench_profile_collect(int32_t on) {
#ifdef BENCH_HAVE_CALLGRIND
    static int collecting = 0;
    if ((on != 0) != collecting) {
        CALLGRIND_TOGGLE_COLLECT;
        collecting = on != 0;
    }
#endif
}

int32_t bench_running_on_valgrind(void) {
#ifdef BENCH_HAVE_CALLGRIND
    return RUNNING_ON_VALGRIND ? 1 : 0;
#else
    return 0;
#endif
}

// MARK: - The parallel mode's control

#include <pthread.h>

enum { CONTROL_TABLE_WORDS = (16u << 20) / 8 };
static uint64_t *control_table;
static pthread_once_t control_once = PTHREAD_ONCE_INIT;

static void control_initialise(void) {
    control_table = malloc((size_t)CONTROL_TABLE_WORDS * sizeof(uint64_t));
    if (control_table == NULL) return;
    uint64_t x = 0x9E3779B97F4A7C15u;
    for (uint32_t i = 0; i < CONTROL_TABLE_WORDS; i++) {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        control_table[i] = x;
    }
}

typedef struct { int64_t reads; uint64_t seed; uint64_t sum; } control_job;

static void *control_run(void *argument) {
    control_job *job = argument;
    uint64_t x = job->seed, sum = 0;
    for (int64_t i = 0; i < job->reads; i++) {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        sum += control_table[x & (CONTROL_TABLE_WORDS - 1)];  // independent reads: several misses in flight
    }
    job->sum = sum;
    return NULL;
}

int64_t bench_control_pass(int32_t threads, int64_t reads) {
    pthread_once(&control_once, control_initialise);
    if (control_table == NULL || threads < 1 || threads > 64) return -1;
    control_job jobs[64];
    pthread_t ids[64];
    for (int32_t t = 0; t < threads; t++) {
        jobs[t] = (control_job){reads / threads, 0x2545F4914F6CDD1Du * (uint64_t)(t + 1), 0};
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    int32_t started = 1;
    for (int32_t t = 1; t < threads; t++, started++) {
        if (pthread_create(&ids[t], NULL, control_run, &jobs[t]) != 0) break;
    }
    control_run(&jobs[0]);
    for (int32_t t = 1; t < started; t++) pthread_join(ids[t], NULL);
    clock_gettime(CLOCK_MONOTONIC, &end);
    if (started < threads) return -1;
    volatile uint64_t sink = 0;
    for (int32_t t = 0; t < threads; t++) sink += jobs[t].sum;
    (void)sink;
    return (int64_t)(end.tv_sec - start.tv_sec) * 1000000000 + (end.tv_nsec - start.tv_nsec);
}
