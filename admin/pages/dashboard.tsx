import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  keywordBadge,
  scoreTone,
  seoMessages,
  type VitalName,
  vitalNames,
  vitalRating,
} from "../../shared/admin";
import { api } from "../lib/api";
import { pause } from "../lib/pause";
import { onTabListKeyDown } from "../lib/tabs";
import type { Experiments, GoogleResult, Overview, PageSpeed, SearchAnalytics, Vitals } from "../lib/types";

const tabs = [
  { id: "overview", label: "Overview" },
  { id: "users", label: "Users" },
  { id: "analytics", label: "Analytics" },
  { id: "seo", label: "SEO Dashboard" },
  { id: "experiments", label: "Experiments" },
  { id: "consultations", label: "Consultation Requests", to: "/admin/consultations" },
  { id: "tests", label: "System Tests", to: "/admin/test" },
] as const;
type TabId = (typeof tabs)[number]["id"];

/** The artist's dashboard (shell-and-admin.md 2.12): real figures only, or a plain "N/A". */
export function DashboardPage() {
  const [tab, setTab] = useState<TabId>("overview");
  const navigate = useNavigate();
  return (
    <section className="admin-page" aria-labelledby="admin-title">
      <p className="admin-eyebrow">Studio</p>
      <h1 id="admin-title">Dashboard</h1>
      <div className="admin-tabs" role="tablist" onKeyDown={onTabListKeyDown} aria-label="Dashboard">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`dash-tab-${t.id}`}
            aria-selected={tab === t.id}
            tabIndex={tab === t.id ? 0 : -1}
            aria-controls="dash-panel"
            className="admin-tab"
            onClick={() => ("to" in t ? navigate(t.to) : setTab(t.id))}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id="dash-panel" role="tabpanel" aria-labelledby={`dash-tab-${tab}`} className="admin-panel">
        {tab === "overview" ? <OverviewTab /> : null}
        {tab === "users" ? <ComingSoon what="Users" /> : null}
        {tab === "analytics" ? <ComingSoon what="Analytics" /> : null}
        {tab === "seo" ? <SeoTab /> : null}
        {tab === "experiments" ? <ExperimentsTab /> : null}
      </div>
    </section>
  );
}

function ComingSoon({ what }: { what: string }) {
  return (
    <div className="admin-empty">
      <h2>{what}</h2>
      <p>Coming soon.</p>
    </div>
  );
}

function OverviewTab() {
  const [data, setData] = useState<Overview | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api<Overview>("/api/admin/overview")
      .then(setData)
      .catch(() => setFailed(true));
  }, []);
  const f = data?.figures;
  const value = (v: number | string | undefined) =>
    failed ? "Unable to load" : v === undefined ? "…" : String(v);
  return (
    <>
      <h2 className="admin-visually-hidden">Overview</h2>
      {failed ? (
        <p className="admin-alert" role="alert">
          Failed to connect to database
        </p>
      ) : null}
      <div className="admin-stats">
        <Stat label="Consultation requests" value={value(f?.totalConsultations)} />
        <Stat label="Contact messages" value={value(f?.totalContacts)} />
        <Stat
          label="Pending items"
          value={value(f?.pendingItems)}
          hint="Unread messages + pending requests"
        />
        <Stat
          label="Response rate"
          value={value(f ? (f.responseRate === null ? "N/A" : `${f.responseRate}%`) : undefined)}
          hint={
            f?.responseRate === null
              ? "No submissions yet"
              : "Responded messages + completed requests, of all"
          }
        />
      </div>
      {data ? <WeeklyChart weeks={data.weeks} /> : null}
    </>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="admin-stat">
      <p className="admin-stat__label">{label}</p>
      <p className="admin-stat__value">{value}</p>
      {hint ? <p className="admin-stat__hint">{hint}</p> : null}
    </div>
  );
}

