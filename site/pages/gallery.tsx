import { island } from "../app/island";
import { usePageSearch } from "../app/path-context";
import { PageHero } from "../components/page-hero";
import { useFacts, useSection } from "../content/content-context";
import { GalleryBrowser, placeholdersFor } from "../features/gallery";

const GalleryIsland = island("gallery-browser", GalleryBrowser, "load");

/**
 * The portfolio: the hero and figures are server HTML; search, style filters, progressive loading
 * and the lightbox are the one island (GalleryBrowser).
 * The prerendered HTML holds the first batch; each card's id is the gallery#tattoo-id anchor
 * used in the structured data. A filtered address (/gallery?size=small) is rendered filtered by
 * the server, which is where the filters' plain links lead without JavaScript.
 */
export function GalleryPage() {
  const { studio } = useFacts();
  const portfolio = useSection("portfolio");
  const completed = portfolio.filter((item) => item.status === "completed").length;
  // The gallery offers exactly the styles its pieces have, so this counts its filter's choices.
  const styles = new Set(portfolio.map((item) => item.style)).size;
  return (
    <div className="page page--gallery">
      <PageHero page="gallery" eyebrow={`${portfolio.length} pieces`}>
        <p>
          Realism, fine-line, traditional, Japanese, blackwork, memorial pieces and cover-ups, each drawn for
          one client by {studio.artist.name}.
        </p>
      </PageHero>

      <ul className="stats stats--compact" aria-label="Portfolio at a glance">
        <li>
          <strong>{portfolio.length}</strong> <span>tattoos</span>
        </li>
        <li>
          <strong>{completed}</strong> <span>completed</span>
        </li>
        <li>
          <strong>{styles}</strong> <span>styles</span>
        </li>
        <li>
          <strong>{studio.claims.averageSession}</strong> <span>average session time</span>
        </li>
        <li>
          <strong>{studio.claims.satisfaction}</strong> <span>satisfaction</span>
        </li>
      </ul>

      {/* Only while some piece still shows the build's placeholder artwork instead of a photo. */}
      {portfolio.some((item) => item.image?.source === "build") ? (
        <p className="note">
          Photos of healed work are being shot now: each piece below shows placeholder artwork until its photo
          is ready.
        </p>
      ) : null}

      <GalleryIsland
        placeholders={placeholdersFor(portfolio.map((item) => item.id))}
        renderedSearch={usePageSearch()}
      />
    </div>
  );
}
