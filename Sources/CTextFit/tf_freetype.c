// FreeType: validating font files (their mapped bytes, see tf_font_file.c) and reading their names. Each probe uses its own FT_Library, so probes
// are thread-safe without a lock (FreeType objects are not shareable across threads).
#include "CTextFit.h"
#include <stdio.h>
#include <string.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_OUTLINE_H

static void copy_string(char *destination, size_t capacity, const char *source) {
    if (capacity == 0) return;
    if (source == NULL) source = "";
    strncpy(destination, source, capacity - 1);
    destination[capacity - 1] = 0;
}

int32_t tf_font_bytes_probe(tf_font_bytes bytes, int32_t face_index, tf_font_file_info *info) {
    memset(info, 0, sizeof(*info));
    FT_Library library;
    FT_Error error = FT_Init_FreeType(&library);
    if (error) return (int32_t)error;
    // Face index -1 only counts the faces.
    FT_Face face;
    const FT_Byte *base = (const FT_Byte *)bytes.bytes;
    FT_Long length = (FT_Long)bytes.length;
    error = FT_New_Memory_Face(library, base, length, -1, &face);
    // When no driver takes the bytes, FreeType's last try, the MacBinary check, reads a 128-byte header;
    // from memory a shorter file fails there with Invalid_Stream_Operation instead of the
    // Unknown_File_Format a path gives. No font is that short (an sfnt's directory and head table alone
    // are longer), so it is reported as what it is: not a font.
    if (error == FT_Err_Invalid_Stream_Operation && bytes.length < 128) error = FT_Err_Unknown_File_Format;
    if (error) {
        FT_Done_FreeType(library);
        return (int32_t)error;
    }
    info->face_count = (int32_t)face->num_faces;
    FT_Done_Face(face);
    if (face_index < 0 || face_index >= info->face_count) {
        FT_Done_FreeType(library);
        return (int32_t)FT_Err_Invalid_Argument;
    }
    error = FT_New_Memory_Face(library, base, length, face_index, &face);
    if (error) {
        FT_Done_FreeType(library);
        return (int32_t)error;
    }
    info->glyph_count = (int32_t)face->num_glyphs;
    info->is_scalable = FT_IS_SCALABLE(face) ? 1 : 0;
    info->is_italic = (face->style_flags & FT_STYLE_FLAG_ITALIC) ? 1 : 0;
    const TT_OS2 *os2 = (const TT_OS2 *)FT_Get_Sfnt_Table(face, FT_SFNT_OS2);
    if (os2 != NULL && os2->version != 0xFFFF) info->weight_class = os2->usWeightClass;
    copy_string(info->family, sizeof(info->family), face->family_name);
    copy_string(info->style, sizeof(info->style), face->style_name);
    FT_Done_Face(face);
    FT_Done_FreeType(library);
    return 0;
}

void tf_freetype_version_string(char *buffer, size_t capacity);
void tf_freetype_version_string(char *buffer, size_t capacity) {
    FT_Library library;
    FT_Int major = 0, minor = 0, patch = 0;
    if (FT_Init_FreeType(&library) == 0) {
        FT_Library_Version(library, &major, &minor, &patch);
        FT_Done_FreeType(library);
    }
    char text[32];
    snprintf(text, sizeof(text), "%d.%d.%d", major, minor, patch);
    copy_string(buffer, capacity, text);
}

int32_t tf_font_bytes_glyph_top(tf_font_bytes bytes, int32_t face_index, uint32_t codepoint, int32_t *top) {
    *top = 0;
    FT_Library library;
    FT_Error error = FT_Init_FreeType(&library);
    if (error) return (int32_t)error;
    FT_Face face;
    error = FT_New_Memory_Face(library, (const FT_Byte *)bytes.bytes, (FT_Long)bytes.length, face_index, &face);
    if (error) {
        FT_Done_FreeType(library);
        return (int32_t)error;
    }
    FT_UInt glyph = FT_Get_Char_Index(face, codepoint);
    // Unscaled and unhinted: the outline in design units, as the font stores it.
    error = glyph == 0 ? FT_Err_Invalid_Glyph_Index : FT_Load_Glyph(face, glyph, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING);
    if (!error && face->glyph->format == FT_GLYPH_FORMAT_OUTLINE) {
        FT_BBox box;
        FT_Outline_Get_CBox(&face->glyph->outline, &box);
        *top = (int32_t)box.yMax;
    }
    FT_Done_Face(face);
    FT_Done_FreeType(library);
    return (int32_t)error;
}
