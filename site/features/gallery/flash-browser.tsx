import { useMemo, useState } from "react";
import type { StudioContent } from "../../../shared/schemas/content";
import { ArtImage, artLargeImage, artLargeSize } from "../../components/content/art-image";
import { styleLabel } from "../../components/content/style-label";
import { useFacts, useSection } from "../../content/content-context";
import { flashCardSizes } from "../../lib/lead-images";
import { useUrlSearch } from "../../lib/use-url-search";
import { BrowseSection, isPlainClick, setFilterParam, useModalDialog } from "./browse-controls";
import "./gallery.css";

type FlashDesign = StudioContent["flash"][number];

const label = styleLabel;
/** The build's large flash image is square (scripts/images.mjs). */
const flashLargeSize = { width: 600, height: 600 };

/**
 * An available design opens the consultation form with the design named (`?design=`, which the
 * server checks when the form sends it) and its idea filled in (`?idea=`); a claimed one opens it
 * with an idea for something in the same spirit, since the design itself is gone.
 */
const consultationHrefFor = (design: FlashDesign) =>
  design.status === "available"
    ? `/book-consultation?design=${encodeURIComponent(design.id)}&idea=${encodeURIComponent(
        `I'd like the flash design "${design.title}" (${design.id}).`,
      )}`
    : `/book-consultation?idea=${encodeURIComponent(
        `I'd like a design like the flash "${design.title}" (${design.id}), which is taken.`,
      )}`;

/**
 * Flash designs: search, category filters from the data, a two-column grid on phones with
 * 'Available' badges; choosing a design opens a dialog (not a blocking alert) to call or to
 * request a consultation with that design filled in.
 */
/** `placeholders`: the blurred placeholders by design id, data the server hands the island. */
export function FlashBrowser({ placeholders }: { placeholders: Readonly<Record<string, string>> }) {
  const { prices, studio, telHref } = useFacts();
  const flashDesigns = useSection("flash");
  const [search, setSearch] = useUrlSearch();
  const query = search.get("q") ?? "";
  const category = search.get("category") ?? "all";
  const [chosen, setChosen] = useState<FlashDesign | null>(null);
  const { dialog, returnFocus } = useModalDialog(chosen !== null);

  const categories = useMemo(
    () => [...new Set(flashDesigns.map((design) => design.category))],
    [flashDesigns],
  );
  const setFilter = (key: string, value: string) => setSearch((params) => setFilterParam(params, key, value));
  const shown = flashDesigns.filter((design) => {
    if (category !== "all" && design.category !== category) return false;
    const text = `${design.title} ${design.category} ${design.style}`.toLowerCase();
    return query
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean)
      .every((word) => text.includes(word));
  });

  return (
    <BrowseSection
      kind="flash"
      words={[
        "Browse flash designs",
        "Search flash designs",
        "Try moth, anchor, rose…",
        "Filter by category",
      ]}
      query={query}
      onFilter={setFilter}
      chips={{ key: "category", options: categories, selected: category, label }}
      status={`${shown.length} ${shown.length === 1 ? "design" : "designs"}`}
    >
      {shown.length === 0 ? (
        <div className="gallery-empty">
          <h3>No designs found</h3>
          <p>Try adjusting your search or category filter.</p>
        </div>
      ) : (
        <ul className="flash-grid" aria-label="Flash designs">
          {shown.map((design, index) => (
            <li key={design.id} id={design.id} className="art-card art-card--flash">
              {/* A link to the large image without JavaScript; with it, the dialog. */}
              <a
                className="art-card__open"
                href={artLargeImage("flash", design.id, design.image)}
                aria-haspopup="dialog"
                aria-label={`${design.title}: ask about this design`}
                onClick={(event) => {
                  if (isPlainClick(event)) {
                    event.preventDefault();
                    setChosen(design);
                  }
                }}
              >
                <ArtImage
                  id={design.id}
                  folder="flash"
                  image={design.image}
                  alt={`${design.title}, ${design.category} flash design in ${styleLabel(design.style)} style`}
                  sizes={flashCardSizes}
                  placeholder={placeholders[design.id]}
                  priority={index === 0}
                />
              </a>
              <div className="art-card__body">
                <h3 className="art-card__title">{design.title}</h3>
                <p className="art-card__meta">
                  {styleLabel(design.category)} · {styleLabel(design.style)}
                </p>
                {design.status === "available" ? (
                  <span className="badge">Available</span>
                ) : (
                  <span className="badge badge--muted">Claimed</span>
                )}
                {/* A plain link, so booking works before (or without) the island's JavaScript. */}
                <a className="art-card__action" href={consultationHrefFor(design)}>
                  {design.status === "available" ? "Book this design" : "Request something similar"}
                  <span className="visually-hidden">: {design.title}</span>
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}

      <dialog
        ref={dialog}
        className="lightbox flash-dialog"
        aria-labelledby="flash-dialog-title"
        onClose={() => {
          setChosen(null);
          returnFocus();
        }}
      >
        {chosen ? (
          <div className="lightbox__frame">
            {/* The design itself, large: the dialog is where a visitor decides on it. */}
            <div className="lightbox__media">
              <img
                src={artLargeImage("flash", chosen.id, chosen.image)}
                {...(chosen.image?.source === "upload" ? artLargeSize(chosen.image) : flashLargeSize)}
                alt={`${chosen.title}, ${chosen.category} flash design in ${styleLabel(chosen.style)} style`}
              />
            </div>
            <div>
              <h2 id="flash-dialog-title" className="lightbox__title">
                {chosen.title}
              </h2>
              <p>
                {label(chosen.category)} · {label(chosen.style)} · {prices.flash.range}
              </p>
              {/* A design marked taken stays on the sheet as a sample of the style: say so, and
                  offer a design like it rather than the one that is gone. */}
              <p>
                {chosen.status === "available"
                  ? "This design is available. Call to schedule a consultation, or send a request with this design already filled in"
                  : "This design has been claimed and is no longer available. Call or send a request for something in the same spirit"}
                ; we reply within {studio.claims.replyWithin}.
              </p>
              <div className="button-row">
                <a className="button button--primary" href={consultationHrefFor(chosen)}>
                  {chosen.status === "available" ? "Book this design" : "Request something similar"}
                </a>
                <a className="button button--ghost" href={telHref}>
                  Call {studio.phone.display}
                </a>
              </div>
            </div>
            <button
              type="button"
              className="lightbox__close"
              aria-label="Close"
              onClick={() => setChosen(null)}
            >
              ×
            </button>
          </div>
        ) : null}
      </dialog>
    </BrowseSection>
  );
}
