import { island } from "../app/island";
import { PageHero } from "../components/page-hero";
import { useFacts, useSection } from "../content/content-context";
import { FlashBrowser, placeholdersFor } from "../features/gallery";

const FlashIsland = island("flash-browser", FlashBrowser, "load");

/** The flash sheet: the hero is server HTML; search, category filters and the dialog to claim a design are an island. */
export function FlashPage() {
  const { prices, studio, telHref } = useFacts();
  const flashDesigns = useSection("flash");
  return (
    <div className="page">
      <PageHero page="flash" eyebrow={`${flashDesigns.length} designs, ${prices.flash.range}`}>
        <p>
          Ready-to-tattoo designs drawn in the studio. Each one is tattooed once, as drawn or adapted to you.
          To claim one, <a href={telHref}>call {studio.phone.display}</a> to schedule a consultation.
        </p>
      </PageHero>
      <FlashIsland placeholders={placeholdersFor(flashDesigns.map((item) => item.id))} />
    </div>
  );
}
