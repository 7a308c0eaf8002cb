import type { MouseEvent, ReactNode } from "react";
import "./browse-controls.css";

/**
 * A click that should open the card's dialog: the cards are links (to the large image) so that
 * they work without JavaScript; a click with a modifier key or another button keeps its usual
 * meaning (a new tab, say).
 */
export const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

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
      <p className="gallery-status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
