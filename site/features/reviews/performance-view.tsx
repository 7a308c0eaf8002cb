import { useEffect, useState } from "react";
import { api } from "../../lib/api-client";

/**
 * How fast the site is for its real visitors: the 75th percentile of each web-vital over the
 * last 28 days, from the site's own anonymous measurements. The badge names where the figures
 * come from; when nothing has been measured the view says so rather than show sample numbers.
 */

type Summary = Awaited<ReturnType<Awaited<ReturnType<typeof api.metrics.summary.$get>>["json"]>>;
type State = { status: "loading" } | { status: "failed" } | { status: "ready"; summary: Summary };

const measures: Record<Summary["vitals"][number]["name"], { label: string; what: string }> = {
  LCP: { label: "Main content shown", what: "Largest Contentful Paint (LCP)" },
  FCP: { label: "First content shown", what: "First Contentful Paint (FCP)" },
  INP: { label: "Response to taps and clicks", what: "Interaction to Next Paint (INP)" },
  CLS: { label: "Layout stability", what: "Cumulative Layout Shift (CLS)" },
  TTFB: { label: "Server response", what: "Time to First Byte (TTFB)" },
};

const ratingWords = { good: "Good", "needs-improvement": "Needs improvement", poor: "Poor" } as const;

const badgeText = {
  live: "Live: measured on real visits",
  cached: "Cached: measured on real visits, refreshed every 10 minutes",
  none: "No measurements yet",
} as const;

/** "850 ms", "1.2 s", or a unitless "0.05" for layout shift. */
function figure(name: string, value: number): string {
  if (name === "CLS") return value.toFixed(2);
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(1)} s`;
}

export function PerformanceView() {
  const [state, setState] = useState<State>({ status: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    api.metrics.summary
      .$get({}, { init: { signal: controller.signal } })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${response.status}`))))
      .then((summary) => setState({ status: "ready", summary }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: "failed" });
      });
    return () => controller.abort();
  }, []);

  const source = state.status === "ready" ? state.summary.source : null;
  return (
    <div className="reviews-mode-panel" aria-busy={state.status === "loading"}>
      <div className="reviews-mode-panel__head">
        <h2>Site performance</h2>
        {source ? (
          <span className={`source-badge source-badge--${source}`} data-source={source}>
            {badgeText[source]}
          </span>
        ) : null}
      </div>
      {state.status === "loading" ? <p>Loading the speed figures…</p> : null}
      {state.status === "failed" ? (
        <p>The speed figures are unavailable right now. Please try again later.</p>
      ) : null}
      {state.status === "ready" && state.summary.vitals.length === 0 ? (
        <p>No visits have been measured in the last {state.summary.days} days yet.</p>
      ) : null}
      {state.status === "ready" && state.summary.vitals.length > 0 ? (
        <>
          <p>
            How quickly this site loads and responds for its real visitors: for three visits in four, each
            figure was this good or better, over the last {state.summary.days} days and all pages.
          </p>
          <table className="speed-table">
            <caption className="visually-hidden">Site speed for real visitors</caption>
            <thead>
              <tr>
                <th scope="col">Measure</th>
                <th scope="col">Figure</th>
                <th scope="col">Rating</th>
                <th scope="col">Visits measured</th>
              </tr>
            </thead>
            <tbody>
              {state.summary.vitals.map((vital) => (
                <tr key={vital.name}>
                  <th scope="row">
                    {measures[vital.name].label}
                    <span className="speed-table__what">{measures[vital.name].what}</span>
                  </th>
                  <td>{figure(vital.name, vital.p75)}</td>
                  <td>
                    <span className={`speed-rating speed-rating--${vital.rating}`}>
                      {ratingWords[vital.rating]}
                    </span>
                  </td>
                  <td>{vital.samples.toLocaleString("en-US")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </div>
  );
}
