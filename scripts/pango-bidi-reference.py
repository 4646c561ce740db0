#!/usr/bin/python3
"""Lay out right-to-left, mixed-direction and Thai text with Pango: line breaks and visual run order.

    /usr/bin/python3 scripts/pango-bidi-reference.py

Writes Tests/TextFitTests/Data/parity/bidi.jsonl, one object per case:

    {"id", "text", "family", "size", "width", "maxLines", "lineBreakMode",
     "pango": {"direction": "ltr" | "rtl", "truncated": bool,
               "lines": [{"start", "end", "ellipsis": bool,
                          "runs": [{"start", "end", "level", "width"} | {"ellipsis": true, "level"}]}]},
     "libthai": [offsets], "icu": [offsets], "pangoWithICUBreaks": [lines as above]}
                                                                                 (Thai cases only)

The texts are hand-written sentences (below) in Arabic, Hebrew and Persian with Latin names, ASCII,
Arabic-Indic and Persian digits, e-mail addresses and brackets; English sentences holding Hebrew, Arabic
or Persian words; and Thai. A case is a run of 1 to 3 consecutive sentences of one pool joined by a space,
at a size from {12, 13, 15, 17, 20, 24} and an integer width from 60 to 420 pt; a quarter are truncated at
the tail after 1 to 3 lines. A fixed seed makes the corpus the same on every run. Nine more cases
("cut-") are truncated inside a run of the other direction on purpose (CUTS).

Layout as scripts/pango-reference.py (private Fontconfig with only Fonts/, PangoFT2 at 72 dpi, hinting
off, unrounded positions, WRAP_WORD_CHAR, no inserted hyphens, ellipsize END with height -N). The family is
"Noto Sans"; Arabic, Hebrew and Thai come from the bundled Noto Sans Arabic, Hebrew and Thai through
Fontconfig, the only fonts covering them. Pango resolves each paragraph's direction from its first strong
character (auto-dir, UAX #9 P2-P3), as UIKit's natural direction does.

Line fields: start/end are UTF-16 offsets as in pango.jsonl (end: the next line's start, or for an
ellipsized line where the visible text stops). runs are the line's PangoLayoutRuns in visual order, left
to right, each an item's analysis.level with its UTF-16 range, clipped to the line's drawn text (trailing
whitespace, and on an ellipsized line the whitespace before the ellipsis, left out, since neither engine
draws it: UIKit's rule W4 and T4), and neighbours of one level merged (Pango splits runs where the font or
script changes, TextFit only where the level does). width is the run's advance in points. The ellipsis run
is listed at its visual place with the level Pango gave it.

Thai line breaking in this Pango comes from libthai (Pango is built with it: `ldd libpango-1.0.so.0` lists
libthai.so.0, and break.c uses th_brk_find_breaks for Thai when HAVE_LIBTHAI), not ICU; TextFit's comes
from ICU's dictionary. Both segment Thai into dictionary words, with different dictionaries. A Thai case
also lists libthai's own word breaks (th_brk_find_breaks, through ctypes), so a test can tell a
dictionary difference from any other, and ICU's line breaks from PyICU (Debian python3-icu, the same
ICU 72 TextFit links, read through its own BreakIterator). pangoWithICUBreaks is Pango's layout of the
text with its Thai break opportunities made ICU's (with_icu_breaks): what Pango does with the rest of
line fitting and truncation when both engines break Thai at the same places.
"""

import ctypes
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
import importlib.util  # noqa: E402

spec = importlib.util.spec_from_file_location("pango_reference", os.path.join(HERE, "pango-reference.py"))
ref = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ref)
Pango = ref.Pango
GLib = ref.GLib

OUTPUT = os.path.join(ref.DATA_DIR, "bidi.jsonl")
SEED = 9117
SIZES = [12, 13, 15, 17, 20, 24]
ZWNJ = "\u200c"

