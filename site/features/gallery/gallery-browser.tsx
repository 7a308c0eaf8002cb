import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { StudioContent } from "../../../shared/schemas/content";
import { ArtImage, artLargeImage, artLargeSize } from "../../components/content/art-image";
import { styleLabel } from "../../components/content/style-label";
import { useFacts, useSection } from "../../content/content-context";
import { cardImageSizes } from "../../lib/lead-images";
import { useUrlSearch } from "../../lib/use-url-search";
import { BrowseSection, isPlainClick, setFilterParam } from "./browse-controls";
import { type GalleryTiming, standardTiming, timingFor } from "./gallery-config";
import { GalleryErrorBoundary } from "./gallery-error-boundary";
import {
  type GalleryFilters,
  galleryFilterQuery,
  matches,
  pairImage,
  pieceSizes,
  pieceStatuses,
  readGalleryFilters,
} from "./gallery-filter";
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
export function GalleryBrowser(props: BrowserProps) {
  return (
    <GalleryErrorBoundary>
      <Browser {...props} />
    </GalleryErrorBoundary>
  );
}

interface BrowserProps {
  placeholders: Placeholders;
  /** The filters the server rendered the page with (a filtered address), where hydration starts. */
  renderedSearch: string;
}

const statusLabel = (status: string) => (status === "in-progress" ? "In progress" : styleLabel(status));

function Browser({ placeholders, renderedSearch }: BrowserProps) {
  const { studio, telHref } = useFacts();
  const portfolio = useSection("portfolio");
  const items: readonly PortfolioItem[] = portfolio;
  const [search, setSearch] = useUrlSearch(renderedSearch);
  const query = search.get("q") ?? "";
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  // Mounted from the first opening on, so closing it runs its own closing code.
  const [lightboxWanted, setLightboxWanted] = useState(false);
  // Safari's smaller values take over right after hydration; the count it starts from is the
  // prerendered one (12), which is never taken back (cards never disappear under the reader).
  const timing = useSyncExternalStore(subscribeToNothing, browserTiming, prerenderTiming);

  const styles = useMemo(() => [...new Set(items.map((item) => item.style))], [items]);
  const filters = readGalleryFilters(search, styles);
  const filterKey = galleryFilterQuery(filters);
  const { style, healed: healedOnly } = filters;
  const hasHealed = items.some((item) => item.healed);
  // Worked out again only when the filters' spelling changes, not on every render.
  const filtered = useMemo(() => {
    const current = readGalleryFilters(new URLSearchParams(filterKey), styles);
    return items.filter((item) => matches(item, query, current));
  }, [items, query, filterKey, styles]);
  const { visible, hasMore, pending, batches, manual, sentinelRef, loadMore, showAtLeast } =
    useProgressiveCount(filtered.length, timing, `${query}|${filterKey}`);
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

  const setFilter = (key: string, value: string) => setSearch((params) => setFilterParam(params, key, value));
  const clear = () =>
    setSearch((params) => {
      for (const key of ["q", "style", "size", "status", "healed"]) params.delete(key);
    });

  return (
    <BrowseSection
      kind="gallery"
      words={[
        "Browse the portfolio",
        "Search the portfolio",
        "Try koi, memorial, fine-line…",
        "Filter by style",
      ]}
      query={query}
      onFilter={setFilter}
      chips={{ key: "style", options: styles, selected: style, label: styleLabel }}
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
          {query || filterKey ? (
            <button type="button" className="filter-chip" onClick={clear}>
              Clear filters
            </button>
          ) : null}
        </>
      }
      more={
        <div className="gallery-selects">
          <FilterSelect
            name="size"
            label="Size"
            value={filters.size}
            any="All sizes"
            options={pieceSizes.map((size) => [size, `${styleLabel(size)} pieces`])}
            onChange={(value) => setFilter("size", value)}
          />
          <FilterSelect
            name="status"
            label="Status"
            value={filters.status}
            any="Any status"
            options={pieceStatuses.map((status) => [status, statusLabel(status)])}
            onChange={(value) => setFilter("status", value)}
          />
        </div>
      }
      status={`Showing ${shown.length} of ${filtered.length} ${filtered.length === 1 ? "tattoo" : "tattoos"}`}
    >
      <FilterLinks filters={filters} styles={styles} hasHealed={hasHealed} />

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
      {/* Without JavaScript (or when the island could not start) there is no scrolling to load
          more: the rest of the pieces the filters pass are listed here, each with its
          gallery#tattoo-id anchor (the structured data points at them), in the words of a
          card (title and facts; the longer description belongs to a piece's dialog). */}
      {filtered.length > visible ? (
        <div className="no-js-only">
          <ul className="gallery-index" aria-label="More portfolio pieces">
            {filtered.slice(visible).map((item) => (
              <li key={item.id} id={item.id}>
                <strong>{item.title}</strong> · {styleLabel(item.style)} · {styleLabel(item.size)} ·{" "}
                {item.duration}
                {item.healed ? " · Healed" : ""}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
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
    </BrowseSection>
  );
}

/**
 * The filters as plain links, shown where no script works them (public/noscript.css, or an
 * island that could not start): each leads to the gallery the server renders with that filter.
 */
/** One of the portfolio's select filters (size, status), its label read by screen readers. */
function FilterSelect({
  name,
  label,
  value,
  any,
  options,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  /** The first option's words, for every value ("all"). */
  any: string;
  options: readonly (readonly [value: string, words: string])[];
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label className="visually-hidden" htmlFor={`gallery-${name}`}>
        {label}
      </label>
      <select
        id={`gallery-${name}`}
        className="form-control"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="all">{any}</option>
        {options.map(([option, words]) => (
          <option key={option} value={option}>
            {words}
          </option>
        ))}
      </select>
    </>
  );
}

function FilterLinks({
  filters,
  styles,
  hasHealed,
}: {
  filters: GalleryFilters;
  styles: readonly string[];
  hasHealed: boolean;
}) {
  const href = (change: Partial<GalleryFilters>) => {
    const query = galleryFilterQuery({ ...filters, ...change });
    return query ? `/gallery?${query}` : "/gallery";
  };
  const group = (
    legend: string,
    key: "style" | "size" | "status",
    values: readonly string[],
    label: (value: string) => string,
  ) => (
    <p className="gallery-links__group">
      <span className="gallery-links__legend">{legend}</span>
      {["all", ...values].map((value) => (
        <a
          key={value}
          className="filter-chip filter-chip--link"
          href={href({ [key]: value })}
          aria-current={filters[key] === value ? "true" : undefined}
        >
          {value === "all" ? "All" : label(value)}
        </a>
      ))}
    </p>
  );
  return (
    // The wrapper alone carries no-js-only: the links' own layout would outrank its hiding.
    <nav className="no-js-only" aria-label="Filter the portfolio">
      <div className="gallery-links">
        {group("Style", "style", styles, styleLabel)}
        {group("Size", "size", pieceSizes, styleLabel)}
        {group("Status", "status", pieceStatuses, statusLabel)}
        {hasHealed ? (
          <p className="gallery-links__group">
            <a
              className="filter-chip filter-chip--link"
              href={href({ healed: !filters.healed })}
              aria-current={filters.healed ? "true" : undefined}
            >
              Healed only
            </a>
          </p>
        ) : null}
      </div>
    </nav>
  );
}
