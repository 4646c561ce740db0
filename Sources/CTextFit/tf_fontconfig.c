// Fontconfig: family matching and per-character fallback. The only file that includes Fontconfig headers.
// Callers serialise access to one tf_fontconfig (TextFit guards it with a mutex).
#include "CTextFit.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <fontconfig/fontconfig.h>

struct tf_fontconfig {
    FcConfig *config;
};

tf_fontconfig *tf_fontconfig_create(const char *app_font_dir) {
    FcConfig *config = FcInitLoadConfigAndFonts();
    if (config == NULL) return NULL;
    if (app_font_dir != NULL) FcConfigAppFontAddDir(config, (const FcChar8 *)app_font_dir);
    tf_fontconfig *result = malloc(sizeof(tf_fontconfig));
    if (result == NULL) {
        FcConfigDestroy(config);
        return NULL;
    }
    result->config = config;
    return result;
}

void tf_fontconfig_destroy(tf_fontconfig *config) {
    if (config == NULL) return;
    FcConfigDestroy(config->config);
    free(config);
}

static void fill_match(FcPattern *font, tf_font_match *match) {
    FcChar8 *file = NULL;
    FcChar8 *family = NULL;
    int index = 0;
    memset(match, 0, sizeof(*match));
    if (FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch && file != NULL) {
        strncpy(match->path, (const char *)file, sizeof(match->path) - 1);
    }
    if (FcPatternGetInteger(font, FC_INDEX, 0, &index) == FcResultMatch) match->face_index = index;
    if (FcPatternGetString(font, FC_FAMILY, 0, &family) == FcResultMatch && family != NULL) {
        strncpy(match->family, (const char *)family, sizeof(match->family) - 1);
    }
}

int32_t tf_fontconfig_match_family(tf_fontconfig *config, const char *family, int32_t weight,
                                   tf_font_match *match) {
    FcPattern *pattern = FcPatternCreate();
    if (pattern == NULL) return -1;
    FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
    FcPatternAddInteger(pattern, FC_WEIGHT, weight);
    FcPatternAddBool(pattern, FC_SCALABLE, FcTrue);
    FcConfigSubstitute(config->config, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    FcPattern *font = FcFontMatch(config->config, pattern, &result);
    FcPatternDestroy(pattern);
    if (font == NULL) return 0;
    fill_match(font, match);
    // Fontconfig always answers with something; only a font that carries the asked family name counts.
    int32_t found = 0;
    FcChar8 *name = NULL;
    for (int n = 0; FcPatternGetString(font, FC_FAMILY, n, &name) == FcResultMatch; n++) {
        if (name != NULL && strcasecmp((const char *)name, family) == 0) {
            found = 1;
            strncpy(match->family, (const char *)name, sizeof(match->family) - 1);
            break;
        }
    }
    FcPatternDestroy(font);
    return found;
}

int32_t tf_fontconfig_match_codepoint(tf_fontconfig *config, uint32_t codepoint, const char *family,
                                      tf_font_match *match) {
    FcPattern *pattern = FcPatternCreate();
    if (pattern == NULL) return 0;
    FcCharSet *charset = FcCharSetCreate();
    FcCharSetAddChar(charset, codepoint);
    FcPatternAddCharSet(pattern, FC_CHARSET, charset);
    FcCharSetDestroy(charset);
    if (family != NULL) FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
    FcPatternAddBool(pattern, FC_SCALABLE, FcTrue);
    FcConfigSubstitute(config->config, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    FcFontSet *set = FcFontSort(config->config, pattern, FcFalse, NULL, &result);
    FcPatternDestroy(pattern);
    if (set == NULL) return 0;
    int32_t found = 0;
    for (int i = 0; i < set->nfont && !found; i++) {
        FcCharSet *fontCharset = NULL;
        if (FcPatternGetCharSet(set->fonts[i], FC_CHARSET, 0, &fontCharset) == FcResultMatch &&
            FcCharSetHasChar(fontCharset, codepoint)) {
            fill_match(set->fonts[i], match);
            found = match->path[0] != 0;
        }
    }
    FcFontSetDestroy(set);
    return found;
}

void tf_fontconfig_version_string(char *buffer, size_t capacity);
void tf_fontconfig_version_string(char *buffer, size_t capacity) {
    int version = FcGetVersion();
    snprintf(buffer, capacity, "%d.%d.%d", version / 10000, (version / 100) % 100, version % 100);
}
