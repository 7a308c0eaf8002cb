import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { StudioContent } from "../../../shared/schemas/content";
import { ArtImage, artLargeImage, artLargeSize } from "../../components/content/art-image";
import { styleLabel } from "../../components/content/style-label";
import { useFacts, useSection } from "../../content/content-context";
import { cardImageSizes } from "../../lib/lead-images";
import { useUrlSearch } from "../../lib/use-url-search";
import { BrowseControls, isPlainClick, setFilterParam } from "./browse-controls";
import { type GalleryTiming, standardTiming, timingFor } from "./gallery-config";
import { GalleryErrorBoundary } from "./gallery-error-boundary";
import { matches, pairImage } from "./gallery-filter";
import type { Lightbox as LightboxType } from "./lightbox";
import { preloadCardImages } from "./preload-card-images";
import { useProgressiveCount } from "./use-progressive-count";
import "./gallery.css";

/** Blurred placeholders by piece id: data the server hands the island, not code it ships. */
type Placeholders = Readonly<Record<string, string>>;

// The lightbox's code loads on the first card a visitor opens: most visits never open one.
const Lightbox = lazy(() =>
  import("./lightbox").then((module) => ({ default: module.Lightbox })),
) as unknown as typeof LightboxType;

/** A piece as a card shows it: a built image by the piece's id, an uploaded photo by its `image`. */
type PortfolioItem = StudioContent["portfolio"][number];

const largeImage = (item: PortfolioItem) => artLargeImage("tattoo-images", item.id, item.image);
const largePicture = (item: PortfolioItem, onError?: () => void) => (
  <img src={largeImage(item)} {...artLargeSize(item.image)} alt={item.alt ?? item.title} onError={onError} />
);

/** The request form with the piece named in the idea, so the visitor starts from it, not from blank. */
const consultationHrefFor = (item: PortfolioItem) =>
  `/book-consultation?idea=${encodeURIComponent(`I'd like something like "${item.title}" from your portfolio (${item.id}).`)}`;

// The browser never changes under a page; useSyncExternalStore is here for its server snapshot.
const subscribeToNothing = () => () => {};
const browserTiming = (): GalleryTiming => timingFor(navigator.userAgent);
// The prerendered HTML is built with the standard timing, so hydration starts from it too.
const prerenderTiming = (): GalleryTiming => standardTiming;

