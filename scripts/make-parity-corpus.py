#!/usr/bin/env python3
"""Generate the Pango line-breaking parity corpus.

Writes Tests/TextFitTests/Data/parity/corpus.jsonl (one JSON case per line):

    {"id": "lat-0001", "text": "...", "family": "Noto Sans", "size": 15,
     "width": 200, "maxLines": 0, "lineBreakMode": "wordWrap"}

Deterministic: a fixed seed and hand-written text pools, so rerunning it
reproduces the same file byte for byte. Pure standard library; works with any
Python 3.7+ (e.g. /usr/bin/python3).

Texts are single paragraphs (no newlines, no tabs) and stay inside the Basic
Multilingual Plane, so len(text) equals the UTF-16 length.
"""

import json
import os
import random

SEED = 20240611
MAX_CHARS = 400
SIZES = [12, 13, 15, 17, 20, 24]
WIDTH_MIN, WIDTH_MAX = 40, 420
FAMILY = "Noto Sans"

# --------------------------------------------------------------------------
# Text pools. Each pool is a list of sentences; cases are built from runs of
# consecutive sentences joined by the pool's separator.
# --------------------------------------------------------------------------

ENGLISH = [
    "The quick brown fox jumps over the lazy dog.",
    "It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness.",
    "Call me Ishmael.",
    "Some years ago, never mind how long precisely, having little or no money in my purse, I thought I would sail about a little and see the watery part of the world.",
    "A well-known, long-standing tradition holds that the first snow of the year brings good luck to the village.",
    "Our state-of-the-art, energy-efficient heat pump costs $1,299.99 and ships within 3-5 business days.",
    "Meet me at 10:45 a.m. on Tuesday, March 14th, at gate B-27 (terminal 2).",
    "She asked, \"Are you sure?\" and he replied, \"Absolutely; I checked it twice.\"",
    "The report covers Q3 2023: revenue rose 12.5% year-over-year, while costs fell by roughly one-third.",
    "Please read the documentation at https://developer.example.com/documentation/textkit/nslayoutmanager/linebreakstrategy before filing a bug.",
    "Download the archive from ftp://mirror.example.org/pub/releases/2024/textfit-1.0.0-x86_64-unknown-linux-gnu.tar.gz and verify its checksum.",
    "The longest word in many dictionaries is pneumonoultramicroscopicsilicovolcanoconiosis, a lung disease.",
    "In German, the Donaudampfschiffahrtsgesellschaftskapitänsmütze is a famously long compound noun.",
    "Send feedback to first.last+textfit-feedback@mail.example.com, or call +1 (555) 010-4477.",
    "Hyphenation, kerning, and line breaking are three separate problems; good typesetting needs all of them.",
    "He walked slowly -- almost reluctantly -- toward the old lighthouse at the end of the pier.",
    "Version 2.10.3-beta.7 fixes the off-by-one error introduced in 2.10.1 (see issue #4821).",
    "Temperatures ranged from -12 °C at night to +4 °C at noon, which is typical for mid-January.",
    "The committee's decision, announced on 2023-11-02, was unanimous: the bridge will reopen next spring.",
    "Whether 'tis nobler in the mind to suffer the slings and arrows of outrageous fortune, or to take arms against a sea of troubles.",
    "All human beings are born free and equal in dignity and rights. They are endowed with reason and conscience.",
    "A tiny, mid-century, brick-and-mortar bookshop still sells second-hand paperbacks for 50¢ each.",
    "The path /usr/local/share/applications/org.example.TextFitDemo.desktop is where the launcher lives.",
    "Supercalifragilisticexpialidocious, even though the sound of it is something quite atrocious!",
    "Ok.",
    "Wait... what? No way!",
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.",
    "The token eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9abcdefghijklmnopqrstuvwxyz0123456789 expired yesterday.",
    "Mix 2 cups of flour, 1/2 tsp of salt, and 3 large eggs; whisk for 2-3 minutes until smooth.",
    "Everything should be made as simple as possible, but not simpler.",
]

