// Pango with its FreeType 2 backend (pkg-config pangoft2: pango, glib, fontconfig, freetype, harfbuzz).
// Only CBenchPeers includes these headers; Swift sees CBenchPeers.h alone.
#include <pango/pangoft2.h>
#include <hb.h>
