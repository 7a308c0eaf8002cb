import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import {
  type Collection,
  type InboxItem,
  type InboxTotals,
  type ItemChange,
  type KindCounts,
  listInbox,
  updateItem,
} from "./api";
import { inboxKinds, kindOf } from "./kinds";

/**
 * What the inbox shows is read from the address: the inbox (`kind`), the status filter, the
 * search, the page (`cursor`) and the open card (`open`). Back, forward, reload and a shared link
 * therefore all land on the same view. Filters, searches and pages push a history entry; opening
 * a card replaces the current one, so Back leaves the view rather than closing cards one by one.
 */
function readView(params: URLSearchParams) {
  const wanted = params.get("kind");
  const collection = inboxKinds.find((k) => k.collection === wanted)?.collection ?? inboxKinds[0].collection;
  const kind = kindOf(collection);
  const status = params.get("status") ?? "";
  return {
    collection,
    filters: {
      status: (kind.statuses as readonly string[]).includes(status) ? status : "",
      q: (params.get("q") ?? "").slice(0, 200),
      id: (params.get("id") ?? "").slice(0, 100),
    },
    cursor: params.get("cursor") ?? "",
    open: params.get("open"),
  };
}

type Page = { key: string; items: InboxItem[]; nextCursor: string | null };

/** The open inbox, its filters and page as the address names them, and the items of that page. */
export function useInboxList() {
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const { collection, filters, cursor } = view;
  const key = JSON.stringify([collection, filters.status, filters.q, cursor, filters.id]);
  const [page, setPage] = useState<Page | null>(null);
  const [counts, setCounts] = useState<Partial<Record<Collection, KindCounts>>>({});
  const [totals, setTotals] = useState<InboxTotals>({});
  const [unreadThreads, setUnreadThreads] = useState(0);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    void version;
    let cancelled = false;
    const [k, status, q, from, id] = JSON.parse(key) as [Collection, string, string, string, string];
    setLoadError(null);
    listInbox(k, { status, q, id }, { cursor: from || undefined })
      .then((answer) => {
        if (cancelled) return;
        setPage({ key, items: answer.items, nextCursor: answer.nextCursor });
        setCounts((all) => ({ ...all, [k]: answer.counts }));
        setTotals(answer.totals);
        setUnreadThreads(answer.unreadThreads);
      })
      .catch((error: unknown) => {
        if (!cancelled) setLoadError(error instanceof Error ? error.message : "Could not load the list.");
      });
    return () => {
      cancelled = true;
    };
  }, [key, version]);

  /** Moves to another view of the inbox, as a new history entry. */
  const go = useCallback(
    (change: Record<string, string | null>, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(change)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace, preventScrollReset: true },
      ),
    [setParams],
  );

  /**
   * Saves a change at once on screen and then on the server; if the server refuses, the item
   * goes back to what it was and the failure is thrown to the card that asked. The list is not
   * reloaded, so the item stays where it is even when it no longer matches the filter; only the
   * counts are asked again.
   */
  async function change(item: InboxItem, what: ItemChange) {
    const replaceItem = (next: InboxItem) =>
      setPage((p) => (p ? { ...p, items: p.items.map((i) => (i.id === next.id ? next : i)) } : p));
    const optimistic: InboxItem = {
      ...item,
      ...(what.status === undefined ? {} : { status: what.status as never }),
      ...(what.adminNotes === undefined ? {} : { adminNotes: what.adminNotes }),
    };
    replaceItem(optimistic);
    try {
      await updateItem(kindOf(collection), item.id, what);
    } catch (failure) {
      replaceItem(item);
      throw failure;
    }
    listInbox(collection, filters, { limit: 1 })
      .then((answer) => {
        setCounts((all) => ({ ...all, [collection]: answer.counts }));
        setTotals(answer.totals);
      })
      .catch(() => {});
  }

  const current = page?.key === key ? page : null;
  return {
    collection,
    unreadThreads,
    /** A card was opened and its new answers read. */
    readThread: () => setUnreadThreads((n) => Math.max(0, n - 1)),
    filters,
    cursor,
    open: view.open,
    items: current?.items ?? [],
    nextCursor: current?.nextCursor ?? null,
    counts: counts[collection],
    totals,
    loading: current === null && loadError === null,
    loadError,
    /** Opens the other inbox with its filters cleared. */
    openInbox: (next: Collection) =>
      go({ kind: next, status: null, q: null, cursor: null, open: null, id: null }),
    /** Leaves the one item a link opened for the whole list. */
    showAll: () => go({ id: null, cursor: null }),
    filterByStatus: (status: string) => go({ status, cursor: null, open: null, id: null }),
    search: (q: string) => go({ q, cursor: null, open: null, id: null }),
    nextPage: () => current?.nextCursor && go({ cursor: current.nextCursor, open: null }),
    firstPage: () => go({ cursor: null, open: null }),
    toggle: (id: string) => go({ open: view.open === id ? null : id }, true),
    reload: () => setVersion((v) => v + 1),
    change,
  };
}
