import Foundation

/// The seed example inputs, copied from the project's `seed-examples.json` so the tool never reads
/// files outside its package at run time. Keep them verbatim: the demo's figures are compared with
/// iOS's.
enum SeedExamples {
    /// News rows sized as self-sizing list cells: the label is pinned inside the row by `insets`, wraps
    /// with `numberOfLines` 0, in a `fontSize` pt font.
    enum FeedRows {
        static let fontSize: CGFloat = 15
        static let insets = (
            top: CGFloat(10), left: CGFloat(10), bottom: CGFloat(10),
            right: CGFloat(10)
        )
        static let numberOfLines = 0
        static let texts: [String] = [
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
    }

    /// A label sized to fit its text (`sizeToFit`).
    enum LabelSizeToFit {
        static let text = "北京欢迎您！！！"
        static let fontSize: CGFloat = 20
        /// What iOS reported with its system font at scale 2.
        static let iOSSize = CGSize(width: 163.5, height: 24.0)
        static let iOSScale: CGFloat = 2
        static let note =
            "On iOS with the system font this sized to 163.5 x 24.0 at 2x; the figure depends on the font, the rules (ceil to pixel, line height from the label's font) do not."
    }

    /// "Title + date" cases: a title of at most `numberOfLines` lines with a date placed after it.
    enum TitleDate {
        static let numberOfLines = 2
        static let cases: [TitleDateSeed] = [
            TitleDateSeed(
                number: 1, rule: "title on one line and the date fits after it on that line",
                title: "Title Short", date: "Date"),
            TitleDateSeed(
                number: 2, rule: "title on one line but the date does not fit after it: the date goes alone to line 2",
                title: "Title Ratherrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr Long", date: "Date"),
            TitleDateSeed(
                number: 3, rule: "title on two lines and the date fits after the second line",
                title: "Title Verrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr rrrrrrrrrrrrrrrry Long", date: "Date"),
            TitleDateSeed(
                number: 4,
                rule:
                    "title needs two or more lines and the date does not fit after line 2: line 2 is tail-truncated with an ellipsis so that the date fits after it",
                title:
                    "Title Terrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrriblely Long",
                date: "Date"),
        ]
    }
}

/// One of the seed title + date examples: its number, the rule it shows, and the two texts. (Which of
/// the four layout cases applies depends on the width and font: `TitleDateLayout.layoutCase`.)
struct TitleDateSeed {
    var number: Int
    /// The layout rule the case exercises, in the seed's words.
    var rule: String
    var title: String
    var date: String
}