ARABIC = [
    "وصل أحمد إلى مطار دبي في الساعة 7:45 صباحاً بعد رحلة طويلة من London.",
    "تبلغ مساحة الغرفة ٢٥ متراً مربعاً، وإيجارها 1200 دولار في الشهر.",
    "قالت سارة إن برنامج Microsoft Word لا يحفظ الملفات بصيغة PDF تلقائياً.",
    "يبدأ المؤتمر يوم الثلاثاء ١٥ مارس ويستمر ثلاثة أيام في القاهرة.",
    "اشترى محمد هاتف iPhone 15 Pro بسعر ٤٥٠٠ درهم من متجر في أبوظبي.",
    "كتب نجيب محفوظ أكثر من ثلاثين رواية، وحصل على جائزة Nobel عام 1988.",
    "الرجاء إرسال التقرير إلى البريد info@example.com قبل نهاية الأسبوع.",
    "درجة الحرارة اليوم في الرياض 43 درجة مئوية، وهي أعلى من المعتاد.",
    "يعمل فريقنا مع شركة Google على مشروع جديد للترجمة الآلية.",
    "تقع مدينة الإسكندرية على ساحل البحر الأبيض المتوسط شمال مصر.",
    "حجزت ليلى غرفتين في فندق Hilton للفترة من ٣ إلى ٧ يوليو.",
    "ارتفع عدد سكان المدينة إلى 2.5 مليون نسمة خلال عشر سنوات.",
    "هل شاهدت مباراة ريال مدريد ضد Barcelona مساء السبت؟",
    "يمكنك تحميل الإصدار 3.2.1 من الموقع الرسمي مجاناً.",
    "درست فاطمة اللغة الإنجليزية في جامعة Oxford لمدة سنتين.",
    "سافرنا بالقطار من عمّان إلى العقبة في أربع ساعات ونصف.",
    "الاجتماع القادم في القاعة رقم ١٢ في الطابق الثالث (المبنى B).",
    "أرسل لي رقم الهاتف +971 50 123 4567 عندما تصل إلى الفندق.",
    "استخدم المهندسون لغة Swift لكتابة التطبيق الجديد.",
    "تحتوي المكتبة على أكثر من ٥٠٠٠ كتاب باللغتين العربية والفرنسية.",
]

HEBREW = [
    "דני נסע לתל אביב ביום ראשון ופגש את Sarah בבית קפה ליד הים.",
    "המחיר של הכרטיס הוא 120 ש״ח, והמופע מתחיל בשעה 20:30.",
    "הספר החדש של Amos Oz יצא לאור בשנת 2004 ותורגם לשלושים שפות.",
    "אנחנו משתמשים ב־Linux ובשפת Python בכל הפרויקטים של החברה.",
    "מזג האוויר בירושלים יהיה נאה, עם טמפרטורות של 25 מעלות.",
    "נא לשלוח את הטופס עד ה־15 במאי לכתובת office@example.org.",
    "רונית קנתה מחשב Dell חדש ב־4,500 שקלים בחנות בחיפה.",
    "הרכבת מבאר שבע לתל אביב יוצאת כל חצי שעה.",
    "ביקרנו במוזיאון ישראל וראינו את מגילות ים המלח.",
    "המשחק בין מכבי תל אביב ל־Real Madrid הסתיים בתוצאה 2:1.",
    "יש לי פגישה עם ד״ר כהן מחר בבוקר בבית החולים.",
    "הגרסה 2.7 של התוכנה כוללת תיקונים רבים ושיפורי ביצועים.",
    "אילנה למדה פיזיקה באוניברסיטת MIT בארצות הברית.",
    "כמה זמן לוקח לנסוע מאילת לים המלח ברכב?",
    "החנות פתוחה בימים א׳–ה׳ בין השעות 9:00 ל־19:00.",
    "שלום לכולם, וברוכים הבאים לכנס השנתי של IEEE בתל אביב.",
    "המורה ביקשה מהתלמידים לקרוא את הפרק השלישי (עמודים 45–60) עד יום חמישי.",
]

