import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { hashPassword } from "../../worker/features/sign-in/passwords";
import { d1 } from "./d1";

/**
 * Creates (or resets) an admin account on the e2e server, as the operator command does (the same
 * hash, and a reset ends the account's sessions), written through the server's own database.
 * The command itself is tested once, in admin-flow; here it would start a wrangler per file and
 * write the served database from another process, which workerd does not wait for.
 */
export async function createAdminAccount(
  email: string,
  password: string,
  pepper = inject("adminPepper"),
): Promise<void> {
  const hash = await hashPassword(password, pepper);
  d1(
    `INSERT INTO admins (id, email, password_hash, role) VALUES (?1, ?2, ?3, 'admin')
     ON CONFLICT(email) DO UPDATE SET password_hash = excluded.password_hash, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    `admin-${randomBytes(12).toString("hex")}`,
    email,
    hash,
  );
  d1(
    `UPDATE admin_sessions SET revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     WHERE revoked_at IS NULL AND admin_id = (SELECT id FROM admins WHERE email = ?1)`,
    email,
  );
}

/**
 * The file's own admin account: created (or reset) before its tests run, so each file signs in
 * with an account no other file's tests lock or sign out.
 */
export function useAdminAccount(email: string, password: string): { email: string; password: string } {
  beforeAll(() => createAdminAccount(email, password));
  return { email, password };
}

/**
 * Sets an admin's password with the operator command (`npm run admin:password`), offline, against
 * the served database, and returns what it printed. It writes beside the running server, which
 * now and then holds its lock at that moment (SQLITE_BUSY): that answer is tried again, up to five
 * times. Only the files that run alone use it (the exclusive project), so no visitor's write of
 * another test meets its lock.
 */
export function setPasswordByCommand(
  email: string,
  password: string,
  pepper = inject("adminPepper"),
): string {
  let created = runAdminPassword(email, password, pepper);
  for (
    let attempt = 1;
    attempt < 5 && created.status !== 0 && /SQLITE_BUSY/.test(`${created.stdout}${created.stderr}`);
    attempt++
  ) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250 * attempt);
    created = runAdminPassword(email, password, pepper);
  }
  expect(created.status, `${created.stdout}${created.stderr}`).toBe(0);
  return created.stdout;
}

/** The operator command as `npm run admin:password`, offline; `args` follow its options. */
export function adminPasswordCommand(args: string[], env: Record<string, string>, input?: string) {
  return spawnSync("npm", ["run", "-s", "admin:password", "--", ...args], {
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", ...env },
    input,
    encoding: "utf8",
  });
}

function runAdminPassword(email: string, password: string, pepper: string) {
  return adminPasswordCommand(
    ["--email", email, "--persist-to", inject("e2eState"), "--password-stdin"],
    { PASSWORD_PEPPER: pepper },
    `${password}\n`,
  );
}

/**
 * A browser context of its own address (the admin flow's brute-force test locks 127.0.0.1 out
 * of sign-in) and a page that records page errors and console errors other than the 401s a
 * signed-out check answers with.
 */
export async function adminPage(
  browser: Browser,
  options: { width: number; address: string; clock?: boolean; bypassCSP?: boolean; timezoneId?: string },
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({
    viewport: { width: options.width, height: options.width < 600 ? 844 : 900 },
    extraHTTPHeaders: { "CF-Connecting-IP": options.address },
    bypassCSP: options.bypassCSP ?? false,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  const page = await context.newPage();
  if (options.clock) await page.clock.install();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && !/status of 401/.test(message.text())) problems.push(message.text());
  });
  return { context, page, problems };
}

/** Fills the sign-in form of the page it is on and sends it. */
export async function signInHere(page: Page, account: { email: string; password: string }) {
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** An admin page as above, signed in with the password and on the dashboard. */
export async function signedInAdminPage(
  browser: Browser,
  account: { email: string; password: string },
  options: Parameters<typeof adminPage>[1],
): Promise<Awaited<ReturnType<typeof adminPage>>> {
  const baseUrl = inject("baseUrl");
  const admin = await adminPage(browser, options);
  await admin.page.goto(`${baseUrl}/admin/login`);
  await signInHere(admin.page, account);
  await admin.page.waitForURL(`${baseUrl}/admin/today`);
  return admin;
}

type AdminSession = Awaited<ReturnType<typeof adminPage>>;

/**
 * One signed-in admin page for a whole file: opened before its first test, and closed after its
 * last once `checkProblems` has judged what the page logged (each file expects its own refusals).
 */
export function useAdminSession(
  browser: () => Browser,
  account: { email: string; password: string },
  options: Parameters<typeof adminPage>[1],
  checkProblems: (problems: string[]) => void,
): () => AdminSession {
  let session: AdminSession | undefined;
  beforeAll(async () => {
    session = await signedInAdminPage(browser(), account, options);
  });
  afterAll(async () => {
    if (!session) return;
    checkProblems(session.problems);
    await session.context.close();
  });
  return () => {
    if (!session) throw new Error("the admin session is opened before the first test");
    return session;
  };
}

/** Opens one section of the Studio from the admin's navigation and waits for its heading. */
export async function openStudioSection(page: Page, title: string) {
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Studio" }).click();
  await page.getByRole("navigation", { name: "Studio sections" }).getByRole("link", { name: title }).click();
  await page.getByRole("heading", { level: 2, name: title }).waitFor();
}

/** The artist signed in beside the client: a context of her own in the browser the client's page runs in. */
export async function signedInBeside(
  page: Page,
  account: { email: string; password: string },
  options: Parameters<typeof adminPage>[1],
): Promise<AdminSession> {
  const browser = page.context().browser();
  if (!browser) throw new Error("the client's page has no browser");
  return signedInAdminPage(browser, account, options);
}

/** The same, with the card of the request carrying `tag` open. */
export async function adminOnRequestCard(
  page: Page,
  account: { email: string; password: string },
  options: Parameters<typeof adminPage>[1],
  card: { tag: string; name: string },
): Promise<AdminSession> {
  const admin = await signedInBeside(page, account, options);
  await openRequestCard(admin.page, card.tag, card.name);
  return admin;
}

/** Opens the requests screen and searches it for `text`, as she would type it. */
export async function searchRequests(page: Page, text: string): Promise<void> {
  await page.goto(`${inject("baseUrl")}/admin/consultations`);
  await page.getByLabel("Search requests").fill(text);
  await page.getByLabel("Search requests").press("Enter");
}

/** Finds the one request carrying `tag` on the requests screen and opens its card by the client's name. */
export async function openRequestCard(page: Page, tag: string, name: string): Promise<void> {
  await searchRequests(page, tag);
  await expect.poll(() => page.locator(".admin-card").count()).toBe(1);
  await page.getByRole("button", { name: new RegExp(name) }).click();
}

/** From now on the server refuses every change to a request (a 500 in the API's error shape). */
export async function refuseRequestSaves(page: Page): Promise<void> {
  await page.route("**/api/admin/consultations/*", (route) =>
    route.request().method() === "PATCH"
      ? route.fulfill({
          status: 500,
          contentType: "application/json",
          body: '{"error":{"code":"internal","message":"Something went wrong on our side."}}',
        })
      : route.continue(),
  );
}
