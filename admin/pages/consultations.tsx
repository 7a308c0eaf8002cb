import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { sumCounts } from "../../shared/admin";
import { consultationStatuses, contactStatuses } from "../../shared/statuses";
import { useSignOut } from "../components/admin-layout";
import { api } from "../lib/api";
import { onTabListKeyDown } from "../lib/tabs";
import {
  type AuditEntry,
  type ConsultationRequest,
  type ContactMessage,
  formatDateTime,
  type InboxCounts,
  type Page,
} from "../lib/types";

type Kind = "consultations" | "contacts";
type Item = ConsultationRequest | ContactMessage;

const tabs: { kind: Kind; label: string; statuses: readonly string[] }[] = [
  { kind: "consultations", label: "Consultation Requests", statuses: consultationStatuses },
  { kind: "contacts", label: "Contact Messages", statuses: contactStatuses },
];

const label = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

function listUrl(kind: Kind, filters: { status: string; q: string }, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.q) params.set("q", filters.q);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const query = params.toString();
  return `/api/admin/${kind}${query ? `?${query}` : ""}`;
}

/** The artist's inbox (shell-and-admin.md 2.13, 4): requests and messages with their status. */
export function ConsultationsPage() {
  const { signOut } = useSignOut();
  const [kind, setKind] = useState<Kind>("consultations");
  const [filters, setFilters] = useState({ status: "", q: "" });
  const [items, setItems] = useState<Item[]>([]);
  const [counts, setCounts] = useState<InboxCounts | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [auditVersion, setAuditVersion] = useState(0);

  const load = useCallback(async (k: Kind, f: { status: string; q: string }) => {
    setLoading(true);
    setLoadError(null);
    try {
      const page = await api<Page<Item>>(listUrl(k, f, { limit: "20" }));
      setItems(page.items);
      setCounts(page.counts);
      setCursor(page.nextCursor);
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : "Could not load the list.");
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(kind, filters);
  }, [load, kind, filters]);

  async function loadMore() {
    if (!cursor) return;
    setLoading(true);
    try {
      const page = await api<Page<Item>>(listUrl(kind, filters, { limit: "20", cursor }));
      setItems((current) => [...current, ...page.items]);
      setCursor(page.nextCursor);
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : "Could not load more.");
    } finally {
      setLoading(false);
    }
  }

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    setFilters((f) => ({ ...f, q }));
  }

  async function onSaved() {
    setExpanded(null);
    setAuditVersion((v) => v + 1);
    await load(kind, filters);
  }

  const tab = tabs.find((t) => t.kind === kind) ?? tabs[0];
  const tabCounts = counts?.[kind] as Record<string, number> | undefined;

  return (
    <section className="admin-page" aria-labelledby="admin-title">
      <div className="admin-page__head">
        <div>
          <p className="admin-eyebrow">Inbox</p>
          <h1 id="admin-title">Consultation requests and contact messages</h1>
        </div>
        <div className="admin-actions">
          <Link to="/admin/dashboard" className="button button--ghost">
            Back to Dashboard
          </Link>
          <button type="button" className="button button--ghost" onClick={signOut}>
            Sign Out
          </button>
        </div>
      </div>

      <div className="admin-tabs" role="tablist" onKeyDown={onTabListKeyDown} aria-label="Inbox">
        {tabs.map((t) => (
          <button
            key={t.kind}
            type="button"
            role="tab"
            id={`tab-${t.kind}`}
            aria-selected={kind === t.kind}
            tabIndex={kind === t.kind ? 0 : -1}
            aria-controls="inbox-panel"
            className="admin-tab"
            onClick={() => {
              setKind(t.kind);
              setFilters({ status: "", q: "" });
              setExpanded(null);
            }}
          >
            {t.label} <span className="admin-count">{counts ? sumCounts(counts[t.kind]) : "…"}</span>
          </button>
        ))}
      </div>

      <div id="inbox-panel" role="tabpanel" aria-labelledby={`tab-${kind}`} className="admin-panel">
        <div className="admin-toolbar">
          <fieldset className="admin-chips">
            <legend className="admin-visually-hidden">Filter by status</legend>
            {["", ...(tab?.statuses ?? [])].map((status) => (
              <button
                key={status || "all"}
                type="button"
                className="admin-chip"
                aria-pressed={filters.status === status}
                onClick={() => setFilters((f) => ({ ...f, status }))}
              >
                {status ? label(status) : "All"}{" "}
                <span className="admin-count">
                  {tabCounts ? (status ? (tabCounts[status] ?? 0) : sumCounts(tabCounts)) : "…"}
                </span>
              </button>
            ))}
          </fieldset>
          <form className="admin-search" onSubmit={onSearch}>
            <label className="admin-visually-hidden" htmlFor="inbox-search">
              Search by name or e-mail
            </label>
            <input
              className="form-control"
              id="inbox-search"
              name="q"
              type="search"
              placeholder="Search by name or e-mail"
              defaultValue={filters.q}
              key={`${kind}-${filters.q}`}
            />
            <button type="submit" className="button button--ghost">
              Search
            </button>
          </form>
          <div className="admin-actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => load(kind, filters)}
              disabled={loading}
            >
              Refresh
            </button>
            <a
              className="button button--ghost"
              href={listUrl(kind, filters).replace(kind, `${kind}/export.csv`)}
              download
            >
              Export CSV
            </a>
          </div>
        </div>

        {loadError ? (
          <p className="admin-alert" role="alert">
            {loadError}
          </p>
        ) : null}
        <p className="admin-muted" aria-live="polite">
          {loading ? "Loading…" : `${items.length} shown${cursor ? ", more available" : ""}`}
        </p>
        <ul className="admin-cards">
          {items.map((item) => (
            <InboxCard
              key={item.id}
              kind={kind}
              item={item}
              expanded={expanded === item.id}
              onToggle={() => setExpanded((id) => (id === item.id ? null : item.id))}
              onSaved={onSaved}
            />
          ))}
        </ul>
        {!loading && items.length === 0 && !loadError ? (
          <p className="admin-empty">Nothing here yet.</p>
        ) : null}
        {cursor ? (
          <button type="button" className="button button--ghost" onClick={loadMore} disabled={loading}>
            Load more
          </button>
        ) : null}
      </div>

      <AuditLog version={auditVersion} />
    </section>
  );
}

