// libhyphen's door: loading a dictionary and asking it for a word's hyphenation points (TextFit's
// Hyphenation.swift is the Swift side).
#include "CTextFit.h"

#include <hyphen.h>
#include <stdlib.h>
#include <string.h>

struct tf_hyphen_dict {
    HyphenDict *dict;
};

tf_hyphen_dict *tf_hyphen_load(const char *path) {
    HyphenDict *dict = hnj_hyphen_load(path);
    if (dict == NULL) return NULL;
    tf_hyphen_dict *wrapper = malloc(sizeof *wrapper);
    if (wrapper == NULL) {
        hnj_hyphen_free(dict);
        return NULL;
    }
    wrapper->dict = dict;
    return wrapper;
}

void tf_hyphen_free(tf_hyphen_dict *dict) {
    if (dict == NULL) return;
    hnj_hyphen_free(dict->dict);
    free(dict);
}

int tf_hyphen_is_utf8(const tf_hyphen_dict *dict) { return dict->dict->utf8 ? 1 : 0; }
int tf_hyphen_left_min(const tf_hyphen_dict *dict) { return dict->dict->lhmin; }
int tf_hyphen_right_min(const tf_hyphen_dict *dict) { return dict->dict->rhmin; }

int tf_hyphen_points(const tf_hyphen_dict *dict, const char *word, int length, int left_min, int right_min,
                     unsigned char *points) {
    if (length <= 0) return 0;
    // libhyphen writes length + 5 bytes into `hyphens` and, for non-standard points, 2 × length into
    // the hyphenated word. It also reads the word as a C string (`strstr` for a dictionary's NOHYPHEN
    // strings), past `length` up to a NUL: the caller's bytes carry none, so copy them with one.
    char *hyphens = malloc((size_t)length + 5);
    char *hyphenated = malloc((size_t)length * 2 + 1);
    char *terminated = malloc((size_t)length + 1);
    if (hyphens == NULL || hyphenated == NULL || terminated == NULL) {
        free(hyphens);
        free(hyphenated);
        free(terminated);
        return -1;
    }
    memcpy(terminated, word, (size_t)length);
    terminated[length] = '\0';
    word = terminated;
    char **rep = NULL;
    int *pos = NULL;
    int *cut = NULL;
    int lhmin = left_min > dict->dict->lhmin ? left_min : dict->dict->lhmin;
    int rhmin = right_min > dict->dict->rhmin ? right_min : dict->dict->rhmin;
    int status = hnj_hyphen_hyphenate3(dict->dict, word, length, hyphens, hyphenated, &rep, &pos, &cut,
                                       lhmin, rhmin, dict->dict->clhmin, dict->dict->crhmin);
    if (status == 0) {
        for (int i = 0; i < length; i++) {
            int standard = rep == NULL || rep[i] == NULL;
            points[i] = (hyphens[i] & 1) && standard ? 1 : 0;
        }
    }
    if (rep != NULL) {
        for (int i = 0; i < length; i++) free(rep[i]);
        free(rep);
    }
    free(pos);
    free(cut);
    free(hyphens);
    free(hyphenated);
    free(terminated);
    return status == 0 ? 0 : -1;
}