/** The card image, or the fallback tile with title, style and size when it fails to load. */
function CardImage({ item, eager, blur }: { item: PortfolioItem; eager: boolean; blur: string | undefined }) {
  const [failed, setFailed] = useState(false);
  const frame = useRef<HTMLSpanElement>(null);
  // An image that failed before hydration fired its error event before React listened for it.
  useEffect(() => {
    const img = frame.current?.querySelector<HTMLImageElement>("img.art-image__img");
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) {
    return (
      <span className="art-fallback" role="img" aria-label={`${item.title}: image unavailable`}>
        <strong>{item.title}</strong>
        <span>
          {styleLabel(item.style)} · {styleLabel(item.size)}
        </span>
      </span>
    );
  }
  return (
    <span ref={frame} className="art-card__frame">
      <ArtImage
        id={item.id}
        folder="tattoo-images"
        image={item.image}
        alt={item.alt ?? item.title}
        sizes={cardImageSizes}
        placeholder={blur}
        priority={eager}
        onError={() => setFailed(true)}
      />
    </span>
  );
}

/**
 * The gallery's interactive part, an island of its own: search, style filters derived from the
 * data, clear filters, progressive loading, the no-results state and the lightbox, inside the
 * boundary that keeps a crash from taking the page with it. Filters live in the URL. The list
 * is the page's content: the published version the server rendered it from.
 */
export function GalleryBrowser({ placeholders }: { placeholders: Placeholders }) {
  return (
    <GalleryErrorBoundary>
      <Browser placeholders={placeholders} />
    </GalleryErrorBoundary>
  );
}

function Browser({ placeholders }: { placeholders: Placeholders }) {
  const { studio, telHref } = useFacts();
  const portfolio = useSection("portfolio");
  const items: readonly PortfolioItem[] = portfolio;
  const [search, setSearch] = useUrlSearch();
  const query = search.get("q") ?? "";
  const style = search.get("style") ?? "all";
  const healedOnly = search.get("healed") === "1";
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  // Mounted from the first opening on, so closing it runs its own closing code.
  const [lightboxWanted, setLightboxWanted] = useState(false);
  // Safari's smaller values take over right after hydration; the count it starts from is the
  // prerendered one (12), which is never taken back (cards never disappear under the reader).
  const timing = useSyncExternalStore(subscribeToNothing, browserTiming, prerenderTiming);

  const styles = useMemo(() => [...new Set(items.map((item) => item.style))], [items]);
  const hasHealed = items.some((item) => item.healed);
  const filtered = useMemo(
    () => items.filter((item) => matches(item, query, style, healedOnly)),
    [items, query, style, healedOnly],
  );
  const { visible, hasMore, pending, batches, manual, sentinelRef, loadMore, showAtLeast } =
    useProgressiveCount(filtered.length, timing, `${query}|${style}|${healedOnly}`);
  const shown = filtered.slice(0, visible);

  // Once the visitor asks for more, the images of the next cards are fetched ahead: the batch on
  // its way while it is pending, then the ones after it (the timing's preload count).
  const preloadFrom = pending || batches > 0 ? visible : -1;
  useEffect(() => {
    if (preloadFrom < 0) return;
    preloadCardImages(filtered.slice(preloadFrom, preloadFrom + timing.preload));
  }, [filtered, preloadFrom, timing.preload]);

  // A link to gallery#tattoo-040 (structured data, shared links) shows enough cards to reach it.
  const [hashTarget] = useState(() => (typeof window === "undefined" ? "" : window.location.hash.slice(1)));
  const targetIndex = hashTarget ? filtered.findIndex((item) => item.id === hashTarget) : -1;
  useEffect(() => {
    if (targetIndex < 0) return;
    if (targetIndex >= visible) showAtLeast(targetIndex + 1);
    else document.getElementById(hashTarget)?.scrollIntoView({ block: "center" });
  }, [targetIndex, visible, hashTarget, showAtLeast]);

  const setFilter = (key: "q" | "style" | "healed", value: string) =>
    setSearch((params) => setFilterParam(params, key, value));
  const clear = () =>
    setSearch((params) => {
      params.delete("q");
      params.delete("style");
      params.delete("healed");
    });

  return (
    <section aria-labelledby="gallery-browse-title">
      <h2 id="gallery-browse-title" className="visually-hidden">
        Browse the portfolio
      </h2>
      <BrowseControls
        searchId="gallery-search"
        searchLabel="Search the portfolio"
        placeholder="Try koi, memorial, fine-line…"
        query={query}
        onQuery={(value) => setFilter("q", value)}
        legend="Filter by style"
        options={styles}
        selected={style}
        optionLabel={styleLabel}
        onSelect={(value) => setFilter("style", value)}
        extraChip={
          <>
            {/* Healed photos show how the work settles in the skin: a filter of their own. */}
            {hasHealed ? (
              <button
                type="button"
                className="filter-chip"
                aria-pressed={healedOnly}
                onClick={() => setFilter("healed", healedOnly ? "" : "1")}
              >
                Healed only
              </button>
            ) : null}
            {query || style !== "all" || healedOnly ? (
              <button type="button" className="filter-chip" onClick={clear}>
                Clear filters
              </button>
            ) : null}
          </>
        }
        status={`Showing ${shown.length} of ${filtered.length} ${filtered.length === 1 ? "tattoo" : "tattoos"}`}
      />

      {filtered.length === 0 ? (
        <div className="gallery-empty">
          <h3>No tattoos found</h3>
          <p>Try adjusting your filters to see more results</p>
          <button type="button" className="button button--primary" onClick={clear}>
            Show All Tattoos
          </button>
        </div>
      ) : (
        <ul className="gallery-grid" aria-label="Portfolio pieces">
          {shown.map((item, index) => (
            <li key={item.id} id={item.id} className="art-card">
              {/* A link to the large image, so the card opens something without JavaScript too;
                  with it, a plain click opens the lightbox instead. */}
              <a
                className="art-card__open"
                href={largeImage(item)}
                aria-label={`Open ${item.title}`}
                aria-haspopup="dialog"
                onClick={(event) => {
                  if (isPlainClick(event)) {
                    event.preventDefault();
                    setLightboxWanted(true);
                    setOpenIndex(index);
                  }
                }}
              >
                <CardImage
                  item={item}
                  eager={index < timing.initial && index === 0}
                  blur={placeholders[item.id]}
                />
              </a>
              <div className="art-card__body">
                <h3 className="art-card__title">{item.title}</h3>
                <p className="art-card__meta">
                  {styleLabel(item.style)} · {styleLabel(item.size)} · {item.duration}
                  {item.status === "in-progress" ? (
                    <span className="badge badge--muted">In progress</span>
                  ) : null}
                  {item.healed ? <span className="badge">Healed</span> : null}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {/* Without JavaScript there is no scrolling to load more: the rest of the portfolio is listed
          here, each with its gallery#tattoo-id anchor (the structured data points at them). */}
      <noscript>
        <ul className="gallery-index" aria-label="More portfolio pieces">
          {items.slice(visible).map((item) => (
            <li key={item.id} id={item.id}>
              <strong>{item.title}</strong> · {styleLabel(item.style)} · {styleLabel(item.size)} ·{" "}
              {item.duration}
              {item.healed ? " · Healed" : ""}
              <br />
              {item.description}
            </li>
          ))}
        </ul>
      </noscript>
      {pending ? (
        // Skeleton cards while the next batch is on its way (at most 3 on phones).
        <ul className="gallery-grid gallery-skeletons" aria-hidden="true">
          {Array.from({ length: Math.min(timing.batch, 6) }, (_, i) => (
            <li key={i} className="skeleton-card" />
          ))}
        </ul>
      ) : null}
      {hasMore ? (
        <div ref={sentinelRef} className="gallery-sentinel js-only">
          {manual ? (
            // The observer has stopped (or the browser has none): scrolling alone no longer loads.
            <button type="button" className="button button--ghost" onClick={loadMore}>
              Load more tattoos
            </button>
          ) : (
            <span aria-hidden="true">Loading more…</span>
          )}
        </div>
      ) : null}

      {lightboxWanted ? (
        <Suspense fallback={null}>
          <Lightbox
            items={filtered}
            index={openIndex}
            onIndexChange={setOpenIndex}
            onClose={() => setOpenIndex(null)}
            renderImage={(item, onError) => {
              const fresh = item.freshPiece ? items.find((piece) => piece.id === item.freshPiece) : undefined;
              return fresh
                ? pairImage(largePicture(item, onError), largePicture(fresh))
                : largePicture(item, onError);
            }}
            renderDetails={(item) => (
              <>
                <p className="art-card__meta">
                  {styleLabel(item.style)} · {styleLabel(item.size)} · {item.duration}
                </p>
                <p>{item.description}</p>
                <p>
                  Want something like this? <a href={telHref}>Call {studio.phone.display}</a> or{" "}
                  <a href={consultationHrefFor(item)}>request a free consultation</a>.
                </p>
              </>
            )}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
