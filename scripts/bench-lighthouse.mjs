// npm run bench:lighthouse [-- --runs 3 --routes /,/services --against https://old.example]
// npm run bench:lighthouse -- --admin [--runs 5]
// LHR_DUMP=file.json also writes the last run's whole Lighthouse report, to read what a figure is made of.
// Builds, serves the built site through workerd on loopback, runs Lighthouse (mobile defaults)
// on every public route with the same Chromium as the browser tests, and prints per route the
// median of the runs: four category scores, LCP, TBT (and each run's TBT), CLS, bytes
// transferred, and what the JavaScript the route loads costs as sent. With --against, the same
// routes of another site (the studio's previous one, say) are measured in the same run,
// alternating with ours so that both see the same machine, and printed beside them. With --admin,
// the admin's two phone screens instead: the sign-in page signed out, and Today signed in, with
// demo requests and as the artist's phone meets it each morning (a session, nothing cached).
// Writes everything to bench-results/lighthouse.json.
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { chromiumFlags, chromiumPath } from "../tests/support/browser.ts";
import { buildAll } from "./build.mjs";
import { median, writeResults } from "./lib/bench.mjs";
import { addBenchAdmin, benchSecrets, localDatabaseWith } from "./lib/bench-admin.mjs";
import { loadDemoData } from "./lib/demo-data.mjs";
import { startDevServer } from "./lib/dev-server.mjs";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    routes: { type: "string" },
    port: { type: "string", default: process.env.BENCH_PORT ?? "8795" },
    "no-build": { type: "boolean", default: false },
    against: { type: "string" },
    admin: { type: "boolean", default: false },
  },
});
const runs = Math.max(1, Number(values.runs));

/**
 * What the scripts the page loaded cost on the wire, as Lighthouse counts them: each script's
 * transfer size, its compressed body with its response headers. The budget is held in these
 * terms (tests/e2e/budget.test.ts), for this site and another alike.
 */
function scriptBytes(requests) {
  let total = 0;
  for (const request of requests) if (request.resourceType === "Script") total += request.transferSize ?? 0;
  return total;
}

// A category Lighthouse could not score (a run whose trace failed, NO_NAVSTART) has a null score:
// no value, not 0, so it stays out of the median like a failed audit.
const percent = (score) => (score === null ? Number.NaN : Math.round(score * 100));

if (!values["no-build"]) await buildAll({ quiet: true });
const entry = await import(new URL("../dist/ssr/entry-server.js", import.meta.url).href);
/** The admin's screens, each measured signed out or signed in. */
const adminRoutes = [
  { route: "/admin/login", signedIn: false },
  { route: "/admin/today", signedIn: true },
];
const routes = values.admin
  ? adminRoutes.map((r) => r.route)
  : values.routes
    ? values.routes.split(",")
    : entry.prerenderPaths.filter((path) => path !== "/home");

const secrets = benchSecrets();
let adminPassword = "";
const server = await startDevServer({
  port: Number(values.port),
  persistTo: ".wrangler/bench-state",
  fresh: true,
  vars: secrets,
  seed: async (persistTo) => {
    if (!values.admin) return;
    loadDemoData(persistTo);
    const db = localDatabaseWith(persistTo, "admins");
    adminPassword = await addBenchAdmin(db, secrets.PASSWORD_PEPPER);
    db.close();
  },
});
const chrome = await chromeLauncher.launch({
  chromePath: await chromiumPath(),
  chromeFlags: chromiumFlags,
  userDataDir: false,
});

/**
 * The browser as a signed-in artist's phone first meets the page: her session's cookies, and
 * nothing else of the origin's (no cache, no service worker, no stored screens). Lighthouse is
 * then told to keep storage, since its own reset would clear the cookies too.
 */
