import Testing
@testable import TextFitCLI

@Suite struct TextTableTests {
    @Test func numbersDropTrailingZeros() {
        #expect(TextTable.number(43.5) == "43.5")
        #expect(TextTable.number(20.0) == "20")
        #expect(TextTable.number(87.66666) == "87.667")
        #expect(TextTable.number(-0.0001) == "0")
    }

    @Test func columnsAlign() {
        let lines = TextTable.render(header: ["n", "width", "text"], rows: [["1", "5", "a"], ["10", "123.5", "b"]])
        #expect(lines == [" n  width  text", " 1      5  a", "10  123.5  b"])
    }

    @Test func quotedShowsControls() {
        #expect(TextTable.quoted("a\tb\n") == #""a\tb\n""#)
        #expect(TextTable.prefix("abcdef", 3) == "abc…")
        #expect(TextTable.prefix("abc", 3) == "abc")
    }
}
