#!/usr/bin/python3
"""ICU's own line and grapheme breaks for real Thai, Lao, Hindi and Bengali sentences.

    apt-get install python3-icu     # PyICU, built on Debian's ICU (72 on Debian 12, as TextFit links)
    /usr/bin/python3 scripts/icu-complex-breaks.py

Writes Tests/TextFitTests/Data/complex-breaks.jsonl, one object per sentence:

    {"id", "script", "text", "line": [UTF-16 offsets], "grapheme": [UTF-16 offsets]}

line: ICU's UAX #14 break opportunities (root line rules; Thai and Lao segmented by ICU's dictionaries).
grapheme: ICU's grapheme cluster boundaries (UAX #29 with CLDR's root tailoring, which in ICU 72
already keeps a Devanagari or Bengali conjunct, consonant + virama + consonant, in one cluster, as
Unicode 15.1's rule GB9c later does). Both come from ICU through PyICU's BreakIterator, independently of
TextFit's C door; the tests compare TextFit's answers with them.
"""

import json
import os

import icu

HERE = os.path.dirname(os.path.abspath(__file__))
OUTPUT = os.path.join(HERE, "..", "Tests", "TextFitTests", "Data", "complex-breaks.jsonl")

SENTENCES = {
    "thai": [
        "ภาษาไทยเป็นภาษาที่มีวรรณยุกต์และไม่มีการเว้นวรรคระหว่างคำ",
        "กรุงเทพมหานครเป็นเมืองหลวงของประเทศไทยและมีประชากรมากกว่าสิบล้านคน",
        "ฉันชอบกินข้าวผัดกุ้งและต้มยำน้ำใสที่ร้านใกล้บ้าน",
        "คุณแม่ทำแกงเขียวหวานไก่ให้ทุกคนในครอบครัวรับประทานตอนเย็น",
        "เมื่อวานฝนตกหนักทำให้น้ำท่วมถนนหลายสายในกรุงเทพ",
        "ผู้โดยสารทุกท่านโปรดรัดเข็มขัดนิรภัยก่อนเครื่องขึ้น",
        "น้ำตาลทรายหนึ่งกิโลกรัมราคาประมาณยี่สิบห้าบาท",
        "ช้างเป็นสัตว์ประจำชาติของไทยและมีความสำคัญทางประวัติศาสตร์",
    ],
    "lao": [
        "ພາສາລາວເປັນພາສາທາງການຂອງປະເທດລາວ",
        "ນະຄອນຫຼວງວຽງຈັນຕັ້ງຢູ່ແຄມແມ່ນ້ຳຂອງ",
        "ຂ້ອຍມັກກິນເຂົ້າໜຽວກັບຕຳໝາກຫຸ່ງ",
        "ຫຼວງພະບາງເປັນເມືອງມໍລະດົກໂລກ",
        "ພວກເຮົາຈະໄປຕະຫຼາດໃນຕອນເຊົ້າ",
        "ນັກຮຽນທຸກຄົນຕ້ອງມາໂຮງຮຽນກ່ອນແປດໂມງ",
    ],
    "devanagari": [
        "भारत एक विशाल देश है जिसमें अनेक भाषाएँ बोली जाती हैं।",
        "क्षत्रिय राजाओं ने इस किले का निर्माण सत्रहवीं शताब्दी में किया था।",
        "विद्यार्थियों को परीक्षा की तैयारी के लिए पुस्तकालय में अध्ययन करना चाहिए।",
        "प्रधानमंत्री ने राष्ट्रीय स्वास्थ्य योजना की घोषणा की।",
        "अन्तर्राष्ट्रीयकरण",
    ],
    "bengali": [
        "বাংলা ভাষা বাংলাদেশের রাষ্ট্রভাষা এবং ভারতের পশ্চিমবঙ্গের সরকারি ভাষা।",
        "রবীন্দ্রনাথ ঠাকুর ১৯১৩ সালে সাহিত্যে নোবেল পুরস্কার পেয়েছিলেন।",
        "ছাত্রছাত্রীরা বিদ্যালয়ের গ্রন্থাগারে পড়াশোনা করছে।",
        "আন্তর্জাতিকীকরণ",
    ],
}

VIRAMA = {"devanagari": "\u094d", "bengali": "\u09cd"}


def boundaries(iterator, text):
    iterator.setText(text)
    return [offset for offset in iterator]


def main():
    root = icu.Locale.getRoot()
    line = icu.BreakIterator.createLineInstance(root)
    character = icu.BreakIterator.createCharacterInstance(root)
    with open(OUTPUT, "w", encoding="utf-8", newline="\n") as f:
        for script, sentences in SENTENCES.items():
            for n, text in enumerate(sentences):
                assert all(ord(ch) <= 0xFFFF for ch in text)
                graphemes = boundaries(character, text)
                virama = VIRAMA.get(script)
                # No cluster ends after a virama that a consonant follows (it would split a conjunct).
                assert not any(virama and 0 < b < len(text) and text[b - 1] == virama and text[b].isalpha()
                               for b in graphemes), text
                f.write(json.dumps({"id": "%s-%d" % (script, n + 1), "script": script, "text": text,
                                    "line": boundaries(line, text), "grapheme": graphemes}, ensure_ascii=False) + "\n")
    print("icu-complex-breaks: %d sentences, ICU %s -> %s" % (sum(map(len, SENTENCES.values())), icu.ICU_VERSION,
                                                              os.path.relpath(OUTPUT, os.path.join(HERE, ".."))))


if __name__ == "__main__":
    main()
