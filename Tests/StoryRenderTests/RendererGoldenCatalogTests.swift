import StoryKitTestSupport
import Testing

@Suite struct RendererGoldenCatalogTests {
    @Test func everyStoredGoldenIsProducedByATestAndEveryCatalogEntryIsStored() {
        #expect(RenderCheck.goldens.orphans() == [], "stored goldens that no test produces: delete them or add them to the catalog")
        #expect(RenderCheck.goldens.missing() == [], "catalog entries without a stored golden: record them (STORYKIT_RECORD_GOLDENS=missing)")
    }
}
