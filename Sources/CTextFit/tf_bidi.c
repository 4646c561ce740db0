// ICU bidi (UAX #9): embedding levels of one paragraph. Opened per call: a UBiDi object holds the
// caller's text and is not thread-safe, and opening one parses no rules (unlike a break iterator), so
// there is nothing to keep between calls.
#include "CTextFit.h"
#include <unicode/ubidi.h>
#include <unicode/uchar.h>

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
    return (int32_t)u_charDirection((UChar32)codepoint);
}
