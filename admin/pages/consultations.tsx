import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "../components/alert";
import { Tab, TabList } from "../components/tabs";
import {
  AuditLog,
  InboxCard,
  type InboxItem,
  InboxToolbar,
  InspectorExport,
  type ItemChange,
  inboxKinds,
  kindOf,
  tabLabel,
  useInboxList,
} from "../features/inbox";

/** The artist's inbox: consultation requests and contact messages, each with its status. */
export function ConsultationsPage() {
  const inbox = useInboxList();
  const { items, counts, totals, cursor, nextCursor, loading, loadError, collection } = inbox;
  const kind = kindOf(collection);
  const [auditVersion, setAuditVersion] = useState(0);

  async function onChange(item: InboxItem, change: ItemChange) {
    await inbox.change(item, change);
    setAuditVersion((v) => v + 1);
  }

  const shown = items.length;
  return (
    <section className="admin-page" aria-labelledby="admin-title">
      <div className="admin-page__head">
        <div>
          <p className="admin-eyebrow">Inbox</p>
          <h1 id="admin-title">Consultation requests and contact messages</h1>
        </div>
        <div className="admin-actions">
          <Link to="/admin/today" className="button button--ghost">
            Back to Today
          </Link>
        </div>
      </div>

      <TabList label="Inbox">
        {inboxKinds.map((t) => (
          <Tab
            key={t.collection}
            id={`tab-${t.collection}`}
            panel="inbox-panel"
            selected={collection === t.collection}
            onSelect={() => collection !== t.collection && inbox.openInbox(t.collection)}
          >
            {tabLabel(t)} <span className="admin-count">{totals[t.collection] ?? "…"}</span>
          </Tab>
        ))}
      </TabList>

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
        <Alert>{loadError}</Alert>
        {inbox.filters.id ? (
          <p className="admin-single">
            One {kind.name === "consultation" ? "request" : "message"} shown, as its link asked.{" "}
            <button type="button" className="button button--ghost button--small" onClick={inbox.showAll}>
              Show all
            </button>
          </p>
        ) : null}
        <p className="admin-muted" aria-live="polite">
          {loading
            ? "Loading…"
            : `${shown} shown${cursor ? " (an older page)" : ""}${nextCursor ? ", more available" : ""}`}
          {/* About the whole inbox, so it sits in the list's summary line, not above a card. */}
          {!loading && collection === "consultations" && inbox.unreadThreads ? (
            <span className="admin-unread-count">
              {" · "}
              {inbox.unreadThreads === 1
                ? "1 request has a new reply"
                : `${inbox.unreadThreads} requests have a new reply`}
            </span>
          ) : null}
        </p>
        <ul className="admin-cards">
          {items.map((item) => (
            <InboxCard
              key={item.id}
              kind={kind}
              item={item}
              expanded={inbox.open === item.id}
              onToggle={() => inbox.toggle(item.id)}
              onChange={onChange}
              onRead={inbox.readThread}
              onStale={inbox.reload}
            />
          ))}
        </ul>
        {!loading && shown === 0 && !loadError ? (
          <p className="admin-empty">
            {inbox.filters.id
              ? "This one is no longer in the inbox."
              : inbox.filters.q
                ? "Nothing matches this search."
                : "Nothing here yet."}
          </p>
        ) : null}
        <nav className="admin-pager" aria-label="Pages">
          {cursor ? (
            <button type="button" className="button button--ghost" onClick={inbox.firstPage}>
              Newest
            </button>
          ) : null}
          {nextCursor ? (
            <button type="button" className="button button--ghost" onClick={inbox.nextPage}>
              Older
            </button>
          ) : null}
        </nav>
      </div>

      <InspectorExport />
      <AuditLog version={auditVersion} />
    </section>
  );
}