PERSIAN = [
    "مریم هفته" + ZWNJ + "ی گذشته با پرواز Lufthansa از تهران به برلین رفت.",
    "قیمت این کتاب ۲۵۰ هزار تومان است و در ۳۰۰ صفحه چاپ شده.",
    "علی برای دانشگاه Stanford درخواست داد و پذیرفته شد.",
    "جلسه" + ZWNJ + "ی بعدی روز دوشنبه ساعت ۱۰:۳۰ در دفتر مرکزی برگزار می" + ZWNJ + "شود.",
    "حافظ و سعدی از بزرگ" + ZWNJ + "ترین شاعران زبان فارسی هستند.",
    "لطفاً فایل" + ZWNJ + "ها را با فرمت ZIP به نشانی support@example.ir بفرستید.",
    "جمعیت ایران در سال 2020 حدود ۸۴ میلیون نفر بود.",
    "من هر روز صبح با مترو به محل کارم در خیابان ولیعصر می" + ZWNJ + "روم.",
    "نسخه" + ZWNJ + "ی جدید برنامه روی Android و iOS در دسترس است.",
    "دمای هوای اصفهان امروز به ۳۸ درجه رسید.",
    "کتابخانه" + ZWNJ + "ی ملی ایران بیش از ۵ میلیون جلد کتاب دارد.",
    "سارا در شرکت Siemens به عنوان مهندس نرم" + ZWNJ + "افزار کار می" + ZWNJ + "کند.",
    "برای رزرو میز با شماره" + ZWNJ + "ی 021-8876-5432 تماس بگیرید.",
    "فیلم «جدایی نادر از سیمین» ساخته" + ZWNJ + "ی اصغر فرهادی جایزه" + ZWNJ + "ی Oscar گرفت.",
    "بچه" + ZWNJ + "ها در پارک لاله فوتبال بازی می" + ZWNJ + "کنند.",
]

MIXED = [
    "The word שלום means peace, and سلام is its Arabic cousin.",
    "Our office in Tel Aviv (תל אביב) opens at 9:00 on Sunday.",
    "She wrote مرحبا بالعالم on the whiteboard before the 10 am meeting.",
    "The Persian word کتابخانه means library; it has four syllables.",
    "Hello שלום עולם world مرحبا and goodbye.",
    "Order 4521 was shipped to ירושלים on 12 March 2024.",
    "In Cairo the road sign said القاهرة ١٢ كم, twelve kilometres to go.",
    "The Hebrew letters אבג come before the numbers 123 and 456.",
    "Her name is written ليلى in Arabic and לילה in Hebrew.",
    "Please reply to the e-mail from משה כהן by Friday at noon.",
    "The menu listed فلافل and حمص next to the Greek salad.",
    "Tehran (تهران) is the capital of Iran, with about 9 million people.",
    "Type the command and then the Hebrew words בוקר טוב to test the keyboard.",
    "Both אלף and ألف name the first letter, 1 of 22 or 28.",
]

