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

// A pattern for a scalable face of `family` (any family when NULL or empty) at an OpenType weight and a
// Fontconfig slant, with the configuration's and the default substitutions applied: what matching a family
// and sorting the fallback order both ask.
static FcPattern *face_pattern(tf_fontconfig *config, const char *family, double weight, int32_t slant) {
    FcPattern *pattern = FcPatternCreate();
    if (pattern == NULL) return NULL;
    if (family != NULL && family[0] != 0) FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
    FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(weight));
    FcPatternAddInteger(pattern, FC_SLANT, slant);
    FcPatternAddBool(pattern, FC_SCALABLE, FcTrue);
    FcConfigSubstitute(config->config, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    return pattern;
}

int32_t tf_fontconfig_match_family(tf_fontconfig *config, const char *family, double weight, int32_t slant,
                                   int32_t generic, tf_font_match *match) {
    FcPattern *pattern = face_pattern(config, family, weight, slant);
    if (pattern == NULL) return -1;
    // The bundled fonts first (architecture.md, `family`): the application set (the bundled folder) is
    // searched before the system's, so a bundled face wins a tie with a system copy of its family
    // (FcFontMatch searches the system set first and keeps the first of equal scores: "Inter" gave the
    // system's Inter-Regular.otf over the bundled InterVariable.ttf). A better match still wins wherever
    // it is: an italic the bundled folder lacks comes from the system.
    FcFontSet *sets[2];
    int set_count = 0;
    FcFontSet *application = FcConfigGetFonts(config->config, FcSetApplication);
    FcFontSet *system = FcConfigGetFonts(config->config, FcSetSystem);
    if (application != NULL) sets[set_count++] = application;
    if (system != NULL) sets[set_count++] = system;
    FcResult result = FcResultNoMatch;
    FcPattern *font = set_count > 0 ? FcFontSetMatch(config->config, sets, set_count, pattern, &result) : NULL;
    FcPatternDestroy(pattern);
    if (font == NULL) return 0;
    fill_match(font, match);
    // Fontconfig always answers with something; only a font that carries the asked family name counts,
    // unless the name is generic: then the configuration's aliases chose the family (fill_match's).
    int32_t found = generic ? (match->path[0] != 0) : 0;
    FcChar8 *name = NULL;
    for (int n = 0; !generic && FcPatternGetString(font, FC_FAMILY, n, &name) == FcResultMatch; n++) {
        if (name != NULL && strcasecmp((const char *)name, family) == 0) {
            found = 1;
            strncpy(match->family, (const char *)name, sizeof(match->family) - 1);
            break;
        }
    }
    FcPatternDestroy(font);
    return found;
}

char *tf_fontconfig_family_names(tf_fontconfig *config) {
    FcPattern *pattern = FcPatternCreate();
    FcObjectSet *objects = FcObjectSetBuild(FC_FAMILY, (char *)NULL);
    if (pattern == NULL || objects == NULL) {
        if (pattern != NULL) FcPatternDestroy(pattern);
        if (objects != NULL) FcObjectSetDestroy(objects);
        return NULL;
    }
    FcPatternAddBool(pattern, FC_SCALABLE, FcTrue);
    FcFontSet *set = FcFontList(config->config, pattern, objects);
    FcPatternDestroy(pattern);
    FcObjectSetDestroy(objects);
    if (set == NULL) return NULL;
    size_t length = 1;
    FcChar8 *name = NULL;
    for (int i = 0; i < set->nfont; i++) {
        if (FcPatternGetString(set->fonts[i], FC_FAMILY, 0, &name) == FcResultMatch && name != NULL) {
            length += strlen((const char *)name) + 1;
        }
    }
    char *result = malloc(length);
    if (result != NULL) {
        size_t used = 0;
        for (int i = 0; i < set->nfont; i++) {
            if (FcPatternGetString(set->fonts[i], FC_FAMILY, 0, &name) != FcResultMatch || name == NULL) continue;
            size_t size = strlen((const char *)name);
            memcpy(result + used, name, size);
            used += size;
            result[used++] = '\n';
        }
        result[used] = 0;
    }
    FcFontSetDestroy(set);
    return result;
}

