// ICU line breaking (UAX #14) and word segments (UAX #29). Bidi levels (UAX #9) are in tf_bidi.c; no other file includes ICU headers.
#include "CTextFit.h"
#include <stdlib.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uversion.h>

struct tf_line_iterator {
    UBreakIterator *iterator;
};

tf_line_iterator *tf_line_iterator_create(const char *locale, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale, NULL, 0, &status);
    if (U_FAILURE(status) || iterator == NULL) {
        *error = (int32_t)status;
        return NULL;
    }
    tf_line_iterator *result = malloc(sizeof(tf_line_iterator));
    if (result == NULL) {
        ubrk_close(iterator);
        *error = (int32_t)U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    result->iterator = iterator;
    *error = 0;
    return result;
}

tf_line_iterator *tf_line_iterator_clone(const tf_line_iterator *prototype, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_clone(prototype->iterator, &status);
    if (U_FAILURE(status) || iterator == NULL) {
        *error = (int32_t)status;
        return NULL;
    }
    tf_line_iterator *result = malloc(sizeof(tf_line_iterator));
    if (result == NULL) {
        ubrk_close(iterator);
        *error = (int32_t)U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    result->iterator = iterator;
    *error = 0;
    return result;
}

void tf_line_iterator_destroy(tf_line_iterator *iterator) {
    if (iterator == NULL) return;
    ubrk_close(iterator->iterator);
    free(iterator);
}

int32_t tf_line_breaks(tf_line_iterator *iterator, const uint16_t *text, int32_t length,
                       int32_t *positions, uint8_t *mandatory, int32_t capacity, int32_t *error) {
    *error = 0;
    if (length <= 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(iterator->iterator, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) {
        *error = (int32_t)status;
        return -1;
    }
    int32_t count = 0;
    ubrk_first(iterator->iterator);
    for (int32_t p = ubrk_next(iterator->iterator); p != UBRK_DONE; p = ubrk_next(iterator->iterator)) {
        if (count >= capacity) break;
        positions[count] = p;
        // Rule status of the boundary just passed: [UBRK_LINE_HARD, UBRK_LINE_HARD_LIMIT) = mandatory.
        int32_t rule = ubrk_getRuleStatus(iterator->iterator);
        mandatory[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        count++;
    }
    // Detach the iterator from the caller's buffer so no dangling pointer outlives this call.
    ubrk_setText(iterator->iterator, (const UChar *)u"", 0, &status);
    return count;
}

int32_t tf_line_break_class(uint32_t codepoint) {
    return (int32_t)u_getIntPropertyValue((UChar32)codepoint, UCHAR_LINE_BREAK);
}

int32_t tf_word_segment(const uint16_t *text, int32_t length, int32_t offset, int32_t *start, int32_t *end,
                        int32_t *is_word, int32_t *error) {
    *error = 0;
    *start = 0;
    *end = 0;
    *is_word = 0;
    if (length <= 0) return 0;
    if (offset < 0) offset = 0;
    if (offset > length) offset = length;
    UErrorCode status = U_ZERO_ERROR;
    // One iterator per call: ICU caches the compiled rules, so opening one is an allocation, not a parse;
    // word look-ups answer taps, not layout.
    UBreakIterator *iterator = ubrk_open(UBRK_WORD, "", (const UChar *)text, length, &status);
    if (U_FAILURE(status) || iterator == NULL) {
        *error = (int32_t)status;
        return -1;
    }
    // The segment holding `offset`: the boundary after it, then the one before that.
    int32_t after = offset < length ? ubrk_following(iterator, offset) : length;
    if (after == UBRK_DONE) after = length;
    int32_t before = ubrk_preceding(iterator, after);
    if (before == UBRK_DONE) before = 0;
    // The rule status belongs to the boundary ending the segment.
    ubrk_isBoundary(iterator, after);
    int32_t rule = ubrk_getRuleStatus(iterator);
    *start = before;
    *end = after;
    *is_word = rule >= UBRK_WORD_NUMBER ? 1 : 0;
    ubrk_close(iterator);
    return 0;
}

void tf_icu_version_string(char *buffer, size_t capacity);
void tf_icu_version_string(char *buffer, size_t capacity) {
    UVersionInfo info;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(info);
    u_versionToString(info, text);
    int i = 0;
    for (; text[i] != 0 && (size_t)i + 1 < capacity; i++) buffer[i] = text[i];
    if (capacity > 0) buffer[i] = 0;
}
