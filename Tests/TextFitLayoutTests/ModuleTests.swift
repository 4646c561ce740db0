import Testing
import TextFitLayout

@Test func layoutModuleReExportsTextFit() throws {
    #expect(try Font(family: "Noto Sans", size: 17).pointSize == 17)
}
