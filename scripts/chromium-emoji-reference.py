#!/usr/bin/env python3
"""Emoji widths from headless Chromium, for EmojiChromiumParityTests (rule F6).

Writes Tests/TextFitTests/Data/chromium/emoji.jsonl: one line per string of the list below, with the width
Chromium's canvas measureText gives at SIZE px (1 px = 1 pt) in the bundled Noto Sans with Noto Color
Emoji after it in the font list, both loaded from their files with @font-face, so Chromium and TextFit
shape the same files with HarfBuzz. Run with Debian's chromium installed:
    python3 scripts/chromium-emoji-reference.py
"""
import html, json, os, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEXT_FONT = os.path.join(ROOT, "Fonts/NotoSans-Regular.ttf")
EMOJI_FONT = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
SIZE = 17

EMOJI = ["❤️", "☀️", "✔️", "☺️", "1️⃣", "#️⃣", "*️⃣", "©️", "®️", "™️", "🎉", "😀", "👍🏽", "👋🏿", "👨‍👩‍👧‍👦",
         "👩🏽‍💻", "🏳️‍🌈", "🇸🇪", "🇯🇵", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🙂", "🔥", "✨", "⭐"]
FRAMES = ["I {} you", "Copy {} 2024", "{}", "{}{}", "Price: 42{}", "({})", "Done {}!", "{} 7 new", "Go {}, go.",
          "A{}B"]

def strings():
    out = []
    for frame in FRAMES:
        for emoji in EMOJI:
            out.append(frame.format(emoji, emoji))
    return out

def main():
    texts = strings()
    page = """<!doctype html><meta charset=utf-8><style>
@font-face { font-family: TFText; src: url("file://%s"); }
@font-face { font-family: TFEmoji; src: url("file://%s"); }
body { font-family: TFText, TFEmoji; }
</style><body><pre id=out></pre><script>
const texts = %s;
document.fonts.load("%dpx TFText").then(() => document.fonts.load("%dpx TFEmoji", "\\u{1F600}")).then(() => {
  const c = document.createElement("canvas").getContext("2d");
  c.font = "%dpx TFText, TFEmoji";
  const lines = texts.map(t => JSON.stringify({text: t, width: c.measureText(t).width}));
  document.getElementById("out").textContent = "BEGIN\\n" + lines.join("\\n") + "\\nEND";
});
</script>""" % (TEXT_FONT, EMOJI_FONT, json.dumps(texts), SIZE, SIZE, SIZE)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "page.html")
        with open(path, "w", encoding="utf-8") as f:
            f.write(page)
        dom = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                              "--font-render-hinting=none", "--virtual-time-budget=10000", "--dump-dom", "file://" + path],
                             capture_output=True, text=True, timeout=120).stdout
    body = html.unescape(dom.split("BEGIN\n", 1)[1].split("\nEND", 1)[0])
    rows = [json.loads(line) for line in body.split("\n")]
    version = subprocess.run(["chromium", "--version"], capture_output=True, text=True).stdout.strip()
    target = os.path.join(ROOT, "Tests/TextFitTests/Data/chromium/emoji.jsonl")
    with open(target, "w", encoding="utf-8") as f:
        f.write("# %s, canvas measureText at %d px, Noto Sans (Fonts/) then Noto Color Emoji; scripts/chromium-emoji-reference.py\n" % (version, SIZE))
        for row in rows:
            f.write(json.dumps({"text": row["text"], "size": SIZE, "width": row["width"]}, ensure_ascii=False) + "\n")
    print("%d strings, %s" % (len(rows), version), file=sys.stderr)

if __name__ == "__main__":
    main()
