import { island } from "../app/island";
import { PageHero } from "../components/page-hero";
import { useFacts, useSection } from "../content/content-context";
import { FlashBrowser, placeholdersFor } from "../features/gallery";

const FlashIsland = island("flash-browser", FlashBrowser, "load");

/** The flash sheet: the hero is server HTML; search, category filters and the dialog to claim a design are an island. */
export function FlashPage() {
  const { booksOpen, prices } = useFacts();
  const flashDesigns = useSection("flash");
  return (
    <div className="page">
      <PageHero page="flash" eyebrow={`${flashDesigns.length} designs, ${prices.flash.range}`}>
        <p>
          Ready-to-tattoo designs drawn in the studio, tattooed as drawn or adapted to you. A one-off is
          tattooed once and then marked claimed; the others stay on the sheet.{" "}
          {booksOpen
            ? "Press “Book this design” to send a consultation request with the design attached."
            : "The books are closed for now: join the waitlist, and say which design you would like."}
        </p>
      </PageHero>
      <FlashIsland placeholders={placeholdersFor(flashDesigns.map((item) => item.id))} />
    </div>
  );
}