/** How the e-mail to the artist about this submission went. */
function notificationText(item: Item): string {
  const n = item.notification;
  if (!n) return "No notification queued";
  const tries = `${n.attempts} ${n.attempts === 1 ? "attempt" : "attempts"}`;
  switch (n.status) {
    case "sent":
      return `E-mailed ${n.sentAt ? formatDateTime(n.sentAt) : ""}`.trim();
    case "failed":
      return `Not delivered after ${tries}: check the mail settings`;
    case "retry":
      return `Delivery failed, retrying (${tries} so far)`;
    default:
      return "Queued for delivery";
  }
}

function fieldsOf(kind: Kind, item: Item): [string, string][] {
  if (kind === "consultations") {
    const c = item as ConsultationRequest;
    return [
      ["E-mail", c.email],
      ["Phone", c.phone],
      ["Tattoo idea", c.tattooIdea],
      ["Size", c.size ?? "—"],
      ["Placement", c.placement ?? "—"],
      ["Timeframe", c.timeframe ?? "—"],
      ["Experience", c.experience ?? "—"],
      ["Budget", c.budget ?? "—"],
      ["Availability", c.availability ?? "—"],
      ["Received", formatDateTime(c.createdAt)],
      ["Last updated", formatDateTime(c.updatedAt)],
      ["Notification", notificationText(c)],
    ];
  }
  const m = item as ContactMessage;
  return [
    ["E-mail", m.email],
    ["Phone", m.phone ?? "—"],
    ["Service interest", m.serviceInterest ?? "—"],
    ["Message", m.message],
    ["Newsletter", m.newsletterSignup ? "Yes" : "No"],
    ["Received", formatDateTime(m.createdAt)],
    ["Last updated", formatDateTime(m.updatedAt)],
    ["Responded", m.respondedAt ? `${formatDateTime(m.respondedAt)} by ${m.respondedBy ?? "?"}` : "—"],
    ["Notification", notificationText(m)],
  ];
}

