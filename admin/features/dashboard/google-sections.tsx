import type { ReactNode } from "react";
import { keywordBadge, scoreTone } from "../../../shared/admin";
import { DataTable } from "../../components/data-table";
import { Stat } from "../../components/stat";
import type { PageSpeedAnswer, PageSpeedResult, SearchAnalytics, SearchAnswer } from "./api";

type Source = "live" | "cached";

/** Lab scores of the home page from PageSpeed Insights. */
export function PageSpeedSection({ result }: { result: PageSpeedAnswer | null }) {
  return (
    <section aria-labelledby="psi-title" className="admin-subpanel">
      <h3 id="psi-title">PageSpeed Insights (lab, home page)</h3>
      <GoogleBlock result={result}>
        {(data: PageSpeedResult, source) => (
          <>
            <SourceBadge source={source} />
            <div className="admin-stats">
              {(
                [
                  ["Performance", data.performance],
                  ["Accessibility", data.accessibility],
                  ["Best practices", data.bestPractices],
                  ["SEO", data.seo],
                ] as const
              ).map(([name, score]) => (
                <div key={name} className={`admin-stat admin-score admin-score--${scoreTone(score)}`}>
                  <p className="admin-stat__label">{name}</p>
                  <p className="admin-stat__value">{score}</p>
                </div>
              ))}
            </div>
            <p className="admin-muted">
              First paint {(data.metrics.firstContentfulPaint / 1000).toFixed(1)}s · Largest paint{" "}
              {(data.metrics.largestContentfulPaint / 1000).toFixed(1)}s · Layout shift{" "}
              {data.metrics.cumulativeLayoutShift.toFixed(2)} · Speed index{" "}
              {(data.metrics.speedIndex / 1000).toFixed(1)}s
            </p>
          </>
        )}
      </GoogleBlock>
    </section>
  );
}

/** Search totals and the top keywords of the last 30 days from Search Console. */
export function SearchConsoleSection({ result }: { result: SearchAnswer | null }) {
  return (
    <section aria-labelledby="gsc-title" className="admin-subpanel">
      <h3 id="gsc-title">Search Console — Last 30 days</h3>
      <GoogleBlock result={result}>
        {(data: SearchAnalytics, source) => (
          <>
            <SourceBadge source={source} />
            <div className="admin-stats">
              <Stat label="Clicks" value={String(data.totalClicks)} />
              <Stat label="Impressions" value={String(data.totalImpressions)} />
              <Stat label="Average CTR" value={`${(data.averageCTR * 100).toFixed(1)}%`} />
              <Stat label="Average position" value={data.averagePosition.toFixed(1)} />
            </div>
            <DataTable label="Keywords" columns={["Keyword", "Position", "Clicks", "Impressions", "CTR"]}>
              {data.topKeywords.map((k) => (
                <tr key={k.keyword}>
                  <th scope="row">{k.keyword}</th>
                  <td>
                    {k.position.toFixed(1)} <span className="admin-badge">{keywordBadge(k.position)}</span>
                  </td>
                  <td>{k.clicks}</td>
                  <td>{k.impressions}</td>
                  <td>{(k.ctr * 100).toFixed(1)}%</td>
                </tr>
              ))}
            </DataTable>
          </>
        )}
      </GoogleBlock>
    </section>
  );
}

function SourceBadge({ source }: { source: Source }) {
  return <span className="admin-badge">{source === "live" ? "Live" : "Cached"}</span>;
}

/** A Google source's answer: loading, "N/A" with the reason, the failure text, or its data. */
function GoogleBlock<T>({
  result,
  children,
}: {
  result:
    | { status: Source; data: T }
    | { status: "not_configured"; reason: string }
    | { status: "error"; message: string }
    | null;
  children(data: T, source: Source): ReactNode;
}) {
  if (!result) return <p className="admin-muted">Loading…</p>;
  if (result.status === "not_configured") return <p className="admin-na">{result.reason}</p>;
  if (result.status === "error") return <p className="admin-alert">N/A — {result.message}</p>;
  return <>{children(result.data, result.status)}</>;
}