OTHER_LATIN = [
    # French
    "Longtemps, je me suis couché de bonne heure.",
    "L'été dernier, nous avons passé trois semaines au bord de la mer, près d'Arcachon.",
    "« Qu'est-ce que c'est ? » demanda-t-elle, un peu inquiète, en regardant par la fenêtre.",
    "Le musée est ouvert du mardi au dimanche, de 9 h 30 à 18 h ; l'entrée coûte 12,50 €.",
    # German
    "Der Fahrplan der Deutschen Bahn gilt ab dem 15. Dezember für alle Fernverkehrszüge.",
    "Die Bundesausbildungsförderungsgesetzänderung wurde nach langer Debatte im Bundestag verabschiedet.",
    "Über den Wolken muss die Freiheit wohl grenzenlos sein, sagt ein bekanntes Lied.",
    "Straßenbahnhaltestellen in Großstädten sind oft mit elektronischen Anzeigetafeln ausgestattet.",
    # Spanish
    "En un lugar de la Mancha, de cuyo nombre no quiero acordarme, no ha mucho tiempo que vivía un hidalgo.",
    "¿Dónde está la biblioteca? ¡Está justo al lado de la estación de autobuses!",
    "La reunión empezará a las 16:00 h, y se espera la asistencia de unas 250 personas.",
    # Italian
    "Nel mezzo del cammin di nostra vita mi ritrovai per una selva oscura, ché la diritta via era smarrita.",
    "Il treno per Milano-Centrale parte dal binario 7 alle 8:15, con un ritardo previsto di dieci minuti.",
    # Portuguese
    "Não há nada mais difícil do que começar; depois, tudo se torna um pouco mais fácil.",
    "A inauguração da exposição está marcada para sexta-feira, às 19h30, no Centro Cultural.",
    # Polish / Czech
    "Zażółć gęślą jaźń, a potem sprawdź, czy wszystkie znaki diakrytyczne wyświetlają się poprawnie.",
    "Příliš žluťoučký kůň úpěl ďábelské ódy, když se slunce schovávalo za kopce.",
    # Dutch / Swedish / Turkish / Vietnamese
    "De vergadering is verplaatst naar donderdagmiddag vanwege de staking bij het openbaar vervoer.",
    "Flygplanet till Göteborg är försenat på grund av kraftig snöstorm över Västra Götaland.",
    "İstanbul'da yaşayan çoğu insan her gün vapurla Boğaz'ı karşıdan karşıya geçiyor.",
    "Tiếng Việt có nhiều dấu thanh, và việc ngắt dòng đúng cách là điều rất quan trọng.",
    "Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz ist ein ehemaliges Gesetz in Mecklenburg-Vorpommern.",
]

CHINESE_SIMPLIFIED = [
    "今天天气很好，我们一起去公园散步吧。",
    "学而时习之，不亦说乎？有朋自远方来，不亦乐乎？",
    "中华人民共和国成立于一九四九年十月一日，首都是北京。",
    "这家餐厅的菜味道不错，价格也很合理，周末常常需要排队。",
    "随着互联网技术的快速发展，人们的生活方式发生了巨大的变化。",
    "请在下周五之前提交您的报告，并抄送给项目经理和部门主管。",
    "春眠不觉晓，处处闻啼鸟。夜来风雨声，花落知多少。",
    "他说：“我明天早上八点在火车站等你，别迟到！”",
    "长江是中国第一长河，全长约六千三百公里，流经十一个省级行政区。",
    "图书馆的开放时间为每天上午九点至晚上十点，节假日照常开放。",
    "我们的目标是让每一个孩子都能接受良好的教育，拥有美好的未来。",
    "读书破万卷，下笔如有神。",
]

CHINESE_TRADITIONAL = [
    "今天天氣很好，我們一起去公園散步吧。",
    "臺灣位於東亞，是一個四面環海的島嶼，擁有豐富的自然景觀。",
    "這本書的作者花了整整十年的時間，才完成這部長篇歷史小說。",
    "床前明月光，疑是地上霜。舉頭望明月，低頭思故鄉。",
    "請您於營業時間內攜帶身分證明文件，至櫃檯辦理相關手續。",
    "香港的夜景非常漂亮，每年吸引數以百萬計的遊客前來觀光。",
    "他問：「你昨天為什麼沒有來開會？」我回答：「因為我生病了。」",
    "學習一種新的語言需要耐心、毅力，以及大量的練習與實踐。",
    "颱風即將登陸，氣象局呼籲民眾做好防颱準備，避免外出。",
]

JAPANESE = [
    "吾輩は猫である。名前はまだ無い。",
    "どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。",
    "東京駅から新幹線に乗って、京都まで約二時間十五分かかります。",
    "「ちょっと待って！」と彼女は叫んだが、電車のドアはもう閉まっていた。",
    "コーヒーとケーキのセットは、ランチタイムなら八百円でご提供しています。",
    "きょうはとてもいいてんきですね。いっしょにさんぽにいきませんか。",
    "ソフトウェアのアップデートが完了しました。デバイスを再起動してください。",
    "春はあけぼの。やうやう白くなりゆく山ぎは、すこしあかりて、紫だちたる雲のほそくたなびきたる。",
    "ちょっとしたことで、きゅうにしゃっくりが止まらなくなってしまった。",
    "この資料は、来週の会議で使用する予定ですので、事前にご確認ください。",
    "パーティーには、ジョッキー、シェフ、ミュージシャンなど、いろいろな人が集まった。",
    "古池や蛙飛び込む水の音。",
    "図書館で借りた本を、うっかり電車の中に忘れてきてしまった。",
    "ユーザーインターフェースのデザインは、シンプルでわかりやすいことが大切です。",
]

