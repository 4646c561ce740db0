"""The Pango set-up the reference scripts share.

Every script measures with the same private Fontconfig configuration (only the font folders given,
hinting off: hinting would move advances away from the unhinted widths TextFit measures), the same
context (72 dpi, so 1 pt = 1 px = 1024 Pango units, unrounded glyph positions, left-to-right base) and
the same UTF-8/UTF-16 offset conversion, so a difference between two corpora's answers comes from the
cases, never from a set-up one script does differently.

Order matters: call `private_fontconfig` before anything loads Pango (Fontconfig reads FONTCONFIG_FILE
once), then `pango_modules` or `point_context`, which import PyGObject on first use.
"""

import atexit
import ctypes
import os
import shutil
import tempfile

PANGO_SCALE = 1024


def private_fontconfig(dirs, prefix="textfit-pango-"):
    """Writes a fonts.conf listing `dirs` in a temporary folder (removed at exit), points Fontconfig at
    it, and returns the folder."""
    tmp = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, tmp, True)
    conf = os.path.join(tmp, "fonts.conf")
    with open(conf, "w", encoding="utf-8") as f:
        f.write("""<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
%s  <cachedir>%s</cachedir>
  <match target="pattern">
    <edit name="hinting" mode="assign"><bool>false</bool></edit>
    <edit name="autohint" mode="assign"><bool>false</bool></edit>
    <edit name="hintstyle" mode="assign"><const>hintnone</const></edit>
  </match>
</fontconfig>
""" % ("".join("  <dir>%s</dir>\n" % d for d in dirs), os.path.join(tmp, "cache")))
    use_fontconfig_file(conf)
    return tmp


def use_fontconfig_file(path):
    """Points Fontconfig at `path` alone (no system folders, no sysroot)."""
    os.environ["FONTCONFIG_FILE"] = path
    os.environ.pop("FONTCONFIG_PATH", None)
    os.environ.pop("FONTCONFIG_SYSROOT", None)


def pango_modules():
    """(GLib, Pango, PangoFT2) from PyGObject: Debian's python3-gi and gir1.2-pango-1.0."""
    import gi

    gi.require_version("Pango", "1.0")
    gi.require_version("PangoFT2", "1.0")
    from gi.repository import GLib, Pango, PangoFT2

    return GLib, Pango, PangoFT2


def point_context(language="en-us"):
    """A Pango context measuring in points: an FT2 font map at 72 dpi, glyph positions not rounded to
    whole pixels, left-to-right base direction."""
    _, Pango, PangoFT2 = pango_modules()
    font_map = PangoFT2.FontMap.new()
    font_map.set_resolution(72.0, 72.0)
    ctx = Pango.Context()
    ctx.set_font_map(font_map)
    ctx.set_round_glyph_positions(False)
    ctx.set_language(Pango.Language.from_string(language))
    ctx.set_base_dir(Pango.Direction.LTR)
    return ctx


def library_versions():
    """The versions of Pango, HarfBuzz and Fontconfig this process loaded, for the scripts' summaries."""
    _, Pango, _ = pango_modules()
    versions = {"pango": Pango.version_string()}
    try:
        f = ctypes.CDLL("libharfbuzz.so.0").hb_version_string
        f.restype = ctypes.c_char_p
        versions["harfbuzz"] = f().decode()
    except (OSError, AttributeError):
        pass
    try:
        v = ctypes.CDLL("libfontconfig.so.1").FcGetVersion()
        versions["fontconfig"] = "%d.%d.%d" % (v // 10000, v // 100 % 100, v % 100)
    except (OSError, AttributeError):
        pass
    return versions


class Offsets:
    """UTF-8 byte offsets (Pango's) <-> UTF-16 offsets (TextFit's) for one string.

    `to16[byte]` and `to8[unit]` hold every character boundary and the end; `starts16` lists the UTF-16
    boundaries in order; calling the object maps a byte offset to UTF-16."""

    def __init__(self, text):
        self.text = text
        self.bytes = text.encode("utf-8")
        self.to16, self.to8 = {}, {}
        self.starts16 = []
        b = u = 0
        for ch in text:
            self.to16[b], self.to8[u] = u, b
            self.starts16.append(u)
            b += len(ch.encode("utf-8"))
            u += 2 if ord(ch) > 0xFFFF else 1
        self.to16[b], self.to8[u] = u, b
        self.starts16.append(u)

    def __call__(self, byte_index):
        return self.to16[byte_index]

    def char_starts(self, start, end):
        """The byte offsets of the characters in [start, end)."""
        return [b for b in sorted(self.to16) if start <= b < end]


def pango_attribute(name, value):
    """The Pango attribute for one of a styled run's fields (the batch contract's names): `weight`
    (bold), `size`, `family`, `kern` (letter spacing) and `baselineOffset` (rise), in points."""
    _, Pango, _ = pango_modules()
    if name == "weight":
        return Pango.attr_weight_new(Pango.Weight.BOLD)
    if name == "size":
        return Pango.attr_size_new_absolute(int(round(value * PANGO_SCALE)))
    if name == "family":
        return Pango.attr_family_new(value)
    if name == "kern":
        return Pango.attr_letter_spacing_new(int(round(value * PANGO_SCALE)))
    if name == "baselineOffset":
        return Pango.attr_rise_new(int(round(value * PANGO_SCALE)))
    raise ValueError(name)


def run_attributes(runs, offsets):
    """A Pango attribute list for a case's styled runs (UTF-16 `start`/`end` plus fields), with Pango's
    inserted hyphens turned off: TextFit shows a hyphen only where the text or a dictionary puts one."""
    _, Pango, _ = pango_modules()
    attrs = Pango.AttrList()
    attrs.insert(Pango.attr_insert_hyphens_new(False))
    for run in runs:
        for name, value in run.items():
            if name in ("start", "end"):
                continue
            attr = pango_attribute(name, value)
            attr.start_index = offsets.to8[run["start"]]
            attr.end_index = offsets.to8[run["end"]]
            attrs.insert(attr)
    return attrs