THAI = [
    "ภาษาไทยเป็นภาษาที่มีวรรณยุกต์และไม่มีการเว้นวรรคระหว่างคำ",
    "วันนี้อากาศดีมากเราจึงไปเดินเล่นที่สวนลุมพินีกับเพื่อนๆ",
    "กรุงเทพมหานครเป็นเมืองหลวงของประเทศไทยและมีประชากรมากกว่าสิบล้านคน",
    "ฉันชอบกินข้าวผัดกุ้งและต้มยำน้ำใสที่ร้านใกล้บ้าน",
    "รถไฟฟ้าเปิดให้บริการตั้งแต่เวลา 6:00 น. ถึงเที่ยงคืน",
    "นักเรียนต้องส่งการบ้านวิชาคณิตศาสตร์ภายในวันศุกร์นี้",
    "เชียงใหม่มีวัดเก่าแก่มากมายและอาหารพื้นเมืองที่อร่อย",
    "บริษัทของเราใช้ระบบ Linux และภาษา Swift ในการพัฒนาแอปพลิเคชัน",
    "คุณแม่ทำแกงเขียวหวานไก่ให้ทุกคนในครอบครัวรับประทานตอนเย็น",
    "ประเทศไทยมีพื้นที่ประมาณ 513,120 ตารางกิโลเมตร",
    "เมื่อวานฝนตกหนักทำให้น้ำท่วมถนนหลายสายในกรุงเทพ",
    "ห้องสมุดแห่งชาติเปิดทุกวันยกเว้นวันจันทร์และวันหยุดราชการ",
    "เขาเรียนภาษาอังกฤษที่มหาวิทยาลัยเป็นเวลาสี่ปี",
    "กรุณาปิดโทรศัพท์มือถือระหว่างการแสดงดนตรี",
    "ตลาดน้ำเป็นสถานที่ท่องเที่ยวที่มีชื่อเสียงมาก",
    "ช้างเป็นสัตว์ประจำชาติของไทยและมีความสำคัญทางประวัติศาสตร์",
    "ผู้โดยสารทุกท่านโปรดรัดเข็มขัดนิรภัยก่อนเครื่องขึ้น",
    "น้ำตาลทรายหนึ่งกิโลกรัมราคาประมาณยี่สิบห้าบาท",
    "พรุ่งนี้ผมจะไปทำงานแต่เช้าเพราะมีประชุมสำคัญ",
    "โรงพยาบาลแห่งนี้มีแพทย์ผู้เชี่ยวชาญหลายสาขา",
]

# Cuts chosen to fall inside a run of the other direction, where the ellipsis' level matters (the random
# corpus has none): (text, size, width, maxLines).
CUTS = [
    ("وصل أحمد إلى مطار London Heathrow في الصباح.", 17, 180, 1),
    ("اشترى محمد هاتف iPhone 15 Pro بسعر ٤٥٠٠ درهم.", 17, 150, 1),
    ("יש לי פגישה עם Professor Goldberg מחר בבוקר.", 15, 150, 1),
    ("The word שלום עולם means peace in Hebrew.", 17, 110, 1),
    ("She wrote مرحبا بالعالم on the whiteboard.", 17, 130, 1),
    ("Tehran (تهران) is the capital of Iran.", 17, 95, 1),
    ("הספר החדש של Amos Oz יצא לאור בשנת 2004.", 17, 140, 1),
    ("The menu listed فلافل وحمص next to the salad.", 15, 150, 1),
    ("وصل أحمد إلى مطار London Heathrow airport", 17, 180, 1),
]

# (prefix, pool, number of cases)
POOLS = [("ara", ARABIC, 50), ("heb", HEBREW, 45), ("fas", PERSIAN, 40), ("mix", MIXED, 35), ("tha", THAI, 60)]


def make_cases():
    rng = random.Random(SEED)
    cases = []
    for prefix, pool, count in POOLS:
        for n in range(count):
            length = rng.choice([1, 1, 2, 2, 3])
            first = rng.randrange(len(pool))
            text = " ".join(pool[(first + k) % len(pool)] for k in range(length))
            truncated = rng.random() < 0.25
            cases.append({"id": "%s-%03d" % (prefix, n + 1), "text": text, "family": "Noto Sans",
                          "size": rng.choice(SIZES), "width": rng.randint(60, 420),
                          "maxLines": rng.randint(1, 3) if truncated else 0,
                          "lineBreakMode": "truncateTail" if truncated else "wordWrap"})
    for n, (text, size, width, max_lines) in enumerate(CUTS):
        cases.append({"id": "cut-%03d" % (n + 1), "text": text, "family": "Noto Sans", "size": size, "width": width,
                      "maxLines": max_lines, "lineBreakMode": "truncateTail"})
    return cases


