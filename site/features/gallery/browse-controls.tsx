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
 * The search box, the filter chips and the live count above a browsable grid: the portfolio and
 * the flash sheet filter the same way, so they share one control bar. It works only with
 * JavaScript, so without it the bar is not shown at all (js-only).
 */
export function BrowseControls({
  searchId,
  searchLabel,
  placeholder,
  query,
  onQuery,
  legend,
  options,
  selected,
  optionLabel,
  onSelect,
  extraChip,
  more,
  status,
}: {
  searchId: string;
  searchLabel: string;
  placeholder: string;
  query: string;
  onQuery: (query: string) => void;
  legend: string;
  options: readonly string[];
  selected: string;
  optionLabel: (value: string) => string;
  onSelect: (value: string) => void;
  /** A chip after the options, such as 'Clear filters'. */
  extraChip?: ReactNode;
  /** Further filters, before the chips in the same row (the portfolio's size and status). */
  more?: ReactNode;
  status: ReactNode;
}) {
  return (
    <div className="gallery-controls js-only">
      <div className="gallery-search">
        <label htmlFor={searchId}>{searchLabel}</label>
        <input
          id={searchId}
          className="form-control"
          type="search"
          value={query}
          placeholder={placeholder}
          onChange={(event) => onQuery(event.target.value)}
        />
      </div>
      <div className="gallery-filter-row">
        {more}
        <fieldset className="gallery-filters">
          <legend>{legend}</legend>
          {["all", ...options].map((value) => (
            <button
              key={value}
              type="button"
              className="filter-chip"
              aria-pressed={selected === value}
              onClick={() => onSelect(value)}
            >
              {value === "all" ? "All" : optionLabel(value)}
            </button>
          ))}
          {extraChip}
        </fieldset>
      </div>
      <p className="gallery-status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
