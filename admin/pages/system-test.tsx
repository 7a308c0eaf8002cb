import type { ClientResponse } from "hono/client";
import { useRef, useState } from "react";
import { unknownPlace, type VisitorLocation } from "../../shared/schemas/location";
import { ActionButton } from "../components/action-button";
import { AdminPage } from "../components/admin-page";
import { client } from "../lib/api";
import { pause } from "../lib/pause";

type CheckId = "performance" | "logging" | "api" | "client";
type Level = "info" | "ok" | "error";
interface LogLine {
  id: number;
  time: string;
  level: Level;
  text: string;
}

/** Fresh answers every run: a check that read the browser cache would prove nothing. */
const noStore = { init: { cache: "no-store" } } as const;

const checks: { id: CheckId; label: string }[] = [
  { id: "performance", label: "Performance monitoring" },
  { id: "logging", label: "Logging system" },
  { id: "api", label: "API endpoints" },
  { id: "client", label: "Client services" },
];

/**
 * What the location service made of this connection, leaving out the parts it does not know: a
 * connection without geodata (a local server, a private network) answers "Unknown" for each.
 */
function describePlace(place: Pick<VisitorLocation, "city" | "region" | "country">): string {
  const known = [place.city, place.region, place.country].filter((part) => part && part !== unknownPlace);
  return known.length > 0
    ? `answered; this connection looks like ${known.join(", ")}`
    : "answered; no place is known for this connection (normal on a local or private network)";
}

/** System tests: four checks of this site's real endpoints, each call timed, with a log. */
export function SystemTestPage() {
  const [running, setRunning] = useState<Set<CheckId>>(new Set());
  // Run All is one run from its first check to its last, pauses included: the running set alone
  // is empty during each 500 ms pause between checks and would re-enable the buttons.
  const [runningAll, setRunningAll] = useState(false);
  const [lines, setLines] = useState<LogLine[]>([]);
  const nextId = useRef(0);

  const log = (level: Level, text: string) => {
    const time = new Date().toLocaleTimeString("en-US", { hour12: false });
    setLines((current) => [...current, { id: nextId.current++, time, level, text }]);
  };

  /** Makes one call through the typed client, times it, and fails the check on any error status. */
  async function expectOk<R extends ClientResponse<unknown>>(label: string, call: () => Promise<R>) {
    const started = performance.now();
    const response = await call();
    const ms = Math.round(performance.now() - started);
    if (!response.ok) throw new Error(`${label} answered ${response.status} in ${ms} ms`);
    log("ok", `${label}: ${response.status} in ${ms} ms`);
    return response;
  }

  const bodies: Record<CheckId, () => Promise<void>> = {
    async performance() {
      const observer = typeof PerformanceObserver !== "undefined";
      const types = observer ? PerformanceObserver.supportedEntryTypes : [];
      log(
        "info",
        `PerformanceObserver ${observer ? "available" : "missing"}; entry types: ${types.join(", ") || "none"}`,
      );
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
      if (nav)
        log(
          "info",
          `This page: TTFB ${Math.round(nav.responseStart)} ms, load ${Math.round(nav.duration)} ms`,
        );
      await expectOk("GET /api/metrics", () => client.api.metrics.$get(undefined, noStore));
    },
    async logging() {
      const json = {
        timestamp: new Date().toISOString(),
        level: "info",
        message: "Admin system test: logging check",
        userAgent: navigator.userAgent,
        url: location.href,
      } as const;
      await expectOk("POST /api/logs", () => client.api.logs.$post({ json }, noStore));
    },
    async api() {
      // Read whatever the health check answers (503 names what is wrong), then list each piece.
      const started = performance.now();
      const health = await client.api.health.$get(undefined, noStore);
      const report = (await health.json()) as {
        status: string;
        checks?: Record<string, string>;
        failing?: string[];
      };
      log(
        health.ok ? "ok" : "error",
        `GET /api/health: ${health.status} in ${Math.round(performance.now() - started)} ms`,
      );
      // Each dependency: ok, a problem (required and missing, or failing), or an optional one off.
      for (const [name, state] of Object.entries(report.checks ?? {})) {
        const level = state === "ok" ? "ok" : report.failing?.includes(name) ? "error" : "info";
        log(level, `${name}: ${state === "missing" && level === "info" ? "off (optional)" : state}`);
      }
      if (!health.ok) throw new Error(`the site is ${report.status}: see the pieces marked above`);
      await expectOk("GET /api/admin/session", () => client.api.admin.session.$get(undefined, noStore));
      await expectOk("POST /api/personalize", () =>
        client.api.personalize.$post({ json: { type: "homepage-greeting", context: {} } }, noStore),
      );
    },
    async client() {
      const answer = await expectOk("GET /api/location", () => client.api.location.$get(undefined, noStore));
      const place = await answer.json();
      log("info", `Location service: ${describePlace(place)}`);
      log("ok", "All client services operational");
    },
  };

  async function run(id: CheckId) {
    const label = checks.find((c) => c.id === id)?.label ?? id;
    setRunning((r) => new Set(r).add(id));
    log("info", `${label}: started`);
    try {
      await bodies[id]();
      log("ok", `${label}: passed`);
    } catch (error) {
      log("error", `Service test failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setRunning((r) => {
        const next = new Set(r);
        next.delete(id);
        return next;
      });
    }
  }

  async function runAll() {
    setRunningAll(true);
    try {
      for (const [index, check] of checks.entries()) {
        if (index > 0) await pause(500);
        await run(check.id);
      }
    } finally {
      setRunningAll(false);
    }
  }

  const busy = runningAll || running.size > 0;
  return (
    <AdminPage eyebrow="Operations" title="System tests">
      <p className="admin-muted">Each check calls the live endpoints of this site and times them.</p>
      <div className="admin-actions">
        <button type="button" className="button button--primary" onClick={runAll} disabled={busy}>
          Run All Tests
        </button>
        <button type="button" className="button button--ghost" onClick={() => setLines([])} disabled={busy}>
          Clear log
        </button>
      </div>
      <ul className="admin-checks">
        {checks.map((check) => (
          <li key={check.id} className="admin-check">
            <span>{check.label}</span>
            {running.has(check.id) ? (
              <span className="admin-spinner" role="status" aria-label={`${check.label} running`} />
            ) : null}
            <ActionButton
              look="ghost"
              small
              onClick={() => run(check.id)}
              disabled={runningAll || running.has(check.id)}
            >
              Run
            </ActionButton>
          </li>
        ))}
      </ul>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, and a keyboard must be able to scroll it too */}
      <div className="admin-log" role="log" aria-live="polite" aria-label="Test log" tabIndex={0}>
        {lines.length === 0 ? <p className="admin-muted">No tests run yet.</p> : null}
        {lines.map((line) => (
          <p key={line.id} className={`admin-log__line admin-log__line--${line.level}`}>
            <time>[{line.time}]</time> {line.text}
          </p>
        ))}
      </div>
    </AdminPage>
  );
}
