import { useCallback, useEffect, useRef, useState } from "react";
import type { GalleryTiming } from "./gallery-config";

/**
 * How many cards to show: starts at `initial` and grows by `batch`, after `delayMs`, whenever
 * the indicator at the bottom of the grid becomes visible. `resetKey` changing (new filters)
 * starts over at `initial`.
 */
export function useProgressiveCount(total: number, timing: GalleryTiming, resetKey: string) {
  const [state, setState] = useState({ key: resetKey, count: timing.initial });
  // Derived reset: a new filter starts over without an effect round-trip.
  const count = state.key === resetKey ? state.count : timing.initial;
  if (state.key !== resetKey) setState({ key: resetKey, count: timing.initial });

  const visible = Math.min(count, total);
  const loading = useRef(false);
  const [pending, setPending] = useState(false);
  const [sentinel, setSentinel] = useState<Element | null>(null);

  const loadMore = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    setPending(true);
    setTimeout(() => {
      loading.current = false;
      setPending(false);
      setState((current) => ({ key: current.key, count: current.count + timing.batch }));
    }, timing.delayMs);
  }, [timing]);

  useEffect(() => {
    if (!sentinel || visible >= total || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { threshold: timing.threshold, rootMargin: "0px 0px 200px 0px" },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, visible, total, timing, loadMore]);

  const showAtLeast = useCallback(
    (count: number) => setState((current) => ({ key: current.key, count: Math.max(current.count, count) })),
    [],
  );

  return { visible, hasMore: visible < total, pending, sentinelRef: setSentinel, loadMore, showAtLeast };
}