async function signedInCold(origin) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
    await page.goto(`${origin}/admin/login`);
    await page.getByLabel("Email").fill("bench@localhost.test");
    await page.getByLabel("Password").fill(adminPassword);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${origin}/admin/today`);
    await page.goto("about:blank");
    // Everything but the cookies: the session stays, the screens and data she loaded go.
    await cdp.send("Storage.clearDataForOrigin", {
      origin,
      storageTypes: "cache_storage,service_workers,indexeddb,local_storage,file_systems,websql,shader_cache",
    });
    await cdp.send("Network.clearBrowserCache");
    await page.close();
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run of a page: the figures the table prints. */
async function measure(url) {
  const signedIn = values.admin && adminRoutes.find((r) => url.endsWith(r.route))?.signedIn;
  if (signedIn) await signedInCold(new URL(url).origin);
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    disableStorageReset: Boolean(signedIn),
  });
  if (signedIn && !result.lhr.finalDisplayedUrl.endsWith(new URL(url).pathname))
    throw new Error(`${url}: not signed in (the page ended at ${result.lhr.finalDisplayedUrl})`);
  if (process.env.LHR_DUMP) writeFileSync(process.env.LHR_DUMP, JSON.stringify(result.lhr));
  const { categories, audits } = result.lhr;
  const failed = Object.entries(audits)
    .filter(([, audit]) => audit.scoreDisplayMode === "error")
    .map(([id, audit]) => `${id}: ${audit.errorMessage}`);
  if (failed.length) process.stderr.write(`  ${url}: audits that failed: ${failed.join("; ")}\n`);
  const requests = audits["network-requests"].details?.items ?? [];
  return {
    performance: percent(categories.performance.score),
    accessibility: percent(categories.accessibility.score),
    bestPractices: percent(categories["best-practices"].score),
    seo: percent(categories.seo.score),
    lcpMs: audits["largest-contentful-paint"].numericValue,
    tbtMs: audits["total-blocking-time"].numericValue,
    cls: audits["cumulative-layout-shift"].numericValue,
    transferBytes: audits["total-byte-weight"].numericValue,
    jsBytes: scriptBytes(requests),
  };
}

/** Each figure's median over the runs that have one (none: NaN, printed as n/a). */
function medians(route, site, samples) {
  const row = { route, site };
  for (const key of Object.keys(samples[0])) {
    const values = samples.map((s) => s[key]).filter((value) => Number.isFinite(value));
    row[key] = values.length ? median(values) : Number.NaN;
  }
  row.samples = samples;
  return row;
}

const sites = [{ name: "this site", origin: server.url }];
if (values.against)
  sites.push({ name: new URL(values.against).host, origin: values.against.replace(/\/$/, "") });

const rows = [];
try {
  for (const route of routes) {
    const samples = sites.map(() => []);
    for (let run = 0; run < runs; run++) {
      for (const [i, site] of sites.entries()) {
        samples[i].push(await measure(`${site.origin}${route}`));
      }
    }
    for (const [i, site] of sites.entries()) rows.push(medians(route, site.name, samples[i]));
    process.stderr.write(
      `  ${route} done (${runs} run${runs > 1 ? "s" : ""}${sites.length > 1 ? " per site" : ""})\n`,
    );
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const table = rows.map((r) => ({
  route: r.route,
  ...(sites.length > 1 ? { site: r.site } : {}),
  perf: r.performance,
  a11y: r.accessibility,
  "best-pr": r.bestPractices,
  seo: r.seo,
  "LCP ms": Math.round(r.lcpMs),
  "TBT ms": Math.round(r.tbtMs),
  // Each run's figure: on a small, busy machine one run's blocking time swings by tens of ms.
  "TBT runs": r.samples.map((s) => (Number.isFinite(s.tbtMs) ? Math.round(s.tbtMs) : "n/a")).join("/"),
  CLS: Number.isFinite(r.cls) ? Number(r.cls.toFixed(3)) : "n/a",
  "transfer KB": Number((r.transferBytes / 1024).toFixed(1)),
  "JS KB": Number((r.jsBytes / 1024).toFixed(1)),
}));
const lighthouseVersion = JSON.parse(readFileSync("node_modules/lighthouse/package.json", "utf8")).version;
console.log(`\nLighthouse ${lighthouseVersion} · mobile defaults · median of ${runs} run(s) per route`);
console.table(table);

writeResults("lighthouse.json", {
  tool: "lighthouse",
  version: lighthouseVersion,
  formFactor: "mobile",
  runs,
  against: values.against ?? null,
  chromium: await chromiumPath(),
  routes: rows,
});
