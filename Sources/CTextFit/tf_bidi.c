// ICU bidi (UAX #9): embedding levels of one paragraph. Opened per call: a UBiDi object holds the
// caller's text and is not thread-safe, and opening one parses no rules (unlike a break iterator), so
// there is nothing to keep between calls.
#include "CTextFit.h"
#include <unicode/ubidi.h>
#include <unicode/uchar.h>

// U+001C-U+001E (information separators) are UAX #9 paragraph separators (class B), but no line break
// (UAX #14 CM) and no paragraph of NSString's or TextFit's (rule W1: LF, CR, NEL, U+2029). Left as B, ICU
// starts a paragraph of its own at each, with its own level, inside the text's one paragraph: a line
// across it mixed two base levels, and a right-to-left paragraph's tail token went to the right (rule
// T17). Taken as segment separators (S, as their neighbour U+001F and the tab), the paragraph keeps one
// level and rule L1 resets them to it.
static int tf_is_information_separator(UChar32 c) { return c >= 0x1C && c <= 0x1E; }

// ICU's class callback: S for them; for every other character the value `context` points to, ICU's "no
// override" (u_getIntPropertyMaxValue(UCHAR_BIDI_CLASS) + 1, read once per call of tf_bidi_levels).
static UCharDirection tf_bidi_class_of(const void *context, UChar32 c) {
    return tf_is_information_separator(c) ? U_SEGMENT_SEPARATOR : (UCharDirection)(*(const int32_t *)context);
}

int32_t tf_bidi_levels(const uint16_t *text, int32_t length, int32_t direction, uint8_t *levels,
                       int32_t *error) {
    *error = 0;
    if (length <= 0) return direction == 2 ? 1 : 0;
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status) || bidi == NULL) {
        *error = (int32_t)status;
        return -1;
    }
    const int32_t no_override = u_getIntPropertyMaxValue(UCHAR_BIDI_CLASS) + 1;
    ubidi_setClassCallback(bidi, tf_bidi_class_of, &no_override, NULL, NULL, &status);
    if (U_FAILURE(status)) {
        *error = (int32_t)status;
        ubidi_close(bidi);
        return -1;
    }
    // P2-P3 for "natural": the first strong character outside isolates, left to right when there is none.
    UBiDiLevel paragraph = direction == 1 ? 0 : direction == 2 ? 1 : UBIDI_DEFAULT_LTR;
    ubidi_setPara(bidi, (const UChar *)text, length, paragraph, NULL, &status);
    const UBiDiLevel *resolved = U_SUCCESS(status) ? ubidi_getLevels(bidi, &status) : NULL;
    if (U_FAILURE(status) || resolved == NULL) {
        *error = (int32_t)status;
        ubidi_close(bidi);
        return -1;
    }
    for (int32_t i = 0; i < length; i++) levels[i] = resolved[i];
    int32_t result = (int32_t)ubidi_getParaLevel(bidi);
    ubidi_close(bidi);
    return result;
}

int32_t tf_bidi_class(uint32_t codepoint) {
    // The class the levels were resolved with (tf_bidi_class_of), so line ends (L1) agree with them.
    UChar32 c = (UChar32)codepoint;
    return (int32_t)(tf_is_information_separator(c) ? U_SEGMENT_SEPARATOR : u_charDirection(c));
}

int32_t tf_bidi_is_paired_bracket(uint32_t codepoint) {
    return u_getIntPropertyValue((UChar32)codepoint, UCHAR_BIDI_PAIRED_BRACKET_TYPE) != U_BPT_NONE;
}
