// CBenchPeers: the engines TextFit is compared against, as plain C functions with a `bench_` prefix.
//
// * Pango 1.50 with PangoFT2, configured like TextFit (and like scripts/pango-reference.py): a private
//   Fontconfig configuration holding only the given font folders/files with hinting off, 72 dpi (1 pt =
//   1 px = 1024 Pango units), unrounded glyph positions, absolute font size, PANGO_WRAP_WORD_CHAR,
//   insert_hyphens=false, ellipsize + negative height for a line limit.
// * The HarfBuzz shaping floor: one hb_shape of the whole text with one font, nothing else.
//
// Not thread-safe: a bench_pango and the layouts made from it belong to the thread that created them.
#ifndef CBENCHPEERS_H
#define CBENCHPEERS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Line-break modes, as TextFit's `LineBreakMode` raw values.
enum {
    BENCH_WORD_WRAP = 0,
    BENCH_CHAR_WRAP = 1,
    BENCH_CLIP = 2,
    BENCH_TRUNCATE_HEAD = 3,
    BENCH_TRUNCATE_TAIL = 4,
    BENCH_TRUNCATE_MIDDLE = 5,
};

/// What a layout measured: Pango units are 1/1024 pt.
typedef struct {
    int32_t line_count;
    int32_t width_units;   // logical width of the layout
    int32_t height_units;  // logical height
    int32_t ellipsized;    // 1 when Pango ellipsized a line
} bench_result;

// MARK: - Pango

typedef struct bench_pango bench_pango;

/// A PangoFT2 font map and context over a private Fontconfig configuration that holds only `font_dirs`
/// and `font_files` (no system fonts, no aliases), hinting off. Fontconfig writes its cache of those
/// folders to `cache_dir` (may be NULL: then it scans them and complains that it cannot cache).
/// Returns NULL and writes a message to `error` when Fontconfig or Pango fails or `check_family` (may be
/// NULL) is not among the families found.
bench_pango *bench_pango_create(const char *const *font_dirs, int32_t dir_count, const char *const *font_files,
                                int32_t file_count, const char *cache_dir, const char *check_family, char *error,
                                size_t error_capacity);
void bench_pango_destroy(bench_pango *pango);

/// Lays `text` (UTF-8, `length` bytes) out with a new PangoLayout and frees it: the cost of measuring a
/// string from scratch. `width` <= 0 means unconstrained. `max_lines` > 0 with a truncating mode sets
/// ellipsize and height = -max_lines (Pango limits lines per paragraph); other modes ignore it.
/// Returns 0, or -1 when Pango failed.
int32_t bench_pango_layout(bench_pango *pango, const char *family, const char *text, int32_t length, double size,
                           double width, int32_t max_lines, int32_t mode, bench_result *result);

/// A PangoLayout kept for re-laying out at other widths (relayout mode).
typedef struct bench_kept_layout bench_kept_layout;

bench_kept_layout *bench_kept_layout_create(bench_pango *pango, const char *family, const char *text,
                                              int32_t length, double size, double width, int32_t max_lines,
                                              int32_t mode);
void bench_kept_layout_destroy(bench_kept_layout *layout);
/// pango_layout_set_width then the line count (which forces the layout) and the logical extents.
void bench_pango_relayout(bench_kept_layout *layout, double width, bench_result *result);

/// The font file (and face index) Pango sets the first run of `text` in, written to `path`: the check that
/// Pango and TextFit use the same font for a case. Returns 0, or -1 when there is no run or no file.
int32_t bench_pango_first_run_font(bench_pango *pango, const char *family, const char *text, int32_t length,
                                   double size, char *path, size_t capacity, int32_t *face_index);

/// "pango X.Y.Z".
const char *bench_pango_version(void);

// MARK: - HarfBuzz floor

typedef struct bench_hb_font bench_hb_font;

/// Face `face_index` of `path` at `scale` units per em (TextFit's: round(size × 1024)). NULL on failure.
bench_hb_font *bench_hb_font_create(const char *path, int32_t face_index, int32_t scale);
void bench_hb_font_destroy(bench_hb_font *font);

/// Shapes the whole `text` (UTF-16) with `font` in one hb_shape call (segment properties guessed, a
/// buffer per thread reused) and returns the sum of the x advances.
int64_t bench_hb_shape_floor(const bench_hb_font *font, const uint16_t *text, int32_t length);

/// The floor with font fallback: splits `text` into runs of the first of `fonts` whose cmap has each
/// code point (font 0 when none has it), and shapes each run in one hb_shape call (with the whole text
/// as context). Returns the sum of the x advances. What shaping costs when fallback fonts are needed.
int64_t bench_hb_shape_runs(const bench_hb_font *const *fonts, int32_t font_count, const uint16_t *text,
                            int32_t length);

/// "harfbuzz X.Y.Z" as linked.
const char *bench_hb_version(void);

// MARK: - Process

/// Peak resident set size of this process in KiB (VmHWM), or -1.
int64_t bench_peak_rss_kib(void);
/// Current resident set size in KiB (VmRSS), or -1.
int64_t bench_current_rss_kib(void);
/// CPU time of the whole process (all threads) in nanoseconds.
int64_t bench_process_cpu_ns(void);
/// Time this process's threads spent runnable but waiting for a CPU (sum of /proc/self/task/*/schedstat's
/// run delay), in nanoseconds, or -1 when the kernel does not report it. On a shared machine it tells
/// how much of a parallel pass other processes took.
int64_t bench_run_delay_ns(void);
/// Run delay of the calling thread only (/proc/thread-self/schedstat), in nanoseconds, or -1.
int64_t bench_thread_run_delay_ns(void);
/// Every thread of this process (/proc/self/task): writes up to `capacity` thread ids and each one's CPU
/// time in ns, read from its own clock (precise even while it runs on another CPU). Returns the count.
int32_t bench_threads_cpu(int32_t *tids, int64_t *nanoseconds, int32_t capacity);
/// The calling thread's id (gettid).
int32_t bench_gettid(void);
/// The parallel mode's control: `reads` independent random 8-byte reads in a 16 MiB table all threads share
/// (larger than a core's L2, like a batch's segment cache and texts), split over `threads` threads started
/// for the pass (1 = the calling thread alone). Returns the pass's wall time in ns, or -1 when a thread could
/// not be started. Its 1-thread / n-thread ratio, taken in the same rounds as TextFit's, is what the machine
/// gives memory-bound work at that moment.
int64_t bench_control_pass(int32_t threads, int64_t reads);
/// Pins the calling thread to CPU `cpu` (sched_setaffinity), or lets it run anywhere again when `cpu` < 0.
/// Returns 0 on success.
int32_t bench_pin_thread(int32_t cpu);
/// The CPU the calling thread runs on now (sched_getcpu).
int32_t bench_current_cpu(void);
/// Resets the peak RSS to the current RSS (writes 5 to /proc/self/clear_refs). Returns 0 on success.
int32_t bench_reset_peak_rss(void);

// MARK: - Profiling

/// Under `valgrind --tool=callgrind --collect-atstart=no`, turns event collection on (1) or off (0):
/// the benchmark collects only its timed passes. A few instructions and no effect otherwise (and none at
/// all when valgrind's headers were missing at build time).
void bench_profile_collect(int32_t on);
/// 1 when running under valgrind (then samples are never retaken: the profile counts each pass once).
int32_t bench_running_on_valgrind(void);

#ifdef __cplusplus
}
#endif

#endif
