import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { beforeEach, describe, expect, it } from "vitest";
import { measurementDailyCap as cap } from "../../worker/features/measurements/caps";
import { siteEvents, webVitalReports } from "../../worker/features/measurements/tables";
import { insertInChunks } from "../../worker/platform/db/d1-limits";
import { adminCall, quietLogs, signedInAdmin } from "./admin-support";
import { postJson } from "./support";

/*
 * One address floods the intake with 10,000 fake web-vitals and 10,000 fake A/B events. The
 * artist's figures may move by no more than the daily cap's share: the cap's worth of the
 * worst values the flood could add.
 */
let cookie: string;
beforeEach(async () => {
  quietLogs();
  cookie = (await signedInAdmin()).cookie;
});

const admin = async <T>(path: string) =>
  (await (await adminCall(path, { headers: { Cookie: cookie } })).json()) as T;

/** Sends the bodies from one address, 100 at a time; the answers' statuses, counted. */
async function flood(ip: string, bodies: unknown[], path: string) {
  const statuses: Record<number, number> = {};
  for (let i = 0; i < bodies.length; i += 100) {
    const answers = await Promise.all(bodies.slice(i, i + 100).map((body) => postJson(path, body, ip)));
    for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  }
  expect(Object.keys(statuses).every((status) => status === "202" || status === "429")).toBe(true);
}

const count = async (table: string) =>
  (await env.METRICS_DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<number>("n")) ?? 0;

/** The nearest-rank 75th percentile, as the dashboard computes it. */
const p75 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(0.75 * values.length) - 1];

describe("a flood from one address", () => {
  it("moves a page's LCP p75 by no more than the daily cap's share", async () => {
    const legit = Array.from({ length: 600 }, (_, i) => 300 + ((i * 37) % 900));
    await insertInChunks(
      drizzle(env.METRICS_DB),
      webVitalReports,
      legit.map((value) => ({
        name: "LCP" as const,
        value,
        rating: "good" as const,
        path: "/about",
        sessionId: crypto.randomUUID(),
      })),
    );
    type Vitals = { pages: { path: string; metrics: Record<string, { p75: number; samples: number }> }[] };
    const aboutLcp = async () =>
      (await admin<Vitals>("/api/admin/seo/vitals")).pages.find((p) => p.path === "/about")?.metrics.LCP;
    expect(await aboutLcp()).toEqual({ p75: p75(legit), samples: legit.length });

    const rowsBefore = await count("web_vital_reports");
    const batches = Array.from({ length: 1000 }, () => ({
      session: { id: crypto.randomUUID(), path: "/about" },
      metrics: Array.from({ length: 10 }, (_, i) => ({
        name: (["LCP", "CLS", "INP", "FCP", "TTFB"] as const)[i % 5],
        value: i % 5 === 1 ? 10 : 60_000,
        rating: "poor",
      })),
    }));
    await flood("203.0.113.250", batches, "/api/metrics");
    expect((await count("web_vital_reports")) - rowsBefore).toBeLessThanOrEqual(cap);

    // At worst every stored row is an LCP of a minute: the p75 is then the legitimate value at
    // rank ceil(0.75 (n + cap)), far below the flood's.
    const sorted = [...legit].sort((a, b) => a - b);
    const worst = sorted[Math.min(legit.length, Math.ceil(0.75 * (legit.length + cap))) - 1] ?? 0;
    const after = await aboutLcp();
    expect(after?.p75).toBeLessThanOrEqual(worst);
    expect(after?.p75).toBeLessThan(1200);
  });

  it("moves an experiment's conversion rates by no more than the daily cap's share", async () => {
    const legit: (typeof siteEvents.$inferInsert)[] = [];
    const seed = (variant: string, sessions: number, converted: number) => {
      for (let i = 0; i < sessions; i++) {
        const base = { experiment: "homepage_cta_primary", variant, sessionId: `${variant}-${i}`, path: "/" };
        legit.push({ ...base, type: "ab_exposure" });
        if (i < converted) legit.push({ ...base, type: "ab_conversion" });
      }
    };
    seed("control", 400, 40);
    seed("gold-journey", 400, 60);
    await insertInChunks(drizzle(env.METRICS_DB), siteEvents, legit);
    type Experiments = {
      experiments: {
        name: string;
        variants: { variant: string; exposures: number; conversions: number; rate: number }[];
      }[];
    };
    const variants = async () =>
      (await admin<Experiments>("/api/admin/experiments")).experiments.find(
        (e) => e.name === "homepage_cta_primary",
      )?.variants ?? [];
    const before = await variants();
    expect(before.map((v) => v.rate)).toEqual([0.1, 0.15]);

    // Half the flood: conversions with no exposure; half: an exposure and a conversion per session.
    const ab = (type: string) => ({
      type,
      experiment: "homepage_cta_primary",
      variant: "control",
      path: "/",
    });
    const bodies = Array.from({ length: 500 }, (_, i) => ({
      sessionId: crypto.randomUUID(),
      events:
        i % 2
          ? Array.from({ length: 20 }, () => ab("ab_conversion"))
          : Array.from({ length: 10 }, () => [ab("ab_exposure"), ab("ab_conversion")]).flat(),
    }));
    await flood("2001:db8:dead:beef::1", bodies, "/api/events");

    const after = await variants();
    const control = after.find((v) => v.variant === "control");
    // At most cap/2 sessions exposed and converted, or cap exposed and none converted.
    expect(control?.conversions).toBeLessThanOrEqual(control?.exposures ?? 0);
    expect(control?.rate).toBeLessThanOrEqual((40 + cap / 2) / (400 + cap / 2));
    expect(control?.rate).toBeGreaterThanOrEqual(40 / (400 + cap));
    const { exposures, conversions, rate } = before[1] ?? {};
    expect(after.find((v) => v.variant === "gold-journey")).toMatchObject({ exposures, conversions, rate });
  });

  it("leaves conversions never exposed out of the rates, as a flood stored before the caps left them", async () => {
    await insertInChunks(
      drizzle(env.METRICS_DB),
      siteEvents,
      Array.from({ length: 731 }, () => ({
        type: "ab_conversion",
        experiment: "booking_copy",
        variant: "control",
        sessionId: crypto.randomUUID(),
      })),
    );
    type Experiments = { experiments: { name: string }[] };
    const { experiments } = await admin<Experiments>("/api/admin/experiments");
    expect(experiments.find((e) => e.name === "booking_copy")).toBeUndefined();
  });
});
