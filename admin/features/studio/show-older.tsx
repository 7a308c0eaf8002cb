import { useEffect, useState } from "react";

interface Page<T> {
  items: T[];
  nextBefore: number | null;
}

/**
 * A list the Studio loads a page at a time, newest first: the first page, read again whenever
 * `reload` moves on (a save, a publish, a restore), and `older()` for the next, with the last
 * failure to load; a page that comes back after a newer reload began is dropped.
 */
export function usePages<T>(load: (before?: number) => Promise<Page<T>>, reload: unknown) {
  const [items, setItems] = useState<T[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState("");

  // `reload` is not read here: its change is the signal to read the list again.
  useEffect(() => {
    let current = true;
    setFailure("");
    void load()
      .then((page) => {
        if (!current) return;
        setItems(page.items);
        setNext(page.nextBefore);
      })
      .catch((error: Error) => current && setFailure(error.message));
    return () => {
      current = false;
    };
  }, [load, reload]);

  /** Loads the next page; answers how many entries were shown before it, or null if it failed. */
  async function older(): Promise<number | null> {
    if (next === null) return null;
    const shown = items?.length ?? 0;
    setLoading(true);
    try {
      const page = await load(next);
      setItems((all) => [...(all ?? []), ...page.items]);
      setNext(page.nextBefore);
      return shown;
    } catch (error) {
      setFailure(error instanceof Error ? error.message : "Older entries did not load.");
      return null;
    } finally {
      setLoading(false);
    }
  }

  return { items, failure, more: next !== null, loading, older };
}

/**
 * The button under a list the Studio loads a page at a time (its history, its activity): there
 * only while older entries remain, and saying so while it loads them.
 */
export function ShowOlder({
  more,
  loading,
  onClick,
  label,
}: {
  more: boolean;
  loading: boolean;
  onClick: () => void;
  label: string;
}) {
  if (!more) return null;
  return (
    <button type="button" className="button button--ghost" onClick={onClick} disabled={loading}>
      {loading ? "Loading…" : label}
    </button>
  );
}
