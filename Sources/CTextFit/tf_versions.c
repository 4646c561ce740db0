// Versions of the linked C libraries, for `textfit --version` and benchmark reports.
#include "CTextFit.h"
#include <stdio.h>

void tf_harfbuzz_version_string(char *buffer, size_t capacity);
void tf_freetype_version_string(char *buffer, size_t capacity);
void tf_fontconfig_version_string(char *buffer, size_t capacity);
void tf_icu_version_string(char *buffer, size_t capacity);

void tf_library_versions(char *buffer, size_t capacity) {
    char harfbuzz[32], freetype[32], fontconfig[32], icu[32];
    tf_harfbuzz_version_string(harfbuzz, sizeof(harfbuzz));
    tf_freetype_version_string(freetype, sizeof(freetype));
    tf_fontconfig_version_string(fontconfig, sizeof(fontconfig));
    tf_icu_version_string(icu, sizeof(icu));
    snprintf(buffer, capacity, "harfbuzz %s; freetype %s; fontconfig %s; icu %s", harfbuzz, freetype,
             fontconfig, icu);
}
