import { useState } from "react";
import { Link } from "react-router";
import { useSignOut } from "../components/admin-layout";
import {
  AuditLog,
  InboxCard,
  InboxToolbar,
  inboxKinds,
  kindOf,
  tabLabel,
  useInboxList,
} from "../features/inbox";
import { onTabListKeyDown } from "../lib/tabs";

/** The artist's inbox: consultation requests and contact messages, each with its status. */
export function ConsultationsPage() {
  const { signOut } = useSignOut();
  const inbox = useInboxList();
  const { items, counts, totals, cursor, loading, loadError } = inbox;
  const { collection } = inbox;
  const kind = kindOf(collection);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [auditVersion, setAuditVersion] = useState(0);

  async function onSaved() {
    setExpanded(null);
    setAuditVersion((v) => v + 1);
    await inbox.reload();
  }

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
        {inboxKinds.map((t) => (
          <button
            key={t.collection}
            type="button"
            role="tab"
            id={`tab-${t.collection}`}
            aria-selected={collection === t.collection}
            tabIndex={collection === t.collection ? 0 : -1}
            aria-controls="inbox-panel"
            className="admin-tab"
            onClick={() => {
              inbox.open(t.collection);
              setExpanded(null);
            }}
          >
            {tabLabel(t)} <span className="admin-count">{totals ? totals[t.collection] : "…"}</span>
          </button>
        ))}
      </div>

      <div id="inbox-panel" role="tabpanel" aria-labelledby={`tab-${collection}`} className="admin-panel">
        <InboxToolbar
          kind={kind}
          filters={inbox.filters}
          counts={counts}
          loading={loading}
          onStatus={inbox.filterByStatus}
          onSearch={inbox.search}
          onRefresh={inbox.reload}
        />
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
          <button type="button" className="button button--ghost" onClick={inbox.loadMore} disabled={loading}>
            Load more
          </button>
        ) : null}
      </div>

      <AuditLog version={auditVersion} />
    </section>
  );
}
