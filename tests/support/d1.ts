import { createHash, randomBytes, randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import { inject } from "vitest";

/**
 * The local D1/KV state of the server tests/e2e/global-setup.ts starts for most files; the
 * studio's files have a server of their own, whose state folder is injected as `e2eState`.
 */
export const e2eState = ".wrangler/e2e-state";

/** The test server's address for the tests' own rows (tests/e2e/global-setup.ts). */
export const fixturePath = "/__e2e/sql";

const databases = new Map<string, DatabaseSync>();

/**
 * One of the served worker's local D1 databases, opened read-only as the SQLite file workerd
 * keeps it in: the one holding `table` (the submissions' and the measurements' databases have no
 * table in common). Reading the file beside the running server is safe (its write-ahead log lets
 * readers and the writer pass) and takes a millisecond, where `wrangler d1 execute` starts a whole
 * wrangler per query: seconds on a busy machine, and the tests poll. The folder layout is
 * miniflare's: if it moves, this fails loudly here.
 */
function open(table: string): DatabaseSync {
  const cached = databases.get(table);
  if (cached) return cached;
  const folder = join(inject("e2eState"), "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(folder).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  // Loaded on first use, so the global setup (which only needs the folder's name) does not load it.
  const { DatabaseSync } = process.getBuiltinModule("node:sqlite");
  for (const file of files) {
    const database = new DatabaseSync(join(folder, file), { readOnly: true });
    const found = database
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(table);
    if (!found) {
      database.close();
      continue;
    }
    database.exec("PRAGMA busy_timeout = 5000");
    databases.set(table, database);
    return database;
  }
  throw new Error(`no D1 database in ${folder} has a table ${table} (files: ${files.join(", ")})`);
}

/** A statement that only reads: run here. Anything else goes to the server. */
const readsOnly = (sql: string) =>
  /^\s*SELECT\b/i.test(sql) || (/^\s*WITH\b/i.test(sql) && !/\b(INSERT|UPDATE|DELETE|REPLACE)\b/i.test(sql));

function run<T>(binding: "DB" | "METRICS_DB", table: string, sql: string, params: SQLInputValue[]): T[] {
  if (readsOnly(sql))
    return open(table)
      .prepare(sql)
      .all(...params) as T[];
  return serverRun<T>(binding, sql, params);
}

let requester: Worker | null = null;

/**
 * Runs a writing statement in the served worker, through its fixture address, and waits for the
 * answer: tests write fixtures in line, as they read. The request goes out on a helper thread
 * while this one sleeps on a shared flag; workerd then serialises it with the visitors' writes.
 */
function serverRun<T>(database: "DB" | "METRICS_DB", sql: string, params: SQLInputValue[]): T[] {
  for (const param of params) {
    if (param !== null && typeof param !== "string" && typeof param !== "number")
      throw new Error(`a fixture parameter must be text, a number or null (got ${typeof param})`);
  }
  requester ??= new Worker(
    `const { parentPort } = require("node:worker_threads");
    parentPort.on("message", async ({ url, key, body, port, flag }) => {
      let answer;
      try {
        const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", "x-e2e-fixture-key": key }, body });
        answer = { status: response.status, text: await response.text() };
      } catch (error) {
        answer = { status: 0, text: String(error) };
      }
      port.postMessage(answer);
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
    });`,
    { eval: true },
  );
  requester.unref();
  const { port1, port2 } = new MessageChannel();
  const flag = new Int32Array(new SharedArrayBuffer(4));
  requester.postMessage(
    {
      url: `${inject("baseUrl")}${fixturePath}`,
      key: inject("fixtureKey"),
      body: JSON.stringify({ database, sql, params }),
      port: port2,
      flag,
    },
    [port2],
  );
  const waited = Atomics.wait(flag, 0, 0, 30_000);
  const answer = receiveMessageOnPort(port1)?.message as { status: number; text: string } | undefined;
  port1.close();
  if (waited === "timed-out" || !answer)
    throw new Error(`the test server did not answer a fixture write: ${sql}`);
  if (answer.status !== 200)
    throw new Error(`fixture write refused (${answer.status}): ${answer.text}\n${sql}`);
  return (JSON.parse(answer.text) as { rows: T[] }).rows;
}

/**
 * Runs one SQL statement against the served worker's local submissions database (DB) and
 * returns its rows. Tests check what the worker saved where it lands: beacons sent while a page
 * unloads, for one, never show up in Playwright's request events.
 */
export function d1<T>(sql: string, ...params: SQLInputValue[]): T[] {
  return run<T>("DB", "contact_submissions", sql, params);
}

/** The same against the measurements database (METRICS_DB). */
export function metricsD1<T>(sql: string, ...params: SQLInputValue[]): T[] {
  return run<T>("METRICS_DB", "measurement_quotas", sql, params);
}

/** A SQL string literal for values the tests made up themselves. */
export const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Gives the request a live status link, as the mail that sent it would; returns the link's token. */
export function statusLinkFor(submissionId: string): string {
  const token = randomBytes(32).toString("base64url");
  d1(
    "INSERT INTO request_status_links (id, submission_id, token_hash) VALUES (?, ?, ?)",
    randomUUID(),
    submissionId,
    createHash("sha256").update(token).digest("hex"),
  );
  return token;
}

/** A consultation request as a test writes it straight into D1. */
export interface RequestRow {
  id?: string;
  name: string;
  email: string;
  phone: string;
  idea: string;
  status: string;
  /** When it came in; the database's default (now) when left out. */
  createdAt?: string;
  /** false: no card saved, for the booking step that asks for one (requestWithAcceptedQuote). */
  cardOnFile?: boolean;
}

/** Writes one consultation request into the served worker's D1 and returns its id. */
export function insertRequest(request: RequestRow): string {
  const id = request.id ?? randomUUID();
  d1(
    "INSERT INTO consultation_requests (id, name, email, phone, tattoo_idea, status, created_at) VALUES (?, ?, ?, ?, ?, ?, COALESCE(?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))",
    id,
    request.name,
    request.email,
    request.phone,
    request.idea,
    request.status,
    request.createdAt ?? null,
  );
  return id;
}

/**
 * A pending request older than any other the run's server holds, so it heads the lists that
 * sort by age (Today's overdue replies): its name is `prefix` and a part of its id.
 */
export function oldestPendingRequest(
  prefix: string,
  phone: string,
  idea: string,
): { id: string; name: string } {
  const id = randomUUID();
  const name = `${prefix} ${id.slice(0, 8)}`;
  insertRequest({
    id,
    name,
    email: `${id}@example.com`,
    phone,
    idea,
    status: "pending",
    createdAt: "2001-01-01T12:00:00.000Z",
  });
  return { id, name };
}

/**
 * A request whose one-session quote ($450, 150 minutes, $100 deposit) the client accepted just now,
 * the point where booking tests begin: the request's id and the quote's.
 */
export function requestWithAcceptedQuote(request: RequestRow): { id: string; quoteId: string } {
  const id = insertRequest(request);
  const quoteId = randomUUID();
  d1(
    `INSERT INTO quotes (id, submission_id, price_min_cents, price_max_cents, sessions, session_minutes, deposit_cents, status, accepted_at)
     VALUES (?, ?, 45000, 45000, 1, 150, 10000, 'accepted', ?)`,
    quoteId,
    id,
    new Date().toISOString(),
  );
  if (request.cardOnFile !== false) cardOnFileFor(id);
  return { id, quoteId };
}

/** The quote's $100 deposit, paid by hand (cash at the studio) at `paidAt`, as the artist records it. */
export function depositPaidFor(
  submissionId: string,
  quoteId: string,
  paidAt = new Date().toISOString(),
): void {
  d1(
    "INSERT INTO deposits (id, submission_id, quote_id, amount_cents, method, status, paid_at) VALUES (?, ?, ?, 10000, 'by-hand', 'paid', ?)",
    randomUUID(),
    submissionId,
    quoteId,
    paidAt,
  );
}

/**
 * A card saved for the request, as Stripe's webhook leaves it: the test server keeps cards on
 * file, so a request books only with one. Its Stripe ids are made up: nothing charges it.
 */
export function cardOnFileFor(submissionId: string): void {
  d1(
    `INSERT INTO saved_cards (id, submission_id, stripe_customer_id, stripe_session_id, status, stripe_payment_method_id, brand, last4, exp_month, exp_year, saved_at)
     VALUES (?, ?, 'cus_e2e_fixture', ?, 'saved', 'pm_e2e_fixture', 'visa', '4242', 12, 2030, ?)`,
    randomUUID(),
    submissionId,
    `cs_e2e_${randomUUID()}`,
    new Date().toISOString(),
  );
}

/** The day comes: the request's session is moved to have begun an hour ago (two hours long). */
export function sessionHasBegun(submissionId: string): void {
  const begun = new Date(Date.now() - 3_600_000);
  d1(
    "UPDATE bookings SET starts_at = ?, ends_at = ? WHERE submission_id = ?",
    begun.toISOString(),
    new Date(begun.getTime() + 2 * 3_600_000).toISOString(),
    submissionId,
  );
}
