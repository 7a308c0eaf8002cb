import { env, reset } from "cloudflare:test";
import { waitForGlobalWaitUntil } from "cloudflare:test-internal";
import { afterAll, vi } from "vitest";

// The files of one vitest worker share one runtime (vitest.worker.config.ts), so this runs
// before each file and leaves it what a runtime of its own used to give it: empty storage with
// the migrations applied, the worker's modules evaluated afresh and real timers. A file that
// could see another's rows, cached pages or limiter counts would pass or fail by the order the
// files happened to run in.

const cacheSentinel = "https://fresh-storage.test/sentinel";

// Work a request handed to waitUntil (mail, audit rows, metrics) belongs to the file that sent
// the request: it finishes inside that file, and never writes into the next file's storage.
afterAll(() => waitForGlobalWaitUntil(), 30_000);

// A file that failed with fake timers on would hand them to the next.
vi.useRealTimers();
// The worker keeps parsed content versions, built pages and rendered shells in module scope,
// keyed by numbers a fresh database hands out again: a new file evaluates the worker afresh.
evaluateOurModulesAfresh();

// Every Durable Object's storage, which in the local runtime is also where D1, KV, R2, the
// Cache API and the rate-limit bindings keep theirs: the only way to empty the cache (the live
// content version's pointer, cached pages) and the limiters' counts, neither of which can be
// listed. It deletes the storage of live objects only: one idle for some seconds has been
// evicted and keeps its rows through it (why a reset alone once left D1 full for the next file),
// so each binding is used just before it.
await wakeEveryStore();
await reset();
if (await caches.default.match(cacheSentinel)) {
  throw new Error("the Cache API kept an entry from the previous test file");
}
for (const [name, limiter] of limiters()) {
  // Miniflare's limiter takes a limit per call. One request allowed: this call fails if the
  // count of the same call in the previous file's set-up was kept (in the same minute's window).
  const sentinel = { key: "fresh-storage-sentinel", limit: 1, period: 60 } as RateLimitOptions;
  if (!(await limiter.limit(sentinel)).success) {
    throw new Error(`the rate limiter ${name} kept its counts from the previous test file`);
  }
}

// The bindings that can be listed are emptied by hand as well, and checked empty.
for (const db of [env.DB, env.METRICS_DB]) await dropEverything(db);
await deleteAllKeys(env.KV);
await deleteAllObjects(env.PHOTOS);
await assertEmpty();

await migrate(env.DB, env.TEST_MIGRATIONS);
await migrate(env.METRICS_DB, env.TEST_METRICS_MIGRATIONS);
// Left for the next file's set-up to find gone.
await caches.default.put(
  cacheSentinel,
  new Response("left by the previous test file", { headers: { "cache-control": "max-age=86400" } }),
);

/**
 * Has the next import evaluate every module of ours (worker, shared, site and these tests)
 * again, but not the libraries under node_modules: they keep no state of a request or a
 * database between calls, and evaluating React's server render, Hono, drizzle and zod again
 * for every file was about a third of a file's set-up. It marks the modules as vi.resetModules()
 * does, through vitest's worker state; without that state it falls back to resetting them all.
 */
function evaluateOurModulesAfresh() {
  type Node = { promise?: unknown; exports?: unknown; evaluated: boolean; importers: Set<string> };
  const state = (
    globalThis as { __vitest_worker__?: { evaluatedModules?: { idToModuleMap?: Map<string, Node> } } }
  ).__vitest_worker__;
  const modules = state?.evaluatedModules?.idToModuleMap;
  if (!modules) {
    vi.resetModules();
    return;
  }
  for (const [id, node] of modules) {
    if (id.includes("/node_modules/") || id.startsWith("mock:")) continue;
    node.promise = undefined;
    node.exports = undefined;
    node.evaluated = false;
    node.importers.clear();
  }
}

function limiters(): [string, RateLimit][] {
  return [
    ["RATE_LIMIT_PERSONALIZE", env.RATE_LIMIT_PERSONALIZE],
    ["RATE_LIMIT_LOCATION", env.RATE_LIMIT_LOCATION],
    ["RATE_LIMIT_TELEMETRY", env.RATE_LIMIT_TELEMETRY],
  ];
}

