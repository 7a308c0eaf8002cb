import { useEffect, useRef, useState } from "react";
import { seoMessages } from "../../../shared/admin";
import { pause } from "../../lib/pause";
import {
  loadPageSpeed,
  loadSearchAnalytics,
  loadVitals,
  type PageSpeedAnswer,
  type SearchAnswer,
  type Vitals,
} from "./api";
import { PageSpeedSection, SearchConsoleSection } from "./google-sections";
import { VitalsSection } from "./vitals-section";

const stageMessages: Record<number, string> = {
  0: "Not started",
  10: "Initialising…",
  50: "Performance data loaded",
  60: "Fetching search analytics…",
  90: "Search analytics loaded",
  95: "Finalizing…",
  100: "Ready",
};

/** How long a passing stage stays on screen; set in one batch, React would only ever paint the last. */
const stageHoldMs = 150;

/** Field data from this site's visitors, then Google's lab scores and search figures. */
export function SeoPanel() {
  const [progress, setProgress] = useState(0);
  const [vitals, setVitals] = useState<Vitals | null>(null);
  const [vitalsError, setVitalsError] = useState(false);
  const [speed, setSpeed] = useState<PageSpeedAnswer | null>(null);
  const [search, setSearch] = useState<SearchAnswer | null>(null);
  const reset = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    let cancelled = false;
    // The bar walks through fixed stages (10, 50, 60, 90, 95, 100) so the artist sees which
    // source is being asked, then disappears 1.5 s after success or 3 s after a failure.
    // Holds a passing stage long enough to paint; resolves false if the tab was left meanwhile.
    async function stage(value: number) {
      setProgress(value);
      await pause(stageHoldMs);
      return !cancelled;
    }
    async function run() {
      setProgress(10);
      const [v, s] = await Promise.all([loadVitals().catch(() => null), loadPageSpeed().catch(() => null)]);
      if (cancelled) return;
      const speedResult: PageSpeedAnswer = s ?? { status: "error", message: seoMessages.unavailable };
      if (v) setVitals(v);
      else setVitalsError(true);
      setSpeed(speedResult);
      if (!(await stage(50))) return;
      setProgress(60);
      const g = await loadSearchAnalytics().catch(() => null);
      if (cancelled) return;
      const searchResult: SearchAnswer = g ?? { status: "error", message: seoMessages.unavailable };
      setSearch(searchResult);
      if (!(await stage(90)) || !(await stage(95))) return;
      setProgress(100);
      // An answer with status "error" is a failure too, not only a request that threw.
      const ok = v !== null && speedResult.status !== "error" && searchResult.status !== "error";
      reset.current = setTimeout(() => !cancelled && setProgress(0), ok ? 1500 : 3000);
    }
    void run();
    return () => {
      cancelled = true;
      clearTimeout(reset.current);
    };
  }, []);

  return (
    <div className="admin-seo">
      <h2 className="admin-visually-hidden">SEO Dashboard</h2>
      {progress > 0 ? (
        <div className="admin-progress">
          <label htmlFor="seo-progress">{stageMessages[progress] ?? "Working…"}</label>
          <progress id="seo-progress" max={100} value={progress}>
            {progress}%
          </progress>
        </div>
      ) : null}
      <VitalsSection vitals={vitals} failed={vitalsError} />
      <PageSpeedSection result={speed} />
      <SearchConsoleSection result={search} />
    </div>
  );
}
