import { useCallback, useEffect, useState } from "react";
import {
  type Collection,
  type InboxCounts,
  type InboxItem,
  type InboxTotals,
  type ListFilters,
  listInbox,
} from "./api";
import { inboxKinds } from "./kinds";

const noFilters: ListFilters = { status: "", q: "" };

/** The open inbox (by collection), its filters, the items loaded so far and the cursor to the next page. */
export function useInboxList() {
  const [collection, setCollection] = useState<Collection>(inboxKinds[0].collection);
  const [filters, setFilters] = useState<ListFilters>(noFilters);
  const [items, setItems] = useState<InboxItem[]>([]);
  const [counts, setCounts] = useState<InboxCounts | null>(null);
  const [totals, setTotals] = useState<InboxTotals | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async (k: Collection, f: ListFilters) => {
    setLoading(true);
    setLoadError(null);
    try {
      const page = await listInbox(k, f);
      setItems(page.items);
      setCounts(page.counts);
      setTotals(page.totals);
      setCursor(page.nextCursor);
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : "Could not load the list.");
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(collection, filters);
  }, [load, collection, filters]);

  async function loadMore() {
    if (!cursor) return;
    setLoading(true);
    try {
      const page = await listInbox(collection, filters, cursor);
      setItems((current) => [...current, ...page.items]);
      setCursor(page.nextCursor);
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : "Could not load more.");
    } finally {
      setLoading(false);
    }
  }

  return {
    collection,
    filters,
    items,
    counts,
    totals,
    cursor,
    loading,
    loadError,
    /** Opens the other inbox with its filters cleared. */
    open(next: Collection) {
      setCollection(next);
      setFilters(noFilters);
    },
    filterByStatus: (status: string) => setFilters((f) => ({ ...f, status })),
    search: (q: string) => setFilters((f) => ({ ...f, q })),
    reload: () => load(collection, filters),
    loadMore,
  };
}