/** One call to every binding that keeps storage, so that its object is live for reset(). */
async function wakeEveryStore() {
  await Promise.all([
    caches.default.match(cacheSentinel),
    env.DB.prepare("SELECT 1").first(),
    env.METRICS_DB.prepare("SELECT 1").first(),
    env.KV.get("fresh-storage-wake"),
    env.PHOTOS.head("fresh-storage-wake"),
    ...limiters().map(([, limiter]) => limiter.limit({ key: "fresh-storage-wake" })),
  ]);
}

/** The schema objects of a database that are ours (not SQLite's own, not D1's `_cf_` ones). */
async function userObjects(db: D1Database): Promise<{ type: string; name: string }[]> {
  const { results } = await db
    .prepare(
      "SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY rowid DESC",
    )
    .all<{ type: string; name: string }>();
  return results;
}

/**
 * Drops every view and table in one transaction. Foreign keys are checked at its end, not per
 * drop, so the order of the tables (children or parents first) does not matter.
 */
async function dropEverything(db: D1Database) {
  // A full-text index's own tables go with it, and cannot be dropped on their own.
  const virtual = await db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'")
    .all<{ name: string }>();
  if (virtual.results.length > 0) {
    await db.batch(virtual.results.map(({ name }) => db.prepare(`DROP TABLE ${quoted(name)}`)));
  }
  const objects = await userObjects(db);
  if (objects.length === 0) return;
  const views = objects.filter((object) => object.type === "view");
  const tables = objects.filter((object) => object.type === "table");
  await db.batch([
    db.prepare("PRAGMA defer_foreign_keys = ON"),
    ...[...views, ...tables].map((object) =>
      db.prepare(`DROP ${object.type === "view" ? "VIEW" : "TABLE"} ${quoted(object.name)}`),
    ),
  ]);
}

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function deleteAllKeys(kv: KVNamespace) {
  let cursor: string | undefined;
  do {
    const page = await kv.list(cursor ? { cursor } : {});
    await Promise.all(page.keys.map((key) => kv.delete(key.name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}

async function deleteAllObjects(bucket: R2Bucket) {
  let cursor: string | undefined;
  do {
    const page = await bucket.list(cursor ? { cursor } : {});
    if (page.objects.length > 0) await bucket.delete(page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

/** The proof the emptying worked: a file that starts with anything left fails at once. */
async function assertEmpty() {
  const left: string[] = [];
  for (const [name, db] of [
    ["DB", env.DB],
    ["METRICS_DB", env.METRICS_DB],
  ] as const) {
    for (const object of await userObjects(db)) left.push(`${name} ${object.type} ${object.name}`);
    // AUTOINCREMENT counters: ids start again at 1, as in a database of its own.
    const sequence = await db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'")
      .first();
    if (sequence) {
      const counters = await db.prepare("SELECT count(*) AS n FROM sqlite_sequence").first<{ n: number }>();
      if (counters && counters.n > 0) left.push(`${name} sqlite_sequence (${counters.n} counters)`);
    }
  }
  if ((await env.KV.list({ limit: 1 })).keys.length > 0) left.push("KV keys");
  if ((await env.PHOTOS.list({ limit: 1 })).objects.length > 0) left.push("PHOTOS objects");
  if (left.length > 0) throw new Error(`storage left by the previous test file: ${left.join(", ")}`);
}

/**
 * Every migration into an empty database in one batch (one round trip, one transaction),
 * recorded in d1_migrations under its name as wrangler records it.
 */
async function migrate(db: D1Database, migrations: { name: string; queries: string[] }[]) {
  const record = db.prepare("INSERT INTO d1_migrations (name) VALUES (?)");
  await db.batch([
    db.prepare(
      "CREATE TABLE d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)",
    ),
    ...migrations.flatMap((migration) => [
      ...migration.queries.map((query) => db.prepare(query)),
      record.bind(migration.name),
    ]),
  ]);
}
