"""The private Fontconfig configuration the Pango reference scripts share.

It holds only the folders given, turns hinting off (hinting would move advances away from the
unhinted widths TextFit measures) and keeps its own cache, so an answer depends on those font files
alone, as on CI. Call it before Pango loads: Fontconfig reads FONTCONFIG_FILE once.
"""

import atexit
import os
import shutil
import tempfile


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
    os.environ["FONTCONFIG_FILE"] = conf
    os.environ.pop("FONTCONFIG_PATH", None)
    os.environ.pop("FONTCONFIG_SYSROOT", None)
    return tmp