function InboxCard({
  kind,
  item,
  expanded,
  onToggle,
  onSaved,
}: {
  kind: Kind;
  item: Item;
  expanded: boolean;
  onToggle(): void;
  onSaved(): Promise<void>;
}) {
  const panelId = useId();
  const notesId = useId();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const statuses = kind === "consultations" ? consultationStatuses : contactStatuses;

  async function save(change: { status?: string; adminNotes?: string | null }) {
    setSaving(true);
    setError(null);
    try {
      await api(`/api/admin/${kind}/${encodeURIComponent(item.id)}`, { method: "PATCH", json: change });
      await onSaved();
    } catch (failure) {
      // Never swallowed (DECISIONS.md): the artist sees that the change did not stick.
      setError(`Could not save: ${failure instanceof Error ? failure.message : "unknown error"}`);
    } finally {
      setSaving(false);
    }
  }

  function onNotes(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const notes = String(new FormData(event.currentTarget).get("notes") ?? "");
    void save({ adminNotes: notes.trim() ? notes : null });
  }

  const summary =
    kind === "consultations" ? (item as ConsultationRequest).tattooIdea : (item as ContactMessage).message;
  return (
    <li className="admin-card" data-status={item.status}>
      <h2 className="admin-card__title">
        <button
          type="button"
          className="admin-card__toggle"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <span className="admin-card__name">{item.name}</span>
          <span className={`admin-status admin-status--${item.status}`}>{label(item.status)}</span>
          <span className="admin-card__meta">{formatDateTime(item.createdAt)}</span>
          <span className="admin-card__summary">{summary}</span>
        </button>
      </h2>
      {expanded ? (
        <div id={panelId} className="admin-card__body">
          <dl className="admin-fields">
            {fieldsOf(kind, item).map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <fieldset className="admin-status-buttons" disabled={saving}>
            <legend>Status</legend>
            {statuses.map((status) => (
              <button
                key={status}
                type="button"
                className="button button--primary button--small"
                disabled={status === item.status}
                aria-pressed={status === item.status}
                onClick={() => save({ status })}
              >
                {label(status)}
              </button>
            ))}
          </fieldset>
          <form className="admin-notes" onSubmit={onNotes}>
            <label htmlFor={notesId}>Admin notes</label>
            <textarea
              className="form-control"
              id={notesId}
              name="notes"
              rows={3}
              defaultValue={item.adminNotes ?? ""}
              maxLength={5000}
            />
            <button type="submit" className="button button--primary button--small" disabled={saving}>
              {saving ? "Saving…" : "Save notes"}
            </button>
          </form>
          {error ? (
            <p className="admin-alert" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function AuditLog({ version }: { version: number }) {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void version;
    api<{ items: AuditEntry[] }>("/api/admin/audit?limit=25")
      .then((r) => setEntries(r.items))
      .catch((e) => setError(e instanceof Error ? e.message : "Could not load the activity log."));
  }, [version]);
  return (
    <section className="admin-panel" aria-labelledby="audit-title">
      <h2 id="audit-title">Activity log</h2>
      {error ? (
        <p className="admin-alert" role="alert">
          {error}
        </p>
      ) : null}
      {entries && entries.length === 0 ? <p className="admin-muted">No changes recorded yet.</p> : null}
      {entries && entries.length > 0 ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="admin-visually-hidden">The 25 most recent changes</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Item</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.createdAt)}</td>
                  <td>{entry.adminEmail}</td>
                  <td>
                    {entry.entity === "consultation" ? "Request" : "Message"} {entry.entityId.slice(0, 8)}
                  </td>
                  <td>
                    {entry.action === "status"
                      ? `Status ${entry.fromValue ?? "—"} → ${entry.toValue ?? "—"}`
                      : entry.toValue
                        ? "Notes updated"
                        : "Notes cleared"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
