#!/usr/bin/env python3
"""Generate the benchmark corpus: Benchmarks/Corpus/cases.jsonl.

    python3 Benchmarks/Corpus/make-corpus.py

One `textfit batch` case per line (architecture.md, "Command-line contract"):

    {"id": "latin-0001", "text": "...", "family": "Noto Sans", "size": 15,
     "width": 200, "maxLines": 0, "lineBreakMode": "wordWrap"}

The id's prefix (before the last "-") names the case set the benchmark reports on:

    latin      English and other Latin-script sentences (1-6 of them)
    chinese    Simplified and Traditional Chinese
    japanese   kana and kanji
    cyrillic   Russian
    mixed      Latin with CJK or Cyrillic in one text
    feed       news-feed rows (the seed examples): 15/17 pt at phone and tablet cell widths
    ui         short UI strings (buttons, titles, notifications) in several languages, some unconstrained
    paragraph  long paragraphs (800-3000 characters)

Those sets are all in Noto Sans, CJK falling back to Droid Sans Fallback. The script-matched sets
(MATCHED_SETS below: latin-inter, latin-liberation, latin-notoserif, greek-notosans, chinese-notocjk,
japanese-notocjk, chinese-droid, japanese-droid) set each text in one font that covers it.

Deterministic (fixed seed, hand-written pools), standard library only. The sentence pools of the Pango
parity corpus are reused from scripts/make-parity-corpus.py; the pools below add more, plus UI strings
and the feed rows of the project's seed examples (feed-rows.txt beside this script). About a third of the
multi-line cases use maxLines 1-3 with tail truncation, as labels do.
"""

import importlib.util
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
OUT = os.path.join(HERE, "cases.jsonl")
SEED = 20241129
FAMILY = "Noto Sans"


