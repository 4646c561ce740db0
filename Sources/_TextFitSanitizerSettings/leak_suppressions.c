// LeakSanitizer settings for TextFit's test binaries and fuzzers, so `swift test --sanitize=address`
// passes without extra environment. LeakSanitizer calls these weak hooks at start-up; in builds without
// sanitizers nothing calls them. Only test targets and `_TextFitTestSupport` (the fuzzers) link this
// target: a binary that uses TextFit keeps its own sanitizer settings. Only leaks outside TextFit's code
// belong here, each with the reason:
//
// * libfontconfig: FcInitLoadConfigAndFonts loses 288 bytes while parsing the system's XML configuration
//   (Debian's fontconfig 2.14), once per process. TextFit keeps its one configuration for the process.
// * Foundation.Process.run (the toolchain's swift-corelibs-foundation): a weak reference's side table,
//   32 bytes per child process; only the end-to-end tests start child processes.
// * swift_weakAssign in the font catalog's Fontconfig-order answers (FontCatalog+FontconfigOrder.swift keeps
//   each answer's face weakly): the Swift runtime's weak-reference side tables, 32 bytes each, are found
//   through the object's refcount word, which stores the pointer shifted, so LeakSanitizer calls them
//   direct leaks (llvm/llvm-project#56751). Suppressed only under that caller, so a side table leaked
//   anywhere else in TextFit is still reported. Found by FuzzFontSettings' first campaign.
// * libhyphen (Debian's 2.8.8): hnj_hyphen_load loses small pattern strings while parsing a dictionary
//   even when hnj_hyphen_free is called (908 bytes in 182 allocations for hyph_de_DE.dic: a three-line C
//   program that loads and frees it under ASan shows the same). TextFit frees each dictionary it drops;
//   found by the ASan run of the hyphenation tests.
// * Foundation's CharacterSet(charactersIn:) with a character outside the BMP (the toolchain's
//   swift-corelibs-foundation): _CFCharacterSetInitWithCharactersInString's annex for such characters is
//   never freed, 128 bytes per set (a two-line program under ASan leaks 10 blocks for 10 sets; a BMP-only
//   set leaks nothing). Reached by a decimal tab stop whose terminator is outside the BMP.
// * libXCTest: the XCTest harness `swift test` runs next to Swift Testing keeps its suite objects in a way
//   LeakSanitizer cannot trace (368 bytes, "indirect" only).
//
// The end-to-end tests hand the same list to the `textfit` processes they start (LSAN_OPTIONS), since
// the tool itself does not link this target.
#include "TextFitSanitizerSettings.h"

const char *__lsan_default_suppressions(void) {
    return "leak:libfontconfig.so\n"
           "leak:10Foundation7ProcessC3run\n"
           "leak:FontconfigOrders*Order*sorted\n"
           "leak:libhyphen.so\n"
           "leak:libXCTest.so\n"
           "leak:_CFCharacterSetInitWithCharactersInString\n";
}

// The statistics LeakSanitizer prints when a suppression matched would land on the tool's stderr, which
// the end-to-end tests require to be empty.
const char *__lsan_default_options(void) {
    return "print_suppressions=0";
}
