import { type MouseEvent, type ReactNode, useEffect, useRef } from "react";
import "./browse-controls.css";

// The parts both browsable grids share live in this one module: the bundle already loads it with
// either grid, where a module of their own would cost each page one more script to fetch.

/**
 * A click that should open the card's dialog: the cards are links (to the large image) so that
 * they work without JavaScript; a click with a modifier key or another button keeps its usual
 * meaning (a new tab, say).
 */
export const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * One filter written into the page's query string. The default (no text, or the "all" chip)
 * leaves the address clean, so a link to the unfiltered page stays the plain one.
 */
export function setFilterParam(params: URLSearchParams, key: string, value: string) {
  if (!value || value === "all") params.delete(key);
  else params.set(key, value);
}

/**
 * The card's dialog (the flash sheet's design, the portfolio's lightbox): a modal <dialog> that
 * follows React state, shown when `open` turns true, remembering what had focus, and closed
 * when it turns false. `returnFocus`, called from the dialog's onClose, gives
 * focus back to what opened it, as a keyboard user expects after a modal.
 *
 * `focusOnOpen` names the element to focus once shown, where showModal's own choice (the first
 * focusable element) is not where a keyboard user expects to start.
 */
export function useModalDialog(open: boolean, focusOnOpen?: string) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
      if (focusOnOpen) element.querySelector<HTMLElement>(focusOnOpen)?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open, focusOnOpen]);

  const returnFocus = () => {
    if (opener.current instanceof HTMLElement) opener.current.focus();
  };
  return { dialog, returnFocus };
}

/**
 * A browsable grid's section: its heading for screen readers, then the search box, the filter
 * chips and the live count above the grid (its children). The portfolio and the flash sheet
 * filter the same way, so they share one control bar. The bar works only with JavaScript, so
 * without it the bar is not shown at all (js-only).
 */
export function BrowseSection({
  kind,
  words: [title, searchLabel, placeholder, legend],
  query,
  onFilter,
  chips,
  extraChip,
  more,
  status,
  children,
}: {
  /** The grid's name, which its ids begin with. */
  kind: "flash" | "gallery";
  /** Its heading (for screen readers), its search box's label and example, its chips' legend. */
  words: readonly [title: string, searchLabel: string, placeholder: string, legend: string];
  query: string;
  /** Writes one filter into the address: "q" for the search box, the chips' key for a chip. */
  onFilter: (key: string, value: string) => void;
  chips: { key: string; options: readonly string[]; selected: string; label: (value: string) => string };
  /** A chip after the options, such as 'Clear filters'. */
  extraChip?: ReactNode;
  /** Further filters, before the chips in the same row (the portfolio's size and status). */
  more?: ReactNode;
  status: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${kind}-browse-title`}>
      <h2 id={`${kind}-browse-title`} className="visually-hidden">
        {title}
      </h2>
      <div className="gallery-controls js-only">
        <div className="gallery-search">
          <label htmlFor={`${kind}-search`}>{searchLabel}</label>
          <input
            id={`${kind}-search`}
            className="form-control"
            type="search"
            value={query}
            placeholder={placeholder}
            onChange={(event) => onFilter("q", event.target.value)}
          />
        </div>
        <div className="gallery-filter-row">
          {more}
          <fieldset className="gallery-filters">
            <legend>{legend}</legend>
            {["all", ...chips.options].map((value) => (
              <button
                key={value}
                type="button"
                className="filter-chip"
                aria-pressed={chips.selected === value}
                onClick={() => onFilter(chips.key, value)}
              >
                {value === "all" ? "All" : chips.label(value)}
              </button>
            ))}
            {extraChip}
          </fieldset>
        </div>
        <p className="gallery-status" aria-live="polite">
          {status}
        </p>
      </div>
      {children}
    </section>
  );
}