void tf_string_free(char *string) { free(string); }

int32_t tf_fontconfig_match_codepoint(tf_fontconfig *config, uint32_t codepoint, const char *family,
                                      int32_t emoji, tf_font_match *match) {
    FcPattern *pattern = FcPatternCreate();
    if (pattern == NULL) return 0;
    FcCharSet *charset = FcCharSetCreate();
    FcCharSetAddChar(charset, codepoint);
    FcPatternAddCharSet(pattern, FC_CHARSET, charset);
    FcCharSetDestroy(charset);
    if (family != NULL) FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
    if (emoji) {
        // Fontconfig's own rules (45-generic.conf, 60-generic.conf) map this language to the "emoji"
        // family and prefer colour fonts for it; colour is asked for too, for configurations without them.
        FcPatternAddString(pattern, FC_LANG, (const FcChar8 *)"und-zsye");
        FcPatternAddBool(pattern, FC_COLOR, FcTrue);
    }
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
        FcBool color = FcFalse;
        if (emoji && (FcPatternGetBool(set->fonts[i], FC_COLOR, 0, &color) != FcResultMatch || !color)) continue;
        if (FcPatternGetCharSet(set->fonts[i], FC_CHARSET, 0, &fontCharset) == FcResultMatch &&
            FcCharSetHasChar(fontCharset, codepoint)) {
            fill_match(set->fonts[i], match);
            found = match->path[0] != 0;
        }
    }
    FcFontSetDestroy(set);
    return found;
}

struct tf_font_chain {
    FcFontSet *fonts;  // the sorted patterns (references into the configuration's set)
};

tf_font_chain *tf_fontconfig_sort(tf_fontconfig *config, const char *family, double weight, int32_t slant) {
    FcFontSet *system = FcConfigGetFonts(config->config, FcSetSystem);
    if (system == NULL || system->nfont == 0) return NULL;
    FcPattern *pattern = face_pattern(config, family, weight, slant);
    if (pattern == NULL) return NULL;
    FcResult result = FcResultNoMatch;
    FcFontSet *sets[1] = {system};
    // Trimmed as Pango sorts: a font that adds no character to those before it could never be chosen.
    FcFontSet *sorted = FcFontSetSort(config->config, sets, 1, pattern, FcTrue, NULL, &result);
    FcPatternDestroy(pattern);
    if (sorted == NULL) return NULL;
    tf_font_chain *chain = malloc(sizeof(tf_font_chain));
    if (chain == NULL) {
        FcFontSetDestroy(sorted);
        return NULL;
    }
    chain->fonts = sorted;
    return chain;
}

void tf_font_chain_destroy(tf_font_chain *chain) {
    if (chain == NULL) return;
    FcFontSetDestroy(chain->fonts);
    free(chain);
}

int32_t tf_font_chain_count(const tf_font_chain *chain) { return chain == NULL ? 0 : chain->fonts->nfont; }

int32_t tf_font_chain_find(const tf_font_chain *chain, uint32_t codepoint, int32_t start) {
    if (chain == NULL) return -1;
    for (int32_t i = start < 0 ? 0 : start; i < chain->fonts->nfont; i++) {
        FcCharSet *charset = NULL;
        if (FcPatternGetCharSet(chain->fonts->fonts[i], FC_CHARSET, 0, &charset) == FcResultMatch &&
            FcCharSetHasChar(charset, codepoint)) {
            return i;
        }
    }
    return -1;
}

int32_t tf_font_chain_get(const tf_font_chain *chain, int32_t index, tf_font_match *match) {
    if (chain == NULL || index < 0 || index >= chain->fonts->nfont) return 0;
    fill_match(chain->fonts->fonts[index], match);
    return match->path[0] != 0;
}

void tf_fontconfig_version_string(char *buffer, size_t capacity);
void tf_fontconfig_version_string(char *buffer, size_t capacity) {
    int version = FcGetVersion();
    snprintf(buffer, capacity, "%d.%d.%d", version / 10000, (version / 100) % 100, version % 100);
}