def libthai_breaks(text):
    """libthai's word breaks in text (UTF-16 offsets, ascending): what Pango's Thai line breaking uses.
    The Thai texts hold only Thai and ASCII, so TIS-620 has one byte per character."""
    lib = ctypes.CDLL("libthai.so.0")
    lib.th_brk_new.restype = ctypes.c_void_p
    lib.th_brk_new.argtypes = [ctypes.c_char_p]
    lib.th_brk_find_breaks.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int), ctypes.c_size_t]
    lib.th_brk_delete.argtypes = [ctypes.c_void_p]
    brk = lib.th_brk_new(None)
    encoded = text.encode("tis-620")
    positions = (ctypes.c_int * (len(encoded) + 1))()
    count = lib.th_brk_find_breaks(brk, encoded, positions, len(encoded) + 1)
    lib.th_brk_delete(brk)
    return [positions[i] for i in range(count)]


def icu_line_breaks(text):
    """ICU's UAX #14 line breaks (root rules, Thai from its dictionary) as UTF-16 offsets, through PyICU
    (Debian python3-icu), independently of TextFit."""
    import icu
    iterator = icu.BreakIterator.createLineInstance(icu.Locale.getRoot())
    iterator.setText(text)
    return [offset for offset in iterator]


def with_icu_breaks(text, icu_breaks, libthai):
    """text with Pango's Thai break opportunities made ICU's: U+200B (zero width) at each ICU break between
    two Thai characters that libthai lacks, and allow_breaks=false over each libthai break ICU lacks.
    Returns the new text, the attributes, and a map from the new UTF-16 offsets to the original ones."""
    def thai(ch):
        return "\u0e00" <= ch <= "\u0e7f"
    inner = lambda p: 0 < p < len(text) and thai(text[p - 1]) and thai(text[p])
    insert = sorted(p for p in icu_breaks if inner(p) and p not in libthai)
    forbid = sorted(p for p in libthai if inner(p) and p not in icu_breaks)
    pieces, new_of, back, last = [], {}, {}, 0
    for p in insert + [len(text)]:
        pieces.append(text[last:p])
        last = p
        if p < len(text):
            pieces.append("\u200b")
    new_text = "".join(pieces)
    shift = 0
    for i in range(len(text) + 1):
        if i in insert:
            back[i + shift] = i  # before the U+200B
            shift += 1
        new_of[i] = i + shift
        back[i + shift] = i
    attrs = Pango.AttrList()
    attrs.insert(Pango.attr_insert_hyphens_new(False))
    encoded = new_text.encode("utf-8")
    byte_of = {}
    b = 0
    for i, ch in enumerate(new_text):
        byte_of[i] = b
        b += len(ch.encode("utf-8"))
    byte_of[len(new_text)] = b
    for p in forbid:
        attr = Pango.attr_allow_breaks_new(False)
        attr.start_index, attr.end_index = byte_of[new_of[p] - 1], byte_of[new_of[p] + 1]
        attrs.insert(attr)
    assert len(encoded) == b
    return new_text, attrs, back