def load_parity_pools():
    path = os.path.join(ROOT, "scripts", "make-parity-corpus.py")
    spec = importlib.util.spec_from_file_location("make_parity_corpus", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


P = load_parity_pools()

MORE_ENGLISH = [
    "Your order has shipped and should arrive by Thursday; track it from the Orders tab at any time.",
    "The city council voted 7-2 on Monday night to extend the bike lane network along Harbor Avenue.",
    "Researchers found that participants who slept at least seven hours remembered 23% more words.",
    "Heavy rain is expected across the region this weekend, with flood warnings for low-lying areas.",
    "A new exhibition of early photographs opens at the museum on Saturday and runs through June.",
    "If you did not request a password reset, you can safely ignore this message.",
    "The team shipped the redesign two weeks early, thanks largely to a simpler navigation model.",
    "Prices for used cars fell for the third consecutive month, according to the latest index.",
    "To keep your account secure, turn on two-factor authentication in Settings > Security.",
    "The recipe calls for ripe tomatoes, fresh basil, a pinch of sea salt and good olive oil.",
    "Local libraries now lend telescopes, sewing machines and even fishing rods to card holders.",
    "The match was suspended in the 78th minute after floodlights failed at the stadium.",
    "Engineers replaced the bridge's 60-year-old bearings without closing more than one lane at a time.",
    "Read receipts are off for this conversation; the other person won't see when you've read messages.",
    "Astronomers have confirmed a rocky exoplanet orbiting within the habitable zone of a nearby red dwarf.",
    "Quarterly results beat expectations, and the company raised its full-year outlook by 4 percent.",
    "The ferry timetable changes on 1 April: the first sailing leaves at 06:10 instead of 06:40.",
    "Volunteers planted more than 1,200 trees along the river in a single weekend.",
    "Battery life is rated at up to 18 hours of video playback, or 11 hours of web browsing over Wi-Fi.",
    "Scientists warn that the glacier has lost nearly a third of its volume since the 1980s.",
]

MORE_CHINESE = [
    "北京时间昨晚，国家统计局发布了最新的居民消费价格指数，同比上涨百分之零点四。",
    "由于受到强降雨影响，多条高速公路临时封闭，请广大司机朋友合理安排出行路线。",
    "这款新手机搭载了自主研发的芯片，续航时间比上一代提升了百分之二十。",
    "上海迪士尼乐园将于下月推出全新的夜间烟花表演，门票已开始预售。",
    "专家提醒，夏季天气炎热，老人和儿童应尽量避免在中午时段外出活动。",
    "研究团队在南海发现了一种新的珊瑚物种，相关论文已发表在国际期刊上。",
    "本市地铁三号线将于今年年底通车，全长二十八公里，共设二十一座车站。",
    "新學期開始後，學校將增設程式設計與人工智慧相關的選修課程。",
    "臺北市政府宣布，自下個月起調整公共自行車的收費標準。",
    "受國際油價上漲影響，本週汽油價格每公升調漲零點三元。",
]

MORE_JAPANESE = [
    "本日の東京の最高気温は三十五度の予想です。熱中症に十分ご注意ください。",
    "新しいスマートフォンは、カメラの性能が大幅に向上し、夜景もきれいに撮影できます。",
    "台風十号の影響で、東海道新幹線は午後から運転を見合わせる可能性があります。",
    "当店では、毎週金曜日にワインの試飲会を開催しております。お気軽にお越しください。",
    "会員登録をすると、ポイントが二倍になるキャンペーンを実施中です。",
    "駅前の再開発計画について、市は来月住民説明会を開く予定です。",
    "この度はご注文いただき、誠にありがとうございます。発送まで今しばらくお待ちください。",
    "北海道では、今朝この冬一番の冷え込みとなり、各地で氷点下を記録しました。",
    "プログラミング教育の必修化に伴い、教員向けの研修が全国で行われています。",
    "パスワードを忘れた場合は、登録済みのメールアドレスに再設定用のリンクをお送りします。",
]

MORE_RUSSIAN = [
    "В Москве ожидается переменная облачность, ночью до минус пяти, днём около нуля градусов.",
    "Центральный банк сохранил ключевую ставку на прежнем уровне, сообщила пресс-служба регулятора.",
    "Новая линия метро соединит аэропорт с центром города всего за двадцать пять минут.",
    "Учёные из Новосибирска разработали недорогой тест для раннего выявления болезни.",
    "Билеты на премьеру спектакля были распроданы за несколько часов после начала продаж.",
    "Ваш заказ № 48213 передан в службу доставки и прибудет в течение трёх рабочих дней.",
    "Сборная России по хоккею одержала уверенную победу в финале молодёжного чемпионата.",
    "Чтобы продолжить, подтвердите адрес электронной почты, перейдя по ссылке в письме.",
    "На выходных в парке пройдёт фестиваль уличной еды и живой музыки, вход свободный.",
    "Из-за ремонта путей электрички на Ярославском направлении будут ходить по изменённому расписанию.",
]

MORE_MIXED = [
    "新版 App 支持 Dark Mode，并修复了 iPad 上的多个崩溃问题。",
    "会議は Zoom で行います。URL は後ほど Slack でお送りします。",
    "Встреча с командой iOS перенесена на 15:30, ссылка в календаре Google.",
    "本季度 GMV 同比增长 35%，DAU 突破 1.2 亿。",
    "Tokyo 2020 の開会式は 7 月 23 日に行われました。",
    "Наш офис в 北京 работает с понедельника по пятницу.",
    "The café on 南京路 serves the best 小笼包 in town, according to locals.",
    "下载地址：https://example.cn/download?ver=3.2.1&platform=linux",
]

GREEK = [
    "Η Αθήνα είναι η πρωτεύουσα της Ελλάδας και μία από τις αρχαιότερες πόλεις του κόσμου.",
    "Αύριο αναμένονται βροχές και καταιγίδες στα δυτικά, με θερμοκρασίες έως δεκαοκτώ βαθμούς.",
    "Η παράσταση στο Ηρώδειο ξεκινά στις εννέα το βράδυ· τα εισιτήρια έχουν ήδη εξαντληθεί.",
    "Το πλοίο για τη Σαντορίνη αναχωρεί από τον Πειραιά στις 07:25 και φτάνει μετά από οκτώ ώρες.",
    "Οι επιστήμονες ανακάλυψαν ένα νέο είδος θαλάσσιας χελώνας στις ακτές της Κρήτης.",
    "Η παραγγελία σας έχει αποσταλεί και θα παραδοθεί μέσα σε τρεις εργάσιμες ημέρες.",
    "Για να συνεχίσετε, επιβεβαιώστε τη διεύθυνση ηλεκτρονικού ταχυδρομείου σας.",
    "Το μουσείο της Ακρόπολης είναι ανοιχτό καθημερινά από τις οκτώ το πρωί έως τις οκτώ το βράδυ.",
    "Η κυβέρνηση ανακοίνωσε νέα μέτρα στήριξης για τις μικρές επιχειρήσεις και τους νέους αγρότες.",
    "Ο δήμος θα φυτέψει περισσότερα από δύο χιλιάδες δέντρα στις γειτονιές της πόλης μέχρι το καλοκαίρι.",
    "Η εθνική ομάδα μπάσκετ κέρδισε με ογδόντα πέντε πόντους έναντι εβδομήντα εννέα στον τελικό.",
    "Ἄνδρα μοι ἔννεπε, Μοῦσα, πολύτροπον, ὃς μάλα πολλὰ πλάγχθη, ἐπεὶ Τροίης ἱερὸν πτολίεθρον ἔπερσεν.",
    "Οι τιμές των ενοικίων στο κέντρο της Θεσσαλονίκης αυξήθηκαν κατά δώδεκα τοις εκατό μέσα σε έναν χρόνο.",
    "Το μετρό θα λειτουργεί με μειωμένα δρομολόγια το Σαββατοκύριακο λόγω εργασιών συντήρησης.",
    "Η νέα έκδοση της εφαρμογής διορθώνει προβλήματα συγχρονισμού και βελτιώνει την ταχύτητα.",
    "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία, είπε χαμογελώντας ο δάσκαλος των γραμμάτων.",
    "Η ομιλία του καθηγητή για την ιστορία της αρχαίας φιλοσοφίας θα μεταδοθεί ζωντανά στο διαδίκτυο.",
    "Λόγω της απεργίας, οι πτήσεις από και προς το αεροδρόμιο Ελευθέριος Βενιζέλος θα καθυστερήσουν.",
]

# Script-matched sets: the same sentence pools and the same size, width, maxLines and mode distribution
# as the sets above, each set in one font that covers its text, so neither engine falls back. The fonts
# come from Debian packages (fonts-inter, fonts-liberation2, fonts-noto-core, fonts-noto-cjk); the
# bundled Noto Sans and Droid Sans Fallback are named by family. Each entry: set name, pool, separator,
# cases, (fontFile, faceIndex) or a family name.
SYSTEM_FONTS = "/usr/share/fonts"
MATCHED_SETS = [
    ("latin-inter", "latin", " ", 300, (SYSTEM_FONTS + "/opentype/inter/Inter-Regular.otf", 0)),
    ("latin-liberation", "latin", " ", 300, (SYSTEM_FONTS + "/truetype/liberation2/LiberationSans-Regular.ttf", 0)),
    ("latin-notoserif", "latin", " ", 300, (SYSTEM_FONTS + "/truetype/noto/NotoSerif-Regular.ttf", 0)),
    ("greek-notosans", "greek", " ", 300, "Noto Sans"),
    ("chinese-notocjk", "chinese", "", 300, (SYSTEM_FONTS + "/opentype/noto/NotoSansCJK-Regular.ttc", 2)),  # SC
    ("japanese-notocjk", "japanese", "", 300, (SYSTEM_FONTS + "/opentype/noto/NotoSansCJK-Regular.ttc", 0)),  # JP
    ("chinese-droid", "chinese", "", 200, "Droid Sans Fallback"),
    ("japanese-droid", "japanese", "", 200, "Droid Sans Fallback"),
]

UI_STRINGS = [
    "Settings", "Cancel", "Done", "Edit", "Delete", "Share", "Save", "Undo", "Sign In", "Sign Out",
    "Continue with Apple", "Forgot password?", "Create Account", "Try Again", "Learn More",
    "Turn On Notifications", "Allow While Using App", "Not Now", "Open in Safari", "Copy Link",
    "Add to Home Screen", "Mark as Read", "Move to Trash", "Empty Trash", "Select All",
    "3 new messages", "You have 12 unread notifications", "Last seen 5 minutes ago",
    "Updated just now", "No Internet Connection", "Something went wrong. Please try again later.",
    "Are you sure you want to delete this conversation? This cannot be undone.",
    "Storage almost full: 1.2 GB of 64 GB available", "Downloading 23 of 140 items…",
    "Battery Saver is on", "Airplane Mode", "Do Not Disturb until 7:00 AM",
    "Software Update: iOS 17.4.1 is available", "Face ID & Passcode", "Privacy & Security",
    "Your subscription renews on March 3, 2025 for $9.99/month.",
    "Photos and videos will be uploaded when you're connected to Wi-Fi.",
    "设置", "取消", "完成", "删除", "分享", "保存", "登录", "退出登录", "忘记密码？", "创建账户",
    "您有 3 条新消息", "网络连接不可用", "确定要删除这条对话吗？此操作无法撤销。", "正在下载 23/140 项…",
    "存储空间即将用完", "开启通知", "以后再说", "在 Safari 中打开", "复制链接", "全部标为已读",
    "設定", "キャンセル", "完了", "削除", "共有", "保存", "ログイン", "ログアウト", "パスワードをお忘れですか？",
    "新着メッセージが3件あります", "インターネットに接続されていません", "この会話を削除してもよろしいですか？",
    "通知をオンにする", "後で", "Safariで開く", "リンクをコピー", "すべて既読にする",
    "Настройки", "Отмена", "Готово", "Удалить", "Поделиться", "Сохранить", "Войти", "Выйти",
    "Забыли пароль?", "Создать аккаунт", "3 новых сообщения", "Нет подключения к интернету",
    "Вы уверены, что хотите удалить этот разговор?", "Включить уведомления", "Не сейчас",
    "Einstellungen", "Abbrechen", "Fertig", "Löschen", "Teilen", "Anmelden", "Abmelden",
    "Benachrichtigungen aktivieren", "Datenschutzeinstellungen verwalten",
    "Réglages", "Annuler", "Terminé", "Supprimer", "Partager", "Se connecter", "Mot de passe oublié ?",
    "Voulez-vous vraiment supprimer cette conversation ?",
]

# The widths a list cell's label gets on common devices (screen width minus 2 × 10 pt insets).
DEVICE_WIDTHS = [300, 355, 370, 394, 408, 748, 814]


def read_feed_rows():
    with open(os.path.join(HERE, "feed-rows.txt"), encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def run_of_sentences(rng, pool, sep, max_chars=400, counts=(1, 2, 3, 4, 6), weights=(30, 25, 20, 15, 10)):
    n = rng.choices(counts, weights=weights)[0]
    start = rng.randrange(len(pool))
    parts = []
    for k in range(n):
        candidate = sep.join(parts + [pool[(start + k) % len(pool)]])
        if len(candidate) > max_chars:
            break
        parts.append(pool[(start + k) % len(pool)])
    if not parts:
        parts = [pool[start][:max_chars]]
    return sep.join(parts)


def paragraph(rng, pool, sep, lo, hi):
    target = rng.randint(lo, hi)
    parts = []
    while len(sep.join(parts)) < target:
        parts.append(rng.choice(pool))
    return sep.join(parts)


def wrap_or_truncate(rng, share=1.0 / 3.0):
    if rng.random() < share:
        return rng.choice([1, 2, 3]), "truncateTail"
    return 0, "wordWrap"


def main():
    rng = random.Random(SEED)
    english = P.ENGLISH + MORE_ENGLISH
    latin = english + P.OTHER_LATIN
    chinese = P.CHINESE_SIMPLIFIED + P.CHINESE_TRADITIONAL + MORE_CHINESE
    japanese = P.JAPANESE + MORE_JAPANESE
    russian = P.RUSSIAN + MORE_RUSSIAN
    mixed = P.MIXED + MORE_MIXED
    sizes = [12, 13, 15, 17, 20, 24]

    cases = []

    def add(prefix, text, size, width, max_lines=0, mode="wordWrap"):
        n = sum(1 for c in cases if c["id"].startswith(prefix + "-")) + 1
        assert "\t" not in text
        cases.append({"id": "%s-%04d" % (prefix, n), "text": text, "family": FAMILY, "size": size,
                      "width": width, "maxLines": max_lines, "lineBreakMode": mode})

    # Sentence runs in each script (like the parity corpus, more of them).
    for prefix, pools, sep, count in (
        ("latin", [english, english, latin], " ", 700),
        ("chinese", [chinese], "", 400),
        ("japanese", [japanese], "", 350),
        ("cyrillic", [russian], " ", 350),
        ("mixed", [mixed, mixed, english + chinese + japanese + russian], " ", 350),
    ):
        for _ in range(count):
            pool = rng.choice(pools)
            text = run_of_sentences(rng, pool, sep)
            max_lines, mode = wrap_or_truncate(rng)
            add(prefix, text, rng.choice(sizes), rng.randint(40, 420), max_lines, mode)

    # Feed rows: every seed row at every device width, 15 pt (the seed) and 17 pt.
    for text in read_feed_rows():
        for width in DEVICE_WIDTHS:
            for size in (15, 17):
                add("feed", text, size, width)

    # UI strings: buttons and titles at 12-20 pt (some 28/34 pt large titles): a tenth unconstrained
    # (intrinsic size), the rest one line truncated, wrapped, or two lines truncated.
    for _ in range(600):
        text = rng.choice(UI_STRINGS)
        size = rng.choice([12, 13, 15, 17, 17, 17, 20, 28, 34])
        r = rng.random()
        if r < 0.1:
            add("ui", text, size, None)
        elif r < 0.55:
            add("ui", text, size, rng.randint(60, 375), 1, "truncateTail")
        elif r < 0.8:
            add("ui", text, size, rng.randint(60, 375))
        else:
            add("ui", text, size, rng.randint(60, 375), 2, "truncateTail")

    # Long paragraphs.
    for _ in range(150):
        kind = rng.choice(["en", "en", "zh", "ja", "ru", "mixed"])
        pool, sep = {"en": (english, " "), "zh": (chinese, ""), "ja": (japanese, ""), "ru": (russian, " "),
                     "mixed": (english + chinese + russian, " ")}[kind]
        text = paragraph(rng, pool, sep, 800, 3000)
        max_lines, mode = wrap_or_truncate(rng, 0.2)
        add("paragraph", text, rng.choice([13, 15, 17]), rng.randint(250, 700), max_lines, mode)

    # Script-matched sets, from a generator of their own so the sets above stay as they were.
    matched_rng = random.Random(SEED + 1)
    pools = {"latin": [english, english, latin], "greek": [GREEK], "chinese": [chinese], "japanese": [japanese]}
    for prefix, kind, sep, count, font in MATCHED_SETS:
        for _ in range(count):
            text = run_of_sentences(matched_rng, matched_rng.choice(pools[kind]), sep)
            max_lines, mode = wrap_or_truncate(matched_rng)
            add(prefix, text, matched_rng.choice(sizes), matched_rng.randint(40, 420), max_lines, mode)
            if isinstance(font, tuple):
                del cases[-1]["family"]
                cases[-1]["fontFile"], cases[-1]["faceIndex"] = font
            else:
                cases[-1]["family"] = font

    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        for c in cases:
            f.write(json.dumps(c, ensure_ascii=False) + "\n")
    sets = {}
    for c in cases:
        sets[c["id"].rsplit("-", 1)[0]] = sets.get(c["id"].rsplit("-", 1)[0], 0) + 1
    trunc = sum(1 for c in cases if c["maxLines"] > 0)
    print("wrote %d cases (%d with maxLines) to %s: %s" % (len(cases), trunc, os.path.relpath(OUT, ROOT),
                                                         ", ".join("%s %d" % kv for kv in sets.items())))


if __name__ == "__main__":
    main()