/** Requests per week for the last 12 weeks, as an SVG bar chart (no inline styles under the CSP). */
function WeeklyChart({ weeks }: { weeks: Overview["weeks"] }) {
  const max = Math.max(1, ...weeks.map((w) => w.consultations + w.contacts));
  const width = 600;
  const height = 180;
  const slot = width / weeks.length;
  const bar = slot * 0.6;
  const y = (n: number) => (n / max) * (height - 20);
  const short = (iso: string) =>
    new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    });
  return (
    <figure className="admin-chart">
      <figcaption>
        <h3>Submissions per week, last 12 weeks</h3>
        <span className="admin-legend">
          <span className="admin-legend__swatch admin-legend__swatch--consultations" aria-hidden="true" />{" "}
          Consultation requests
          <span className="admin-legend__swatch admin-legend__swatch--contacts" aria-hidden="true" /> Contact
          messages
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height + 24}`}
        role="img"
        aria-labelledby="chart-desc"
        className="admin-chart__svg"
      >
        <desc id="chart-desc">
          {weeks
            .map((w) => `Week of ${short(w.weekStart)}: ${w.consultations} requests, ${w.contacts} messages`)
            .join("; ")}
        </desc>
        <line x1="0" x2={width} y1={height} y2={height} className="admin-chart__axis" />
        {weeks.map((w, i) => {
          const x = i * slot + (slot - bar) / 2;
          const hc = y(w.consultations);
          const hm = y(w.contacts);
          return (
            <g key={w.weekStart}>
              <rect
                x={x}
                y={height - hc}
                width={bar}
                height={hc}
                className="admin-chart__bar--consultations"
              />
              <rect
                x={x}
                y={height - hc - hm}
                width={bar}
                height={hm}
                className="admin-chart__bar--contacts"
              />
              {w.consultations + w.contacts > 0 ? (
                <text x={x + bar / 2} y={height - hc - hm - 4} className="admin-chart__value">
                  {w.consultations + w.contacts}
                </text>
              ) : null}
              {i % 2 === 0 ? (
                <text x={x + bar / 2} y={height + 16} className="admin-chart__label">
                  {short(w.weekStart)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

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

const formatVital = (name: VitalName, value: number) =>
  name === "CLS"
    ? value.toFixed(2)
    : value >= 1000
      ? `${(value / 1000).toFixed(2)} s`
      : `${Math.round(value)} ms`;

function SeoTab() {
  const [progress, setProgress] = useState(0);
  const [vitals, setVitals] = useState<Vitals | null>(null);
  const [vitalsError, setVitalsError] = useState(false);
  const [speed, setSpeed] = useState<GoogleResult<PageSpeed> | null>(null);
  const [search, setSearch] = useState<GoogleResult<SearchAnalytics> | null>(null);
  const reset = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    let cancelled = false;
    // Staged progress (shell-and-admin.md 4): 10, 50, 60, 90, 95, 100; reset 1.5 s / 3 s later.
    // Holds a passing stage long enough to paint; resolves false if the tab was left meanwhile.
    async function stage(value: number) {
      setProgress(value);
      await pause(stageHoldMs);
      return !cancelled;
    }
    async function run() {
      setProgress(10);
      const [v, s] = await Promise.all([
        api<Vitals>("/api/admin/seo/vitals").catch(() => null),
        api<GoogleResult<PageSpeed>>("/api/admin/seo/pagespeed").catch(() => null),
      ]);
      if (cancelled) return;
      const speedResult: GoogleResult<PageSpeed> = s ?? { status: "error", message: seoMessages.unavailable };
      if (v) setVitals(v);
      else setVitalsError(true);
      setSpeed(speedResult);
      if (!(await stage(50))) return;
      setProgress(60);
      const g = await api<GoogleResult<SearchAnalytics>>("/api/admin/seo/search-console").catch(() => null);
      if (cancelled) return;
      const searchResult: GoogleResult<SearchAnalytics> = g ?? {
        status: "error",
        message: seoMessages.unavailable,
      };
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

      <section aria-labelledby="vitals-title" className="admin-subpanel">
        <h3 id="vitals-title">Field data: 75th percentile per page, last 28 days</h3>
        <p className="admin-muted">From real visitors' browsers (web-vitals), collected by this site.</p>
        {vitalsError ? <p className="admin-alert">N/A — {seoMessages.unavailable}</p> : null}
        {vitals && vitals.pages.length === 0 ? (
          <p className="admin-muted">N/A — no web-vitals reports in the last 28 days yet.</p>
        ) : null}
        {vitals && vitals.pages.length > 0 ? (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Page</th>
                  {vitalNames.map((name) => (
                    <th scope="col" key={name}>
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {vitals.pages.map((page) => (
                  <tr key={page.path}>
                    <th scope="row">{page.path}</th>
                    {vitalNames.map((name) => {
                      const m = page.metrics[name];
                      return (
                        <td
                          key={name}
                          className={m ? `admin-rating admin-rating--${vitalRating(name, m.p75)}` : undefined}
                        >
                          {m ? (
                            <>
                              {formatVital(name, m.p75)} <span className="admin-muted">({m.samples})</span>
                            </>
                          ) : (
                            "N/A"
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="psi-title" className="admin-subpanel">
        <h3 id="psi-title">PageSpeed Insights (lab, home page)</h3>
        <GoogleBlock result={speed}>
          {(data: PageSpeed, source) => (
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

      <section aria-labelledby="gsc-title" className="admin-subpanel">
        <h3 id="gsc-title">Search Console — Last 30 days</h3>
        <GoogleBlock result={search}>
          {(data: SearchAnalytics, source) => (
            <>
              <SourceBadge source={source} />
              <div className="admin-stats">
                <Stat label="Clicks" value={String(data.totalClicks)} />
                <Stat label="Impressions" value={String(data.totalImpressions)} />
                <Stat label="Average CTR" value={`${(data.averageCTR * 100).toFixed(1)}%`} />
                <Stat label="Average position" value={data.averagePosition.toFixed(1)} />
              </div>
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">Keyword</th>
                      <th scope="col">Position</th>
                      <th scope="col">Clicks</th>
                      <th scope="col">Impressions</th>
                      <th scope="col">CTR</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.topKeywords.map((k) => (
                      <tr key={k.keyword}>
                        <th scope="row">{k.keyword}</th>
                        <td>
                          {k.position.toFixed(1)}{" "}
                          <span className="admin-badge">{keywordBadge(k.position)}</span>
                        </td>
                        <td>{k.clicks}</td>
                        <td>{k.impressions}</td>
                        <td>{(k.ctr * 100).toFixed(1)}%</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </GoogleBlock>
      </section>
    </div>
  );
}

function SourceBadge({ source }: { source: "live" | "cached" }) {
  return <span className="admin-badge">{source === "live" ? "Live" : "Cached"}</span>;
}

function GoogleBlock<T>({
  result,
  children,
}: {
  result: GoogleResult<T> | null;
  children(data: T, source: "live" | "cached"): React.ReactNode;
}) {
  if (!result) return <p className="admin-muted">Loading…</p>;
  if (result.status === "not_configured") return <p className="admin-na">N/A — {result.reason}</p>;
  if (result.status === "error") return <p className="admin-alert">N/A — {result.message}</p>;
  return <>{children(result.data, result.status)}</>;
}

function ExperimentsTab() {
  const [data, setData] = useState<Experiments | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<Experiments>("/api/admin/experiments")
      .then(setData)
      .catch((e) => setError(e instanceof Error ? e.message : "Could not load experiments."));
  }, []);
  if (error)
    return (
      <p className="admin-alert" role="alert">
        {error}
      </p>
    );
  if (!data) return <p className="admin-muted">Loading…</p>;
  if (data.experiments.length === 0) return <p className="admin-na">N/A — no A/B exposures recorded yet.</p>;
  return (
    <>
      <h2 className="admin-visually-hidden">Experiments</h2>
      {data.experiments.map((experiment) => (
        <section key={experiment.name} className="admin-subpanel" aria-label={experiment.name}>
          <h3>{experiment.name}</h3>
          <p className="admin-muted">
            Exposed and converted visitor sessions per variant; each variant is compared with "
            {experiment.baseline}" by a two-proportion z-test (significant when p &lt; 0.05).
          </p>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Variant</th>
                  <th scope="col">Exposures</th>
                  <th scope="col">Conversions</th>
                  <th scope="col">Rate</th>
                  <th scope="col">z</th>
                  <th scope="col">p-value</th>
                  <th scope="col">Verdict</th>
                </tr>
              </thead>
              <tbody>
                {experiment.variants.map((v) => (
                  <tr key={v.variant}>
                    <th scope="row">{v.variant}</th>
                    <td>{v.exposures}</td>
                    <td>{v.conversions}</td>
                    <td>{v.rate === null ? "N/A" : `${(v.rate * 100).toFixed(1)}%`}</td>
                    <td>{v.zScore === null ? "—" : v.zScore.toFixed(2)}</td>
                    <td>{v.pValue === null ? "—" : v.pValue.toFixed(4)}</td>
                    <td>
                      {v.variant === experiment.baseline
                        ? "Baseline"
                        : v.significant === null
                          ? "Not enough data"
                          : v.significant
                            ? "Significant"
                            : "Not significant"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </>
  );
}
