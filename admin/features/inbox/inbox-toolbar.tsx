import type { FormEvent } from "react";
import type { AnySubmissionKind } from "../../../shared/submission-kinds";
import { exportPath, type KindCounts, type ListFilters } from "./api";
import { statusLabel } from "./kinds";

/** Status chips with their counts (of what the search matches), the search box, Refresh and the CSV export. */
export function InboxToolbar({
  kind,
  filters,
  counts,
  loading,
  onStatus,
  onSearch,
  onRefresh,
}: {
  kind: AnySubmissionKind;
  filters: ListFilters;
  counts: KindCounts | undefined;
  loading: boolean;
  onStatus(status: string): void;
  onSearch(q: string): void;
  onRefresh(): void;
}) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get("q") ?? "").trim());
  }

  return (
    <div className="admin-toolbar">
      <fieldset className="admin-chips">
        <legend className="admin-visually-hidden">Filter by status</legend>
        {["", ...kind.statuses].map((status) => (
          <button
            key={status || "all"}
            type="button"
            className="admin-chip"
            aria-pressed={filters.status === status}
            onClick={() => onStatus(status)}
          >
            {status ? statusLabel(status) : "All"}{" "}
            <span className="admin-count">{counts ? (counts[status || "all"] ?? 0) : "…"}</span>
          </button>
        ))}
      </fieldset>
      <form className="admin-search" onSubmit={submit}>
        <label className="admin-visually-hidden" htmlFor="inbox-search">
          Search requests
        </label>
        <input
          className="form-control"
          id="inbox-search"
          name="q"
          type="search"
          placeholder="Name, e-mail, phone, idea, notes…"
          maxLength={200}
          defaultValue={filters.q}
          key={`${kind.collection}-${filters.q}`}
        />
        <button type="submit" className="button button--ghost">
          Search
        </button>
      </form>
      <div className="admin-actions">
        <button type="button" className="button button--ghost" onClick={onRefresh} disabled={loading}>
          Refresh
        </button>
        <a className="button button--ghost" href={exportPath(kind.collection, filters)} download>
          Export CSV
        </a>
      </div>
    </div>
  );
}