def layout_case(ctx, case, text=None, attrs=None):
    text = text or case["text"]
    u16 = ref.Offsets(text)
    tb = u16.bytes
    layout = Pango.Layout.new(ctx)
    desc = Pango.FontDescription()
    desc.set_family(case["family"])
    desc.set_absolute_size(case["size"] * ref.PANGO_SCALE)
    layout.set_font_description(desc)
    layout.set_wrap(Pango.WrapMode.WORD_CHAR)
    layout.set_width(int(round(case["width"] * ref.PANGO_SCALE)))
    layout.set_auto_dir(True)
    if case["maxLines"] > 0:
        layout.set_ellipsize(Pango.EllipsizeMode.END)
        layout.set_height(-case["maxLines"])
    if attrs is None:
        attrs = Pango.AttrList()
        attrs.insert(Pango.attr_insert_hyphens_new(False))
    layout.set_text(text, -1)
    layout.set_attributes(attrs)

    def is_white(b):
        return GLib.unichar_isspace(tb[b:].decode("utf-8")[0])

    lines_ro = layout.get_lines_readonly()
    out = []
    for n, line in enumerate(lines_ro):
        start = line.start_index
        next_start = lines_ro[n + 1].start_index if n + 1 < len(lines_ro) else len(tb)
        runs = list(line.runs)
        ellipsis = [r for r in runs if r.item.analysis.flags & Pango.ANALYSIS_FLAG_IS_ELLIPSIS]
        end = ellipsis[0].item.offset if ellipsis else next_start
        # The drawn text: [start, drawn_end), whitespace at its logical end left out.
        chars = u16.char_starts(start, end)
        drawn_end = start
        for b in chars:
            if not is_white(b):
                drawn_end = b + len(tb[b:].decode("utf-8")[0].encode("utf-8"))
        visual = []
        for r in runs:
            item = r.item
            if item.analysis.flags & Pango.ANALYSIS_FLAG_IS_ELLIPSIS:
                visual.append({"ellipsis": True, "level": item.analysis.level})
                continue
            lo, hi = max(item.offset, start), min(item.offset + item.length, drawn_end)
            if lo >= hi:
                continue
            width = r.glyphs.get_width() / ref.PANGO_SCALE
            if lo != item.offset or hi != item.offset + item.length:
                # Clipped: the distance between the kept text's edges (one run has one direction).
                last_char = u16.char_starts(lo, hi)[-1]
                width = abs(line.index_to_x(last_char, True) - line.index_to_x(lo, False)) / ref.PANGO_SCALE
            run = {"start": u16(lo), "end": u16(hi), "level": item.analysis.level, "width": width}
            last = visual[-1] if visual else None
            if last and not last.get("ellipsis") and last["level"] == run["level"] \
                    and (last["end"] == run["start"] or run["end"] == last["start"]):
                last["start"], last["end"] = min(last["start"], run["start"]), max(last["end"], run["end"])
                last["width"] += run["width"]
            else:
                visual.append(run)
        for run in visual:
            if "width" in run:
                run["width"] = round(run["width"], 4)
        out.append({"start": u16(start), "end": u16(end), "ellipsis": bool(ellipsis), "runs": visual})
    direction = layout.get_direction(0) if hasattr(layout, "get_direction") else None
    return {"direction": "rtl" if direction == Pango.Direction.RTL else "ltr",
            "truncated": bool(layout.is_ellipsized()), "lines": out}


def main():
    ctx = ref.make_context()
    cases = make_cases()
    with open(OUTPUT, "w", encoding="utf-8", newline="\n") as f:
        for case in cases:
            case["pango"] = layout_case(ctx, case)
            if case["id"].startswith("tha-"):
                case["libthai"] = libthai_breaks(case["text"])
                case["icu"] = icu_line_breaks(case["text"])
                text, attrs, back = with_icu_breaks(case["text"], set(case["icu"]), set(case["libthai"]))
                lines = layout_case(ctx, case, text, attrs)["lines"]
                for line in lines:
                    line["start"], line["end"] = back[line["start"]], back[line["end"]]
                    for run in line["runs"]:
                        if "start" in run:
                            run["start"], run["end"] = back[run["start"]], back[run["end"]]
                case["pangoWithICUBreaks"] = lines
            f.write(json.dumps(case, ensure_ascii=False) + "\n")
    counts = {}
    for case in cases:
        counts[case["id"][:3]] = counts.get(case["id"][:3], 0) + 1
    print("pango-bidi-reference: %d cases (%s), %d lines, %d truncated -> %s; %s"
          % (len(cases), ", ".join("%s %d" % kv for kv in counts.items()),
             sum(len(c["pango"]["lines"]) for c in cases), sum(c["pango"]["truncated"] for c in cases),
             os.path.relpath(OUTPUT, ref.ROOT), ref.library_versions()), file=sys.stderr)


if __name__ == "__main__":
    main()