RUSSIAN = [
    "Все счастливые семьи похожи друг на друга, каждая несчастливая семья несчастлива по-своему.",
    "Мой дядя самых честных правил, когда не в шутку занемог, он уважать себя заставил и лучше выдумать не мог.",
    "Поезд Москва — Санкт-Петербург отправляется в 23:55 с Ленинградского вокзала.",
    "Съешь же ещё этих мягких французских булок, да выпей чаю.",
    "Достопримечательности города включают Кремль, Красную площадь и Большой театр.",
    "«Где ты был?» — спросила мама. «Гулял в парке», — ответил мальчик.",
    "Стоимость билета составляет 1 250 рублей, скидка для студентов — 30 %.",
    "Человеконенавистничество и высокопревосходительство — одни из самых длинных слов русского языка.",
    "В лесу родилась ёлочка, в лесу она росла, зимой и летом стройная, зелёная была.",
    "Пожалуйста, заполните анкету и отправьте её по адресу info@example.ru до пятницы.",
    "Тихий океан — самый большой и самый глубокий океан на Земле.",
]

MIXED = [
    "我最喜欢的编程语言是Swift，因为它安全、快速而且表达力强。",
    "请访问 https://www.example.com/zh-cn/docs 获取更多信息。",
    "iPhone 15 Pro 的售价为 7999 元起，9月22日正式发售。",
    "今日は Apple の WWDC 2024 の基調講演がありました。",
    "このアプリは iOS 17 以降と macOS 14 Sonoma に対応しています。",
    "Our office in 上海 is open Monday to Friday, 9:00–18:00.",
    "The word 「木漏れ日」 (komorebi) describes sunlight filtering through trees.",
    "使用 UILabel 和 NSAttributedString 可以实现富文本显示。",
    "在 Linux 上用 HarfBuzz、ICU 和 FreeType 排版文字。",
    "東京 Tokyo、大阪 Osaka、京都 Kyoto は日本の有名な都市です。",
    "版本 v2.3.1-rc.2 修复了在 Ubuntu 22.04 LTS 上崩溃的问题。",
    "Привет, 世界! Hello, мир! 你好, world!",
]

SEPARATORS = {
    "lat": " ",
    "zhs": "",
    "zht": "",
    "jpn": "",
    "rus": " ",
    "mix": " ",
}

# (prefix, pools, number of cases)
CATEGORIES = [
    ("lat", [ENGLISH] * 2 + [OTHER_LATIN], 200),
    ("zhs", [CHINESE_SIMPLIFIED], 60),
    ("zht", [CHINESE_TRADITIONAL], 40),
    ("jpn", [JAPANESE], 70),
    ("rus", [RUSSIAN], 60),
    ("mix", [MIXED, MIXED, MIXED, ENGLISH + CHINESE_SIMPLIFIED + JAPANESE], 70),
]


def make_text(rng, pool, sep):
    """A run of 1..6 consecutive sentences (wrapping around), capped at MAX_CHARS."""
    n = rng.choices([1, 2, 3, 4, 6], weights=[30, 25, 20, 15, 10])[0]
    start = rng.randrange(len(pool))
    parts = []
    for k in range(n):
        s = pool[(start + k) % len(pool)]
        candidate = sep.join(parts + [s])
        if len(candidate) > MAX_CHARS:
            break
        parts.append(s)
    text = sep.join(parts)
    assert 0 < len(text) <= MAX_CHARS
    return text


def main():
    rng = random.Random(SEED)
    here = os.path.dirname(os.path.abspath(__file__))
    out_dir = os.path.join(here, "..", "Tests", "TextFitTests", "Data", "parity")
    os.makedirs(out_dir, exist_ok=True)
    out_path = os.path.normpath(os.path.join(out_dir, "corpus.jsonl"))

    cases = []
    for prefix, pools, count in CATEGORIES:
        for i in range(1, count + 1):
            pool = rng.choice(pools)
            text = make_text(rng, pool, SEPARATORS[prefix])
            size = rng.choice(SIZES)
            width = rng.randint(WIDTH_MIN, WIDTH_MAX)
            if rng.random() < 1.0 / 3.0:
                max_lines = rng.choice([1, 2, 3])
                mode = "truncateTail"
            else:
                max_lines = 0
                mode = "wordWrap"
            assert "\n" not in text and "\t" not in text
            assert all(ord(c) <= 0xFFFF for c in text)
            cases.append({
                "id": "%s-%04d" % (prefix, i),
                "text": text,
                "family": FAMILY,
                "size": size,
                "width": width,
                "maxLines": max_lines,
                "lineBreakMode": mode,
            })

    with open(out_path, "w", encoding="utf-8", newline="\n") as f:
        for c in cases:
            f.write(json.dumps(c, ensure_ascii=False) + "\n")

    n_trunc = sum(1 for c in cases if c["lineBreakMode"] == "truncateTail")
    print("wrote %d cases (%d truncateTail) to %s" % (len(cases), n_trunc, out_path),
          file=__import__("sys").stderr)


if __name__ == "__main__":
    main()
