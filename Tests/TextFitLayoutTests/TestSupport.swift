import Foundation
import TextFitLayout

/// Fonts and the seed examples for the layout tests.
enum Fixtures {
    /// The bundled Noto Sans (TextFit's system font).
    static func font(_ size: CGFloat = 17) throws -> Font { try Font.systemFont(ofSize: size) }

    /// Noto Sans 17 pt line height: (1069 + 293) / 1000 em × 17 (hhea ascender/descender, no gap).
    static let lineHeight17: CGFloat = 23.154
    /// Noto Sans 15 pt line height.
    static let lineHeight15: CGFloat = 20.43

    /// `ceil(value · scale) / scale`, written out so expectations do not depend on the engine's helper.
    static func ceilPx(_ value: CGFloat, _ scale: CGFloat = 1) -> CGFloat { (value * scale - 1e-7).rounded(.up) / scale }

    /// The single-line width of `text` in `font`, as the engine measures it.
    static func width(_ text: String, _ font: Font) throws -> CGFloat {
        try PreparedText(text, font: font).layout().lines.first?.width ?? 0
    }
}

/// The seed example inputs, copied verbatim from the project's `seed-examples.json`.
enum SeedExamples {
    /// News rows: a label pinned 10 pt inside the row, numberOfLines 0, 15 pt font.
    static let feedFontSize: CGFloat = 15
    static let feedInsets = EdgeInsets(all: 10)
    static let feedTexts: [String] = [
        "美商務部對中興通訊暫時部分解禁，中興新掌門李自學：盡快恢復生產",
        "公告稱：從公告發布之日起至8月1日，在有限條件下解除對中興通訊公司的出口禁令。美國商務部公共事務總監麗貝卡·格洛弗在接受CGTN記者問詢時表示，對中興通訊的7年禁售令并未正式取消。",
        "這份公告的授權對象是已經與中興通訊開展業務的公司，期限是一個月。這些公司銷售給中興通訊的產品必須用于以下方面。第一是支持現有網絡和設備的持續運行，其次是支持現有的手機，第三是用于網絡安全研究和漏洞披露，另外還有一個條件是交易資金必須在美國商務部授權的機構間轉移。",
        "在6月29日上午舉行的中興通訊股東大會上，中興新掌門人李自學發言時強調：“我們的任務還是提振整個公司的信心，包括公司的員工（信心），在拒絕令解除之后，盡快恢復生產，在這之后再做一些工作？”",
        "美國芯片巨頭美光部分產品在華遭禁售",
        "7 月 3 日福州中級法院裁定對美國芯片巨頭美光（Micron）發出“訴中禁令”，美國部分閃存 SSD 和內存條 DRAM 將暫時遭禁止在中國銷售，雖不是最終判決，但似乎暗示美光確實有侵權之嫌。",
        "美光方面周二表示，尚未收到競爭對手臺聯電早些時候提到的在中國大陸銷售芯片的臨時禁令。美光表示，在評估來自福州中級人民法院的文件之前，該公司不會對此置評",
        "小米或成史上最快納入恒生指數的港股，一手中簽率100%",
        "自小米宣布IPO以來，這家超級獨角獸就在不停地創造紀錄。",
        "先是將成首家同股不同權的港股上市公司;招股書又披露在全球營收超千億且盈利的互聯網公司中，小米增速排名第一;認購結束后，小米錄得近10倍超購，打破2011年以來大盤股認購倍數紀錄，成為全球最大散戶規模的IPO，是香港有史以來規模最大的民營公司IPO，全球第三的科技公司IPO",
        "業內人士表示，小米上市后或將在10個交易日后被納入恒生綜合指數，創下港股史上最快紀錄",
        "此外，香港信報消息顯示援引市場消息顯示，小米一手中簽率100%，逾2.5萬人申請一手；至于獲分派2手有1.5萬人，認購9手穩獲2手。至于B組的大戶方面，最大一張飛為認購1000萬股，獲分97.2萬股，即4860手。小米將于7月9日掛牌",
    ]

    /// A label sized to fit (iOS, system font, 2x: 163.5 × 24.0).
    static let labelText = "北京欢迎您！！！"
    static let labelFontSize: CGFloat = 20

    /// Title + date, numberOfLines 2; index i is the seed's case i + 1.
    static let titleDate: [(title: String, date: String)] = [
        ("Title Short", "Date"),
        ("Title Ratherrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr Long", "Date"),
        ("Title Verrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr rrrrrrrrrrrrrrrry Long", "Date"),
        ("Title Terrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrriblely Long", "Date"),
    ]
}
