import { useCallback, useEffect, useRef, useState } from "react";
import type { GalleryTiming } from "./gallery-config";

/**
 * How many cards to show: starts at `initial` and grows by `batch`, after `delayMs`, whenever
 * the indicator at the bottom of the grid becomes visible. `resetKey` changing (new filters)
 * starts over at `initial`.
 *
 * The observer stops after `observerStopMs` without a new batch. From then on
 * (and from the start where IntersectionObserver is missing) `manual` is true and the page shows a
 * 'Load more' button; using it loads the next batch and arms the observer again.
 */
export function useProgressiveCount(total: number, timing: GalleryTiming, resetKey: string) {
  const [state, setState] = useState({ key: resetKey, count: timing.initial, batches: 0 });
  // Derived reset: a new filter starts over without an effect round-trip.
  const current = state.key === resetKey ? state : { key: resetKey, count: timing.initial, batches: 0 };
  if (state !== current) setState(current);

  const visible = Math.min(current.count, total);
  const hasMore = visible < total;
  const loading = useRef(false);
  const [pending, setPending] = useState(false);
  const [sentinel, setSentinel] = useState<Element | null>(null);
  // Each new count (a batch, a filter, a deep link) arms the observer afresh.
  const armKey = `${resetKey}|${visible}`;
  const [stoppedAt, setStoppedAt] = useState<string | null>(null);
  const observing = stoppedAt !== armKey;
  const [manual, setManual] = useState(false);

  const loadMore = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    setPending(true);
    setTimeout(() => {
      loading.current = false;
      setPending(false);
      setState((previous) => ({
        key: previous.key,
        count: previous.count + timing.batch,
        batches: previous.batches + 1,
      }));
    }, timing.delayMs);
  }, [timing]);

  useEffect(() => {
    if (!sentinel || !hasMore || !observing) return;
    const stop = () => {
      setStoppedAt(armKey);
      setManual(true);
    };
    if (typeof IntersectionObserver === "undefined") {
      stop();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { threshold: timing.threshold, rootMargin: "0px 0px 200px 0px" },
    );
    observer.observe(sentinel);
    const timer = setTimeout(() => {
      observer.disconnect();
      stop();
    }, timing.observerStopMs);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [sentinel, hasMore, observing, armKey, timing, loadMore]);

  const showAtLeast = useCallback(
    (count: number) => setState((previous) => ({ ...previous, count: Math.max(previous.count, count) })),
    [],
  );

  return {
    visible,
    hasMore,
    pending,
    /** Batches loaded since the last reset: preloading starts once the visitor asks for more. */
    batches: current.batches,
    manual,
    sentinelRef: setSentinel,
    loadMore,
    showAtLeast,
  };
}
