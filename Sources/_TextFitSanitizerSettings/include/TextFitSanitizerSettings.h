// LeakSanitizer's start-up hooks, defined for TextFit's test binaries and fuzzers (leak_suppressions.c).
// Declared here so tests can hand the same settings to the processes they start.
#ifndef TEXTFIT_SANITIZER_SETTINGS_H
#define TEXTFIT_SANITIZER_SETTINGS_H

/// The leaks LeakSanitizer ignores, one `leak:PATTERN` a line (its suppressions-file format).
const char *__lsan_default_suppressions(void);
/// LeakSanitizer's default options (`name=value`, colon-separated, as in LSAN_OPTIONS).
const char *__lsan_default_options(void);

#endif
